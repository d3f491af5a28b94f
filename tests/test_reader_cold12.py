"""Cold read 12, issue 16, findings 3 and 8, in a real headless Chromium from file://:
a bilingual law prints both its columns at the paper's body size; the outline names a part the
main text lacks by the translation's title; the compare page's code title is not cut to a
letter or two on a phone; the results page's heading names the query and its count is on a
phone's screen without a scroll."""

from __future__ import annotations

from pathlib import Path

import pytest

from editions_fixtures import two_editions
from lawsearch.build import build
from test_phone_reading import tab  # noqa: F401  (the fixture)
from test_reader import DESKTOP, PHONE, site_url

# invented: a club's rules, the Russian text from 40C on, the English whole and one law more
RUSSIAN = """Правило 40. Опоздание к столу
C. Повторное опоздание
Пара, опоздавшая второй раз за вечер, получает штраф в три процента.
D. Уважительная причина
Судья может простить опоздание, если пара предупредила его заранее.
Правило 41. Шум в зале
A. Разговоры
Игроки не обсуждают сдачи вслух, пока в зале идёт игра.
"""
ENGLISH = """LAW 40 - LATENESS AT THE TABLE
A. Warning
A pair arriving late for the first time receives a warning.
B. Waiting Time
The Director waits ten minutes before moving the pair.
C. Repeated Lateness
A pair late for the second time in an evening receives a penalty of three percent.
D. Good Reason
The Director may excuse lateness when the pair warned him in advance.
LAW 41 - NOISE IN THE ROOM
A. Talking
Players do not discuss deals aloud while play goes on in the room.
LAW 42 - LIGHTING OF THE TABLES
A. Lamps
Every table has its own lamp.
B. Dimming
The Director does not dim the lights during a round.
"""
def at(build: Path, name: str, rest: str = "") -> str:
    """The site page's file:// address with a query or fragment (``rest``) after it."""
    return site_url(build, name) + rest


ONLY_ENGLISH = {"40.html": {"40A": "Warning", "40B": "Waiting Time"}, "42.html": {"42A": "Lamps", "42B": "Dimming"}}


@pytest.fixture(scope="module")
def lamp_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cold12-bilingual")
    corpus = root / "corpus"
    (corpus / "laws").mkdir(parents=True)
    (corpus / "laws" / "ru.txt").write_text(RUSSIAN, encoding="utf-8")
    (corpus / "laws" / "en.txt").write_text(ENGLISH, encoding="utf-8")
    sources = "".join(f'\n[[source]]\npath = "laws/{lang}.txt"\nlang = "{lang}"\nkind = "laws"\nedition = "2021"\n'
                      f'encoding = "utf-8"\n' for lang in ("ru", "en"))
    (corpus / "manifest.toml").write_text('[code]\ntitle = "Правила клуба «Лампа»"\nlaws = [40, 42]\nedition = "2021"\n'
                                          'lang = "ru"\n' + sources, encoding="utf-8")
    build(corpus, root / "build", lambda message: None, single_file=True)
    return root / "build"


# -- 3. print: one body size for both columns ------------------------------------------------------


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_both_columns_of_a_bilingual_law_print_at_one_size(tab, lamp_site, viewport):
    page = tab(at(lamp_site, "laws/40.html", "?q=опоздание#l40c"), viewport)
    page.wait_for_timeout(300)
    page.emulate_media(media="print")
    sizes = page.evaluate("""() => [...document.querySelectorAll('.parallel .lang-main .text p, .parallel .lang-translation p')]
        .map(p => [p.closest('[lang]').lang, getComputedStyle(p).fontSize])""")
    assert {lang for lang, _ in sizes} == {"ru", "en"}, sizes
    assert len({size for _, size in sizes}) == 1, sizes
    body = page.evaluate("getComputedStyle(document.body).fontSize")
    assert {size for _, size in sizes} == {body}, (sizes, body)


# -- 8. the outline names a part only the translation has ------------------------------------------


