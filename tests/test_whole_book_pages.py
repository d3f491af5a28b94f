"""A whole book copied as one file, whatever marks its pages (cold read 2A, findings 1 and
5): without page footers at all, with «Страница N» or "Page N of M" counters, with form
feeds, or with the book's own ``- N``. Its title page, contents and subject index are read
as such and its laws are built; text before the first law is kept as a piece with a
warning; a contents page that runs on into text the rules cannot part from it makes the
build fail (never "OK" with the words gone); search over a corpus with no text says so.
Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.model import CorpusError
from lawsearch.sources import read_corpus_folder

RU_FRONT = ["ПРАВИЛА КЛУБНОГО БРИДЖА", "", "Издание 2003 года", "Перевод: Л. М. Орлова",
            "Издательство «Береста»", "Казань, 2003"]
RU_TOC = ["ОГЛАВЛЕНИЕ", "", "Определения .......................... 3", "Правило 1. Участники ................. 4",
          "Правило 2. Карточка записи ........... 4", "Правило 3. Время на обдумывание ...... 5",
          "Предметный указатель ................. 6"]
RU_DEFS = ["ОПРЕДЕЛЕНИЯ", "", "Капитан - игрок, отвечающий за состав команды.",
           "Протокол - лист, на котором записывают результаты сдач."]
RU_LAWS = [["Правило 1. Участники", "A. Состав пары", "Пара состоит из двух игроков, заявленных до начала турнира.",
            "B. Замена игрока", "Замену разрешает капитан с согласия судьи."],
           ["Правило 2. Карточка записи", "A. Заполнение",
            "Каждая пара заполняет карточку системы синими чернилами до первого тура.",
            "B. Показ карточки", "Противники вправе прочитать карточку в любой момент торговли."],
           ["Правило 3. Время на обдумывание", "A. Норма времени",
            "На каждую сдачу отводится не более семи минут; см. Правило 1A.",
            "B. Опоздание", "1. Первое опоздание влечет предупреждение.",
            "2. Повторное опоздание наказывается снятием балла."]]
RU_INDEX = ["ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", "", "Карточка записи 2A, 2B", "Опоздание 3B", "Пара 1A", "Протокол Опр."]

EN_FRONT = ["RULES OF THE SEASIDE BRIDGE CLUB", "Edition 2014", "Published by Gull Books"]
EN_TOC = ["TABLE OF CONTENTS", "", "Law 1 - Entries ........................ 2",
          "Law 2 - Convention Cards .............. 2", "Law 3 - Tempo .......................... 3"]
EN_LAWS = [["LAW 1 - ENTRIES", "A. Registration", "Every pair registers at the desk before the first round begins.",
            "B. Late Arrival", "A pair arriving after the start may join only with the Director's consent."],
           ["LAW 2 - CONVENTION CARDS", "A. Completion", "Each pair fills in two identical cards in dark ink.",
            "B. Inspection", "An opponent may read the card at any moment of the auction."],
           ["LAW 3 - TEMPO", "A. Allowance", "Seven minutes are allowed for every board; see Law 1A.",
            "B. Slow Play", "(a) the first offence draws a warning;", "(b) a second offence costs a quarter top."]]
# a word of each law's text that is nowhere else in its book: the law's text was built
RU_WORDS = {"1": "заявленных", "2": "чернилами", "3": "предупреждение"}
EN_WORDS = {"1": "desk", "2": "identical", "3": "quarter"}


def ru_book(page_end) -> str:
    """The Russian book with ``page_end(n)`` as the lines closing page n (none: [])."""
    pages = [RU_FRONT, RU_TOC, RU_DEFS, RU_LAWS[0] + [""] + RU_LAWS[1], RU_LAWS[2], RU_INDEX]
    out: list[str] = []
    for n, page in enumerate(pages, 1):
        out += page + [""] + page_end(n) + [""]
    return "\n".join(out) + "\n"


def en_book(page_end) -> str:
    pages = [EN_FRONT + [""] + EN_TOC, EN_LAWS[0] + [""] + EN_LAWS[1], EN_LAWS[2]]
    out: list[str] = []
    for n, page in enumerate(pages, 1):
        out += page + [""] + page_end(n) + [""]
    return "\n".join(out) + "\n"


RU_ENDS = {
    "no footers": lambda n: [],
    "Страница N": lambda n: [f"Страница {n}"],
    "стр. N из M": lambda n: [f"стр. {n} из 6"],
    "form feed": lambda n: ["\f"],
    "- N": lambda n: [f"- {n}"],
}
EN_ENDS = {
    "no footers": lambda n: [],
    "Page N of M": lambda n: [f"Page {n} of 3"],
    "Page N": lambda n: [f"Page {n}"],
    "form feed": lambda n: ["\f"],
}


def corpus(tmp_path: Path, lang: str, text: str, name: str = "book.txt") -> Path:
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / name).write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/{lang}/{name}"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    return root


def built(root: Path):
    return parse_folder(read_corpus_folder(root))  # strict: an error raises


def law_texts(c) -> dict[str, str]:
    """Each law's whole text (its own and its parts')."""
    out: dict[str, list[str]] = {}
    for n in c.nodes:
        if n.law and n.kind not in ("piece", "definition"):
            out.setdefault(n.law, []).append(" ".join(x for x in (n.title or "", n.text or "") if x))
    return {k: " ".join(v) for k, v in out.items()}


@pytest.mark.parametrize("form", list(RU_ENDS))
def test_a_russian_book_builds_its_laws_whatever_marks_its_pages(tmp_path, form):
    c = built(corpus(tmp_path, "ru", ru_book(RU_ENDS[form])))
    texts = law_texts(c)
    assert set(texts) == {"1", "2", "3"}, form
    for law, word in RU_WORDS.items():
        assert word in texts[law], (form, law)
    ids = {n.id for n in c.nodes}
    assert {"1A", "1B", "2A", "2B", "3A", "3B", "3B1", "3B2"} <= ids, form
    # the contents and the index are read as such, not as law text, and none of their
    # entries is a reference
    assert [e["id"] for e in c.apparatus["toc"] if e.get("scope") == "laws"][:4] == ["defs", "1", "2", "3"], form
    assert {e["headword"] for e in c.apparatus["index"]} >= {"Карточка записи", "Опоздание", "Пара"}, form
    assert all(r.from_ not in ("1", "2") for r in c.refs), form  # law 1 and 2 cite nothing; the contents cite nothing
    assert "Береста" in c.apparatus["front"].get("publisher", ""), form


@pytest.mark.parametrize("form", list(EN_ENDS))
def test_an_english_book_builds_its_laws_whatever_marks_its_pages(tmp_path, form):
    c = built(corpus(tmp_path, "en", en_book(EN_ENDS[form])))
    texts = law_texts(c)
    assert set(texts) == {"1", "2", "3"}, form
    for law, word in EN_WORDS.items():
        assert word in texts[law], (form, law)
    assert {"1A", "1B", "2A", "2B", "3A", "3B"} <= {n.id for n in c.nodes}, form
    assert [e["id"] for e in c.apparatus["toc"] if e.get("scope") == "laws"] == ["1", "2", "3"], form


def test_page_counters_number_the_pages(tmp_path):
    """«Страница N» ends page N as ``- N`` does: check reports the pages."""
    root = corpus(tmp_path, "ru", ru_book(RU_ENDS["Страница N"]))
    out = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "b")]).output
    assert "Pages: 6 present (1-6)" in out


@pytest.mark.parametrize("lang,lines,law", [
    ("ru", ["Предисловие составителя к этому изданию написано для судей районных турниров.", "",
            "Правило 1. Участники", "Пара состоит из двух игроков, заявленных до начала турнира."], "1"),
    ("en", ["A NOTE TO READERS", "These rules were agreed by the club committee in the spring.", "",
            "LAW 1 - ENTRIES", "Every pair registers at the desk before the first round begins."], "1"),
    ("ru", ["Составители благодарят всех, кто прислал замечания.", "Правило 1. Участники",
            "A. Состав пары", "Пара состоит из двух игроков.", "Правило 2. Карточка записи",
            "Каждая пара заполняет карточку системы."], "2"),
])
def test_text_before_the_first_law_is_kept_as_a_piece_not_an_error(tmp_path, lang, lines, law):
    c = built(corpus(tmp_path, lang, "\n".join(lines) + "\n"))
    assert law in law_texts(c)
    pieces = [n for n in c.nodes if n.kind == "piece"]
    assert len(pieces) == 1 and lines[0].split()[-1].rstrip(".") in pieces[0].text
    assert any(p.severity == "warning" and "before law 1" in p.message for p in c.problems)


def test_a_law_0_from_text_after_a_heading_is_still_an_error(tmp_path):
    """Only text before the code's first law is a preface: a heading out of range stays an error."""
    with pytest.raises(CorpusError, match="outside the code's range"):
        built(corpus(tmp_path, "ru", "Правило 140. Лишнее\nТекст правила за пределами кодекса.\n"))


