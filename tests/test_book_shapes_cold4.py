"""Whole-book shapes a fourth cold read found losing or misplacing text while ``check``
said OK (issue 13, cold read 4); each test is a rule for the class, with invented books.

1. a bare law heading whose title is lost or printed on the next line («Правило 4.»,
   «Правило 4» / «Партнёрства», "Law 61."): a law heading with no title, never text of the
   law before (its sections filed under the wrong law, the law reported lost).
2. a page whose law heading was lost, the contents starting that law on the page: placed
   by the contents and its page (or the next heading), with a warning; never joined
   silently to the law before.
3. definitions in every common shape: «Term» — text, Term: text, Term. Text, "Term" - text,
   each an entry; a line read as no entry and following none is warned of, never dropped.
4. a book with no page footers whose contents wrap an entry onto a second line (dot
   leaders): the contents go on past the wrapped entry; it builds. A form feed at the start
   of a line opens a page (the subject index on a page of its own is read).
5. a preface in a book without page footers whose contents list the first law's sections: no
   rule places it into that law (the law's own section headings after its heading are no
   evidence for the text before it); an unplaced piece with a warning.
7. a commentary file's own title line over its first heading invents no law (N-1 by the next
   heading): an unplaced piece with a warning; running text there is still the tail of N-1.
8. a curation [[piece]] statement about a commentary piece overrides the next heading's guess
   of its law (it is only a guess); a paragraph number that contradicts it is still an error.
9. a title page's labelled lines in other common forms («Перевод и примечания Л. М. Гринберг»,
   «Ответственный редактор И. И. Сомов», "Translated and annotated by …") and an imprint set
   on one line («Санкт-Петербург · Нева · 1999») are read into its fields; a contents file
   that opens with the title page has it read (translator, publisher, year), not dropped.
10. a one-page file closed by a bare page counter («Страница 6», "Page 6") is that page of the
   book (placed by the contents' pages); a lone "Page 3 of 12" stays a web page's furniture.
11. footnotes in sign form (``word¹`` / ``¹ text``, ``word*`` / ``* text``) by the page's number,
   after it or before it: a footnote of the page whose word carries the sign, the sign out of
   the text.
12. the last law before a book's own commentary is no page gap (the commentary's pages follow
   it, or its heading stands on the law's last page), and the commentary's pages are present;
   a preface page after the title page and an afterword after the index lost nothing before them.
13. the commentary's numbered paragraphs under its definitions heading («1. …», «2. …») are
   paragraphs of their own (defs.1, defs.2), a wrapped line inside one still joins it.
6. an afterword after the subject index of a book with its commentary inside: a piece of
   its own with a warning, never the last commentary paragraph's tail.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_book_shapes_cold3 import built, check, corpus
from test_whole_book_pages import law_texts


def node_ids(c) -> set[str]:
    return {n.id for n in c.nodes}


def node(c, id_: str):
    return next(n for n in c.nodes if n.id == id_)


# -- 1. a bare law heading ----------------------------------------------------------------------

BARE = {
    # a dot, the title lost, a section heading next
    "ru-dot-section": ("ru", """Правило 11. ПОДСЧЁТ ОЧКОВ
Очки подсчитываются секретарём после каждого тура и вывешиваются у входа.
Правило 12.
A. Ничейный итог
При равенстве очков выше стоит пара, набравшая больше в последнем туре.
B. Спорный итог
Спор об итоге решает главный судья до закрытия зала.
Правило 13. ОБЪЯВЛЕНИЕ ИТОГОВ
Итоги объявляются вслух после проверки протоколов.
""", "12", None, ("12A", "12B")),
    # a dot, the title on the next line
    "ru-dot-title": ("ru", """Правило 30. ОПОЗДАНИЕ
Опоздавшая пара садится за свой стол с начала ближайшей сдачи.
Правило 31.
Уход из зала
A. С разрешения судьи
Участник выходит из зала лишь с разрешения судьи турнира.
Правило 32. ТИШИНА В ЗАЛЕ
Разговоры между сдачами ведутся вполголоса.
""", "31", "Уход из зала", ("31A",)),
    # a dash and nothing after it
    "ru-dash": ("ru", """Правило 40. ПЕРЕРЫВ
Перерыв объявляется судьёй между турами.
Правило 41 —
A. Продолжение игры
Игра продолжается по звонку после перерыва.
Правило 42. ЗАВЕРШЕНИЕ
Турнир завершается подписанием протокола.
""", "41", None, ("41A",)),
    "en-dot": ("en", """LAW 20 - LATE ENTRY
