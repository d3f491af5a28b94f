"""The site at the table, cold read 6 of issue 16: on a phone the floating controls (the marks'
bar, the drawer's button) never stand over a line of text -- in a real headless Chromium from
file://, on the shipped corpus (test_reader's fixtures) and on small corpora invented here."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_reader import PHONE
from test_reader import phone  # noqa: F401  (the fixture)

# -- 1. the floating controls are never over text ---------------------------------------------------

# Every line of text on screen that a shown control's box touches, and whether the reader sees
# any of that line: a line under the opaque strip the controls stand in is hidden across the
# whole screen (as under the context bar at the top); a line with a button floating over part of
# it shows its other end -- that is what the reader must never meet.
HALF_COVERED = """sels => {
    const controls = sels.flatMap(s => [...document.querySelectorAll(s)]).filter(e => {
      if (!e.checkVisibility({visibilityProperty: true})) return false;
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight; });
    const out = [];
    const walker = document.createTreeWalker(document.getElementById('main'), NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      const parent = n.parentElement;
      if (!n.nodeValue.trim() || controls.some(c => c.contains(parent))) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const line of range.getClientRects()) {
        if (line.width === 0 || line.bottom <= 0 || line.top >= innerHeight) continue;
        for (const c of controls) {
          const r = c.getBoundingClientRect();
          if (!(line.left < r.right && line.right > r.left && line.top < r.bottom && line.bottom > r.top)) continue;
          const y = (Math.max(line.top, r.top, 0) + Math.min(line.bottom, r.bottom, innerHeight)) / 2;
          const seen = [line.left + 1, line.right - 1].some(x => { const e = document.elementFromPoint(x, y); return e && parent.contains(e); });
          if (seen) out.push([c.className || c.tagName, n.nodeValue.trim().slice(0, 30), Math.round(line.top)]);
        }
      }
    }
    return [controls.length, out.slice(0, 5)]; }"""
CONTROLS = [".hl-bar", "nav.outline:not([hidden]) summary"]


def at(built: Path, where: str) -> str:
    """The address of a page of the built site (the single file beside it), with its query."""
    path, mark, rest = where.partition("?")
    where_file = built / path if path == "lawsearch.html" else built / "site" / path
    return where_file.as_uri() + mark + rest


def wheel(page, dy: int) -> None:
    page.mouse.move(200, 400)
    page.mouse.wheel(0, dy)
    page.wait_for_timeout(250)


@pytest.mark.parametrize("where", [
    "laws/50.html?q=штрафная карта#l50b",  # landed on a hit: the marks' bar shown
    "laws/50.html?q=карта",  # opened at its top with marks
    "laws/62.html",  # no query: the drawer's button alone
    "laws/51.html?q=карта",
    "lawsearch.html?q=карта#l51",  # the single file
])
def test_on_a_phone_no_control_stands_over_a_line_of_text(phone, built, where):
    shown = 0
    for moves in ([], [300, -100], [700, -100], [1200, -60], [100000, -200]):
        page = phone(at(built, where), PHONE)
        page.wait_for_timeout(400)
        for dy in moves:
            wheel(page, dy)
        seen, covered = page.evaluate(HALF_COVERED, CONTROLS)
        shown += seen
        assert not covered, (where, moves, covered)
    assert shown >= 4, where  # the controls were there to be looked at (after the scroll-ups)


# -- 2. the single file's context bar names the law jumped to -------------------------------------

def parts(law: int, letters: str, sentence: str) -> str:
    return "".join(f"{c}. Часть {c}\n{sentence.format(law=law, part=c)}\n" for c in letters)


LONG = ("Хранитель маяка {law}{part} отмечает в журнале каждый корабль, прошедший мимо скалы, и сверяет "
        "свою запись с записью соседнего маяка, а при расхождении зовёт старшего смотрителя.")
SHORT = "Смотритель {law}{part} гасит фонарь на рассвете."
RU = (f"Правило 1. Журнал\n{parts(1, 'ABCDEFGH', LONG)}"
      f"Правило 2. Фонарь\n{parts(2, 'ABC', SHORT)}"
      f"Правило 3. Туман\n{parts(3, 'ABCDEFGH', LONG)}")


def make_corpus(root: Path, sources: dict[str, str], manifest: str) -> Path:
    for name, text in sources.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def three_laws(tmp_path_factory) -> Path:
    from lawsearch.build import build

    root = make_corpus(tmp_path_factory.mktemp("three") / "corpus", {"laws/ru/ru.txt": RU},
                       '[code]\ntitle = "Маяки"\nlaws = [1, 3]\nlang = "ru"\n\n'
                       '[[source]]\npath = "laws/ru/ru.txt"\nlang = "ru"\nkind = "laws"\nencoding = "auto"\n')
    out = root.parent / "build"
    build(root, out, lambda *a, **k: None, single_file=True)
    return out


def context_law(page) -> str:
    page.locator(".context-bar").wait_for(state="visible", timeout=5000)
    page.wait_for_timeout(200)
    law = page.locator(".context-law")
    return law.inner_text() if law.is_visible() else ""


@pytest.mark.parametrize("query", ["", "?q=фонарь"])
def test_single_file_context_bar_names_the_law_of_a_last_part_jumped_to(phone, three_laws, query):
    page = phone((three_laws / "lawsearch.html").as_uri() + query + "#l2c", PHONE)
    page.wait_for_timeout(400)
    # the next law's heading shares the screen's upper part with the part landed on
    assert page.evaluate("document.getElementById('l3-h').getBoundingClientRect().top < innerHeight / 4")
    assert context_law(page).startswith("Правило 2"), page.locator(".context-bar").inner_text()
    assert page.evaluate("[...document.querySelectorAll('nav.outline')].filter(n => !n.hidden).map(n => n.dataset.law)") == ["l2"]
    # a jump inside the file (a hashchange) too
    page.evaluate("location.hash = '#l1h'")
    page.wait_for_timeout(300)
    page.evaluate("location.hash = '#l2c'")
    page.wait_for_timeout(400)
    assert context_law(page).startswith("Правило 2")
    # read on by hand into law 3: the bar follows the reader
    wheel(page, 900)
    wheel(page, -60)
    assert context_law(page).startswith("Правило 3")


# -- 3. a law whose opening parts are lost is not «complete» ----------------------------------------

OPENING_LOST = (f"Правило 1. Журнал\n{parts(1, 'AB', SHORT)}"
                f"Правило 2. Фонарь\n{parts(2, 'CD', SHORT)}"  # the book's page with 2A and 2B is lost
                f"Правило 3. Туман\n{parts(3, 'AB', SHORT)}")


@pytest.fixture(scope="module")
def opening_lost(tmp_path_factory) -> Path:
    from lawsearch.build import build

    root = make_corpus(tmp_path_factory.mktemp("opening") / "corpus", {"laws/ru/ru.txt": OPENING_LOST},
                       '[code]\ntitle = "Маяки"\nlaws = [1, 3]\nlang = "ru"\n\n'
                       '[[source]]\npath = "laws/ru/ru.txt"\nlang = "ru"\nkind = "laws"\nencoding = "auto"\n')
    out = root.parent / "build"
    build(root, out, lambda *a, **k: None, single_file=True)
    return out


def test_a_law_whose_opening_parts_are_lost_is_said_to_have_gaps(phone, opening_lost):
    page = phone((opening_lost / "site" / "laws" / "2.html").as_uri(), PHONE)
    assert "2A–B" in page.locator(".lost-parts").inner_text()  # the placeholder the page shows
    assert page.locator("article.law .meta .status").inner_text() == "с пропусками"
    page = phone((opening_lost / "site" / "laws" / "1.html").as_uri(), PHONE)
    assert page.locator("article.law .meta .status").inner_text() == "текст полный"  # nothing lost: said so (cold14 finding 4: a phrase, not a bare «полностью»)
    for url in [(opening_lost / "site" / "index.html").as_uri(), (opening_lost / "lawsearch.html").as_uri()]:
        page = phone(url, PHONE)
        rows = {r.locator("a").first.inner_text().split(".")[0].split()[-1]: r.locator("td.status").inner_text()
                for r in page.locator("table.toc tr:has(td.status)").all()}
        assert rows.get("2") == "с пропусками" and rows.get("1") == "текст полный", (url, rows)


# -- a corpus of two editions, the later in two languages (7, 4, 8) -------------------------------

ED_OLD = ("Правило 1. Журнал\nA. Запись\nХранитель маяка отмечает в журнале каждый корабль.\n"
          "B. Сверка\nЗапись сверяется с записью соседнего маяка (см. правило 2A).\n"
          "Правило 2. Фонарь\nB. Масло\nМасло доливают до полуночи.\n")  # the page with its 2A is lost
ED_NEW = ("Правило 1. Журнал\nA. Запись\nХранитель маяка отмечает за столом в журнале каждый корабль и каждую лодку.\n"
          "B. Сверка\nЗапись сверяется с записью соседнего маяка (см. правило 2A).\n"
          "Правило 2. Порядок зажигания фонаря на башне в тумане и в ясную погоду в присутствии смотрителя\n"
          "A. Огонь\nФонарь зажигают на закате; в тумане его зажигают раньше, по звону колокола.\n"
          "B. Масло\nМасло доливают до полуночи, а запас хранят в сухой кладовой.\n")
ED_NEW_EN = ("LAW 1 - THE LOG\nA. Entry\nThe keeper writes every ship and every boat in the log.\n"
             "B. Check\nThe entry is checked against the next lighthouse (see Law 2A).\n"
             "1. At Night\nAt night the check is made by lantern.\n"  # in English only: the languages differ
             "LAW 2 - LIGHTING THE LAMP ON THE TOWER IN FOG AND IN CLEAR WEATHER IN THE KEEPER'S PRESENCE\n"
             "A. Fire\nThe lamp is lit at sunset; in fog it is lit earlier, at the sound of the bell.\n"
             "B. Oil\nOil is topped up before midnight, and the store is kept in a dry room.\n")


def saved_web_page(text: str) -> str:
    """The English text as a saved web page: a menu, the laws' headings and paragraphs, a footer."""
    lines = "\n".join(f"<h2>{line}</h2>" if line.startswith("LAW") else f"<p>{line}</p>" for line in text.splitlines())
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Lighthouse rules</title></head><body>\n'
            '<nav><a href="/">Home</a> | <a href="/rules">Rules</a></nav>\n' + lines + "\n<footer>Harbour board</footer>\n</body></html>\n")


