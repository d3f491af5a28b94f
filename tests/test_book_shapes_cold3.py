"""Whole-book shapes a third cold read found losing or misplacing words while ``check``
said OK (issue 13, cold read 3):

1. a book that starts with its contents (no title page) and runs on into a preface, the
   laws and an index: ``add`` guesses ``laws`` (not ``toc``), and a file declared ``toc``
   or ``index`` that holds law headings with text under them fails ``check``;
2. a book with its commentary after the laws: ``add`` guesses ``laws``;
3. a preface after a title page, with no footer between: kept as an unplaced piece, the
   title page still read;
4. text before the first law at the start of a file without page numbers (a preface, a
   title page): an unplaced piece with a warning, never an invented law N-1.

Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.dropin import detect
from lawsearch.sources import read_corpus_folder
from test_whole_book_pages import law_texts


def corpus(tmp_path: Path, lang: str, text: str, kind: str = "laws", name: str = "book.txt") -> Path:
    root = tmp_path / "corpus"
    (root / kind / lang).mkdir(parents=True)
    (root / kind / lang / name).write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "{kind}/{lang}/{name}"\nlang = "{lang}"\nkind = "{kind}"\n', encoding="utf-8")
    return root


def built(root: Path):
    return parse_folder(read_corpus_folder(root), strict=False)


def check(root: Path, tmp_path: Path):
    return CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "out")])


def pieces(c) -> list[str]:
    """The text of the nodes no rule placed (law unknown)."""
    return [n.text or "" for n in c.nodes if n.kind == "piece" and n.law is None]


def guess(text: str) -> str:
    return detect(text.encode("utf-8"), "book.txt").kind


# -- 1. a book that starts with its contents -------------------------------------------------

RU_TOC_FIRST = """ОГЛАВЛЕНИЕ
Правило 21. Опоздание пары .......... 2
Правило 22. Замена игрока ........... 3

ВСТУПЛЕНИЕ
Эти страницы собраны секцией бриджа при доме культуры; исправления присылайте старосте секции.

Правило 21. ОПОЗДАНИЕ ПАРЫ
Пара, опоздавшая к началу тура, получает среднее за пропущенные сдачи по решению судьи.

Правило 22. ЗАМЕНА ИГРОКА
A. Разрешение судьи
Заменить игрока можно только с разрешения судьи и до начала очередного тура.

ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Замена игрока 22A
Опоздание 21
"""

EN_TOC_FIRST = """CONTENTS
Law 21 - Late Arrival ............... 2
Law 22 - Substitutes ................ 3

FOREWORD
These pages were gathered by the harbour club committee, and corrections are welcome by post.

LAW 21 - LATE ARRIVAL
A pair that arrives after the round has begun scores an average on the missed boards by the Director's ruling.

