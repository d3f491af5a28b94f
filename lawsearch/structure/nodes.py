"""The tree while it is built: node builders, the shared state of a run of pages, and the
builder's base (nodes, paths, headings) that every concern of the structure stage uses."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..grammar import Grammar, Layout
from ..model import Footnote, Line, Mark, Node, Problem, ProblemLog, Source, Span
from ..patterns import FOOTNOTE_MARKER, bare_note_patterns

# the placement rules, strongest first: the text's own, curation, then the book's contents (placement.py)
STRENGTH = {"heading": 0, "continuity": 1, "next-heading": 2, "curated": 3, "toc": 4, "page": 5, "unattributed": 6}
# a dot leader (dots, middle dots, bullets, an underline run, «…») and a page
CONTENTS_ENTRY = re.compile(r"(?:(?:[.…·•_]\s?){4,}|(?:…\s?){2,})\s*(?:\d{1,4}|[ivxlcdm]{1,6})\b")
CONTENTS_LOOK = 200  # characters of a heading's text in which a contents entry's leader would stand
SENTENCE_END = re.compile(r"[.!?:;…]['\"»)]*$")


@dataclass
class NodeBuilder:
    """A node while it is being filled; frozen into a ``Node`` at the end."""

    id: str
    kind: str
    law: str | None
    parent: str | None
    label: str | None = None
    title: str | None = None
    title_from: str | None = None
    title_line: tuple[str, int] | None = None  # where its heading stands, to report a repeat
    run_in: bool = False  # its heading's line opened its first child ("1. (a) …"): untitled by its layout
    # the running text as appended pieces, joined once when read: a node a huge source
    # keeps adding to would otherwise be copied whole at every line
    parts: list[str] = field(default_factory=list)
    length: int = 0
    marks: list[Mark] = field(default_factory=list)
    markers: list[tuple[int, str, object]] = field(default_factory=list)  # (offset, symbol, page key)
    spans: list[Span] = field(default_factory=list)
    offsets: list[tuple[int, str, int]] = field(default_factory=list)  # (text offset, source path, raw line)
    attribution: str | None = None
    uncertain: set[str] = field(default_factory=set)
    truncated_start: bool = False
    truncated_end: bool = False
    missing: bool = False
    source: str | None = None  # source id of its first span

    @property
    def text(self) -> str:
        if len(self.parts) > 1:
            self.parts[:] = ["".join(self.parts)]
        return self.parts[0] if self.parts else ""

    def ends_sentence(self) -> bool:
        """Whether the text so far ends a sentence, looking only at its end."""
        tail, n = "", len(self.parts)
        while n and len(tail) < 16:  # the end mark and any closing quotes or brackets after it
            n -= 1
            tail = self.parts[n] + tail
        return bool(SENTENCE_END.search(tail[-16:]))

    def attribute(self, rule: str | None) -> None:
        if rule and (self.attribution is None or STRENGTH[rule] < STRENGTH[self.attribution]):
            self.attribution = rule

    def add_span(self, path: str, page: int | None, line: Line) -> None:
        if self.spans and self.spans[-1].source == path and self.spans[-1].page == page \
                and self.spans[-1].lines[1] >= line.first - 1:
            last = self.spans[-1]
            self.spans[-1] = Span(path, page, (last.lines[0], max(last.lines[1], line.last)))
        else:
            self.spans.append(Span(path, page, (line.first, line.last)))

    def append(self, line: Line | str, join: str, path: str, page_key: object,
               note_marks: tuple[str, ...] = ()) -> None:
        """Add running text; ``join`` is "paragraph", "space" or "gap" (text lost between), or
        "word" / "hyphen" (a word hyphenated across a page break, joined without or with its hyphen).
        In law text (``page_key`` given) footnote markers ``(*)`` leave the text and become
        markers at their offset, and so do bare marks (``table.*``) of ``note_marks``, those
        whose bodies the piece holds; the commentary has no footnotes and keeps them as text."""
        if isinstance(line, str):
            line = Line(line, "", 0, 0)
        if self.length and join == "word" and self.parts and self.parts[-1].endswith("-"):
            # a word hyphenated across a page break: its hyphen goes, no space (lawtext._hyphen_join)
            self.parts[-1] = self.parts[-1][:-1]
            self.length -= 1
        elif self.length and join != "hyphen":  # "hyphen": a compound's hyphen stays, no space
            if join == "gap":
                self.marks.append(Mark("gap", self.length, self.length))
            self._add("\n\n" if join in ("gap", "paragraph") else " ")
        start = self.length
        out = ""
        removed: list[tuple[int, int]] = []  # (offset in the line, characters removed before it)
        pos = 0
        found = list(FOOTNOTE_MARKER.finditer(line.text)) if page_key is not None else []
        if page_key is not None and note_marks:
            found = sorted(found + [m for m in bare_note_patterns(tuple(sorted(note_marks)))[1].finditer(line.text)
                                    if not any(f.start() <= m.start() < f.end() for f in found)],
                           key=lambda m: m.start())
        for m in found:
            out += line.text[pos:m.start()]
            self.markers.append((start + len(out), m["symbol"], page_key))
            pos = m.end()
            removed.append((m.end(), m.end() - len(out)))
        out += line.text[pos:]
        for offset, raw_line in line.line_starts():
            shift = max((r for end, r in removed if end <= offset), default=0)
            self.offsets.append((start + offset - shift, path, raw_line))
        self._add(out)

    def _add(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)


@dataclass
class Tree:
    """What the structure stage produces."""

    nodes: list[Node]
    footnotes: list[Footnote]
    problems: list[Problem]
    offsets: dict[str, list[tuple[int, str, int]]]  # node id -> (text offset, source path, raw line)
    footnote_offsets: dict[str, tuple[str, int]]  # footnote id -> (source path, raw line)
    verified: list[str]  # curation statements a stronger rule confirmed
    named: set[tuple[str, int]] = field(default_factory=set)  # (source path, raw line) some problem names
    commentary_headings: list[tuple[str, str, str, int]] = field(default_factory=list)  # (law, title, path, line)
    # node id -> the warning that its text stops mid-sentence at its file's end (lawtext._ends_cut):
    # among copies, moot where another copy's whole text is kept (overlap.merge)
    cut_warnings: dict[str, Problem] = field(default_factory=dict)


# the warning of text before a source's first law (a preface, a title page) kept as a piece
UNPLACED_KEPT = "is no law's: kept as an unplaced piece"
OUT_OF_RANGE = "is outside the code's range"  # the error of a law heading whose number the code has not
FRONT_MATTER = "text before law"  # how that warning opens for the text before a file's first law


class NamingLog(ProblemLog):
    """A problem log that remembers every line its problems name, also those it folds into
    a count: a line a problem names is no silent loss (lawsearch/coverage.py)."""

    def __init__(self):
        super().__init__()
        self.named: set[tuple[str, int]] = set()

    def append(self, problem: Problem) -> None:
        # a piece kept for curation names no lost line: in the main language the piece holds
        # it; in another no ID merges the piece, and its lines are lost (coverage.lost_text)
        if problem.path and problem.line and UNPLACED_KEPT not in problem.message:
            self.named.add((problem.path, problem.line))
        super().append(problem)


@dataclass
class RunState:
    """Where the reading of a run of pages stands."""

    law: str | None = None
    rule: str = "unattributed"
    path: dict[str, str] = field(default_factory=dict)
    uncertain: set[str] = field(default_factory=set)
    current: str | None = None
    piece_node: str | None = None
    pending_join: str = "gap"
    pending_divisions: list = field(default_factory=list)
    page_top: bool = False  # no text of the page read yet: it began after a footer
    note_top: bool = False  # the same, or only the lines finishing the page before's sentence read
    note_marks: tuple[str, ...] = ()  # the bare footnote marks whose bodies the piece being read holds


class BuilderBase:
    """What every concern of the tree builder shares: the nodes, the grammar, problems."""

    def __init__(self, sources: dict[str, Source], law_range: tuple[int, int], titles_en: dict[str, str],
                 code: dict, curation_path: str | None, grammar: Grammar,
                 layouts: dict[str, Layout] | None = None, indents: dict[str, dict[int, int]] | None = None,
                 main_lang: str | None = None):
        self.sources = sources
        self.law_range = law_range
        self.titles_en = titles_en
        self.code = code
        self.curation_path = curation_path
        self.grammar = grammar
        self.ids = grammar.ids
        self.levels = grammar.levels
        self.layouts = layouts or {}
        self.indents = indents or {}
        self.main_lang = main_lang or next(iter(grammar.default_layouts), None)
        # the language of the profile's law titles (the English code's): a translation of the
        # main text's titles, unless the main text is in that language itself
        titles_lang = grammar.data.get("vocabulary", {}).get("titles_lang")
        self.titles_lang = titles_lang if titles_lang != self.main_lang else None
        # ... and where it is, they are the main text's own titles: a law printed without one
        # takes it (an English-main corpus and the profile's English titles)
        self.main_titles = titles_en if titles_lang and titles_lang == self.main_lang else {}
        self.nodes: dict[str, NodeBuilder] = {}
        self.problems = NamingLog()  # an absurd input repeats one problem on every line
        self.verified: list[str] = []
        self.divisions: list = []
        self.division_offsets: dict[str, list[tuple[int, str, int]]] = {}
        self.bodies: list = []
        self.commentary_titles: dict[str, tuple[str, str, Line]] = {}
        # the commentary's headings as printed: (law or the definitions' ID, title, source path, raw line)
        self.commentary_headings: list[tuple[str, str, str, int]] = []

    def layout(self, source_id: str) -> Layout:
        """The layout a source's law text is printed in (the manifest's, else its language's default)."""
        if source_id not in self.layouts:
            self.layouts[source_id] = self.grammar.layout_for(self.sources[source_id].lang)
        return self.layouts[source_id]

    # -- nodes ----------------------------------------------------------------------

    def node(self, node_id: str, kind: str, law: str | None, parent: str | None) -> NodeBuilder:
        b = self.nodes.get(node_id)
        if b is None:
            b = self.nodes[node_id] = NodeBuilder(node_id, kind, law, parent)
        return b

    def law_node(self, law: str) -> NodeBuilder:
        return self.node(law, "law", law, None)

    def ensure_path(self, law: str, path: dict[str, str], upto: int, rule: str | None,
                    uncertain: set[str]) -> NodeBuilder:
        """The node at ``path`` down to level index ``upto`` (-1 = the law), creating the
        containers on the way (a container whose heading is lost has no title). A level
        the path lacks is skipped (a statute's point directly under its article)."""
        current = self.law_node(law)
        current.attribute(rule)
        parts: list[str | None] = [None] * len(self.levels)
        for i in range(upto + 1):
            level = self.levels[i]
            if level not in path:
                continue
            parts[i] = path[level]
            node_id = self.ids.law_id(law, *parts)
            child = self.node(node_id, level, law, current.id)
            if child.title_line is None:
                child.attribute(rule)  # a container; a node with its own heading keeps its rule
            if not child.label:
                child.label = parts[i]
            child.uncertain |= {lv for lv in uncertain
                                if lv == "law" or (lv in self.levels and self.levels.index(lv) <= i)}
            current = child
        return current

    def in_range(self, law: str) -> bool:
        low, high = self.law_range
        return law.isdigit() and low <= int(law) <= high

    def set_heading(self, b: NodeBuilder, title: str | None, line: Line, path: str, page: int | None,
                    page_top: bool = False) -> None:
        """``page_top``: the heading is the first line of a page (right after its footer)."""
        tops = self.__dict__.setdefault("_heading_at_page_top", {})
        if b.title_line is not None:
            src, first = b.title_line
            if CONTENTS_ENTRY.search(f"{b.title or ''} {b.text[:CONTENTS_LOOK]}"):
                # the first "heading" had a dot leader and a page after it: a contents entry the
                # contents part was not read to (its page has no footer, the entry wraps oddly)
                # named at the contents entry, the line to mend, not at the law's real heading
                # (cold read 11 of issue 13): the heading says where the collision showed
                heading = f"line {line.first}" if src == path else f"{path}:{line.first}"
                self.problems.append(Problem(
                    "error", f"contents entry of {b.id} read as its law heading: the heading of {b.id} at {heading} "
                             f"repeats the one at this line, which is a contents entry (a dot leader and a page "
                             f"number follow it), so the contents were not recognised down to this line; give the "
                             f"contents their heading line as the book prints it, mark the contents page's end with "
                             f"its page footer, or move the contents into a file of their own (kind toc)",
                    src, first))
                self.problems.named.add((path, line.first))  # the heading's line is named by it too
                return
            where = (f"standing at the top of a page{' as the first does' if tops.get(b.id) else ''}" if page_top
                     else "read from a PDF, whose pages may print their law's heading in the margin" if
                     path.lower().endswith(".pdf") else "")
            running = (f"; {where}, it may be "
                       f"a running head (the page's header repeating its law's heading): then drop it in the curation "
                       f"file ([[drop]] at = \"<source>:{line.first}\")" if where else "")
            self.problems.append(Problem("error", f"heading of {b.id} repeats the one at {src}:{first}: either the line "
                                                  f"is doubled in the source, "
                                                  f"a heading between them was lost, or one of them is a line of a "
                                                  f"wrapped sentence that cites it, read as a heading; where the line starts a page, name "
                                                  f"its law in the curation file ([[piece]] at = \"<source>:{line.first}\" "
                                                  f"law = \"…\"){running}", path, line.first))
            return
        tops[b.id] = page_top
        b.title = title
        b.title_from = "heading"
        b.title_line = (path, line.first)
        b.add_span(path, page, line)
        b.source = b.source or stem(path)

    def url(self, node_id: str, law: str | None, kind: str) -> str:
        """Where a node lives in the site (CONTRACT.md), by this profile's ID rules."""
        first = self.ids.division_law(node_id)
        if first is not None:
            return f"laws/{first}.html#{node_id}"
        if law is None:
            return f"unattributed.html#{self.ids.anchor(node_id)}"
        return f"laws/{law}.html#{self.ids.anchor(node_id)}"


def stem(path: str) -> str:
    """A source's id from its path, as the folder reader names it (``sources.path_stem``):
    the whole format suffix off, ``.fb2.zip`` too -- else a zipped book's nodes would name
    no source and take another file's language.

    >>> stem("c/laws/ru/book.fb2.zip"), stem("c/laws/en/law61.htm")
    ('book', 'law61')
    """
    from ..formats import split_suffix

    return split_suffix(path.rsplit("/", 1)[-1])[0]
