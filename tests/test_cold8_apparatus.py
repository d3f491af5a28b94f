"""Cold read 8 of issue 13: contents framed with ``|`` round dot-leader entries, an English
title page's imprint, subject-index shapes. Invented books, ru and en."""

from __future__ import annotations

import pytest

from lawsearch.grammar import Grammar
from lawsearch.profile import load_profile
from lawsearch.structure.apparatus import Apparatus, detect_kind, front_block, named, parse_front, parse_toc, printed

PROFILE = load_profile("bridge")
GRAMMAR = Grammar.from_profile(PROFILE)

FRAMED = {
    "ru": (["СОДЕРЖАНИЕ",
            "+---------------------------------------------------------+",
            "| Вступление .............................................. 2   |",
            "| Правило 4. Выбор стола ................................. 3   |",
            "| Правило 5. Порядок пересадки игроков и его               |",
            "|         исключения ..................................... 3   |",
            "| Правило 6. Уход из зала ................................. 5   |",
            "|     A. Уход с разрешения ............................... 5   |",
            "|     B. Уход без разрешения ............................. 6   |",
            "| Правило 7. Свет в зале .................................. 6  |",
            "+---------------------------------------------------------+"],
           [("law", "4", "Выбор стола", "3"), ("law", "5", "Порядок пересадки игроков и его исключения", "3"),
            ("law", "6", "Уход из зала", "5"), ("section", "6A", "Уход с разрешения", "5"),
            ("section", "6B", "Уход без разрешения", "6"), ("law", "7", "Свет в зале", "6")]),
    "en": (["CONTENTS",
            "| Preface ........................................... ii |",
            "| Law 4 - Choice of Table ........................... 3   |",
            "| Law 5 - Moving Players Between Rounds and              |",
            "|          its Exceptions ........................... 3   |",
            "| Law 6 - Leaving the Hall .......................... 5   |",
            "|     A. With Leave ................................. 5   |",
            "|     B. Without Leave .............................. 6   |",
            "| Law 7 - Light in the Hall ......................... 6 |"],
           [("law", "4", "Choice of Table", "3"), ("law", "5", "Moving Players Between Rounds and its Exceptions", "3"),
            ("law", "6", "Leaving the Hall", "5"), ("section", "6A", "With Leave", "5"),
            ("section", "6B", "Without Leave", "6"), ("law", "7", "Light in the Hall", "6")]),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_frame_round_dot_leader_entries_reads_as_unframed_contents(lang):
    """Each framed entry keeps its own title and page: no leader or page number in a title,
    and the entries are not run together; a title wrapped inside the frame is joined."""
    lines, want = FRAMED[lang]
    words = Apparatus.of(PROFILE, lang)
    assert detect_kind(lines[1:], words) == "toc"
    toc = parse_toc(lines, words, GRAMMAR.layout_for(lang))
    got = [(e.kind, e.id, e.title, e.page) for e in toc if e.kind in ("law", "section")]
    assert got == want
    assert not [e for e in toc if "...." in e.title or "|" in e.title]
    assert [e.page for e in toc][0] in ("2", "ii")


# an imprint with no quotes round the publisher, an edition named without a year
TITLE_PAGES = {
    "en": ("""THE FENLAND CLUB RULES
Third Edition
Translated by Ada Brook
Edited by Tom Hale
Kingsferry: Reedbed Press, 2019

LAW 4 - CHOICE OF TABLE
Players take the table the director gives them at the start of the session.
""", {"title": "THE FENLAND CLUB RULES", "edition": "Third Edition", "translator": "Ada Brook",
      "editor": "Tom Hale", "city": "Kingsferry", "publisher": "Reedbed Press", "year": "2019"}),
    "ru": ("""ПРАВИЛА КЛУБА «ОЗЁРНЫЙ»
Второе издание
Редактор: И. П. Соснин
Вышгород: Речная книга, 2018

Правило 4. Выбор стола
Игроки занимают стол, который им укажет судья в начале сессии.
""", {"title": "ПРАВИЛА КЛУБА «ОЗЁРНЫЙ»", "edition": "Второе издание", "city": "Вышгород",
      "publisher": "Речная книга", "year": "2018"}),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_city_colon_publisher_imprint_and_a_named_edition_make_a_title_page(lang):
    """«City: Publisher, Year» is the imprint, the edition named in words is the edition
    (never the subtitle), and the lines are the title page, not law text."""
    text, want = TITLE_PAGES[lang]
    lines = text.splitlines()
    words = Apparatus.of(PROFILE, lang)
    n = front_block(lines, words, GRAMMAR.layout_for(lang))
    rest = [t for t in lines[n:] if t.strip()]
    assert rest[0].split()[0] in ("LAW", "Правило")  # the law text starts right after the page
    front = parse_front(lines[:n], words)
    assert {k: front.get(k) for k in want} == want
    assert "subtitle" not in front
    assert named(front, "edition") == want["edition"] and printed(front, "edition")


# -- the subject index: a ditto line ending in a number, page targets, a dash before «см.» ----

INDEX_WORDS = {
    "ru": {"heading": "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", "contents": "СОДЕРЖАНИЕ", "page": "с.", "see": "см.",
           "laws": ["Правило 4. ВЫБОР СТОЛА", "Игроки занимают стол, который укажет судья.",
                    "Правило 5. ПЕРЕСАДКА", "Пары пересаживаются по сигналу судьи после каждого тура.",
                    "Правило 6. УХОД ИЗ ЗАЛА", "Игрок выходит из зала только с разрешения судьи."],
           "toc": ["Правило 4. Выбор стола ........ 2", "Правило 5. Пересадка ........ 3",
                   "Правило 6. Уход из зала ........ 3", "Предметный указатель ........ 4"],
           "rows": ["Выбор стола 4", '  -"-  по вызову судьи 4.2', "Пересадка пары 5", "Сигнал судьи, с. 2",
                    "Тур, с. 3", "Указатель, с. 4", "Смена стола — см. Выбор стола"],
           "head": "Сигнал судьи", "dash": "Смена стола", "see_to": "Выбор стола", "ditto_sub": "по вызову судьи 4.2"},
    "en": {"heading": "INDEX", "contents": "CONTENTS", "page": "p.", "see": "see",
           "laws": ["LAW 4 - CHOICE OF TABLE", "Players take the table the director gives them.",
                    "LAW 5 - MOVING", "Pairs move at the director's call after each round.",
                    "LAW 6 - LEAVING THE HALL", "A player leaves the hall only with the director's leave."],
           "toc": ["Law 4 - Choice of Table ........ 2", "Law 5 - Moving ........ 3",
                   "Law 6 - Leaving the Hall ........ 3", "Index ........ 4"],
           "rows": ["Choice of table 4", '  -"-  on the call 4.2', "Moving pairs 5", "Director's call, p. 2",
                    "Round, p. 3", "Index, p. 4", "Table change — see Choice of table"],
           "head": "Director's call", "dash": "Table change", "see_to": "Choice of table", "ditto_sub": "on the call 4.2"},
}


def index_book(lang: str) -> str:
    w = INDEX_WORDS[lang]
    pages = [[w["contents"], *w["toc"], "- 1"], [*w["laws"][:2], "- 2"], [*w["laws"][2:], "- 3"],
             [w["heading"], *w["rows"], "- 4"]]
    return "\n".join(line for page in pages for line in page) + "\n"


def built_book(tmp_path, lang: str):
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "book.txt").write_text(index_book(lang), encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/{lang}/book.txt"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    return root, parse_folder(read_corpus_folder(root))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_index_ditto_line_page_targets_and_a_dash_before_see(tmp_path, lang):
    """A ditto line ending in a number the reader cannot take as a target keeps to its line
    (flagged), the next line is its own entry; «, с. 8» is a page: the law the contents
    put on it, or the page kept and flagged where they put none there (or several laws); a
    dash before the see word is no part of the headword."""
    from lawsearch.structure.apparatus import index_doubt

    w = INDEX_WORDS[lang]
    _, c = built_book(tmp_path, lang)
    entries = {(e["headword"], e.get("sub")): e for e in c.apparatus["index"]}
    ditto = next(e for e in c.apparatus["index"] if e.get("sub") == w["ditto_sub"])
    assert ditto["targets"] == [] and index_doubt(ditto)
    assert entries[(w["rows"][2].rsplit(" ", 1)[0], None)]["targets"] == ["5"]  # not swallowed
    assert entries[(w["head"], None)]["targets"] == ["4"]  # page 2 begins law 4 alone
    assert index_doubt(entries[(w["head"], None)]) is None
    two = entries[(w["rows"][4].split(",")[0], None)]  # page 3 begins laws 5 and 6: kept as the page
    assert two["targets"] == [] and two["unplaced_pages"] == [f"{w['page']} 3"] and index_doubt(two)
    index_page = entries[(w["rows"][5].split(",")[0], None)]  # the index's own page: no law
    assert index_page["targets"] == [] and index_doubt(index_page)
    see = entries[(w["dash"], None)]
    assert see["see"] == w["see_to"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_unplaced_page_target_shows_as_printed_on_the_site(tmp_path, lang):
    from click.testing import CliRunner

    from lawsearch.cli import main

    root, _ = built_book(tmp_path, lang)
    result = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "site" / "subject-index.html").read_text(encoding="utf-8")
    assert f'<span class="index-target">{INDEX_WORDS[lang]["page"]} 3</span>' in page
