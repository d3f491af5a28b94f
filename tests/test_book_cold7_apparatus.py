"""Cold read 7, issue 13, findings 4, 5, 6, 8 and 10 (a whole book's apparatus and what the
reports say of it). Invented books, Russian and English:

4. form feeds end pages in the law text (README): not control-character damage; contents
   entries with «…» (U+2026) leaders are contents entries, never law headings; a title page
   of a translator and a year on a page of its own is a title page;
5. a definitions heading holding the profile's word among others («ТЕРМИНЫ И ОПРЕДЕЛЕНИЯ",
   "DEFINITIONS AND TERMS") opens the definitions;
6. the subject index: a qualified index heading («АЛФАВИТНЫЙ УКАЗАТЕЛЬ», "GENERAL INDEX") is a
   heading, not the first headword's words; one ditto mark under a two-word headword
   followed by a sub-heading repeats the whole headword; "see also X N" links X and keeps
   N as the entry's own;
8. a translator named in the genitive whose nominative the dictionary does not know is
   shown whole, label and name, as printed -- never the name cut from its label;
10. a law the build warned may hold another law's text, or be followed by a page left
    unplaced, is never "complete"; a law in the contents with no text placed is in check's
    law list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder


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


def check(root: Path, tmp_path: Path):
    return CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "check-out")])


def build(root: Path, out: Path):
    return CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])


def law_texts(c) -> dict[str, str]:
    out: dict[str, list[str]] = {}
    for n in c.nodes:
        if n.law and n.kind not in ("piece", "definition"):
            out.setdefault(n.law, []).append(" ".join(x for x in (n.title or "", n.text or "") if x))
    return {k: " ".join(v) for k, v in out.items()}


# -- 4. form feeds, «…» leaders, a two-field title page ---------------------------------------

RU_TITLE = ["ПРАВИЛА ЗИМНЕГО КУБКА", "Перевод Е. Д. Лариной", "Самара, 2008"]
RU_LAW_1 = ["Правило 1. ЗАПИСЬ КОМАНД", "Команда записывается у секретаря не позднее чем за час до начала."]
RU_LAW_2 = ["Правило 2. РАССАДКА", "Капитан команды называет состав на каждый тур и подаёт",
            "его судье в письменном виде."]
RU_LAW_3 = ["Правило 3. ЗАМЕНА ИГРОКА", "Замена разрешается только между турами с согласия судьи."]


def ru_contents(leader: str) -> list[str]:
    return ["СОДЕРЖАНИЕ", f"Правило 1. Запись команд {leader} 2", f"Правило 2. Рассадка {leader} 2",
            f"Правило 3. Замена игрока {leader} 3"]


LEADERS = ["……………", "… … … …", "……", ". . . …… . .", "..........", "...…..."]


@pytest.mark.parametrize("leader", LEADERS)
def test_contents_with_ellipsis_leaders_are_contents_not_headings(tmp_path, leader):
    """«…» leaders, alone or mixed with dots: the contents lines are entries; the laws
    after them are built once each (today: "heading of 1 repeats", exit 1)."""
    text = "\n".join(RU_TITLE + ["\f" + "\n".join(ru_contents(leader)), "\f" + "\n".join(RU_LAW_1 + RU_LAW_2),
                                 "\f" + "\n".join(RU_LAW_3)]) + "\n"
    c = built(corpus(tmp_path, "ru", text))
    assert [e["id"] for e in c.apparatus["toc"] if e.get("scope") == "laws"] == ["1", "2", "3"]
    assert [e["page"] for e in c.apparatus["toc"] if e.get("scope") == "laws"] == ["2", "2", "3"]
    texts = law_texts(c)
    assert set(texts) == {"1", "2", "3"}
    assert "секретаря" in texts["1"] and "письменном" in texts["2"] and "согласия" in texts["3"]


@pytest.mark.parametrize("end", ["\f", "feed alone", "- 1"])
def test_a_title_page_of_a_translator_and_a_year_on_its_own_page(tmp_path, end):
    """Title, «Перевод …» and «Город, год»: two of the title page's fields, on a page of
    their own (a form feed, alone or opening the next line, or a footer closes it)."""
    close = {"\f": ["\f" + ru_contents("……")[0]] + ru_contents("……")[1:],
             "feed alone": ["\f"] + ru_contents("……"),
             "- 1": ["- 1"] + ru_contents("……")}[end]
    text = "\n".join(RU_TITLE + close + ["\f"] + RU_LAW_1 + RU_LAW_2 + RU_LAW_3) + "\n"
    root = corpus(tmp_path, "ru", text)
    c = built(root)
    front = c.apparatus["front"]
    assert front.get("translator_name") == "Е. Д. Ларина" and front.get("year") == "2008"
    assert not [n for n in c.nodes if n.kind == "piece"]  # no preface piece made of the title page


def test_a_preface_sentence_with_a_translator_and_a_year_is_no_title_page(tmp_path):
    """The two-field rule wants short lines: a page of sentences naming a translator and a
    year stays text before the first law (a piece, with its warning)."""
    preface = ["Эта книга переведена Е. Д. Лариной в 2008 году для игроков клуба, которые просили её об этом.",
               "Перевод Е. Д. Лариной сверен с оригиналом и дополнен примечаниями к отдельным правилам."]
    text = "\n".join(preface + ["\f" + ru_contents("……")[0]] + ru_contents("……")[1:] + ["\f"] + RU_LAW_1) + "\n"
    c = built(corpus(tmp_path, "ru", text))
    assert not c.apparatus.get("front")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_form_feeds_end_pages_of_the_law_text(tmp_path, lang):
    """A book whose pages only form feeds part: each feed ends a page (check lists them),
    no control-character damage is reported for it, a sentence going on across a feed
    stays whole in its law, and the last page, after the last feed, ends where the file
    does (no gap mark)."""
    if lang == "ru":
        pages = [RU_LAW_1 + RU_LAW_2[:2], RU_LAW_2[2:] + RU_LAW_3]
        whole = "подаёт его судье"
    else:
        pages = [["LAW 1 - ENTRIES", "Every team enters at the desk an hour before the start.",
                  "LAW 2 - SEATING", "The captain names the players for each round and hands"],
                 ["the list to the director in writing.", "LAW 3 - SUBSTITUTES",
                  "A substitute may play only between rounds with the director's consent."]]
        whole = "hands the list to the director"
    for feed_alone in (True, False):
        sub = tmp_path / ("alone" if feed_alone else "leading")
        body = ("\n".join(pages[0]) + ("\n\f\n" if feed_alone else "\n\f") + "\n".join(pages[1])) + "\n"
        root = corpus(sub, lang, body)
        c = built(root)
        texts = law_texts(c)
        assert whole in texts["2"], (feed_alone, texts)
        assert not any(m.kind == "gap" for n in c.nodes for m in n.marks), feed_alone
        out = check(corpus(sub / "again", lang, body), sub).output
        assert "1 page end at form feeds" in out, out
        assert "replace_control_characters" not in out
        assert "form_feed_page_end 1" in out
        assert re.search(r"a page a form feed began, page unknown, joins the piece before it", out), out


def test_control_characters_other_than_a_leading_form_feed_are_still_damage(tmp_path):
    text = "\n".join(RU_LAW_1[:1] + ["Команда записывается\x0cу секретаря за час до начала."]) + "\n"
    out = check(corpus(tmp_path, "ru", text), tmp_path).output
    assert "replace_control_characters 1" in out and "form feeds" not in out.split("Pages:")[1].splitlines()[0]


# -- 5. definitions headings that name them with other words ----------------------------------

@pytest.mark.parametrize("lang,heading", [("ru", "ТЕРМИНЫ И ОПРЕДЕЛЕНИЯ"), ("ru", "Термины и определения"),
                                          ("ru", "ОСНОВНЫЕ ОПРЕДЕЛЕНИЯ"), ("en", "DEFINITIONS AND TERMS"),
                                          ("en", "TERMS AND DEFINITIONS"), ("en", "Terms and Definitions")])
def test_a_definitions_heading_holding_the_profiles_word(tmp_path, lang, heading):
    if lang == "ru":
        entries = ["Капитан — игрок, отвечающий за состав команды.", "Тур — сдачи, сыгранные за одним столом."]
        laws = RU_LAW_1 + RU_LAW_2
    else:
        entries = ["Captain - the player who names the team.", "Round - the deals played at one table."]
        laws = ["LAW 1 - ENTRIES", "Every team enters at the desk before the start.",
                "LAW 2 - SEATING", "The captain names the players for each round."]
    text = "\n".join([heading] + entries + [""] + laws) + "\n"
    c = built(corpus(tmp_path, lang, text))
    terms = [e["term"] for e in (c.apparatus.get("definitions") or {}).get("entries", ())]
    assert terms == [entries[0].split()[0], entries[1].split()[0]], terms
    assert {"1", "2"} <= set(law_texts(c))


def test_a_sentence_holding_the_definitions_word_opens_no_definitions(tmp_path):
    text = "\n".join(RU_LAW_1 + ["Определения даны в правиле 2 и действуют во всех турах."] + RU_LAW_2) + "\n"
    c = built(corpus(tmp_path, "ru", text))
    assert not c.apparatus.get("definitions")
    assert "Определения даны" in law_texts(c)["1"]


# -- 6. the subject index ---------------------------------------------------------------------

def index_book(lang: str, heading: str, rows: list[str]) -> str:
    if lang == "ru":
        laws = RU_LAW_1 + RU_LAW_2 + RU_LAW_3
    else:
        laws = ["LAW 1 - ENTRIES", "Every team enters at the desk before the start.",
                "LAW 2 - SEATING", "The captain names the players for each round.",
                "LAW 3 - NOISE", "Noise that disturbs a table is stopped by the director."]
    return "\n".join(laws + ["- 1", heading] + rows + ["- 2"]) + "\n"


@pytest.mark.parametrize("lang,heading", [("ru", "АЛФАВИТНЫЙ УКАЗАТЕЛЬ"), ("ru", "ОБЩИЙ УКАЗАТЕЛЬ"),
                                          ("en", "GENERAL INDEX"), ("en", "Alphabetical Index")])
def test_a_qualified_index_heading_is_no_headword(tmp_path, lang, heading):
    first = "Карточка счёта 2" if lang == "ru" else "Score card 2"
    rows = [first, "Замена 3" if lang == "ru" else "Substitute 3"]
    c = built(corpus(tmp_path, lang, index_book(lang, heading, rows)))
    heads = [e["headword"] for e in c.apparatus["index"]]
    assert heads[0] == first.rsplit(" ", 1)[0], heads


@pytest.mark.parametrize("mark", ["〃", "″", '"', "=", "—"])
def test_a_ditto_under_a_two_word_headword_before_a_noun_repeats_all_of_it(tmp_path, mark):
    """«Карточка счёта» / «〃 исправление»: «исправление» does not go with «Карточка» (no
    agreement), so the mark stands for the whole headword; «Лодка речная» / «〃 весельная»
    (an agreeing adjective) replaces «речная» (tests/test_index_ditto.py)."""
    rows = ["Карточка счёта 2", f"  {mark}   исправление 3", f"  {mark}   образец 2", "Стол игровой 1"]
    c = built(corpus(tmp_path, "ru", index_book("ru", "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", rows)))
    got = [(e["headword"], e["sub"], e["targets"]) for e in c.apparatus["index"]]
    assert got[:3] == [("Карточка счёта", None, ["2"]), ("Карточка счёта", "исправление", ["3"]),
                       ("Карточка счёта", "образец", ["2"])], got


@pytest.mark.parametrize("lang,row,see,own", [
    ("en", "Seating, see also Noise 1", "Noise", ["1"]),
    ("en", "Seating, see also Noise 1, 2", "Noise", ["1", "2"]),
    ("ru", "Рассадка, см. также Шум 1", "Шум", ["1"]),
])
def test_see_also_links_and_keeps_the_entrys_own_laws(tmp_path, lang, row, see, own):
    rows = ["Noise 3", row] if lang == "en" else ["Шум 3", row]
    root = corpus(tmp_path, lang, index_book(lang, "INDEX" if lang == "en" else "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", rows))
    c = built(root)
    entry = c.apparatus["index"][1]
    assert (entry["see"], entry["targets"], entry.get("see_also")) == (see, own, True)
    result = build(corpus(tmp_path / "b", lang, index_book(lang, "INDEX" if lang == "en" else "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ",
                                                          rows)), tmp_path / "out")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "site" / "subject-index.html").read_text(encoding="utf-8")
    words = "see also" if lang == "en" else "см. также"
    assert re.search(rf'{words} <a href="#ix-1">{see}</a>', page), page


def test_a_plain_see_keeps_its_reading(tmp_path):
    c = built(corpus(tmp_path, "en", index_book("en", "INDEX", ["Noise 3", "Racket, see Noise"])))
    entry = c.apparatus["index"][1]
    assert (entry["see"], entry["targets"], "see_also" in entry) == ("Noise", [], False)


# -- 8. a translator in the genitive ----------------------------------------------------------

@pytest.mark.parametrize("line,name", [
    ("Перевод с английского Н. А. Сомовой", None),  # no nominative the dictionary knows
    ("Перевод с английского Т. Н. Веселовой", "Т. Н. Веселова"),
])
def test_a_genitive_translator_is_never_cut_from_its_label(tmp_path, line, name):
    text = "\n".join(["ПРАВИЛА ЗИМНЕГО КУБКА", "Издание 2010 года", line, "Издательство «Береста»", "Тверь, 2011",
                      ""] + RU_LAW_1) + "\n"
    front = built(corpus(tmp_path, "ru", text)).apparatus["front"]
    assert front["translator"] == line.split("английского ", 1)[1]  # the name as printed, kept
    out = check(corpus(tmp_path / "again", "ru", text), tmp_path).output
    shown = re.search(r"translator ([^;\n]+)", out.split("title page:", 1)[1]).group(1).strip()
    result = build(corpus(tmp_path / "site", "ru", text), tmp_path / "out")
    home = (tmp_path / "out" / "site" / "index.html").read_text(encoding="utf-8")
    if name is None:
        assert shown == f"{line} (as printed)"
        assert line in home  # label and name together, as printed
    else:
        assert shown == name and name in home
    assert result.exit_code == 0


# -- 10. never "complete" where the build warned ---------------------------------------------

def law_statuses(out: Path) -> list[str]:
    home = (out / "site" / "index.html").read_text(encoding="utf-8")
    return re.findall(r'class="status">([^<]*)<', home)


def test_a_law_that_may_hold_a_lost_laws_text_is_not_complete(tmp_path):
    """The contents list law 3, the text runs from law 2 straight into law 4: law 2 may
    hold law 3's text at its end. check says so, the site says "may be incomplete"."""
    text = "\n".join(["CONTENTS", "Law 1 - Entries ......... 1", "Law 2 - Seating ......... 1",
                      "Law 3 - Substitutes ..... 1", "Law 4 - Noise ........... 1", "",
                      "LAW 1 - ENTRIES", "Every team enters at the desk before the start.",
                      "LAW 2 - SEATING", "The captain names the players for each round.",
                      "A substitute may play only between rounds.",
                      "LAW 4 - NOISE", "Noise that disturbs a table is stopped by the director."]) + "\n"
    out = check(corpus(tmp_path, "en", text), tmp_path).output
    laws = out.split("\nLaws:\n", 1)[1].split("\n\n", 1)[0]
    line2 = next(l for l in laws.splitlines() if l.strip().startswith("2 "))
    assert "complete" not in line2 and "law 3's text, if any survives, may be at its end" in line2, laws
    line3 = next(l for l in laws.splitlines() if l.strip().startswith("3 "))
    assert "may be at the end of 2" in line3, laws
    assert build(corpus(tmp_path / "b", "en", text), tmp_path / "out").exit_code == 0
    assert law_statuses(tmp_path / "out") == ["complete", "may be incomplete", "lost", "complete"]


