"""Reading a raw file of any supported format into lines of text, each with its place.

A user's copy of the book comes as a .txt (four encodings), an e-library .fb2 (often
zipped), an .epub, a saved web page, a .docx or .rtf from a federation, or a PDF. Each
reader here turns one into the same thing: lines of text, and for every line the place
it came from in the file (``page 3``, ``paragraph 12``, ``section 2, paragraph 4``), so a
node's ``spans`` can be traced back into the original.

Web-page navigation is dropped here, where the markup still says what is a link or a
menu; what looks like furniture only by its text (a pager, a repeated header) is left for
the named rules of lawsearch/furniture.py, which see every format alike.

    doc = read_document(Path("book.fb2.zip").read_bytes(), "book.fb2.zip")
    doc.lines[0], doc.places[0]        # ('Правило 1. …', 'section 1, paragraph 1')
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import PurePosixPath
from xml.etree import ElementTree

from .freshness import SUFFIXES  # formats read, by how a file name ends (.fb2.zip before .zip)
from .model import CorpusError, Problem
from .patterns import NOTE_MARKER, note_body, plain_letters, with_marker

# Formats we refuse with the way to convert them.
CONVERT = {
    ".doc": "an old Word .doc is not read; open it in a word processor (or run "
            "`libreoffice --headless --convert-to docx FILE`) and add the .docx",
    ".djvu": "a .djvu is a scan with no reliable text layer; convert it to text "
             "(`djvutxt FILE out.txt`, or OCR it) and add the .txt",
    ".djv": "a .djv is a scan with no reliable text layer; convert it to text "
            "(`djvutxt FILE out.txt`, or OCR it) and add the .txt",
}


@dataclass
class Document:
    """What a reader found: lines (no line breaks) and, per line, where it stood."""

    lines: list[str]
    places: list[str]
    encoding: str  # the text encoding of the file (or of its XML), "utf-8" for PDF
    format: str  # "txt", "fb2", "pdf", …
    notes: list[str] = field(default_factory=list)
    # what the reader left out, each block with the line it stood before (0-based, the
    # number of lines before it) and its rule (DROP_*): counted in check, shown by clean --explain
    dropped: list[tuple[int, str, str]] = field(default_factory=list)
    # what the reader had to say of the file while keeping its text (a truncated RTF, an
    # FB2 whose declared encoding is wrong): warnings naming the file, said by build and check
    warnings: list[str] = field(default_factory=list)
    # the file's end is lost (an RTF ending inside open groups): the last law's text is cut there
    truncated: bool = False
    # a page read with no list bullet: its list items (<li>) with no label typed in them, each
    # item's first line -- their levels and labels were the markup's alone (``sources.read_source``)
    unlabelled: list[str] = field(default_factory=list)
    # lines (0-based) the markup says are the book's own, whatever their shape: an FB2
    # epigraph's, a citation's, a poem's or a text's author (<text-author>) -- never furniture
    # by repetition (``furniture.repeated_lines``: an epigraph over each chapter is the book's)
    content: set[int] = field(default_factory=set)


WEB_ARCHIVE_SUFFIXES = (".mhtml", ".mht")  # told by content too (``sniff``); named so, a saved web page


def format_of(name: str) -> str | None:
    """The format a file name says, or None when it is not one we read.

    >>> format_of("Laws.FB2.zip"), format_of("a.htm"), format_of("a.doc"), format_of("a.mht")
    ('fb2.zip', 'html', None, 'mhtml')
    """
    lower = name.lower()
    if lower.endswith(WEB_ARCHIVE_SUFFIXES):
        return "mhtml"  # a page saved as a web archive: read as a saved page is (its furniture too)
    for suffix in SUFFIXES:
        if lower.endswith(suffix):
            return {"htm": "html", "xhtml": "html"}.get(suffix[1:], suffix[1:])
    return None


def split_suffix(name: str) -> tuple[str, str]:
    """A file name as (stem, format suffix): the longest suffix we read, else the last one.

    >>> split_suffix("laws.fb2.zip"), split_suffix("a.b.txt"), split_suffix("README")
    (('laws', '.fb2.zip'), ('a.b', '.txt'), ('README', ''))
    """
    lower = name.lower()
    suffix = next((s for s in SUFFIXES if lower.endswith(s) and len(s) < len(name)), None)
    if suffix is None:
        dot = name.rfind(".")
        suffix = name[dot:] if dot > 0 else ""
    return name[: len(name) - len(suffix)], suffix


def refusal(name: str, data: bytes | None = None) -> str | None:
    """The one-sentence message for a format we do not read but can say how to convert:
    by the file's content when ``data`` is given (an old Word file or a DjVu scan whatever
    its name; a file whose content is one we read is never refused for its name), else by
    its name."""
    if data is not None:
        found = sniff(data)
        if found in ("doc", "djvu"):
            return CONVERT["." + found]
        if found is not None:
            return None
    lower = name.lower()
    return next((message for suffix, message in CONVERT.items() if lower.endswith(suffix)), None)


# what a file's first bytes say it is, whatever its name (a user's download is often misnamed)
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an old Word .doc (a compound file)
DJVU_MAGIC = re.compile(rb"^AT&TFORM.{4}DJV[UM]", re.S)
MIME_HEADER = re.compile(rb"^(?:[\w-]+:[^\n]*\n(?:[ \t][^\n]*\n)*)*?(?:MIME-Version|Content-Type):", re.I)
MARKUP_START = re.compile(rb"^(?:\xef\xbb\xbf)?\s*<")


def sniff(data: bytes) -> str | None:
    """The format a file's content says, whatever its name: ``rtf``, ``pdf``, ``docx``,
    ``epub``, ``fb2.zip``, ``fb2``, ``html``, ``mhtml`` (a page saved as a web archive),
    ``doc`` / ``djvu`` (refused with the way to convert them); None for anything else (plain
    text, or a format no reader here knows).

    >>> sniff(b"%PDF-1.4"), sniff(b"<?xml version='1.0'?><FictionBook>"), sniff("Правило 1".encode())
    ('pdf', 'fb2', None)
    """
    head = data[:4096]
    if head.startswith(b"{\\rtf"):
        return "rtf"
    if head.startswith(b"%PDF-"):
        return "pdf"
    if head.startswith(OLE_MAGIC):
        return "doc"
    if DJVU_MAGIC.match(head):
        return "djvu"
    if head.startswith(b"PK\x03\x04"):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                names = z.namelist()
        except (zipfile.BadZipFile, ValueError, OSError):
            return None
        if "word/document.xml" in names:
            return "docx"
        if "META-INF/container.xml" in names or "mimetype" in names and b"epub" in head[:100]:
            return "epub"
        if any(n.lower().endswith(".fb2") for n in names):
            return "fb2.zip"
        return None
    if MIME_HEADER.match(head.replace(b"\r\n", b"\n")) and re.search(rb"^Content-Type:\s*multipart/", head, re.I | re.M):
        return "mhtml"
    if MARKUP_START.match(head):
        lower = head.lower()
        if b"<fictionbook" in lower:
            return "fb2"
        if re.search(rb"<(?:!doctype\s+html|html|head|body)[\s>]", lower):
            return "html"
    return None


def format_for(data: bytes, name: str) -> str:
    """The format a file is read in: what its content says (``sniff``), else what its name
    says, else plain text."""
    found = sniff(data)
    if found is not None and found not in ("doc", "djvu"):
        return found
    return format_of(name) or "txt"


def read_document(data: bytes, name: str, decode_text=None, keeps=None, bullet: str | None = None,
                  declared: bool = False, toggle=None) -> Document:
    """Read ``data`` (the bytes of a file called ``name``) in the format its name says.

    ``decode_text(data) -> (text, encoding)`` decodes a plain-text file (sources.decode with
    the manifest's declaration; ``decode_text(data, encoding)`` checks bytes against another
    encoding, "auto" detecting it); without it, UTF-8. ``declared``: the manifest names the
    encoding (not "auto"). Raises CorpusError naming the file for a damaged file, a scan
    without text, or a format we do not read. ``keeps(text)``, ``bullet`` and ``toggle(text)``:
    a web page's, see ``read_html``.

    >>> read_document("<p>Правило 1. Карты</p><nav>Home</nav>".encode(), "a.html").lines
    ['Правило 1. Карты']
    """
    if (why := refusal(name, data)) is not None:
        raise CorpusError(Problem("error", why, name))
    # its content says its format, whatever its name (an FB2 saved as .txt, an RTF as .doc);
    # a file the manifest names that is none of ours is read as text
    fmt = format_for(data, name)
    document = _read_as(fmt, data, name, decode_text, keeps, bullet, declared, toggle)
    # a soft hyphen is a break the reader never sees, in every format: the word is whole
    # in the text, its snippets and corpus.json ("мяг\u00adкий" → "мягкий")
    # mathematical letters (𝐋𝐚𝐰) are plain ones styled: the text holds them plain, so a
    # search finds them and every offset is the text's (patterns.plain_letters)
    document.lines = [plain_letters(line.replace(SOFT_HYPHEN, "")) for line in document.lines]
    document.notes = [plain_letters(note.replace(SOFT_HYPHEN, "")) for note in document.notes]
    return document


def _read_as(fmt: str, data: bytes, name: str, decode_text, keeps, bullet, declared: bool,
             toggle=None) -> Document:
    """``read_document``'s reading of ``data`` as ``fmt``."""
    try:
        if fmt == "mhtml":
            return read_mhtml(data, name, decode_text, keeps, bullet, toggle)
        if fmt == "txt":
            text, encoding = decode_text(data) if decode_text else (data.decode("utf-8-sig"), "utf-8")
            lines = split_lines(text)
            return Document(lines, [f"line {n}" for n in range(1, len(lines) + 1)], encoding, fmt)
        if fmt == "html":  # a page that declares no encoding is detected as a text file is
            return read_html(data, name, decode_text, keeps, bullet, declared, toggle)
        if fmt in ("fb2", "fb2.zip"):  # its XML declaration is checked against its bytes
            return READERS[fmt](data, name, decode_text, declared)
        return READERS[fmt](data, name)
    except CorpusError:
        raise
    except (zipfile.BadZipFile, ElementTree.ParseError, KeyError, ValueError, UnicodeDecodeError, IndexError) as e:
        raise CorpusError(Problem("error", f"cannot read it as {fmt}: the file is damaged or not {fmt} ({_short(e)})",
                                  name)) from None


def _short(e: Exception) -> str:
    return (str(e) or type(e).__name__).splitlines()[0][:120]


LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines of a text, without a last empty one.

    >>> split_lines("a\\r\\nb\\n")
    ['a', 'b']
    """
    lines = LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


# -- HTML ----------------------------------------------------------------------------------

# Elements never holding the book's text.
SKIPPED = {"script", "style", "head", "noscript", "template", "svg", "iframe", "form", "select", "button",
           "object", "map"}
# Page furniture by its element, unless inside the main text (<article> may have a <header>).
PAGE_PARTS = {"header", "footer"}
# ... and by the markup words (class, id, role) HTML's vocabulary names a page's parts with
PAGE_PART_MARKS = re.compile(r"(?:^|[-_\s])(?:header|footer|masthead|colophon|copyright|site-?info|contentinfo)"
                             r"(?:$|[-_\s])", re.I)
# ... and the content beside the text: <aside>, role="complementary", a sidebar
ASIDE_MARKS = re.compile(r"(?:^|[-_\s])(?:sidebar|complementary)(?:$|[-_\s])", re.I)
# The rules a page's furniture is left out by: each dropped block is counted under its rule
# (``Document.dropped``: ``check`` lists the counts, ``clean --explain`` each block). A block
# of an aside or a page part that holds law text is kept: one citing the code (``read_html``'s
# ``keeps``: the profile's citations), or an aside's sentence (a note beside the text, as
# likely the code's words as an editor's; a page's footer sentence is the site's).
DROP_NAVIGATION = "page_navigation"  # <nav>, a menu, a row of links
DROP_PAGE_PART = "page_header_footer"  # a page's header or footer
DROP_ASIDE = "page_aside"  # <aside>, a sidebar
DROP_OUTSIDE_MAIN = "page_outside_main"  # a block outside the page's <main>/<article>
DROP_BOX_HEADING = "page_box_heading"  # a short heading a page ends with, nothing of the text under it
# ... one standing after an open sentence of the page's text (no stop after its last word): words
# lost, as the build counts them (``box_heading_losses``), not furniture counted and passed over
DROP_BOX_HEADING_IN_TEXT = "page_box_heading_in_text"
DROP_SITE_NAME = "page_site_name"  # the site's or book's name of the <title> printed again
DROP_BOOK_TITLE = "fb2_book_title"  # an FB2 body's own title naming the book its description names
# the end of a table row's text among a page's lines: ``page_lines`` writes it as an empty
# line, which ends a paragraph (clean.join_wrapped_lines), where other empty blocks are left out
ROW_END = "\u2029"
DROP_HIDDEN = "page_hidden"  # an element the page never shows: hidden, aria-hidden, display:none
DROP_TOGGLE = "page_toggle"  # a <details>' <summary> that is the page's toggle label ("More", «Подробнее»)
KEEPABLE = {DROP_PAGE_PART, DROP_ASIDE}
# what HTML says is never shown to a reader: the ``hidden`` attribute, ``aria-hidden="true"``,
# an inline style hiding it
HIDDEN_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b", re.I)


def hidden(attrs: dict) -> bool:
    """Whether an element's attributes hide it from every reader.

    >>> hidden({"hidden": None}), hidden({"aria-hidden": "true"}), hidden({"style": "color: red; display:none"})
    (True, True, True)
    >>> hidden({"aria-hidden": "false"}), hidden({"style": "display: block"})
    (False, False)
    """
    return "hidden" in attrs or str(attrs.get("aria-hidden") or "").strip().lower() == "true" \
        or bool(HIDDEN_STYLE.search(str(attrs.get("style") or "")))
# a sentence: three words or more, then its end
SENTENCE = re.compile(r"(?:[^\W\d_]+\W+){2,}[^\W\d_]+[^.!?]*[.!?…]['\"»”)]*$")
# a heading of a box of the page's, not of its text: one to three words, no stop («Related», «Notes:»)
BOX_HEADING = re.compile(r"^\s*[^\W\d_]+(?:[\s-]+[^\W\d_]+){0,2}\s*:?\s*$")
# the boxes a box heading opens when it stands before them: a row or list of links, an aside --
# not a page's header or footer, nor text outside the main text (which hold their own words)
BOX_RULES = {DROP_NAVIGATION, DROP_ASIDE}
# a block's text ending so that the next one goes on with it: a list's lead-in («brings:»), an
# item before the next («oars,»), a clause before its next part («;», a dash)
OPEN_END = re.compile(r"[:,;\-–—]['\"»”)]*$")
# a block's last word with nothing after it but closing quotes and brackets
LAST_WORD = re.compile(r"(?:^|\s)([^\W\d_]+)['\"»”)]*$")
# a table cell holding only a label ("1.", "(a)", "B)"): the row's next cell is its text
LABEL_CELL = re.compile(r"^\s*(?:\(\w{1,4}\)|\w{1,4}[.)])\s*$")
LIST_ITEM = "• "  # a list item of links kept as the text's (``_links_between_text``), when no layout bullet is read
LIST_INDENT = "    "  # a list item's indentation per level of nesting, where a list layout reads it
# a label typed at a list item's start ("1.", "(a)", "B)", "iv."): the item reads without its markup
TYPED_LABEL = re.compile(r"^\s*(?:\(\w{1,4}\)|\w{1,4}[.)])(?:\s|$)")
# a bold run opening a block that is a part's label and title («<b>A. Ульи</b> Ульи ставят…»,
# "<strong>2. Keys</strong> The key…"): a run-in heading, set on a line of its own; a title is
# a few words and ends no sentence
RUN_IN_HEADING = re.compile(r"^(?:\(\w{1,4}\)|\w{1,4}[.)])\s*[^\W\d_][^.!?;:]{0,80}[.:]?$")
RUN_IN_WORDS = 8
BOLD = ("b", "strong")
# an unlinked note mark raised in <sup> («журнале<sup>1</sup>», "ledger<sup>*</sup>"), held in
# the block's text between these until the page's notes are matched to it (``_raised_notes``)
RAISED = "\x02"
RAISED_MARK = re.compile(r"^\s*(\d{1,2}|\*{1,3}|†{1,2})\s*$")
# a paragraph opening with a raised mark and its text: a note, where an earlier paragraph raised the same mark
RAISED_LEAD = re.compile(r"\s*" + RAISED + r"(?P<mark>[^" + RAISED + r"]+)" + RAISED + r"\s*(?P<text>\S.*)", re.S)
# what the markup calls a note or a set of notes, or sets apart as one: class or role
# «note», «footnote(s)», «endnote(s)», an <aside>, small print (<small>)
NOTE_PLACE = re.compile(r"(?:^|[-_\s:])(?:foot|end|rear)?notes?(?:$|[-_\s])", re.I)
# a note's own text opening with its mark: «1 Журнал…», "1. The ledger…", "[2] …", "* …"
MARKED_NOTE = re.compile(r"^\s*[\[(]?(?P<mark>\d{1,2}|\*{1,3}|†{1,2})[\])]?[.)]?\s+(?P<text>\S.*)$", re.S)
# the numbering an <ol type> gives its items (HTML's five): 1, a, A, i, I
LIST_TYPES = ("1", "a", "A", "i", "I")
_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
          (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def list_number(kind: str, n: int) -> str:
    """The ``n``-th label of an ``<ol type=kind>``: ``list_number("i", 4) == "iv"``,
    ``list_number("A", 2) == "B"``, ``list_number("1", 3) == "3"`` (past z: the number)."""
    if kind in ("i", "I") and n > 0:
        out = ""
        for value, letters in _ROMAN:
            while n >= value:
                out, n = out + letters, n - value
        return out if kind == "i" else out.upper()
    if kind in ("a", "A") and 0 < n <= 26:
        return chr(ord(kind) + n - 1)
    return str(n)


BLOCKS = {"p", "div", "td", "th", "tr", "li", "ul", "ol", "dl", "dt", "dd", "table", "section", "article", "main",
          "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "body", "center", "hr", "caption", "address",
          "figure", "figcaption", "header", "footer", "title", "subtitle", "epigraph", "poem", "stanza", "v",
          "text-author", "cite", "empty-line", "details", "summary", "aside"}
# Blocks the page sets apart as a whole: the last line before one, its own last line and the
# text after it end a paragraph (an empty line, as a table row's end: ``ROW_END``), so no
# wrapped line runs over its edge -- a <pre>'s rows into the paragraph after it, a <summary>'s
# label into the text it opens. A <pre>'s own line breaks are lines, each ending there.
LINE_ENDS = {"pre", "details", "summary", "figure", "figcaption", "blockquote", "dl", "dt", "dd", "section",
             "article", "aside", "header", "footer"}
# Markup words (class, id, role) that name navigation, as HTML's own vocabulary does
# (<nav>, role="navigation"): never a site's name.
NAVIGATION = re.compile(r"(?:^|[-_\s])(?:nav|navbar|navigation|menu|breadcrumbs?|crumbs?|pager|pagination|"
                        r"banner|toolbar|skip)(?:$|[-_\s])", re.I)
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID = {"br", "img", "meta", "link", "input", "hr", "wbr", "area", "base", "col", "embed", "source", "track"}
# a heading of the page's own text: a number in it, or a label first ("B.", "(a)", "IV.")
OWN_HEADING = re.compile(r"\d|^\s*\(?[^\W\d_]{1,4}[.)]")  # letters of any script
SITE_NAME_WORDS = 6  # a site's or a book's name in a page title is short
LINKED_SHARE = 0.5  # a block whose letters are mostly link text is a row of links: navigation
# ... unless it is law text inside the page's main text (<main>, <article>, an EPUB chapter):
# a numbered clause ("2. See Law 14.", "(b) Law 12") or a sentence ending as one
# ("See Law 16, Law 17 and Law 18B."): a clause citing laws has its citations as links
CLAUSE_START = re.compile(r"^\s*(?:\(\w{1,4}\)|\w{1,4}[.)])\s+\S")
# what sets a row of links apart: bars, arrows, angle quotes doubled ("‹ Law 31 | Law 33 ›", "<< Prev")
LINK_SEPARATORS = re.compile(r"[|‹›←→↑↓⇐⇒◄►▲▼]|<<|>>|\s/\s|\s»$|^«\s")
SENTENCE_END = re.compile(r"\w\W*\s+\S*\w[^.!?…]*[.!?…]['\"»”)]*$")


# A note reference's link text: a number, a letter or a mark, maybe bracketed ("1", "[2]", "*", "†")
NOTE_MARK = re.compile(r"^\s*[\[(]?\s*(?:\d{1,3}|[*†‡§]{1,3}|[^\W\d_])\s*[\])]?\s*$")
# Markup words (class, id, role, epub:type) that name a list of notes, as HTML's and EPUB's
# vocabularies do (role="doc-endnotes", epub:type="footnotes", class="footnotes"): the list
# is left out of the text, its notes become footnotes where their references are
NOTE_LIST = re.compile(r"(?:^|[-_\s:])(?:foot|end|rear)notes(?:$|[-_\s])", re.I)
# ... and that name one note (epub:type="footnote", role="doc-footnote" / "doc-endnote")
NOTE_ITSELF = re.compile(r"(?:^|[-_\s:])(?:foot|end|rear)note(?:$|[-_\s])", re.I)
# a note's own number at its start, or a link back to its reference: not the note's text
BACK_LINK = re.compile(r"^[\W_]*$")
NOTE_TEXT = "\x00"  # stands for a note reference in a block's text until the page is read


def _fragment(href: str, here: str) -> tuple[str, str] | None:
    """A link's target as (file, id) when it points inside the book: ``#fn1`` (this file)
    or ``notes.xhtml#fn1`` (another file of an EPUB, relative to ``here``)."""
    if "#" not in href or re.match(r"^[a-z][a-z0-9+.-]*:", href, re.I):
        return None
    path, _, frag = href.partition("#")
    if not frag:
        return None
    if not path:
        return here, frag
    return posixpath.normpath(posixpath.join(posixpath.dirname(here), path)), frag


class _NoteScan(HTMLParser):
    """First look at a page: which elements are notes. A note is an element a note
    reference points to: a link whose text is a note mark set as one (raised in <sup>,
    bracketed, a sign: ``<sup><a href="#fn1">1</a></sup>``, ``[2]``, ``*``), or any link to
    an element the markup calls a note or that stands in a list of notes
    (``<aside epub:type="footnote">``, ``<ol class="footnotes"><li id=…>``). A note is a
    block or an empty anchor at a block's start (``<p><a name="n1"></a>1. …``), never a
    heading or a reference itself."""

    def __init__(self, here: str = ""):
        super().__init__(convert_charrefs=True)
        self.here = here
        self.refs: list[tuple[tuple[str, str], list[str], bool]] = []  # target, link text, inside <sup>
        self.targets: dict[tuple[str, str], bool] = {}  # (file, id) -> called a note by its markup
        self.link: list[str] | None = None
        self.sup = 0
        self.list_tag: str | None = None  # the element of a list of notes being read
        self.list_depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        href = attrs.get("href") or ""
        marks = " ".join(str(v or "") for k, v in attrs.items() if k in ("class", "role", "epub:type", "type", "id"))
        if self.list_tag is None and NOTE_LIST.search(marks) and tag not in VOID:
            self.list_tag, self.list_depth = tag, 0
        if tag == self.list_tag:
            self.list_depth += 1
        ids = [attrs.get("id")] + ([attrs.get("name")] if tag == "a" else [])
        if (tag in BLOCKS or tag == "aside" or tag == "a" and not href) and tag not in HEADINGS:
            for id_ in filter(None, ids):
                self.targets[(self.here, id_)] = bool(NOTE_ITSELF.search(marks)) or self.list_tag is not None
        self.sup += tag == "sup"
        if tag == "a" and href:
            target = _fragment(href, self.here)
            if target is not None:
                self.link = []
                self.refs.append((target, self.link, self.sup > 0))

    def handle_endtag(self, tag):
        if tag == "a":
            self.link = None
        self.sup -= tag == "sup" and self.sup > 0
        if tag == self.list_tag:
            self.list_depth -= 1
            if self.list_depth <= 0:
                self.list_tag = None

    def handle_data(self, data):
        if self.link is not None:
            self.link.append(data)


def note_targets(scans: list[_NoteScan]) -> set[tuple[str, str]]:
    """The notes the pages' references point to (``_NoteScan``)."""
    targets = {t: typed for scan in scans for t, typed in scan.targets.items()}
    found = set()
    for scan in scans:
        for target, text, raised in scan.refs:
            mark = "".join(text).strip()
            if target in targets and (targets[target] or NOTE_MARK.match(mark) and (raised or not mark.isalnum())):
                found.add(target)
    return found


