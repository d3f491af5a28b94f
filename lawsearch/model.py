"""The data every stage shares: frozen dataclasses, and their JSON form.

The shapes follow the corpus JSON of CONTRACT.md; ``Corpus.to_dict()`` writes it and
``Corpus.from_dict()`` reads it back, so later stages (index, site) can start from
``build/corpus.json`` without parsing raw text again.

This module imports nothing from the package but ``problems`` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

# what goes wrong and how it is told (lawsearch/problems.py), here as every stage imports it
from .problems import (ECHO_CHARS, FAULTS, PROBLEMS_KEPT, SOURCE_KINDS, TERMINAL_UNSAFE,  # noqa: F401
                       CorpusError, Problem, ProblemLog, collapse, cut, json_escaped, os_fault, shorten, visible)

CORPUS_JSON_VERSION = 1


@dataclass(frozen=True)
class Source:
    """One raw file of the corpus as the manifest describes it."""

    id: str  # the file's stem: "000_58dbb1f2fde933c1"
    path: str  # relative to the corpus folder's parent: "corpus/laws/ru/000_….txt"
    lang: str
    kind: str  # "laws" | "commentary"
    edition: str
    translator: str
    encoding: str  # detected or declared
    sha256: str
    published: int | None = None


@dataclass(frozen=True, slots=True)  # slots: a 50 MB source makes a million of them
class Line:
    """A logical line of cleaned text and the raw lines it came from (1-based, inclusive)."""

    text: str
    source: str
    first: int
    last: int
    # where each raw line begins in ``text`` once wrapped lines are joined: ((0, 3), (52, 4))
    starts: tuple[tuple[int, int], ...] = ()

    def line_starts(self) -> tuple[tuple[int, int], ...]:
        return self.starts or ((0, self.first),)


@dataclass(frozen=True)
class Span:
    """A raw stretch a node comes from."""

    source: str  # the source's path, as in Source.path
    page: int | None
    lines: tuple[int, int]
    # where those lines stand in a file that is not plain text: "page 3, line 12 - page 4, line 2"
    place: str | None = None


@dataclass(frozen=True)
class Mark:
    """A position in a node's text: a gap, a label like "(НАКАЗАНИЕ)", or a footnote marker."""

    kind: str  # "gap" | "label" | "footnote"
    start: int
    end: int
    footnote: str | None = None  # for kind "footnote": the footnote id, None when its body is lost


ONLY = "only-"  # an alignment flag's prefix: "only-<lang>", the node is in that language only


@dataclass(frozen=True)
class Node:
    id: str
    kind: str  # division | law | section | clause | subclause | item | commentary | piece
    law: str | None
    parent: str | None
    lang: str
    title: str | None
    title_from: str | None
    text: str | None
    marks: tuple[Mark, ...]
    footnotes: tuple[str, ...]
    spans: tuple[Span, ...]
    attribution: str | None
    uncertain: tuple[str, ...]
    truncated_start: bool
    truncated_end: bool
    missing: bool
    translations: dict[str, dict[str, str | None]]
    label: str | None = None  # as printed: "Раздел II", "B", "(A)"
    edition: str | None = None
    translator: str | None = None
    alignment: tuple[str, ...] = ()  # how the node's languages differ: only-ru, only-en, structure, title, refs
    run_in: bool = False  # its heading's line opened its first child ("1. (a) …"): untitled, nothing lost

    @property
    def heading_lost(self) -> bool:
        """Whether the node's heading is lost, not merely untitled: it has no title, and it
        was restored (``missing``), its start is lost, or it has no words of its own. A node
        whose words after its label are a sentence (``1. A member pays …``) has no title by
        its code's layout, and nothing is lost; nor is one whose label's line opened its first
        child (``1. (a) When …``: ``run_in``), nor one the code has only in another language
        (its alignment ``only-<lang>``): absent in its own, not lost."""
        if self.title or self.run_in or self.kind in ("commentary", "piece"):
            return False
        if not (self.text or "").strip() and any(flag.startswith(ONLY) and flag != ONLY + self.lang
                                                 for flag in self.alignment):
            return False  # present only in another language: absent here, not lost
        return self.missing or self.truncated_start or not (self.text or "").strip()

    @property
    def heading_replaced(self) -> bool:
        """Whether the node's title stands for a heading lost from its text: it is taken from
        the contents, the commentary or the titles file, and no heading line of the node's
        own was read -- the node was placed by another rule (the contents), or has no line at
        all. A law printed bare («Правило 5.», its title from the contents) lost no heading."""
        return bool(self.title) and not self.missing and self.title_from in ("contents", "commentary", "titles") \
            and (not self.spans or self.attribution not in (None, "heading"))


