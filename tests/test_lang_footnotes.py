"""Issue 12, cold read 13, finding 5: ``lang:en`` searches every English text of a node, its
footnotes too -- the notes of an English translation beside a Russian main text (an English
PDF's or page's note in a mixed folder) and an English corpus's own notes -- in Python and in
the browser alike. The pages are invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

RU = """<html><head><meta charset="utf-8"></head><body><div class="content">
<h2>Правило 71. Мастерская</h2><h3>A. Заводка</h3><p>Часы заводят ключом по четвергам, а время пишут в журнал.</p>
<h3>B. Починка</h3><p>Пружину меняет мастер с письменного разрешения председателя.</p>
</div></body></html>"""

EN = """<html><head><meta charset="utf-8"></head><body><div class="content">
<h2>LAW 71 - THE WORKSHOP</h2><h3>A. Winding</h3>
<p>The clock is wound with a key on Thursdays, and the time is noted in the journal<sup><a href="#n1">1</a></sup>.</p>
<h3>B. Repair</h3><p>A spring is changed by the master with the chairman's written leave<sup><a href="#n2">2</a></sup>.</p>
<ol class="footnotes"><li id="n1">The journal is bought from the old bookseller by the mill.</li>
<li id="n2">The blacksmith forges the spare springs.</li></ol>
</div></body></html>"""


def build(tmp_path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    root, out = tmp_path / "corpus", tmp_path / "out"
    added = CliRunner().invoke(main, ["add", *[str(tmp_path / n) for n in files], "--corpus", str(root)])
    assert added.exit_code == 0, added.output
    built = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert built.exit_code == 0, built.output
    return root, out


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return build(tmp_path_factory.mktemp("mixed"), {"law71-ru.html": RU, "law71-en.html": EN})


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    return build(tmp_path_factory.mktemp("english"), {"law71-en.html": EN})


def hits(out, query: str) -> list[str]:
    from lawsearch.query import Searcher

    s = Searcher(out / "index")
    try:
        return [h.id for h in s.search(query).hits]
    finally:
        s.close()


@pytest.mark.parametrize("corpus", ["mixed", "english"])
@pytest.mark.parametrize("query, node", [("lang:en bookseller", "71A"), ("lang:en booksellers", "71A"),
                                         ("lang:en blacksmith", "71B"), ("bookseller", "71A")])
def test_lang_en_finds_a_word_of_an_english_footnote(request, corpus, query, node):
    root, out = request.getfixturevalue(corpus)
    assert node in hits(out, query)
    shown = CliRunner().invoke(main, ["search", query, "--corpus", str(root), "--out", str(out)])
    assert shown.exit_code == 0 and node in shown.output


def test_lang_en_still_finds_the_english_text_and_not_the_russian(mixed):
    """The controls: the English text is found by lang:en; a Russian word is not."""
    _, out = mixed
    assert "71A" in hits(out, "lang:en thursdays")
    assert hits(out, "lang:en четвергам") == []
    assert "71A" in hits(out, "lang:ru четвергам")


def test_a_footnote_weighs_less_than_the_text(mixed):
    """A word in one node's text and another node's note: the text's node ranks first."""
    _, out = mixed
    assert hits(out, "lang:en journal")[:1] == ["71A"]
    found = hits(out, "lang:en spring")
    assert found and found[0] == "71B"


@pytest.mark.parametrize("corpus", ["mixed", "english"])
def test_the_browser_finds_a_word_of_an_english_footnote_with_lang_en(browser, request, corpus):
    _, out = request.getfixturevalue(corpus)
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto((out / "site" / "index.html").as_uri())
        page.fill("#q", "lang:en blacksmith")
        page.locator("#results li a[data-id='71B']").first.wait_for(timeout=5000)
        page.fill("#q", "lang:en bookseller")
        page.locator("#results li a[data-id='71A']").first.wait_for(timeout=5000)
        assert not errors, errors
    finally:
        page.close()
