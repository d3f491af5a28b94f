"""Our own writers of every format lawsearch reads, for invented texts in the book's
layout: FB2 (and zipped), EPUB, saved web pages (three kinds of navigation markup), DOCX,
RTF and PDF (running heads, page-number lines, two columns, soft hyphens, a ligature, a
footnote). Each book carries its expectation: the nodes it must give, their titles, and
the sentences of each node's own text.

    data = write(BOOKS[0], "pdf")          # bytes of a PDF of the first book
    BOOKS[0].nodes                         # [("12", "Места за столом"), …]

The PDF writer is fpdf2 (LGPL, a test dependency only): pure Python, writes Unicode text
with an embedded TrueType font and flows text into columns, which is what a federation's
two-column PDF needs; reportlab would do too but is larger and partly commercial.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from html import escape
from pathlib import Path

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
SOFT = "\u00ad"


@dataclass(frozen=True)
class Book:
    name: str
    # (ID, heading line as printed, sentences of its own text)
    parts: tuple[tuple[str, str, tuple[str, ...]], ...]
    footnote: str  # a footnote's text (formats with footnotes carry it)

    @property
    def nodes(self) -> list[tuple[str, str]]:
        return [(id_, _title(line)) for id_, line, _ in self.parts]

    def paragraphs(self) -> list[str]:
        out = []
        for _, line, sentences in self.parts:
            out.append(line)
            out.extend(sentences)
        return out

    @property
    def noted(self) -> str:
        """The ID of the node whose text refers to the footnote: the first part's (its first
        sentence ends with the reference, before the full stop)."""
        return self.parts[0][0]

    def marked_paragraphs(self, ref: str, quote=lambda text: text) -> list[str]:
        """``paragraphs()`` quoted for the format (``quote``), the footnote's reference
        ``ref`` (the format's markup) glued to the last word of the first sentence."""
        out = [quote(p) for p in self.paragraphs()]
        if self.footnote:
            first = self.parts[0][2][0]
            assert first.endswith(".")
            out[1] = quote(first[:-1]) + ref + "."
        return out


def _title(line: str) -> str:
    return re.sub(r"^(?:Правило \d+\.\s*|[A-Z]\.|\d+\.)", "", line).strip()


BOOKS = (
    Book("seating", (
        ("12", "Правило 12. Места за столом",
         ("Игроки занимают места по карточке, которую выдаёт судья перед началом сессии.",)),
        ("12A", "A.Север и Юг", ("Пара Север-Юг сидит лицом к стене с часами и не меняет места до конца тура.",)),
        ("12B", "B.Восток и Запад", ()),
        ("12B1", "1.Переход пары", ("Пара Восток-Запад переходит к следующему столу после звонка.",)),
        ("12B2", "2.Опоздание", ("Опоздавшая пара садится за свободный стол, указанный судьёй.",)),
        ("13", "Правило 13. Подсчёт очков",
         ("Очки за каждую доску записывает игрок на месте Севера, а Восток проверяет запись.",)),
    ), "Звонок даёт помощник судьи."),
    Book("boards", (
        ("30", "Правило 30. Перемешивание колоды",
         ("Перед сдачей каждый игрок вправе перемешать колоду, но последним её перемешивает сдающий.",)),
        ("30A", "A.Открытая карта", ("Если карта открылась при перемешивании, колоду перемешивают заново.",)),
        ("31", "Правило 31. Сдача карт",
         ("Сдающий раздаёт карты по одной, по часовой стрелке, начиная с игрока слева.",
          "Карты не поднимают со стола, пока сдача не окончена.")),
        ("31A", "A.Лишняя карта",
         ("Игрок, получивший лишнюю карту, сообщает об этом до того, как посмотрит в свои карты.",)),
        ("31B", "B.Недостающая карта",
         ("Недостающую карту ищут под столом и на соседних столах, прежде чем звать судью.",)),
    ), "Колоду для сдачи берут из коробки судьи."),
    Book("tempo", (
        ("70", "Правило 70. Темп игры",
         ("Каждая пара играет свои доски в темпе, который назначил судья перед сессией.",
          "Разыгрывающий, задумавшийся над первым ходом, не должен задерживать соперников дольше разумного.",
          "Вистующие тоже отвечают за темп и не обсуждают розыгрыш после последней взятки.")),
        ("70A", "A.Медленная пара",
         ("Если пара отстала от расписания на целую доску, судья вправе снять эту доску с игры.",
          "Соперники такой пары получают среднюю оценку за снятую доску.")),
        ("70B", "B.Предупреждение",
         ("Первое нарушение темпа влечёт устное предупреждение, которое судья записывает в протокол.",)),
        ("70C", "C.Штраф",
         ("При повторном нарушении судья назначает штраф в размере четверти доски.",
          "Штраф не отменяется, даже если пара затем догнала расписание.")),
        ("71", "Правило 71. Часы на столе",
         ("Часы ставят на каждый стол так, чтобы все четверо игроков видели оставшееся время.",
          "Остановить часы может только судья или его помощник.")),
        ("71A", "A.Неисправные часы",
         ("Неисправные часы заменяют до начала следующей доски, а время тура не продлевают.",)),
    ), "Темп назначают по числу досок в туре."),
)

# Furniture the writers add; none of it may reach a node.
HEADER = "Законы бриджа · клубное издание"
SITE = "Читальня «Зелёная лампа»"
NAV_WORDS = ("Следующая", "Предыдущая", "Оглавление", "Главная")


# -- plain and marked-up text -------------------------------------------------------------------


def write_txt(book: Book) -> bytes:
    return ("\n".join(book.paragraphs()) + "\n").encode("utf-8")


def write_html(book: Book, variant: int = 0) -> bytes:
    """A saved page; ``variant`` 0: semantic tags (<header>, <nav>, <footer>); 1: divs with
    class names only, a pager and a «Следующая» link; 2: an old table layout with a menu
    column and a page counter."""
    # the footnote in three markups: a footnotes list with a link back (variant 0), an anchor
    # starting the note's paragraph in a notes block (1), a paragraph with the note's id (2)
    ref, note = [
        ('<sup id="fnref1"><a href="#fn1">1</a></sup>',
         f'<section class="footnotes"><hr><ol><li id="fn1"><p>{escape(book.footnote)} <a href="#fnref1">↩</a></p>'
         "</li></ol></section>"),
        ('<a href="#n1" class="ref">[1]</a>', f'<div class="notes"><p><a name="n1"></a>[1] {escape(book.footnote)}</p></div>'),
        ('<a href="#note1">*</a>', f'<p id="note1">* {escape(book.footnote)}</p>'),
    ][variant]
    body = "\n".join(f"<p>{p}</p>" for p in book.marked_paragraphs(ref, escape)) + (note if book.footnote else "")
    title = f"<title>{escape(book.parts[0][1])} — {escape(SITE)}</title>"
    if variant == 0:
        page = (f"<header><a href='/'>{escape(SITE)}</a></header>"
                f"<nav><a href='/'>Главная</a> » <a href='/b/'>Книги</a></nav>"
                "<div class='about'><p>Читальня открыта для всех, кто любит карточные игры и книги о них.</p></div>"
                f"<main><article>{body}</article></main>"
                f"<footer>© 2011 {escape(SITE)}</footer>")
    elif variant == 1:
        page = (f"<div class='top-menu'><a href='/'>Главная</a> | <a href='/new/'>Новинки</a></div>"
                f"<div class='content'>{body}</div>"
                "<div class='pages'><a href='?p=1'>1</a> <b>2</b> <a href='?p=3'>3</a></div>"
                "<div class='next'><a href='/n'>Следующая</a></div>")
    else:
        page = ("<table><tr><td class='left'><a href='/'>Главная</a><br><a href='/toc'>Оглавление</a></td>"
                f"<td>{body}<p>страница 2 из 9</p></td></tr></table>")
    return f"<html><head><meta charset='utf-8'>{title}</head><body>{page}</body></html>".encode("utf-8")


def write_fb2(book: Book, encoding: str = "utf-8") -> bytes:
    """FictionBook 2 with a section per law, a footnote in the notes body, in ``encoding``
    (old e-library copies are cp1251)."""
    sections = []
    marked = book.marked_paragraphs('<a l:href="#n1" type="note">[1]</a>', escape)
    for n, (id_, line, sentences) in enumerate(book.parts):
        paragraphs = [escape(s) for s in sentences]
        if n == 0 and sentences:
            paragraphs[0] = marked[1]
        inner = "".join(f"<p>{p}</p>" for p in paragraphs)
        if "Правило" in line:
            sections.append(f"<section><title><p>{escape(line)}</p></title>{inner}")
        else:
            sections.append(f"<subtitle>{escape(line)}</subtitle>{inner}")
    text, depth = "", 0
    for s in sections:
        if s.startswith("<section>"):
            text += "</section>" * depth + s
            depth = 1
        else:
            text += s
    text += "</section>" * depth
    xml = (f'<?xml version="1.0" encoding="{encoding}"?>\n'
           '<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">'
           "<description><title-info><book-title>Законы</book-title><lang>ru</lang></title-info></description>"
           f"<body>{text}</body>"
           + (f'<body name="notes"><title><p>Примечания</p></title><section id="n1"><title><p>1</p></title>'
              f'<p>{escape(book.footnote)}</p></section></body>' if book.footnote else "")
           + "</FictionBook>")
    return xml.encode(encoding)


def write_fb2_zip(book: Book) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(f"{book.name}.fb2", write_fb2(book, "cp1251"))
    return out.getvalue()


# an e-book's page-break markers (``page_breaks``): EPUB 3's span with its number as text
# and title, an ARIA element with only an aria-label, or a marker inside a paragraph's sentence
PAGE_BREAKS = {
    "span": lambda n: f'<span epub:type="pagebreak" id="pg{n}" title="{n}">{n}</span>',
    "aria": lambda n: f'<div role="doc-pagebreak" id="p{n}" aria-label="Page {n}"></div>',
    "inline": lambda n: f'<span epub:type="pagebreak" role="doc-pagebreak" aria-label="{n}">{n}</span>',
}
FIRST_BREAK = 41  # the page the first marker begins (the text before it is page 40)


def _with_page_breaks(paragraphs: list[str], kind: str) -> list[str]:
    """A page-break marker before every other paragraph but the first; ``inline``: inside
    the paragraph before it, between two of its words (a page ending mid-sentence)."""
    out, page = [], FIRST_BREAK
    for n, p in enumerate(paragraphs):
        if n and n % 2 == 0:
            if kind == "inline" and out[-1].endswith(".") and out[-1].count(" ") > 3:  # a sentence, not a heading
                words = out[-1].split(" ")
                half = len(words) // 2
                out[-1] = " ".join(words[:half]) + PAGE_BREAKS[kind](page) + " " + " ".join(words[half:])
            else:
                p = PAGE_BREAKS[kind](page) + p
            page += 1
        out.append(p)
    return out


def write_epub(book: Book, page_breaks: str = "") -> bytes:
    """An EPUB 3: a table of contents page (navigation only) then one chapter per law;
    ``page_breaks``: with the printed book's page-break markers of that kind (``PAGE_BREAKS``)."""
    chapters, current = [], []
    marked = book.marked_paragraphs('<a epub:type="noteref" href="notes.xhtml#en1">1</a>', escape)
    if page_breaks:
        marked = _with_page_breaks(marked, page_breaks)
    k = 0
    for id_, line, sentences in book.parts:
        if "Правило" in line and current:
            chapters.append(current)
            current = []
        current += marked[k: k + 1 + len(sentences)]
        k += 1 + len(sentences)
    chapters.append(current)
    if book.footnote:  # the notes at the book's end, a file of their own
        chapters.append([escape("Примечания"), f'<section epub:type="endnotes"><h2>{escape("Примечания")}</h2>'
                         f'<aside epub:type="endnote" id="en1">{escape(book.footnote)}</aside></section>'])
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml",
                   '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
                   '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
                   "</rootfiles></container>")
        items = ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>']
        spine = ['<itemref idref="nav"/>']
        for n, chapter in enumerate(chapters, 1):
            href = "notes.xhtml" if book.footnote and n == len(chapters) else f"ch{n}.xhtml"
            z.writestr(f"OEBPS/{href}",
                       '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
                       'xmlns:epub="http://www.idpf.org/2007/ops"><head>'
                       f"<title>{_no_markers(chapter[0])}</title></head><body>"
                       + ("".join(chapter[1:]) if chapter[1:2] and chapter[1].startswith("<section")
                          else "".join(p if p.startswith("<div role") else f"<p>{p}</p>"
                                       for p in _blocks(chapter))) + "</body></html>")
            items.append(f'<item id="ch{n}" href="{href}" media-type="application/xhtml+xml"/>')
            spine.append(f'<itemref idref="ch{n}"/>')
        z.writestr("OEBPS/nav.xhtml",
                   '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
                   'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Оглавление</title></head><body>'
                   '<nav epub:type="toc"><ol>'
                   + "".join(f'<li><a href="ch{n}.xhtml">{_no_markers(c[0])}</a></li>' for n, c in enumerate(chapters, 1))
                   + "</ol></nav></body></html>")
        z.writestr("OEBPS/content.opf",
                   '<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
                   'unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
                   f'<dc:identifier id="id">{book.name}</dc:identifier><dc:title>Законы</dc:title><dc:language>ru'
                   f'</dc:language></metadata><manifest>{"".join(items)}</manifest><spine>{"".join(spine)}</spine></package>')
    return out.getvalue()


