"""A commentary paragraph's items go on across a page footer (issue 13 cold read 7, finding
3): ``(i)`` on one page, the footer, ``(ii)`` and ``(iii)`` on the next were read as text of
``(i)``. Only the item that follows the paragraph's last one goes on with it; a page whose
footer says the page before it is lost is no paragraph's text glued on unseen: it is a
piece of its own, with a warning. Invented text."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus

ITEMS = {
    "ru-roman": ("ru", ["(i)", "(ii)", "(iii)"], ["i", "ii", "iii"]),
    "ru-letters": ("ru", ["а)", "б)", "в)"], ["a", "b", "c"]),
    "en-roman": ("en", ["(i)", "(ii)", "(iii)"], ["i", "ii", "iii"]),
    "en-letters": ("en", ["(a)", "(b)", "(c)"], ["a", "b", "c"]),
}
WORDS = {"ru": ("Правило 7. ПОДНОСЫ", "7.1. Поднос хранится у судьи.", "7.2. Повреждённый поднос заменяют с учётом:",
                ["числа сыгранных туров;", "мнения капитанов;", "запаса подносов в зале."],
                "7.3. Поднос пересчитывают после тура.", "поднос, найденный после тура, возвращают судье."),
         "en": ("LAW 7 - TRAYS", "7.1. The tray is kept by the director.", "7.2. A damaged tray is replaced in view of:",
                ["the rounds played;", "the captains' views;", "the trays left in the room."],
                "7.3. The trays are counted after the round.", "a tray found after the round goes back to the director.")}


def corpus_of(tmp_path: Path, lang: str, text: str) -> Path:
    root = tmp_path / "corpus"
    (root / "book").mkdir(parents=True)
    (root / "book" / "commentary.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "t"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "book/commentary.txt"\nlang = "{lang}"\nkind = "commentary"\nencoding = "utf-8"\n',
        encoding="utf-8")
    return root


@pytest.mark.parametrize("footer", ["- 11 -", "- 11", "— 11 —"])
@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_items_after_a_footer_are_items_of_the_paragraph(tmp_path, kind, footer):
    lang, marks, ids = ITEMS[kind]
    heading, p1, p2, items, p3, _ = WORDS[lang]
    text = "\n".join([heading, p1, p2, f"{marks[0]} {items[0]}", footer, f"{marks[1]} {items[1]}",
                      f"{marks[2]} {items[2]}", p3, "- 12 -", ""])
    corpus = build_corpus(corpus_of(tmp_path, lang, text), strict=False)
    for label, words in zip(ids, items):
        assert corpus.node(f"7.2({label})").text == words, [(n.id, n.text) for n in corpus.nodes]


@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_an_item_that_does_not_follow_after_a_footer_is_not_taken_for_one(tmp_path, kind):
    lang, marks, ids = ITEMS[kind]
    heading, p1, p2, items, p3, _ = WORDS[lang]
    # (iii) after (i) across a footer: a page between may be lost; it is not read as 7.2's next item
    text = "\n".join([heading, p1, p2, f"{marks[0]} {items[0]}", "- 11", f"{marks[2]} {items[2]}", p3, "- 12", ""])
    corpus = build_corpus(corpus_of(tmp_path, lang, text), strict=False)
    assert f"7.2({ids[2]})" not in {n.id for n in corpus.nodes}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_page_after_a_lost_page_is_not_glued_on_unseen(tmp_path, lang):
    heading, p1, p2, items, p3, headless = WORDS[lang]
    text = "\n".join([heading, p1, p3, "- 11", headless, "- 13", ""])
    corpus = build_corpus(corpus_of(tmp_path, lang, text), strict=False)
    assert headless not in corpus.node("7.3").text
    assert corpus.node("7.3").truncated_end
    piece = next(n for n in corpus.nodes if n.kind == "piece" and headless in (n.text or ""))
    assert piece.truncated_start
    said = [p for p in corpus.problems if p.line == 5 and "lost" in p.message]
    assert said and said[0].path.endswith("commentary.txt"), [str(p) for p in corpus.problems]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_page_after_the_page_before_goes_on_with_the_paragraph(tmp_path, lang):
    heading, p1, p2, items, p3, headless = WORDS[lang]
    text = "\n".join([heading, p1, p3, "- 11", headless, "- 12", ""])
    corpus = build_corpus(corpus_of(tmp_path, lang, text), strict=False)
    assert headless in corpus.node("7.3").text
    assert not any("lost" in p.message and p.line == 5 for p in corpus.problems)
