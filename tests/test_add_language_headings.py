"""``add`` weighs each language's law text with the heading reader the build uses (cold
read 6 of issue 12, finding 3): an FB2 whose law titles are two paragraphs
(``<p>Правило 40</p><p>TITLE</p>``) holds its laws as the build reads them, so with a few
longer English web pages of the same laws the folder's main language is the FB2's (the same
laws in both: a text and its translation), and the corpus builds with no hand edit. Every
text here is invented."""

from __future__ import annotations

import io
import tomllib
import zipfile
from html import escape

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus

RU_LAWS = {
    "40": ("ОБЯЗАННОСТИ КЛАДОВЩИКА", [("A", "Приём", "Кладовщик принимает ящики по описи."),
                                       ("B", "Выдача", "Ящики выдают под роспись.")]),
    "41": ("ПОЛИВ ГРЯДОК", [("A", "Время", "Грядки поливают вечером.")]),
    "42": ("ЗАБЫТЫЕ ЛЕЙКИ", [("A", "Находка", "Лейки сдают сторожу.")]),
}
EN_LAWS = {
    "40": ("DUTIES OF THE STOREKEEPER", [("A", "Receiving", "The storekeeper receives the crates by the list "
                                          "that the carrier hands over at the gate, and counts each crate twice."),
                                         ("B", "Issuing", "Crates are issued against a signature in the ledger "
                                          "kept on the desk by the door of the store.")]),
    "41": ("WATERING THE BEDS", [("A", "Time", "The beds are watered in the evening, after the sun has gone "
                                  "down behind the long wall of the orchard.")]),
    "42": ("FORGOTTEN WATERING CANS", [("A", "Finding", "Forgotten cans are handed to the watchman, who writes "
                                        "down where and when each was found.")]),
}


def _fb2(zipped: bool) -> bytes:
    sections = ""
    for law, (title, parts) in RU_LAWS.items():
        inner = "".join(f"<subtitle>{label}. {escape(name)}</subtitle><p>{escape(text)}</p>" for label, name, text in parts)
        sections += f"<section><title><p>Правило {law}</p><p>{escape(title)}</p></title>{inner}</section>"
    xml = ('<?xml version="1.0" encoding="utf-8"?><FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">'
           "<description><title-info><book-title>Устав огорода</book-title><lang>ru</lang></title-info></description>"
           f"<body><title><p>УСТАВ ОГОРОДА</p></title>{sections}</body></FictionBook>").encode()
    if not zipped:
        return xml
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("ustav.fb2", xml)
    return out.getvalue()


def _page(law: str) -> bytes:
    title, parts = EN_LAWS[law]
    body = "".join(f"<h2>{label}. {escape(name)}</h2><p>{escape(text)}</p>" for label, name, text in parts)
    return (f'<html><head><meta charset="utf-8"><title>Law {law}</title></head><body>'
            f'<nav><a href="/">Home</a></nav><main><h1>LAW {law} - {escape(title)}</h1>{body}</main></body></html>').encode()


@pytest.mark.parametrize("zipped", [False, True])
@pytest.mark.parametrize("pages", [["40", "41", "42"], ["40", "42"]])
def test_an_fb2_with_two_paragraph_titles_and_english_pages_make_a_russian_corpus(tmp_path, zipped, pages):
    raw = tmp_path / "raw"
    raw.mkdir()
    (raw / ("ustav.fb2.zip" if zipped else "ustav.fb2")).write_bytes(_fb2(zipped))
    for law in pages:
        (raw / f"law{law}.html").write_bytes(_page(law))
    root = tmp_path / "c"
    result = CliRunner().invoke(main, ["add", str(raw), "--corpus", str(root)])
    assert result.exit_code == 0, result.output
    assert "main language: ru" in result.output
    assert tomllib.loads((root / "manifest.toml").read_text(encoding="utf-8"))["code"]["lang"] == "ru"
    c = build_corpus(root)  # strict: no error, no hand edit
    ids = {n.id for n in c.nodes}
    assert {"40", "40A", "40B", "41", "41A", "42", "42A"} <= ids
    assert next(n for n in c.nodes if n.id == "40").title == "ОБЯЗАННОСТИ КЛАДОВЩИКА"
