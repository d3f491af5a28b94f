"""Cold read 15 of issue 16, in a real headless Chromium from file://: no page scrolls sideways on
the narrowest phones (the glossary's three columns of whole words were wider than the line); the
single file's stamp says its sources count every edition's; the Tab past the last result goes on
to what follows the search box; the single file's «текст полный» stands beside the status banner."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_reader import PHONE  # noqa: F401
from test_reader_cold13 import tab  # noqa: F401  (the fixture)


def url(build_dir: Path, where: str) -> str:
    path, _, rest = where.partition("?")
    path, _, anchor = path.partition("#")
    return (build_dir / path).as_uri() + ("?" + rest if rest else "") + ("#" + anchor if anchor else "")


# -- finding 1: no sideways scroll at 320 and 360 px ------------------------------------------------------


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("where", ["site/glossary.html", "lawsearch.html", "lawsearch.html#glossary",
                                   "site/laws/50.html", "site/search.html?q=%D1%88%D1%82%D1%80%D0%B0%D1%84"])
def test_no_page_scrolls_sideways_on_a_narrow_phone(tab, built, where, width):
    page = tab(url(built, where), {"width": width, "height": 740})
    page.wait_for_timeout(300)
    sizes = page.evaluate("""() => ({scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth,
        wide: [...document.querySelectorAll('main *')].filter(e => e.getClientRects().length
              && e.getBoundingClientRect().right > innerWidth + 1).slice(0, 3).map(e => e.tagName + '.' + e.className)})""")
    assert sizes["scroll"] <= sizes["view"], sizes
    if "glossary" in where:
        # every term and translation whole on its line: the cells are wide enough for their words
        cells = page.evaluate("""() => [...document.querySelectorAll('table.glossary td')].filter(td => td.getClientRects().length)
            .map(td => td.scrollWidth <= td.clientWidth + 1)""")
        assert len(cells) > 10 and all(cells), cells


# -- finding 4: the Tab past the last result goes on below the search box -------------------------------


@pytest.mark.parametrize("where", ["site/laws/50.html", "lawsearch.html"])
def test_tab_past_the_last_result_closes_the_panel_and_goes_on_below_the_box(tab, built, where):
    page = tab(url(built, where), PHONE)
    page.keyboard.press("/")
    page.keyboard.type("revoke")
    page.locator("#results li a").first.wait_for()
    page.wait_for_timeout(300)
    page.keyboard.press("ArrowDown")
    for _ in range(80):
        page.keyboard.press("Tab")
        if not page.evaluate("document.getElementById('results').contains(document.activeElement)"):
            break
    where_to = page.evaluate("""() => { const a = document.activeElement, box = document.getElementById('q');
        return {panel: !document.getElementById('results').hidden, after: !!(box.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING),
                top: a.getBoundingClientRect().top + scrollY, boxBottom: box.getBoundingClientRect().bottom + scrollY,
                what: a.tagName + ' ' + (a.textContent || '').trim().slice(0, 30)}; }""")
    assert not where_to["panel"], where_to
    # the next element in the page's order, and on screen below the box: never one above it (the site's links)
    assert where_to["after"] and where_to["top"] >= where_to["boxBottom"], where_to


@pytest.mark.parametrize("where", ["site/laws/50.html", "site/index.html", "lawsearch.html"])
def test_on_a_phone_the_headers_controls_are_in_the_order_they_are_seen(tab, built, where):
    """Brand and the site's links on the first row, the search box under them: Tab goes so too."""
    page = tab(url(built, where), PHONE)
    tops = page.evaluate("""() => [...document.querySelectorAll('header.site a, header.site input')]
        .filter(e => e.getClientRects().length).map(e => [e.tagName, Math.round(e.getBoundingClientRect().top)])""")
    assert [t for _, t in tops] == sorted(t for _, t in tops), tops
    assert tops[-1][0] == "INPUT", tops


# -- finding 5: «текст полный» beside a long banner; a very long word printed breaks with a hyphen -----------

# two editions of an invented club's rules; the later one holds a word of ninety letters (a compound
# such as a damaged source joins), longer than any line of a phone or of the paper
LONG_WORD = "самоварочайникоподстаканникосахарницевареньевазочкоблюдцеложечкосалфеточкопирожко" + "крендельки"
EDITION_2015 = ("Правило 1. Рассадка за столами\nA. Жребий\nПеред первым туром секретарь тянет жребий для всех пар.\n"
                "Правило 2. Чай\nA. Самовар\nСамовар ставится у окна.\n")
EDITION_2024 = ("Правило 1. Рассадка за столами\nA. Жребий\nПеред первым туром секретарь тянет жребий для всех пар.\n"
                f"Правило 2. Чай\nA. Самовар\nСамовар ставится у окна, рядом {LONG_WORD} и чашки.\n")


@pytest.fixture(scope="module")
def two_editions(tmp_path_factory) -> Path:
    from lawsearch.build import build

    root = tmp_path_factory.mktemp("cold15")
    corpus = root / "corpus"
    (corpus / "laws").mkdir(parents=True)
    lines = ['[code]', 'title = "Устав чайного клуба"', 'laws = [1, 2]', 'edition = "2024"', 'lang = "ru"']
    for edition, text in (("2015", EDITION_2015), ("2024", EDITION_2024)):
        (corpus / "laws" / f"{edition}.txt").write_text(text, encoding="utf-8")
        lines += ['', '[[source]]', f'path = "laws/{edition}.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{edition}"']
    (corpus / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    build(corpus, root / "build", lambda message: None, single_file=True)
    return root / "build"


@pytest.mark.parametrize("where", ["lawsearch.html#e2015-l1", "site/laws/2015~1.html"])
def test_the_short_facts_stand_beside_a_long_edition_banner_on_a_phone(tab, two_editions, where):
    page = tab(url(two_editions, where), PHONE)
    boxes = page.evaluate("""() => { const a = document.getElementById('e2015-l1').closest('article.law') || document.querySelector('article.law');
        const box = s => { const r = a.querySelector(s).getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
        return {banner: box('.edition-status'), meta: box('.meta'), lines: Math.round(a.querySelector('.edition-status').getBoundingClientRect().height
                / parseFloat(getComputedStyle(a.querySelector('.edition-status')).lineHeight))}; }""")
    banner, meta = boxes["banner"], boxes["meta"]
    assert boxes["lines"] >= 2, boxes  # the banner names the later edition: a sentence wider than the room beside it
    assert meta["left"] >= banner["right"] and meta["top"] < banner["bottom"], boxes  # beside it, not under it


@pytest.mark.parametrize("where", ["site/laws/2.html", "lawsearch.html#l2"])
def test_a_very_long_word_printed_breaks_with_a_hyphen(tab, two_editions, where, tmp_path):
    import re
    import shutil
    import subprocess

    if not shutil.which("pdftotext"):
        pytest.skip("no pdftotext on this machine (apt-get install poppler-utils)")
    page = tab(url(two_editions, where), PHONE)
    pdf = tmp_path / "law.pdf"
    page.pdf(path=str(pdf), format="A5")
    lines = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout.splitlines()
    text = "\n".join(line.strip() for line in lines).replace("\u00ad", "")  # the text layer keeps the soft hyphens
    first = next((line for line in text.splitlines() if LONG_WORD[:12] in line), None)
    assert first is not None, text[:800]
    # the word's first piece ends its line with a hyphen (a soft hyphen's break), never cut mid-letter bare
    assert re.search("\\w[-\u2010]$", first), first
    assert LONG_WORD not in text.replace("\n", " "), "printed whole, past the paper's edge"
