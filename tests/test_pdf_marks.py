"""PDF copies (cold read 2A, finding 10): a soft hyphen of a simple (WinAnsi) font is a soft
hyphen, not a space -- inside a line and at its end; a footnote set small at the page's foot
is found though its mark follows a full stop or a comma, and it leaves the paragraph it sat
in when the page has two columns. The PDFs are written here by a small writer of our own
(Helvetica, WinAnsi), the sentences invented."""

from __future__ import annotations

import pytest

from lawsearch.formats import read_pdf


def pdf(pages: list[list[tuple[int, int, int, str]]]) -> bytes:
    """A PDF of text runs (x, y, size, text) per page, in Helvetica with WinAnsi encoding."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    parent = add(b"")  # filled in below
    kids = []
    for runs in pages:
        ops = []
        for x, y, size, text in runs:
            escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("cp1252")
            ops.append(b"BT /F1 %d Tf %d %d Td (" % (size, x, y) + escaped + b") Tj ET")
        stream = b"\n".join(ops)
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 %d 0 R >> >>"
                        b" /Contents %d 0 R >>" % (parent, font, content)))
    objects[parent - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % parent)
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return bytes(out)


def column(x: int, top: int, lines: list[str], size: int = 10) -> list[tuple[int, int, int, str]]:
    return [(x, top - 14 * i, size, line) for i, line in enumerate(lines)]


@pytest.mark.parametrize("lines,words", [
    (["LAW 12 - THE LANTERN", "A lantern is lit on pur\u00adpose", "before the round begins."], ["purpose"]),
    (["LAW 13 - THE LADDER", "The ladder stands by the win\u00ad", "dow until the Director calls."], ["window"]),
    (["LAW 14 - THE ROPE", "Ropes are coiled by the stew\u00adard and", "hung by the care\u00ad", "taker."],
     ["steward", "caretaker"]),
])
def test_a_soft_hyphen_of_a_simple_font_joins_its_word(lines, words):
    text = " ".join(read_pdf(pdf([column(60, 700, lines)]), "x.pdf").lines)
    for word in words:
        assert word in text.split() or f"{word}." in text.split()
    assert "\u00ad" not in text


def test_a_small_footnote_at_a_two_column_page_foot_leaves_the_paragraph():
    left = column(50, 720, ["LAW 20 - THE KETTLE", "A. Boiling", "The kettle is filled.\u00b9", "B. Pouring",
                            "The host pours the tea"])
    right = column(320, 720, ["into every cup in turn, and", "the guests wait for it."])
    note = [(50, 80, 8, "\u00b9 Water comes from the well."), (300, 40, 9, "3")]
    # the page number is furniture.py's (lone_page_numbers); here only the text lines count
    lines = [t for t in read_pdf(pdf([left + right + note]), "x.pdf").lines if not t.isdigit()]
    assert "The kettle is filled.(*)" in lines
    assert "(*) - Water comes from the well." in lines
    pours = lines.index("The host pours the tea")
    assert lines[pours + 1] == "into every cup in turn, and"  # the note no longer cuts the sentence


def test_a_star_note_after_a_comma_is_found():
    body = column(60, 700, ["LAW 21 - THE TRAY", "The tray is carried level,* and set down gently.",
                            "Nobody lifts it twice."])
    note = [(60, 90, 7, "* Both hands hold it.")]
    lines = read_pdf(pdf([body + note]), "x.pdf").lines
    assert "The tray is carried level,(*) and set down gently." in lines
    assert lines[-1] == "(*) - Both hands hold it."


def test_a_small_line_without_a_mark_in_the_text_stays_text():
    body = column(60, 700, ["LAW 22 - THE BELL", "The bell rings twice."])
    note = [(60, 90, 7, "2 Printed in the club's own shop.")]
    lines = read_pdf(pdf([body + note]), "x.pdf").lines
    assert "2 Printed in the club's own shop." in lines