@pytest.fixture(scope="module")
def editions(tmp_path_factory) -> Path:
    from lawsearch.build import build

    source = '[[source]]\npath = "{path}"\nlang = "{lang}"\nkind = "laws"\nedition = "{edition}"\nencoding = "auto"\n\n'
    root = make_corpus(tmp_path_factory.mktemp("editions") / "corpus",
                       {"laws/ru/2010-ru.txt": ED_OLD, "laws/ru/2020-ru.txt": ED_NEW, "laws/en/2020-en.html": saved_web_page(ED_NEW_EN)},
                       '[code]\ntitle = "Устав маяков"\nlaws = [1, 2]\nedition = "2010"\nlang = "ru"\n\n'
                       + source.format(path="laws/ru/2010-ru.txt", lang="ru", edition="2010")
                       + source.format(path="laws/ru/2020-ru.txt", lang="ru", edition="2020")
                       + source.format(path="laws/en/2020-en.html", lang="en", edition="2020"))
    out = root.parent / "build"
    build(root, out, lambda *a, **k: None, single_file=True)
    return out


# -- 7. on a phone the rule's first line is high on a bilingual page of a later edition -------------

FIRST_LINE = """() => { const e = document.querySelector('article.law .text p, article.law .gap-note');
    return e ? e.getBoundingClientRect().top : null; }"""