def _no_markers(text: str) -> str:
    return re.sub(r"<(span|div)\b[^>]*>[^<]*</\1>", "", text)


def _blocks(chapter: list[str]) -> list[str]:
    """A chapter's paragraphs, a block marker that opens one (an ARIA page break) set apart."""
    out = []
    for p in chapter:
        if p.startswith("<div role"):
            marker, _, rest = p.partition("</div>")
            out += [marker + "</div>", rest]
        else:
            out.append(p)
    return out


def write_docx(book: Book) -> bytes:
    """A minimal WordprocessingML package: one paragraph per line, a footnote."""
    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

    # the reference is a run of its own between the text's runs
    ref = ('</w:t></w:r><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>'
           '<w:r><w:t xml:space="preserve">')
    body = "".join(f'<w:p><w:r><w:t xml:space="preserve">{p}</w:t></w:r></w:p>'
                   for p in book.marked_paragraphs(ref, escape))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                   'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
                   'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override '
                   'PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.'
                   'wordprocessingml.document.main+xml"/></Types>')
        z.writestr("_rels/.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
        z.writestr("word/document.xml", f'<?xml version="1.0" encoding="UTF-8"?><w:document {w}><w:body>{body}'
                                        "</w:body></w:document>")
        z.writestr("word/footnotes.xml",
                   f'<?xml version="1.0" encoding="UTF-8"?><w:footnotes {w}>'
                   '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
                   + (f'<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> '
                      f'{escape(book.footnote)}</w:t></w:r></w:p></w:footnote>' if book.footnote else "")
                   + "</w:footnotes>")
    return out.getvalue()


def write_rtf(book: Book) -> bytes:
    """RTF as word processors save Russian: cp1251 bytes as \\'hh, some letters as \\uN,
    a page header group (the running head, not text), a footnote group."""
    def enc(text: str, n: int) -> str:
        out = []
        for k, ch in enumerate(text):
            if ord(ch) < 128:
                out.append({"\\": "\\\\", "{": "\\{", "}": "\\}"}.get(ch, ch))
            elif (k + n) % 7 == 0:
                out.append(f"\\u{ord(ch) if ord(ch) < 32768 else ord(ch) - 65536}?")
            else:
                out.append("".join(f"\\'{b:02x}" for b in ch.encode("cp1251")))
        return "".join(out)

    # a footnote is a group where its reference is: the mark, then the note's own text
    note = "{\\super\\chftn}{\\footnote\\pard\\plain {\\super\\chftn} " + enc(book.footnote, 3) + "\\par}"
    paragraphs = "".join(f"{{\\pard\\plain\\f0 {enc(p, n).replace(chr(0), note)}\\par}}\n"
                         for n, p in enumerate(book.marked_paragraphs(chr(0))))
    return ("{\\rtf1\\ansi\\ansicpg1251\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}"
            "{\\colortbl;\\red0\\green0\\blue0;}{\\info{\\title " + enc(HEADER, 1) + "}}"
            "{\\header\\pard " + enc(HEADER, 2) + "\\par}\n" + paragraphs + "}").encode("ascii")


# -- PDF -------------------------------------------------------------------------------------------

def _soft_hyphens(text: str) -> str:
    """Soft hyphens in long words, where a typesetter may break them."""
    return re.sub(r"\w{11,}", lambda m: m.group()[:6] + SOFT + m.group()[6:], text)


def write_pdf(book: Book, columns: int = 2) -> bytes:
    """A printed-style PDF: a running head and a page-number line on every page, the text
    in ``columns`` columns, soft hyphens in long words, a «ﬁ» ligature, and a footnote at
    the foot of the first page."""
    from fpdf import FPDF

    class Printed(FPDF):
        def header(self):
            self.set_font("dv", size=8)
            self.cell(0, 6, HEADER, align="C")
            self.ln(10)

        def footer(self):
            if self.page_no() == 1 and book.footnote:  # the footnote at the foot of the first page, set smaller
                self.set_y(-24)
                self.set_font("dv", size=7)
                self.multi_cell(0, 4, f"* {book.footnote} (см. также «ﬁnal round»)")
            self.set_y(-12)
            self.set_font("dv", size=8)
            self.cell(0, 6, str(self.page_no()), align="C")

    pdf = Printed(format="A5")
    pdf.add_font("dv", "", str(FONT))
    pdf.set_auto_page_break(True, margin=28)
    pdf.add_page()
    pdf.set_font("dv", size=12)
    laws = [[]]
    marked = book.marked_paragraphs("*")
    k = 0
    for _, line, sentences in book.parts:
        if line.startswith("Правило") and laws[-1]:
            laws.append([])
        laws[-1] += marked[k: k + 1 + len(sentences)]
        k += 1 + len(sentences)
    for n, law in enumerate(laws):  # each law from a new page, as a printed code's chapters
        if n:
            pdf.add_page()
        with pdf.text_columns(ncols=columns, gutter=6) as cols:
            cols.write("\n".join(_soft_hyphens(p) for p in law) + "\n")
    return bytes(pdf.output())


WRITERS = {
    "txt": write_txt, "html": write_html, "fb2": write_fb2, "fb2.zip": write_fb2_zip, "epub": write_epub,
    "docx": write_docx, "rtf": write_rtf, "pdf": write_pdf,
}


def write(book: Book, fmt: str) -> bytes:
    return WRITERS[fmt](book)


def write_lines(lines: list[str], fmt: str, name: str = "book") -> bytes:
    """Any text, one paragraph per line, in ``fmt`` (benchmarks/make_corpus.py --format)."""
    return write(Book(name, tuple((str(n), line, ()) for n, line in enumerate(lines) if line.strip()), ""), fmt)