LAW 22 - SUBSTITUTES
A. Consent of the Director
A substitute may replace a player only with the consent of the Director before the round begins.
"""

BOOKS = {"ru": (RU_TOC_FIRST, {"21": "опоздавшая", "22": "очередного"}, "секцией"),
         "en": (EN_TOC_FIRST, {"21": "missed", "22": "substitute"}, "harbour")}


@pytest.mark.parametrize("lang", list(BOOKS))
def test_a_book_that_starts_with_its_contents_is_guessed_law_text(lang):
    assert guess(BOOKS[lang][0]) == "laws"


@pytest.mark.parametrize("lang", list(BOOKS))
def test_a_book_that_starts_with_its_contents_builds_its_laws_and_keeps_the_preface(tmp_path, lang):
    text, words, preface = BOOKS[lang]
    c = built(corpus(tmp_path, lang, text))
    texts = law_texts(c)
    assert set(texts) == set(words)
    for law, word in words.items():
        assert word in texts[law], law
    assert [e["id"] for e in c.apparatus["toc"] if e.get("id")] == list(words)
    # the preface is neither a contents entry nor in a law: a piece of its own
    assert all(preface not in t for t in texts.values())
    assert any(preface in p for p in pieces(c))


def test_a_true_contents_file_is_still_guessed_contents():
    toc = "ОГЛАВЛЕНИЕ\n" + "".join(f"Правило {n}. Название номер {n} {'.' * 12} {n + 2}\n" for n in range(1, 9))
    assert guess(toc) == "toc"


@pytest.mark.parametrize("lang,kind", [("ru", "toc"), ("en", "toc"), ("ru", "index")])
def test_a_file_declared_contents_or_index_holding_law_text_fails_check(tmp_path, lang, kind):
    root = corpus(tmp_path, lang, BOOKS[lang][0], kind=kind)
    result = check(root, tmp_path)
    assert result.exit_code == 1, result.output
    heading = "Правило 21. ОПОЗДАНИЕ ПАРЫ" if lang == "ru" else "LAW 21 - LATE ARRIVAL"
    line = BOOKS[lang][0].splitlines().index(heading) + 1
    assert f"book.txt:{line}" in result.stderr and "law headings with text" in result.stderr


def test_a_declared_contents_file_of_entries_only_passes_check(tmp_path):
    toc = "ОГЛАВЛЕНИЕ\nПравило 21. Опоздание пары .......... 2\nПравило 22. Замена игрока ........... 3\n"
    root = corpus(tmp_path, "ru", toc, kind="toc")
    result = check(root, tmp_path)
    assert "law headings with text" not in result.stderr


# -- 2. a book with its commentary after the laws ------------------------------------------------

RU_WITH_COMMENTARY = """Правило 30. ПАУЗА В ТОРГОВЛЕ
A. Длительная пауза
Игрок, задумавшийся надолго, не должен подчёркивать этим силу своей руки.
Страница 14
Правило 31. ВОПРОСЫ О ТОРГОВЛЕ
Вопрос задаётся только партнёру противника и только в свою очередь.
Страница 15
КОММЕНТАРИЙ
Правило 30. ПАУЗА В ТОРГОВЛЕ
30.1. Длительность паузы оценивает судья, а не соперники.
30.2. Пауза перед пасом особенно опасна для партнёра.
Страница 80
Правило 31. ВОПРОСЫ О ТОРГОВЛЕ
31.1. Ответ даёт партнёр того, кто сделал заявку, а не сам заявивший.
"""


def test_a_book_with_its_commentary_after_the_laws_is_guessed_law_text():
    assert guess(RU_WITH_COMMENTARY) == "laws"


def test_a_book_with_its_commentary_after_the_laws_keeps_each_law_its_own_text(tmp_path):
    c = built(corpus(tmp_path, "ru", RU_WITH_COMMENTARY))
    texts = law_texts(c)
    assert "подчёркивать" in texts["30"] and "противника" in texts["31"]
    assert "29" not in texts  # no law invented before the first one
    assert {n.law for n in c.nodes if n.kind == "commentary"} == {"30", "31"}


def test_a_commentary_file_is_still_guessed_commentary():
    commentary = RU_WITH_COMMENTARY.split("КОММЕНТАРИЙ\n", 1)[1]
    assert guess(commentary) == "commentary"


# -- 3. a preface after a title page ----------------------------------------------------------

RU_TITLE_PREFACE = """ПРАВИЛА КЛУБНОГО БРИДЖА
Перевод Н. С. Белкиной
Издательство «Полярная звезда», Мурманск
1994

СЛОВО К ЧИТАТЕЛЮ
Книжка задумана как подарок судьям северных турниров, и в ней только самое нужное для работы за столом.

Правило 1. КОЛОДА
Колода состоит из пятидесяти двух карт четырёх мастей, и каждая карта в ней единственная.
"""

EN_TITLE_PREFACE = """THE SEASIDE CLUB RULES
Edition 2011
Translated by O. P. Marsh
Published by Gull Books, 2011

A WORD TO THE READER
This little book was made for the directors of our summer tournaments and keeps only what they need.