def test_on_a_phone_a_bilingual_later_editions_rule_starts_in_the_upper_half(phone, editions):
    pages = sorted((editions / "site" / "laws").glob("*.html"))
    assert len(pages) >= 4, pages  # both editions' laws
    tops, notes = {}, []
    for path in pages:
        page = phone(path.as_uri(), PHONE)
        tops[path.name] = page.evaluate(FIRST_LINE)
        # the note on how the languages differ is no line of its own above the text
        assert not page.locator("article.law p.evidence:visible").count(), path.name
        notes += page.locator("article.law details.evidence").all_text_contents()
    assert all(top is not None for top in tops.values()), tops
    assert max(tops.values()) < PHONE["height"] / 2, tops
    # (the note is a click away, in plain words)
    assert any("на двух языках" in n for n in notes), notes


# -- 8. Escape closes the innermost box only --------------------------------------------------------


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1366, "height": 900}], ids=["phone", "desktop"])
def test_escape_closes_the_reference_preview_and_leaves_the_marks_and_the_focus(phone, editions, viewport):
    page = phone((editions / "site" / "laws" / "2020~2.html").as_uri() + "?q=фонарь#e2020-l2a", viewport)
    page.locator(".hl-bar").wait_for()
    link = page.locator("a[data-target]").first
    link.focus()
    page.locator("#preview").wait_for(state="visible")
    page.keyboard.press("Escape")
    assert page.locator("#preview").is_hidden()
    assert page.locator(".hl-bar").count() == 1 and page.locator("mark.hl").count() > 0  # the marks stay
    assert page.evaluate("document.activeElement.getAttribute('data-target')") == link.get_attribute("data-target")
    page.keyboard.press("Escape")  # the next box out: the marks' bar
    assert page.locator(".hl-bar").count() == 0