@pytest.mark.parametrize("lang,text", [
    # contents followed by prose with no heading the layout reads: no rule can say where the
    # contents end, so the build fails, naming the file
    ("ru", "СОДЕРЖАНИЕ\n\nПравило 1. Участники ........ 4\nПравило 2. Карточка записи ........ 5\n\n"
           "Эта книга составлена по материалам заседаний клубного совета и содержит все изменения, "
           "принятые за последние три сезона, включая порядок записи результатов и правила опозданий.\n"
           "Составители благодарят капитанов команд, приславших свои замечания и поправки к тексту.\n"
           "Отдельное спасибо судьям, которые проверили каждую формулировку на живых турнирах.\n"),
    ("en", "CONTENTS\n\nLaw 1 - Entries ........ 2\nLaw 2 - Convention Cards ........ 3\n\n"
           "This booklet gathers the decisions of the club committee over three seasons, including the "
           "order of scoring and the handling of late arrivals at the tables of the main room.\n"
           "The editors thank the team captains who sent their remarks and corrections to the text.\n"),
])
def test_a_contents_page_that_swallows_text_fails_the_build(tmp_path, lang, text):
    root = corpus(tmp_path, lang, text)
    with pytest.raises(CorpusError, match="text in no node"):
        built(root)
    result = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(tmp_path / "b")])
    assert result.exit_code != 0 and "book.txt:1" in result.output