def _before_bracketed_links(block: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """A block's pieces (text, linked) before a closing ``[…]`` group that holds links and
    follows unlinked text; the whole block where there is none.

    >>> _before_bracketed_links([("B. Очки", False), ("[", False), ("править", True), (" | ", False), ("код", True), ("]", False)])
    [('B. Очки', False)]
    """
    text = "".join(t for t, _ in block).rstrip()
    start = text.rfind("[")
    if not text.endswith("]") or start <= 0 or not re.search(r"\w", text[:start]):
        return block
    before, after, at = [], [], 0
    for t, a in block:
        if at + len(t) <= start:
            before.append((t, a))
        else:
            if at < start:
                before.append((t[:start - at], a))
            after.append((t[max(0, start - at):], a))
        at += len(t)
    links_after = any(a and re.search(r"\w", t) for t, a in after)
    return before if links_after and not any(a for _, a in before) else block


PAGE_BREAK = re.compile(r"(?:^|\s)(?:pagebreak|doc-pagebreak)(?:\s|$)")
PAGE_END_MARK = "-"  # a page's end as the book's footers write it (``- 12``: patterns.classify)


def page_break(attrs: dict) -> int | None:
    """The number of the page an EPUB's page-break marker (``epub:type="pagebreak"``,
    ``role="doc-pagebreak"``) begins, from its title or aria-label (its text is the same
    number, read apart); None for any other element, or a marker with no number.

    >>> page_break({"epub:type": "pagebreak", "title": "203"}), page_break({"role": "doc-pagebreak", "aria-label": "Page 7"})
    (203, 7)
    >>> page_break({"class": "pagebreak-before"}), page_break({"role": "doc-pagebreak", "aria-label": "xii"})
    (None, None)
    """
    if not PAGE_BREAK.search(" ".join(str(attrs.get(k) or "") for k in ("epub:type", "role"))):
        return None
    for key in ("title", "aria-label", "id"):
        m = re.search(r"\d{1,5}", str(attrs.get(key) or ""))
        if m and (key != "id" or not attrs.get("title") and not attrs.get("aria-label")):
            return int(m.group())
    return None




class _PageText(HTMLParser):
    """The text of a saved page as blocks of lines, with links and navigation marked;
    notes (``notes``: (file, id), see ``_NoteScan``) are taken out of the text and their
    references marked."""

    def __init__(self, notes: set[tuple[str, str]] = frozenset(), here: str = "", bullet: str | None = None):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool, str | None]] = []  # (tag, skipped, opens the main text, drop rule)
        self.furniture: list[str] = []  # the drop rule of each open element of furniture
        self.rules: list[str | None] = []  # per block: the rule it would be left out by
        self.prefixes: list[str] = []  # per block: a list item's indentation and bullet
        self.prefix = ""  # the current block's
        self.hangs: list[str] = []  # per block: the indentation of its lines after the first
        self.items: list[int | None] = []  # each open list item's depth (None: no bullet written)
        self.numbering: list[list] = []  # each open list's numbering: [its <ol type>, items so far] ([None, 0]: none)
        self.item_label = ""  # the label the open item's list numbers it with ("(ii) "), written after its bullet
        self.in_item: list[bool] = []  # per block: inside a list item
        self.unlabelled: list[str] = []  # the first lines of list items written with no label nor bullet
        self.bullet = bullet  # a list layout's bullet: list items are written with it, indented by depth
        self.list_depth = 0
        self.list_ids: list[int] = []  # each open list's number, in the order lists open
        self.lists_opened = 0
        self.outer_list: list[int | None] = []  # per block: the outermost list it is in
        self.inner_list: list[int | None] = []  # per block: the innermost list it is in
        self.item_start = False  # the open item has had no text yet
        self.starts_item: list[bool] = []  # per block: an item's first text
        self.glue_cell = False  # the last table cell was a label: the next one goes on its line
        self.row_cells = 0  # the cells of the open table row read so far: a row is one line
        self.cell_end = False  # a row's (or a table's) end tag is being read: the block it flushes ends one
        self.in_cell: list[bool] = []  # per block: a table row's last text
        self.dropped: list[tuple[int, str, str]] = []
        self.skip = 0
        self.pre = 0
        self.link = 0
        self.main_depth = 0
        self.title: list[str] = []
        self.in_title = False
        self.blocks: list[list[tuple[str, bool]]] = []  # block -> [(text, linked)], "\n" breaks lines
        self.current: list[tuple[str, bool]] = []
        self.in_main: list[bool] = []  # per block: inside <main>/<article>
        self.here = here
        self.note_ids = notes
        self.notes: dict[tuple[str, str], str] = {}  # a note's text by (file, id)
        self.capturing: tuple[str, str] | None = None  # the note being read
        self.capture_depth = 0
        self.captured: list[str] = []
        self.block_note: tuple[str, str] | None = None  # an anchor made the current block a note
        self.ref_depth = 0  # inside a note reference: its mark is not text
        self.drop_depth = 0  # inside a note's link back to its reference
        self.all_main = False  # the whole body is the main text (an EPUB chapter)
        self.bold_at: int | None = None  # a bold run opening the current block: where its text starts
        self.sup = 0  # inside <sup>
        self.note_places: list[int] = []  # the depths of the open elements the markup calls a note
        self.noted: list[bool] = []  # per block: inside an element the markup calls a note
        self.block_noted = False  # the current block's text stands in one
        self.raised_seen = 0  # note marks raised with no link so far
        self.line_end = False  # an element of ``LINE_ENDS`` opened or closed since the last block
        self.breaks_before: list[bool] = []  # per block: a paragraph ends before it (``LINE_ENDS``)
        self.preformatted: list[bool] = []  # per block: a <pre>'s, its line breaks the page's own
        self.block_pre = False  # the current block has a <pre>'s text
        self.summary = 0  # inside <summary>
        self.block_summary = False  # the current block has a <summary>'s text
        self.summaries: list[bool] = []  # per block: a <summary>'s label
        self.heading_depth = 0  # inside <h1>…<h6>
        self.bold_depth = 0  # inside <b>, <strong>
        self.marked: list[bool] = []  # per block: all its text set as a heading (<h1>…<h6>) or bold
        self.unmarked = False  # the current block has text neither a heading's nor bold

    def _flush(self):
        self.bold_at = None
        noted, self.block_noted = self.block_noted, False
        if self.block_note is not None:
            self.notes[self.block_note] = "".join(t for t, _ in self.current)
            self.block_note = None
        elif self.current:
            self.blocks.append(self.current)
            self.noted.append(noted)
            self.in_cell.append(self.cell_end)
            self.in_main.append(self.main_depth > 0)
            self.rules.append(self.furniture[-1] if self.furniture else None)
            # a list item's later paragraphs hang under its text, deeper than its bullet; text
            # outside every item is not indented (``Layout.read``: a list's text after its items)
            hang = LIST_INDENT * self.items[-1] + "  " if self.items and self.items[-1] is not None else ""
            label = self.item_label if self.prefix and not TYPED_LABEL.match("".join(t for t, _ in self.current)) else ""
            self.prefixes.append(self.prefix + label if self.prefix else hang)
            self.in_item.append(bool(self.items))
            self.hangs.append(hang)
            self.outer_list.append(self.list_ids[0] if self.list_ids else None)
            self.inner_list.append(self.list_ids[-1] if self.list_ids else None)
            self.starts_item.append(self.item_start and bool(self.items))
            self.breaks_before.append(self.line_end)
            self.preformatted.append(self.block_pre)
            self.summaries.append(self.block_summary)
            self.marked.append(not self.unmarked)
        if "".join(t for t, _ in self.current).strip():
            self.line_end = False  # an empty block between elements ends no line
        self.block_pre = self.block_summary = False
        self.unmarked = False
        blank = not "".join(t for t, _ in self.current).strip()
        self.current = []
        if not blank:  # a list item's bullet waits for its first text: <li><p>…</p></li>, <li><div>…
            self.prefix = self.item_label = ""
            self.item_start = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "br":
            (self.captured if self.capturing else self.current).append(" " if self.capturing else ("\n", False))
            return
        if tag in VOID:
            return
        target = None
        if tag == "a" and attrs.get("href"):
            target = _fragment(attrs["href"], self.here)
        if tag in BOLD and self.capturing is None and not "".join(t for t, _ in self.current).strip():
            self.bold_at = len(self.current)
        self.sup += tag == "sup"
        marks = " ".join(str(v or "") for k, v in attrs.items() if k in ("class", "role", "epub:type"))
        if tag in ("aside", "small") or NOTE_PLACE.search(marks):
            self.note_places.append(len(self.stack) + 1)  # the depth this element opens at
        if self.capturing is not None:
            if tag in BLOCKS:
                self.captured.append(" ")
            self.stack.append((tag, False, False, None))
            self.drop_depth += tag == "a" and target is not None
            return
        ids = [(self.here, i) for i in (attrs.get("id"), attrs.get("name") if tag == "a" else None) if i]
        note = next((i for i in ids if i in self.note_ids), None)
        if note is not None and tag != "a":  # a note's own element: read apart from the text
            if tag in BLOCKS:
                self._flush()
            self.capturing, self.captured = note, []
            self.stack.append((tag, False, False, None))
            self.capture_depth = len(self.stack)
            return
        if note is not None and not attrs.get("href"):  # an anchor: the block it starts is the note
            self.block_note = note
            self.current = []
            self.unmarked = False
        marks = " ".join(str(attrs.get(k) or "") for k in ("class", "id", "role", "epub:type"))
        if not self.skip and (page := page_break(attrs)) is not None:
            # an e-book's page-break marker: the page before it ends here, as a printed
            # page's footer ends it (the page model of pages.py); its number is never text
            self._flush()
            if page > 1:
                self.current = [(f"{PAGE_END_MARK} {page - 1}", False)]
                self._flush()
            self.stack.append((tag, True, False, None))
            self.skip += 1
            return
        rule = (DROP_HIDDEN if hidden(attrs)
                else DROP_NAVIGATION if tag == "nav" or NAVIGATION.search(marks)
                else DROP_ASIDE if tag == "aside" or ASIDE_MARKS.search(marks)
                else DROP_PAGE_PART if (tag in PAGE_PARTS or PAGE_PART_MARKS.search(marks)) and not self.main_depth
                else None)
        if tag == "tr":
            self.row_cells = 0
        if tag in ("td", "th") and (self.glue_cell or self.row_cells and not rule):
            self.glue_cell = False  # "1." | "The Director asks …", "Nod" | "More tea": the row's one line
            self.current.append((" ", False))
        elif tag in BLOCKS or rule:
            self._flush()
        if tag in LINE_ENDS:
            self.line_end = True
        if tag in ("ul", "ol"):
            self.list_depth += 1
            self.lists_opened += 1
            self.list_ids.append(self.lists_opened)
            start = str(attrs.get("start") or "1").strip()
            kind = str(attrs.get("type") or "").strip() if tag == "ol" else ""
            self.numbering.append([kind if kind in LIST_TYPES else None, int(start) - 1 if start.isdigit() else 0])
        elif tag == "li":
            self.item_start = True
            bulleted = bool(self.bullet and self.list_depth)
            self.items.append(self.list_depth if bulleted else None)
            if bulleted:  # indented by its depth, the outermost too: text after the list is not
                self.prefix = LIST_INDENT * self.list_depth + self.bullet + " "
                self.item_label = ""
                if self.numbering:
                    self.numbering[-1][1] += 1
                    kind, n = self.numbering[-1]
                    # an <ol type="i"> numbers its items i, ii, iii: the label the markup alone gives
                    self.item_label = f"({list_number(kind, n)}) " if kind else ""
        # a list of notes is read apart from the text (its notes by their links); after a note
        # mark raised with no link it is read, its items the notes those marks wait for
        skipped = tag in SKIPPED or bool(NOTE_LIST.search(marks)) and not self.raised_seen
        main = tag in ("main", "article") or attrs.get("role") == "main"
        self.stack.append((tag, skipped, main, rule))
        self.heading_depth += tag in HEADINGS
        self.bold_depth += tag in BOLD
        if rule:
            self.furniture.append(rule)
        self.skip += skipped
        self.pre += tag == "pre"
        self.summary += tag == "summary"
        self.row_cells += tag in ("td", "th")
        self.link += tag == "a"
        self.main_depth += main
        if target in self.note_ids and not self.skip:
            self.current.append((NOTE_TEXT + "\t".join(target) + NOTE_TEXT, False))
            self.ref_depth += 1
        if tag == "title":
            self.in_title = True

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not any(t == tag for t, _, _, _ in self.stack):
            return  # a stray end tag
        while self.stack:
            depth = len(self.stack)
            t, skipped, main, rule = self.stack.pop()
            if self.capturing is not None:
                if depth == self.capture_depth:
                    self.notes[self.capturing] = "".join(self.captured)
                    self.capturing = None
                elif t == "a" and self.drop_depth:
                    self.drop_depth -= 1
                if t == tag:
                    break
                continue
            self.skip -= skipped
            if rule:
                self._flush()  # the furniture's own block ends with it
                self.furniture.pop()
            self.list_depth -= t in ("ul", "ol") and self.list_depth > 0
            if t in ("ul", "ol") and self.numbering:
                self.numbering.pop()
            if t in ("ul", "ol") and self.list_ids:
                self.list_ids.pop()
            if t == "li":
                self._flush()
                self.prefix = ""  # an item with no text of its own: its bullet goes no further
                self.item_start = False
                if self.items:
                    self.items.pop()
            self.pre -= t == "pre"
            self.summary -= t == "summary" and self.summary > 0
            if t in ("tr", "table"):
                self.cell_end = True
            self.sup -= t == "sup" and self.sup > 0
            self.heading_depth -= t in HEADINGS and self.heading_depth > 0
            self.bold_depth -= t in BOLD and self.bold_depth > 0
            if self.note_places and self.note_places[-1] == depth:
                self.note_places.pop()
            self.link -= t == "a"
            self.main_depth -= main
            if t == "a" and self.ref_depth:
                self.ref_depth -= 1
            if t == "title":
                self.in_title = False
            if t == tag:
                break
        if tag in BOLD and self.bold_at is not None and self.capturing is None:
            run = " ".join("".join(t for t, _ in self.current[self.bold_at:]).split())
            self.bold_at = None
            if RUN_IN_HEADING.match(run) and len(run.split()) <= RUN_IN_WORDS:
                self.current.append(("\n", False))  # the text after it on a line of its own
        if tag in ("td", "th") and self.capturing is None and LABEL_CELL.match("".join(t for t, _ in self.current)):
            self.glue_cell = True  # a label cell: its row's next cell is its text
            self.cell_end = False
            return
        self.glue_cell = False
        if tag in BLOCKS and not (tag in ("td", "th") and self.row_cells):  # a row's cell: its line goes on
            self._flush() if self.capturing is None else self.captured.append(" ")
        if tag in LINE_ENDS and self.capturing is None:
            self.line_end = True
        self.cell_end = False

    def handle_data(self, data):
        if self.capturing is not None:
            if not (self.drop_depth and (BACK_LINK.match(data) or NOTE_MARK.match(data))):
                self.captured.append(data)
            return
        if self.in_title:
            self.title.append(data)
        if (self.skip or self.ref_depth) and self.block_note is None:
            return
        if not self.pre:
            data = collapse_spaces(data)
        elif data.strip():
            self.block_pre = True
        if self.summary and data.strip():
            self.block_summary = True
        if self.sup and not self.link and (m := RAISED_MARK.match(data)):
            data = RAISED + m.group(1) + RAISED  # a note mark with no link: matched to its note, or put back
            self.raised_seen += 1
        if self.note_places and data.strip():
            self.block_noted = True
        if data.strip() and not (self.heading_depth or self.bold_depth):
            self.unmarked = True
        self.current.append((data, self.link > 0))

    def lines(self, notes: dict[tuple[str, str], str] | None = None) -> list[str]:
        """The page's lines; a paragraph's notes (``notes``: every page's of a book, else
        this page's) follow it in the book's footnote form (patterns.note_body)."""
        self._flush()
        self._raised_notes()
        notes = self.notes if notes is None else notes
        out: list[str] = []
        self.dropped = []
        # a page that marks its main text (<main>, <article>, role="main") has its book there
        marked = any(self.in_main)
        between = self._links_between_text()
        linked_text = self._linked_text()
        under_label = self._under_labelled_sibling()
        self.unlabelled = []

        def dropped_by(n: int) -> str | None:
            """The rule block ``n`` is left out by, None where it is kept."""
            block, rule, text = self.blocks[n], self.rules[n], "".join(t for t, _ in self.blocks[n])
            # a bracketed group of links closing a line of text (a wiki heading's edit links,
            # «B. Очки[править | править код]») is not what the line is: it is left uncounted
            counted = _before_bracketed_links(block)
            letters = sum(len(re.sub(r"\W", "", t)) for t, _ in counted)
            linked = sum(len(re.sub(r"\W", "", t)) for t, a in counted if a)
            if letters and linked / letters > LINKED_SHARE and not (
                    rule is None and (n in between or n in linked_text
                                      or (self.in_main[n] or self.all_main) and law_text(_plain_text(text)))):
                rule = DROP_NAVIGATION  # a row of links: menu, pager, «next», downloads
            elif rule is None and marked and not self.in_main[n]:
                rule = DROP_OUTSIDE_MAIN
            plain = _plain_text(text)
            if rule is None and self.summaries[n] and self.toggle(plain):
                rule = DROP_TOGGLE  # the label of the page's toggle, not the code's words
            if rule is not None and not (rule in KEEPABLE and (self.keeps(plain) or rule == DROP_ASIDE
                                                               and SENTENCE.search(plain))):
                return rule
            return None

        last_kept: int | None = None  # the last block kept as text so far
        kept_lists: set[int] = set()  # the lists an item kept as text so far stands in
        for n, (block, in_main, rule, prefix, hang) in enumerate(zip(self.blocks, self.in_main, self.rules,
                                                                      self.prefixes, self.hangs)):
            text = "".join(t for t, _ in block)
            letters = sum(len(re.sub(r"\W", "", t)) for t, _ in _before_bracketed_links(block))
            rule = dropped_by(n)
            plain = _plain_text(text)
            if rule is None and BOX_HEADING.match(plain) and not OWN_HEADING.search(plain) and NOTE_TEXT not in text:
                rule = self._box_heading(n, plain, last_kept, kept_lists, dropped_by)
            if rule is not None:
                if letters:
                    self.dropped.append((len(out), rule, _plain_text(text)))
                continue
            if letters:
                last_kept = n
                if self.in_item[n] and self.inner_list[n] is not None:
                    kept_lists.add(self.inner_list[n])
            refs: list[str] = []
            if NOTE_TEXT in text:
                text = _mark_notes(text, notes, refs)
            lines = [line.strip() if not self.pre else line.rstrip() for line in text.split("\n")]
            if n in under_label:  # the text of the labelled item before it in its list: no item of its own
                prefix = hang
            if n in between and not prefix and not law_text(plain):
                prefix = LIST_ITEM  # a cited law's name, not its heading: the list item it is
            elif self.in_item[n] and not prefix and lines[0] and not TYPED_LABEL.match(lines[0]) \
                    and n not in under_label:
                self.unlabelled.append(lines[0])  # its level and label were the markup's alone
            lines = [lines[0], *(hang + line if line else line for line in lines[1:])]
            if self.breaks_before[n] and next((line for line in reversed(out) if line == ROW_END or line.strip()),
                                              ROW_END) != ROW_END:
                out.append(ROW_END)
            if self.preformatted[n]:  # each of a <pre>'s lines a line of its own, never a wrapped one
                lines = [part for line in lines for part in ((line, ROW_END) if line.strip() else (line,))]
            out.extend([prefix + lines[0], *lines[1:]] if prefix and lines[0] else lines)
            out.extend(refs)
            if self.in_cell[n] and out and out[-1]:
                # a table row is a line of its own (its cells side by side), never the wrapped
                # start of the next row or of the paragraph after the table: an empty line ends
                # it (``page_lines``)
                out.append(ROW_END)
        return out

    def _box_heading(self, n: int, plain: str, last_kept: int | None, kept_lists: set[int], dropped_by) -> str | None:
        """The rule a short block (``BOX_HEADING``: one to three words, no stop) is left out by as
        the heading of a box of the page's, None where it is the page's text. A box heading is a
        label that opens a box: set as a heading (<h1>…<h6>, bold) or ending in a colon or of
        more than one word («Related», «Notes», «See also:», «Читайте также»), standing before
        a box the reader leaves out (a row or list of links, an aside: that box's rule), or set
        as a heading with nothing after it (a notes file's «Notes», whose notes are read apart).
        A block that goes on with the text before it is never one: it opens with a small letter,
        the text before it ends open (``OPEN_END``: «The keeper brings:», «oars,»), or it is an
        item of a list whose items before it are text (the list's last item, «ropes»); nor is a
        lone word set as plain text (a closing «Approved», «Подпись»). One still left out after
        an open sentence of the text (no stop after its last word) is ``DROP_BOX_HEADING_IN_TEXT``:
        words lost, as the build counts them (``box_heading_losses``)."""
        before = _plain_text("".join(t for t, _ in self.blocks[last_kept])) if last_kept is not None else ""
        heading_before = last_kept is not None and (self.marked[last_kept] or bool(OWN_HEADING.search(before)))
        first = re.search(r"[^\W\d_]", plain)
        if first and first.group().islower() or before and not heading_before and OPEN_END.search(before) \
                or self.in_item[n] and self.inner_list[n] in kept_lists:
            return None  # the text going on: a list's item, a clause's next word
        if not (self.marked[n] or plain.rstrip().endswith(":") or len(plain.split()) > 1):
            return None  # a lone word printed as text, no label
        after = next((k for k in range(n + 1, len(self.blocks)) if "".join(t for t, _ in self.blocks[k]).strip()), None)
        if after is None:
            rule = DROP_BOX_HEADING if self.marked[n] else None
        else:
            rule = after_rule if (after_rule := dropped_by(after)) in BOX_RULES else None
        # after a sentence left open (its last word with no stop), what is left out may be its end
        if rule is not None and before and not heading_before and open_sentence(before):
            return DROP_BOX_HEADING_IN_TEXT
        return rule

    def _raised_notes(self) -> None:
        """Notes with no links: a mark raised in <sup> in the text («журнале<sup>1</sup>») and,
        after it, a block the markup calls a note (``NOTE_PLACE``: class «note», «footnote»,
        a list of footnotes, an <aside>, small print) opening with the same mark («1 Журнал…»)
        become the book's marker and footnote (patterns.NOTE_MARKER, note_body), as an FB2's
        or a DOCX's notes do. A mark no such note follows is put back as it was printed."""
        pending: dict[str, tuple[int, int]] = {}  # mark -> (block, segment) of its latest reference
        for n, block in enumerate(self.blocks):
            text = "".join(t for t, _ in block)
            m = MARKED_NOTE.match(text) if self.noted[n] and RAISED not in text else None
            # or a plain paragraph opening with the same mark raised («<p><sup>1</sup> Журнал…</p>»):
            # the note's own mark printed as its reference's is
            lead = RAISED_LEAD.match(text) if m is None else None
            mark, body = (m["mark"], m["text"]) if m else (lead["mark"], lead["text"]) if lead else (None, None)
            if mark in pending and (m or pending[mark][0] != n):
                j, k = pending.pop(mark)
                t, linked = self.blocks[j][k]
                before, _, after = t.partition(RAISED + mark + RAISED)
                self.blocks[j][k] = (with_marker(before) if before.strip() else NOTE_MARKER) + after, linked
                self.blocks[n] = [(note_body(body), False)]
                continue
            for k, (t, _) in enumerate(block):
                for mark in re.findall(RAISED + r"([^" + RAISED + r"]+)" + RAISED, t):
                    pending[mark] = (n, k)
        for n, block in enumerate(self.blocks):  # a mark no note answered: as printed
            self.blocks[n] = [(re.sub(RAISED + r"([^" + RAISED + r"]*)" + RAISED, r"\1", t), a) for t, a in block]

    def _linked_text(self) -> set[int]:
        """The blocks of links outside furniture that are the page's text: a link whose text is
        a sentence (a clause written as a link to its comments, ``<li><a>The attendant …</a></li>``),
        and, in a list that holds such sentences, an item whose only content is a link reading
        as the code's heading («A. Coats», «Law 90»): what a menu or a pager never is."""
        sentences: set[int] = set()
        whole: set[int] = set()
        for n, (block, rule) in enumerate(zip(self.blocks, self.rules)):
            if rule is not None:
                continue
            letters = sum(len(re.sub(r"\W", "", t)) for t, _ in block)
            linked = sum(len(re.sub(r"\W", "", t)) for t, a in block if a)
            if not letters or linked / letters <= LINKED_SHARE:
                continue
            plain = _plain_text("".join(t for t, _ in block))
            if SENTENCE.search(plain) and not LINK_SEPARATORS.search(plain):
                sentences.add(n)
            elif linked == letters and self.starts_item[n] and OWN_HEADING.search(plain) \
                    and not LINK_SEPARATORS.search(plain):
                whole.add(n)
        lists = {self.outer_list[n] for n in sentences} - {None}
        return sentences | {n for n in whole if self.outer_list[n] in lists}

    def _under_labelled_sibling(self) -> set[int]:
        """The list items with no label typed in them that follow an item with one in the same
        list («A. Coats», then «The attendant accepts …»): the labelled item's text, set out as
        items of their own (a flat list of a section's heading and its sentences), not its
        siblings -- a list layout would number them as the heading's level."""
        labelled: set[int] = set()  # the lists an item with a typed label was seen in
        out: set[int] = set()
        for n, block in enumerate(self.blocks):
            if not self.starts_item[n] or self.inner_list[n] is None:
                continue
            text = "".join(t for t, _ in block).strip()
            if TYPED_LABEL.match(text):
                labelled.add(self.inner_list[n])
            elif self.inner_list[n] in labelled and law_text(_plain_text(text)):
                out.add(n)
        return out

    def _links_between_text(self) -> set[int]:
        """The blocks of links inside the main text that are its own: a run of them with
        the main text's own blocks (not links) before and after it -- a list of the laws a
        section cites, set between its heading and the next -- each reading as words (two
        or more, no arrows or bars between links), not a pager or a row of «next» links."""
        marked = any(self.in_main) or self.all_main
        main = [rule is None and (in_main or self.all_main or not marked)
                for in_main, rule in zip(self.in_main, self.rules)]
        links, texts = [], []
        for block in self.blocks:
            letters = sum(len(re.sub(r"\W", "", t)) for t, _ in block)
            linked = sum(len(re.sub(r"\W", "", t)) for t, a in block if a)
            links.append(bool(letters) and linked / letters > LINKED_SHARE)
            plain = _plain_text("".join(t for t, _ in block))
            # on a page that marks no main text, the blocks around must read as the code's:
            # a clause, a sentence or a labelled heading ("B. Связанные правила")
            texts.append(marked or law_text(plain) or bool(OWN_HEADING.search(plain)))
        found: set[int] = set()
        n = 0
        while n < len(self.blocks):
            if not (main[n] and links[n]):
                n += 1
                continue
            end = n
            while end < len(self.blocks) and main[end] and links[end]:
                end += 1
            text_before = n > 0 and main[n - 1] and not links[n - 1] and texts[n - 1]
            text_after = end < len(self.blocks) and main[end] and not links[end] and texts[end]
            if text_before and text_after:
                for k in range(n, end):
                    plain = _plain_text("".join(t for t, _ in self.blocks[k]))
                    if len(re.findall(r"[^\W\d_]{2,}", plain)) >= 2 and not LINK_SEPARATORS.search(plain):
                        found.add(k)
            n = end
        return found

    @staticmethod
    def keeps(text: str) -> bool:
        """Whether a block of an aside or a page part holds law text (``read_html``)."""
        return False

    @staticmethod
    def toggle(text: str) -> bool:
        """Whether a <summary>'s text is the label of the page's toggle (``read_html``)."""
        return False