A pair arriving late joins at the next round and scores nothing for the missed boards.
LAW 21.
A. Leaving the Room
A player leaves the room only with the Director's leave.
B. Returning
A player who returns late forfeits the board in play.
LAW 22 - SILENCE
Talk between boards is kept low.
""", "21", None, ("21A", "21B")),
}


@pytest.mark.parametrize("case", list(BARE))
def test_a_bare_law_heading_opens_its_law(tmp_path, case):
    lang, text, law, title, parts = BARE[case]
    c = built(corpus(tmp_path, lang, text))
    ids = node_ids(c)
    assert law in ids, case
    assert set(parts) <= ids, case
    before = str(int(law) - 1)
    assert not any(i.startswith(before) and i != before and i[len(before):][:1].isalpha() for i in ids), \
        f"{case}: the law's sections filed under law {before}: {sorted(ids)}"
    texts = law_texts(c)
    assert law not in texts[before].split(), case  # its heading is no text of the law before
    assert node(c, law).title == title, case


def test_a_bare_law_heading_takes_its_title_from_the_contents(tmp_path):
    text = """ОГЛАВЛЕНИЕ
Правило 7. Жеребьёвка ................ 1
Правило 8. Порядок столов ............ 1

Правило 7. ЖЕРЕБЬЁВКА
Места разыгрываются жребием перед первым туром.
Правило 8.
A. Номера столов
Номера столов идут от окна к двери.
- 1 -
"""
    c = built(corpus(tmp_path, "ru", text))
    assert node(c, "8").title and "Порядок столов" in node(c, "8").title
    assert "8A" in node_ids(c) and "7A" not in node_ids(c)


@pytest.mark.parametrize("line", ["Правило 12", "Правило 12.", "Правило 12 —", "LAW 12", "Law 12."])
def test_a_bare_law_line_is_classified_a_heading_with_no_title(line):
    from lawsearch.grammar import default_grammar

    layout = default_grammar().layout_for("en" if line[0] == "L" else "ru")
    c = layout.classify(line)
    assert (c.kind, c.label, c.title) == ("law", "12", None)


@pytest.mark.parametrize("line", ["Правило 12 запрещает разговоры.", "Правило", "См. правило 12.", "Правило 12B."])
def test_a_sentence_naming_a_law_is_no_bare_heading(line):
    from lawsearch.grammar import default_grammar

    c = default_grammar().layout_for("ru").classify(line)
    assert c.kind != "law" or c.title, line


# -- 3. definitions in every common shape -----------------------------------------------------

DEFS = {
    "ru": ("""ОПРЕДЕЛЕНИЯ
«Протокол» — лист, на котором секретарь записывает итоги сдачи.
Секретарь: участник, ведущий протоколы всего тура.
Запасной игрок. Игрок, заменяющий выбывшего участника.
"Жребий" - способ назначить места без выбора.
Зал – помещение, где идёт турнир.
- 2
Правило 50. ВЕДЕНИЕ ПРОТОКОЛА
Секретарь ведёт протокол и передаёт его судье после тура.
- 3
""", {"Протокол": "лист, на котором", "Секретарь": "ведущий протоколы", "Запасной игрок": "заменяющий выбывшего",
      "Жребий": "назначить места", "Зал": "помещение"}),
    "en": ("""DEFINITIONS
Scorer: the contestant who keeps the score sheets of a round.
"Stand-in" - a player who replaces a contestant who has left.
Draw. The way seats are given without choice.
“Hall” — the room where the event is held.
Page 2
LAW 50 - KEEPING THE SCORE
The scorer keeps the score sheet and hands it to the Director after the round.
Page 3
""", {"Scorer": "score sheets", "Stand-in": "replaces a contestant", "Draw": "seats are given", "Hall": "the room"}),
}


@pytest.mark.parametrize("lang", list(DEFS))
def test_definitions_in_every_common_shape_are_entries(tmp_path, lang):
    text, expected = DEFS[lang]
    c = built(corpus(tmp_path, lang, text))
    entries = {e["term"]: e["text"] for e in c.apparatus["definitions"]["entries"]}
    assert set(entries) == set(expected), entries
    for term, words in expected.items():
        assert words in entries[term], (term, entries[term])
    # no entry swallowed the next: each text holds only its own words
    for term, words in expected.items():
        assert not any(words in t for k, t in entries.items() if k != term), term


def test_a_wrapped_definition_line_goes_on_its_entry(tmp_path):
    text = """ОПРЕДЕЛЕНИЯ
