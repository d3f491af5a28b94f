"""Cold read 8, issue 13, finding 1: a page whose law heading was lost, which the contents
give to law N (page numbers from footers), and which opens with a section («A. …») the law
before cannot go on with (it has no section, or its last section's label is not the one just
before) is law N's, by the contents -- never the law before's sections by continuity. Where
the label does go on from the law before and no title in the contents decides, the page stays
where continuity puts it, with a warning naming the file and line, and that law is never
"complete". Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder
from added_books import book_folder


def corpus(tmp_path: Path, lang: str, text: str) -> Path:
    return book_folder(tmp_path, lang, text)


WORDS = {
    "ru": {"law": "Правило", "page": "Страница", "contents": "СОДЕРЖАНИЕ",
           "titles": ["Запись пар", "Опоздание", "Смена партнёра", "Жалоба"],
           "before": "Пара, опоздавшая к началу раунда, теряет первую сдачу.",
           "before_a": "Опоздание по вине расписания не наказывается.",
           "a": ("Смена до раунда", "Капитан сообщает судье о смене партнёра до начала раунда."),
           "b": ("Смена во время раунда", "Смена во время раунда допускается лишь по болезни игрока."),
           "first": "Пара записывается у секретаря до начала сессии.",
           "last": "Жалоба на шум подаётся судье устно."},
    "en": {"law": "Law", "page": "Page", "contents": "CONTENTS",
           "titles": ["Entries", "Late Arrival", "Change of Partner", "Complaints"],
           "before": "A pair arriving late for a round loses the first board.",
           "before_a": "Lateness caused by the schedule is not penalised.",
           "a": ("Change before the Round", "The captain tells the director of a change before the round."),
           "b": ("Change during the Round", "A change during a round is allowed only for illness."),
           "first": "A pair enters at the desk before the session.",
           "last": "A complaint about noise is made to the director aloud."},
}


def book(lang: str, *, before_sections: str = "", page_label: str = "A", page_title: bool = True,
         contents_sections: bool = True, lost: bool = True) -> str:
    """Laws 1-4 on pages 2-4 (``Page N`` ends page N). Law 3's heading is lost at the top of
    page 3 (``lost``; else printed), which opens with section ``page_label``; law 2 has the
    sections ``before_sections`` (letters) or none."""
    w = WORDS[lang]
    up = lambda n: w["titles"][n - 1].upper()  # noqa: E731
    contents = [w["contents"], f"{w['law']} 1. {w['titles'][0]} ........ 2",
                f"{w['law']} 2. {w['titles'][1]} ........ 2", f"{w['law']} 3. {w['titles'][2]} ........ 3"]
    if contents_sections:
        contents += [f"    A. {w['a'][0]} ........ 3", f"    B. {w['b'][0]} ........ 3"]
    contents += [f"{w['law']} 4. {w['titles'][3]} ........ 4", f"{w['page']} 1"]
    law2 = [f"{w['law']} 2. {up(2)}", w["before"]]
    for letter in before_sections:
        law2 += [f"{letter}. {w['before_a']}"]
    second = {"A": w["a"], "B": w["b"]}
    nxt = chr(ord(page_label) + 1)
    opening = f"{page_label}. {w['a'][0]}" if page_title else f"{page_label}. {w['a'][1]}"
    page3 = ([] if lost else [f"{w['law']} 3. {up(3)}"]) + [opening] + ([w["a"][1]] if page_title else []) + [
        f"{nxt}. {second['B'][0]}", second["B"][1]]
    lines = (contents + [f"{w['law']} 1. {up(1)}", w["first"]] + law2 + [f"{w['page']} 2"] + page3
             + [f"{w['page']} 3", f"{w['law']} 4. {up(4)}", w["last"], f"{w['page']} 4"])
    return "\n".join(lines) + "\n"


def page3_line(text: str) -> int:
    """The 1-based line that opens page 3 (the line after the footer of page 2)."""
    lines = text.splitlines()
    return next(i for i, line in enumerate(lines) if line.endswith(" 2") and not "." in line) + 2


def ids(root: Path) -> list[str]:
    return [n.id for n in parse_folder(read_corpus_folder(root)).nodes if n.kind in ("law", "section")]


def check_laws(root: Path, tmp_path: Path) -> tuple[str, str]:
    r = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "check-out")])
    assert r.exit_code == 0, r.output
    return r.output.split("\nLaws:\n", 1)[1].split("\n\n", 1)[0], r.output


def law_line(laws: str, law: str) -> str:
    return next(l for l in laws.splitlines() if l.strip().startswith(f"{law} "))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("contents_sections", [True, False])
def test_a_page_opening_with_A_after_a_law_with_no_sections_is_the_lost_law(tmp_path, lang, contents_sections):
    """Law 2 has no sections; page 3, which the contents give to law 3 (lost heading), opens
    with «A.»: 3A and 3B, by the contents (its titles, or its pages where the contents list no
    section), never 2A and 2B; the warning names the page's line."""
    text = book(lang, contents_sections=contents_sections)
    root = corpus(tmp_path, lang, text)
    got = ids(root)
    assert "3A" in got and "3B" in got and "2A" not in got and "2B" not in got, got
    laws, out = check_laws(root, tmp_path)
    assert "MISSING" not in law_line(laws, "3"), laws
    assert f"book.txt:{page3_line(text)}: the page does not continue law 2" in out, out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_page_opening_with_a_label_that_skips_is_the_lost_law(tmp_path, lang):
    """Law 2 ends with its section A; page 3 opens with «C.» (not the label after A): law 2
    cannot go on with it; the contents give the page to law 3."""
    root = corpus(tmp_path, lang, book(lang, before_sections="A", page_label="C", contents_sections=False))
    got = ids(root)
    assert "3C" in got and "2C" not in got and "2A" in got, got


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_label_that_goes_on_with_no_title_deciding_warns_and_is_not_complete(tmp_path, lang):
    """Law 2 ends with section A, page 3 opens with «B.» and no section title of the
    contents decides: continuity keeps it (2B), with a warning at the page's first line,
    and law 2 is not "complete"."""
    text = book(lang, before_sections="A", page_label="B", page_title=False, contents_sections=False)
    root = corpus(tmp_path, lang, text)
    got = ids(root)
    assert "2B" in got, got
    laws, out = check_laws(root, tmp_path)
    assert "complete" not in law_line(laws, "2"), laws
    assert f"book.txt:{page3_line(text)}: the contents start law 3 on page 3" in out and "goes on from 2A" in out, out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_section_title_the_contents_give_to_the_lost_law_decides(tmp_path, lang):
    """Law 2 ends with section A, page 3 opens with «B. <title>» and the contents list that
    title under law 3: law 3's, though the label would go on law 2."""
    text = book(lang, before_sections="A", page_label="B").replace(
        f"B. {WORDS[lang]['a'][0]} ....", "X. Unlisted ....")  # the title now names 3A only
    root = corpus(tmp_path, lang, text)
    got = ids(root)
    assert "3B" in got and "2B" not in got, got


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_page_the_contents_give_to_the_law_before_stays_in_it(tmp_path, lang):
    """Law 3's heading is printed: no law is lost, and page 3's «A.» after law 2 with no
    sections is law 3's own first section, under its heading; law 2 keeps its text only."""
    root = corpus(tmp_path, lang, book(lang, lost=False))
    got = ids(root)
    assert "3A" in got and "2A" not in got, got
    laws, out = check_laws(root, tmp_path)
    assert "does not continue" not in out and "complete" in law_line(laws, "2"), out
