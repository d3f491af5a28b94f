"""The browser's search data in pieces: a small core every page loads, and chunks the
engine (static/engine.js) asks for when a query touches them, each loaded by adding a
``<script>`` element -- which works from ``file://``, where fetch does not.

What a chunk holds and how the engine finds it (``shard`` is the same FNV-1a hash on both
sides, over UTF-16 code units, as JavaScript strings count them):

- ``w<k>``: the forms table, word families and real words one edit away, by the hash of the word;
- ``p<k>``: every field's postings, by the hash of the term;
- ``i<k>``: what an ID names (its document, citations, commentary, a footnote, its first part),
  in ranges of the IDs in order (a law's parts in one);
- ``d<k>``: the facts ranking needs for documents k*DOCS .. (k+1)*DOCS-1 (id, law, kind,
  language, reading order, field lengths, the documents above it whose titles count for it);
- ``t<k>``: documents k*TEXT_DOCS .. (k+1)*TEXT_DOCS-1's texts, titles and parents, for
  snippets and previews, with the forms of their words, and (``aligned``) both languages'
  sentence spans of a node with a translation, for the aligned text under a hit;
- ``v<n>``: the corpus words of n letters with their counts, for the spelling corrector;
- ``x<hex>``: the title and text terms beginning with one character, for ``word*``.

Each chunk file is ``search/<name>-<build id>.js`` and says which build it belongs to: a
page open across a rebuild never mixes two builds' data (the engine refuses the chunk and
the page offers a reload). The single file inlines the core and every chunk.
"""

from __future__ import annotations

import bisect
import math
import os

# a chunk's size aimed at, in characters of JSON: a few KB gzip, so a query pays for little
# more than it reads, and few enough files that a whole library stays in the thousands
CHUNK_CHARS = 12_000
DOCS = 256  # documents per d chunk: a common word's ranking reads them all
TEXT_DOCS = 8  # documents per t chunk: a first answer reads those of its ten hits and their laws
WORD_CHUNK_CHARS = 12_000  # a range of the forms table: a query reads one per word
ID_CHUNK_CHARS = 6_000  # a range of IDs: a law's parts, its groups' heads, mostly one
PREFIX_FIELDS = ("title", "text")  # the fields `word*` expands in (static/engine.js)
TEXT_KEYS = ("texts", "footnotes", "texts_en", "titles_en")  # the texts a snippet is cut from


def utf16(word: str) -> bytes:
    """The order of JavaScript's string comparison (UTF-16 code units): a sort key."""
    return word.encode("utf-16-be", "surrogatepass")


def shard(key: str, count: int) -> int:
    """FNV-1a of ``key``'s UTF-16 code units, modulo ``count`` (engine.js computes the same).

    >>> shard("карта", 1)
    0
    """
    h = 0x811C9DC5
    data = key.encode("utf-16-le", "surrogatepass")
    for i in range(0, len(data), 2):
        h ^= data[i] | data[i + 1] << 8
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h % count


def js_length(word: str) -> int:
    """A word's length as JavaScript counts it (UTF-16 code units): ``js_length("𝒜б") == 3``."""
    return len(word.encode("utf-16-le", "surrogatepass")) // 2


def ranges(sizes: dict[str, int], target: int) -> list[str]:
    """The first key of each range of the keys in JavaScript's order, each range about
    ``target`` characters (the first starts at ""): ``ranges({"a": 5, "b": 5, "c": 5}, 8) == ["", "c"]``."""
    bounds, size = [""], 0
    for key in sorted(sizes, key=utf16):
        if size > target:
            bounds.append(key)
            size = 0
        size += sizes[key]
    return bounds


def in_range(bounds: list[bytes], key: str) -> int:
    """Which range holds ``key``, ``bounds`` being ``ranges``' keys as ``utf16`` gives them:
    ``in_range([b"", utf16("c")], "b") == 0``."""
    return bisect.bisect_right(bounds, utf16(key)) - 1


