"""No silent loss (issue 9): text of a source that lands in no node, and that no named
cleaning rule removed, is an error in ``check`` (exit 1) and a warning naming file and line
in ``build``; the common English layouts are read, so their pieces land.

The English files here are test data written for these tests (invented sentences)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.coverage import LOST

# A paragraph before the file's first LAW heading: in a second language no ID can place it.
STRAY = """This paragraph stands before any law heading of the file.
LAW 50 - DISPOSITION OF PENALTY CARD
B. Penalty Card Remains Exposed
A test sentence that stays in law 50B.
"""
# The 2007/2017 mixed-case layout: "Law N - Title", "- A. Title", "1.1.(a)".
MIXED_CASE = """Law 50 - Disposition of Penalty Card

- B. Penalty Card Remains Exposed

A test sentence for the section, written for this test.

- E. Disposition of Major Penalty Card

1. Offender to Play

A test sentence for the clause.

2. A test sentence that runs on into its sub-clauses, so that

1.1.(a) the first one is read, and

1.1.(b) the second one too.
"""


def with_english(tmp_path: Path, text: str, layout: str | None = None) -> Path:
    """A copy of the shipped corpus with one English law file added to its manifest."""
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, root)
    (root / "laws" / "en").mkdir()
    (root / "laws" / "en" / "law50.txt").write_text(text, encoding="utf-8")
    with open(root / "manifest.toml", "a", encoding="utf-8") as f:
        f.write('\n[[source]]\npath = "laws/en/law50.txt"\nlang = "en"\nkind = "laws"\nencoding = "utf-8"\n'
                + (f'layout = "{layout}"\n' if layout else ""))
    return root


def test_check_fails_on_text_in_no_node_naming_file_and_line(tmp_path):
    root = with_english(tmp_path, STRAY)
    result = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "law50.txt:1" in result.stderr and LOST in result.stderr


def test_build_fails_on_text_in_no_node_naming_file_and_line(tmp_path):
    """The README's promise: a build that would drop words fails, writes nothing and keeps
    the previous build; the error names the file and line and how to resolve it."""
    root = with_english(tmp_path, STRAY)
    corpus = build_corpus(root, strict=False)
    lost = [p for p in corpus.problems if p.message.startswith(LOST)]
    assert [(p.severity, p.path.rsplit("/", 1)[-1], p.line) for p in lost] == [("error", "law50.txt", 1)]
    assert corpus.node("50B").translations["en"]["text"] == "A test sentence that stays in law 50B."
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "-q", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 1
    assert "law50.txt:1" in result.stderr and LOST in result.stderr and "[[drop]]" in result.stderr
    assert not (out / "current").exists()  # nothing written


def test_a_drop_with_its_reason_lets_the_build_go_on(tmp_path):
    root = with_english(tmp_path, STRAY)
    with open(root / "curation.toml", "a", encoding="utf-8") as f:
        f.write('\n[[drop]]\nat = "law50:1"\nreason = "a note of the site, not of the code"\n')
    result = CliRunner().invoke(main, ["build", "-q", "--corpus", str(root), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output


def test_readme_help_and_docs_say_the_build_fails():
    from pathlib import Path as P

    top = P(__file__).resolve().parents[1]
    said = CliRunner().invoke(main, ["build", "--help"]).output
    assert "lands in no node fails" in " ".join(said.split())
    assert "lands in no node fails `build`" in (top / "README.md").read_text(encoding="utf-8")
    profiles = " ".join((top / "docs" / "profiles.md").read_text(encoding="utf-8").split())
    assert "`build` fails on it" in profiles and "a warning in `build`" not in profiles


def test_mixed_case_english_layout_is_read_whole(tmp_path):
    corpus = build_corpus(with_english(tmp_path, MIXED_CASE, "en-mixed"))
    assert not [p for p in corpus.problems if p.message.startswith(LOST)]
    en = {n.id: n.translations["en"] for n in corpus.nodes if n.translations.get("en", {}).get("text")}
    assert en["50B"]["title"] == "Penalty Card Remains Exposed"
    assert en["50E2"]["title"] is None and en["50E2"]["text"].startswith("A test sentence that runs on")
    assert en["50E2(a)"]["text"] == "the first one is read, and"
    assert en["50E2(b)"]["text"] == "the second one too."


@pytest.mark.parametrize("layout", ["en-1987", "en-mixed"])
def test_an_english_only_corpus_builds_a_full_tree(tmp_path, layout):
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "law50.txt").write_text(MIXED_CASE, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\nlaws = [1, 93]\nlang = "en"\n\n[[source]]\npath = "laws/en/law50.txt"\nlang = "en"\n'
        f'kind = "laws"\nencoding = "utf-8"\nlayout = "{layout}"\n', encoding="utf-8")
    corpus = build_corpus(root)
    nodes = {n.id: n for n in corpus.nodes}
    assert nodes["50"].title == "Disposition of Penalty Card" and nodes["50"].lang == "en"
    assert nodes["50E1"].title == "Offender to Play" and nodes["50E1"].text == "A test sentence for the clause."
    assert not [p for p in corpus.problems if p.message.startswith(LOST)]


def test_the_text_of_a_law_out_of_range_is_said_once_by_its_error(tmp_path):
    """A law heading outside the code's range fails the build by its own error; the text
    under it, lost by that error, is not said again line by line -- the next law's text is
    placed as before."""
    from conftest import one_file_corpus

    root = one_file_corpus(tmp_path, "Правило 5. Карты\nТекст пятого правила о картах.\n"
                                     "Правило 99. Лишнее\nТекст, которого нет в кодексе.\nЕщё одна строка лишнего.\n"
                                     "Правило 6. Колода\nТекст шестого правила о колоде.\n")
    corpus = build_corpus(root, strict=False)
    errors = [p for p in corpus.problems if p.severity == "error"]
    assert [(p.line, "outside" in p.message) for p in errors] == [(3, True)]
    assert corpus.node("6").text == "Текст шестого правила о колоде."


def test_a_translations_footnote_is_kept_not_lost(tmp_path):
    """An English copy's footnote (a PDF's small note at the page foot) in a Russian corpus:
    kept with the English text of the node that refers to it -- in corpus.json, ``show`` and
    the site -- so the build, which fails on lost text, goes on."""
    from conftest import one_file_corpus
    from test_pdf_footnotes_cold3 import BODY_GLUED, page
    from test_pdf_marks import pdf

    root = one_file_corpus(tmp_path, "Правило 80. Спонсор\nA. Организатор\nОрганизатор назначает судью турнира.\n")
    (root / "laws" / "en").mkdir()
    (root / "laws" / "en" / "law80.pdf").write_bytes(
        pdf([page(BODY_GLUED, ["1 A session is one period of play, however long."])]))
    with open(root / "manifest.toml", "a", encoding="utf-8") as f:
        f.write('\n[[source]]\npath = "laws/en/law80.pdf"\nlang = "en"\nkind = "laws"\n')
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "-q", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    corpus = build_corpus(root)
    assert corpus.node("80A").translations["en"]["notes"] == "A session is one period of play, however long."
    shown = CliRunner().invoke(main, ["show", "80A", "--lang", "both", "--corpus", str(root), "--out", str(out)])
    assert "* A session is one period of play, however long." in shown.output
    assert "A session is one period of play" in (out / "site" / "laws" / "80.html").read_text(encoding="utf-8")


def test_a_translations_footnote_is_searched_and_counted(tmp_path):
    """The English copy's footnote in a Russian corpus is found by a search for one of its
    words (a word only the note holds), as the PDF's note is in an English corpus of it
    alone, and check counts it among the footnotes (cold read 8 of issue 12, finding 9)."""
    import json

    from conftest import one_file_corpus
    from test_pdf_footnotes_cold3 import BODY_GLUED, page
    from test_pdf_marks import pdf

    root = one_file_corpus(tmp_path, "Правило 80. Спонсор\nA. Организатор\nОрганизатор назначает судью турнира.\n")
    (root / "laws" / "en").mkdir()
    (root / "laws" / "en" / "law80.pdf").write_bytes(
        pdf([page(BODY_GLUED, ["1 A session is one period of play, however long."])]))
    with open(root / "manifest.toml", "a", encoding="utf-8") as f:
        f.write('\n[[source]]\npath = "laws/en/law80.pdf"\nlang = "en"\nkind = "laws"\n')
    out = tmp_path / "out"
    built = CliRunner().invoke(main, ["build", "-q", "--corpus", str(root), "--out", str(out)])
    assert built.exit_code == 0, built.output
    found = CliRunner().invoke(main, ["search", "session", "--json", "--corpus", str(root), "--out", str(out)])
    assert found.exit_code == 0, found.output
    assert [h["id"] for h in json.loads(found.output)["hits"]] == ["80A"]
    from node_engine import NodeEngine

    engine = NodeEngine(out / "site" / "search-index.js")  # the site's search, from file://
    try:
        (answer,) = engine.search(["session"], None)
    finally:
        engine.close()
    assert [h["id"] for h in answer["hits"]] == ["80A"]
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(out)])
    assert "Footnotes: 1 (en 1 kept with the translation)" in checked.output, checked.output