LAW 1 - THE PACK
The pack holds fifty-two cards in four suits, and each card in it is unique.
"""


@pytest.mark.parametrize("lang,text,preface,law_word", [
    ("ru", RU_TITLE_PREFACE, "подарок", "пятидесяти"),
    ("en", EN_TITLE_PREFACE, "summer", "fifty-two")])
def test_a_preface_after_a_title_page_is_kept_as_a_piece(tmp_path, lang, text, preface, law_word):
    c = built(corpus(tmp_path, lang, text))
    assert c.apparatus["front"].get("year") in ("1994", "2011")  # the title page is still read
    assert any(preface in p for p in pieces(c)), "the preface is lost"
    assert law_word in law_texts(c)["1"]
    warned = [p for p in c.problems if p.severity == "warning" and "unplaced piece" in p.message]
    line = text.splitlines().index("СЛОВО К ЧИТАТЕЛЮ" if lang == "ru" else "A WORD TO THE READER") + 1
    assert [p.line for p in warned] == [line]


# -- 4. text before the first law of a file without page numbers --------------------------------

PREFACES = {
    "ru preface": ("ru", "Вступление. Эти правила приняты на общем собрании клуба, и мы благодарим всех за споры.\n"
                   "Правило 12. ПЕРЕСДАЧА\nПересдача назначается судьёй, если карты были розданы неверно.\n",
                   "собрании", "12", "Пересдача"),
    "en title page": ("en", "THE HARBOUR CLUB LAWS\nThird printing, 2009\nEdited by K. L. Finch\n\n"
                      "LAW 45 - CARD PLAYED\nA card is played when it is held face up touching the table.\n",
                      "HARBOUR", "45", "touching"),
    "en foreword": ("en", "Foreword. These laws were agreed at the spring meeting and we thank every member.\n\n"
                    "LAW 7 - CONTROL OF BOARD\nThe board stays in the centre of the table until play is over.\n",
                    "spring", "7", "centre"),
}


@pytest.mark.parametrize("case", list(PREFACES))
def test_text_before_the_first_law_of_an_unpaged_file_is_no_invented_law(tmp_path, case):
    lang, text, lead, law, word = PREFACES[case]
    c = built(corpus(tmp_path, lang, text))
    laws = {n.id for n in c.nodes if n.kind == "law"}
    assert laws == {law}, case  # no law N-1 invented for the preface
    assert word in law_texts(c)[law]
    assert any(lead in p for p in pieces(c)), case
    assert any(p.severity == "warning" and "unplaced piece" in p.message and p.line == 1 for p in c.problems), case


def test_text_at_the_top_of_a_page_still_goes_to_the_law_before(tmp_path):
    """Text before a law heading at the top of a numbered page is the tail of the law
    before it (next-heading): only a file's start without page numbers is a document start."""
    text = ("Правило 5. ПАРЫ\nПары рассаживаются по номерам.\n- 3\n"
            "продолжение текста правила о номерах столов и стрелках.\nПравило 7. ДОСКИ\n"
            "Доски переносят между столами.\n- 5\n")
    c = built(corpus(tmp_path, "ru", text))
    assert [n.law for n in c.nodes if "стрелках" in (n.text or "")] == ["6"]


# -- 5. law headings with a dash, and heading-shaped lines read as text ---------------------------

@pytest.mark.parametrize("lang,text,law,title,word", [
    ("ru", "Правило 70. ИСК\nИгрок заявляет остаток взяток.\nПравило 71 — ОТКАЗ ОТ ВЗЯТОК\n"
           "Отказ нельзя отменить, если соперники его приняли.\n", "71", "ОТКАЗ ОТ ВЗЯТОК", "соперники"),
    ("ru", "Правило 70. ИСК\nИгрок заявляет остаток взяток.\nПравило 71 - Отказ от взяток\n"
           "Отказ нельзя отменить, если соперники его приняли.\n", "71", "Отказ от взяток", "соперники"),
    ("en", "LAW 72 - GENERAL PRINCIPLES\nPlayers keep the rules.\nLAW 73-COMMUNICATION\n"
           "Partners speak only by calls and plays.\n", "73", "COMMUNICATION", "Partners"),
    ("en", "Law 72 - General Principles\nPlayers keep the rules.\nLaw 73–Communication\n"
           "Partners speak only by calls and plays.\n", "73", "Communication", "Partners")])
def test_a_law_heading_with_a_dash_separator_is_read(tmp_path, lang, text, law, title, word):
    c = built(corpus(tmp_path, lang, text))
    assert c.node(law).title == title
    assert word in law_texts(c)[law]


def test_a_heading_shaped_line_read_as_text_is_warned_of(tmp_path):
    text = ("Правило 70. ИСК\nИгрок заявляет остаток взяток.\nПравило 71 : ОТКАЗ ОТ ВЗЯТОК\n"
            "Отказ нельзя отменить.\nПравило 72 применяется к отказу во всех случаях\n"
            "Правило 73. ОБЩИЕ ПРИНЦИПЫ\nИгроки соблюдают правила.\n")
    c = built(corpus(tmp_path, "ru", text))
    warned = [p.line for p in c.problems if "shaped like a law heading" in p.message]
    assert warned == [3]  # not line 5: a sentence that cites a law


INDEX_SWALLOWS_A_LAW = """Правило 39. ПОСЛЕ ТОРГОВЛИ
Торговля окончена, когда за последней заявкой последовали три паса подряд.
- 7
ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Болван 42
Вист 41
Правило 40. ПОНИМАНИЕ ПАРТНЁРА
Игрок вправе применять любую конвенцию, если её заранее объявил соперникам.
Взятка 44
Заявка 18, 19
Игра 40
Карта 45
Ломбер 46
Масть 47
Пас 20
Ренонс 61
- 8
"""


def test_an_index_page_inside_law_text_that_swallows_a_law_fails_check(tmp_path):
    """The page reads as an index around the law (most lines are headword and law number):
    the law heading with its sentence inside it fails check, naming the heading's line."""
    result = check(corpus(tmp_path, "ru", INDEX_SWALLOWS_A_LAW), tmp_path)
    assert result.exit_code == 1
    assert "book.txt:7" in result.stderr and "law headings with text" in result.stderr