# a run of two no-break spaces or more (``&nbsp;&nbsp;&nbsp;``): a gap the page set on purpose
NBSP_GAP = re.compile(r"\s*\xa0\s*\xa0\s*(?:\xa0\s*)*")
GAP = "   "  # kept as a wide gap: a row of links set apart so reads as one (furniture.link_rows)


def collapse_spaces(data: str) -> str:
    r"""A page's text with its runs of white space one space, as a browser shows it, but a
    gap set with no-break spaces a wide gap.

    >>> collapse_spaces("‹ Law 31 \xa0\xa0\xa0 Up \xa0\xa0 Law 33 ›"), collapse_spaces("10\xa0000  cards\n")
    ('‹ Law 31   Up   Law 33 ›', '10 000 cards ')
    """
    return GAP.join(re.sub(r"\s+", " ", part) for part in NBSP_GAP.split(data))


def navigation_losses(dropped: list[tuple[int, str, str]], kept: list[str] = ()) -> list[tuple[int, str, int]]:
    """The blocks a page reader left out as navigation that read as the code's text: a
    sentence, or a label with words after it («B. Galoshes», «2. The attendant …») -- what a
    menu, a pager or a row of «next» links never is; a block whose words a line the page keeps
    (``kept``) holds is none (a page's own contents, «A. Coats» linking to its heading). Each as
    (extracted line, text, its words): words lost in silence otherwise (``sources``: said as
    text in no node).

    >>> navigation_losses([(0, DROP_NAVIGATION, "Home | Laws | FAQ"), (3, DROP_NAVIGATION, "B. Galoshes"),
    ...                    (5, DROP_NAVIGATION, "A stray galosh is kept in the chest."), (6, DROP_ASIDE, "A b c.")])
    [(4, 'B. Galoshes', 2), (6, 'A stray galosh is kept in the chest.', 8)]
    """
    out = []
    kept_text = "\n".join(" ".join(line.split()) for line in kept)
    for at, rule, text in dropped:
        if rule != DROP_NAVIGATION or LINK_SEPARATORS.search(text) or " ".join(text.split()) in kept_text:
            continue
        if SENTENCE.search(text) or CLAUSE_START.match(text) and re.search(r"[^\W\d_]{2,}", text):
            out.append((at + 1, text, len(re.findall(r"\w+", text))))
    return out


def open_sentence(text: str) -> bool:
    """Whether a block's text stops inside a sentence: its last word in small letters with no
    stop after it («… kept by the keeper and»), not a heading's («Billiard Room», «ЛОДОЧНАЯ»).

    >>> open_sentence("kept by the keeper and"), open_sentence("сторожа и"), open_sentence("Billiard Room")
    (True, True, False)
    >>> open_sentence("inspected monthly."), open_sentence("oars,")
    (False, False)
    """
    m = LAST_WORD.search(text)
    return bool(m) and m.group(1)[0].islower()


