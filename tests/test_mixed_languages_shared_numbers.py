"""Cold read 7 of issue 12, finding 3: a mixed folder -- the Russian text a zipped FB2, the
English text saved pages -- whose laws share their numbers with laws of the real code.
``show --lang en`` prints the English body (the Russian nodes are Russian: a ``.fb2.zip``
source's id is its name without the whole suffix), a search's aligned line is the English
text, and the English law's own heading wins over the profile's built-in title for that
number; a corpus's own titles file still wins. Invented text."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus

RU = [("Правило 61. ЧАЙНИКИ И ЧАШКИ", ["A. Чайник", "Чайник ставят на подставку у окна, подальше от карт.",
                                      "B. Чашки", "Чашки моет дежурный, когда тур окончен."])]
EN = ("LAW 61 - KETTLES AND CUPS", ["A. The Kettle", "The kettle stands on a tray by the window, away from the cards.",
                                   "B. Cups", "The steward washes the cups when the round is over."])


def fb2_zip() -> bytes:
    body = "".join(f"<section><title><p>{title}</p></title>" + "".join(f"<p>{p}</p>" for p in lines) + "</section>"
                   for title, lines in RU)
    xml = ('<?xml version="1.0" encoding="utf-8"?>\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">'
           f"<body>{body}</body></FictionBook>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("book.fb2", xml.encode("utf-8"))
    return out.getvalue()


def corpus(root: Path, titles: str = "") -> Path:
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "ru" / "book.fb2.zip").write_bytes(fb2_zip())
    (root / "laws" / "en" / "law61.htm").write_text(
        "<html><head><meta charset='utf-8'></head><body>" + f"<h2>{EN[0]}</h2>"
        + "".join(f"<h3>{p}</h3>" if p[1:3] == ". " else f"<p>{p}</p>" for p in EN[1]) + "</body></html>",
        encoding="utf-8")
    code = '[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "ru"\n' + ('titles = "my-titles.toml"\n' if titles else "")
    if titles:
        (root / "my-titles.toml").write_text(titles, encoding="utf-8")
    (root / "manifest.toml").write_text(
        # the English pages listed first, as ``lawsearch add`` lists a folder's files by name
        code + '\n[[source]]\npath = "laws/en/law61.htm"\nlang = "en"\nkind = "laws"\n'
        '\n[[source]]\npath = "laws/ru/book.fb2.zip"\nlang = "ru"\nkind = "laws"\n', encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = corpus(tmp_path_factory.mktemp("mixed") / "c")
    out = root.parent / "out"
    result = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return root, out


def test_the_zipped_books_nodes_are_russian():
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        tree = build_corpus(corpus(Path(tmp) / "c"), strict=False)
    node = next(n for n in tree.nodes if n.id == "61B")
    assert node.lang == "ru" and "Чашки моет" in node.text
    assert "washes the cups" in node.translations["en"]["text"]


def test_show_in_english_prints_the_english_body_under_the_english_law(built):
    root, out = built
    result = CliRunner().invoke(main, ["show", "61B", "--lang", "en", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "The steward washes the cups" in result.output
    assert "Чашки моет" not in result.output
    assert "KETTLES AND CUPS" in result.output  # the English text's own heading, not the real Law 61's title


def test_the_aligned_search_line_is_english(built):
    root, out = built
    result = CliRunner().invoke(main, ["search", "чашки", "--corpus", str(root), "--out", str(out)])
    aligned = [line.strip() for line in result.output.splitlines() if line.strip().startswith("en:")]
    assert aligned and all("washes" in line and not any("а" <= ch <= "я" for ch in line) for line in aligned)


def test_the_site_heading_in_english_is_the_english_laws(built):
    _, out = built
    page = (out / "site" / "laws" / "61.html").read_text(encoding="utf-8")
    assert "KETTLES AND CUPS" in page
    assert "Law 61. ЧАЙНИКИ" not in page


def test_a_corpus_own_titles_file_still_wins(tmp_path):
    root = corpus(tmp_path / "c", titles='[titles]\n"61" = "Kettles, Cups and Saucers"\n')
    tree = build_corpus(root, strict=False)
    law = next(n for n in tree.nodes if n.id == "61")
    assert law.translations["en"]["title"] == "Kettles, Cups and Saucers"