def count_for(sizes, target: int = CHUNK_CHARS) -> int:
    """How many hash shards make chunks of about ``target`` characters."""
    return max(1, math.ceil(sum(sizes) / target))


def split(payload: dict, analysed=None) -> tuple[dict, dict[str, object]]:
    """``site.search_payload``'s data as (core, {chunk name: chunk data}); ``analysed``, the
    build's analysis pass (analysis.AnalysedCorpus), gives the texts' words without
    tokenizing them again."""
    from .site import front_coded, packed_forms

    docs: list[str] = payload["docs"]
    facts = {r[0]: (order, r) for order, r in enumerate(payload["nodes"])}
    doc_of = {node_id: d for d, node_id in enumerate(docs)}
    fields = sorted(payload["lengths"])
    chunks: dict[str, object] = {}

    # d and t: documents in ranges
    for first in range(0, len(docs), DOCS):
        rows = []
        for d in range(first, min(first + DOCS, len(docs))):
            order, (node_id, law, kind, lang, *_) = facts[docs[d]]
            rows.append([node_id, law, kind, lang, order, [payload["lengths"][f][d] for f in fields],
                         documents_above(docs[d], facts, doc_of)])
        chunks[f"d{first // DOCS}"] = rows
    lost_start = set(payload.get("lost_start", []))
    for first in range(0, len(docs), TEXT_DOCS):
        k = first // TEXT_DOCS
        texts = {"texts": {}, "footnotes": {}, "texts_en": {}, "titles_en": {}, "titles": {}, "parents": {}}
        for d in range(first, min(first + TEXT_DOCS, len(docs))):
            node_id = docs[d]
            _, (_, _, _, _, title, parent, _) = facts[node_id]
            for key in ("texts", "footnotes", "texts_en", "titles_en"):
                if node_id in payload[key]:
                    texts[key][node_id] = payload[key][node_id]
            if title is not None:
                texts["titles"][node_id] = title
            if parent is not None:
                texts["parents"][node_id] = parent
            if node_id in lost_start:  # its text begins where the book is lost (engine.js snippet)
                texts.setdefault("lost_start", []).append(node_id)
            if node_id in payload.get("aligned", {}):  # its texts' sentences (engine.js alignedAt)
                texts.setdefault("aligned", {})[node_id] = payload["aligned"][node_id]
        # the forms of the words of these texts: a snippet marks its words without the forms' chunks
        words = text_words([*(t for key in TEXT_KEYS for t in texts[key].values()), *texts["titles"].values()], analysed)
        texts["forms"] = packed_forms({w: payload["forms"][w] for w in words if w in payload["forms"]})
        texts["no_forms"] = [w for w in words if w not in payload["forms"]]
        chunks[f"t{k}"] = texts

    # i: IDs -- a document's number, or the facts of a node that is no document (a division)
    commentary: dict[str, list[str]] = {}
    first_child: dict[str, str] = {}  # a node's first part in reading order: a preview of a node with no text
    for row in payload["nodes"]:
        if row[2] == "commentary":
            commentary.setdefault(row[1], []).append(row[0])
        if row[5] is not None:
            first_child.setdefault(row[5], row[0])
    keys = set(facts) | set(payload["citations"]) | set(payload["notes"])
    id_bounds = ranges({k: len(k) + 12 + len(str(payload["citations"].get(k, ""))) + len(str(payload["notes"].get(k, "")))
                        + len(str(commentary.get(k, ""))) for k in keys}, ID_CHUNK_CHARS)
    id_keys = [utf16(b) for b in id_bounds]
    id_chunks = [{"doc": {}, "node": {}, "citations": {}, "commentary": {}, "notes": {}, "child": {}} for _ in id_bounds]
    for key in sorted(keys):
        chunk = id_chunks[in_range(id_keys, key)]
        if key in doc_of:
            chunk["doc"][key] = doc_of[key]
        elif key in facts:
            order, row = facts[key]
            chunk["node"][key] = [*row[:6], order]  # (no parent up: only a document's counts for ranking)
        if key in payload["citations"]:
            chunk["citations"][key] = payload["citations"][key]
        if key in commentary:
            chunk["commentary"][key] = commentary[key]
        if key in payload["notes"]:
            chunk["notes"][key] = payload["notes"][key]
        if key in first_child:
            chunk["child"][key] = first_child[key]
    chunks.update((f"i{k}", c) for k, c in enumerate(id_chunks))

    # w: the forms table, families and real neighbours, in ranges of the words in order (the
    # forms of one lemma mostly in one chunk, which packs them); the core holds each range's first word
    forms, families, real = payload["forms"], payload["families"], set(payload["real_neighbours"])
    sizes: dict[str, int] = {}
    for form, terms in forms.items():
        sizes[form] = sizes.get(form, 0) + len(form) // 2 + 2 + sum(len(t) for t in terms) // 3
    for term, family in families.items():
        sizes[term] = sizes.get(term, 0) + len(term) + 6 + sum(len(x) + 3 for x in family)
    for word in real:
        sizes[word] = sizes.get(word, 0) + len(word) // 2 + 1
    bounds = ranges(sizes, WORD_CHUNK_CHARS)
    by_range: list[tuple[dict, dict, list]] = [({}, {}, []) for _ in bounds]
    word_keys = [utf16(b) for b in bounds]
    for word in sorted(sizes, key=utf16):
        f, fam, r = by_range[in_range(word_keys, word)]
        if word in forms:
            f[word] = forms[word]
        if word in families:
            fam[word] = families[word]
        if word in real:
            r.append(word)
    for k, (f, fam, r) in enumerate(by_range):
        chunks[f"w{k}"] = {"forms": packed_forms(f), "families": fam, "real": front_coded(sorted(r))}

    # p: postings, by term
    postings = payload["postings"]
    terms = sorted({t for table in postings.values() for t in table})
    postings_count = count_for(len(t) + 3 * sum(len(postings[f].get(t, ())) for f in postings) + 8 for t in terms)
    post_chunks: list[dict] = [{} for _ in range(postings_count)]
    for field, table in postings.items():
        for term, flat in table.items():
            post_chunks[shard(term, postings_count)].setdefault(field, {})[term] = flat
    chunks.update((f"p{k}", c) for k, c in enumerate(post_chunks))

    # v: the vocabulary by length; x: the prefix fields' terms by their first character
    by_length: dict[int, dict[str, int]] = {}
    for word, count in payload["vocabulary"].items():
        by_length.setdefault(js_length(word), {})[word] = count
    chunks.update((f"v{n}", words) for n, words in by_length.items())
    starts: dict[str, dict[str, list[str]]] = {}
    for field in PREFIX_FIELDS:
        for term in sorted(postings.get(field, {})):
            starts.setdefault(format(ord(term[0]), "x"), {}).setdefault(field, []).append(term)
    chunks.update((f"x{c}", table) for c, table in starts.items())

    seed = thesaurus_words(payload["thesaurus"], analysed)
    core = {key: payload[key] for key in ("version", "build", "n", "boosts", "en_fields", "english", "stop", "grammar",
                                          "lookalikes", "ids", "en_stop", "params", "glossary", "thesaurus", "strings", "editions")}
    # the default edition's laws (another edition's are prefixed: lawsearch/editions.py)
    sep = payload["editions"].get("separator")
    laws = [r[0] for r in payload["nodes"] if r[2] == "law" and not (sep and sep in r[0])]
    core.update({
        "ndocs": len(docs),
        "fields": fields,
        # sum and count of each field's lengths: the average BM25 divides by, as Python computes it
        "length_sums": {f: [sum(v), len(v)] for f, v in payload["lengths"].items()},
        "law_range": [laws[0], laws[-1]] if laws else None,
        # each edition's first and last law (bare), for law:N edition:X naming none of its laws
        "law_ranges": edition_law_ranges([r[0] for r in payload["nodes"] if r[2] == "law"], payload["editions"]),
        "kinds": sorted({facts[d][1][2] for d in docs}),
        "langs": sorted({facts[d][1][3] for d in docs if facts[d][1][3]}),
        "shards": {"p": postings_count},
        "word_ranges": bounds,
        "id_ranges": id_bounds,
        "docs_per_chunk": DOCS,
        "texts_per_chunk": TEXT_DOCS,
        "lengths_held": sorted(by_length),
        "starts_held": sorted(starts),
        # the thesaurus's words' forms (and which it lacks): the engine reads its phrases at the first query
        "forms": packed_forms({w: forms[w] for w in seed if w in forms}),
        "no_forms": [w for w in seed if w not in forms],
    })
    return core, chunks


