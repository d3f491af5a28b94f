"""Cold read 8, issue 13, finding 12 (terms unlinked in the commentary): a defined term is
linked to its definition in the commentary's text as in the law text -- its first use in
each paragraph (an item is a paragraph of its own), never a second use in the same one --
on the site (the law's page, its commentary box), in `show` (text and JSON) and in the TEI
export; a reader in Chromium follows such a link from file:// to the definition. Invented
books, Russian and English."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.corpus import build_corpus

BOOK = {
    "ru": ["ОПРЕДЕЛЕНИЯ", "Смотритель — член клуба, ведущий журнал партий.",
           "Запасной игрок — игрок, внесённый в заявку сверх основных.",
           "Правило 3. ЖУРНАЛ", "Журнал хранится в шкафу клуба.",
           "Правило 4. ОПОЗДАНИЕ", "Опоздавший ждёт конца партии."],
    "en": ["DEFINITIONS", "Keeper - the club member who keeps the match book.",
           "Reserve player - a player entered over the first four.",
           "LAW 3 - THE MATCH BOOK", "The match book is kept in the club's cupboard.",
           "LAW 4 - LATENESS", "A late player waits for the game to end."],
}
COMMENTARY = {
    "ru": ["Правило 3. ЖУРНАЛ", "3.1. Журнал выдаёт смотритель; смотритель же его и забирает.",
           "3.2. Запасной игрок записывается в журнал:", "3.2.(a) смотрителем клуба;",
           "Правило 4. ОПОЗДАНИЕ", "4.1. Опоздание отмечается в журнале."],
    "en": ["LAW 3 - THE MATCH BOOK", "3.1. The keeper hands out the book, and the keeper takes it back.",
           "3.2. A reserve player is written in the book:", "3.2.(a) by the keeper of the club;",
           "LAW 4 - LATENESS", "4.1. Lateness is noted in the book."],
}
# what the commentary uses: (paragraph, definition, surface) -- a term once per paragraph
USES = {"ru": [("3.1", "def-1", "смотритель"), ("3.2", "def-2", "Запасной игрок"), ("3.2(a)", "def-1", "смотрителем")],
        "en": [("3.1", "def-1", "keeper"), ("3.2", "def-2", "reserve player"), ("3.2(a)", "def-1", "keeper")]}


def corpus(root: Path, lang: str) -> Path:
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "book.txt").write_text("\n".join(BOOK[lang]) + "\n", encoding="utf-8")
    (root / "commentary").mkdir()
    (root / "commentary" / "notes.txt").write_text("\n".join(COMMENTARY[lang]) + "\n", encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 9]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/book.txt"\nlang = "{lang}"\nkind = "laws"\n\n'
        f'[[source]]\npath = "commentary/notes.txt"\nlang = "{lang}"\nkind = "commentary"\n', encoding="utf-8")
    return root


@pytest.fixture(scope="module", params=["ru", "en"])
def built(request, tmp_path_factory) -> tuple[str, Path, Path]:
    lang = request.param
    root = tmp_path_factory.mktemp(f"terms-{lang}")
    folder = corpus(root / "corpus", lang)
    build(folder, root / "out", lambda message: None)
    return lang, folder, root / "out"


def commentary_uses(out: Path) -> list[tuple[str, str, str]]:
    data = json.loads((out / "corpus.json").read_text(encoding="utf-8"))
    kinds = {n["id"]: n["kind"] for n in data["nodes"]}
    return [(u["node"], u["def"], u["surface"]) for u in data["apparatus"]["terms"] if kinds[u["node"]] == "commentary"]


def test_first_use_per_commentary_paragraph(built):
    lang, _, out = built
    assert commentary_uses(out) == USES[lang]  # 3.1 says «смотритель» twice: linked once; 4.1 none


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.in_commentary: list[tuple[str, str]] = []  # (href, text) of the term links inside a commentary box
        self._term: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.stack.append(a.get("class") or "")
        if tag == "a" and "term" in (a.get("class") or "").split() \
                and any("commentary" in c.split() or "commentary-box" in c.split() for c in self.stack):
            self._term, self._text = a["href"], ""

    def handle_data(self, data):
        if self._term is not None:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "a" and self._term is not None:
            self.in_commentary.append((self._term, self._text))
            self._term = None
        if self.stack:
            self.stack.pop()


def test_the_law_page_links_the_commentary_terms(built):
    lang, _, out = built
    p = Links()
    p.feed((out / "site" / "laws" / "3.html").read_text(encoding="utf-8"))
    assert [(h.rpartition("#")[2], t) for h, t in p.in_commentary] == [(d, s) for _, d, s in USES[lang]]
    assert all(h.startswith("../definitions.html#") for h, _ in p.in_commentary)


def test_show_and_tei_carry_the_commentary_terms(built, tmp_path):
    lang, folder, out = built
    runner = CliRunner()
    r = runner.invoke(main, ["show", "--corpus", str(folder), "--out", str(out), "3", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    got = [(c["id"], t["def"], t["surface"]) for c in data["commentary"] for t in c["terms"]]
    assert got == USES[lang]
    r = runner.invoke(main, ["show", "--corpus", str(folder), "--out", str(out), "3.1"])
    assert r.exit_code == 0 and f"{USES[lang][0][2]} → def-1" in r.output, r.output
    r = runner.invoke(main, ["show", "--corpus", str(folder), "--out", str(out), "3"])
    assert f"{USES[lang][1][2]} → def-2" in r.output.split("Commentary:")[1], r.output
    tei = tmp_path / "laws.xml"
    r = runner.invoke(main, ["export", "--corpus", str(folder), "--out", str(out), "--format", "tei", "-o", str(tei)])
    assert r.exit_code == 0, r.output
    xml = tei.read_text(encoding="utf-8")
    note = xml[xml.index('<note type="commentary" xml:id="c3-1"'):]
    note = note[:note.index("</note>")]
    assert note.count("<term ") == 1 and f'<term ref="#def-1">{USES[lang][0][2]}</term>' in note, note


def test_reader_follows_a_commentary_term_to_its_definition(page, built):
    lang, _, out = built
    page.goto((out / "site" / "laws" / "3.html").as_uri())
    link = page.locator(".commentary-box a.term, .commentary a.term").first
    assert link.inner_text() == USES[lang][0][2]
    link.click()
    assert page.url.endswith("definitions.html#def-1")
    assert page.locator("#def-1").is_visible()
    assert BOOK[lang][1].split()[0] in page.locator("#def-1").inner_text()
