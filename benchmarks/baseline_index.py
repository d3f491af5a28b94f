"""The yardstick for a build: a plain whoosh indexing script with whoosh's own Russian
Snowball stemmer (``LanguageAnalyzer("ru")``), over the same nodes ``lawsearch build``
indexes -- what anyone would write first to make a corpus searchable.

It reads the nodes from a build's ``corpus.json`` (plain JSON, no lawsearch code) and
indexes one document per node (divisions left out, as the build does) with the fields
the build's Russian fields hold: title, text, the node's footnotes and, for a law, its
commentary. ``benchmarks/bench_pipeline.py`` times it beside the build in the same run.

    .venv/bin/lawsearch build --corpus /tmp/syn50 --out /tmp/out50
    .venv/bin/python benchmarks/baseline_index.py /tmp/out50/corpus.json /tmp/baseline50
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

WORD = re.compile(r"\w+")


def documents(corpus: dict) -> list[dict[str, str]]:
    """One document per node: ``{"id", "title", "text", "footnotes", "commentary"}``."""
    notes: dict[str, list[str]] = {}
    for footnote in corpus["footnotes"]:
        for marker in dict.fromkeys(footnote["markers"] or ([footnote["at"]] if footnote.get("at") else [])):
            notes.setdefault(marker, []).append(footnote["text"])
    commentary: dict[str, list[str]] = {}
    for node in corpus["nodes"]:
        if node["kind"] == "commentary" and node["text"]:
            commentary.setdefault(node["law"], []).append(node["text"])
    return [{"id": n["id"], "title": n["title"] or "", "text": n["text"] or "",
             "footnotes": "\n\n".join(notes.get(n["id"], [])),
             "commentary": "\n\n".join(commentary.get(n["id"], [])) if n["kind"] == "law" else ""}
            for n in corpus["nodes"] if n["kind"] != "division"]


def words(docs: list[dict[str, str]]) -> int:
    """Words in the indexed fields (``\\w+`` runs): the same count for any engine."""
    return sum(len(WORD.findall(d[f])) for d in docs for f in ("title", "text", "footnotes", "commentary"))


def index_nodes(corpus_json: Path, target: Path) -> tuple[float, int, int]:
    """Read ``corpus_json``, index its nodes into the new folder ``target``; return
    (seconds, documents, words). The time covers reading the JSON, stemming and writing."""
    from whoosh import fields, index
    from whoosh.analysis import LanguageAnalyzer

    start = time.perf_counter()
    docs = documents(json.loads(corpus_json.read_text(encoding="utf-8")))
    ru = LanguageAnalyzer("ru")
    schema = fields.Schema(id=fields.ID(stored=True, unique=True),
                           title=fields.TEXT(analyzer=ru, stored=True, field_boost=3.0),
                           text=fields.TEXT(analyzer=ru, stored=True),
                           footnotes=fields.TEXT(analyzer=ru, field_boost=0.5),
                           commentary=fields.TEXT(analyzer=ru, field_boost=0.3))
    target.mkdir(parents=True, exist_ok=False)
    writer = index.create_in(str(target), schema).writer()
    for doc in docs:
        writer.add_document(**doc)
    writer.commit()
    return time.perf_counter() - start, len(docs), words(docs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus_json", type=Path, help="a build's corpus.json")
    parser.add_argument("target", type=Path, help="folder to create for the index")
    args = parser.parse_args(argv)
    seconds, count, total = index_nodes(args.corpus_json, args.target)
    print(f"indexed {count} nodes, {total} words in {seconds:.2f} s ({total / seconds:,.0f} words/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
