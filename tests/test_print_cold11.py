"""Printing a law (cold read 11, issue 16, finding 1): at a desktop's width and a phone's, with
the drawer shown, the query's marks' bar up and a link focused, nothing fixed or sticky prints
-- not the strip the floating controls stand in (a ``body::after`` shown by the drawer's state),
not a bar, a toast or a focus ring -- and every line of the law's text is in the PDF. In a real
headless Chromium from file://."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import one_file_corpus
from lawsearch.build import build
from test_phone_reading import MANY_PARTS, tab  # noqa: F401  (tab: the fixture)
from test_reader import DESKTOP, PHONE, site_url


@pytest.fixture(scope="module")
def print_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("print")
    corpus = one_file_corpus(root, MANY_PARTS)
    build(corpus, root / "build", lambda message: None, single_file=True)
    return root / "build"


def fixed_on_paper(page) -> list[str]:
    """Every element or ::before/::after box that is fixed or sticky and drawn, the page emulating print."""
    return page.evaluate("""() => {
        const out = [];
        for (const e of [document.documentElement, document.body, ...document.querySelectorAll('body *')]) {
            for (const pseudo of [null, '::before', '::after']) {
                const s = getComputedStyle(e, pseudo);
                if (s.display === 'none' || (pseudo && (s.content === 'none' || s.content === 'normal'))) continue;
                if (!pseudo && e.getClientRects().length === 0) continue;
                if (s.position === 'fixed' || s.position === 'sticky') out.push(e.tagName + '.' + e.className + (pseudo || ''));
            }
        }
        return out; }""")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("where", ["site/laws/1.html", "site/laws/1.html?q=коробке", "lawsearch.html#l1c"])
def test_a_printed_law_has_no_fixed_furniture_and_all_its_text(tab, print_site, viewport, where, tmp_path):
    path, _, rest = where.partition("?") if "?" in where else where.partition("#")
    url = (print_site / path).as_uri() + ("?" + rest if "?" in where else "#" + rest if rest else "")
    page = tab(url, viewport)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, 400)
    page.mouse.wheel(0, -150)  # the scroll-up that brings the drawer and the bar back
    page.wait_for_timeout(200)
    page.keyboard.press("Tab")  # a focused link: its ring is the screen's, not the paper's
    page.evaluate("document.querySelector('section.node .node-heading a').focus()")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"  # on screen
    page.emulate_media(media="print")
    assert fixed_on_paper(page) == []
    assert page.evaluate("document.activeElement.matches('section.node .node-heading a')")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "none"
    assert page.evaluate("""() => [...document.querySelectorAll('mark.hl.current')]
        .every(m => getComputedStyle(m).outlineStyle === 'none')""")
    assert page.evaluate("parseFloat(getComputedStyle(document.body).paddingBottom)") == 0
    if not shutil.which("pdftotext"):
        pytest.skip("no pdftotext on this machine (apt-get install poppler-utils)")
    pdf = tmp_path / "law.pdf"
    page.pdf(path=str(pdf), format="A4")
    printed = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout.split())
    lines = [line for line in MANY_PARTS.splitlines() if line.startswith("Участник")]
    missing = [line for line in lines if " ".join(line.split()) not in printed]
    assert not missing, missing[:3]
