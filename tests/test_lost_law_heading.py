"""A page that lost its law heading (coldA item 2): a joined page whose first section label
repeats, or goes back from, one already seen in the law before it cannot continue that law.
The build does not stop; the page is placed by curation or the contents where they can, else
it stays an unplaced piece, and a warning names the file, the line and what to write. An
explicit curation statement overrides continuity. Invented text, the ru-book layout with
footers ``- N`` closing each page."""

from __future__ import annotations

from pathlib import Path

from lawsearch.corpus import parse_folder
from lawsearch.placement import ContentsEntry
from lawsearch.sources import read_corpus_folder

MANIFEST = """[code]
title = "Test"
laws = [1, 93]
edition = "1987"
lang = "ru"
{curation}
[[source]]
path = "laws/ru/book.txt"
lang = "ru"
kind = "laws"
edition = "1987"
"""

# law 21 ends on page 41 with section B; page 42 begins "B." again: law 22's heading (and
# its section A) went with the lost top of the page
REPEAT = """Правило 21. Порядок записи заявок
A. Запись по ходу торговли
Каждая заявка записывается в бланк сразу после того, как она сделана.
- 40
B. Исправление записи
Ошибку в бланке исправляют до окончания торговли.
- 41
B. Запись после окончания торговли
Когда торговля окончена, бланк сдают судье вместе с протоколом сдачи.
- 42
Правило 23. Сдача бланков
Бланки сдаются после последнего раунда.
- 43
"""


def corpus_at(tmp_path: Path, text: str, curation: str = "", contents=()):
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "book.txt").write_text(text, encoding="utf-8")
    if curation:
        (root / "curation.toml").write_text(curation, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(curation='curation = "curation.toml"' if curation else ""),
                                        encoding="utf-8")
    folder = read_corpus_folder(root)
    folder.contents = list(contents)
    return parse_folder(folder, strict=False)


def errors(corpus) -> list[str]:
    return [p.message for p in corpus.problems if p.severity == "error"]


def warnings(corpus) -> list[str]:
    return [f"{p.path}:{p.line}: {p.message}" for p in corpus.problems if p.severity == "warning"]


def test_repeated_label_without_contents_leaves_an_unplaced_piece_and_says_what_to_write(tmp_path):
    corpus = corpus_at(tmp_path, REPEAT)
    assert not errors(corpus)
    ids = {n.id for n in corpus.nodes}
    assert {"21", "21A", "21B", "23"} <= ids
    piece = [n for n in corpus.nodes if n.kind == "piece"]
    assert len(piece) == 1 and piece[0].law is None
    assert "сдают судье" in piece[0].text
    assert "сдают судье" not in next(n for n in corpus.nodes if n.id == "21B").text
    said = [w for w in warnings(corpus) if "does not continue law 21" in w]
    assert len(said) == 1
    assert "book.txt:8:" in said[0] and "section B" in said[0] and "21B" in said[0]
    assert '[[piece]] at = "book:8" law = "…"' in said[0]


def test_repeated_label_placed_by_the_contents_page_numbers(tmp_path):
    toc = [ContentsEntry("21", "Порядок записи заявок", 40), ContentsEntry("22", "Сдача заявок", 42),
           ContentsEntry("23", "Сдача бланков", 43)]
    corpus = corpus_at(tmp_path, REPEAT, contents=toc)
    assert not errors(corpus)
    node = next(n for n in corpus.nodes if n.id == "22B")
    assert "сдают судье" in node.text
    assert any("placed in law 22 by rule page" in w for w in warnings(corpus))


def test_curation_overrides_continuity(tmp_path):
    curation = '[[piece]]\nat = "book:8"\nlaw = "22"\nreason = "the page lost law 22\'s heading"\n'
    corpus = corpus_at(tmp_path, REPEAT, curation)
    assert not errors(corpus)
    assert "сдают судье" in next(n for n in corpus.nodes if n.id == "22B").text


def test_curation_naming_another_law_cuts_even_a_plain_continuation(tmp_path):
    # the page starts with text, which would continue law 21; the editor knows better
    text = REPEAT.replace("B. Запись после окончания торговли\n", "")
    curation = '[[piece]]\nat = "book:8"\nlaw = "22"\nreason = "heading lost"\n'
    corpus = corpus_at(tmp_path, text, curation)
    assert not errors(corpus)
    holder = [n for n in corpus.nodes if "сдают судье" in (n.text or "")]
    assert [n.law for n in holder] == ["22"]  # where in law 22 the text is nobody knows: a piece of it


def test_label_going_back_is_a_lost_heading_too(tmp_path):
    text = REPEAT.replace("B. Исправление записи", "C. Исправление записи")  # 21A, 21C; the next page "B."
    corpus = corpus_at(tmp_path, text)
    assert not errors(corpus)
    assert "21C" in {n.id for n in corpus.nodes}
    assert any("does not continue law 21" in w and "21C" in w for w in warnings(corpus))


def test_the_next_label_still_continues_its_law(tmp_path):
    text = REPEAT.replace("B. Запись после окончания торговли", "C. Запись после окончания торговли")
    corpus = corpus_at(tmp_path, text)
    assert not errors(corpus)
    node = next(n for n in corpus.nodes if n.id == "21C")
    assert "сдают судье" in node.text
    assert not [n for n in corpus.nodes if n.kind == "piece"]
    assert not any("does not continue" in w for w in warnings(corpus))