def box_heading_losses(dropped: list[tuple[int, str, str]]) -> list[tuple[int, str, int]]:
    """The blocks a page reader left out as a box's heading right after an open sentence of the
    text (``DROP_BOX_HEADING_IN_TEXT``): the sentence's last words as likely as a box's label,
    so words lost, said as text in no node (``sources``), as a run of numbers a pager rule
    removed inside the text is (``coverage.numbers_removed``). Each as (extracted line, text,
    its words).

    >>> box_heading_losses([(2, DROP_BOX_HEADING, "Related"), (4, DROP_BOX_HEADING_IN_TEXT, "Ropes")])
    [(5, 'Ropes', 1)]
    """
    return [(at + 1, text, len(re.findall(r"\w+", text))) for at, rule, text in dropped
            if rule == DROP_BOX_HEADING_IN_TEXT]


def law_text(text: str) -> bool:
    """Whether a block of a page's main text that is mostly links reads as law text: a
    numbered clause, or a sentence of two words or more ending as one.

    >>> law_text("2. See Law 14."), law_text("See Law 16 and Law 17."), law_text("‹ Law 31 | Law 33 ›")
    (True, True, False)
    """
    return bool(CLAUSE_START.match(text) or SENTENCE_END.search(text.strip()))


def _plain_text(text: str) -> str:
    """A block's words on one line, a note reference taken out."""
    return " ".join(re.sub(NOTE_TEXT + r"[^" + NOTE_TEXT + r"]*" + NOTE_TEXT, "", text).split())


def _mark_notes(text: str, notes: dict[tuple[str, str], str], bodies: list[str]) -> str:
    """A block's text with each note reference the book's marker (a note with no text
    leaves nothing); the notes' lines join ``bodies``."""
    pieces = text.split(NOTE_TEXT)
    out = pieces[0]
    for k in range(1, len(pieces), 2):
        key = tuple(pieces[k].split("\t", 1))
        body = _note_text(notes.get(key, ""))
        after = pieces[k + 1] if k + 1 < len(pieces) else ""
        if body:
            if out[-1:] in ("[", "(") and after[:1] == {"[": "]", "(": ")"}[out[-1]]:
                out, after = out[:-1], after[1:]  # the brackets around a reference are the reference's
            out = with_marker(out)
            bodies.append(note_body(body))
        out += after
    return out


def _note_text(text: str) -> str:
    """A note's text without its own number at the start (``1.``, ``[1]``, ``*``)."""
    text = " ".join(text.split())
    text = re.sub(r"^(?:[\[(]?(?:\d{1,3}|[*†‡§]{1,3})[\])]?[.:]?\s+(?=\S))", "", text) if text else ""
    # the stop after a number a note's link back to its reference carried («<a>1</a>. Tokens …»)
    return re.sub(r"^[.:)\]]+\s+(?=\S)", "", text)


def page_title_parts(title: str) -> set[str]:
    """The pieces of a page's <title> between separators: a line of the body equal to one
    is the site's or the book's name printed again, not text.

    >>> sorted(page_title_parts("Законы бриджа | Книжный двор «Три ольхи»"))
    ['Законы бриджа', 'Книжный двор «Три ольхи»']
    """
    return {p.strip() for p in re.split(r"\s(?:[|—–·:-]|::)\s|\s[|·]|[|·]\s", title) if p.strip()}


def _parsed(text: str, notes: set[tuple[str, str]], here: str = "", keeps=None, bullet: str | None = None,
            all_main: bool = False, toggle=None) -> _PageText:
    parser = _PageText(notes, here, bullet)
    parser.all_main = all_main
    if keeps is not None:
        parser.keeps = keeps
    if toggle is not None:
        parser.toggle = toggle
    parser.feed(text)
    parser.close()
    return parser


