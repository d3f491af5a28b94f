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
  language, reading order, field lengths, the documents above it whose titles count for it,
  1 for a placeholder law, ranked after the rest);
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
import heapq
import math
import os
import re
from collections.abc import Iterator

# a chunk's size aimed at, in characters of JSON: a few KB gzip, so a query pays for little
# more than it reads, and few enough files that a whole library stays in the thousands
CHUNK_CHARS = 12_000
DOCS = 256  # documents per d chunk: a common word's ranking reads them all
TEXT_DOCS = 8  # documents per t chunk: a first answer reads those of its ten hits and their laws
WORD_CHUNK_CHARS = 12_000  # a range of the forms table: a query reads one per word
ID_CHUNK_CHARS = 6_000  # a range of IDs: a law's parts, its groups' heads, mostly one
PREFIX_FIELDS = ("title", "text")  # the fields `word*` expands in (static/engine.js)
TEXT_KEYS = ("texts", "footnotes", "texts_en", "titles_en", "texts_tr")  # the texts a snippet is cut from


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
    tokenizing them again. Every chunk at once: the build writes them as they come (``Split``,
    ``write_stream``)."""
    parts = Split(payload, analysed)
    chunks = dict(parts.chunks())
    return parts.core, chunks


class Split:
    """``site.search_payload``'s data in pieces, made one at a time: ``chunks()`` yields
    each (name, data) as it is made, the chunks of one kind in turn (d, t, i, w, p, v, x),
    and sets ``core`` once the last is made; nothing holds a chunk after it is yielded. The
    forms table is read from the index's file in order, never held whole."""

    def __init__(self, payload: dict, analysed=None):
        self.payload, self.analysed = payload, analysed
        self.core: dict | None = None

    def chunks(self) -> Iterator[tuple[str, object]]:
        from .site import front_coded, packed_forms

        payload, analysed = self.payload, self.analysed
        docs: list[str] = payload["docs"]
        facts = {r[0]: (order, r) for order, r in enumerate(payload["nodes"])}
        doc_of = {node_id: d for d, node_id in enumerate(docs)}
        fields = sorted(payload["lengths"])
        forms = payload["forms"]
        # the forms of the words the texts and the thesaurus hold (what the t chunks and the
        # core give), picked in one walk over the table: a look-up per word in the file is slow
        wanted = set(text_words([*(payload[key][d] for d in docs for key in TEXT_KEYS if d in payload.get(key, {})),
                                 *(facts[d][1][4] for d in docs if facts[d][1][4] is not None)], analysed))
        seed = thesaurus_words(payload["thesaurus"], analysed)
        wanted.update(seed)
        find = {w: terms for w, terms in forms.items() if w in wanted}.get
        del wanted

        # d and t: documents in ranges
        placeholder = set(payload.get("placeholder", []))
        for first in range(0, len(docs), DOCS):
            rows = []
            for d in range(first, min(first + DOCS, len(docs))):
                order, (node_id, law, kind, lang, *_) = facts[docs[d]]
                rows.append([node_id, law, kind, lang, order, [payload["lengths"][f][d] for f in fields],
                             documents_above(docs[d], facts, doc_of), 1 if node_id in placeholder else 0])
            yield f"d{first // DOCS}", rows
        lost_start = set(payload.get("lost_start", []))
        for first in range(0, len(docs), TEXT_DOCS):
            k = first // TEXT_DOCS
            texts = {**{key: {} for key in TEXT_KEYS}, "titles": {}, "parents": {}}
            for d in range(first, min(first + TEXT_DOCS, len(docs))):
                node_id = docs[d]
                _, (_, _, _, _, title, parent, _) = facts[node_id]
                for key in TEXT_KEYS:
                    if node_id in payload.get(key, {}):
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
            found = {w: find(w) for w in words}
            texts["forms"] = packed_forms({w: terms for w, terms in found.items() if terms is not None})
            texts["no_forms"] = [w for w, terms in found.items() if terms is None]
            yield f"t{k}", texts

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
        for k in range(len(id_chunks)):
            chunk, id_chunks[k] = id_chunks[k], None
            yield f"i{k}", chunk

        # w: the forms table, families and real neighbours, in ranges of the words in order (the
        # forms of one lemma mostly in one chunk, which packs them); the core holds each range's
        # first word. The words come in order from the three sources merged, each range's
        # chunk made when the next range starts (``ranges``' rule: a new range at the word
        # after the one that took the range past WORD_CHUNK_CHARS)
        families, real = payload["families"], payload["real_neighbours"]
        bounds = [""]
        size, k = 0, 0
        f: dict[str, list[str]] = {}
        fam: dict[str, list[str]] = {}
        r: list[str] = []
        for word, terms, family, is_real in _words_in_order(forms, families, real):
            if size > WORD_CHUNK_CHARS:
                yield f"w{k}", {"forms": packed_forms(f), "families": fam, "real": front_coded(sorted(r))}
                bounds.append(word)
                size, k, f, fam, r = 0, k + 1, {}, {}, []
            if terms is not None:
                f[word] = terms
                size += len(word) // 2 + 2 + sum(len(t) for t in terms) // 3
            if family is not None:
                fam[word] = family
                size += len(word) + 6 + sum(len(x) + 3 for x in family)
            if is_real:
                r.append(word)
                size += len(word) // 2 + 1
        yield f"w{k}", {"forms": packed_forms(f), "families": fam, "real": front_coded(sorted(r))}

        # p: postings, by term (each term's an array of integers until its chunk is written)
        postings = payload["postings"]
        terms = sorted({t for table in postings.values() for t in table})
        postings_count = count_for(len(t) + 3 * sum(len(postings[f].get(t, ())) for f in postings) + 8 for t in terms)
        del terms
        post_chunks: list[dict | None] = [{} for _ in range(postings_count)]
        for field, table in postings.items():
            for term, flat in table.items():
                post_chunks[shard(term, postings_count)].setdefault(field, {})[term] = flat
        for k in range(postings_count):
            chunk, post_chunks[k] = post_chunks[k], None
            yield f"p{k}", {field: {term: list(flat) for term, flat in table.items()} for field, table in chunk.items()}

        # v: the vocabulary by length; x: the prefix fields' terms by their first character
        by_length: dict[int, dict[str, int]] = {}
        for word, count in payload["vocabulary"].items():
            by_length.setdefault(js_length(word), {})[word] = count
        yield from ((f"v{n}", words) for n, words in by_length.items())
        starts: dict[str, dict[str, list[str]]] = {}
        for field in (*PREFIX_FIELDS, *payload["en_fields"]):  # (a Latin prefix reaches the English fields too)
            for term in sorted(postings.get(field, {})):
                starts.setdefault(format(ord(term[0]), "x"), {}).setdefault(field, []).append(term)
        yield from ((f"x{c}", table) for c, table in starts.items())

        core = {key: payload[key] for key in ("version", "build", "n", "boosts", "en_fields", "en_weights", "en_text", "english", "stop", "grammar",
                                              "lookalikes", "ids", "en_stop", "params", "glossary", "thesaurus", "strings", "editions",
                                              "other_letters")}
        core["translations"] = payload.get("translations", [])
        core["names"] = payload.get("names", {})  # a piece's name as a reader sees it (site.piece_name)
        if "edition_strings" in payload:  # an edition in another language's labels (site.edition_strings)
            core["edition_strings"] = payload["edition_strings"]
        # the default edition's laws (another edition's are prefixed: lawsearch/editions.py)
        sep = payload["editions"].get("separator")
        laws = [r[0] for r in payload["nodes"] if r[2] == "law" and not (sep and sep in r[0])]
        seeded = {w: find(w) for w in seed}
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
            "forms": packed_forms({w: terms for w, terms in seeded.items() if terms is not None}),
            "no_forms": [w for w, terms in seeded.items() if terms is None],
        })
        self.core = core


