"""The site at the table, a cold reader's second look (issue 16): arrow keys on the results
page, the results panel clear of the floating controls on a phone, the single file's full
results and marks, the build's summary naming the single file -- in a real headless Chromium,
from file://, with the fixtures of tests/test_reader.py."""

from __future__ import annotations

from urllib.parse import quote

from pathlib import Path

import pytest

from click.testing import CliRunner
from conftest import CORPUS_DIR
from test_reader import DESKTOP, PHONE, in_view, phone, site_url  # noqa: F401  (phone: the fixture)

from lawsearch.cli import main


# -- the build's summary names the single file ------------------------------------------------------


def test_the_build_summary_says_where_the_single_file_went(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--single-file", "--corpus", str(CORPUS_DIR), "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = result.output.strip().splitlines()[-1]
    assert summary.startswith(f"built {out}") and str(out / "lawsearch.html") in summary, summary
    assert (out / "lawsearch.html").is_file()
    # without the flag the summary names no single file: there is none
    result = CliRunner().invoke(main, ["build", "--corpus", str(CORPUS_DIR), "--out", str(out)])
    assert result.exit_code == 0 and "lawsearch.html" not in result.output.strip().splitlines()[-1], result.output


def focused(locator) -> bool:
    return locator.evaluate("e => e === document.activeElement")


# -- 1. arrow keys on the results page -------------------------------------------------------------


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_arrow_keys_walk_the_results_page_and_enter_opens_the_focused_hit(phone, built, viewport):
    """search.html?q=…: ArrowDown from the box and from a result walks the hits in the order
    shown, as in the drop-down panel; ArrowUp from the first goes back to the box; Enter opens
    the hit that has the focus (not the first one)."""
    page = phone(site_url(built, "search.html") + "?q=карта", viewport)
    page.locator("#all-results li a[data-id]").nth(2).wait_for()
    controls = page.locator("#all-results a, #all-results button")
    page.focus("#q")
    page.keyboard.press("ArrowDown")
    assert focused(controls.nth(0))
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert focused(controls.nth(2))
    page.keyboard.press("ArrowUp")
    assert focused(controls.nth(1))
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.id") == "q"
    assert page.input_value("#q") == "карта"  # the arrows moved the focus, not the caret's query
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    target = controls.nth(1)
    assert focused(target) and target.get_attribute("data-id"), target.evaluate("e => e.outerHTML")
    href = target.get_attribute("href")
    page.keyboard.press("Enter")
    page.wait_for_url("**/" + href.lstrip("./"))


# -- 2. the open results are covered by no floating control -------------------------------------


COVERED = """() => {
    // every result of the open panel, brought on screen at its bottom edge and at its top: the
    // element on top at its corners and centre must be the panel's (the result, or the panel's
    // own scroll bar at its edge), never a control floating over it
    const out = [], panel = document.getElementById('results'), items = [...panel.querySelectorAll('li')];
    const probe = li => {
      const r = li.getBoundingClientRect(), top = Math.max(r.top, 0) + 2, bottom = Math.min(r.bottom, innerHeight) - 2;
      if (bottom <= top) return;
      for (const [x, y] of [[r.left + 2, top], [r.right - 2, top], [r.left + 2, bottom], [r.right - 2, bottom],
                            [(r.left + r.right) / 2, (top + bottom) / 2]]) {
        const e = document.elementFromPoint(x, y);
        if (e && !panel.contains(e)) out.push([li.textContent.slice(0, 30), e.closest('[class]') ? e.closest('[class]').className : e.tagName]);
      }
    };
    items.forEach(li => { li.scrollIntoView({block: 'end'}); probe(li); });
    items.slice().reverse().forEach(li => { li.scrollIntoView({block: 'start'}); probe(li); });
    return [items.length, out.slice(0, 6)];
}"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 800, "height": 600}, DESKTOP])
def test_no_floating_control_covers_the_open_results(phone, built, viewport):
    """A law page landed on with a query (its marks' bar up, the outline's button or column
    there) and the panel opened over it: no result lies under the outline's button, the marks'
    bar or the context bar."""
    page = phone(site_url(built, "laws/50.html") + "?q=карта", viewport)
    page.locator(".hl-bar").wait_for()
    page.focus("#q")  # landed with marks, the panel waits shut: the box's focus opens it
    page.locator("#results li a[data-id]").first.wait_for()
    assert page.locator("#results").is_visible() and page.locator("nav.outline summary").is_visible()
    seen, covered = page.evaluate(COVERED)
    assert seen >= 5 and not covered, covered
    # the panel closed, they are all there again
    page.keyboard.press("Escape")
    page.locator("#results").wait_for(state="hidden")
    assert page.locator(".hl-bar").is_visible() and page.locator("nav.outline summary").is_visible()


# -- 3. the single file: all results, and the marks on the hit it opened -------------------------------


def single_url(built: Path) -> str:
    return (built / "lawsearch.html").as_uri()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_single_file_panel_leads_to_every_hit_inside_the_file(phone, built, searcher, viewport):
    hits = searcher.search("карта", limit=None).hits
    page = phone(single_url(built), viewport)
    page.fill("#q", "карта")
    link = page.locator("#results a.all-results")
    link.wait_for()
    assert str(len(hits)) in link.inner_text() and len(hits) > page.locator("#results li a[data-id]").count()
    address = page.url
    link.click()
    listed = page.locator("#all-results li a[data-id]")
    page.wait_for_function("n => document.querySelectorAll('#all-results li a[data-id]').length === n", arg=len(hits))
    assert page.url.split("#")[0] == address.split("#")[0]  # the same file, not loaded again
    assert sorted(listed.evaluate_all("links => links.map(a => a.dataset.id)")) == sorted(h.id for h in hits)
    assert page.locator("#results").is_hidden() and page.input_value("#q") == "карта"
    assert in_view(page, "#all-results li a[data-id]")
    # a hit of the list opens in the file; Back brings the list again
    second = listed.nth(1)
    hash_ = second.get_attribute("href").split("#")[1]
    second.click()
    page.wait_for_function("h => location.hash === '#' + h", arg=hash_)
    assert in_view(page, f"#{hash_}")
    page.go_back()
    page.wait_for_function("() => location.hash.length > 1 && document.getElementById(location.hash.slice(1)).contains(document.getElementById('all-results'))")
    listed.first.wait_for()
    assert in_view(page, "#all-results li a[data-id]")


def test_single_file_all_results_survive_a_reload(phone, built, searcher):
    """The list's address (lawsearch.html?q=…#…) is a shareable one: opened afresh, it lists
    every hit."""
    hits = searcher.search("карта", limit=None).hits
    page = phone(single_url(built), DESKTOP)
    page.fill("#q", "карта")
    page.locator("#results a.all-results").click()
    page.wait_for_function("n => document.querySelectorAll('#all-results li a[data-id]').length === n", arg=len(hits))
    page.reload()
    page.wait_for_function("n => document.querySelectorAll('#all-results li a[data-id]').length === n", arg=len(hits))
    assert page.input_value("#q") == "карта" and in_view(page, "#all-results li a[data-id]")


def law_of(page, selector: str) -> list[str]:
    """The law (its article's heading id) each element matching ``selector`` belongs to."""
    return page.locator(selector).evaluate_all("""es => es.map(e => {
        const box = e.closest('section.commentary-box'), law = box ? box.previousElementSibling : e.closest('article.law');
        return law && law.matches('article.law') ? law.getAttribute('aria-labelledby') : null; })""")


@pytest.mark.parametrize("how", ["click", "enter"])
def test_single_file_marks_the_query_in_the_hit_it_opened(phone, built, how):
    page = phone(single_url(built), PHONE)
    page.fill("#q", "штрафными картами")
    first = page.locator("#results li a[data-id]").first
    first.wait_for()
    anchor = first.get_attribute("href").split("#")[1]
    if how == "click":
        first.click()
    else:
        page.focus("#q")
        page.keyboard.press("Enter")
    page.wait_for_function("a => location.hash === '#' + a", arg=anchor)
    bar = page.locator(".hl-bar")
    bar.wait_for()
    marks = page.locator("mark.hl")
    opened = law_of(page, f"#{anchor}")[0]
    assert marks.count() >= 2 and set(law_of(page, "mark.hl")) == {opened}  # that law's words, no other's
    assert {m.lower() for m in marks.all_inner_texts()} >= {"штрафная", "карта"}
    assert f"«штрафными картами»: {marks.count()}" in bar.inner_text()
    bar.get_by_role("button", name="Следующее найденное слово").click()
    assert in_view(page, "mark.hl.current")
    # the next search's hit: the old marks go, the new query's come
    page.fill("#q", "болван")
    page.locator("#results li", has=page.locator("mark", has_text="болван")).first.wait_for()  # this query's answer
    page.locator("#results li a[data-id]").first.click()
    page.locator(".hl-bar", has_text="болван").wait_for()
    assert page.locator(".hl-bar").count() == 1
    words = [m.lower() for m in page.locator("mark.hl").all_inner_texts()]
    # the old query's marks are gone; the new ones are the words the engine matched: «болван»
    # and what it read it as (the glossary's synonym «со стола»: «стола»)
    assert any(w.startswith("болван") for w in words) and not any(w.startswith("штрафн") for w in words), words
    page.locator(".hl-bar").get_by_role("button", name="Снять выделение").click()
    assert page.locator("main mark").count() == 0 and page.locator(".hl-bar").count() == 0  # unmarked, not only unclassed


# -- 4. a shared link with a query: the marks' next and previous bring each word into view ----------


MARK_SEEN = """() => {
    // the current mark on screen, and the point at its centre its own (nothing lies over it)
    const m = document.querySelector('mark.hl.current');
    if (!m) return 'no current mark';
    const r = m.getBoundingClientRect();
    if (!(r.height > 0 && r.top >= 0 && r.bottom <= innerHeight)) return `off screen: ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`;
    const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return e && m.contains(e) ? '' : 'covered by ' + (e ? e.outerHTML.slice(0, 60) : 'nothing');
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_a_law_page_opened_with_a_query_walks_its_marks_in_view(phone, built, viewport):
    """laws/50.html?q=… with no anchor (a shared link): every press of next or previous on the
    marks' bar, the first one too, brings that mark on screen uncovered -- the search's panel,
    in the page's flow on a phone, does not move the text away after the scroll."""
    page = phone(site_url(built, "laws/50.html") + "?q=штрафная", viewport)
    bar = page.locator(".hl-bar")
    bar.wait_for()
    page.locator("#results li a[data-id]").first.wait_for(state="attached")
    count = page.locator("mark.hl").count()
    assert count >= 3
    nxt = bar.get_by_role("button", name="Следующее найденное слово")
    prev = bar.get_by_role("button", name="Предыдущее найденное слово")
    seen = []
    for press, button in enumerate([nxt, nxt, nxt, prev, prev]):
        button.click()
        page.wait_for_timeout(50)  # a layout change after the click would show by now
        problem = page.evaluate(MARK_SEEN)
        seen.append(page.locator(".hl-count").inner_text())
        assert not problem, (press, problem, seen)
    assert seen[0].startswith("«штрафная»: 1 /") and seen[2].startswith("«штрафная»: 3 /") and seen[4].startswith("«штрафная»: 1 /"), seen
    assert page.locator("#results").is_hidden()  # nothing of the search lies over the text or pushes it


def test_next_and_previous_step_through_a_quoted_phrase_phrase_by_phrase(phone, built):
    """«"штрафная карта"» marks both words of each occurrence; next and previous step from one
    occurrence to the next, both words current together, and the count counts occurrences, not
    words (cold read 8 of issue 16, finding 10). (Its English, «penalty card», is marked alike.)"""
    page = phone(site_url(built, "laws/50.html") + "?q=" + quote('"штрафная карта"'), PHONE)
    bar = page.locator(".hl-bar")
    bar.wait_for()
    words = page.locator("mark.hl").count()
    assert words >= 4 and words % 2 == 0
    nxt = bar.get_by_role("button", name="Следующее найденное слово")
    prev = bar.get_by_role("button", name="Предыдущее найденное слово")
    said = []
    for button in (nxt, nxt, prev):
        button.click()
        current = page.locator("mark.hl.current").all_inner_texts()
        # (the glossary reads it in the English text too: "penalty card")
        pair = tuple(w.lower()[:5] for w in current)
        assert pair in {("штраф", "карт"), ("штраф", "карта"), ("penal", "card")}, current
        said.append(page.locator(".hl-count").inner_text())
    assert said[0].endswith(f"1 / {words // 2}") and said[1].endswith(f"2 / {words // 2}") and said[2] == said[0], said


# -- 5. the preview box stands out from the page in both schemes ------------------------------------


def painted_rows(page, clip: dict) -> list[list[str]]:
    """The colours the screen shows in a rectangle, row by row, as rgb() strings (decoded by the
    browser itself: the screenshot drawn on a canvas)."""
    import base64

    png = page.screenshot(clip=clip)
    return page.evaluate("""async src => { const i = new Image(); i.src = src; await i.decode();
        const c = document.createElement('canvas'); c.width = i.width; c.height = i.height;
        const g = c.getContext('2d'); g.drawImage(i, 0, 0); const d = g.getImageData(0, 0, i.width, i.height).data, rows = [];
        for (let y = 0; y < i.height; y++) { const row = [];
          for (let x = 0; x < i.width; x++) { const k = 4 * (y * i.width + x); row.push(`rgb(${d[k]}, ${d[k + 1]}, ${d[k + 2]})`); }
          rows.push(row); }
        return rows; }""", "data:image/png;base64," + base64.b64encode(png).decode())


def halo_contrast(page, selector: str) -> float:
    """How strongly the paint just outside the open box (1-3 px beyond its border, on its left
    side, down its middle) differs from the same pixels with the box gone: its outer edge, its
    shadow or ring, as the screen shows it against whatever page lies there."""
    from test_reader import contrast

    box = page.locator(selector).bounding_box()
    clip = {"x": box["x"] - 3, "y": box["y"] + box["height"] / 4, "width": 3, "height": box["height"] / 2}
    assert clip["x"] >= 0, box
    shown = [p for row in painted_rows(page, clip) for p in row]
    page.locator(selector).evaluate("e => e.hidden = true")
    bare = [p for row in painted_rows(page, clip) for p in row]
    page.locator(selector).evaluate("e => e.hidden = false")
    return sorted(contrast(a, b) for a, b in zip(shown, bare))[len(shown) // 2]  # the median: the edge as a whole


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_preview_box_has_a_visible_outer_edge_in_both_schemes(phone, built, scheme):
    """The box's outer edge (shadow, glow or ring beyond the border) shows against the page in
    dark as in light, where its shadow alone already did."""
    page = phone(site_url(built, "laws/50.html"), PHONE, scheme)
    page.locator("article.law .text .gap").first.focus()
    page.keyboard.press("Enter")
    page.locator("#preview").wait_for(state="visible")
    measured = halo_contrast(page, "#preview")
    assert measured >= 1.2, (scheme, measured)  # light's shadow: about 1.25; dark's before its ring: 1.03
