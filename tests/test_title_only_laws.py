"""A placeholder law -- restored between laws that survive, a title from the code's titles
file at most, no words of text -- is listed, but never answers a query before a law of the
sources, in the command line and in the browser's engine alike; build and check count the
laws of the sources apart from those (issue 9, cold read 7, finding 5).

The text is invented; the titles of the laws between (50 "Disposition of Penalty Card",
51 "Two or More Penalty Cards") are the bridge profile's English titles file."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

MANIFEST = """[code]
title = "Invented penalties"
laws = [1, 93]
profile = "bridge"
lang = "en"

[[source]]
path = "laws/text.txt"
lang = "en"
kind = "laws"
layout = "en-mixed"
"""

TEXT = """Law 49 – Tidy Tables
A. Cards Left Face Up
A card left face up on the table after the round is a penalty card of the player who left it.
B. Cards Dropped
A card dropped on the floor is picked up by the player nearest it.

Law 52 – Spoons
A. Counting
The spoons are counted before the kettle is filled; a missing spoon is no penalty.
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path, str, str]:
    root = tmp_path_factory.mktemp("titleonly") / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "text.txt").write_text(TEXT, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    out = root.parent / "out"
    runner = CliRunner()
    made = runner.invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert made.exit_code == 0, made.output
    checked = runner.invoke(main, ["check", "--corpus", str(root), "--out", str(out)])
    return root, out, made.output, checked.output


def test_build_and_check_count_laws_with_text_apart(built):
    _, out, made, checked = built
    assert f"built {out}: 2 laws from the sources, 2 placeholders," in made
    assert "Laws from the sources: 2 of 4; 2 placeholders (a number between laws that survive" in checked


def test_a_title_only_law_answers_after_every_law_with_text(built):
    from lawsearch.query import Searcher

    _, out, _, _ = built
    searcher = Searcher(out / "index")
    try:
        hits = searcher.search("penalty cards", None).hits
    finally:
        searcher.close()
    laws = [h.law for h in hits]
    # the titles match both words; the text matches them less well, and still comes first
    assert {"50", "51"} <= set(laws) and {"49", "52"} & set(laws), laws
    first_bare = min(laws.index("50"), laws.index("51"))
    assert all(law in ("50", "51") for law in laws[first_bare:]), laws
    assert laws[0] == "49", laws


def test_the_browser_engine_ranks_them_alike(built):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    _, out, _, _ = built
    searcher = Searcher(out / "index")
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        for query, js in zip(["penalty cards", "penalty", "two penalty cards"],
                             engine.search(["penalty cards", "penalty", "two penalty cards"], 10)):
            python = python_answer(searcher, query, 10)
            assert not differences(python, js), (query, differences(python, js))
            laws = [h["law"] for h in js["hits"]]
            bare = [k for k, law in enumerate(laws) if law in ("50", "51")]
            assert bare and laws[0] not in ("50", "51") and bare == list(range(bare[0], len(laws))), (query, laws)
    finally:
        engine.close()
        searcher.close()