# the first character whose order among words may differ between code points (Python's
# order, and a WordTable's: UTF-8) and UTF-16 code units (JavaScript's): the surrogates that
# code the characters above U+FFFF sort below it in UTF-16
UTF16_ORDER_BREAKS = "\ue000"
_BREAKS_ORDER = re.compile(f"[{UTF16_ORDER_BREAKS}-\U0010ffff]")  # a word holding one (a search: 7x max()'s speed)


def _words_in_order(forms, families: dict[str, list[str]], real: list[str]):
    """(word, its terms or None, its family or None, whether a real neighbour) for every word
    of the forms table, the families and the real neighbours, each word once, in JavaScript's
    order (``utf16``). The forms table (a ``tables.WordTable``, sorted by UTF-8, or a dict) is
    read in its order and never held whole.

    The three are merged in code-point order, which is JavaScript's but between two words
    that each hold a character from U+E000 on: two such words never have a word without one
    between them (where they first differ, the other word's character is below U+D800 in
    both orders), so each run of such words is put in JavaScript's order on its own."""
    table = forms.items() if hasattr(forms, "find") else iter(sorted(forms.items()))
    streams = [((w, 0, t) for w, t in table),
               ((w, 1, families[w]) for w in sorted(families)),
               ((w, 2, None) for w in sorted(set(real)))]
    run: list[tuple] = []
    for item in _each_once(heapq.merge(*streams)):
        if _BREAKS_ORDER.search(item[0]):
            run.append(item)
            continue
        if run:
            yield from sorted(run, key=lambda i: utf16(i[0]))
            run = []
        yield item
    yield from sorted(run, key=lambda i: utf16(i[0]))


def _each_once(merged):
    """(word, source, value) in order, several sources of a word one after another, as
    (word, terms, family, real)."""
    current, entry = None, [None, None, False]
    for word, source, value in merged:
        if word != current:
            if current is not None:
                yield current, *entry
            current, entry = word, [None, None, False]
        if source == 2:
            entry[2] = True
        else:
            entry[source] = value
    if current is not None:
        yield current, *entry


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
    return write_stream(core["build"], chunks.items(), site)


def write_stream(build: str, chunks, site: os.PathLike) -> list[str]:
    """Write each chunk of ``chunks`` ((name, data) pairs, ``Split.chunks``) under
    ``site/search/`` as it comes, keeping none; return the files' names (relative), in
    order: the single file inlines them in that order."""
    from pathlib import Path

    folder = Path(site) / "search"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in chunks:
        rel = piece_file(name, build)
        (Path(site) / rel).write_text(piece_script(build, name, data), encoding="utf-8")
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