def test_a_law_followed_by_an_unplaced_page_is_not_complete_and_the_lost_law_is_listed(tmp_path):
    """Law 3's page is followed by a page the contents give to law 4, its heading lost: the
    page is left unplaced. Law 3 is not "complete" (the page may be its own), and law 4,
    of which no node exists, is in check's law list naming the page."""
    text = "\n".join(["CONTENTS", "Law 1 - Entries ......... 1", "Law 2 - Seating ......... 1",
                      "Law 3 - Substitutes ..... 2", "Law 4 - Noise ........... 3", "Page 1",
                      "LAW 1 - ENTRIES", "Every team enters at the desk before the start.",
                      "LAW 2 - SEATING", "The captain names the players for each round.", "Page 2",
                      "LAW 3 - SUBSTITUTES", "A substitute may play only between rounds.", "Page 3",
                      "Noise that disturbs a table is stopped by the director.", "Page 4"]) + "\n"
    out = check(corpus(tmp_path, "en", text), tmp_path).output
    laws = out.split("\nLaws:\n", 1)[1].split("\n\n", 1)[0]
    line3 = next(l for l in laws.splitlines() if l.strip().startswith("3 "))
    assert "complete" not in line3 and "is left unplaced" in line3, laws
    line4 = next((l for l in laws.splitlines() if l.strip().startswith("4 ")), "")
    assert "NOT PLACED" in line4 and "Noise" in line4 and "unplaced page at" in line4, laws
    assert build(corpus(tmp_path / "b", "en", text), tmp_path / "out").exit_code == 0
    assert law_statuses(tmp_path / "out")[2] == "may be incomplete"


