"""Cold read 8, issue 13, finding 10: what similarity says of headless pieces. A piece of
law text or commentary gets its law; a preface, an afterword, a translator's or printer's
note gets none -- "not law text" where it is the book's own matter (before the first law
heading of a book with no page numbers), "no likely place" where its best law scores under
the calibrated ``NO_PLACE`` -- never a wrong low suggestion; the definitions are no
candidate (a piece about a defined term is the law's). Invented books, Russian and English
(tests/data/suggestions/README.md), at least 9 of 10 right in each; `check` says each."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.placement import NO_PLACE, suggest
from lawsearch.sources import read_corpus_folder

DATA = Path(__file__).resolve().parent / "data" / "suggestions"
PREFACE = "book:1"  # the book's title and preface: the text before its first law heading


def corpus(tmp_path: Path, lang: str, kinds: dict[str, str] | None = None) -> Path:
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "commentary").mkdir()
    manifest = f'[code]\ntitle = "Test"\nlaws = [1, 9]\nlang = "{lang}"\n'
    for f in sorted((DATA / lang).glob("*.txt")):
        kind = "commentary" if f.name.startswith("comm-") else "laws"
        shutil.copy(f, root / kind / f.name)
        manifest += f'\n[[source]]\npath = "{kind}/{f.name}"\nlang = "{lang}"\nkind = "{kind}"\n'
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    return root


def expected(lang: str) -> dict[str, str | None]:
    """Each headless piece by its curation name: its law, or None (no law's text)."""
    out: dict[str, str | None] = {PREFACE: None}
    for f in (DATA / lang).glob("*.txt"):
        if f.name != "book.txt":
            m = re.match(r"(?:law|comm)-(\d+)-", f.name)
            out[f"{f.stem}:1"] = m.group(1) if m else None
    return out


def outcomes(root: Path) -> dict[str, tuple[str, str, float]]:
    """(verdict, law, confidence) of each unplaced piece, as corpus.json's report keeps them."""
    report = parse_folder(read_corpus_folder(root), strict=False).report
    return {f"{s['source']}:{s['first']}": (s.get("verdict", "law"), s["law"], s["confidence"])
            for s in (*report.suggestions, *report.unsuggested)}


def right(want: str | None, got: tuple[str, str, float] | None) -> bool:
    if want is None:
        return got is None or got[0] != "law"  # no law suggested, low or not
    return got is not None and got[0] == "law" and got[1] == want


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_nine_of_ten_headless_pieces_right(tmp_path, lang):
    want = expected(lang)
    got = outcomes(corpus(tmp_path, lang))
    assert set(want) <= set(got) | {PREFACE}, sorted(got)
    results = {name: right(law, got.get(name)) for name, law in want.items()}
    assert sum(results.values()) >= 0.9 * len(results), {n: got.get(n) for n, ok in results.items() if not ok}
    # no text that is no law's gets a law, however low
    assert all(results[n] for n, law in want.items() if law is None), got
    # the preface is the book's own matter: said so
    assert got.get(PREFACE, ("matter",))[0] == "matter"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_check_says_no_likely_place_and_not_law_text(tmp_path, lang):
    root = corpus(tmp_path, lang)
    out = CliRunner().invoke(main, ["check", "--corpus", str(root)]).output
    assert re.search(r"no suggestion for piece none-note:1 \(\S*none-note\.txt:1\): no likely place", out), out
    assert re.search(r"no suggestion for piece book:1 \(\S*book\.txt:1\): not law text", out), out
    assert not re.search(r"suggestion for piece none-\w+:1 \([^)]*\): law", out), out
    assert re.search(r"suggestion for piece law-4-noise:1 \(\S*\): law 4, confidence", out), out


def test_the_definitions_are_no_candidate():
    """A piece whose words are a definition's (defs) goes to the law that uses the term."""
    from lawsearch.model import Node, Span

    def node(id_, law, text, kind="law"):
        return Node(id=id_, kind=kind, law=law, parent=None, lang="en", title=None, title_from=None, text=text,
                    marks=(), footnotes=(), spans=(Span("a.txt", None, (1, 1)),), attribution=None, uncertain=(),
                    truncated_start=False, truncated_end=False, missing=False, translations={})

    nodes = [node("def-1", "defs", "reserve player entered roster over first four", kind="definition"),
             node("1", "1", "reserve player sits with director leave round"),
             node("2", "2", "late pair loses first board round"),
             node("piece-a-9", None, "reserve player not entered roster cannot replace player first four", kind="piece")]
    (s,) = suggest(nodes, [], lambda text: text.split(), {})
    assert s.law == "1"


def test_under_no_place_there_is_no_suggestion():
    """The number and the verdict: a suggestion check prints is at NO_PLACE or above."""
    from lawsearch.model import Node, Span

    def node(id_, law, text, kind="law"):
        return Node(id=id_, kind=kind, law=law, parent=None, lang="en", title=None, title_from=None, text=text,
                    marks=(), footnotes=(), spans=(Span("a.txt", None, (1, 1)),), attribution=None, uncertain=(),
                    truncated_start=False, truncated_end=False, missing=False, translations={})

    nodes = [node("1", "1", "lamp table dim replaced director"), node("2", "2", "clock round started stopped board"),
             node("piece-a-9", None, "first readers thanks patience kindness draft notes printer autumn lamp", kind="piece"),
             node("piece-a-12", None, "a clock stopped and the round started late on the board", kind="piece")]
    got = {s.first: s for s in suggest(nodes, [], lambda text: text.split(), {})}
    assert got[9].verdict == "unlikely" and got[9].confidence < NO_PLACE
    assert got[12].verdict == "law" and got[12].law == "2" and got[12].confidence >= NO_PLACE