@pytest.mark.parametrize("law", sorted(ONLY_ENGLISH))
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_outline_names_a_translation_only_part_by_its_english_title(tab, lamp_site, law, viewport):
    page = tab(site_url(lamp_site, f"laws/{law}"), viewport)
    entries = page.evaluate("""() => [...document.querySelectorAll('nav.outline li')].map(li => {
        const t = li.querySelector(':scope > .outline-title');
        return [li.querySelector(':scope > a').textContent.trim(), t ? t.textContent.trim() : '', t ? t.lang : ''] })""")
    named = {part: (title, lang) for part, title, lang in entries}
    for part, title in ONLY_ENGLISH[law].items():
        assert named.get(part) == (title, "en"), entries
    if law == "40.html":  # the parts the Russian text has keep their Russian titles
        assert named["40C"] == ("Повторное опоздание", "")


def test_the_single_files_outline_names_a_translation_only_part_too(tab, lamp_site):
    page = tab((lamp_site / "lawsearch.html").as_uri() + "#l42", PHONE)
    page.wait_for_timeout(300)
    titles = page.evaluate("""() => [...document.querySelectorAll('nav.outline:not([hidden]) li .outline-title')]
        .map(t => t.textContent.trim())""")
    assert titles == ["Lamps", "Dimming"]


# -- 8. the code's title on a phone's compare page ------------------------------------------------

OLD = """Правило 1. Печь
A.Растопка
Печь растапливают берёзовыми дровами за час до рассвета.
B.Заслонка
Заслонку закрывают, когда угли перестают светиться.
"""
NEW = """Правило 1. Печь
A.Растопка
Печь растапливают сухими берёзовыми дровами за час до рассвета.
B.Заслонка
Заслонку закрывают, когда угли перестают светиться.
"""


@pytest.fixture(scope="module")
def bakery(tmp_path_factory) -> Path:
    return two_editions(tmp_path_factory.mktemp("cold12-bakery"), OLD, NEW)[1]


@pytest.mark.parametrize("where", ["compare/2006~2016/index.html", "index.html", "laws/1.html"])
def test_the_code_title_is_whole_on_a_phone(tab, bakery, where):
    """The brand beside the site's links: not cut to «Ус…» where the compare page's list of links is
    longer; whole, in a line or two, for a short title (a long one may still end in «…»)."""
    page = tab(site_url(bakery, where), PHONE)
    box = page.evaluate("""() => { const b = document.querySelector('header.site .brand'), r = b.getBoundingClientRect();
        return {sw: b.scrollWidth, cw: b.clientWidth, sh: b.scrollHeight, ch: b.clientHeight, w: r.width,
                right: r.right, page: document.documentElement.clientWidth} }""")
    assert box["sw"] <= box["cw"] and box["sh"] <= box["ch"] + 1, box
    assert box["right"] <= box["page"], box
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


# -- 8. the results page names its query; its count is on screen -----------------------------------


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_results_page_names_the_query_and_shows_the_count_unscrolled(tab, built, viewport):
    page = tab(at(built, "search.html", "?q=штраф"), viewport)
    page.wait_for_selector("#all-results ol li a")
    assert page.evaluate("document.querySelector('main h1').textContent.trim()") == "Результаты поиска: «штраф»"
    count = page.evaluate("""() => { const p = [...document.querySelectorAll('#all-results > p.info')]
        .find(e => /Найдено: \\d+/.test(e.textContent)); if (!p) return null; const r = p.getBoundingClientRect();
        return {text: p.textContent, top: r.top, bottom: r.bottom, scroll: scrollY, vh: innerHeight} }""")
    assert count and count["scroll"] == 0 and 0 <= count["top"] and count["bottom"] <= count["vh"], count
    hits = page.evaluate("document.querySelectorAll('#all-results ol li a[data-id]').length")
    assert hits > 10  # a list longer than the screen: the count under it would be far below
    assert page.evaluate("document.querySelector('#all-results ol').getAttribute('aria-label')") == "Результаты поиска: «штраф»"


def test_the_single_files_results_heading_names_the_query(tab, lamp_site):
    page = tab((lamp_site / "lawsearch.html").as_uri() + "?q=" + "опоздание" + "#search-results", PHONE)
    page.wait_for_selector("#search-results ol li a")
    assert page.evaluate("document.getElementById('search-results-h').textContent.trim()") == "Результаты поиска: «опоздание»"