Судья — лицо, назначенное для применения правил и
разбора споров между участниками.
Пара: два участника, играющие вместе на протяжении
всего турнира.
- 2
Правило 51. ВЫБОР СУДЬИ
Судью назначает организатор турнира.
- 3
"""
    c = built(corpus(tmp_path, "ru", text))
    entries = {e["term"]: e["text"] for e in c.apparatus["definitions"]["entries"]}
    assert set(entries) == {"Судья", "Пара"}, entries
    assert "разбора споров" in entries["Судья"] and "всего турнира" in entries["Пара"]


def test_a_definitions_line_read_as_no_entry_is_warned_of(tmp_path):
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    text = """ОПРЕДЕЛЕНИЯ
после этого идут слова без всякого термина
Карта — одна из сорока восьми карт колоды.
- 2
Правило 52. КОЛОДА
Колода проверяется перед каждым туром.
- 3
"""
    result = parse_folder(read_corpus_folder(corpus(tmp_path, "ru", text)), strict=False)
    warned = [p for p in result.problems if "без всякого термина" in p.message]
    assert warned and warned[0].line == 2, [p.message for p in result.problems]


# -- 2. a page that lost its law heading --------------------------------------------------------

LOST_PAGE_RU = """ОГЛАВЛЕНИЕ
Правило 60. Выдача карточек ................ 30
Правило 61. Возврат карточек ............... 31
Правило 62. Утеря карточки ................. 32
- 29
Правило 60. ВЫДАЧА КАРТОЧЕК
Карточки выдаются капитанам команд за четверть часа до начала сессии.
- 30
Возвращённые карточки складываются в ящик у стола секретаря и пересчитываются в конце вечера.
- 31
Правило 62. УТЕРЯ КАРТОЧКИ
Утерянную карточку заменяет секретарь по просьбе капитана.
- 32
"""

LOST_PAGE_EN = """CONTENTS
Law 7 - Cutting the Pack .................. 10
Law 8 - Dealing ........................... 11
Law 9 - Redeal ............................ 11
Page 9
LAW 7 - CUTTING THE PACK
The pack is cut by the player on the dealer's left before every deal.
Page 10
The cards go out one at a time, face down, clockwise from the dealer's left.
LAW 9 - REDEAL
A misdeal is dealt again by the same dealer with the same pack.
Page 11
"""


@pytest.mark.parametrize("lang,text,lost,before,words", [
    ("ru", LOST_PAGE_RU, "61", "60", "складываются в ящик"),
    ("en", LOST_PAGE_EN, "8", "7", "one at a time"),
])
def test_a_page_that_lost_its_law_heading_goes_to_the_law_the_contents_start_there(tmp_path, lang, text, lost,
                                                                                   before, words):
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    result = parse_folder(read_corpus_folder(corpus(tmp_path, lang, text)), strict=False)
    c = result
    texts = law_texts(c)
    assert words not in texts.get(before, ""), "joined to the law before"
    placed = [n for n in c.nodes if words in (n.text or "")]
    assert len(placed) == 1 and placed[0].law in (lost, None), [(n.id, n.law) for n in placed]
    assert any(p.severity == "warning" and f"law {lost}" in p.message and "lost" in p.message
               for p in result.problems), [p.message for p in result.problems]


def pieces_text(c) -> list[str]:
    return [n.text or "" for n in c.nodes if n.kind == "piece" and n.law is None]


def test_a_page_whose_next_law_heading_is_in_the_text_still_goes_on_the_law_before(tmp_path):
    # law 61's heading is printed (mid-page 31): page 31's top is law 60's tail
    text = LOST_PAGE_RU.replace("Возвращённые карточки складываются", "Испорченные карточки складываются") \
        .replace("- 31\n", "Правило 61. ВОЗВРАТ КАРТОЧЕК\nКарточки возвращаются после сессии.\n- 31\n")
    c = built(corpus(tmp_path, "ru", text))
    texts = law_texts(c)
    assert "Испорченные карточки" in texts["60"] and "возвращаются после сессии" in texts["61"]


def test_a_page_the_contents_give_to_the_same_law_goes_on_it(tmp_path):
    # the contents start law 61 on page 32: page 31 is still law 60's
    text = LOST_PAGE_RU.replace("Возврат карточек ............... 31", "Возврат карточек ............... 32") \
        .replace("Утеря карточки ................. 32", "Утеря карточки ................. 33")
    c = built(corpus(tmp_path, "ru", text))
    assert "складываются в ящик" in law_texts(c)["60"]


# -- 4. wrapped contents entries in a book without footers ---------------------------------------

NOFOOT = {
    "ru": """СОДЕРЖАНИЕ
Правило 14. Начало сессии ................ 3
Правило 15. Порядок рассадки игроков
   по номерам столов ..................... 3
Правило 16. Окончание сессии ............. 4
ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ ..................... 5
Правило 14. НАЧАЛО СЕССИИ
Сессия начинается по звонку судьи, когда все пары заняли свои места.
Правило 15. ПОРЯДОК РАССАДКИ ИГРОКОВ ПО НОМЕРАМ СТОЛОВ
Игроки садятся за столы согласно номерам, выданным при регистрации.
Правило 16. ОКОНЧАНИЕ СЕССИИ
Сессия оканчивается после сдачи всех протоколов секретарю.
""",
    "en": """CONTENTS
Law 14 - Start of a Session .............. 3
Law 15 - Seating the Players by the
         Numbers of the Tables ........... 3
