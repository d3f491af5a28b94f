"""A file's only page footer (a page number in dashes alone on its line, ``- 12``) inside a
sentence that goes on after it ends its page, and the text after it is the next page's,
going on from it -- not a cut: no gap mark, nothing left unattributed (issue 9, cold read
10, finding 8c). A lone footer after a finished sentence says nothing of the page after it
(the shipped book's scrambled cut has one: a page ended at a stop, then a page from further
on). Footers that jump
(``- 89`` then ``- 87``) still say the file is a cut of scrambled pages (the cold fixture
ru-continuity-pages). The texts are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import english_corpus
from lawsearch.corpus import build_corpus
from lawsearch.pages import in_order

EN = """Law 40 - Garden Sheds
A. Keys
1. The key of the shed is kept by the steward, who lends it to
{footer}
any member who signs the book.
2. A lost key is paid for by its borrower.
B. Tools
Tools are cleaned before they go back.
"""


def parts(root: Path):
    built = build_corpus(root, strict=False)
    return {n.id: n for n in built.nodes}, built


@pytest.mark.parametrize("layout", ["en-mixed", "en-1987", "en-2007"])
@pytest.mark.parametrize("footer", ["- 12", "-12", "- 12 -", "— 12 —"])
def test_a_lone_footer_in_an_english_file_ends_a_page_not_the_text(tmp_path, layout, footer):
    root = english_corpus(tmp_path, {"en.txt": EN.format(footer=footer)}, layout)
    nodes, built = parts(root)
    clause = nodes["40A1"]
    assert clause.text == "The key of the shed is kept by the steward, who lends it to any member who signs the book."
    assert not [m for m in clause.marks if m.kind == "gap"] and not clause.truncated_end
    assert nodes["40A2"].text == "A lost key is paid for by its borrower."
    assert nodes["40B"].text == "Tools are cleaned before they go back."
    assert not [n for n in nodes.values() if n.kind == "piece"]
    assert not any("12" in (n.text or "") for n in nodes.values())  # the page number is no text


def test_a_lone_footer_after_a_finished_sentence_says_nothing_of_the_next_page(tmp_path):
    """The other reading: a page ended at a stop, then a heading of some other page -- the
    book's scrambled cut has that shape (its lone footer, then a page from further on) -- so
    the text after the footer is not taken as the next page: it stays unplaced, said, as
    before, never joined to the law before it in silence."""
    text = EN.replace("who lends it to\n{footer}\nany member who signs the book.", "who lends it.\n- 12")
    root = english_corpus(tmp_path, {"en.txt": text}, "en-mixed")
    nodes, _ = parts(root)
    assert "40A2" not in nodes and "40B" not in nodes
    assert [n.text.split()[:3] for n in nodes.values() if n.kind == "piece"] == [["2.", "A", "lost"]]


def test_russian_book_lone_footer(tmp_path):
    root = tmp_path / "ru"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "ru.txt").write_text(
        "Правило 40. САРАИ\nA.Ключи\n1.Ключ от сарая хранит дежурный и выдаёт его\n- 12\n"
        "любому члену клуба под роспись.\n2.Потерянный ключ оплачивает тот, кто его взял.\n", encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Сараи"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\npath = "laws/ru.txt"\n'
        'lang = "ru"\nkind = "laws"\nlayout = "ru-book"\n', encoding="utf-8")
    nodes, _ = parts(root)
    assert nodes["40A1"].text == "Ключ от сарая хранит дежурный и выдаёт его любому члену клуба под роспись."
    assert not [n for n in nodes.values() if n.kind == "piece"]


def test_which_footers_say_the_pages_are_in_order():
    assert in_order([5, 6, 7]) and in_order([11, 12])
    assert not in_order([89, 87]) and not in_order([76, 80]) and not in_order([12])
