""""(heading lost)" only where a heading was lost (issue 9 cold read 5, finding 7): a clause
whose label's line opens its first sub-clause ("1. (a) When …") is untitled by its code's
layout; nothing of it is lost. The law text is invented."""

from __future__ import annotations

from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.model import Corpus

MANIFEST = """[code]
profile = "bridge"
lang = "en"
edition = "2017"
laws = [1, 93]

[[source]]
path = "laws/en/t.txt"
lang = "en"
kind = "laws"
edition = "2017"
layout = "en-mixed"
"""

TEXT = """Law 55 - Lanterns Lit Out of Turn

A. Lantern Accepted
If a keeper lights a lantern out of turn, the other keeper may accept it.

B. Lantern Put Out
1. (a) When a keeper lit the wrong lantern, the keeper puts it out at once.
(b) The other keeper may instead keep it lit.
2. When a lantern is put out, nothing further applies.
"""


def test_a_clause_opened_by_its_first_sub_clause_lost_nothing(tmp_path):
    (tmp_path / "laws" / "en").mkdir(parents=True)
    (tmp_path / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    (tmp_path / "laws" / "en" / "t.txt").write_text(TEXT, encoding="utf-8")
    corpus = build_corpus(tmp_path)
    nodes = {n.id: n for n in corpus.nodes}
    assert nodes["55B1"].title is None and nodes["55B1(a)"].text.startswith("When a keeper")
    assert not nodes["55B1"].heading_lost
    again = {n.id: n for n in Corpus.from_dict(corpus.to_dict()).nodes}  # as the site and show read it
    assert not again["55B1"].heading_lost
    out = CliRunner().invoke(main, ["show", "55B", "--corpus", str(tmp_path)]).output
    assert "55B1" in out and "heading lost" not in out, out


def test_a_law_the_code_has_only_in_another_language_lost_no_heading():
    from lawsearch.model import Node

    only_other = Node(id="32", kind="law", law="32", parent=None, lang="ru", title=None, title_from=None, text=None,
                      marks=(), footnotes=(), spans=(), attribution="heading", uncertain=(), truncated_start=False,
                      truncated_end=False, missing=False, translations={"en": {"title": "A Seal's Title", "text": None}},
                      alignment=("only-en",))
    assert not only_other.heading_lost
    # the same node with its own language's text and no title did lose its heading
    from dataclasses import replace
    assert replace(only_other, text="Текст.", alignment=(), truncated_start=True).heading_lost