# -- 5. the marks on the page landed on follow the query -------------------------------------------

LONG_WORD = "сверхдальнобойноматовостекляннопрожекторный"  # one word longer than a phone's line
MARKS_RU = ("Правило 1. Журнал наблюдений\nA. Запись\nХранитель маяка пишет в журнале о каждом корабле. "
            "Записи сверяет соседний маяк, а хранитель соседнего маяка подписывает журнал.\n"
            "B. Ночь\nНочью хранитель маяка зажигает огонь.\n"
            f"Правило 2. Фонарь {LONG_WORD}\nA. Огонь\nФонарь зажигают на закате; стекло протирают утром.\n")


@pytest.fixture(scope="module")
def marks_corpus(tmp_path_factory) -> Path:
    from lawsearch.build import build

    root = make_corpus(tmp_path_factory.mktemp("marks") / "corpus", {"laws/ru/ru.txt": MARKS_RU},
                       '[code]\ntitle = "Маяки"\nlaws = [1, 2]\nlang = "ru"\n\n'
                       '[[source]]\npath = "laws/ru/ru.txt"\nlang = "ru"\nkind = "laws"\nencoding = "auto"\n')
    out = root.parent / "build"
    build(root, out, lambda *a, **k: None, single_file=True)
    return out


def marked(page) -> list[str]:
    page.locator(".hl-bar").wait_for(timeout=5000)
    return page.locator("mark.hl").all_inner_texts()


@pytest.mark.parametrize("where", ["site", "single"])
def test_a_quoted_phrase_marks_the_phrase_in_any_inflection_never_its_words_alone(phone, marks_corpus, where):
    url = ((marks_corpus / "site" / "laws" / "1.html").as_uri() if where == "site"
           else (marks_corpus / "lawsearch.html").as_uri())
    page = phone(url + '?q="соседний маяк"' + ("#l1a" if where == "single" else ""), PHONE)
    words = marked(page)
    # «соседний маяк» and «соседнего маяка» in a row; never «маяка» after «хранитель», alone
    assert [w.lower() for w in words] == ["соседний", "маяк", "соседнего", "маяка"], words


@pytest.mark.parametrize("query, expected", [("журн*", {"журнал", "журнале"}), ("сверхдальн*", {LONG_WORD})])
def test_a_prefix_query_marks_the_words_with_that_prefix(phone, marks_corpus, query, expected):
    law = "1" if query.startswith("журн") else "2"
    page = phone((marks_corpus / "site" / "laws" / f"{law}.html").as_uri() + "?q=" + query, PHONE)
    words = {w.lower().replace("\u00ad", "") for w in marked(page)}  # a long word's soft hyphens (search.js breakable)
    assert words == expected, words


