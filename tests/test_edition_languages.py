"""The edition switch between editions that share no language (issue 15, lawsearch/editions.py
``counterpart_of``): titles are compared within a language only; a law is followed through
the comparisons of editions between (a Russian 1987 and an English 2017 through a Russian and
English 2007); the glossary reads a Russian title into English; and where nothing honest
joins two laws the page says so instead of linking a law of the same number.

Invented laws; the layouts are the built-in profile's ``ru-book`` and ``en-2007``."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from editions_fixtures import corpus_of
from lawsearch import editions
from lawsearch.build import build
from lawsearch.corpus import build_corpus


def write_corpus(root: Path, default: str, files: list[tuple[str, str, str, str]], titles: str = "") -> Path:
    """A corpus folder: ``files`` are (edition, lang, layout, text); ``titles`` a titles-en.toml."""
    root.mkdir(parents=True)
    lines = ["[code]", 'title = "Invented code"', f'edition = "{default}"', ""]
    for k, (edition, lang, layout, text) in enumerate(files):
        (root / edition).mkdir(exist_ok=True)
        (root / edition / f"{edition}-{k}-{lang}.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "{edition}/{edition}-{k}-{lang}.txt"', f'lang = "{lang}"', 'kind = "laws"',
                  f'edition = "{edition}"', f'layout = "{layout}"', 'encoding = "utf-8"', ""]
    (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    if titles:
        (root / "titles-en.toml").write_text(titles, encoding="utf-8")
    return root


def switch(site: Path, page: str) -> dict[str, tuple[str, str]]:
    """The edition switch of a law page: edition → (href without its anchor, text); each
    href names a page the site has."""
    html = (site / "laws" / page).read_text(encoding="utf-8")
    nav = re.search(r'<nav class="edition-switch".*?</nav>', html, re.S).group(0)
    for href in re.findall(r'href="([^"#]*)', nav):
        assert (site / "laws" / unescape(href)).resolve().is_file(), href
    return {m[1]: (unescape(m[0]).split("#")[0], unescape(re.sub(r"<[^>]+>", "", m[2])))
            for m in re.findall(r'<a href="([^"]*)"[^>]*data-edition="([^"]*)">(.*?)</a>', nav, re.S)}


# -- a chain of comparisons: ru 1987 → ru+en 2007 → en 2017 -----------------------------------

RU_1987 = """Правило 41. Начало розыгрыша
После заключительного паса защитник слева от разыгрывающего делает первый ход.
Правило 42. Вопросы перед первым ходом
Перед первым ходом защитник может спросить о значении любой заявки соперников.
Правило 43. Права болвана
Болван вправе следить за ходом игры и предупреждать партнёра о неправильном ходе.
Правило 44. Порядок игры во взятке
Игрок, взявший взятку, делает ход в следующую взятку.
"""
RU_2007 = """Правило 41. Начало розыгрыша
После заключительного паса защитник слева от разыгрывающего делает первый ход.
Правило 42. Права болвана
Болван вправе следить за ходом игры и предупреждать партнёра о неправильном ходе.
Правило 43. Порядок игры во взятке
Игрок, взявший взятку, делает ход в следующую взятку.
"""
EN_2007 = """Law 41 - Commencement of Play
After the final pass the defender on declarer's left makes the opening lead.
Law 42 - Dummy's Rights
Dummy may watch the play and warn partner of an irregular lead.
Law 43 - Sequence of Play
The player who won the trick leads to the next one.
"""


@pytest.fixture(scope="module")
def chain(tmp_path_factory):
    root = tmp_path_factory.mktemp("chain")
    folder = write_corpus(root / "corpus", "1987", [
        ("1987", "ru", "ru-book", RU_1987), ("2007", "ru", "ru-book", RU_2007), ("2007", "en", "en-2007", EN_2007),
        ("2017", "en", "en-2007", EN_2007)])
    build(folder, root / "build", lambda message: None)
    return build_corpus(folder), root / "build" / "site"


def test_a_law_is_followed_through_the_edition_between(chain):
    corpus, _ = chain
    assert editions.comparison_path(corpus, "1987", "2017") == ["1987", "2007", "2017"]
    # 43 became 42 in 2007 (Russian compared), and 42 stayed 42 in 2017 (English compared):
    # 2017's own law 43 is another law, which a match by number would have linked
    assert editions.counterpart_of(corpus, "43", "2017") == editions.Counterpart("2017~42", False, "comparison")
    assert editions.counterpart_of(corpus, "2017~42", "1987") == editions.Counterpart("43", False, "comparison")
    assert editions.counterpart_of(corpus, "41", "2017") == editions.Counterpart("2017~41", True, "comparison")
    # 42 of 1987 was removed in 2007, so it is in no later edition
    assert editions.counterpart_of(corpus, "42", "2017") == editions.Counterpart(None, False, "comparison")


def test_the_switch_links_the_law_through_the_chain_and_says_removed(chain):
    _, site = chain
    href, text = switch(site, "43.html")["2017"]
    assert href.endswith("2017~42.html") and "42" in text
    href, text = switch(site, "42.html")["2017"]
    assert href.endswith("index~2017.html") and "исключено" in text  # the site speaks the corpus's Russian


# -- no chain: titles in one language, the glossary, the number ----------------------------

# 1990: Russian, with English titles for some laws (the corpus's titles file); 2017: English only
RU_1990 = """Правило 10. Штрафная карта
Карта, открытая защитником, остаётся на столе до конца игры.
Правило 11. Две открытые карты
Если открыты две карты, разыгрывающий выбирает, какую сыграть первой.
Правило 12. Ход вне очереди
Ход вне очереди может быть принят любым из соперников.
Правило 13. Случайно открытая штрафная карта
Случайно открытая карта защитника становится младшей штрафной картой.
Правило 14. Запись результата
Результат сдачи записывает игрок линии Север.
"""
EN_2017 = """Law 10 - Disposition of a Penalty Card
A card exposed by a defender stays face up on the table until it is played.
Law 11 - Lead Out of Turn Accepted
Either opponent may accept a lead made out of turn.
Law 12 - Two or More Penalty Cards
With two cards exposed, declarer chooses which one is played first.
Law 13 - Exposed Penalty Card
A card a defender exposed by accident becomes a minor penalty card.
Law 14 - Scoring Table
North records the result of the board.
"""
TITLES_1990 = """edition = "1990"
[titles]
10 = "Disposition of Penalty Card"
11 = "Two or More Penalty Cards"
12 = "Lead Out of Turn Accepted"
"""


@pytest.fixture(scope="module")
def across(tmp_path_factory):
    root = tmp_path_factory.mktemp("across")
    folder = write_corpus(root / "corpus", "1990", [("1990", "ru", "ru-book", RU_1990),
                                                    ("2017", "en", "en-2007", EN_2017)], TITLES_1990)
    build(folder, root / "build", lambda message: None)
    return build_corpus(folder), root / "build" / "site"


def test_titles_are_compared_within_a_language_never_across(across):
    corpus, _ = across
    law = corpus.node("10")
    assert editions.titles_by_language(law) == {"ru": "Штрафная карта", "en": "Disposition of Penalty Card"}
    # the English titles agree (mostly the same words): the same law, though ru ≠ en
    assert editions.title_evidence(law, corpus.node("2017~10")) is True
    # an English title that disagrees is evidence against the same number
    assert editions.title_evidence(corpus.node("11"), corpus.node("2017~11")) is False
    # a Russian title only against an English one: nothing to tell by, without the glossary
    assert editions.title_evidence(corpus.node("13"), corpus.node("2017~13")) is None


def test_the_switch_uses_titles_glossary_and_number_and_never_links_a_disagreeing_law(across):
    _, site = across
    # the English titles agree: the same number, no note
    href, text = switch(site, "10.html")["2017"]
    assert href.endswith("2017~10.html") and text == "2017"
    # the English title names another law of 2017: that law, saying where it went
    href, text = switch(site, "11.html")["2017"]
    assert href.endswith("2017~12.html") and "12" in text
    assert switch(site, "12.html")["2017"][0].endswith("2017~11.html")
    # no English title: the glossary reads «штрафная карта» as "penalty card", which 2017's
    # law 13 has in its title: the same law, no note
    href, text = switch(site, "13.html")["2017"]
    assert href.endswith("2017~13.html") and text == "2017"
    # nothing to tell by: the same number, and the page says it is by number only
    href, text = switch(site, "14.html")["2017"]
    assert href.endswith("2017~14.html") and "14" in text and "по номеру" in text
    # back from English: 2017's law 11 has 1990's law 12's English title
    href, text = switch(site, "2017~11.html")["1990"]
    assert href.split("/")[-1] == "12.html"


def test_a_law_whose_titles_disagree_and_match_nothing_is_said_to_have_no_match(tmp_path):
    folder = write_corpus(tmp_path / "corpus", "1990", [
        ("1990", "ru", "ru-book", "Правило 11. Две открытые карты\nЕсли открыты две карты, выбор за разыгрывающим.\n"),
        ("2017", "en", "en-2007", "Law 11 - Claims\nA claim is made by showing the hand.\n")],
        'edition = "1990"\n[titles]\n11 = "Two or More Penalty Cards"\n')
    corpus = build_corpus(folder)
    assert editions.counterpart_of(corpus, "11", "2017") == editions.Counterpart(None, False, "none")
    build(folder, tmp_path / "build", lambda message: None)
    site = tmp_path / "build" / "site"
    href, text = switch(site, "11.html")["2017"]
    assert href.endswith("index~2017.html") and "2017~11" not in href
    assert "не найдено" in text


def test_the_cold_fixture_with_no_shared_language_links_by_number_and_says_so(tmp_path):
    """tests/data/editions/no-shared-language: Russian 1987 «Организация турнира», English
    2017 "Tournament Organisation": no title in a common language, nothing in the glossary;
    the switch lands on law 80 and says it is matched by number only (it said "removed")."""
    folder = corpus_of("no-shared-language", tmp_path)
    build(folder, tmp_path / "build", lambda message: None)
    site = tmp_path / "build" / "site"
    href, text = switch(site, "80.html")["2017"]
    assert href.endswith("2017~80.html") and "80" in text and "по номеру" in text
    href, _ = switch(site, "2017~80.html")["1987"]
    assert href.split("/")[-1] == "80.html"