Law 16 - End of a Session ................ 4
LAW 14 - START OF A SESSION
A session starts at the Director's bell once every pair is seated.
LAW 15 - SEATING THE PLAYERS BY THE NUMBERS OF THE TABLES
Players sit at the tables by the numbers given at registration.
LAW 16 - END OF A SESSION
A session ends when every score sheet has been handed to the scorer.
""",
}


@pytest.mark.parametrize("lang", list(NOFOOT))
@pytest.mark.parametrize("feeds", [False, True])
def test_a_wrapped_contents_entry_in_a_book_without_footers(tmp_path, lang, feeds):
    text = NOFOOT[lang].replace("\n" + ("Правило 14. НАЧАЛО" if lang == "ru" else "LAW 14 - START"),
                                "\n\f" + ("Правило 14. НАЧАЛО" if lang == "ru" else "LAW 14 - START")) if feeds \
        else NOFOOT[lang]
    c = built(corpus(tmp_path, lang, text))
    texts = law_texts(c)
    assert set(texts) == {"14", "15", "16"}, texts
    toc = [(e["id"], e.get("page")) for e in c.apparatus["toc"] if e.get("id")]
    assert toc[:3] == [("14", "3"), ("15", "3"), ("16", "4")], toc
    assert "...." not in " ".join(texts.values())


FEED_INDEX = """LAW 14 - START OF A SESSION
A session starts at the Director's bell once every pair is seated.
LAW 15 - END OF A SESSION
A session ends when every score sheet has been handed to the scorer.
\fINDEX OF MATTERS
Bell, Director's 14
Score sheet 15
Session, start of 14
"""


def test_a_form_feed_before_a_line_opens_the_page_of_the_index(tmp_path):
    c = built(corpus(tmp_path, "en", FEED_INDEX))
    heads = {e["headword"] for e in c.apparatus.get("index", ())}
    assert {"Score sheet", "Bell, Director's"} <= heads or {"Score sheet"} <= heads, c.apparatus.get("index")
    assert "Score sheet" not in law_texts(c)["15"]


# -- 6. an afterword after the index of a book with its commentary inside ------------------------

AFTER = {
    "ru": ("""Правило 14. НАЧАЛО СЕССИИ
Сессия начинается по звонку судьи, когда все пары заняли свои места.
- 3
КОММЕНТАРИЙ
Правило 14. НАЧАЛО СЕССИИ
14.1. Звонок подаётся дважды: за пять минут и в момент начала.
- 4
ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Звонок 14
Сессия 14
- 5
ЗАКЛЮЧЕНИЕ
Составители признательны клубу «Маяк» за помощь в подготовке этого издания к печати.
- 6
""", "признательны клубу", "14.1"),
    "en": ("""LAW 14 - START OF A SESSION
A session starts at the Director's bell once every pair is seated.
Page 3
COMMENTARY
LAW 14 - START OF A SESSION
14.1. The bell is rung twice: five minutes before and at the start.
Page 4
INDEX
Bell 14
Session 14
Page 5
CLOSING NOTE
The compilers thank the Lighthouse club for its help in readying this edition for print.
Page 6
""", "Lighthouse club", "14.1"),
}


@pytest.mark.parametrize("lang", list(AFTER))
@pytest.mark.parametrize("feeds", [False, True])
def test_an_afterword_after_the_index_is_no_commentary(tmp_path, lang, feeds):
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    text, words, para = AFTER[lang]
    if feeds:  # the same book with form feeds for its page numbers
        import re

        text = re.sub(r"(?m)^(?:- \d+|Page \d+)\n", "\f", text)
    result = parse_folder(read_corpus_folder(corpus(tmp_path, lang, text)), strict=False)
    holders = [n for n in result.nodes if words in (n.text or "")]
    assert len(holders) == 1 and holders[0].kind == "piece" and holders[0].law is None, \
        [(n.id, n.kind, n.law) for n in holders]
    assert words not in next(n.text for n in result.nodes if n.id == para)
    assert any(p.line == holders[0].spans[0].lines[0] for p in result.problems if p.severity == "warning"), \
        [p.message for p in result.problems]


def test_commentary_after_the_index_stays_commentary(tmp_path):
    # the index sits between two laws' commentary: what follows it is commentary still
    text = AFTER["ru"][0].replace("ЗАКЛЮЧЕНИЕ\nСоставители признательны клубу «Маяк» за помощь в подготовке этого "
                                  "издания к печати.\n", "14.2. Второй звонок подаёт старший судья.\n")
    c = built(corpus(tmp_path, "ru", text))
    assert "Второй звонок" in next(n.text for n in c.nodes if n.id.startswith("14.2") or "Второй звонок" in (n.text or ""))
    assert not any("Второй звонок" in (n.text or "") for n in c.nodes if n.kind == "piece")


# -- 5. a preface is never placed into law 1 by a rule ---------------------------------------------

PREFACE = {
    "ru": """ВСТУПЛЕНИЕ
