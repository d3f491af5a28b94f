"""Cold read 2A, furniture judged by position and family (findings 6, 7, 11): a sentence the
text repeats at two page ends is text; the common lines of two overlapping saved pages are
text while their site header goes; a site's header goes though other files sit beside its
pages; visitor counters and "last updated" rows go; ``„`` opening a word is ``ё`` where the
dictionary says so; a typed footnote after a dash rule becomes a footnote. Invented text."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch import furniture
from lawsearch.clean import _read_by_layout
from lawsearch.corpus import build_corpus


def prepared(lines: list[str], lang: str) -> list[str]:
    return furniture.prepare(lines, "laws", lang, lambda s: _read_by_layout(s, lang))[0]


# -- 6: a sentence ending two pages above their numbers is text ---------------------------------

@pytest.mark.parametrize("lang,pages", [
    ("ru", ["Правило 12. Свеча", "A. Когда зажигают", "Свечу зажигают перед туром.", "B. Наказание",
            "Наказания нет.", "- 7", "Правило 13. Лампа", "A. Когда гасят", "Лампу гасят после тура.",
            "B. Наказание", "Наказания нет.", "- 8"]),
    ("ru", ["Правило 30. Стул", "Стул ставят к столу; спинку не трогают.", "Так принято.", "",
            "— 21 —", "", "Правило 31. Скамья", "Скамью ставят у стены; на ней сидят зрители.", "Так принято.",
            "", "— 22 —", "Правило 32. Табурет", "Табурет приносят по просьбе."]),
    ("en", ["LAW 40 - THE KETTLE", "A. Boiling", "The kettle boils before the round.", "B. Penalty",
            "There is no penalty.", "57", "LAW 41 - THE TEAPOT", "A. Pouring", "The teapot pours after the round.",
            "B. Penalty", "There is no penalty.", "58"]),
])
def test_a_sentence_repeated_at_page_ends_stays(lang, pages):
    out = prepared(pages, lang)
    for n, line in enumerate(pages):
        if line.endswith(".") and pages.count(line) > 1:
            assert out[n] == line, (n, line)


def test_an_imprint_under_each_page_number_still_goes():
    pages = ["LAW 3 - THE SPOON", "The spoon is laid on the left.", "- 4", "Printed by Quill Press, 1981.",
             "LAW 4 - THE FORK", "The fork is laid on the right.", "- 5", "Printed by Quill Press, 1981.",
             "LAW 5 - THE KNIFE", "The knife is laid last."]
    out = prepared(pages, "en")
    assert "Printed by Quill Press, 1981." not in out
    assert "The knife is laid last." in out


# -- 6, 7: repetition across files, per family and with numbers aside ---------------------------

def _page(header: str, law: int, sections: list[str], lang: str = "ru") -> list[str]:
    word = "Правило" if lang == "ru" else "LAW"
    return [header, f"{word} {law}. Тема" if lang == "ru" else f"{word} {law} - TOPIC", *sections,
            "Конец страницы." if lang == "ru" else "End of page."]


def test_overlapping_pages_keep_their_common_headings_and_lose_the_header():
    sections = ["A) Когда моют", "Посуду моют после тура.", "B) Кто моет", "Моет дежурный."]
    texts = {"a": _page("Кружок «Ясень» — главная", 5, sections), "b": _page("Кружок «Ясень» — главная", 15, sections)}
    shared = furniture.shared_lines(texts, lambda s: False, pages=frozenset(texts))
    assert "Кружок «Ясень» — главная" in shared
    assert not {"A) Когда моют", "B) Кто моет"} & shared


def test_two_text_files_of_a_book_opening_with_the_same_heading_keep_it():
    """Not web pages: the same first line of two parts of a book is the book's own."""
    texts = {"a": ["ОПРЕДЕЛЕНИЯ", "Болван - партнёр разыгрывающего.", "Конец."],
             "b": ["ОПРЕДЕЛЕНИЯ", "Болван - партнёр разыгрывающего.", "Другое."]}
    assert "ОПРЕДЕЛЕНИЯ" not in furniture.shared_lines(texts, lambda s: False)


def test_english_overlapping_pages_keep_their_common_headings():
    sections = ["A. Who Sweeps", "The host sweeps the floor.", "B. When", "After the last board."]
    texts = {"p1": _page("Oak Hall Club — home", 8, sections, "en"), "p2": _page("Oak Hall Club — home", 18, sections, "en"),
             "p3": _page("Oak Hall Club — home", 28, ["C. Mops", "Mops dry on the porch."], "en")}
    shared = furniture.shared_lines(texts, lambda s: False, pages=frozenset(texts))
    assert "Oak Hall Club — home" in shared
    assert not {"A. Who Sweeps", "B. When"} & shared


def test_a_header_of_two_pages_among_other_files_is_judged_within_their_family():
    texts = {f"t{i}": [f"Правило {i}. Тема {i}", f"Текст правила номер {i}.", "Ещё строка."] for i in range(1, 6)}
    texts["h1"] = ["Читальня «Клён» — книги", "Правило 20. Окно", "Окно открывают."]
    texts["h2"] = ["Читальня «Клён» — книги", "Правило 21. Дверь", "Дверь закрывают."]
    families = {k: ("html" if k.startswith("h") else "txt") for k in texts}
    assert "Читальня «Клён» — книги" in furniture.shared_lines(texts, lambda s: False, families)
    # counted over all seven files, two are too few: the family is what makes it a site's
    assert "Читальня «Клён» — книги" not in furniture.shared_lines(texts, lambda s: False)


