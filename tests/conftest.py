"""Shared fixtures: the shipped corpus parsed once per test session, and helpers to make
small corpus folders for tests of bad input."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.model import Corpus

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = ROOT / "corpus"
VOCABULARY = ROOT / "lawsearch" / "profiles" / "bridge"  # the built-in profile's lexicon, glossary, titles
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    """The shipped corpus, parsed once (strict: it must have no errors)."""
    return build_corpus(CORPUS_DIR)


@pytest.fixture(scope="session")
def raw_lines() -> dict[str, list[str]]:
    """Raw lines of every shipped source, by path as the corpus JSON names it ("corpus/laws/ru/…")."""
    return {f"corpus/{p.relative_to(CORPUS_DIR).as_posix()}": p.read_text(encoding="utf-8").splitlines()
            for p in CORPUS_DIR.rglob("*.txt")}


@pytest.fixture
def corpus_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped corpus folder, to damage in a test."""
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target)
    return target


def narrow_law_range(root: Path, last: int) -> None:
    """Make the code of the corpus at ``root`` end at law ``last``, leaving the raw text
    (whose headings go on past it) as it is. The data files are narrowed too: a curated
    law or an English title outside the range is refused on its own when the folder is read."""
    manifest = root / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("laws = [1, 93]", f"laws = [1, {last}]"),
                        encoding="utf-8")
    for name, pattern in (("curation.toml", r'^law = "(\d+)"\n'), ("titles-en.toml", r"^(\d+) = .*\n")):
        path = root / name
        if not path.exists():
            continue  # the profile's own titles cover the whole code; laws past the range go unused
        text = re.sub(pattern, lambda m: m[0] if int(m[1]) <= last else "", path.read_text(encoding="utf-8"), flags=re.M)
        path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="session")
def built(tmp_path_factory, corpus) -> Path:
    """``lawsearch build`` output (corpus.json and index/) for the shipped corpus, made once."""
    from lawsearch.build import build

    out = tmp_path_factory.mktemp("build")
    build(CORPUS_DIR, out, lambda message: None, single_file=True)
    return out


@pytest.fixture(scope="session")
def searcher(built):
    from lawsearch.query import Searcher

    s = Searcher(built / "index")
    yield s
    s.close()


def relevance_set() -> list[tuple[str, list[str], str]]:
    """tests/data/queries.tsv: (query, expected IDs, why)."""
    rows = []
    for line in (DATA / "queries.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, expected, why = line.split("\t")
            rows.append((query, expected.split(), why))
    return rows


def situations_set(name: str = "situations.tsv") -> list[tuple[str, list[str], str, str]]:
    """tests/data/``name``: (query, expected IDs, why, "nolemma" | "shares") -- a director's
    situations in everyday words, written cold (see the file's header). situations.tsv is split
    into a tuned and a held-out half; situations2.tsv, written later, is never tuned on."""
    rows = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, expected, why, overlap = line.split("\t")
            rows.append((query, expected.split(), why, overlap))
    return rows


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright (never a downloaded browser); the browser
    tests skip with the reason when it is missing (.ci/run installs it)."""
    if not CHROMIUM:
        pytest.skip("no chromium on this machine (apt-get install chromium); .ci/run installs it")
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh tab that fails its test on any script error, console error or dialog."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("dialog", lambda d: (errors.append(f"dialog: {d.message}"), d.dismiss()))
    yield page
    assert not errors, errors
    page.close()


@pytest.fixture(scope="session")
def node_engine(built):
    """The browser's engine (static/engine.js) under Node, over the built site's data: one
    process for the whole session (tests/node_engine.py)."""
    from node_engine import NodeEngine

    engine = NodeEngine(built / "site" / "search-index.js")
    yield engine
    engine.close()


def one_file_corpus(root: Path, law_text: str, title: str = "Test", source_extra: str = "") -> Path:
    """A corpus folder under ``root`` of one Russian law-text file, for hostile-text tests:
    ``law_text`` as ``laws/ru/000_x.txt``, ``title`` the code's, ``source_extra`` more TOML
    lines of its [[source]]."""
    corpus = root / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / "000_x.txt").write_text(law_text, encoding="utf-8")
    (corpus / "manifest.toml").write_text(
        f'[code]\ntitle = "{title}"\nedition = "1987"\nlaws = [1, 93]\n\n[[source]]\n'
        f'path = "laws/ru/000_x.txt"\nlang = "ru"\nkind = "laws"\n{source_extra}', encoding="utf-8")
    return corpus


def english_corpus(root: Path, files: dict[str, str], layout: str, title: str = "Test", curation: str = "") -> Path:
    """A corpus folder ``root`` of English law-text files, each ``laws/<name>`` read in
    ``layout``; ``curation`` the text of its curation.toml, if any."""
    (root / "laws").mkdir(parents=True)
    lines = ['[code]', f'title = "{title}"', 'edition = "2017"', 'laws = [1, 93]', 'lang = "en"']
    for name, text in files.items():
        (root / "laws" / name).write_text(text, encoding="utf-8")
        lines += ['', '[[source]]', f'path = "laws/{name}"', 'lang = "en"', 'kind = "laws"', f'layout = "{layout}"']
    (root / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if curation:
        (root / "curation.toml").write_text(curation, encoding="utf-8")
    return root
