"""A file's format is told by its content, not its name (cold read 6 of issue 12, finding 2):
an FB2 saved as .txt, an RTF or a web page saved as .doc, a DOCX with no suffix are read as
what they are; an old Word file or a DjVu scan is refused with the way to convert it
whatever its name; a page saved as a web archive (MHTML) is read from its HTML part (its
quoted-printable or base64 undone), never taken as text; ``add`` of a folder names every
file it skips, with the reason. Every text here is invented (tests/formats_gen.py writes
the files)."""

from __future__ import annotations

import base64
import quopri

import pytest
from click.testing import CliRunner

from formats_gen import BOOKS, write, write_lines
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_document, sniff
from lawsearch.model import CorpusError

EN_LINES = ["LAW 80 - THE GREENHOUSE", "A. Watering", "The gardener waters the seedlings twice a day.",
            "B. Shutters", "Shutters are closed before the first frost.", "LAW 81 - THE TOOL SHED",
            "Spades hang on the left wall."]
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + "Правило 5. ВЁДРА".encode("utf-16-le")
DJVU = b"AT&TFORM\x00\x00\x10\x00DJVMDIRM" + bytes(64)


def _books():
    yield "ru", BOOKS[0].parts[0][1], lambda fmt: write(BOOKS[0], fmt)
    yield "en", EN_LINES[0], lambda fmt: write_lines(EN_LINES, fmt)
    yield "ru2", BOOKS[2].parts[0][1], lambda fmt: write(BOOKS[2], fmt)


@pytest.mark.parametrize("book, heading, writer", list(_books()), ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("fmt", ["fb2", "fb2.zip", "epub", "html", "docx", "rtf"])
@pytest.mark.parametrize("name", ["book.txt", "book.doc", "book", "BOOK.DAT"])
def test_a_misnamed_file_is_read_as_its_content_says(book, heading, writer, fmt, name):
    data = writer(fmt)
    assert sniff(data) == fmt
    doc = read_document(data, name)
    assert doc.format == fmt
    assert heading in doc.lines or any(line.startswith(heading.split(".")[0]) for line in doc.lines)
    assert not any(line.lstrip().startswith(("<", "{\\", "PK")) for line in doc.lines)


@pytest.mark.parametrize("data, says", [(OLE, "libreoffice"), (DJVU, "djvutxt")])
@pytest.mark.parametrize("name", ["laws.txt", "laws.html", "laws"])
def test_an_old_word_file_or_a_scan_is_refused_whatever_its_name(data, says, name):
    with pytest.raises(CorpusError) as e:
        read_document(data, name)
    assert says in str(e.value) and name in str(e.value)


def _mhtml(html: str, transfer: str, charset: str = "utf-8") -> bytes:
    body = html.encode(charset)
    if transfer == "base64":
        payload = base64.encodebytes(body)
    else:
        payload = quopri.encodestring(body)
    return (b"From: <Saved by a browser>\r\nSubject: page\r\nMIME-Version: 1.0\r\n"
            b'Content-Type: multipart/related;\r\n\ttype="text/html";\r\n\tboundary="--b-1--"\r\n\r\n'
            b"----b-1--\r\nContent-Type: text/html; charset=" + charset.encode() + b"\r\n"
            b"Content-Transfer-Encoding: " + transfer.encode() + b"\r\nContent-Location: http://x.example/p\r\n\r\n"
            + payload.replace(b"\n", b"\r\n") + b"\r\n----b-1----\r\n")


PAGES = [
    ('<html><head><title>t</title></head><body><nav><a href="/">Главная</a></nav><main>'
     "<h1>Правило 44. КОЛОДЦЫ</h1><p>Колодец закрывают крышкой на ночь.</p></main></body></html>",
     ["Правило 44. КОЛОДЦЫ", "Колодец закрывают крышкой на ночь."], "Главная", "utf-8"),
    ('<html><head><title>t</title></head><body><div class="menu"><a href="/">Home</a></div>'
     "<h1>LAW 44 - WELLS</h1><p>A well is covered at night.</p></body></html>",
     ["LAW 44 - WELLS", "A well is covered at night."], "Home", "utf-8"),
    ('<html><head><title>t</title></head><body><ul class="nav"><li><a href="/">Назад</a></li></ul>'
     "<h1>Правило 45. ВЁДРА</h1><p>Вёдра ставят вверх дном.</p></body></html>",
     ["Правило 45. ВЁДРА", "Вёдра ставят вверх дном."], "Назад", "cp1251"),
]


@pytest.mark.parametrize("transfer", ["base64", "quoted-printable"])
@pytest.mark.parametrize("html, lines, navigation, charset", PAGES)
@pytest.mark.parametrize("name", ["page.mhtml", "page.mht", "page.txt"])
def test_a_web_archive_is_read_from_its_html_part(transfer, html, lines, navigation, charset, name):
    doc = read_document(_mhtml(html, transfer, charset), name)
    assert doc.format == "mhtml"
    assert doc.lines == lines
    assert not any(navigation in line or "Content-" in line for line in doc.lines)


def test_a_web_archive_without_a_page_is_refused_clearly():
    data = (b"MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=\"b\"\r\n\r\n--b\r\n"
            b"Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--b--\r\n")
    with pytest.raises(CorpusError) as e:
        read_document(data, "saved.mhtml")
    assert "MHTML" in str(e.value) and "saved.mhtml" in str(e.value)


def test_add_of_a_folder_names_every_file_it_skips_and_reads_misnamed_ones(tmp_path):
    raw = tmp_path / "downloads"
    raw.mkdir()
    (raw / "ustav.txt").write_bytes(write(BOOKS[1], "fb2"))  # an FB2 saved as .txt
    (raw / "seating.doc").write_bytes(write(BOOKS[0], "rtf"))  # an RTF saved as .doc
    (raw / "tempo").write_bytes(write(BOOKS[2], "docx"))  # a DOCX with no suffix
    (raw / "p44.mht").write_bytes(_mhtml(PAGES[0][0], "base64"))
    (raw / "old.doc").write_bytes(OLE)
    (raw / "scan.djvu").write_bytes(DJVU)
    (raw / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(32))
    result = CliRunner().invoke(main, ["add", str(raw), "--corpus", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    out = result.output
    for name in ("ustav.txt", "seating.doc", "tempo", "p44.mht"):
        assert f"added {tmp_path / 'c'}" in out and name in out
        assert f"skipped {raw / name}" not in out
    assert f"skipped {raw / 'old.doc'}: an old Word .doc" in out
    assert f"skipped {raw / 'scan.djvu'}: a .djvu" in out
    assert f"skipped {raw / 'picture.png'}: not a format lawsearch reads (.png)" in out
    c = build_corpus(tmp_path / "c")
    ids = {n.id for n in c.nodes}
    assert {"12", "12A", "30", "31", "70", "71", "44"} <= ids
    assert {s.lang for s in c.sources} == {"ru"}