Эта книжка собрана судейской коллегией городского клуба для игроков и судей его турниров.
СОДЕРЖАНИЕ
Правило 1. Инвентарь ...................... 3
   A. Столы ............................... 3
   B. Стулья .............................. 3
Правило 2. Зал ............................ 4
Правило 1. ИНВЕНТАРЬ
A. Столы
Столы должны быть одинаковыми и устойчивыми.
B. Стулья
У каждого стола стоят четыре стула.
Правило 2. ЗАЛ
Зал проветривается между сессиями.
""",
    "en": """FOREWORD
This booklet was put together by the club's directing committee for the players and directors of its events.
CONTENTS
Law 1 - Equipment ......................... 3
   A. Tables .............................. 3
   B. Chairs .............................. 3
Law 2 - The Hall .......................... 4
LAW 1 - EQUIPMENT
A. Tables
Tables shall be alike and steady.
B. Chairs
Each table has four chairs.
LAW 2 - THE HALL
The hall is aired between sessions.
""",
}


@pytest.mark.parametrize("lang", list(PREFACE))
def test_a_preface_is_never_placed_into_the_first_law_by_the_contents(tmp_path, lang):
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    result = parse_folder(read_corpus_folder(corpus(tmp_path, lang, PREFACE[lang])), strict=False)
    words = "судейской коллегией" if lang == "ru" else "directing committee"
    holders = [n for n in result.nodes if words in (n.text or "")]
    assert len(holders) == 1 and holders[0].law is None, [(n.id, n.law, n.attribution) for n in holders]
    law1 = [n for n in result.nodes if n.law == "1" and n.kind != "piece"]
    assert not any(n.truncated_start or n.truncated_end for n in law1), [n.id for n in law1]
    assert any(p.severity == "warning" and p.line == holders[0].spans[0].lines[0] for p in result.problems)


# -- 7, 8. a commentary file's own title; curation over the next heading's guess --------------------

LAWS_10_14 = """Правило 10. ОБЪЯВЛЕНИЕ
Результат объявляется вслух после каждой сдачи.
Правило 11. ЗАПИСЬ
Запись ведёт участник, сидящий на севере.
Правило 12. ПРОВЕРКА
Запись проверяют обе пары.
Правило 13. ПОДПИСЬ
Протокол подписывают капитаны.
- 5
"""

EN_LAWS = """LAW 10 - ANNOUNCING
The result is announced aloud after each deal.
LAW 11 - RECORDING
North keeps the record.
LAW 12 - CHECKING
Both pairs check the record.
Page 5
"""


def commentary_corpus(tmp_path: Path, lang: str, laws: str, notes: str, curation: str = "") -> Path:
    root = tmp_path / "corpus"
    for kind, name, text in (("laws", "laws.txt", laws), ("commentary", "notes.txt", notes)):
        (root / kind / lang).mkdir(parents=True)
        (root / kind / lang / name).write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/{lang}/laws.txt"\nlang = "{lang}"\nkind = "laws"\n\n'
        f'[[source]]\npath = "commentary/{lang}/notes.txt"\nlang = "{lang}"\nkind = "commentary"\n', encoding="utf-8")
    if curation:
        (root / "curation.toml").write_text(curation, encoding="utf-8")
    return root


@pytest.mark.parametrize("lang,laws,notes,title,before", [
    ("ru", LAWS_10_14, "ПОЯСНЕНИЯ К ПРАВИЛАМ КЛУБА\nПравило 11. ЗАПИСЬ\n11.1. Запись ведётся ручкой.\n",
     "ПОЯСНЕНИЯ К ПРАВИЛАМ КЛУБА", "10"),
    ("ru", LAWS_10_14, "ЗАМЕЧАНИЯ СУДЕЙСКОЙ КОЛЛЕГИИ\nВЫПУСК ВТОРОЙ\nПравило 12. ПРОВЕРКА\n12.1. Проверка идёт сразу.\n",
     "ВЫПУСК ВТОРОЙ", "11"),
    ("en", EN_LAWS, "NOTES ON THE CLUB CODE\nLAW 11 - RECORDING\n11.1. The record is kept in ink.\n",
     "NOTES ON THE CLUB CODE", "10"),
])
def test_a_commentary_file_s_title_invents_no_law(tmp_path, lang, laws, notes, title, before):
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    result = parse_folder(read_corpus_folder(commentary_corpus(tmp_path, lang, laws, notes)), strict=False)
    holders = [n for n in result.nodes if title in (n.text or "")]
    assert len(holders) == 1 and holders[0].law is None, [(n.id, n.law) for n in holders]
    assert not any(n.law == before and n.kind in ("commentary", "piece") for n in result.nodes)
    assert any(p.severity == "warning" and p.line == 1 and "notes.txt" in (p.path or "") for p in result.problems)


def test_running_text_opening_a_commentary_file_is_still_the_tail_of_the_law_before(tmp_path):
    notes = "заполняет протокол и передаёт его судье.\nПравило 12. ПРОВЕРКА\n12.1. Проверка идёт сразу.\n"
    c = built(commentary_corpus(tmp_path, "ru", LAWS_10_14, notes))
    holders = [n for n in c.nodes if "передаёт его судье" in (n.text or "")]
    assert [n.law for n in holders] == ["11"]


TAIL = "и записывает ошибку в протокол.\n- 13\nПравило 13. ПОДПИСЬ\n13.1. Подписи ставят ручкой.\n"
HEAD = "Правило 10. ОБЪЯВЛЕНИЕ\n10.1. Громко.\n10.2. Ошибку исправляют так:\nа) заявляют;\n- 12\n"


def test_curation_overrides_the_next_heading_s_guess_for_a_commentary_piece(tmp_path):
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    root = commentary_corpus(tmp_path, "ru", LAWS_10_14, HEAD)
    (root / "commentary" / "ru" / "tail.txt").write_text(TAIL, encoding="utf-8")
    manifest = root / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        + '\n[[source]]\npath = "commentary/ru/tail.txt"\nlang = "ru"\nkind = "commentary"\n',
                        encoding="utf-8")
    (root / "curation.toml").write_text('[[piece]]\nat = "tail:1"\nparagraph = "10.2"\nreason = "checked"\n',
                                        encoding="utf-8")
    result = parse_folder(read_corpus_folder(root), strict=False)
    assert not [p.message for p in result.problems if p.severity == "error"]
    holders = [n for n in result.nodes if "записывает ошибку" in (n.text or "")]
    assert [(n.id, n.law) for n in holders] == [("10.2", "10")]


def test_curation_still_may_not_contradict_a_paragraph_number(tmp_path):
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    notes = "Правило 10. ОБЪЯВЛЕНИЕ\n10.1. Громко.\n- 12\nи в протокол.\n10.3. Тихо.\n"
    root = commentary_corpus(tmp_path, "ru", LAWS_10_14, notes,
                             '[[piece]]\nat = "notes:4"\nparagraph = "11.2"\nreason = "checked"\n')
    result = parse_folder(read_corpus_folder(root), strict=False)
    assert any(p.severity == "error" and "next paragraph's number gives 10.2" in p.message for p in result.problems), \
        [p.message for p in result.problems]


# -- 13. the commentary's numbered definitions paragraphs ------------------------------------------

@pytest.mark.parametrize("lang,notes,first,second", [
    ("ru", "ОПРЕДЕЛЕНИЯ\n1. Слово «сессия» здесь означает и вечер игры.\n2. Пара считается опоздавшей после"
           "\nвторого звонка.\n3. Секретарём может быть и игрок.\nПравило 11. ЗАПИСЬ\n11.1. Запись ведётся ручкой.\n",
     "вечер игры", "второго звонка"),
    ("en", "DEFINITIONS\n1. A session here also means an evening of play.\n2. A pair is late after the"
           "\nsecond bell.\n3. A player may also be the scorer.\nLAW 11 - RECORDING\n11.1. The record is kept in ink.\n",
     "evening of play", "second bell"),
])
def test_numbered_paragraphs_of_the_commentary_s_definitions_are_their_own(tmp_path, lang, notes, first, second):
    laws = LAWS_10_14 if lang == "ru" else EN_LAWS
    c = built(commentary_corpus(tmp_path, lang, laws, notes))
    defs = {n.id: n.text for n in c.nodes if n.kind == "commentary" and n.id.startswith("defs.")}
    assert sorted(defs) == ["defs.1", "defs.2", "defs.3"], defs
    assert first in defs["defs.1"] and second in defs["defs.2"] and second not in defs["defs.1"]


# -- 12. no false gap before the book's own commentary ---------------------------------------------

@pytest.mark.parametrize("lang", list(AFTER))
@pytest.mark.parametrize("same_page", [False, True])
def test_the_last_law_before_the_book_s_commentary_is_no_page_gap(tmp_path, lang, same_page):
    text = AFTER[lang][0]
    if same_page:  # the commentary's heading on the law's last page
        text = text.replace("- 3\nКОММЕНТАРИЙ", "КОММЕНТАРИЙ").replace("Page 3\nCOMMENTARY", "COMMENTARY")
    root = corpus(tmp_path, lang, text)
    c = built(root)
    law = [n for n in c.nodes if n.law == "14" and n.kind in ("law", "section")]
    assert law and not any(n.truncated_end for n in law), [(n.id, n.truncated_end) for n in law]
    result = check(root, tmp_path)
    assert "missing between them" not in result.output, result.output
    assert "commentary" in next(line for line in result.output.splitlines() if "read as the book's apparatus" in line)


@pytest.mark.parametrize("lang", list(AFTER))
def test_a_preface_after_the_title_page_and_an_afterword_lost_nothing_before_them(tmp_path, lang):
    title = ("ПРАВИЛА КЛУБА «МАЯК»\nИздание второе\nКалининград, 1999\n- 1\nОТ СОСТАВИТЕЛЕЙ\n"
             "Эти правила собраны для игроков клуба и его гостей по просьбе правления.\n- 2\n") if lang == "ru" else \
        ("THE LIGHTHOUSE CLUB CODE\nSecond Edition\nPortland, 1999\nPage 1\nFROM THE COMPILERS\n"
         "These rules were gathered for the club's players and guests at the board's request.\nPage 2\n")
    text = title + AFTER[lang][0]
    c = built(corpus(tmp_path, lang, text))
    for words in (("собраны для игроков", "признательны клубу") if lang == "ru" else
                  ("gathered for the club", "Lighthouse club for")):
        holder = next(n for n in c.nodes if words in (n.text or ""))
        assert holder.kind == "piece" and not holder.truncated_start \
            and not any(m.kind == "gap" for m in holder.marks), (words, holder.marks)


# -- 11. footnotes in sign form by the page's number ------------------------------------------------

SIGNED = {
    "ru-after": ("ru", """Правило 50. ЖЕРЕБЬЁВКА