FRAGMENT_LINK = re.compile(r"""href\s*=\s*["']?[^"'>\s#]*#([^"'>\s]+)""", re.I)
ELEMENT_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']?([^"'>\s]+)""", re.I)


def _scanned(text: str, here: str = "", wanted: set[str] | None = None) -> _NoteScan:
    """``_NoteScan`` of a page. A page with no element a link points to, and no link to
    one (``wanted``: the ids both linked to and present in the book, else in this page),
    is not parsed again: most pages, and the scan is a second parse."""
    scan = _NoteScan(here)
    links, ids = set(FRAGMENT_LINK.findall(text)), set(ELEMENT_ID.findall(text))
    wanted = links & ids if wanted is None else wanted
    if (links | ids) & wanted:
        scan.feed(text)
        scan.close()
    return scan


def page_lines(parser: _PageText, site: bool = True, notes: dict | None = None) -> list[str]:
    """``html_lines`` of a parsed page (``notes``: a book's notes, from every page)."""
    title = page_title_parts(" ".join(" ".join(parser.title).split())) if site else set()
    # a short line equal to a piece of a web page's <title> is the site's or the book's
    # name printed again; one with a number or a label is the page's own heading
    # ("Правило 28", "B.Недавание"), and a long one a paragraph that gave the page its
    # title: they stay
    lines = parser.lines(notes)
    before = {}  # the dropped blocks by the line they stood before, renumbered as lines go
    for at, rule, text in parser.dropped:
        before.setdefault(at, []).append((rule, text))
    out, dropped = [], []
    for n, line in enumerate(lines + [None]):
        dropped += [(len(out), rule, text) for rule, text in before.get(n, [])]
        if line == ROW_END:
            if out and out[-1]:
                out.append("")
            continue
        if line is None or not line.strip():
            continue
        if _bare_name(line) in title and not OWN_HEADING.search(line) and len(line.split()) <= SITE_NAME_WORDS:
            dropped.append((len(out), DROP_SITE_NAME, line.strip()))
            continue
        out.append(line)
    parser.dropped = dropped
    return out


def html_lines(text: str, site: bool = True) -> list[str]:
    """The book's text of a saved web page, one line per paragraph or line break; menus,
    link rows, headers and footers of the page left out; a footnote's text after the
    paragraph that refers to it, in the book's footnote form.

    >>> html_lines('<div class="menu"><a href="/">Home</a></div><p>Law 1. Cards<br>Text</p>')
    ['Law 1. Cards', 'Text']
    >>> html_lines('<p>Text<sup><a href="#n1">1</a></sup> goes on.</p><ol class="footnotes"><li id="n1">A note.</li></ol>')
    ['Text(*) goes on.', '(*) - A note.']
    """
    return page_lines(_parsed(text, note_targets([_scanned(text)])), site)


def _bare_name(line: str) -> str:
    """A line as a site's name in its <title> compares: without «©» and years.

    >>> _bare_name("© 2009–2011 Читальня «Склон»")
    'Читальня «Склон»'
    """
    return re.sub(r"^(?:©|\(c\)|copyright)?\s*(?:\d{4}(?:\s*[-–—]\s*\d{4})?)?\s*", "", line.strip(), flags=re.I).strip()


def _html_charset(data: bytes) -> str | None:
    """The encoding a page or an XML file declares in its first 4 KB, or None."""
    head = data[:4096].decode("ascii", "replace")
    m = re.search(r"""charset\s*=\s*["']?([-\w]+)""", head, re.I) or re.search(r"""encoding\s*=\s*["']([-\w]+)""", head)
    return m.group(1).lower().replace("windows-", "cp") if m else None


def _decode_markup(data: bytes, name: str, detect=None, warnings: list[str] | None = None) -> tuple[str, str]:
    """A web page's or an XML file's text in the encoding it declares; with none, UTF-8,
    else what ``detect(data)`` finds (a page saved from an old site in cp1251 without
    saying so). A page whose bytes are not the encoding it declares is read in the one
    ``detect`` finds, with a warning in ``warnings`` (as an FB2's is): a page saved by a
    browser keeps its old declaration over bytes it wrote in another."""
    declared = "utf-8" if data.startswith(b"\xef\xbb\xbf") else _html_charset(data)
    if declared is None and detect is not None:
        try:
            return data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            return detect(data)
    charset = declared or "utf-8"
    try:
        return data.decode("utf-8-sig" if charset in ("utf-8", "utf8") else charset), charset
    except LookupError:
        raise CorpusError(Problem("error", f"it declares the unknown encoding {charset!r}", name)) from None
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        if detect is not None and warnings is not None:
            try:
                text, found = detect(data, "auto")
            except CorpusError:
                pass
            else:
                warnings.append(f"the page declares {charset}, but its bytes are not {charset} (byte {data[e.start]:#04x} "
                                f"on line {line}): they are {found} (detected), and are read so -- to state it, set "
                                f"encoding = \"{found}\" in its [[source]] entry of manifest.toml (the file itself stays "
                                "as received)")
                return text, found
        raise CorpusError(Problem("error", f"it declares {charset}, but byte {data[e.start]:#04x} is not valid {charset}, "
                                  "and no other encoding read here was detected in its bytes; save it in the encoding "
                                  "it declares", name, line)) from None


def read_html(data: bytes, name: str, detect=None, keeps=None, bullet: str | None = None,
              declared: bool = False, toggle=None) -> Document:
    """A saved web page (``html_lines``). ``keeps(text)``: whether a block of an aside or a
    page part holds law text, and stays (the corpus's profile says: a citation of its code);
    ``bullet``: the bullet a list layout reads, so a list item (<li>) is a line with the
    bullet, indented by its depth -- the levels come from the nesting, the labels from the
    layout's alphabets. ``toggle(text)``: whether a <summary>'s text is the label of the page's
    toggle ("More", «Подробнее»: the profile's furniture words), left out as ``page_toggle``;
    any other summary is text, a line of its own. Every block left out is in ``Document.dropped``. ``declared``: the
    manifest names the encoding (``detect`` decodes in it), over the page's own declaration."""
    warnings: list[str] = []
    if declared and detect is not None:  # the manifest names the encoding: it overrides the page's own
        text, encoding = detect(data)
    else:
        text, encoding = _decode_markup(data, name, detect, warnings)
    parser = _parsed(text, note_targets([_scanned(text)]), keeps=keeps, bullet=bullet, toggle=toggle)
    lines = page_lines(parser)
    return Document(lines, _paragraphs(lines), encoding, "html",
                    dropped=parser.dropped, warnings=warnings, unlabelled=parser.unlabelled)


def _paragraphs(lines: list[str]) -> list[str]:
    """Each line's place in a page: "paragraph N", counting the page's paragraphs (the empty
    line ending a table row is none: its place is empty)."""
    out, n = [], 0
    for line in lines:
        n += bool(line)
        out.append(f"paragraph {n}" if line else "")
    return out


def read_mhtml(data: bytes, name: str, detect=None, keeps=None, bullet: str | None = None,
               toggle=None) -> Document:
    """A page saved as a web archive (.mhtml, .mht: a MIME message): its first text/html
    part, its transfer encoding (quoted-printable, base64) undone, read as a saved page is;
    its charset, when the part's header names one, is the page's."""
    import email
    import email.policy

    message = email.message_from_bytes(data, policy=email.policy.compat32)
    part = next((p for p in message.walk() if p.get_content_type() in ("text/html", "application/xhtml+xml")), None)
    if part is None:
        raise CorpusError(Problem("error", "it is a web archive (MHTML) with no HTML page in it; open it in a "
                                  "browser and save the page as HTML", name))
    page = part.get_payload(decode=True) or b""
    charset = part.get_content_charset()
    if charset and _html_charset(page) is None:
        try:
            page = page.decode(charset).encode("utf-8")
        except (LookupError, UnicodeDecodeError):
            pass  # the page's own bytes, read as any page is
    doc = read_html(page, name, detect, keeps, bullet, toggle=toggle)
    doc.format = "mhtml"
    return doc


# -- FictionBook ---------------------------------------------------------------------------

def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _xml_text(element) -> str:
    """An element's text with inner tags run together (emphasis, links), whitespace one."""
    return " ".join("".join(element.itertext()).split())


def _href(element) -> str:
    """A link's target (FB2 writes it ``l:href``, any prefix bound to XLink)."""
    return next((v for k, v in element.attrib.items() if _local(k) == "href"), "")


def _fb2_notes(bodies) -> dict[str, tuple[str, str]]:
    """The notes of an FB2 book: each section with an id in a named body after the main one
    (``<body name="notes">``), by id, as (text without its title, place)."""
    notes = {}
    for b, body in enumerate(bodies[1:], 2):
        if not body.get("name"):
            continue
        for n, section in enumerate((e for e in body.iter() if _local(e.tag) == "section"), 1):
            if section.get("id"):
                text = " ".join(_xml_text(e) for e in section if _local(e.tag) in ("p", "v", "subtitle", "cite", "poem"))
                if text.strip():
                    notes[section.get("id")] = (text, f"{body.get('name')}, section {n}")
    return notes


def _fb2_paragraph(element, notes: dict, refs: list[str]) -> str:
    """A paragraph's text with inner tags run together; a link to a note becomes the book's
    marker (its id joins ``refs``)."""
    out = element.text or ""
    for child in element:
        target = _href(child).lstrip("#") if _local(child.tag) == "a" else ""
        if target in notes:
            out = with_marker(out)
            refs.append(target)
        else:
            out += _fb2_paragraph(child, notes, refs)
        out += child.tail or ""
    return out


def _fb2_book_title(root) -> list[str]:
    """The words (lower case) of the book's title its description gives
    (``<description><title-info><book-title>``); empty without one."""
    for element in root.iter():
        if _local(element.tag) == "book-title":
            return re.findall(r"\w+", "".join(element.itertext()).casefold())
    return []


TITLE_PAGE_WORDS = 8  # a title page's line under the book's title (an edition, a year) is short


def _fb2_title_page(title, book_title: list[str]) -> list[str]:
    """The lines of the main body's own <title> when it is the book's title page: its first
    paragraph names the book the description names (``book_title``'s words), and every
    paragraph after it is a short line with no number but a year (``Издание второе``,
    ``Second edition, 1987``) -- never a law's heading. Empty otherwise."""
    paragraphs = [" ".join(" ".join(p.itertext()).split()) for p in title if _local(p.tag) == "p"]
    paragraphs = [p for p in paragraphs if p] or [" ".join(" ".join(title.itertext()).split())]
    if not book_title or re.findall(r"\w+", paragraphs[0].casefold()) != book_title:
        return []
    for line in paragraphs[1:]:
        numbers = re.findall(r"\d+", line)
        if len(line.split()) > TITLE_PAGE_WORDS or any(len(n) != 4 for n in numbers) or line.rstrip().endswith("."):
            return []
    return paragraphs


def _fb2_lines(root) -> tuple[list[str], list[str], list[tuple[int, str, str]], set[int]]:
    """Every paragraph, title and subtitle of an FB2 book in reading order. A note of the
    notes body becomes the book's footnote: its marker where the link to it is, its text
    after that paragraph; a note nothing links to comes at the end, as an endnote. The main
    body's own title, where it names the book the description names, is the book's title
    page, not its text: left out (``DROP_BOOK_TITLE``, counted), as a saved page's site name is.
    Returns the lines, their places, what was left out and the lines of an epigraph, a
    citation, a poem or a text's author (``Document.content``)."""
    lines, places = [], []
    content: set[int] = set()
    dropped: list[tuple[int, str, str]] = []
    book_title = _fb2_book_title(root)
    bodies = [b for b in root if _local(b.tag) == "body"]
    notes = _fb2_notes(bodies)
    placed: set[str] = set()

    def add_notes(refs):
        for ref in refs:
            if ref not in placed:
                placed.add(ref)
                lines.append(note_body(notes[ref][0]))
                places.append(notes[ref][1])

    for b, body in enumerate(bodies, 1):
        section = 0
        paragraph = 0
        notes_body = b > 1 and body.get("name")

        def walk(element, quoted: bool = False):
            nonlocal section, paragraph
            for child in element:
                tag = _local(child.tag)
                if tag == "section":
                    section += 1
                    paragraph = 0
                    if not (notes_body and child.get("id") in notes):
                        walk(child)
                elif tag in ("p", "subtitle", "v", "text-author"):
                    refs: list[str] = []
                    text = " ".join(_fb2_paragraph(child, notes, refs).split())
                    paragraph += 1
                    if text:
                        # the notes body by its name; another extra body by its number
                        name = body.get("name") or (f"body {b}" if b > 1 else "")
                        where = f"{name}, " if name else ""
                        if quoted or tag == "text-author":
                            content.add(len(lines))
                        lines.append(text)
                        places.append(f"{where}section {section}, paragraph {paragraph}")
                    add_notes(refs)
                elif tag in ("title", "epigraph", "poem", "stanza", "cite"):
                    if tag == "title" and element is body and b == 1 and (page := _fb2_title_page(child, book_title)):
                        dropped.extend((len(lines), DROP_BOOK_TITLE, text) for text in page)
                    elif not (notes_body and element is body and tag == "title"):  # the notes body's own title
                        walk(child, quoted or tag != "title")
                elif tag == "empty-line":
                    continue

        walk(body)
    add_notes(list(notes))
    return lines, places, dropped, content


XML_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([-\w.:]+)["']""")


def read_fb2(data: bytes, name: str, decode_text=None, declared: bool = False) -> Document:
    """FictionBook 2: XML with <body><section><title><p>…; its encoding is in the XML
    declaration (cp1251 is common in old e-library copies; none declared is UTF-8).

    ``decode_text(data, encoding=None)`` (sources.decode with the manifest's entry) checks
    that declaration: bytes that do not read as it -- undecodable, or mojibake while another
    encoding reads right -- are read in the encoding detected, with a warning naming both
    and how to state it. ``declared``: the manifest names the encoding, which is then read
    (the file's own declaration is known wrong: no warning)."""
    from .schema import ENCODINGS

    m = XML_ENCODING.match(data[:300])
    said = m[1].decode("ascii").lower() if m else None
    codec = ENCODINGS.get(said or "utf-8")
    warnings = []
    if decode_text is None:
        root = _fb2_root(data, warnings)  # the XML declaration's encoding is honoured
        encoding = said or "utf-8"
    elif declared:
        text, encoding = decode_text(data)  # the manifest's encoding, checked against the text
        root = _fb2_root(_undeclared(text), warnings)
    else:
        try:
            if codec is None:
                raise CorpusError(Problem("error", f"{said} is none of the encodings read here", name))
            decode_text(data, codec)  # raises when the bytes do not read as declared
            root = _fb2_root(data, warnings)
            encoding = said or "utf-8"
        except CorpusError:
            what = f'declares encoding="{said}" in its XML declaration' if said else \
                "declares no encoding in its XML declaration (so UTF-8)"
            try:
                text, encoding = decode_text(data, "auto")
            except CorpusError as e:
                raise CorpusError(Problem("error", f"the FB2 {what}, but its bytes do not read as {said or 'utf-8'}, "
                                          "and no other encoding read here (UTF-8, cp1251, cp866, KOI8-R) was detected "
                                          "in them; name the one it is in with encoding = \"…\" in its [[source]] "
                                          "entry of manifest.toml", name)) from e
            warnings.append(f"the FB2 {what}, but its bytes are not {said or 'utf-8'}: they are {encoding} (detected), "
                            f"and are read so -- to state it, set encoding = \"{encoding}\" in its [[source]] entry of "
                            "manifest.toml (the file itself stays as received)")
            root = _fb2_root(_undeclared(text), warnings)
    if _local(root.tag) != "FictionBook":
        raise CorpusError(Problem("error", "it is XML but not a FictionBook (.fb2) book", name))
    lines, places, dropped, content = _fb2_lines(root)
    return Document(lines, places, encoding, "fb2", dropped=dropped, warnings=warnings, content=content)


def _fb2_root(xml: bytes | str, warnings: list[str]):
    """The parsed XML of an FB2 book; a book cut short (a download that stopped: its XML
    ends inside an element) is read as far as it is well-formed -- the part of a tag it
    stops in dropped, the elements still open closed -- with a warning naming the line it
    stops at. Any other fault of the XML is raised as it is (``_read_as`` names its line)."""
    try:
        return ElementTree.fromstring(xml)
    except ElementTree.ParseError as e:
        error = e
    closed = _closed_at_cut(xml)
    if closed is None or error.position[0] < _line_count(xml):
        raise error  # damaged inside, not cut short at the end
    try:
        root = ElementTree.fromstring(closed)
    except ElementTree.ParseError:
        raise error from None
    warnings.append(f"the FB2 is cut short: its XML stops at line {error.position[0]} inside the book, before its "
                    "end; it is read as far as it goes, and what followed is not in the file (get the whole file again)")
    return root


def _line_count(xml: bytes | str) -> int:
    return xml.count(b"\n" if isinstance(xml, bytes) else "\n") + 1


FB2_TAG = re.compile(r"<(/?)([A-Za-z_][\w:.-]*)(?:\s[^<>]*?)?(/?)>|<!--.*?-->|<\?.*?\?>|<!\[CDATA\[.*?\]\]>", re.S)
FB2_TAG_BYTES = re.compile(FB2_TAG.pattern.encode("ascii"), re.S)


def _closed_at_cut(xml: bytes | str) -> bytes | str | None:
    """``xml`` cut short, up to its last whole tag, with the elements still open there
    closed (``<a><b>text`` → ``<a><b>text</b></a>``), or None when no element is open."""
    tags = FB2_TAG_BYTES if isinstance(xml, bytes) else FB2_TAG
    stack: list = []
    end = 0
    for m in tags.finditer(xml):
        end = m.end()
        if m[2] is None:
            continue  # a comment, a processing instruction, CDATA
        if m[1]:
            if stack and stack[-1] == m[2]:
                stack.pop()
        elif not m[3]:
            stack.append(m[2])
    if not stack:
        return None
    head = xml[:end]
    rest = xml[end:]
    cut = rest.find(b"<" if isinstance(xml, bytes) else "<")
    head += rest if cut < 0 else rest[:cut]  # the text after the last tag, up to a tag it stops in
    close = "".join(f"</{t.decode('ascii') if isinstance(t, bytes) else t}>" for t in reversed(stack))
    return head + (close.encode("ascii") if isinstance(xml, bytes) else close)


def _undeclared(text: str) -> str:
    """Decoded XML without the encoding its declaration names (a str is parsed as it is)."""
    return re.sub(r"""^(\s*<\?xml[^>]*?)\sencoding\s*=\s*["'][-\w.:]+["']""", r"\1", text, count=1)


def read_fb2_zip(data: bytes, name: str, decode_text=None, declared: bool = False) -> Document:
    """A zipped FB2 (the usual e-library download): the one .fb2 inside."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        inner = [n for n in z.namelist() if n.lower().endswith(".fb2")]
        if len(inner) != 1:
            raise CorpusError(Problem("error", f"the archive holds {len(inner)} .fb2 files, not one; unzip it and "
                                      "add the book's .fb2", name))
        doc = read_fb2(z.read(inner[0]), name, decode_text, declared)
    doc.format = "fb2.zip"
    return doc


# -- EPUB ----------------------------------------------------------------------------------

def read_epub(data: bytes, name: str) -> Document:
    """An EPUB: the XHTML files of its spine (reading order), as saved pages are read; a
    footnote or an endnote (in the chapter or in a notes file) follows the paragraph that
    refers to it, in the book's footnote form."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        container = ElementTree.fromstring(z.read("META-INF/container.xml"))
        opf_path = next(e.get("full-path") for e in container.iter() if _local(e.tag) == "rootfile")
        opf = ElementTree.fromstring(z.read(opf_path))
        base = PurePosixPath(opf_path).parent
        items = {e.get("id"): e.get("href") for e in opf.iter() if _local(e.tag) == "item"}
        spine = [e.get("idref") for e in opf.iter() if _local(e.tag) == "itemref"]
        pages = [(items[idref], _decode_markup(z.read(str(base / items[idref]) if str(base) != "." else items[idref]),
                                               name)[0]) for idref in spine]
    linked = {link for _, text in pages for link in FRAGMENT_LINK.findall(text)}
    wanted = linked & {id_ for _, text in pages for id_ in ELEMENT_ID.findall(text)}
    notes = note_targets([_scanned(text, href, wanted) for href, text in pages])
    # a chapter's body is the book's text, as a page's <main> is
    parsed = [(href, _parsed(text, notes, href, all_main=True)) for href, text in pages]
    texts = {key: text for _, parser in parsed for key, text in parser.notes.items()}
    lines, places, dropped = [], [], []
    for href, parser in parsed:
        chapter = page_lines(parser, site=False, notes=texts)  # a chapter's <title> is its own
        dropped += [(len(lines) + at, rule, text) for at, rule, text in parser.dropped]
        for p, line in enumerate(chapter, 1):
            lines.append(line)
            places.append(f"{href}, paragraph {p}")
    return Document(lines, places, "utf-8", "epub", dropped=dropped)


# -- DOCX ----------------------------------------------------------------------------------

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _docx_paragraph(p, refs: list[tuple[str, str]] | None = None, known=frozenset()) -> list[str]:
    """A Word paragraph's text; a manual line break (<w:br/>) starts another line, and so
    does the text after a bold run that opens the paragraph with a part's label and a few
    words (a run-in heading, ``RUN_IN_HEADING``: «A. Forge.» then the clause's text). A
    reference to a footnote or an endnote with text (``known``: (part, id)) becomes the
    book's marker, and (part, id) joins ``refs``."""
    parts: list[str] = [""]
    bold, lead = False, True  # the run is bold; the paragraph so far holds only bold text
    for e in p.iter():
        tag = e.tag
        if tag == W + "r":
            b = e.find(f"{W}rPr/{W}b")
            bold = b is not None and b.get(W + "val") not in ("0", "false")
        elif tag == W + "t" and lead and not bold and (e.text or "").strip():
            lead = False
            run = " ".join(parts[-1].split())
            if len(parts) == 1 and RUN_IN_HEADING.match(run) and len(run.split()) <= RUN_IN_WORDS:
                # a bold run-in heading («A. Forge.» then its text): a line of its own, without
                # the stop that ran it into the text («A. Forge»)
                parts[-1] = re.sub(r"\s*[.:]\s*$", "", parts[-1]) if len(run.split()) > 1 else parts[-1]
                parts.append("")
        if tag == W + "t":
            parts[-1] += e.text or ""
        elif tag == W + "tab":
            parts[-1] += " "
        elif tag == W + "br" and e.get(W + "type") != "page":
            parts.append("")
        elif tag == W + "softHyphen":
            continue
        elif tag == W + "noBreakHyphen":
            parts[-1] += "-"
        elif tag in (W + "footnoteReference", W + "endnoteReference") and refs is not None:
            ref = (tag[len(W):-len("Reference")], e.get(W + "id"))
            if ref in known:
                parts[-1] = with_marker(parts[-1])
                refs.append(ref)
    return parts


def _docx_notes(z: zipfile.ZipFile) -> dict[tuple[str, str], str]:
    """The footnotes' and endnotes' text by (part, id): ("footnote", "1") → "…"."""
    notes = {}
    for part in ("footnote", "endnote"):
        if f"word/{part}s.xml" not in z.namelist():
            continue
        for note in ElementTree.fromstring(z.read(f"word/{part}s.xml")).iter(W + part):
            if note.get(W + "type") in ("separator", "continuationSeparator", "continuationNotice"):
                continue
            text = " ".join(" ".join(_docx_paragraph(p)) for p in note.iter(W + "p")).strip()
            if text:
                notes[(part, note.get(W + "id"))] = text
    return notes


def read_docx(data: bytes, name: str) -> Document:
    """A .docx: the paragraphs of word/document.xml (tables cell by cell); a footnote or an
    endnote becomes the book's footnote, its marker where the reference is and its text
    after that paragraph (a note no paragraph refers to comes at the end). Page headers
    and footers live in their own parts and are not read."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        body = ElementTree.fromstring(z.read("word/document.xml"))
        notes = _docx_notes(z)
    lines, places = [], []
    placed_notes: set[tuple[str, str]] = set()

    def add_notes(refs):
        for ref in refs:
            if ref in notes and ref not in placed_notes:
                placed_notes.add(ref)
                lines.append(note_body(notes[ref]))
                places.append(f"{ref[0]} {ref[1]}")

    for n, p in enumerate(body.iter(W + "p"), 1):
        refs: list[tuple[str, str]] = []
        for part in _docx_paragraph(p, refs, notes):
            if part.strip():
                lines.append(part)
                places.append(f"paragraph {n}")
        add_notes(refs)
    add_notes(list(notes))
    return Document(lines, places, "utf-8", "docx")


# -- RTF -----------------------------------------------------------------------------------

RTF_TOKEN = re.compile(rb"\\([a-zA-Z]+)(-?\d+)? ?|\\'([0-9a-fA-F]{2})|\\(.)|([{}])|([^\\{}\r\n]+)|[\r\n]+", re.S)
# Groups that hold no text of the document (fonts, styles, document info, pictures, page
# headers and footers: the running heads of the printed page).
RTF_SKIP = {"fonttbl", "colortbl", "stylesheet", "info", "pict", "header", "headerl", "headerr", "headerf",
            "footer", "footerl", "footerr", "footerf", "listtable", "listoverridetable", "rsidtbl",
            "generator", "themedata", "colorschememapping", "latentstyles", "datastore", "xmlnstbl",
            "fldinst", "object", "bkmkstart", "bkmkend"}


# the end of a file cut inside an escape: ``\'e`` (one hex digit of two), ``\'``, a lone ``\``,
# a ``\u108`` whose character's code (and the replacement after it) is cut
RTF_CUT_ESCAPE = re.compile(rb"\\(?:'[0-9a-fA-F]?|u-?\d*)?\s*\Z")


def rtf_text(data: bytes) -> tuple[str, str]:
    """The text of an RTF document and its code page (``\\ansicpg1251``); ``rtf_read``
    also says how many groups the file leaves open. A footnote
    (``{\\footnote …}``, written where its reference is) becomes the book's marker there
    and its text a line of the book's footnote form after the paragraph.

    >>> rtf_text(rb"{\\rtf1\\ansi\\ansicpg1251 {\\fonttbl{\\f0 Arial;}}\\'cf\\'f0\\'e0\\'e2\\'e8\\'eb\\'ee 1.\\par}")[0]
    'Правило 1.\\n'
    """
    text, codepage, _ = rtf_read(data)
    return text, codepage


def rtf_read(data: bytes) -> tuple[str, str, int]:
    """``rtf_text``'s text and code page, and the number of groups still open at the end
    of the data: 0 for a whole file, more for one cut short (its closing braces are lost)."""
    m = re.search(rb"\\ansicpg(\d+)", data[:2000])
    codepage = f"cp{m.group(1).decode()}" if m else "cp1252"
    data = RTF_CUT_ESCAPE.sub(b"", data)  # a file cut inside a \'hh escape: the half of it is no text
    out: list[str] = []
    pending = bytearray()  # \'hh bytes, decoded together (a multi-byte code page)
    stack: list[tuple[bool, int]] = []
    skip, uc, to_skip = False, 1, 0
    first_in_group = False
    cur = out  # where text goes: the document, or the footnote being read
    note_depth = 0  # the group depth of that footnote
    notes: list[str] = []  # footnotes read in the current paragraph

    def flush():
        if pending:
            cur.append(pending.decode(codepage, "replace"))
            pending.clear()

    for m in RTF_TOKEN.finditer(data):
        word, arg, hexbyte, symbol, brace, text = m.groups()
        if brace == b"{":
            flush()
            stack.append((skip, uc))
            first_in_group = True
            continue
        if brace == b"}":
            flush()
            skip, uc = stack.pop() if stack else (False, 1)
            if cur is not out and len(stack) < note_depth:  # the footnote's group ends
                note = " ".join("".join(cur).split())
                cur = out
                if note:
                    while out and not out[-1].strip() and out[-1] != "\n":
                        out.pop()
                    out.append(with_marker(out.pop() if out and out[-1] != "\n" else ""))
                    notes.append(note)
            continue
        starts_group, first_in_group = first_in_group, False
        if to_skip and (hexbyte or text):
            if text:
                dropped = min(to_skip, len(text))
                to_skip -= dropped
                text = text[dropped:]
                if not text:
                    continue
            else:
                to_skip -= 1
                continue
        if word is not None:
            w = word.decode()
            if w in RTF_SKIP and starts_group or (symbol == b"*"):
                skip = True
            if skip:
                continue
            if w == "footnote" and starts_group and cur is out:
                flush()
                cur, note_depth = [], len(stack)
                continue
            if w in ("par", "line", "sect", "page", "row"):
                flush()
                cur.append("\n")
                if cur is out and notes:
                    out.extend(note_body(note) + "\n" for note in notes)
                    notes.clear()
            elif w in ("tab", "cell"):
                flush()
                cur.append(" ")
            elif w == "uc":
                uc = int(arg or 1)
            elif w == "u":
                flush()
                cur.append(chr(int(arg) % 65536))
                to_skip = uc
            elif w in ("emdash", "endash"):
                cur.append("—" if w == "emdash" else "–")
            elif w in ("lquote", "rquote"):
                cur.append("’")
            elif w == "ldblquote":
                cur.append("“")
            elif w == "rdblquote":
                cur.append("”")
            continue
        if symbol is not None:
            if symbol == b"*":
                skip = True
            elif not skip and symbol in (b"\\", b"{", b"}"):
                flush()
                cur.append(symbol.decode())
            elif not skip and symbol == b"~":
                cur.append("\u00a0")
            elif not skip and symbol == b"-":
                pass  # an optional hyphen
            elif not skip and symbol == b"_":
                cur.append("-")
            continue
        if skip:
            continue
        if hexbyte is not None:
            pending.append(int(hexbyte, 16))
        elif text:
            flush()
            cur.append(text.decode(codepage, "replace"))
    flush()
    if cur is not out:  # the file ends inside a footnote: its text is kept, as a note
        note = " ".join("".join(cur).split())
        if note:
            out.append(with_marker(out.pop() if out and out[-1] != "\n" else ""))
            notes.append(note)
    if notes:
        out.extend("\n" + note_body(note) for note in notes)
    return "".join(out), codepage, len(stack)


def read_rtf(data: bytes, name: str) -> Document:
    if not data.lstrip().startswith(b"{\\rtf"):
        raise CorpusError(Problem("error", "it is not RTF (it does not start with {\\rtf)", name))
    text, codepage, open_groups = rtf_read(data)
    lines, places = [], []
    for n, line in enumerate(split_lines(text), 1):
        if line.strip():
            lines.append(line.strip())
            places.append(f"paragraph {n}")
    warnings = []
    if open_groups:  # every group an RTF opens it closes: the document's own ends the file
        where = f" (the last text read: paragraph {places[-1].split()[-1]})" if places else ""
        warnings.append(f"the RTF file looks truncated: it ends inside {open_groups} open group"
                        f"{'' if open_groups == 1 else 's'} (its closing braces are missing), so its end is lost; "
                        f"the text up to there is kept{where} -- check the file against its original")
    return Document(lines, places, codepage, "rtf", warnings=warnings, truncated=bool(open_groups))


# -- PDF -----------------------------------------------------------------------------------

LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st",
             "\ufb06": "st"}
SOFT_HYPHEN = "\u00ad"


def undo_ligatures(text: str) -> str:
    """Typographic ligatures as the letters they join: ``"ﬁrst"`` → ``"first"``."""
    return text.translate(str.maketrans(LIGATURES))


def read_pdf(data: bytes, name: str) -> Document:
    """A PDF's text layer, page by page, columns read one after another (pdfminer.six's
    layout analysis; docs/decisions.md says why this library). Soft hyphens at a line end
    join the word; ligatures become letters. Running heads, page numbers and the like are
    left for lawsearch/furniture.py, which finds them by repetition across pages."""
    try:
        from pdfminer.layout import LAParams, LTTextContainer
        from pdfminer.pdfparser import PDFSyntaxError
        from pdfminer.pdfdocument import PDFEncryptionError
    except ImportError:  # pragma: no cover - a runtime dependency
        raise CorpusError(Problem("error", "reading PDF needs pdfminer.six (pip install pdfminer.six)", name)) from None
    lines, places = [], []
    pages = 0
    heads: list[tuple[int, str]] = []  # each page's running head: (its line's index, text)
    block: set[int] = set()  # lines standing inside their page's text block, not in its margin band
    tops: list[tuple[int, str]] = []  # a page's top line set small, standing apart, with no number beside it
    try:
        for number, page in enumerate(_pdf_pages(data, LAParams()), 1):
            pages += 1
            text_lines = [line for box in page if isinstance(box, LTTextContainer)
                          for line in (box if hasattr(box, "__iter__") else [box]) if hasattr(line, "get_text")]
            head, numbered = page_head(text_lines)
            for box in (head if isinstance(head, list) else [] if head is None else [head]):
                (heads if numbered else tops).append((len(lines), " ".join(box.get_text().split())))
                text_lines = [line for line in text_lines if line is not box]
            margin = {_margin_key(line.get_text()) for line in margin_band(text_lines)}
            for text in page_notes(reading_order(text_lines, page.width)):
                inside = bool(text_lines) and _margin_key(text) not in margin
                for line in text.splitlines():
                    line = undo_ligatures(line).rstrip()
                    if lines and places[-1].startswith(f"page {number},") and lines[-1].endswith(SOFT_HYPHEN):
                        lines[-1] = lines[-1][:-1] + line.lstrip()
                        continue
                    if line.strip():
                        lines.append(line.strip())
                        places.append(f"page {number}, line {len(lines)}")
                        if inside:
                            block.add(len(lines) - 1)
    except (PDFSyntaxError, PDFEncryptionError) as e:
        raise CorpusError(Problem("error", f"cannot read it as PDF ({_short(e)})", name)) from None
    except Exception as e:  # pdfminer raises many kinds on damaged files
        if isinstance(e, CorpusError):
            raise
        raise CorpusError(Problem("error", f"cannot read it as PDF: the file is damaged ({_short(e)})", name)) from None
    lines = [line.replace(SOFT_HYPHEN, "") for line in lines]
    heads += running_tops(tops, lines)
    lines, places, heads, block = _put_back(tops, heads, lines, places, block)
    if pages and not any(re.search(r"\w", line) for line in lines):
        raise CorpusError(Problem("error", f"the PDF has {pages} page(s) but no text layer (a scan); OCR is not done "
                                  "here: run it through an OCR tool (e.g. ocrmypdf) and add the result", name))
    return Document(lines, places, "utf-8", "pdf", dropped=[(at, DROP_RUNNING_HEAD, text) for at, text in heads],
                    content=block)


def _margin_key(text: str) -> str:
    return " ".join(undo_ligatures(text).replace(SOFT_HYPHEN, "").split())


MARGIN_GAP = 1.5  # a page's margin band stands apart from its text block by more than this many line steps
MARGIN_ROWS = 3  # a running head or foot: at most this many rows at a page's top or bottom


def margin_band(lines: list) -> list:
    """The text lines of a PDF page (pdfminer text lines) that stand in its top or bottom
    margin band, outside the text block: the rows at the page's top (or bottom), a few at
    most, set apart from the rows next to them by a gap wider than ``MARGIN_GAP`` of the
    page's usual line step -- a running head, a running foot, the page's number; where no
    such gap stands, the rows out to the page's number where it is printed at that edge
    right under (or over) the text, and none where it is not. A sentence that ends the text block mid-page, far above the page's number,
    is not in it. A page of fewer than three rows has no text block to tell: all of it is."""
    boxes = [line for line in lines if line.get_text().strip()]
    rows: list[list] = []
    for line in sorted(boxes, key=lambda b: -b.y0):
        if rows and rows[-1][0].y0 - line.y0 <= BASELINE:
            rows[-1].append(line)
        else:
            rows.append([line])
    if len(rows) < 3:
        return boxes
    steps = [a[0].y0 - b[0].y0 for a, b in zip(rows, rows[1:])]
    usual = sorted(steps)[len(steps) // 2]
    out: list = []
    for edge_rows, edge_steps in ((rows, steps), (rows[::-1], steps[::-1])):
        edge_steps = edge_steps[:MARGIN_ROWS]
        wide = [k for k, step in enumerate(edge_steps) if step > MARGIN_GAP * usual]
        if wide and usual > 0:
            depth = max(wide, key=edge_steps.__getitem__) + 1
        else:  # no gap: the rows out to the page's number, where it stands at this edge
            numbered = [k for k, row in enumerate(edge_rows[:MARGIN_ROWS])
                        if any(PAGE_NUMBER.match(line.get_text()) for line in row)]
            depth = numbered[-1] + 1 if numbered else 0
        out += [line for row in edge_rows[:depth] for line in row]
    return out


DROP_RUNNING_HEAD = "pdf_running_heads"  # a PDF page's running head: the book's or the current law's title
BASELINE = 2.0  # points: boxes this close in height stand on one line of the page


def page_head(lines: list) -> tuple[object | list | None, bool]:
    """A PDF page's running head and whether the page's number stands beside it, or
    (None, False): the page's top line, standing apart above the rest (a gap of more than
    half a line), that is text beside the page's number on the same baseline (``Правило
    40. ОБЯЗАННОСТИ СЕКРЕТАРЯ  ...  7``, ``8  ...  Book Title``) -- a book's running head,
    the current law's heading on odd pages, the book's title on even ones -- or text alone
    set smaller than the page's text (a head whose number is at the foot: ``running_tops``
    says whether it is one) -- or two such texts, one at each side of the row (the book's
    title left, the current law's heading right: a list of both, ``running_tops`` says which
    is a running head)."""
    boxes = [line for line in lines if line.get_text().strip()]
    if len(boxes) < 3:
        return None, False
    top = max(line.y0 for line in boxes)
    row = [line for line in boxes if line.y0 >= top - BASELINE]
    rest = [line for line in boxes if line.y0 < top - BASELINE]
    if not 1 <= len(row) <= 2 or not rest:
        return None, False
    height = max(line.y1 - line.y0 for line in row)
    if min(line.y0 for line in row) - max(line.y1 for line in rest) < height / 2:
        return None, False  # the page's first line of text, no head above it
    numbers = [line for line in row if PAGE_NUMBER.match(line.get_text())]
    texts = [line for line in row if not PAGE_NUMBER.match(line.get_text()) and re.search(r"\w\w", line.get_text())]
    if not texts or len(numbers) + len(texts) != len(row) or len(texts) > 1 and numbers:
        return None, False
    if numbers:
        return texts[0], True
    sizes = sorted(_size(line) for line in rest if re.search(r"\w\w", line.get_text()))
    body = sizes[len(sizes) // 2] if sizes else 0
    if not all(0 < _size(text) < NOTE_SIZE * body for text in texts):
        return None, False
    # two small texts on the top row, one at each side (the book's title on the left, the
    # current law's heading on the right): the page's running head, both of them
    return (texts[0], False) if len(texts) == 1 else (sorted(texts, key=lambda b: b.x0), False)


def _bare(text: str) -> str:
    return " ".join(re.sub(r"\d+", "", text).split())


def running_tops(tops: list[tuple[int, str]], lines: list[str]) -> list[tuple[int, str]]:
    """The small top lines of pages (``page_head`` with no number beside) that are running
    heads: the same text, numbers aside, at the top of another page, or a copy of the
    text's own words (the current law's heading, maybe wrapped over two lines below)."""
    counts: dict[str, int] = {}
    for _, text in tops:
        counts[_bare(text)] = counts.get(_bare(text), 0) + 1
    joined = " " + " ".join(" ".join(line.split()) for line in lines) + " "
    return [(at, text) for at, text in tops
            if counts[_bare(text)] >= 2 or len(text.split()) >= 2 and f" {' '.join(text.split())} " in joined]


def _put_back(tops: list[tuple[int, str]], heads: list[tuple[int, str]], lines: list[str],
              places: list[str], block: set[int] = frozenset()
              ) -> tuple[list[str], list[str], list[tuple[int, str]], set[int]]:
    """The lines with each small top line that is no running head put back where it stood
    (its page's first line: it is the page's text), the places numbered again, the
    heads' positions among the new lines and those of the lines ``block`` names (the lines
    inside their page's text block; a line put back stood in the page's top margin)."""
    taken = {at for at, _ in heads}
    back = sorted((at, text) for at, text in tops if at not in taken)
    if not back:
        return lines, places, sorted(heads), set(block)
    pages = [p.split(",")[0] for p in places]
    new_lines, new_pages, shifted, new_block = [], [], [], set()
    k = 0
    heads = sorted(heads)
    h = 0
    for n in range(len(lines) + 1):
        while h < len(heads) and heads[h][0] == n:
            shifted.append((len(new_lines), heads[h][1]))
            h += 1
        while k < len(back) and back[k][0] == n:
            new_lines.append(back[k][1])
            new_pages.append(pages[n] if n < len(pages) else (pages[-1] if pages else "page 1"))
            k += 1
        if n < len(lines):
            if n in block:
                new_block.add(len(new_lines))
            new_lines.append(lines[n])
            new_pages.append(pages[n])
    return new_lines, [f"{page}, line {i}" for i, page in enumerate(new_pages, 1)], shifted, new_block


# a simple font's code for the soft hyphen (WinAnsi, Latin-1): pdfminer's glyph table reads it
# as a space, which would split the word it hyphenates ("pur pose")
SOFT_HYPHEN_CODE = 0xAD


def _pdf_pages(data: bytes, laparams):
    """pdfminer's pages (``extract_pages``), with a simple font's soft hyphen read as one
    (U+00AD, which ``read_pdf`` takes out, joining the word) instead of a space."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    class Aggregator(PDFPageAggregator):
        def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):
            advance = super().render_char(matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate)
            last = self.cur_item._objs[-1] if self.cur_item._objs else None
            if cid == SOFT_HYPHEN_CODE and not font.is_multibyte() and last is not None and last.get_text() == " ":
                last._text = SOFT_HYPHEN
            return advance

    resources = PDFResourceManager()
    device = Aggregator(resources, laparams=laparams)
    interpreter = PDFPageInterpreter(resources, device)
    for page in PDFPage.get_pages(io.BytesIO(data)):
        interpreter.process_page(page)
        yield device.get_result()


