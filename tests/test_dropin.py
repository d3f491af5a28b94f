"""Drop-in sources: ``lawsearch add`` on files of every format, the manifest it writes,
``check`` listing what was guessed, and a folder of raw files with no manifest."""

from __future__ import annotations

import difflib
import shutil
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR
from formats_gen import BOOKS, FONT, write
from golden import GOLDEN, render
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.dropin import detect


def mixed_folder(tmp_path: Path) -> list[Path]:
    """A user's downloads: the three invented books in different formats, and a web page."""
    out = tmp_path / "downloads"
    out.mkdir()
    formats = ["fb2.zip", "docx", "pdf" if FONT.is_file() else "rtf"]
    paths = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for book, fmt in zip(BOOKS, formats):
            path = out / f"{book.name}.{fmt}"
            path.write_bytes(write(book, fmt))
            paths.append(path)
    return paths


def test_add_copies_byte_for_byte_and_the_corpus_builds_without_a_hand_edit(tmp_path):
    files = mixed_folder(tmp_path)
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(files[0].parent)])  # the folder
    assert result.exit_code == 0, result.output
    for f in files:
        copy = corpus / "laws" / "ru" / f.name
        assert copy.read_bytes() == f.read_bytes()
    manifest = (corpus / "manifest.toml").read_text(encoding="utf-8")
    assert manifest.count("\n[[source]]") == 3 and 'detected = ["lang", "kind"]' in manifest
    built = build_corpus(corpus)  # strict: no error
    ids = {n.id for n in built.nodes if not n.missing}
    assert {id_ for book in BOOKS for id_, _ in book.nodes} <= ids
    checked = CliRunner().invoke(main, ["check", "--corpus", str(corpus)])
    assert checked.exit_code == 0
    assert "Guessed, not declared" in checked.output
    assert f"{files[0].name}: lang ru, kind laws" in checked.output


def test_add_to_an_existing_manifest_keeps_it_and_names_apart(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, corpus)
    before = (corpus / "manifest.toml").read_text(encoding="utf-8")
    twin = tmp_path / "000_58dbb1f2fde933c1.txt"  # the same name as a shipped source, other bytes
    # (the very same bytes would be skipped: test_commentary_placement.test_add_skips_a_file_already_in_the_corpus)
    twin.write_bytes(Path(CORPUS_DIR / "laws" / "ru" / "000_58dbb1f2fde933c1.txt").read_bytes() + b"\n")
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(twin)])
    assert result.exit_code == 0, result.output
    after = (corpus / "manifest.toml").read_text(encoding="utf-8")
    assert after.startswith(before.rstrip("\n"))
    assert 'path = "laws/ru/000_58dbb1f2fde933c1-2.txt"' in after


def test_add_refuses_a_file_it_cannot_read_and_changes_nothing(tmp_path):
    good, bad = tmp_path / "a.txt", tmp_path / "b.doc"
    good.write_text("Правило 1. Карты\nТекст правила.\n", encoding="utf-8")
    bad.write_bytes(b"\xd0\xcf\x11\xe0")
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(good), str(bad)])
    assert result.exit_code == 1
    assert "b.doc" in result.output and "docx" in result.output and "Traceback" not in result.output
    assert not (corpus / "manifest.toml").exists() and not list(corpus.rglob("*.txt"))


@pytest.mark.parametrize("text,lang,kind,edition", [
    ("Правило 1. Карты\nТекст правила.\nA.Раздел\nТекст.", "ru", "laws", None),
    ("LAW 1 - THE CARDS\nText of the law.\nA. Section\nText.", "en", "laws", None),
    ("Комментарий, издание 1991 года\n47.8. Нелегально взятая назад карта\nТекст.\n47.9. Ещё\nТекст.",
     "ru", "commentary", "1991"),
    ("The Laws of Duplicate Bridge, 2017 Edition\nLaw 1 - The Pack\nText.", "en", "laws", "2017"),
    ("Законы бриджа 1997 г. редакции\nПравило 1. Карты\nТекст правила.", "ru", "laws", "1997"),  # year first
])
def test_detection(text, lang, kind, edition):
    found = detect(text.encode("cp1251" if lang == "ru" else "utf-8"), "x.txt")
    assert (found.lang, found.kind, found.edition) == (lang, kind, edition)


def test_the_shipped_corpus_without_its_manifest_builds_the_same_tree(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, corpus)
    (corpus / "manifest.toml").unlink()
    built = build_corpus(corpus)
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    diff = list(difflib.unified_diff(expected, render(built).splitlines(), lineterm="", n=0))
    assert not diff, "\n".join(diff[:40])