@dataclass(frozen=True)
class Footnote:
    id: str
    page: int | None
    text: str
    markers: tuple[str, ...]  # ids of the nodes whose markers refer to it
    orphan: bool
    at: str | None  # the node in whose running text the footnote body stood
    spans: tuple[Span, ...] = ()


@dataclass(frozen=True)
class Ref:
    """A cross-reference found in a node's text or a footnote."""

    from_: str
    law: str | None
    target: str
    surface: str
    group: int
    status: str  # "node" | "law" | "outside"
    source: str
    line: int
    partial: bool = False  # the surviving half of a reference cut by a lost page
    start: int = 0  # where ``surface`` stands in the citing node's (or footnote's) text
    end: int = 0
    lang: str = ""  # the language of the citing text (a translation's source cites too)


@dataclass(frozen=True)
class PieceReport:
    """One piece of a raw source as the pages stage placed it (``check`` lists them)."""

    source: str  # the source id
    first: int  # its first raw line
    page: int | None
    page_from: str | None  # how the page was known: "footer", "curated", …
    starts_page: bool
    ends_page: bool
    joined_by: str | None  # the rule that joined it to the piece before it
    run: int  # the run of joined pages it belongs to
    curated: bool
    law: str | None = None  # the law of its first text (lawsearch/placement.py), None where no rule placed it
    rule: str | None = None  # the rule that placed it: heading|continuity|next-heading|curated|toc|page|unattributed


@dataclass(frozen=True)
class AlignmentReport:
    """How a second language's law text lines up with the corpus's, by ID."""

    lang: str
    covered_laws: tuple[str, ...]
    flags: dict[str, list[str]]  # "only-en", "structure", … → node IDs


@dataclass(frozen=True)
class CurationNote:
    """A curation statement: the piece it is about and why."""

    source: str
    line: int
    reason: str


@dataclass(frozen=True)
class ParseReport:
    """What the pipeline learnt on the way that is no node: the pieces and their pages, the
    curation statements a stronger rule confirmed, the second languages' alignment, the
    curation statements. ``check`` and the site read it; corpus.json keeps it."""

    pieces: tuple[PieceReport, ...] = ()
    verified: tuple[str, ...] = ()
    alignment: tuple[AlignmentReport, ...] = ()
    curation: tuple[CurationNote, ...] = ()
    # source id -> what `lawsearch add` guessed rather than read (lang, kind, edition, encoding)
    detected: dict[str, list[str]] = field(default_factory=dict)
    # the commentary's headings as printed: [law or the definitions' ID, title, source, raw line]
    commentary_headings: tuple[tuple[str, str, str, int], ...] = ()
    # what content similarity suggests for pieces no rule placed (lawsearch/placement.py)
    suggestions: tuple[dict[str, Any], ...] = ()
    # the unplaced pieces it suggests no law for: verdict "unlikely" (no likely place) or "matter"
    # (the book's own matter, not law text), with the best law's number and confidence
    unsuggested: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"pieces": [asdict(p) for p in self.pieces], "verified": list(self.verified),
                "alignment": [{**asdict(a), "covered_laws": list(a.covered_laws)} for a in self.alignment],
                "curation": [asdict(c) for c in self.curation], "detected": dict(self.detected),
                "commentary_headings": [list(h) for h in self.commentary_headings],
                "suggestions": [dict(s) for s in self.suggestions],
                "unsuggested": [dict(s) for s in self.unsuggested]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParseReport:
        return cls(pieces=tuple(PieceReport(**p) for p in data.get("pieces", ())),
                   verified=tuple(data.get("verified", ())),
                   alignment=tuple(AlignmentReport(a["lang"], tuple(a["covered_laws"]), a["flags"])
                                   for a in data.get("alignment", ())),
                   curation=tuple(CurationNote(**c) for c in data.get("curation", ())),
                   detected=dict(data.get("detected", {})),
                   commentary_headings=tuple(tuple(h) for h in data.get("commentary_headings", ())),
                   suggestions=tuple(dict(s) for s in data.get("suggestions", ())),
                   unsuggested=tuple(dict(s) for s in data.get("unsuggested", ())))