# A footnote's first line at a page's foot: its mark, a space, its text ("* Text", "¹ Text", "2 Text")
PDF_NOTE = re.compile(r"^\s*(?P<mark>[*†‡]{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,3}|\d{1,2})\s+(?P<text>\S.*?)\s*$", re.S)
NOTE_SIZE = 0.9  # a footnote is set smaller than the text: at most this share of its size
PAGE_NUMBER = re.compile(r"^\s*[-–—]?\s*\d{1,4}\s*[-–—]?\s*$")  # a page-number line: "12", "- 12 -"
SYMBOL_MARK = re.compile(r"^[*†‡¹²³⁴⁵⁶⁷⁸⁹⁰]+$")  # a mark no number of the text is mistaken for
NOTE_SENTENCE = re.compile(r"\w\W*\s\S+[.!?…)»”\"]$")  # a note's text: words ending as a sentence does


def _size(line) -> float:
    """The mean size of a text line's characters (0 when it has none)."""
    sizes = [c.size for c in line if hasattr(c, "size")]
    return sum(sizes) / len(sizes) if sizes else 0.0


# a note's digit mark at the text's size, glued to the end of a word of letters or to the
# punctuation after one ("in advance.1", "сессии1,"): where the text layer lost the small type
def _glued_digit(mark: str) -> re.Pattern:
    return re.compile(r"(?:(?<=[^\W\d_]{2})|(?<=[^\W\d_][.,;:)»”\"']))" + re.escape(mark) + r"(?![\w*†‡])")


