"""``lawsearch add FOLDER`` with a file in it that cannot be read -- a scanned PDF with no text
layer (cold read 11, finding 11): it stopped the whole add. The file is named with the reason
and left out, every other file is added, and the command ends non-zero with the list. A file
named by the user still makes the add all or nothing. Every sentence is invented."""

from __future__ import annotations

from click.testing import CliRunner

from lawsearch.cli import main
from test_pdf_marks import pdf

RU = "Правило 1. ФОНАРЬ\nСторож зажигает фонарь в сумерки и подрезает фитиль перед каждым вечером.\n"
EN = "LAW 1 - THE LANTERN\nThe warden lights the lantern at dusk and trims its wick before every evening.\n"


def scan() -> bytes:
    return pdf([[], []])  # two pages, no text layer: what a scanner makes


def folder(tmp_path, files: dict[str, bytes]):
    where = tmp_path / "downloads"
    where.mkdir()
    for name, data in files.items():
        (where / name).write_bytes(data)
    return where


def test_a_scanned_pdf_in_a_folder_is_left_out_and_the_rest_added(tmp_path):
    given = folder(tmp_path, {"a-scan.pdf": scan(), "code-ru.txt": RU.encode(), "code-en.txt": EN.encode()})
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", str(given), "--corpus", str(corpus)])
    assert result.exit_code == 1
    assert "a-scan.pdf" in result.stderr and "no text layer" in result.stderr
    assert "1 file(s) of the folder(s) given could not be read" in result.stderr
    manifest = (corpus / "manifest.toml").read_text(encoding="utf-8")
    assert "code-ru.txt" in manifest and "code-en.txt" in manifest and "a-scan.pdf" not in manifest
    assert (corpus / "laws" / "ru" / "code-ru.txt").read_bytes() == RU.encode()
    assert not list(corpus.rglob("*.pdf"))


def test_a_folder_of_scans_only_leaves_no_corpus(tmp_path):
    given = folder(tmp_path, {"p1.pdf": scan(), "p2.pdf": scan()})
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", str(given), "--corpus", str(corpus)])
    assert result.exit_code == 1 and "p1.pdf" in result.stderr and "p2.pdf" in result.stderr
    assert "no other file was added" in result.stderr
    assert not corpus.exists()


def test_control_a_scan_named_by_the_user_stops_the_add(tmp_path):
    given = folder(tmp_path, {"a-scan.pdf": scan(), "code-ru.txt": RU.encode()})
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", str(given / "a-scan.pdf"), str(given / "code-ru.txt"),
                                       "--corpus", str(corpus)])
    assert result.exit_code == 1 and "a-scan.pdf" in result.stderr
    assert not (corpus / "manifest.toml").exists()  # all or nothing, as before