def test_search_in_a_corpus_with_no_text_says_so(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "toc.txt").write_text(
        "СОДЕРЖАНИЕ\n\nПравило 1. Участники ........ 4\nПравило 2. Карточка записи ........ 5\n", encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "ru"\n\n'
                                        '[[source]]\npath = "laws/ru/toc.txt"\nlang = "ru"\nkind = "toc"\n',
                                        encoding="utf-8")
    out = tmp_path / "b"
    assert CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)]).exit_code == 0
    result = CliRunner().invoke(main, ["search", "--corpus", str(root), "--out", str(out), "участники"])
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    assert "holds no text to search" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("lang,text,absent", [
    ("ru", "Правило 1. Участники\nПара состоит из двух игроков.\n", ["  г.", "г..", "редакция  г"]),
    ("en", "LAW 1 - ENTRIES\nEvery pair registers at the desk.\n", ["the  code", "code..", ",  edition"]),
])
def test_a_corpus_naming_no_edition_prints_no_empty_year(tmp_path, lang, text, absent):
    """The home page's lead and footer without an edition say no year (cold read «кодекса  г..»)."""
    root = corpus(tmp_path, lang, text)
    out = tmp_path / "b"
    assert CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)]).exit_code == 0
    page = (out / "site" / "index.html").read_text(encoding="utf-8")
    for bad in absent:
        assert bad not in page, bad


@pytest.mark.parametrize("lines,fields", [
    (["ПРАВИЛА КЛУБНОГО БРИДЖА", "", "Издание 2003 года", "Перевод Л. М. Орловой", "Издательство «Береста»"],
     {"translator": "Л. М. Орловой", "edition": "2003", "title": "ПРАВИЛА КЛУБНОГО БРИДЖА"}),
    (["КОДЕКС ТУРНИРНОЙ ИГРЫ", "Сборник для судей", "Редакция 1997 года", "Перевод О. Кравцова"],
     {"translator": "О. Кравцова", "edition": "1997", "subtitle": "Сборник для судей"}),
])
def test_the_title_page_reads_a_translator_without_a_colon_and_no_edition_as_subtitle(lines, fields):
    """«Перевод В. К. Семенова» names the translator; «Издание 1991 года» is the edition, never
    part of the subtitle (cold 2A finding 16)."""
    from lawsearch.profile import load_profile
    from lawsearch.structure.apparatus import Apparatus, parse_front

    got = parse_front(lines, Apparatus.of(load_profile(), "ru"))
    assert {k: got.get(k) for k in fields} == fields
    assert "Издание" not in got.get("subtitle", "") and "Редакция" not in got.get("subtitle", "")


def test_a_lone_page_counter_is_no_page_footer(tmp_path):
    """A saved web page's pager line ("Page 2 of 9") is furniture: the file stays unpaged."""
    root = corpus(tmp_path, "en", "LAW 1 - ENTRIES\nA. Registration\nEvery pair registers at the desk.\n"
                                  "Page 2 of 9\nB. Late Arrival\nA late pair joins with the Director's consent.\n")
    out = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "b")]).output
    assert "Pages: no page numbers in the sources" in out and "complete as far as the sources go" in out


# invented: a code of a chess club, its pages closed by «Страница N» counters; the last page
# (law 3) has no counter, as a book's last page often has none
COUNTED = ["Правило 1. Доска", "A. Расстановка", "Доску ставят так, чтобы угловое поле справа было белым.", "",
           "Страница 1", "Правило 2. Часы", "A. Пуск", "Часы пускает судья после рукопожатия игроков.", "",
           "Страница 2", "Правило 3. Запись", "A. Бланк", "Каждый игрок записывает ходы в свой бланк разборчиво."]


@pytest.mark.parametrize("cut", [False, True])
def test_a_last_page_with_no_counter_after_counted_pages_ends_with_the_file(tmp_path, cut):
    """The file's end is the text's end, not a page gap: law 3 is whole, no gap mark, no
    "text lost" (cold 5 of issue 15, finding 4); broken off mid-word, it is still cut."""
    lines = COUNTED[:-1] + ["Каждый игрок записывает ходы в св"] if cut else COUNTED
    c = built(corpus(tmp_path, "ru", "\n".join(lines) + "\n"))
    node = next(n for n in c.nodes if n.id == "3A")
    assert node.truncated_end is cut
    assert bool([m for m in node.marks if m.kind == "gap"]) is cut
    assert not any(n.truncated_end or n.truncated_start for n in c.nodes if n.id != "3A")