def _html(header: str, body: list[str]) -> str:
    paragraphs = "".join(f"<p>{line}</p>" for line in body)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>t</title></head><body>"
            f"<div class='top'>{header}</div><div class='main'>{paragraphs}</div></body></html>")


def test_site_header_of_saved_pages_beside_text_files_leaves_the_built_corpus(tmp_path):
    corpus = tmp_path / "corpus"
    folder = corpus / "laws" / "ru"
    folder.mkdir(parents=True)
    entries = []
    for law in (1, 2, 3, 4):
        name = f"t{law}.txt"
        (folder / name).write_text(f"Правило {law}. Тема {law}\nТекст правила {law} о столах.\n", encoding="utf-8")
        entries.append(name)
    for law in (7, 8):
        name = f"p{law}.html"
        (folder / name).write_text(_html("Кружок «Ольха» — главная", [f"Правило {law}. Тема {law}",
                                                                      f"Текст правила {law} о стульях."]),
                                   encoding="utf-8")
        entries.append(name)
    (corpus / "manifest.toml").write_text(
        '[code]\ntitle = "T"\nedition = "1987"\nlaws = [1, 93]\nlang = "ru"\n'
        + "".join(f'\n[[source]]\npath = "laws/ru/{e}"\nlang = "ru"\nkind = "laws"\n' for e in entries),
        encoding="utf-8")
    built = build_corpus(corpus, strict=False)
    assert not any("Ольха" in f"{n.title} {n.text}" for n in built.nodes)
    assert any("о стульях" in (n.text or "") for n in built.nodes)


# -- 7: visitor counters and "last updated" rows ------------------------------------------------

@pytest.mark.parametrize("line,lang", [
    ("Visitors: 1060 | Last updated 12 March 2010", "en"),
    ("Hits: 45 · Updated: 2009-04-01", "en"),
    ("Last modified 3/4/2011", "en"),
    ("Посетителей: 77 | Обновлено 01.02.2009", "ru"),
    ("Счётчик посещений: 4711", "ru"),
])
def test_a_status_row_is_furniture(line, lang):
    assert prepared(["LAW 1 - X" if lang == "en" else "Правило 1. Х", "Text.", line], lang)[2] == ""


@pytest.mark.parametrize("line,lang", [
    ("Visitors may watch from 2 tables away.", "en"),
    ("Updated scores are posted after round 3.", "en"),
    ("Посетители могут смотреть за 2 столами.", "ru"),
    ("Обновлено табло после 4 тура, и игра продолжается.", "ru"),
])
def test_a_sentence_naming_visitors_stays(line, lang):
    assert prepared(["LAW 1 - X" if lang == "en" else "Правило 1. Х", line, "More text."], lang)[1] == line


# -- 11: „ for ё at a word's start; typed footnotes ---------------------------------------------

@pytest.mark.parametrize("line,expected", [
    ("Ведущий держит „лку у входа.", "Ведущий держит ёлку у входа."),
    ("„жик и „лочка стоят рядом.", "ёжик и ёлочка стоят рядом."),
    ("Судья сказал: „Стоп“ и вышел.", "Судья сказал: „Стоп“ и вышел."),  # a real quote: the word is known
    ("the „quoted“ word", "the „quoted“ word"),
])
def test_low_quote_for_yo_at_a_word_start(line, expected):
    assert furniture.local_mojibake(line) == expected


@pytest.mark.parametrize("lang,lines,marked,note", [
    ("ru", ["Правило 4. Звонок", "Звонок подают дважды2 перед туром.", "Текст дальше.", "-------",
            "2 Второй звонок подают через минуту."], 1, 4),
    ("ru", ["Правило 5. Табло", "Табло1 висит над входом.", "", "__________", "", "1) Табло бывает и на стене."], 1, 5),
    ("en", ["LAW 6 - THE BELL", "The bell rings twice3 before a round.", "----------", "3 The second ring comes later."],
     1, 3),
])
def test_a_typed_footnote_after_a_dash_rule_becomes_a_footnote(lang, lines, marked, note):
    out = prepared(lines, lang)
    assert "(*)" in out[marked] and not any(c.isdigit() for c in out[marked].split("(*)")[0][-1:])
    assert out[note].startswith("(*) - ")
    assert not any(set(line) <= set("-_ ") and line for line in out)


@pytest.mark.parametrize("lines", [
    ["Правило 7. Счёт", "Счёт ведут двое.", "----------", "1 Это не сноска: ни одно слово выше не несёт цифры."],
    ["LAW 8 - SCORE", "Score is kept by two.", "----------", "Then the next part begins."],
])
def test_a_dash_rule_without_a_marked_word_is_left(lines):
    assert prepared(lines, "ru" if lines[0].startswith("П") else "en") == lines


def test_typed_footnote_reaches_the_tree(tmp_path):
    from conftest import one_file_corpus

    corpus = one_file_corpus(tmp_path, "Правило 9. Мел\nA. Доска\nМел кладут у доски1 справа.\n--------\n"
                                       "1 Доска висит у окна.\n- 3\n")
    built = build_corpus(Path(corpus), strict=False)
    node = next(n for n in built.nodes if n.id == "9A")
    assert "Доска висит у окна" not in (node.text or "")
    assert [f.text for f in built.footnotes] == ["Доска висит у окна."]