# -- 4. another edition's IDs read as the reader's words, never as the site's «2020~1» ----------------


def test_the_single_file_and_the_concordance_name_another_editions_parts_by_their_edition(phone, editions):
    raw = "2020~"
    page = phone((editions / "lawsearch.html").as_uri(), PHONE)
    rows = page.locator("table.toc tr td:first-child").all_inner_texts()
    assert "2 (ред. 2020 г.)" in rows and not [r for r in rows if raw in r], rows
    labels = page.locator("button.copy-cite .visually-hidden").all_text_contents()
    assert "Копировать ссылку: 1A (ред. 2020 г.)" in labels and not [x for x in labels if raw in x], labels
    # nothing a reader reads in the single file spells an edition's ID the site's way
    assert raw not in page.evaluate("document.body.innerText")
    for url in [(editions / "lawsearch.html").as_uri(), (editions / "site" / "concordance.html").as_uri()]:
        page = phone(url, PHONE)
        where = page.locator(".kwic .where").all_inner_texts()
        assert "1A (ред. 2020 г.)" in where and not [w for w in where if raw in w], (url, where)


# -- 9. the sources page speaks plainly -----------------------------------------------------------


def test_the_sources_page_names_languages_repairs_and_the_edition_of_what_is_lost_in_plain_words(phone, editions):
    import re

    page = phone((editions / "site" / "sources.html").as_uri(), PHONE)
    plain = page.evaluate("""() => { const m = document.getElementById('main').cloneNode(true);
        m.querySelectorAll('details.developer').forEach(d => d.remove()); return m.innerText; }""")
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", plain), plain  # no cleaning rule's code name
    assert "язык: English" in plain and "язык: русский" in plain, plain
    assert not re.search(r"язык: (ru|en)\b", plain), plain
    # the web page's menu and footer were cleaned away: said in words, the rules' names kept for developers
    assert "веб-страницы" in plain, plain
    assert "page_navigation" in " ".join(page.locator("details.developer").all_text_contents())
    # lost in one edition: which one
    assert "2A (ред. 2010 г.): нет в тексте книги" in plain, plain


def test_the_sources_page_has_no_heading_over_an_empty_list_of_losses(phone, marks_corpus):
    page = phone((marks_corpus / "site" / "sources.html").as_uri(), PHONE)
    assert not page.get_by_role("heading", name="Что утеряно и где").count()


# -- 10. an older edition's pages say a later one is here ------------------------------------------


def test_an_older_editions_law_says_a_later_edition_is_in_the_corpus(phone, editions):
    page = phone((editions / "site" / "laws" / "1.html").as_uri(), PHONE)
    status = page.locator("article.law .edition-status").inner_text()
    assert "2010" in status and "2020" in status, status
    page = phone((editions / "site" / "laws" / "2020~1.html").as_uri(), PHONE)
    status = page.locator("article.law .edition-status").inner_text()
    assert "2020" in status and "2010" not in status, status  # the latest replaced by nothing


# -- 11. the results are not read out whole at each key ---------------------------------------------


@pytest.mark.parametrize("where", ["site/index.html", "site/search.html", "lawsearch.html"])
def test_the_search_says_how_many_were_found_not_the_whole_list_at_each_key(phone, marks_corpus, where):
    page = phone((marks_corpus / where).as_uri(), PHONE)
    live = page.evaluate("""() => [...document.querySelectorAll('#results, #all-results')]
        .filter(e => e.closest('[aria-live], [role=status], [role=log], [role=alert]')).map(e => e.id)""")
    assert live == [], live
    page.locator("#q").press_sequentially("маяк", delay=40)
    status = page.locator("#search-status")
    page.wait_for_function("document.getElementById('search-status').textContent.includes('Найдено')", timeout=5000)
    assert status.get_attribute("role") == "status" and len(status.text_content()) < 60, status.text_content()