@dataclass(frozen=True)
class Segment:
    """One stretch of a node's (or a footnote's) text as every output renders it: plain
    ``text``, a ``gap`` (text lost here), a ``footnote`` marker, a ``label`` ("(НАКАЗАНИЕ)")
    or a ``ref``erence -- with all the references of one surface (a list names several
    targets). Offsets are into the text; a gap and a marker are empty."""

    kind: str  # "text" | "gap" | "footnote" | "label" | "ref"
    start: int
    end: int
    footnote: str | None = None  # kind "footnote": its id, None when its body is lost
    refs: tuple[Ref, ...] = ()


SEGMENT_ORDER = {"gap": 0, "footnote": 1, "label": 2, "ref": 3}  # of marks at one offset


def segments(text: str, marks: Iterable[Mark] = (), refs: Iterable[Ref] = ()) -> Iterator[Segment]:
    """The text cut at its marks and references, in order: the one walk the site, the TEI
    export and ``show`` all render from. A mark or reference starting inside one already
    given (a list reference's later targets) is not given again.

    >>> [(s.kind, s.start, s.end) for s in segments("ab cd", [Mark("gap", 2, 2)])]
    [('text', 0, 2), ('gap', 2, 2), ('text', 2, 5)]
    """
    refs = list(refs)
    events = sorted([(m.start, SEGMENT_ORDER[m.kind], m) for m in marks if m.kind in SEGMENT_ORDER]
                    + [(r.start, SEGMENT_ORDER["ref"], r) for r in refs], key=lambda e: (e[0], e[1]))
    pos = 0
    for start, order, item in events:
        if start < pos:
            continue
        if start > pos:
            yield Segment("text", pos, start)
        pos = start
        if isinstance(item, Ref):
            yield Segment("ref", item.start, item.end,
                          refs=tuple(r for r in refs if r.group == item.group and r.start == item.start))
            pos = item.end
        elif item.kind == "label":
            yield Segment("label", item.start, item.end)
            pos = item.end
        else:
            yield Segment(item.kind, start, start, footnote=item.footnote)
    if pos < len(text):
        yield Segment("text", pos, len(text))