def documents_above(node_id: str, facts: dict, doc_of: dict[str, int]) -> list[int]:
    """The documents above a node, nearest first, up to the first parent that is no document
    (evaluate.mark_below): a word in their titles counts for it at CONTEXT (static/engine.js).

    >>> rows = {"50": (0, ["50", "50", "law", None, "T", None, None]), "50A": (1, ["50A", "50", "clause", None, None, "50", "50"])}
    >>> documents_above("50A", rows, {"50": 0, "50A": 1}), documents_above("50", rows, {"50": 0, "50A": 1})
    ([0], [])
    """
    above, up = [], facts[node_id][1][6]
    while up is not None and up in doc_of:
        above.append(doc_of[up])
        up = facts[up][1][6]
    return above


def thesaurus_words(thesaurus: list, analysed=None) -> list[str]:
    """The words of the thesaurus's phrases, as the engine looks them up in the forms table.

    >>> thesaurus_words([["Взятка", ["ещё взятка"], 1.0]])
    ['взятка', 'еще']
    """
    return text_words((text for say, means, _ in thesaurus for text in [say, *means]), analysed)


def text_words(texts, analysed=None) -> list[str]:
    """The words of some texts, folded, each once in order: ``["Карта карты"]`` → ``['карта', 'карты']``;
    their tokens from the build's analysis pass when given."""
    from .analysis import fold, tokenize

    tokens = (lambda text: analysed.of(text).tokens) if analysed is not None else tokenize
    return sorted({fold(t.text) for text in texts for t in tokens(text) if t.kind == "word"})


