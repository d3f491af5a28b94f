"""Cold read 11 of issue 13: a contents entry wrapped so that its page number stands alone
on the next line, and contents with ``·``, ``_`` or spaced-dot leaders. Invented books, ru
and en: the entries are contents, never law headings, and the page they give places the law."""

from __future__ import annotations

import pytest

from added_books import built, law_text
from lawsearch.grammar import Grammar
from lawsearch.profile import load_profile
from lawsearch.structure.apparatus import Apparatus, parse_toc

PROFILE = load_profile("bridge")
GRAMMAR = Grammar.from_profile(PROFILE)

LEADERS = {"middle dots": " · · · · · · · · · ", "close middle dots": " ········· ",
           "underline": " __________ ", "spaced dots": " . . . . . . . . ", "dots": " ......... "}

# law 22's heading is lost; its page 7 only says so by the contents' entry, which wraps with
# its page number alone on the line after the title
BOOKS = {
    "ru": ("""ПРЕДИСЛОВИЕ
Эти правила приняты советом клуба и действуют во всех турнирах нового сезона.
- 2
СОДЕРЖАНИЕ
Предисловие{L}2
Правило 20. Ошибка в бланке{L}5
Правило 21. Жалоба на результат{L}5
    A. Подача жалобы{L}5
    B. Решение комиссии{L}6
Правило 22. Уход игроков на перерыв и их
    возвращение в зал
{PAD}7
Правило 23. Шум в зале{L}8
- 3
Правило 20. ОШИБКА В БЛАНКЕ
Ошибку в бланке исправляет секретарь до конца тура, если обе пары согласны.
Правило 21. ЖАЛОБА НА РЕЗУЛЬТАТ
A. Подача жалобы
Жалобу подаёт капитан команды не позднее часа после объявления итогов.
- 5
B. Решение комиссии
Комиссия рассматривает жалобу и сообщает решение капитанам обеих команд.
- 6
Игроки уходят на перерыв только по сигналу судьи и возвращаются к своим столам вовремя.
- 7
Правило 23. ШУМ В ЗАЛЕ
Шум в зале во время игры влечёт замечание, повторный шум влечёт штраф.
- 8
""", "Уход игроков на перерыв и их возвращение в зал", "по сигналу судьи"),
    "en": ("""FOREWORD
These rules were adopted by the club committee and govern every event of the season.
- 2
CONTENTS
Foreword{L}2
LAW 20 - ERRORS ON THE SCORECARD{L}5
LAW 21 - COMPLAINTS ABOUT A RESULT{L}5
    A. Lodging a Complaint{L}5
    B. Ruling of the Committee{L}6
LAW 22 - PLAYERS LEAVING FOR THE BREAK
      AND THEIR RETURN TO THE HALL
{PAD}7
LAW 23 - NOISE IN THE HALL{L}8
- 3
LAW 20 - ERRORS ON THE SCORECARD
The secretary corrects an error on the scorecard before the round ends when both pairs agree.
LAW 21 - COMPLAINTS ABOUT A RESULT
A. Lodging a Complaint
The captain lodges a complaint no later than an hour after the results are announced.
- 5
B. Ruling of the Committee
The committee hears the complaint and tells both captains its ruling.
- 6
Players leave for the break only on the director's signal and return to their tables on time.
- 7
LAW 23 - NOISE IN THE HALL
Noise in the hall during play draws a warning; repeated noise draws a penalty.
- 8
""", "PLAYERS LEAVING FOR THE BREAK AND THEIR RETURN TO THE HALL", "director's signal"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("leader", ["middle dots", "dots", "spaced dots"])
def test_a_wrapped_entry_with_its_page_alone_places_the_law_by_that_page(tmp_path, lang, leader):
    text, title, words = BOOKS[lang]
    corpus = built(tmp_path, text.replace("{L}", LEADERS[leader]).replace("{PAD}", " " * 45))
    assert words in law_text(corpus, "22")  # page 7 is law 22's, by the contents' page
    assert words not in law_text(corpus, "21")  # not 21B's by continuity
    entry = next(e for e in corpus.apparatus["toc"] if e.get("id") == "22")
    assert entry["page"] == "7"
    assert " ".join(entry["title"].split()).lower() == title.lower()
    # the contents' lines are none of them law text
    for law in ("20", "21", "22", "23"):
        assert "·" not in law_text(corpus, law) and "...." not in law_text(corpus, law)
        assert "Предисловие" not in law_text(corpus, law) and "Foreword" not in law_text(corpus, law)
    assert not [p for p in corpus.problems if p.severity == "error"]


CONTENTS = {
    "ru": ["СОДЕРЖАНИЕ", "Предисловие{L}2", "Правило 4. Выбор стола{L}3", "Правило 5. Пересадка игроков{L}4",
           "    A. Пересадка по решению судьи{L}4", "Правило 6. Уход из зала и",
           "    возвращение игроков", "{PAD}5", "Правило 7. Свет в зале{L}6"],
    "en": ["CONTENTS", "Preface{L}ii", "LAW 4 - CHOICE OF TABLE{L}3", "LAW 5 - MOVING PLAYERS{L}4",
           "    A. Moving by the Director's Ruling{L}4", "LAW 6 - LEAVING THE HALL AND",
           "    THE PLAYERS' RETURN", "{PAD}5", "LAW 7 - LIGHT IN THE HALL{L}6"],
}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("leader", sorted(LEADERS))
def test_contents_entries_with_any_leader_keep_their_own_title_and_page(lang, leader):
    lines = [x.replace("{L}", LEADERS[leader]).replace("{PAD}", " " * 40) for x in CONTENTS[lang]]
    toc = parse_toc(lines, Apparatus.of(PROFILE, lang), GRAMMAR.layout_for(lang))
    got = [(e.kind, e.id, e.page) for e in toc if e.kind in ("law", "section")]
    assert got == [("law", "4", "3"), ("law", "5", "4"), ("section", "5A", "4"), ("law", "6", "5"), ("law", "7", "6")]
    for e in toc:
        assert not set(e.title) & set("·_") and ". ." not in e.title and "..." not in e.title
    six = next(e for e in toc if e.id == "6")  # both lines of the wrapped title, no page number in it
    assert six.title.lower() == {"ru": "уход из зала и возвращение игроков",
                                 "en": "leaving the hall and the players' return"}[lang]


# a book with no page footers: the laws, a subject index under a qualified heading, an afterword
NOFOOT = {
    "ru": ("""Правило 30. ЗАПИСЬ СДАЧ
Каждый игрок записывает сдачи своей пары в личный бланк до конца сессии.
Правило 31. ТИШИНА В ЗАЛЕ
Игроки соблюдают тишину в зале, пока идёт сессия, и не обсуждают сдачи вслух.
{H}
Бланк личный 30
   »    сроки записи 30
Тишина в зале 31
Шум см. Тишина в зале
ПОСЛЕСЛОВИЕ
Составители благодарят всех членов клуба, прочитавших эти правила до их выхода.
""", ["АЛФАВИТНЫЙ УКАЗАТЕЛЬ", "ПРЕДМЕТНО-АЛФАВИТНЫЙ УКАЗАТЕЛЬ", "А Л Ф А В И Т Н Ы Й   У К А З А Т Е Л Ь", "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ"],
           "Бланк", "благодарят"),
    "en": ("""LAW 30 - RECORDING THE BOARDS
Each player records the boards of the pair on a private scorecard before the session ends.
LAW 31 - SILENCE IN THE HALL
Players keep silent in the hall while the session runs and do not discuss the boards aloud.
{H}
Scorecard, private 30
   --   time of recording 30
Silence in the hall 31
Noise see Silence in the hall
AFTERWORD
The compilers thank every member of the club who read these rules before they went out.
""", ["GENERAL INDEX", "ALPHABETICAL INDEX", "General Index", "INDEX"], "Scorecard", "compilers thank"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("which", range(4))
def test_an_index_under_any_index_heading_in_a_book_without_footers_is_the_subject_index(tmp_path, lang, which):
    text, headings, headword, afterword = NOFOOT[lang]
    corpus = built(tmp_path, text.replace("{H}", headings[which]))
    last = law_text(corpus, "31")
    assert headword not in last and afterword not in last and headings[which] not in last
    assert "31" in law_text(corpus, "31") or "silent" in last or "тишину" in last
    index = corpus.apparatus.get("index") or []
    assert any(e["headword"].startswith(headword) for e in index)
    assert not any(afterword in (n.text or "") for n in corpus.nodes if n.law)  # the afterword is no law's text


# a book without page footers: a clause with a note's sign, the note's body after it
NOTES = {
    "ru": """Правило 40. ЗАЯВКА НА ТУРНИР
A. Срок заявки
1. Капитан подаёт заявку команды не позднее пятницы{M}.
2. Заявка подаётся секретарю клуба.
{M} Пятница считается до полуночи по местному времени.
B. Взнос
Взнос вносится вместе с заявкой и не возвращается.
Правило 41. ОТКАЗ ОТ УЧАСТИЯ
Команда может отказаться от участия до начала первой сессии.
""",
    "en": """LAW 40 - ENTRY FOR THE EVENT
A. Closing Date
1. The captain enters the team no later than Friday{M}.
2. The entry goes to the club secretary.
{M} Friday runs until midnight local time.
B. Fee
The fee is paid with the entry and is not returned.
LAW 41 - WITHDRAWAL
A team may withdraw before the first session begins.
""",
}


@pytest.mark.parametrize("lang,mark", [("ru", "¹"), ("ru", "*"), ("ru", "²"), ("en", "*"), ("en", "¹")])
def test_a_signed_note_body_in_a_book_without_footers_is_a_footnote(tmp_path, lang, mark):
    corpus = built(tmp_path, NOTES[lang].replace("{M}", mark))
    body = {"ru": "до полуночи", "en": "until midnight"}[lang]
    assert body not in law_text(corpus, "40")  # not the text of clause 40A2 or of the section
    notes = [f for f in corpus.footnotes if body in f.text]
    assert len(notes) == 1
    assert "40A1" in corpus.owners(notes[0].id)  # attached where its sign stands
    assert mark not in law_text(corpus, "40")


# a law book with a law's commentary block set right after that law's text
INLINE = {
    "ru": """Правило 50. ВЫБОР МЕСТ
Пары занимают места по жребию, который тянет капитан команды хозяев.{F1}
{HEAD} 50
50.1. Жребий тянут в присутствии обоих капитанов, см. правило 51.
50.2. Места записываются в протокол:
а) номер стола;
б) направление пары.
Правило 51. ОПОЗДАНИЕ
Опоздавшая пара занимает оставшиеся места и не спорит о них.{F2}
""",
    "en": """LAW 50 - CHOICE OF SEATS
The pairs take their seats by lot, drawn by the home team's captain.{F1}
{HEAD} 50
50.1. The lot is drawn before both captains; see Law 51.
50.2. The seats are written on the scorecard:
(a) the table number;
(b) the pair's direction.
LAW 51 - LATE ARRIVAL
A late pair takes the seats that are left and does not dispute them.{F2}
""",
}
HEADS = {"ru": ["Комментарий к правилу", "КОММЕНТАРИЙ К ПРАВИЛУ"], "en": ["Commentary on Law", "COMMENTARY ON LAW"]}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("head", [0, 1])
@pytest.mark.parametrize("paged", [False, True])
def test_a_laws_commentary_block_after_its_text_is_that_laws_commentary(tmp_path, lang, head, paged):
    text = INLINE[lang].replace("{HEAD}", HEADS[lang][head]).replace("{F1}", "\n- 5" if paged else "") \
        .replace("{F2}", "\n- 6" if paged else "")
    (tmp_path / "book.txt").write_text(text, encoding="utf-8")
    from click.testing import CliRunner
    from lawsearch.cli import main
    result = CliRunner().invoke(main, ["add", "--corpus", str(tmp_path / "corpus"), str(tmp_path / "book.txt")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "corpus" / "laws" / lang / "book.txt").exists()  # filed as law text, not commentary
    from lawsearch.corpus import build_corpus
    corpus = build_corpus(tmp_path / "corpus", strict=False)
    comm = [n for n in corpus.nodes if n.kind == "commentary" and n.law == "50"]
    assert {n.id for n in comm} >= {"50.1", "50.2"}
    assert all(n.kind == "commentary" for n in corpus.nodes if "50.1." in (n.text or "") or "50.2" in n.id)
    laws = law_text(corpus, "50")
    assert "50.1" not in laws and HEADS[lang][head] not in laws and "51" not in laws.replace("50", "")
    # law 50 never cites itself from the block's heading; its commentary cites law 51
    assert not [r for r in corpus.refs if r.target == "50" and (r.from_ == "50" or r.from_.startswith(("50.", "piece")))]
    assert [r for r in corpus.refs if r.target == "51" and r.from_ == "50.1"]