Номера столов тянут из мешочка² перед первым туром; вытянутый номер не меняется.
- 7
² Мешочек хранится у секретаря.
Правило 51. ОПОЗДАНИЕ
Опоздавшая пара садится за свободный стол**, указанный судьёй.
- 8
** Свободным считается стол без протокола.
Правило 52. УХОД
Пара уходит только после подписи протокола.
- 9
""", {"50": "хранится у секретаря", "51": "без протокола"}),
    "ru-before": ("ru", """Правило 50. ЖЕРЕБЬЁВКА
Номера столов тянут из мешочка³ перед первым туром.
³ Мешочек хранится у секретаря.
- 7
Правило 51. ОПОЗДАНИЕ
Опоздавшая пара садится за свободный стол.
- 8
""", {"50": "хранится у секретаря"}),
    "en-after": ("en", """LAW 50 - THE DRAW
Table numbers are drawn from a bag* before the first round; a drawn number stands.
Page 7
* The bag is kept by the scorer.
LAW 51 - LATE PAIRS
A late pair sits at a free table†, as the Director says.
Page 8
† A free table is one with no score sheet.
LAW 52 - LEAVING
A pair leaves only once the score sheet is signed.
Page 9
""", {"50": "kept by the scorer", "51": "no score sheet"}),
}


@pytest.mark.parametrize("case", list(SIGNED))
def test_a_footnote_in_sign_form_by_the_page_number_is_its_page_s(tmp_path, case):
    lang, text, notes = SIGNED[case]
    c = built(corpus(tmp_path, lang, text))
    by_text = {f.text: f for f in c.footnotes}
    for law, words in notes.items():
        note = next((f for t, f in by_text.items() if words in t), None)
        assert note is not None and list(note.markers) == [law], (case, words, [(f.text, f.markers) for f in c.footnotes])
    texts = law_texts(c)
    assert not any(sign in t for t in texts.values() for sign in ("¹", "²", "³", "†", "*")), texts
    assert not any(words in t for t in texts.values() for words in notes.values())


def test_a_star_opening_a_line_with_no_marker_above_stays_text(tmp_path):
    text = "Правило 50. ЖЕРЕБЬЁВКА\nНомера столов тянут из мешочка.\n- 7\n* Перед вторым туром номера не тянут.\n- 8\n"
    c = built(corpus(tmp_path, "ru", text))
    assert not c.footnotes and "Перед вторым туром" in law_texts(c)["50"]


# -- 10. one page of a book in a file of its own -----------------------------------------------------

@pytest.mark.parametrize("lang,counter", [("ru", "Страница 6"), ("ru", "стр. 6"), ("en", "Page 6"),
                                          ("ru", "стр. 6 из 14"), ("en", "Page 6 of 30")])
def test_a_one_page_file_closed_by_a_page_counter_is_that_page(tmp_path, lang, counter):
    laws = ("ОГЛАВЛЕНИЕ\nПравило 11. Запись ........ 5\nПравило 12. Проверка ........ 6\n"
            "Правило 13. Подпись ........ 7\n- 4\nПравило 11. ЗАПИСЬ\nЗапись ведёт север.\n- 5\n"
            "Правило 13. ПОДПИСЬ\nПротокол подписывают капитаны.\n- 7\n") if lang == "ru" else \
        ("CONTENTS\nLaw 11 - Recording ........ 5\nLaw 12 - Checking ........ 6\nLaw 13 - Signing ........ 7\n"
         "Page 4\nLAW 11 - RECORDING\nNorth keeps the record.\nPage 5\n"
         "LAW 13 - SIGNING\nThe captains sign the score sheet.\nPage 7\n")
    loose = ("обе пары сверяют запись и ставят отметку.\n" if lang == "ru"
             else "both pairs compare the record and tick it.\n") + counter + "\n"
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "book.txt").write_text(laws, encoding="utf-8")
    (root / "laws" / lang / "loose.txt").write_text(loose, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        + "".join(f'[[source]]\npath = "laws/{lang}/{n}"\nlang = "{lang}"\nkind = "laws"\n\n' for n in ("book.txt", "loose.txt")),
        encoding="utf-8")
    c = built(root)
    holder = next(n for n in c.nodes if ("сверяют запись" if lang == "ru" else "compare the record") in (n.text or ""))
    assert holder.law == "12", (holder.id, holder.law)
    assert not any(counter in (n.text or "") for n in c.nodes)


def test_a_lone_page_of_n_counter_stays_furniture_in_a_saved_web_page(tmp_path):
    """A book's one page closed by "Page 3 of 12" is page 3 (cold read 6, finding 6, above);
    a saved web page's lone "Page 3 of 12" is the site's pager."""
    html = ("<html><body><h2>LAW 11 - RECORDING</h2><p>North keeps the record.</p><p>Page 3 of 12</p>"
            "</body></html>\n")
    c = built(corpus(tmp_path, "en", html, name="book.html"))
    assert c.report.pieces and all(p.page is None for p in c.report.pieces)
    assert not any("Page 3" in (n.text or "") for n in c.nodes)


# -- 9. a title page's fields in other common forms ---------------------------------------------------

@pytest.mark.parametrize("lang,lines,expected", [
    ("ru", ["ПРАВИЛА ЗИМНЕГО КУБКА", "Издание 1996 года", "Перевод и комментарии К. Л. Мартынова",
            "Главный редактор Н. П. Зуев", "Самара · Волга · 2001"],
     {"translator": "К. Л. Мартынова", "editor": "Н. П. Зуев", "city": "Самара", "publisher": "Волга", "year": "2001"}),
    ("en", ["THE WINTER CUP CODE", "1996 Edition", "Translated and annotated by Carla M. Dunne",
            "Editor P. R. Oakes", "Leeds · Northgate Press · 2001"],
     {"translator": "Carla M. Dunne", "editor": "P. R. Oakes", "city": "Leeds", "publisher": "Northgate Press",
      "year": "2001"}),
])
def test_a_title_page_s_fields_in_other_common_forms(lang, lines, expected):
    from lawsearch.profile import load_profile
    from lawsearch.structure.apparatus import Apparatus, parse_front

    fields = parse_front(lines, Apparatus.of(load_profile(), lang))
    assert {k: fields.get(k) for k in expected} == expected, fields
    assert fields.get("title") == lines[0]


@pytest.mark.parametrize("lang,text,expected", [
    ("ru", "ПРАВИЛА ЗИМНЕГО КУБКА\nРедакция 1996 года\nПеревод: К. Л. Мартынов\nСамара, издательство «Волга», 2001\n\n"
           "ОГЛАВЛЕНИЕ\nПравило 11. Запись ........ 5\nПравило 12. Проверка ........ 6\n",
     {"translator": "К. Л. Мартынов", "publisher": "Волга", "year": "2001", "city": "Самара"}),
    ("en", "THE WINTER CUP CODE\n1996 Edition\nTranslated by Carla M. Dunne\nPublished by Northgate Press, Leeds, 2001\n\n"
           "CONTENTS\nLaw 11 - Recording ........ 5\nLaw 12 - Checking ........ 6\n",
     {"translator": "Carla M. Dunne", "publisher": "Northgate Press", "year": "2001"}),
])
def test_a_contents_file_that_opens_with_the_title_page_has_it_read(tmp_path, lang, text, expected):
    root = corpus(tmp_path, lang, text, kind="toc", name="front.txt")
    laws = tmp_path / "corpus" / "laws" / lang
    laws.mkdir(parents=True)
    (laws / "laws.txt").write_text(("Правило 11. ЗАПИСЬ\nЗапись ведёт север.\n- 5\n" if lang == "ru" else
                                    "LAW 11 - RECORDING\nNorth keeps the record.\nPage 5\n"), encoding="utf-8")
    manifest = root / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        + f'\n[[source]]\npath = "laws/{lang}/laws.txt"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    c = built(root)
    front = c.apparatus.get("front") or {}
    assert {k: front.get(k) for k in expected} == expected, front
    assert [e["id"] for e in c.apparatus["toc"] if e.get("id")][:2] == ["11", "12"]