@dataclass(frozen=True)
class Corpus:
    sources: tuple[Source, ...]
    nodes: tuple[Node, ...]
    footnotes: tuple[Footnote, ...]
    refs: tuple[Ref, ...]
    problems: tuple[Problem, ...] = ()
    repairs: dict[str, dict[str, int]] = field(default_factory=dict)  # source id -> rule -> lines changed
    code: dict[str, Any] = field(default_factory=dict)  # title, edition, law range, lang, profile
    report: ParseReport = field(default_factory=ParseReport)
    inputs: str = ""  # one hash of every input file's bytes
    # every input file's path, size, time and hash (lawsearch/freshness.py): whether a build is current, by stat()
    fingerprint: dict[str, Any] | None = field(default=None, compare=False)
    build: str | None = None  # the build that wrote it, when read back from a build's corpus.json
    # the code's profile (lawsearch.profile.Profile) the corpus was read with; None when read
    # back from corpus.json, where ``code["profile"]`` names it (``profile.of`` loads it again)
    profile: Any = field(default=None, compare=False, repr=False)
    # the book's apparatus (lawsearch/structure/apparatus.py): "toc", "index", "front",
    # "pages" (apparatus pages found in law text), "terms" (definitions and their uses)
    apparatus: dict[str, Any] = field(default_factory=dict)

    @property
    def lang(self) -> str:
        """The corpus's main language: the one its tree is built from (``[code] lang``, else
        the profile's first language among its law texts)."""
        return self.code.get("lang") or next((s.lang for s in self.sources if s.kind == "laws"), "") \
            or (self.sources[0].lang if self.sources else "")

    @property
    def translation_languages(self) -> tuple[str, ...]:
        """Every other language a law text of the corpus is in, or a translation of a node
        (an English title from the profile's titles) is given in: sorted."""
        found = {s.lang for s in self.sources if s.kind == "laws"}
        for n in self.nodes:
            found.update(lang for lang, given in n.translations.items() if any((given or {}).values()))
        return tuple(sorted(found - {self.lang}))

    @property
    def languages(self) -> tuple[str, ...]:
        """Every language the corpus has text in: the main one, the translations, then any
        other a node is in (a corpus made without sources). A language's own modules
        (plausibility.LANGUAGES) run for these only."""
        langs = [self.lang, *self.translation_languages, *(n.lang for n in self.nodes)]
        return tuple(lang for lang in dict.fromkeys(langs) if lang)

    def node(self, node_id: str) -> Node | None:
        return self._by_id().get(node_id)

    @property
    def editions(self) -> tuple:
        """The editions of the code in the corpus, in order, one flagged ``default``
        (``lawsearch.editions.Edition``); a single-edition corpus has one."""
        from .editions import edition_list
        return edition_list(self)

    @property
    def editions_default(self) -> str | None:
        """The default edition's name: its IDs are bare."""
        from .editions import default_edition
        return default_edition(self)

    def edition(self, edition: str) -> Corpus:
        """One edition's tree as a corpus of its own, with bare IDs (``editions.corpus_edition``)."""
        from .editions import corpus_edition
        return corpus_edition(self, edition)

    def _by_id(self) -> dict[str, Node]:
        cache = self.__dict__.get("_by_id_cache")
        if cache is None:
            cache = {n.id: n for n in self.nodes}
            object.__setattr__(self, "_by_id_cache", cache)
        return cache

    def _index(self, name: str, build) -> dict:
        cache = self.__dict__.get(name)
        if cache is None:
            cache = build()
            object.__setattr__(self, name, cache)
        return cache

    def children(self, node_id: str) -> list[Node]:
        """The node's parts in reading order (not its commentary)."""
        def build() -> dict[str, list[Node]]:
            out: dict[str, list[Node]] = {}
            for n in self.nodes:
                if n.parent is not None and n.kind != "commentary":
                    out.setdefault(n.parent, []).append(n)
            return out
        return self._index("_children_cache", build).get(node_id, [])

    def placeholder_laws(self) -> frozenset[str]:
        """The placeholder laws: restored between laws that survive (``missing``), known by a
        number and at most a title (a titles file's, another language's), with no words of
        text in any language in the law, its parts or its commentary. A law whose own heading
        the sources print is none. They are listed, never answers before a law of the sources
        (``evaluate.best``), and reports count them apart."""
        def build() -> dict[str, bool]:
            texted: set[str] = set()
            for n in self.nodes:
                if n.law is not None and ((n.text or "").strip()
                                          or any((t.get("text") or "").strip() for t in n.translations.values())):
                    texted.add(n.law)
            return {n.law: True for n in self.nodes if n.kind == "law" and n.missing and n.law not in texted}
        return frozenset(self._index("_placeholder_cache", build))

    def commentary(self, law: str) -> list[Node]:
        def build() -> dict[str, list[Node]]:
            out: dict[str, list[Node]] = {}
            for n in self.nodes:
                if n.kind == "commentary":
                    out.setdefault(n.law, []).append(n)
            return out
        return self._index("_commentary_cache", build).get(law, [])

    def citing(self, ref: Ref) -> list[str]:
        """The nodes a reference speaks for: its node, or for a reference in a footnote the
        nodes that carry the footnote's markers (an orphan: the node it stood in)."""
        return self.owners(ref.from_) if ref.from_ in self._owners() else [ref.from_]

    def owners(self, footnote_id: str) -> list[str]:
        """The nodes a footnote belongs to: those carrying its markers, in reading order, or
        for an orphan the node its body stood in. The site prints it under the first."""
        return self._owners().get(footnote_id, [])

    def _owners(self) -> dict[str, list[str]]:
        return self._index("_owners_cache", lambda: {
            f.id: list(f.markers) or ([f.at] if f.at else []) for f in self.footnotes})

    def cited_by(self, lang: str | None = None) -> dict[str, list[str]]:
        """Target ID → the nodes whose text in ``lang`` (default: the corpus's own language)
        cites it, in reading order."""
        lang = lang or self.lang
        def build() -> dict[str, list[str]]:
            order = {n.id: i for i, n in enumerate(self.nodes)}
            out: dict[str, list[str]] = {}
            for ref in (r for r in self.refs if r.lang == lang):
                for node_id in self.citing(ref):
                    if node_id not in out.setdefault(ref.target, []):
                        out[ref.target].append(node_id)
            for citing in out.values():
                citing.sort(key=lambda n: order.get(n, len(order)))
            return out
        return self._index(f"_cited_by_{lang}_cache", build)

    def footnotes_of(self, node_id: str) -> list[Footnote]:
        """Footnotes whose markers stand in the node, and an orphan whose body stood in it."""
        def build() -> dict[str, list[Footnote]]:
            out: dict[str, list[Footnote]] = {}
            for f in self.footnotes:
                for owner in dict.fromkeys([*f.markers, *([f.at] if f.orphan and f.at else [])]):
                    out.setdefault(owner, []).append(f)
            return out
        # indexed once: asked for every node, a scan of all footnotes each time is quadratic
        return list(self._index("_footnotes_of_cache", build).get(node_id, []))

    def refs_from(self, node_id: str, lang: str | None = None) -> list[Ref]:
        refs = self._index("_refs_from_cache", lambda: _group_by(self.refs, lambda r: r.from_)).get(node_id, [])
        return [r for r in refs if lang in (None, r.lang)]

    def refs_to(self, node_id: str, lang: str | None = None) -> list[Ref]:
        refs = self._index("_refs_to_cache", lambda: _group_by(self.refs, lambda r: r.target)).get(node_id, [])
        return [r for r in refs if lang in (None, r.lang)]

    # -- JSON ---------------------------------------------------------------------------

    def to_dict(self, url: Callable[[Node], str] | None = None, streamed: bool = False) -> dict[str, Any]:
        """The corpus JSON; ``url`` gives each node's ``url`` (``ids.node_url``: the model
        stores none), else it is null. ``streamed``: the nodes, footnotes and references as
        ``Streamed`` rows, each made as it is written (``build.json_chunks``), so a large
        corpus is never held a second time as dicts."""
        rows = Streamed if streamed else (lambda make: list(make()))
        return {
            "version": CORPUS_JSON_VERSION,
            "code": self.code,
            "report": self.report.to_dict(),
            "inputs": self.inputs,
            "fingerprint": self.fingerprint,
            "build": self.build,
            "sources": [_source_dict(s) for s in self.sources],
            "nodes": rows(lambda: (_node_dict(n, url(n) if url else None) for n in self.nodes)),
            "footnotes": rows(lambda: (_footnote_dict(f) for f in self.footnotes)),
            "refs": rows(lambda: (_ref_dict(r) for r in self.refs)),
            "repairs": self.repairs,
            "problems": [
                {"severity": p.severity, "message": p.message, "path": p.path, "line": p.line,
                 **({"repeats": p.repeats} if p.repeats else {})}
                for p in self.problems
            ],
            **({"apparatus": self.apparatus} if self.apparatus else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Corpus:
        if data.get("version") != CORPUS_JSON_VERSION:
            raise ValueError(f"corpus JSON version {data.get('version')!r}, expected {CORPUS_JSON_VERSION}")
        return cls(
            sources=tuple(Source(**s) for s in data["sources"]),
            nodes=tuple(_node_from(n) for n in data["nodes"]),
            footnotes=tuple(
                Footnote(
                    id=f["id"], page=f["page"], text=f["text"], markers=tuple(f["markers"]),
                    orphan=f["orphan"], at=f.get("at"), spans=tuple(_span_from(s) for s in f.get("spans", ())),
                )
                for f in data["footnotes"]
            ),
            refs=tuple(
                Ref(from_=r["from"], law=r["law"], target=r["target"], surface=r["surface"],
                    group=r["group"], status=r["status"], source=r["source"], line=r["line"],
                    partial=r.get("partial", False), start=r.get("span", [0, 0])[0], end=r.get("span", [0, 0])[1],
                    lang=r.get("lang") or data.get("code", {}).get("lang", ""))
                for r in data["refs"]
            ),
            problems=tuple(Problem(**p) for p in data.get("problems", ())),
            repairs=data.get("repairs", {}),
            code=data.get("code", {}),
            report=ParseReport.from_dict(data.get("report", {})),
            inputs=data.get("inputs", ""),
            fingerprint=data.get("fingerprint"),
            build=data.get("build"),
            apparatus=data.get("apparatus", {}),
        )


def _group_by(items, key) -> dict:
    """Items by ``key(item)``, each list in the items' order."""
    out: dict = {}
    for item in items:
        out.setdefault(key(item), []).append(item)
    return out


class Streamed:
    """A list of a JSON document made an item at a time as it is written (``build.json_chunks``)
    and never held whole; ``make`` returns a fresh iterator of the items each time."""

    def __init__(self, make: Callable[[], Iterable[Any]]):
        self.make = make

    def __iter__(self) -> Iterator[Any]:
        return iter(self.make())


def _source_dict(s: Source) -> dict[str, Any]:
    return {
        "id": s.id, "path": s.path, "lang": s.lang, "kind": s.kind, "edition": s.edition,
        "translator": s.translator, "encoding": s.encoding, "sha256": s.sha256, "published": s.published,
    }


def _span_dict(s: Span) -> dict[str, Any]:
    d = {"source": s.source, "page": s.page, "lines": list(s.lines)}
    if s.place is not None:
        d["place"] = s.place
    return d


def _span_from(d: dict[str, Any]) -> Span:
    return Span(source=d["source"], page=d["page"], lines=(d["lines"][0], d["lines"][1]), place=d.get("place"))


def _node_dict(n: Node, url: str | None = None) -> dict[str, Any]:
    return {
        "id": n.id, "kind": n.kind, "law": n.law, "parent": n.parent, "lang": n.lang,
        "label": n.label, "title": n.title, "title_from": n.title_from, "text": n.text,
        "marks": [
            {"kind": m.kind, "start": m.start, "end": m.end, **({"footnote": m.footnote} if m.kind == "footnote" else {})}
            for m in n.marks
        ],
        "footnotes": list(n.footnotes),
        "spans": [_span_dict(s) for s in n.spans],
        "attribution": n.attribution,
        "uncertain": list(n.uncertain),
        "truncated": {"start": n.truncated_start, "end": n.truncated_end},
        "missing": n.missing,
        "translations": n.translations,
        "edition": n.edition,
        "translator": n.translator,
        "url": url,
        "alignment": list(n.alignment),
        **({"run_in": True} if n.run_in else {}),
    }


def _node_from(d: dict[str, Any]) -> Node:
    return Node(
        id=d["id"], kind=d["kind"], law=d["law"], parent=d["parent"], lang=d["lang"],
        title=d["title"], title_from=d["title_from"], text=d["text"],
        marks=tuple(Mark(kind=m["kind"], start=m["start"], end=m["end"], footnote=m.get("footnote")) for m in d["marks"]),
        footnotes=tuple(d["footnotes"]), spans=tuple(_span_from(s) for s in d["spans"]),
        attribution=d["attribution"], uncertain=tuple(d["uncertain"]),
        truncated_start=d["truncated"]["start"], truncated_end=d["truncated"]["end"],
        missing=d["missing"], translations=d["translations"], label=d.get("label"),
        edition=d.get("edition"), translator=d.get("translator"), alignment=tuple(d.get("alignment", ())),
        run_in=bool(d.get("run_in")),
    )


def _footnote_dict(f: Footnote) -> dict[str, Any]:
    return {
        "id": f.id, "page": f.page, "text": f.text, "markers": list(f.markers), "orphan": f.orphan,
        "at": f.at, "spans": [_span_dict(s) for s in f.spans],
    }


def _ref_dict(r: Ref) -> dict[str, Any]:
    d = {
        "from": r.from_, "law": r.law, "target": r.target, "surface": r.surface, "group": r.group,
        "status": r.status, "source": r.source, "line": r.line, "span": [r.start, r.end], "lang": r.lang,
    }
    if r.partial:
        d["partial"] = True
    return d
