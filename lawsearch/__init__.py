"""lawsearch: the Laws of Duplicate Bridge as a searchable, cross-referenced corpus.

The library does the work; ``lawsearch.cli`` only parses options and prints.

    from lawsearch import build_corpus, search
    corpus = build_corpus(Path("corpus"))
    search("штрафными картами", index_dir="build/index").hits[0].id
"""

from __future__ import annotations

__all__ = ["build_corpus", "search"]


def __getattr__(name: str):
    # lazy: `lawsearch --help` must not import whoosh or load the dictionary
    if name == "build_corpus":
        from .corpus import build_corpus

        return build_corpus
    if name == "search":
        from .query import search

        return search
    raise AttributeError(name)