def page_notes(lines: list) -> list[str]:
    """The texts of a PDF page's lines (``lines``: pdfminer text lines in reading order) with
    its footnotes in the book's footnote form: a line below all of the text, set smaller
    than the text and starting with a mark (``* …``, ``¹ …``), is a note (with the lines
    of its size after it); the same mark glued to a word of the text, or a small raised
    digit there, is its marker -- else the same digit at the text's size glued to a word's
    end (``in advance.1``), the note's small type saying what it is. A page number below the
    notes, at whatever size, does not count as text above them. A note's sign (``*``, ``¹``)
    with no marker in the text still makes a note (an orphan footnote) when its text is a
    sentence; a plain digit with no marker leaves the line as text.
    """
    sizes: dict[float, int] = {}
    for line in lines:
        for c in line:
            if hasattr(c, "size") and not c.get_text().isspace():
                sizes[round(c.size, 1)] = sizes.get(round(c.size, 1), 0) + 1
    texts = [line.get_text() for line in lines]
    if not sizes:
        return texts
    body = max(sizes, key=sizes.get)
    small = [0 < _size(line) < NOTE_SIZE * body for line in lines]
    # the text's lowest line; a page number under the notes, at any size, is no text above them
    text_bottom = min((line.y0 for line, s in zip(lines, small)
                       if not s and re.search(r"\w\w", line.get_text()) and not PAGE_NUMBER.match(line.get_text())),
                      default=None)
    if text_bottom is None:
        return texts
    notes: list[tuple[int, list[int], str]] = []  # first line, its lines, mark
    for i, line in enumerate(lines):
        if not small[i] or line.y1 > text_bottom + 1:
            continue
        m = PDF_NOTE.match(texts[i])
        if m:
            notes.append((i, [i], m["mark"]))
        elif notes and notes[-1][1][-1] == i - 1 and abs(_size(line) - _size(lines[notes[-1][0]])) < 0.5:
            notes[-1][1].append(i)  # the note goes on
    out = list(texts)
    found: list[int] = []
    for first, members, mark in notes:
        text = " ".join(" ".join(out[i].split()) for i in members)
        if not _mark_reference(lines, out, small, mark, body):
            # small type below the text, a note's sign (*, †, ¹) and a sentence: a note whose
            # marker the text layer lost -- kept as a note (an orphan footnote), not glued
            # into the text
            if not (SYMBOL_MARK.match(mark) and NOTE_SENTENCE.search(text)):
                continue  # "2 Printed in the club's shop.": a plain digit nothing refers to stays text
        out[first] = note_body(PDF_NOTE.match(text)["text"])
        found.append(first)
        for i in members[1:]:
            out[i] = ""
    # a note stands at the page's foot, after all of its text: in a page of two columns
    # the reading order puts it in the column above it, inside a paragraph running on;
    # a page footer set below the notes (a page number line) stays after them
    if not found:
        return out
    lowest = min(lines[i].y0 for first in found for i in next(m for f, m, _ in notes if f == first))
    below = [i for i, line in enumerate(lines) if i not in found and out[i] and line.y1 <= lowest]
    return ([t for i, t in enumerate(out) if i not in found and i not in below] + [out[i] for i in found]
            + [out[i] for i in below])


def _mark_reference(lines: list, texts: list[str], small: list[bool], mark: str, body: float) -> bool:
    """Replace the first reference to the note ``mark`` in the page's text lines with the
    book's marker: the mark glued to a word (``сессии*``) or set small and raised there
    (``сессии¹``, a small ``1``). Whether one was found."""
    glued = re.compile(r"(?<=[\w)»”\"'.,;:])" + re.escape(mark) + r"(?![\w*†‡])")
    for i, line in enumerate(lines):
        if small[i]:
            continue
        if mark.isascii() and mark.isdigit():  # a digit is a mark only when it is set small (¹ is one by shape)
            chars = [c for c in line if hasattr(c, "get_text")]
            small_digit = [c.get_text().isdigit() and getattr(c, "size", body) < NOTE_SIZE * body for c in chars]
            text = ""
            for k, c in enumerate(chars):
                if small_digit[k] and text[-1:].isalpha():
                    j = k
                    while j < len(chars) and small_digit[j]:
                        j += 1
                    if "".join(ch.get_text() for ch in chars[k:j]) == mark:
                        texts[i] = with_marker(text) + "".join(ch.get_text() for ch in chars[j:])
                        return True
                text += c.get_text()
            continue
        if glued.search(texts[i]):
            texts[i] = glued.sub(NOTE_MARKER, texts[i], count=1)
            return True
    if mark.isascii() and mark.isdigit():
        # no small digit anywhere: the same digit at the text's size, glued to a word's end
        # (the note's small type at the foot says it is a note)
        at_size = _glued_digit(mark)
        for i, line in enumerate(lines):
            if not small[i] and at_size.search(texts[i]):
                texts[i] = at_size.sub(lambda m: NOTE_MARKER, texts[i], count=1)
                return True
    return False


def reading_order(boxes: list, width: float) -> list:
    """Text lines (or boxes) of a page in reading order: top to bottom, and where the page is set in
    columns, each column down before the next. A box across the page's middle (a running
    head, a title, a footnote, a centred page number) ends one band of columns and starts
    the next.

    pdfminer's own order (``boxes_flow``) mixes columns when their boxes start at
    different heights; columns are told here by which half of the page a box lies in.
    """
    middle = width / 2
    ordered, band = [], []

    def close_band():
        columns = ([b for b in band if (b.x0 + b.x1) / 2 < middle], [b for b in band if (b.x0 + b.x1) / 2 >= middle])
        feet = _column_feet(*columns) if all(columns) else []
        band.sort(key=lambda b: (0 if (b.x0 + b.x1) / 2 < middle else 1, -b.y1))
        ordered.extend(b for b in band if not any(b is f for f in feet))
        ordered.extend(sorted(feet, key=lambda b: (-b.y1, b.x0)))
        band.clear()

    for box in sorted(boxes, key=lambda b: -b.y1):
        if box.x0 < middle < box.x1:
            close_band()
            ordered.append(box)
        else:
            band.append(box)
    close_band()
    return ordered


# a column's foot stands this many of its line steps below the column's text
FOOT_GAP = 2.5


def _column_foot(column: list) -> list:
    """The lines at the foot of one column of a page (top to bottom): those below the widest
    gap between its lines when it is wider than FOOT_GAP line steps (the column's usual step,
    the median) -- a footnote, a page footer set under the column's text; [] for a column
    whose lines run on to its end."""
    column = sorted(column, key=lambda b: -b.y1)
    steps = [a.y1 - b.y1 for a, b in zip(column, column[1:])]
    if len(steps) < 2:
        return []
    usual = sorted(steps)[len(steps) // 2]
    widest = max(range(len(steps)), key=steps.__getitem__)
    return column[widest + 1:] if usual > 0 and steps[widest] > FOOT_GAP * usual else []


def _column_feet(left: list, right: list) -> list:
    """The lines of a band of two columns that stand below the text of both (a page's
    footnotes and footer, which lie under the first column's half of the page): a column's
    foot (``_column_foot``) lying wholly below the other column's text. They are read after
    both columns, so the second column stays on its page and a note after the text it
    annotates."""
    feet = []
    for column, other in ((left, right), (right, left)):
        foot = _column_foot(column)
        other_foot = _column_foot(other)
        text = [b for b in other if not any(b is f for f in other_foot)]
        if foot and text and max(b.y1 for b in foot) < min(b.y0 for b in text):
            feet += foot
    return feet


def placed(spans: tuple, places: dict[str, list[str]]) -> tuple:
    """``spans`` (``model.Span``) with the place of their lines in the original file, for
    sources read from another format than text (``places``: source path -> place of
    each line, 1-based lines at index 0).

    ``Span("corpus/laws/ru/b.pdf", None, (3, 5))`` → ``place="page 1, line 3 - page 1, line 5"``
    """
    from dataclasses import replace

    out = []
    for span in spans:
        where = places.get(span.source)
        if where and 1 <= span.lines[0] <= len(where) and 1 <= span.lines[1] <= len(where):
            first, last = where[span.lines[0] - 1], where[span.lines[1] - 1]
            span = replace(span, place=first if first == last else f"{first} - {last}")
        out.append(span)
    return tuple(out)


READERS = {"fb2": read_fb2, "fb2.zip": read_fb2_zip, "epub": read_epub, "html": read_html, "docx": read_docx,
           "rtf": read_rtf, "pdf": read_pdf}
