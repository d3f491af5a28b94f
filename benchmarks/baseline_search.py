"""The yardstick for a cold ``lawsearch search``: a plain script that opens the whoosh
index ``baseline_index.py`` made (Russian Snowball stemmer), parses a query over the same
fields, and prints the ten best nodes with a highlighted snippet -- what anyone would
write first, run as a process of its own as a user runs a search.

    .venv/bin/python benchmarks/baseline_index.py /tmp/out50/corpus.json /tmp/baseline50
    .venv/bin/python benchmarks/baseline_search.py /tmp/baseline50 штрафными картами
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def search(index_dir: Path, query: str, limit: int = 10) -> list[str]:
    """Lines to print: "<id>  <title>: <snippet>" for the ``limit`` best nodes."""
    from whoosh import index
    from whoosh.qparser import MultifieldParser

    ix = index.open_dir(str(index_dir))
    with ix.searcher() as searcher:
        parsed = MultifieldParser(["title", "text", "footnotes", "commentary"], ix.schema).parse(query)
        return [f"{hit['id']}  {hit.get('title', '')}: {hit.highlights('text')}"
                for hit in searcher.search(parsed, limit=limit)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("index_dir", type=Path, help="an index made by baseline_index.py")
    parser.add_argument("query", nargs="+")
    args = parser.parse_args(argv)
    print("\n".join(search(args.index_dir, " ".join(args.query))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
