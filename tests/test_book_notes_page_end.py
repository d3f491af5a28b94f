"""Cold read 14 of issue 13, finding 5: a book copied without page footers.

* A note's body is printed at the foot of its page, so running text right after it is the
  next page's, not the noted clause's: a page whose heading was lost (a section's, a law's)
  is no longer read as the end of the clause that bears the note mark. Its end is told by
  shape: the body line(s) opening with the mark, then text that does not go on with a
  sentence left open above the note; a heading after the note opens its own node.
* A section the contents list whose heading is nowhere in the text: its law is not reported
  "complete as far as the sources go".
* An afterword after the subject index, its title listed in the contents, is no index entry
  (not on the site's index page): a piece of its own.

Invented books, Russian and English, in several variants, each with a control."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder


def corpus(tmp_path: Path, lang: str, lines: list[str]) -> Path:
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "book.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/{lang}/book.txt"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    return root


def built(root: Path):
    return parse_folder(read_corpus_folder(root))


def node(c, node_id: str):
    return next(n for n in c.nodes if n.id == node_id)


def check(root: Path, tmp_path: Path) -> str:
    return CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "check-out")]).output


RU_NEXT = "Учётчик заносит каждую новую дату тура в книгу станции и подписывает запись."
RU_LOST_LAW = "Сигнальный колокол звонит трижды перед отплытием последнего катера."
EN_NEXT = "The steward writes each new date of a round in the station book and signs the entry."
EN_LOST_LAW = "The signal bell rings three times before the last launch sails."


def ru_book(mark: str, after: list[str], contents: bool = False) -> list[str]:
    head = ["ОГЛАВЛЕНИЕ", "Правило 30. Причальная книга ........ 3", "Правило 31. Отплытие катера ......... 3",
            "    A. Сбор ......................... 3", "    B. Перенос ...................... 4",
            "Правило 32. Колокол ................. 5", "Правило 33. Туман .................... 6"] if contents else []
    return head + ["Правило 30. ПРИЧАЛЬНАЯ КНИГА", "Книга хранится у смотрителя причала весь сезон.",
                   "Правило 31. ОТПЛЫТИЕ КАТЕРА", "A. Сбор",
                   "1. Команды собираются у причала за полчаса до отплытия.",
                   "2. Смотритель отмечает:", "(a) время сбора;", f"(b) число пассажиров{mark}.",
                   f"{mark} Не более двенадцати человек на катере.", *after,
                   "Правило 33. ТУМАН", "В туман катер не выходит, тур переносится по правилу 31."]


def en_book(mark: str, after: list[str]) -> list[str]:
    return ["Law 30. THE QUAY BOOK", "The book stays with the quay keeper all season.",
            "Law 31. THE LAUNCH SAILS", "A. Gathering",
            "1. Teams gather at the quay half an hour before sailing.",
            "2. The keeper records:", "(a) the time of gathering;", f"(b) the number of passengers{mark}.",
            f"{mark} No more than twelve people on a launch.", *after,
            "Law 33. FOG", "In fog the launch stays in, and the round is moved as in Law 31."]


@pytest.mark.parametrize("lang, book, mark", [
    ("ru", ru_book, "¹"), ("ru", ru_book, "*"), ("en", en_book, "*"), ("en", en_book, "¹")])
@pytest.mark.parametrize("lost", ["one", "two"])
def test_text_after_a_note_is_not_the_noted_clause(tmp_path, lang, book, mark, lost):
    nxt, law = (RU_NEXT, RU_LOST_LAW) if lang == "ru" else (EN_NEXT, EN_LOST_LAW)
    after = [nxt, law] if lost == "two" else [nxt]
    c = built(corpus(tmp_path, lang, book(mark, after)))
    clause = node(c, "31A2(b)")
    assert nxt not in (clause.text or "") and law not in (clause.text or "")
    assert c.footnotes and all(nxt not in f.text for f in c.footnotes)
    # the page after the note is a piece of its own, its text whole
    pieces = [n for n in c.nodes if n.kind == "piece" and nxt in (n.text or "")]
    assert pieces and (lost == "one" or law in pieces[0].text)


@pytest.mark.parametrize("lang, book, mark, tail, head", [
    ("ru", ru_book, "¹", "и капитанов команд на борту.", "(b) число пассажиров{m}"),
    ("en", en_book, "*", "and of the team captains aboard.", "(b) the number of passengers{m}")])
def test_control_sentence_open_above_the_note_goes_on(tmp_path, lang, book, mark, tail, head):
    # the clause's sentence left open before the note (no stop): the text after the note is
    # its tail, on the next page, and stays the clause's
    lines = book(mark, [tail])
    k = next(i for i, t in enumerate(lines) if t.startswith(head.format(m="")[:12]))
    lines[k] = head.format(m=mark)
    c = built(corpus(tmp_path, lang, lines))
    assert tail in node(c, "31A2(b)").text
    assert not [n for n in c.nodes if n.kind == "piece" and tail in (n.text or "")]


@pytest.mark.parametrize("lang, book, heading, text", [
    ("ru", ru_book, "B. Перенос", RU_NEXT), ("en", en_book, "B. Moving", EN_NEXT)])
def test_control_a_heading_after_the_note_opens_its_node(tmp_path, lang, book, heading, text):
    c = built(corpus(tmp_path, lang, book("*", [heading, text])))
    assert node(c, "31B").text == text
    assert text not in (node(c, "31A2(b)").text or "")
    assert not [n for n in c.nodes if n.kind == "piece"]


def test_control_a_note_in_a_format_s_markup_stays_after_its_paragraph(tmp_path):
    # a note a format's reader set after its paragraph (``(*) - …``: FB2, DOCX) is not at a
    # page's foot: the text after it stays the clause's
    lines = ru_book("(*)", [RU_NEXT])
    k = lines.index("(*) Не более двенадцати человек на катере.")
    lines[k] = "(*) - Не более двенадцати человек на катере."
    c = built(corpus(tmp_path, "ru", lines))
    assert RU_NEXT in node(c, "31A2(b)").text


def test_lost_section_makes_its_law_not_complete(tmp_path):
    out = check(corpus(tmp_path, "ru", ru_book("¹", [RU_NEXT, RU_LOST_LAW], contents=True)), tmp_path)
    row = next(line for line in out.splitlines() if line.strip().startswith("31 "))
    assert "complete as far as the sources go" not in row and "31B" in row
    row30 = next(line for line in out.splitlines() if line.strip().startswith("30 "))
    assert "complete as far as the sources go" in row30  # control: a law the contents lose nothing of


RU_INDEX = ["АЛФАВИТНЫЙ УКАЗАТЕЛЬ", "Катер, отплытие 31", "Книга причальная 30", "Туман 33"]
EN_INDEX = ["INDEX OF SUBJECTS", "Bell 32", "Fog 33", "Launch, sailing 31"]


@pytest.mark.parametrize("lang, contents, index, title, words", [
    ("ru", ["ОГЛАВЛЕНИЕ", "Правило 30. Причальная книга ........ 3", "Правило 33. Туман .................... 6",
            "Алфавитный указатель ................ 9", "Послесловие ......................... 10"],
     RU_INDEX, "ПОСЛЕСЛОВИЕ", "Редакция благодарит смотрителей и просит присылать поправки (см. правило 33)."),
    ("ru", ["ОГЛАВЛЕНИЕ", "Правило 30. Причальная книга ........ 3", "Правило 33. Туман .................... 6",
            "Алфавитный указатель ................ 9", "От составителя ...................... 10"],
     RU_INDEX, "От составителя", "Составитель благодарит смотрителей маяка и ждёт писем с поправками к правилу 31."),
    ("en", ["CONTENTS", "Law 30. The Quay Book ........ 3", "Law 33. Fog .................. 6",
            "Index of Subjects ............ 9", "Afterword .................... 10"],
     EN_INDEX, "AFTERWORD", "The editors thank the keepers and ask for corrections (see Law 33)."),
])
def test_afterword_named_in_the_contents_is_no_index_entry(tmp_path, lang, contents, index, title, words):
    laws = (["Правило 30. ПРИЧАЛЬНАЯ КНИГА", "Книга хранится у смотрителя причала весь сезон.",
             "Правило 33. ТУМАН", "В туман катер не выходит."] if lang == "ru" else
            ["Law 30. THE QUAY BOOK", "The book stays with the quay keeper all season.",
             "Law 33. FOG", "In fog the launch stays in."])
    root = corpus(tmp_path, lang, contents + laws + index + [title, words])
    c = built(root)
    entries = c.apparatus.get("index", [])
    assert not [e for e in entries if title.lower() in str(e.get("headword", "")).lower()]
    assert len(entries) == len(index) - 1  # control: every entry of the index is still read
    assert [n for n in c.nodes if n.kind == "piece" and words in (n.text or "")]
    out = tmp_path / "site"
    CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    page = (out / "site" / "subject-index.html").read_text(encoding="utf-8")
    assert words.split()[1] not in page
