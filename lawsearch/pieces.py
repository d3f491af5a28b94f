"""The browser's search data in pieces: a small core every page loads, and chunks the
engine (static/engine.js) asks for when a query touches them, each loaded by adding a
``<script>`` element -- which works from ``file://``, where fetch does not.

What a chunk holds and how the engine finds it (``shard`` is the same FNV-1a hash on both
sides, over UTF-16 code units, as JavaScript strings count them):

- ``w<k>``: the forms table, word families and real words one edit away, by the hash of the word;
- ``p<k>``: every field's postings, by the hash of the term;
- ``i<k>``: what an ID names (its document, citations, commentary, a footnote), by the hash of the ID;
- ``d<k>``: the facts ranking needs for documents k*DOCS .. (k+1)*DOCS-1 (id, law, kind,
  language, reading order, field lengths);
- ``t<k>``: those documents' texts, titles and parents, for snippets and previews;
- ``v<n>``: the corpus words of n letters with their counts, for the spelling corrector;
- ``x<hex>``: the title and text terms beginning with one character, for ``word*``.

Each chunk file is ``search/<name>-<build id>.js`` and says which build it belongs to: a
page open across a rebuild never mixes two builds' data (the engine refuses the chunk and
the page offers a reload). The single file inlines the core and every chunk.
"""

from __future__ import annotations

import math
import os
import re

# a chunk's size aimed at, in characters of JSON: a few KB gzip, so a query pays for little
# more than it reads, and few enough files that a whole library stays in the thousands
CHUNK_CHARS = 24_000
DOCS = 256  # documents per d and t chunk
PREFIX_FIELDS = ("title", "text")  # the fields `word*` expands in (static/engine.js)
WORD = re.compile(r"\w+")


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


def count_for(sizes, target: int = CHUNK_CHARS) -> int:
    """How many hash shards make chunks of about ``target`` characters."""
    return max(1, math.ceil(sum(sizes) / target))


def split(payload: dict) -> tuple[dict, dict[str, object]]:
    """``site.search_payload``'s data as (core, {chunk name: chunk data})."""
    from .site import front_coded, packed_forms

    docs: list[str] = payload["docs"]
    facts = {r[0]: (order, r) for order, r in enumerate(payload["nodes"])}
    doc_of = {node_id: d for d, node_id in enumerate(docs)}
    fields = sorted(payload["lengths"])
    chunks: dict[str, object] = {}

    # d and t: documents in ranges
    for first in range(0, len(docs), DOCS):
        k = first // DOCS
        rows, texts = [], {"texts": {}, "footnotes": {}, "texts_en": {}, "titles_en": {}, "titles": {}, "parents": {}}
        for d in range(first, min(first + DOCS, len(docs))):
            node_id = docs[d]
            order, (_, law, kind, lang, title, parent) = facts[node_id]
            rows.append([node_id, law, kind, lang, order, [payload["lengths"][f][d] for f in fields]])
            for key in ("texts", "footnotes", "texts_en", "titles_en"):
                if node_id in payload[key]:
                    texts[key][node_id] = payload[key][node_id]
            if title is not None:
                texts["titles"][node_id] = title
            if parent is not None:
                texts["parents"][node_id] = parent
        chunks[f"d{k}"] = rows
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
    ids_count = count_for(len(k) + 12 + len(str(payload["citations"].get(k, ""))) + len(str(payload["notes"].get(k, "")))
                          for k in keys)
    id_chunks = [{"doc": {}, "node": {}, "citations": {}, "commentary": {}, "notes": {}, "child": {}}
                 for _ in range(ids_count)]
    for key in sorted(keys):
        chunk = id_chunks[shard(key, ids_count)]
        if key in doc_of:
            chunk["doc"][key] = doc_of[key]
        elif key in facts:
            order, row = facts[key]
            chunk["node"][key] = [*row, order]
        if key in payload["citations"]:
            chunk["citations"][key] = payload["citations"][key]
        if key in commentary:
            chunk["commentary"][key] = commentary[key]
        if key in payload["notes"]:
            chunk["notes"][key] = payload["notes"][key]
        if key in first_child:
            chunk["child"][key] = first_child[key]
    chunks.update((f"i{k}", c) for k, c in enumerate(id_chunks))

    # w: the forms table, families and real neighbours, by word
    forms, families, real = payload["forms"], payload["families"], payload["real_neighbours"]
    words_count = count_for([sum(len(f) + 2 + sum(len(t) for t in terms) // 2 for f, terms in forms.items()),
                             sum(len(t) + 6 + sum(len(x) + 3 for x in v) for t, v in families.items()),
                             sum(len(w) // 2 + 1 for w in real)])
    by_shard: list[tuple[dict, dict, list]] = [({}, {}, []) for _ in range(words_count)]
    for form, terms in forms.items():
        by_shard[shard(form, words_count)][0][form] = terms
    for term, family in families.items():
        by_shard[shard(term, words_count)][1][term] = family
    for word in sorted(real):
        by_shard[shard(word, words_count)][2].append(word)
    for k, (f, fam, r) in enumerate(by_shard):
        chunks[f"w{k}"] = {"forms": packed_forms(f), "families": fam, "real": front_coded(r)}

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

    seed = thesaurus_words(payload["thesaurus"])
    core = {key: payload[key] for key in ("version", "build", "n", "boosts", "en_fields", "stop", "grammar", "lookalikes",
                                          "en_stop", "params", "glossary", "thesaurus")}
    laws = [r[0] for r in payload["nodes"] if r[2] == "law"]
    core.update({
        "ndocs": len(docs),
        "fields": fields,
        # sum and count of each field's lengths: the average BM25 divides by, as Python computes it
        "length_sums": {f: [sum(v), len(v)] for f, v in payload["lengths"].items()},
        "law_range": [laws[0], laws[-1]] if laws else None,
        "kinds": sorted({facts[d][1][2] for d in docs}),
        "langs": sorted({facts[d][1][3] for d in docs if facts[d][1][3]}),
        "shards": {"w": words_count, "p": postings_count, "i": ids_count},
        "docs_per_chunk": DOCS,
        "lengths_held": sorted(by_length),
        "starts_held": sorted(starts),
        # the thesaurus's words' forms (and which it lacks): the engine reads its phrases at the first query
        "forms": packed_forms({w: forms[w] for w in seed if w in forms}),
        "no_forms": [w for w in seed if w not in forms],
    })
    return core, chunks


def thesaurus_words(thesaurus: list) -> list[str]:
    """The words of the thesaurus's phrases, lower case, ё as е (a word the engine splits
    or folds otherwise is simply looked up in its chunk).

    >>> thesaurus_words([["Взятка", ["ещё взятка"], 1.0]])
    ['взятка', 'еще']
    """
    return sorted({w.lower().replace("ё", "е") for say, means, _ in thesaurus for text in [say, *means]
                   for w in WORD.findall(text)})


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