def piece_script(build: str, name: str, data: object) -> str:
    """A chunk as a script: it adds itself to ``LAWSEARCH_PIECES``, where the loader
    (static/pieces.js) takes it with the build it says it belongs to."""
    from .site import script_json

    return (f"(self.LAWSEARCH_PIECES = self.LAWSEARCH_PIECES || []).push("
            f"[{script_json(build)}, {script_json(name)}, {script_json(data)}]);\n")


def piece_file(name: str, build: str) -> str:
    """Where a chunk lives in the site: ``search/p3-<build>.js`` (static/pieces.js agrees)."""
    return f"search/{name}-{build}.js"


def write_pieces(core: dict, chunks: dict[str, object], site: os.PathLike) -> list[str]:
    """Write every chunk under ``site/search/``; return the files' names (relative)."""
    from pathlib import Path

    folder = Path(site) / "search"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in chunks.items():
        rel = piece_file(name, core["build"])
        (Path(site) / rel).write_text(piece_script(core["build"], name, data), encoding="utf-8")
        written.append(rel)
    return written


def edition_law_ranges(laws: list[str], eds: dict) -> dict[str, list[str]]:
    """``{edition: [first law, last law]}`` of a multi-edition corpus's laws (IDs in reading
    order, another edition's prefixed), bare; {} for one edition."""
    from . import editions

    if len(eds.get("list") or []) < 2:
        return {}
    out: dict[str, list[str]] = {}
    for law in laws:
        named, bare = editions.split(law)
        ed = named or eds.get("default")
        out.setdefault(ed, [bare, bare])[1] = bare
    return out