def test_a_law_that_keeps_a_page_the_contents_give_to_a_lost_law_is_not_complete(tmp_path):
    """The page after law 3's begins by finishing law 3's open sentence, so it stays in law
    3, but the contents start law 4 on it and no heading of law 4 is anywhere: law 3 is not
    "complete" and law 4's line names the page."""
    text = "\n".join(["CONTENTS", "Law 1 - Entries ......... 1", "Law 2 - Seating ......... 1",
                      "Law 3 - Substitutes ..... 2", "Law 4 - Noise ........... 3", "Law 5 - Scores .......... 4",
                      "Page 1",
                      "LAW 1 - ENTRIES", "Every team enters at the desk before the start.",
                      "LAW 2 - SEATING", "The captain names the players for each round.", "Page 2",
                      "LAW 3 - SUBSTITUTES", "A substitute may play only between rounds and only", "Page 3",
                      "with the director's consent. Noise that disturbs a table is stopped by the director.",
                      "Page 4", "LAW 5 - SCORES", "Scores are posted after each round.", "Page 5"]) + "\n"
    out = check(corpus(tmp_path, "en", text), tmp_path).output
    laws = out.split("\nLaws:\n", 1)[1].split("\n\n", 1)[0]
    line3 = next(l for l in laws.splitlines() if l.strip().startswith("3 "))
    assert "complete" not in line3 and "law 4's text, if any survives, may be on the page kept in it" in line3, laws
    line4 = next(l for l in laws.splitlines() if l.strip().startswith("4 "))
    assert "may be on the page at" in line4, laws
    assert build(corpus(tmp_path / "b", "en", text), tmp_path / "out").exit_code == 0
    assert law_statuses(tmp_path / "out")[2] == "may be incomplete"