# law 31 ends page 60 in the middle of a sentence; page 61 finishes it in lower case, and the
# contents put law 32 (whose heading is nowhere) on page 61: the page stays in law 31
OPEN_SENTENCE = """Правило 31. Запись результата
Результат раздачи записывает Север, а Восток проверяет запись и ставит под ней
- 60
свою подпись до начала следующей раздачи.
- 61
Правило 33. Подсчёт очков
Очки считаются по таблице, утверждённой судьёй.
- 62
"""


def test_a_page_finishing_an_open_sentence_stays_in_its_law_and_the_contents_disagreement_is_said(tmp_path):
    toc = [ContentsEntry("31", "Запись результата", 60), ContentsEntry("32", "Проверка записи", 61),
           ContentsEntry("33", "Подсчёт очков", 62)]
    corpus = corpus_at(tmp_path, OPEN_SENTENCE, contents=toc)
    assert not errors(corpus)
    law31 = next(n for n in corpus.nodes if n.id == "31")
    assert "до начала следующей раздачи" in law31.text
    assert not any("до начала следующей раздачи" in (n.text or "") for n in corpus.nodes if n.law == "32")
    said = [w for w in warnings(corpus) if "stays in law 31" in w]
    assert len(said) == 1
    assert "book.txt:4:" in said[0] and "law 32" in said[0]
    assert '[[piece]] at = "book:4" law = "32"' in said[0]


def test_a_capitalised_page_after_a_closed_sentence_still_goes_by_the_contents(tmp_path):
    text = OPEN_SENTENCE.replace("ставит под ней\n", "ставит подпись.\n").replace("свою подпись до", "Свою подпись до")
    toc = [ContentsEntry("31", "Запись результата", 60), ContentsEntry("32", "Проверка записи", 61),
           ContentsEntry("33", "Подсчёт очков", 62)]
    corpus = corpus_at(tmp_path, text, contents=toc)
    law31 = next(n for n in corpus.nodes if n.id == "31")
    assert "до начала следующей раздачи" not in law31.text
    assert any("до начала следующей раздачи" in (n.text or "") for n in corpus.nodes if n.law == "32")
    assert not [w for w in warnings(corpus) if "stays in law" in w]


# law 22's heading is lost at the top of page 42, whose text the contents give to law 22;
# pages 41 and 42 are both there: no text went with a page (cold read 6, finding 10)
LOST_AT_TOP = """Правило 21. Порядок записи заявок
A. Запись по ходу торговли
Каждая заявка записывается в бланк сразу после того, как она сделана.
B. Исправление записи
Ошибку в бланке исправляют до окончания торговли.
- 41
Бланки сдаются судье вместе с протоколом после последнего раунда.
- 42
Правило 23. Проверка бланков
Судья проверяет бланки до объявления итогов.
- 43
"""


def test_a_heading_lost_between_two_present_pages_marks_no_gap(tmp_path):
    toc = [ContentsEntry("21", "Порядок записи заявок", 40), ContentsEntry("22", "Сдача бланков", 42),
           ContentsEntry("23", "Проверка бланков", 43)]
    corpus = corpus_at(tmp_path, LOST_AT_TOP, contents=toc)
    section = next(n for n in corpus.nodes if n.id == "21B")
    assert not section.truncated_end and not [m for m in section.marks if m.kind == "gap"]
    holder = next(n for n in corpus.nodes if "Бланки сдаются судье" in (n.text or ""))
    assert holder.law == "22"
    assert not holder.truncated_start and not [m for m in holder.marks if m.kind == "gap"]
    # the same text after a page that is really missing (41, then 43) keeps its gap marks
    gap = corpus_at(tmp_path / "gap", LOST_AT_TOP.replace("- 42\nПравило 23", "- 44\nПравило 23").replace(
        "- 41\n", "- 40\n"), contents=toc)
    assert next(n for n in gap.nodes if n.id == "21B").truncated_end


def test_check_says_heading_lost_not_text_lost_for_a_law_whose_heading_alone_went(tmp_path):
    from click.testing import CliRunner

    from lawsearch.cli import main

    contents = ("СОДЕРЖАНИЕ\nПравило 21. Порядок записи заявок ........ 40\nПравило 22. Сдача бланков ........ 42\n"
                "Правило 23. Проверка бланков ........ 43\n- 39\n")
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "book.txt").write_text(contents + LOST_AT_TOP, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(curation=""), encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "out")]).output
    laws = out[out.index("\nLaws:"):]
    assert "21  Порядок записи заявок -- 2 parts; complete as far as the sources go" in laws, laws
    assert "22  Сдача бланков [title from the contents] -- 1 part; heading lost (its title from the contents)" in laws
    # law 23 ends at the file's last footer: what followed on page 44 is lost, and said so
    assert "23  Проверка бланков -- 0 parts; text lost at a page gap" in laws


def test_the_site_says_a_page_was_placed_by_the_contents_and_guesses_no_section(tmp_path):
    """The piece the contents' page put in law 22 (a law with no sections) is labelled with
    that rule on its law's page, not «restored from the neighbours: the section letter»."""
    from lawsearch.build import build
    from lawsearch.profile import load_profile

    contents = ("СОДЕРЖАНИЕ\nПравило 21. Порядок записи заявок ........ 40\nПравило 22. Сдача бланков ........ 42\n"
                "Правило 23. Проверка бланков ........ 43\n- 39\n")
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "book.txt").write_text(contents + LOST_AT_TOP, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(curation=""), encoding="utf-8")
    build(root, tmp_path / "out", lambda message: None)
    html = (tmp_path / "out" / "site" / "laws" / "22.html").read_text(encoding="utf-8")
    strings = load_profile("bridge").data["strings"]["ru"]
    assert strings["placed_page"] in html
    assert strings["guessed"].split(":")[0] not in html
