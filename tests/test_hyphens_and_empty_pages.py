"""Issue 12, cold read 13, finding 9: a word written with a hyphen that is no hyphen-minus
(U+2010 HYPHEN, U+2011 NON-BREAKING HYPHEN, as a word processor or a typesetter puts it) is
the word with "-", in the text and in a query, in Python and in the browser alike; a saved page
with no text is refused at ``add`` as an empty .txt is; the browser's no-hit answer gives its
hint once. The texts are invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.analysis import fold, tokenize
from lawsearch.cli import main

HYPHENS = ["\u2010", "\u2011"]

RU = """Правило 1. Кладовая
A. Ключи
Ключ достают из{h}под коврика у двери кладовой.
B. Полки
Банки ставят на полки как{h}нибудь, но крышками вверх.
Правило 2. Чердак
A. Лестница
Лестницу держат вдвоём, когда лезут на чердак.
"""

EN = """LAW 1 - THE PANTRY
A. Keys
The key is kept under a well{h}worn mat at the pantry door.
LAW 2 - THE ATTIC
A. Ladder
Two people hold the ladder while one climbs to the attic.
"""


@pytest.mark.parametrize("h", HYPHENS)
@pytest.mark.parametrize("text, word", [("из{h}под коврика", "из-под"), ("a well{h}worn mat", "well-worn"),
                                        ("как{h}нибудь", "как-нибудь")])
def test_a_word_with_a_unicode_hyphen_is_one_token_with_the_hyphen(h, text, word):
    text = text.format(h=h)
    tokens = tokenize(text)
    assert word in [fold(t.text) for t in tokens]
    assert all(text[t.start:t.end] for t in tokens)  # offsets stay the text's (one character for one)
    assert len("".join(t.text for t in tokens)) <= len(text)


def test_a_dash_between_words_stays_a_dash():
    """The control: an en or em dash between words (spaced or not) is no hyphen of a word."""
    assert [t.text for t in tokenize("ключ – коврик")] == ["ключ", "коврик"]
    assert [t.text for t in tokenize("ключ—коврик")] == ["ключ", "коврик"]


def test_both_runtimes_read_the_hyphens_alike(node_engine):
    texts = [f"из{h}под и как{h}нибудь, a well{h}worn mat" for h in HYPHENS]
    js = node_engine.run([{"op": "tokenize", "text": t} for t in texts])
    for text, answer in zip(texts, js):
        assert [(t["text"], t["start"], t["end"]) for t in answer] == [(t.text, t.start, t.end) for t in tokenize(text)]
    js = node_engine.run([{"op": "fold", "text": f"из{h}под"} for h in HYPHENS])
    assert js == ["из-под", "из-под"]


@pytest.fixture(scope="module", params=HYPHENS, ids=["u2010", "u2011"])
def hyphen_built(request, tmp_path_factory):
    """A Russian and an English file added, one clause with the odd hyphen, built with the site."""
    h = request.param
    where = tmp_path_factory.mktemp("hyphens")
    (where / "pantry-ru.txt").write_text(RU.format(h=h), encoding="utf-8")
    (where / "pantry-en.txt").write_text(EN.format(h=h), encoding="utf-8")
    root, out = where / "corpus", where / "out"
    added = CliRunner().invoke(main, ["add", str(where / "pantry-ru.txt"), str(where / "pantry-en.txt"),
                                      "--corpus", str(root)])
    assert added.exit_code == 0, added.output
    built = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert built.exit_code == 0, built.output
    return h, root, out


@pytest.mark.parametrize("query, node", [("из{h}под", "1A"), ("из-под", "1A"), ("как{h}нибудь", "1B"),
                                         ("well{h}worn", "1A"), ("well-worn", "1A")])
def test_the_search_finds_a_word_typed_or_printed_with_either_hyphen(hyphen_built, query, node):
    from lawsearch.query import Searcher

    h, root, out = hyphen_built
    s = Searcher(out / "index")
    try:
        result = s.search(query.format(h=h))
    finally:
        s.close()
    assert node in [hit.id for hit in result.hits], (query, result.hits)
    shown = CliRunner().invoke(main, ["search", query.format(h=h), "--corpus", str(root), "--out", str(out)])
    assert shown.exit_code == 0 and node in shown.output


def test_the_browser_finds_a_word_typed_with_a_unicode_hyphen(browser, hyphen_built):
    h, _, out = hyphen_built
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto((out / "site" / "index.html").as_uri())
        page.fill("#q", f"из{h}под")
        page.locator("#results li a[data-id='1A']").first.wait_for(timeout=5000)
        page.fill("#q", "из-под")  # the text printed with the odd hyphen, the query with "-"
        page.locator("#results li a[data-id='1A']").first.wait_for(timeout=5000)
        assert not errors, errors
    finally:
        page.close()


def test_the_browser_gives_a_no_hit_hint_once(browser, hyphen_built):
    """Typed or sent with Enter (the results page): the hint is on the page once; the status a
    screen reader hears says "nothing found", not the hint again."""
    from lawsearch.profile import load_profile

    ru = load_profile().strings("ru")
    _, _, out = hyphen_built
    page = browser.new_page()
    try:
        page.goto((out / "site" / "index.html").as_uri())
        page.fill("#q", "зюзюкаблям")
        page.locator("#results p.info").first.wait_for(timeout=5000)
        page.keyboard.press("Enter")
        page.wait_for_load_state()
        page.locator("p.info").first.wait_for(timeout=5000)
        page.wait_for_function("document.getElementById('search-status').textContent.length > 0", timeout=5000)
        body = page.inner_text("body")
        assert body.count(ru["search_try"]) == 1, body
        status = page.locator("#search-status").text_content()
        assert status == ru["search_nothing"].format(query="зюзюкаблям"), status
    finally:
        page.close()


# -- a saved page with no text --------------------------------------------------------------------

@pytest.mark.parametrize("name, data", [
    ("blank.htm", b""),
    ("blank.html", b"   \n"),
    ("shell.html", b"<!doctype html><html><head><meta charset='utf-8'><title></title></head><body></body></html>"),
    ("shell.htm", "<html><body><div class='content'>  </div></body></html>".encode("cp1251")),
])
def test_a_saved_page_with_no_text_is_refused_at_add(tmp_path, name, data):
    (tmp_path / name).write_bytes(data)
    added = CliRunner().invoke(main, ["add", str(tmp_path / name), "--corpus", str(tmp_path / "corpus")])
    assert added.exit_code != 0
    assert name in added.output and ("empty" in added.output or "no text" in added.output), added.output
    assert not (tmp_path / "corpus" / "manifest.toml").exists()


def test_a_saved_page_with_text_is_added(tmp_path):
    """The control: the same shell with a law in it is added."""
    page = ("<html><head><meta charset='utf-8'></head><body><div class='content'><h2>Правило 1. Кладовая</h2>"
            "<h3>A. Ключи</h3><p>Ключ достают из-под коврика.</p></div></body></html>")
    (tmp_path / "law1.html").write_text(page, encoding="utf-8")
    added = CliRunner().invoke(main, ["add", str(tmp_path / "law1.html"), "--corpus", str(tmp_path / "corpus")])
    assert added.exit_code == 0, added.output
    assert (tmp_path / "corpus" / "manifest.toml").exists()
