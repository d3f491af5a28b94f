"""The static site: one page per law, home, glossary, sources, unplaced pieces; every
reference a link, every clause listing who cites it. Works from ``file://``: relative
links only, no fetch, no network.

All text reaches HTML through jinja2's autoescape or ``markupsafe.escape``; the only
markup we build in Python is in ``render_text``, which escapes every piece of corpus text.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from array import array
from dataclasses import dataclass, replace
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from . import editions, ids
from .alignment import flat_spans
from .model import ONLY, Corpus, Footnote, Node, Ref, segments
from .patterns import SCRIPT_BREAKERS
from .structure.apparatus import law_doubts
from .site_apparatus import apparatus_pages, front_line, single_sections, terms_by_node, text_with_terms
from .profile import NAMED

TEMPLATES = Path(__file__).resolve().parent.parent / "site_templates"
# cleaning rules any clean copy needs, which mend no damage: a hard-wrapped text's lines
# joined, a web page's menus, header and footer dropped (Site.restored)
REFLOW_RULES = frozenset({"join_wrapped_lines", "join_commentary_lines", "page_navigation", "page_header_footer"})
# the profile's string (lawsearch/profiles/<name>/profile.toml, [strings.<lang>]) for each
# reference status, placement rule and how two languages of a node differ
STATUS_KEY = {"law": "ref_law", "outside": "ref_outside"}
RULE_KEY = {"continuity": "placed_continuity", "next-heading": "placed_next_heading",
            "curated": "placed_curated", "toc": "placed_toc", "page": "placed_page",
            "unattributed": "placed_unattributed"}
DIFFER_KEY = {"only-main": "differ_only_main", "only-translation": "differ_only_translation",
              "structure": "differ_structure", "title": "differ_title", "refs": "differ_refs"}


def own_title(code: dict, profile) -> str | None:
    """The ``[code] title`` of a corpus (or editions description) when it names its own code
    -- not the profile's default title --, else None: the profile's strings then name it."""
    title = str(code.get("title") or "").strip()
    default = str(profile.data.get("title") or "").strip()
    return title if title and title != default else None


def template_dir() -> Path:
    """site_templates/ beside the package (a source checkout or an editable install)."""
    if not TEMPLATES.is_dir():
        raise FileNotFoundError(f"site templates not found at {TEMPLATES}")
    return TEMPLATES


def lean(text: str) -> str:
    """A script or style sheet as the browser gets it: whole-line comments (``// …``,
    ``/* … */``), blank lines and indentation left out, every line of code kept as it is
    (line breaks too, so JavaScript reads the same statements). The sources keep their
    comments; a reader's phone need not load them (a third of the scripts). A text with a
    template literal (a backtick outside the comments), whose lines are data, is left whole.

    ``lean("  // a note\n  var a = 1; // kept\n/* a\n   block */ b();\n")`` is
    ``"var a = 1; // kept\nb();\n"``"""
    out, in_block = [], False
    for line in text.splitlines():
        code = line.strip()
        if in_block:
            if "*/" not in code:
                continue
            code, in_block = code[code.index("*/") + 2:].strip(), False
        elif code.startswith("/*"):
            end = code.find("*/", 2)
            if end < 0:
                in_block = True
                continue
            code = code[end + 2:].strip()
        if code and not code.startswith("//"):
            out.append(code)
    result = "\n".join(out) + "\n"
    return text if "`" in result else result


EDITION_LABELS = ("law", "id_in_edition", "id_in_edition" + NAMED)


def edition_strings(corpus) -> dict[str, dict[str, str]]:
    """For each language an edition of the corpus is in, other than the corpus's and spoken by
    its profile: the strings a hit's heading is made of (``EDITION_LABELS``), so an
    English-only edition's hits say "Law 6 (2020 edition)" as its pages do."""
    from .profile import of as profile_of

    profile = profile_of(corpus)
    langs = {e.lang for e in corpus.editions if e.lang and e.lang != corpus.lang and e.lang in profile.languages}
    return {lang: {k: v for k, v in profile.strings(lang).items() if k in EDITION_LABELS} for lang in sorted(langs)}


def page_script_strings(strings: dict[str, str]) -> dict[str, str]:
    """The profile's strings the page script asks for (each say() call of static/search.js),
    the only ones the search data carries: the whole table is the site's and the CLI's
    (about ten times as much), and every byte of the core is read before a first answer."""
    asked = script_string_keys((template_dir() / "static" / "search.js").read_text(encoding="utf-8"))
    return {key: text for key, text in strings.items() if key in asked or key.removesuffix(NAMED) in asked}


def script_string_keys(script: str) -> set[str]:
    """Every key a script's ``say(…)``/``sayIn(…)`` calls may ask for: each quoted word among
    a call's arguments, so a key chosen by a condition (a ternary between two quoted keys) is
    carried as well as a call with one quoted key."""
    keys: set[str] = set()
    for call in re.finditer(r"\bsay(?:In)?\(", script):
        depth, end = 1, call.end()
        while end < len(script) and depth:
            depth += {"(": 1, ")": -1}.get(script[end], 0)
            end += 1
        keys.update(re.findall(r'"(\w+)"', script[call.end():end]))
    return keys


def environment(words: Words | None = None) -> Environment:
    """The templates' environment; ``words`` gives them ``say``, ``t``, ``main`` and
    ``translation`` (docs/profiles.md, "Strings")."""
    env = Environment(loader=FileSystemLoader(str(template_dir())), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True)
    env.globals["anchor"] = ids.anchor
    env.globals["source_anchor"] = ids.source_anchor
    env.globals["heading_id"] = heading_ids(set())  # SiteBuilder's knows every node's anchor
    env.globals["url"] = ids.node_url
    env.globals["bare_id"] = editions.bare  # an ID without its edition, where the page names the edition
    if words is not None:
        env.globals.update(say=words.say, law_label=words.law_label, t=words.table, main=words.main,
                           translation=words.translation, lang_attr=lang_attr, shown_id=words.shown_id)
    return env


def heading_ids(anchors: set[str]):
    """The HTML id of a node's heading, given every node's anchor: the anchor and ``-h``
    (``l50d-h``), or ``--h`` where that is another node's anchor (the heading of 2(1)2,
    h2-1_2-h, beside the sub-point 2(1)2(h)): a node's anchor never holds ``--``.

    >>> heading = heading_ids({"l40a1", "l40a1-h", "l50d"})
    >>> heading("40A1"), heading("40A1(h)"), heading("50D")
    ('l40a1--h', 'l40a1-h-h', 'l50d-h')
    """
    def heading_id(node_id: str) -> str:
        own = ids.anchor(node_id)
        return own + ("--h" if own + "-h" in anchors else "-h")
    return heading_id


def lang_attr(lang: str | None) -> Markup:
    """`` lang="en"`` for an element in a translation's language; nothing where the corpus
    has no translation (an element then speaks the page's language)."""
    return Markup(' lang="{}"').format(lang) if lang else Markup("")


class Words:
    """Every string a page prints, in the corpus's main language, from its profile: the
    templates' ``say("law", id="50")`` (``Правило 50``), ``t.title_lost`` for a string with
    nothing to fill in, ``say("name", lang=translation)`` for a translation's own words.
    ``main`` is the corpus's language, ``translation`` its first other language (or None)."""

    def __init__(self, profile, main: str, translations: tuple[str, ...] = ()):
        self.profile = profile
        self.main = main
        self.translation = translations[0] if translations else None
        self.table = profile.strings(main)
        self.names: dict[str, str] = {}  # a piece's ID → its name as a reader sees it (``name_pieces``)

    def name_pieces(self, nodes) -> None:
        """Name each piece by its source file and book page (its line where the page is not
        known): «фрагмент ru-gora.txt, стр. 7», never its raw ID (``piece-ru-gora-43``)."""
        for n in nodes:
            if n.kind == "piece" and n.spans:
                self.names[n.id] = piece_name(self, n)

    def say(self, key: str, lang: str | None = None, **values) -> str:
        if "id" in values and key != "id_in_edition":  # another edition's ID: "50 (2017 edition)"
            values["id"] = self.shown_id(values["id"], lang)
        return self.profile.text(lang or self.main, key, **values)

    def shown_id(self, node_id: str, lang: str | None = None) -> str:
        """An ID as a reader sees it: bare in the default edition, with its edition otherwise;
        a piece by its name (its file and page)."""
        if node_id in self.names:
            return self.names[node_id]
        return editions.readable(node_id, self.profile, lang or self.main)

    def law_label(self, law: Node) -> str:
        """``Правило 3 (ред. 2012 г.)``: in the law's own language where the profile speaks it
        (an English-only edition's "Law 3 (2020 edition)", under its lang="en"), else the site's."""
        own = law.lang if law.lang and law.lang in self.profile.languages else None
        return self.say("law", lang=own, id=law.id)

    def heading(self, node: Node) -> str:
        """``50E.`` (a part: its full ID), ``Правило 50``, ``48.4``, ``Фрагмент``."""
        if node.kind == "law":
            return self.law_label(node)
        if node.kind == "commentary":
            return node.label or node.id  # the definitions' numbered paragraph as printed: 1.1 (defs.1)
        if node.kind == "piece":
            return self.say("piece")
        # a part's full ID, so a reader who jumped to it knows where they are: 50E., 47E2(a)
        # (another edition's page names its edition in the law's heading)
        return f"{editions.bare(node.id)}."


@dataclass
class View:
    """What the templates need about one node, computed once."""

    node: Node
    heading: str
    text_html: Markup | None
    children: list[View]
    cited_by: list[tuple[str, str]]  # (id, href)
    footnotes: list[Footnote]
    pages: list[int]
    evidence: str | None
    en_html: Markup | None = None  # the English text where a source gives it
    lost: dict[str, str] | None = None  # child id → the parts lost just before it ("47A–C")
    # child id → what one language's text lacks from it on, said so («31A–B: нет в русском тексте»)
    lost_lang: dict[str, str] | None = None

class SiteBuilder:
    def __init__(self, corpus: Corpus, curation_reasons: dict[str, str] | None = None, glossary=(), analysis=None,
                 build_id: str | None = None, analysed=None):
        from .profile import of as profile_of

        self.corpus = corpus
        self.words = Words(profile_of(corpus), corpus.lang, corpus.translation_languages)
        self.words.name_pieces(corpus.nodes)
        self.glossary = list(glossary)
        self.analysis = analysis  # lemmas for the concordance page
        # the build's analysis pass (analysis.AnalysedCorpus), shared with the index
        self.analysed = analysed
        self.single = False
        self._concordance = None
        self.by_id = {n.id: n for n in corpus.nodes}
        # references by the text they stand in: a node's main text and its translation have
        # offsets of their own
        self.refs_by_source: dict[str, list[Ref]] = {}
        self._nodes_by_source: dict[str, list[Node]] | None = None  # source path → nodes starting in it
        self.refs_translated: dict[str, list[Ref]] = {}
        for r in corpus.refs:
            (self.refs_by_source if r.lang == corpus.lang else self.refs_translated).setdefault(r.from_, []).append(r)
        self.cited = corpus.cited_by()
        self.curation_reasons = curation_reasons or {}
        self.parts_by_law: dict[str, list[Node]] = {}
        for n in corpus.nodes:
            if n.kind not in ("law", "commentary", "division"):
                self.parts_by_law.setdefault(n.law, []).append(n)
        # per node and per page, looked up rather than scanned: a scan for each would be quadratic
        self.notes_shown: dict[str, list[Footnote]] = {}  # a shared footnote under its first marker
        for f in corpus.footnotes:
            for owner in dict.fromkeys(([f.markers[0]] if f.markers else []) + ([f.at] if f.orphan and f.at else [])):
                self.notes_shown.setdefault(owner, []).append(f)
        self.divisions_by_page: dict[str, list[Node]] = {}  # "laws/50.html" → divisions shown there
        for n in corpus.nodes:
            if n.kind == "division":
                self.divisions_by_page.setdefault(ids.page(n.id, n.law, n.kind), []).append(n)
        self.env = environment(self.words)
        self.env.globals["build_id"] = build_id  # stamped into every page (_meta.html)
        self.env.globals["build_date"] = build_date(build_id)
        self.env.globals["heading_id"] = heading_ids({ids.anchor(n.id) for n in corpus.nodes})
        self.t = self.words.table  # the profile's strings in the corpus's main language (issue 9)
        self.terms_by_node = terms_by_node(corpus)  # defined terms used in each node (site_apparatus.py)
        self.front_line = lambda: front_line(self)
        self.apparatus_pages = [name for name, _, _ in apparatus_pages(self)]

    # -- links ------------------------------------------------------------------------------

    def href(self, node_id: str, root: str) -> str | None:
        node = self.by_id.get(node_id)
        if node is None:
            return None
        if self.single:  # one file: every node is an anchor in it
            return "#" + (node.id if ids.is_division(node.id) else ids.anchor(node.id))
        return root + ids.node_url(node)

    def link(self, url: str, root: str) -> str:
        """A page address as a link from a page at ``root``, or an anchor in the single file
        (a whole page, one with no anchor, is the file's contents at its top: never a bare "#")."""
        return "#" + (url.partition("#")[2] or "top") if self.single else root + url

    def ref_href(self, ref: Ref, root: str) -> str | None:
        if ref.status == "node":
            return self.href(ref.target, root)
        if ref.status == "law":
            law = (ids.parse_law_id(ref.target) or {}).get("law") or ref.target.split(".")[0]
            return self.href(law, root)
        return None

    # -- text ---------------------------------------------------------------------------------

    def render_text(self, text: str, marks, refs: list[Ref], root: str, terms=()) -> Markup:
        """Corpus text as HTML: paragraphs, gap marks, footnote markers, labels and
        references as links, defined terms linked to their definitions -- every piece of
        text escaped."""
        out: list[str] = []
        for seg in segments(text, marks, refs):
            piece = text[seg.start:seg.end]
            if seg.kind == "text":
                out.append(text_with_terms(self, text, seg.start, seg.end, terms, root))
            elif seg.kind == "gap":
                start = seg.start
                before = " " if start > 0 and not text[start - 1].isspace() else ""
                after = " " if start < len(text) and not text[start].isspace() else ""
                # a button: its meaning opens by touch and keyboard too (search.js), not only as a tooltip
                out.append(Markup('{}<button type="button" class="gap" title="{}">[…]<span class="visually-hidden"> {}</span></button>{}')
                           .format(before, self.words.say("gap_note"), self.words.say("gap_note"), after))
            elif seg.kind == "footnote" and seg.footnote:
                out.append(Markup('<sup class="fn-mark"><a href="#{0}" id="{0}-ref-{1}" aria-label="{2}">*</a></sup>').format(
                    ids.anchor(seg.footnote), seg.start, self.words.say("footnote")))
            elif seg.kind == "footnote":
                out.append(Markup('<sup class="fn-mark lost" title="{}">*</sup>').format(self.words.say("footnote_lost")))
            elif seg.kind == "label":
                out.append(Markup('<span class="label">{}</span>').format(piece))
            else:
                out.append(self._ref_html(seg.refs[0], list(seg.refs), piece, root))
        html = Markup("").join(out)
        paragraphs = [p for p in html.split("\n\n")]
        return Markup("").join(Markup("<p>{}</p>").format(Markup(p)) for p in paragraphs)

    def _ref_html(self, ref: Ref, group: list[Ref], surface: str, root: str) -> Markup:
        if len(group) > 1:
            # "разделам C, D или E": one link for the words, then each target
            links = Markup(", ").join(self._ref_link(r, r.target, root) for r in group)
            # the site's words, not the book's: styled apart and said so to a screen reader
            return Markup('{} <span class="ref-list editorial"><span class="visually-hidden">{}: </span>({})</span>').format(
                surface, self.t["site_links"], links)
        return self._ref_link(ref, surface, root)

    def _ref_link(self, ref: Ref, label: str, root: str) -> Markup:
        href = self.ref_href(ref, root)
        status = self.words.say(STATUS_KEY[ref.status]) if ref.status in STATUS_KEY else ""
        if href is None:
            return Markup('<span class="ref outside" title="{}">{}</span>').format(status, label)
        target = self.by_id.get(ref.target)
        gap = Markup(' data-gap-start=""') if target is not None and self.starts_with_gap(target) else ""
        return Markup('<a class="ref to-{}" href="{}" data-target="{}"{}{}>{}</a>').format(
            ref.status, href, ref.target, Markup(' title="{}"').format(status) if status else "", gap, label)

    def starts_with_gap(self, node: Node) -> bool:
        """Whether a preview of ``node`` begins with a fragment: its own text starts where
        the book is lost, or, with no text of its own, its first part's does (law 50 → 50A)."""
        if node.text:
            return node.truncated_start or any(m.kind == "gap" and m.start == 0 for m in node.marks)
        parts = [c for c in self.corpus.children(node.id) if labelled(c.kind)]
        return bool(parts) and self.starts_with_gap(parts[0])

    # -- views --------------------------------------------------------------------------------

    def view(self, node: Node, root: str, shown: list | None = None) -> View:
        """A node and its children; ``shown`` carries the last placement note down the page,
        so a run of nodes placed the same way is annotated once, where it starts."""
        shown = shown if shown is not None else [None]
        placement = self.placement(node)
        if placement == shown[0]:
            placement = None
        elif placement is not None:
            shown[0] = placement
        evidence = "; ".join(x for x in (placement, self.guess(node)) if x) or None
        children = [self.view(c, root, shown) for c in self.corpus.children(node.id) if c.kind != "division"]
        text_html = self.render_text(node.text, node.marks, self.refs_by_source.get(node.id, []), root,
                                     self.terms_by_node.get(node.id, ())) if node.text else None
        translated = self.translation(node).get("text")
        en_html = self.render_text(translated, (), self.refs_translated.get(node.id, []), root) if translated else None
        # a footnote shared by several markers is printed once, under the first of them
        notes = self.notes_shown.get(node.id, [])
        cited_by = [(i, self.href(i, root) or "#") for i in self.cited.get(node.id, [])]
        pages = sorted({s.page for s in node.spans if s.page is not None})
        # the lost run as headings show IDs («71A (ред. 2019 г.)»), never the internal «2019~71A»
        lost = {child: self.words.shown_id(run) for child, run in lost_parts(node, [c.node for c in children]).items()}
        lost_lang = {child: self.lost_lang_text(run, side)
                     for child, (run, side) in lost_in_one_language(node, [c.node for c in children]).items()}
        return View(node, self.words.heading(node), text_html, children, cited_by, notes, pages, evidence, en_html,
                    lost, lost_lang)

    def lost_lang_text(self, run: str, side: str, every_edition: bool = False) -> str:
        """«31A–B: нет в русском тексте (только в английском)»: parts one language lacks. In a
        law's placeholder the run is named as headings name IDs (bare in the default edition,
        «71A (ред. 2019 г.)» in another), as the lost run's placeholder is; in the sources page's
        list of every edition's losses (``every_edition``) with its edition always."""
        return self.words.say(f"lost_parts_{side}", ids=self.in_edition(run) if every_edition else self.words.shown_id(run))

    def placement(self, node: Node) -> str | None:
        """How a node's law was found, when not by its own heading (shown once per run of
        nodes placed the same way)."""
        if node.attribution in ("curated", "next-heading", "continuity", "toc", "page") and node.kind != "commentary":
            note = self.words.say(RULE_KEY[node.attribution])
            reason = self.curation_reasons.get(node.id)
            return f"{note}: {reason}" if node.attribution == "curated" and reason else note
        return None

    def guess(self, node: Node) -> str | None:
        """Which parts of a node's ID are a guess (shown on the node itself)."""
        # a level its law has no part of was restored from nothing: a piece placed in a law
        # with no sections is where in the law unknown, not a guessed section letter
        levels = self.__dict__.get("_levels_of_law")
        if levels is None:
            levels = self.__dict__["_levels_of_law"] = {(n.law, n.kind) for n in self.corpus.nodes if not n.missing}
        uncertain = [u for u in node.uncertain if u == "law" or (node.law, u) in levels]
        if uncertain:
            return self.words.say("guessed", levels=", ".join(self.words.say(f"level_{u}") for u in uncertain))
        return None

    def concordance(self) -> list:
        """Each glossary term (once) with its lines in context, every form of its lemmas,
        all found in one pass over the analysed texts (once: the pages and the single file)."""
        if self._concordance is None:
            self._concordance = self._find_concordance()
        return self._concordance

    def _find_concordance(self) -> list:
        from .analysis import AnalysedCorpus
        from .concordance import concordance

        terms, seen = [], set()
        for n, term in enumerate(self.glossary):
            if term.term not in seen:
                seen.add(term.term)
                terms.append((n, term))
        analysed = self.analysed if self.analysed is not None else AnalysedCorpus(self.analysis)
        found = concordance(self.corpus, analysed, [term.term for _, term in terms], width=WIDTH)
        return [({"term": term.term, "translation": term.translation, "slug": f"term-{n}"}, [whole_words(line) for line in lines])
                for (n, term), lines in zip(terms, found)]

    def translation(self, node: Node) -> dict:
        """The node's title and text in the corpus's translation language ({} where none)."""
        return (node.translations.get(self.words.translation) or {}) if self.words.translation else {}

    def has_translation(self, law: Node) -> bool:
        """Whether any part of the law has text in the translation language (a second-language source)."""
        return any(self.translation(n).get("text") for n in [law, *self.parts_by_law.get(law.id, [])])

    def alignment_text(self, node: Node) -> str:
        """How the node's languages differ, in words: ``only-en`` (a translation's) reads as
        "only in the translation"."""
        def key(flag: str) -> str | None:
            if flag == f"only-{self.corpus.lang}":
                return DIFFER_KEY["only-main"]
            if flag.startswith("only-"):
                return DIFFER_KEY["only-translation"]
            return DIFFER_KEY.get(flag)
        return ", ".join(self.words.say(key(f)) if key(f) else f for f in node.alignment)

    def lead(self, edition: str | None = None) -> str:
        """The home page's first sentence, from the manifest: the laws, the edition (the
        default one, or ``edition`` of a multi-edition corpus), who translated the main text
        and when, whether a commentary is there."""
        edition = edition or self.corpus.code.get("edition", "")
        laws = self.edition_laws().get(edition) or self.laws()
        if not laws:
            return ""
        laws = [editions.bare(n.id) for n in laws]
        translation = self.translated_by(edition)
        commentary = self.words.say("lead_commentary") if any(s.kind == "commentary" for s in self.corpus.sources) else ""
        # a corpus that names no edition says no year («кодекса  г.» was printed)
        line = str(self.words.say("lead" if edition else "lead_undated", first=laws[0], last=laws[-1], edition=edition)) \
            + translation + commentary
        return line if line.endswith(".") else line + "."

    def code_title(self) -> str:
        """The code's title for the home page: the manifest's ``[code] title`` when it names
        its own code (not the profile's default title), else the profile's string."""
        return own_title(self.corpus.code, self.words.profile) or self.t["code_title"]

    def brand(self) -> str:
        """The header's name of the site: the manifest's ``[code] title`` when it names its own
        code (as ``code_title``), else the profile's short ``brand``."""
        return own_title(self.corpus.code, self.words.profile) or self.t["brand"]

    def app_names(self) -> tuple[str, str]:
        """The installed app's name and short name (manifest.webmanifest): the code's own
        title for both when it has one, else the profile's ``app_name``, ``app_short_name``."""
        title = own_title(self.corpus.code, self.words.profile)
        return (title, title) if title else (self.t["app_name"], self.t["app_short_name"])

    def footer(self, edition: str | None = None) -> str:
        """The footer's first sentence: the code, ``edition`` (the default one when None), who
        translated it -- one full stop at its end, whether or not the profile's string ends
        with one."""
        edition = edition or self.corpus.code.get("edition", "")
        line = str(self.words.say("footer" if edition else "footer_undated", title=self.corpus.code.get("title", ""),
                                  edition=edition)) + self.translated_by(edition)
        return line if line.endswith(".") else line + "."

    def restored(self) -> bool:
        """Whether the footer says the text was restored from damaged sources: text is lost
        somewhere (a gap mark, a part whose start or end is lost, a law known by no more than
        its number or title, a heading lost), or a cleaning rule mended damage -- not merely
        joined the lines of a hard-wrapped text (``REFLOW_RULES``), which any clean copy needs."""
        cached = self.__dict__.get("_restored")
        if cached is None:
            corpus = self.corpus
            cached = (any(m.kind == "gap" for n in corpus.nodes for m in n.marks)
                      or any(n.truncated_start or n.truncated_end or n.missing or n.heading_lost for n in corpus.nodes)
                      or any(rule not in REFLOW_RULES and count
                             for rules in corpus.repairs.values() for rule, count in rules.items()))
            self.__dict__["_restored"] = cached
        return cached

    def translated_by(self, edition: str | None = None) -> str:
        """"; перевод: А. Рыбников (1991)": who translated the main law text of ``edition``
        (the default one when None), as its manifest entry says ("" for an original)."""
        default = self.corpus.code.get("edition")
        edition = edition or default
        several = len(self.corpus.editions) > 1
        texts = [s for s in self.corpus.sources if s.kind == "laws" and s.lang == self.corpus.lang
                 and (not several or (s.edition or default) == edition)]
        if not texts or not texts[0].translator:
            return ""
        key = "lead_translation_year" if texts[0].published else "lead_translation"
        return self.words.say(key, translator=texts[0].translator, published=texts[0].published)

    def superseded(self, edition: str | None = None) -> str:
        """"The 1987 code was replaced by …", from the profile's [editions] table; "" when
        it says nothing of this edition."""
        edition = str(edition or self.corpus.code.get("edition", ""))
        later = self.words.profile.data.get("editions", {}).get(edition, {}).get("superseded_by", [])
        if not later:
            # the profile says nothing: a later edition in this very corpus (editions named by
            # their years; other names say nothing of which came first)
            here = [e.id for e in self.corpus.editions
                    if edition.isdigit() and e.id.isdigit() and int(e.id) > int(edition)]
            return self.words.say("superseded_here", edition=edition, later=", ".join(here)) if here else ""
        joined = self.words.say("and").join([", ".join(later[:-1]), later[-1]] if len(later) > 1 else later)
        return self.words.say("superseded", edition=edition, later=joined)

    def footnote_html(self, f: Footnote, root: str) -> Markup:
        """A footnote's text, inline (it stands in one paragraph with its mark)."""
        html = self.render_text(f.text, (), self.refs_by_source.get(f.id, []), root)
        return Markup(str(html).replace("<p>", "").replace("</p>", " ").strip())

    # -- pages -------------------------------------------------------------------------------

    def source_breaks(self, source) -> list[tuple[str, str, str]]:
        """(id, address, what) for each part of ``source`` whose text breaks off, in reading
        order: where the book's pages are lost (``("47D", "laws/47.html#l47d", "начало утеряно, с. 78")``)."""
        if self._nodes_by_source is None:  # one walk of the corpus for all sources, not one per source
            self._nodes_by_source = {}
            for n in self.corpus.nodes:
                if n.spans:
                    self._nodes_by_source.setdefault(n.spans[0].source, []).append(n)
        out = []
        for n in self._nodes_by_source.get(source.path, []):
            what = [self.t[k] for k, flag in (("lost_start", n.truncated_start), ("lost_end", n.truncated_end),
                    ("lost_inside", any(m.kind == "gap" and 0 < m.start < len(n.text or "") for m in n.marks))) if flag]
            if what:
                pages = sorted({s.page for s in n.spans if s.page is not None})
                out.append((n.id, ids.node_url(n), ", ".join([*what, *([self.words.say("pages", pages=", ".join(map(str, pages)))] if pages else [])])))
        return out

    def repair_words(self, rule: str) -> str:
        """A cleaning rule in plain words (the profile's ``repair_<rule>``), else its name:
        ``split_at_footer`` → "отделены колонтитулы страниц, слипшиеся с текстом"."""
        return self.t.get(f"repair_{rule}", rule)

    def plain_repairs(self, repairs: dict[str, int]) -> list[tuple[str, int]]:
        """A source's repairs for the plain part of the sources page: each rule the profile
        has words for, in them, and the rest summed as "other repairs" (their names stay in the
        developer's view) -- never a rule's code name in the reader's part."""
        named = [(self.t[f"repair_{rule}"], count) for rule, count in repairs.items() if f"repair_{rule}" in self.t]
        rest = sum(count for rule, count in repairs.items() if f"repair_{rule}" not in self.t)
        return named + ([(self.words.say("repair_other"), rest)] if rest else [])

    def language_name(self, lang: str) -> str:
        """A language as a reader names it (the profile's ``name`` in that language: "русский",
        "English"), its code where the profile does not speak it."""
        return self.words.say("name", lang=lang) if lang in self.profile_languages() else lang

    def profile_languages(self) -> tuple[str, ...]:
        return tuple(self.words.profile.languages)

    def lost_laws_text(self) -> str:
        """The laws with no text at all, as a reader names them (another edition's with it)."""
        return ", ".join(self.words.shown_id(n.id) for n in self.laws() if n.missing)

    def lost_everywhere(self) -> list[tuple[str, str]]:
        """(what is lost, the address of where it would stand): the lost runs of parts
        (``47A–C``) in reading order."""
        out = []
        for n in self.corpus.nodes:
            children = [c for c in self.corpus.children(n.id) if labelled(c.kind)]
            for child_id, ids_lost in lost_parts(n, children).items():
                out.append((self.words.say("lost_parts", ids=self.in_edition(ids_lost)),
                            ids.node_url(self.by_id[child_id])))
            for child_id, (run, side) in lost_in_one_language(n, children).items():
                out.append((self.lost_lang_text(run, side, every_edition=True), ids.node_url(self.by_id[child_id])))
        return out

    def in_edition(self, run: str) -> str:
        """A run of IDs (``2020~2A–B``) as the sources page's list of every edition's losses
        names it: in a corpus of several editions with its edition, the default one's too (a
        lost 2A is lost in one edition only); a law's placeholder names it as headings do."""
        edition, bare = editions.split(run)
        if len(self.corpus.editions) > 1:
            edition = edition or self.corpus.editions_default
        return self.words.say("id_in_edition", id=bare, edition=edition) if edition and len(self.corpus.editions) > 1 else bare

    def laws(self) -> list[Node]:
        return [n for n in self.corpus.nodes if n.kind == "law"]

    # -- editions (lawsearch/editions.py) --------------------------------------------------

    def edition_laws(self) -> dict[str, list[Node]]:
        """Each edition's laws in reading order, the editions in the corpus's order."""
        out: dict[str, list[Node]] = {e.id: [] for e in self.corpus.editions}
        for law in self.laws():
            out.setdefault(editions.edition_of(law.id, self.corpus) or "", []).append(law)
        return out

    def source_count(self, edition: str | None) -> int:
        """How many sources the stamp of a page of ``edition`` counts: that edition's, in a
        corpus of several («Редакция 2014 г. · источников: 3»), else every source (and in the
        single file, which holds every edition)."""
        if len(self.corpus.editions) < 2 or self.single:
            return len(self.corpus.sources)
        default = editions.default_edition(self.corpus)
        return sum(1 for s in self.corpus.sources if (s.edition or default) == edition)

    def stamp(self, edition: str | None, build: str, date: str) -> str:
        """The stamp of a page of ``edition``: the edition and the count of its sources; the single
        file of a corpus of several editions holds them all, and its count is every edition's, so
        its stamp says so («Все редакции · источников: 3») rather than name the default one."""
        if self.single and len(self.corpus.editions) > 1:
            return self.words.say("stamp_all", sources=self.source_count(edition), build=build, date=date)
        return self.words.say("stamp" if edition else "stamp_undated", edition=edition,
                        sources=self.source_count(edition), build=build, date=date)

    def editions_in_order(self):
        """The corpus's editions as the contents pages list them: chronological."""
        return editions.in_order(self.corpus)

    def edition_contents(self, edition: str) -> str:
        """The contents page of an edition: ``index.html`` for the default one."""
        default = editions.default_edition(self.corpus)
        return "index.html" if edition == default else f"index{editions.SEPARATOR}{edition}.html"

    def edition_switch(self, law: Node) -> list[dict]:
        """The edition switch of a law page: per edition, where the same law is in it
        (``href`` from the law's folder), whether it went to another number, or none;
        [] in a single-edition corpus."""
        if len(self.corpus.editions) < 2:
            return []
        here = editions.edition_of(law.id, self.corpus)
        out = []
        founds = {ed.id: editions.counterpart_of(self.corpus, law.id, ed.id, self.title_bridge())
                  for ed in self.corpus.editions if ed.id != here}
        for ed in editions.in_order(self.corpus):  # as published, not as the manifest lists them
            # the language of the page a link leads to: that edition's own (its tree's), so a link
            # to an English-only edition from a Russian one says hreflang="en"
            lang = ed.lang or (ed.langs[0] if ed.langs else None)
            if ed.id == here:
                out.append({"edition": ed.id, "current": True, "href": None, "note": None})
                continue
            found = founds[ed.id]
            if found.target is None and not found.by_comparison:
                # no comparison joins the editions and no title agrees: no honest match, said so;
                # or nothing to compare by at all: that it could not be checked (never "removed");
                # or that edition's text is lost where the law would stand (never "not yet")
                key = {"unchecked": "edition_unchecked", "lost": "edition_lost"}.get(found.by, "edition_unmatched")
                out.append({"edition": ed.id, "current": False, "href": self.link(self.edition_contents(ed.id), "../"),
                            "note": self.words.say(key, edition=ed.id)})
            elif found.target is None:
                # the texts compared: removed in a later edition, not yet in an earlier one (names in order)
                later = editions.later(ed.id, here) if here is not None else None
                # "not yet" never of a law an edition before that one has (removed, then restored)
                if later is False and any(f.target is not None and editions.later(e, ed.id) is False
                                          for e, f in founds.items()):
                    later = None
                key = "edition_absent" if later is None else "edition_removed" if later else "edition_not_yet"
                out.append({"edition": ed.id, "current": False, "href": self.link(self.edition_contents(ed.id), "../"),
                            "note": self.words.say(key, edition=ed.id)})
            else:
                bare = editions.bare(found.target)
                note = (self.words.say("edition_by_number", edition=ed.id, id=bare) if found.by == "number"
                        else None if found.same else self.words.say("edition_moved", edition=ed.id, id=bare))
                out.append({"edition": ed.id, "current": False, "href": self.link(ids.node_url(self.by_id[found.target]), "../"),
                            "note": note})
            out[-1]["lang"] = lang
            out[-1].update(self.compare_link(law, here, ed.id))
        return out

    # -- the compare view of consecutive editions (lawsearch/compare_site.py) -----------------

    def compare_pairs(self) -> list[tuple[str, str]]:
        """Each edition after the first with the nearest edition before it (in chronological
        order, ``editions.chronological``: as ``diff`` orders them) that shares a language with
        it: consecutive editions when they share one, else the one before them that does (a
        Russian 2012, an English 2020, a Russian «klub»: 2012 → 2020 and 2012 → klub). The site
        has a compare view of each."""
        eds = editions.in_order(self.corpus)
        out = []
        for k, b in enumerate(eds):
            a = next((a for a in reversed(eds[:k]) if set(a.langs) & set(b.langs)), None)
            if a is not None:
                out.append((a.id, b.id))
        return out

    def write_compare_views(self, target: Path) -> list[Path]:
        """The compare pages of every pair of ``compare_pairs`` under ``compare/<old>~<new>/``;
        remembers each pair's law pages for the links to them."""
        from .compare_site import pair_folder, write_compare

        written: list[Path] = []
        for (old, new), view in self.compare_views().items():
            pages = write_compare(target, None, old, new, view.langs, self.words.profile, folder=pair_folder(old, new),
                                  home="../../index.html", words=self.words, search=True, view=view)
            written += pages
        return written

    def compare_views(self) -> dict:
        """The compare view (``compare_site.CompareView``) of each pair of ``compare_pairs``,
        made once: the site's pages and the single file's sections show the same; remembers
        each pair's laws for the links to them (``compare_laws``)."""
        if "_compare_views" not in self.__dict__:
            from .compare_site import CompareView

            self._compare_views = {}
            self.compare_laws = {}
            if len(self.corpus.editions) > 1:
                kept = editions.edition_set(self.corpus)
                for old, new in self.compare_pairs():
                    # the site's own language first (a Russian site's compare pages: Russian, then English)
                    langs = sorted(kept.shared_languages(old, new), key=lambda lang: lang != self.corpus.lang)
                    view = CompareView(kept, old, new, langs, self.words.profile, self.env.globals["build_id"],
                                       self.words)
                    self._compare_views[(old, new)] = view
                    self.compare_laws[(old, new)] = set(view.laws)
        return self._compare_views

    def compare_sections(self):
        """The single file's sections of the compare views (one of each pair's laws, and one
        listing them), as ``single.html`` renders them with ``_compare.html``: the ids of a page
        made the file's own (``compare-<old>~<new>-<law>-…``), its links anchors in the file.
        Made one at a time, as the file is written."""
        from .compare_site import pair_folder

        for (old, new), view in self.compare_views().items():
            base = single_compare_id(pair_folder(old, new))
            links = {"law_href": lambda law, base=base: f"#{base}-{law}",
                     "at": lambda law, fragment, base=base: f"#{base}-{law}-{fragment}",
                     "index_href": f"#{base}"}
            yield {"id": base, "law": None, "title": view.index_title(), "hl": 2, "anchor": ids.anchor,
                   "cid": lambda name, base=base: f"{base}-{name}", **links, **view.common}
            for law in view.laws:
                own = f"{base}-{law}"
                yield {"id": own, "law": law, "title": view.title(law), "sections": view.sections(law), "hl": 2,
                       "anchor": ids.anchor, "cid": lambda name, own=own: f"{own}-{name}", **links, **view.common}

    def compare_home_links(self) -> list[dict]:
        """The contents pages' links to each compare view: ``{"href", "text"}`` from the site's root."""
        from .compare_site import pair_folder

        if self.single:  # the file's own sections of them (``compare_sections``)
            return [{"href": f"#{single_compare_id(pair_folder(old, new))}",
                     "text": self.words.say("compare_index", old=old, new=new)} for old, new in self.compare_views()]
        return [{"href": f"{pair_folder(old, new)}/index.html", "text": self.words.say("compare_index", old=old, new=new)}
                for old, new in getattr(self, "compare_laws", {})]

    def compare_link(self, law: Node, here: str | None, other: str) -> dict:
        """For a law page's switch entry of edition ``other``: ``compare`` (the href of this
        law's compare page of the two editions, when they are a compared pair) and its text."""
        from .compare_site import pair_folder

        if self.single:
            self.compare_views()  # the single file carries the compare view whether or not the site was written
        laws = getattr(self, "compare_laws", {})
        pair = (here, other) if (here, other) in laws else (other, here) if (other, here) in laws else None
        if pair is None:
            return {"compare": None, "compare_text": None}
        page = editions.bare(law.id)
        if pair[0] == here:  # the older edition's law: its page is named after where it went
            went = editions.went_to(self.corpus, law.id, other)
            if went is not None and went[0] is not None and editions.bare(went[0]) in laws[pair]:
                page = editions.bare(went[0])
        if page not in laws[pair]:
            return {"compare": None, "compare_text": None}
        # (the single file: its section of that page, ``compare_sections``)
        href = f"#{single_compare_id(pair_folder(*pair))}-{page}" if self.single else f"../{pair_folder(*pair)}/{page}.html"
        return {"compare": href, "compare_text": self.words.say("compare_link", old=pair[0], new=pair[1])}

    def title_bridge(self):
        """The glossary as a bridge between titles in its two languages (``editions.TitleBridge``)
        for editions that share no language; None without a glossary or the analysis to read
        the first language's word forms."""
        if "_bridge" not in self.__dict__:
            self._bridge = None
            languages = self.words.profile.languages
            if self.glossary and self.analysis is not None and len(languages) > 1:
                from .index import ENGLISH
                from .morph import english_stem

                if languages[1] == ENGLISH:
                    def stems(text: str) -> list[str]:
                        return [english_stem(w) for w in re.findall(r"\w+", text.lower())]

                    self._bridge = editions.TitleBridge(self.glossary, languages[0], languages[1],
                                                        self.analysis.terms, stems)
        return self._bridge

    def law_status(self, law: Node) -> str:
        parts = self.parts_by_law.get(law.id, [])
        commentary = self.corpus.commentary(law.id)
        if law.missing and commentary:
            return self.words.say("status_commentary_only")
        if law.missing:
            return self.words.say("status_lost")
        lost = law.truncated_start or any(n.truncated_start or n.truncated_end for n in [law, *parts])
        # parts whose labels skip (the law starts at its C: A and B are lost) are a gap as well,
        # though no surviving text is cut
        lost = lost or any(lost_parts(n, [c for c in self.corpus.children(n.id) if labelled(c.kind)])
                           for n in [law, *parts])
        # the build warned that text of it may be elsewhere (a lost law's read at its end, a
        # page after it left unplaced): not "complete"
        if not lost and law_doubts(self.corpus.apparatus, law.id):
            return self.words.say("status_unsure")
        if not lost:  # whole in one language, not in the other: named so, not «полностью»
            sides = {side for n in [law, *parts]
                     for _, side in lost_in_one_language(n, [c for c in self.corpus.children(n.id)
                                                            if labelled(c.kind)]).values()}
            if sides:
                return self.words.say("status_gaps_main" if "main" in sides else "status_gaps_translation")
        return self.words.say("status_gaps" if lost else "status_full")

    def write(self, target: Path) -> list[Path]:
        """Render every page into ``target`` (an empty folder); return the files written."""
        written: list[Path] = []

        def page(name: str, template: str, root: str, of_edition: str | None = None, **context) -> None:
            """``of_edition``: the edition the page is of, which its header and footer state
            (the corpus's default edition when None)."""
            path = target / name
            path.parent.mkdir(parents=True, exist_ok=True)
            code = self.corpus.code if of_edition is None else {**self.corpus.code, "edition": of_edition}
            html = self.env.get_template(template).render(root=root, code=code, site=self, **context)
            path.write_text(html, encoding="utf-8")
            written.append(path)

        laws = self.laws()
        divisions = {n.id: n for n in self.corpus.nodes if n.kind == "division"}
        say = self.words.say
        by_edition = self.edition_laws()
        # first: the law pages and the contents link to them
        written.extend(self.write_compare_views(target))
        for ed in self.corpus.editions:
            page(self.edition_contents(ed.id), "home.html", "", of_edition=ed.id, laws=by_edition.get(ed.id, []),
                 divisions=divisions,
                 title=self.code_title() if ed.default else say("edition_contents", edition=ed.id),
                 edition=None if len(by_edition) < 2 else ed)
        for law in laws:
            # the pager walks one edition's laws
            same = by_edition.get(editions.edition_of(law.id, self.corpus) or "", laws)
            i = same.index(law)
            page(f"laws/{law.id}.html", "law.html", "../", of_edition=editions.edition_of(law.id, self.corpus), law=law,
                 view=self.view(law, "../"), wide=self.has_translation(law),
                 commentary=[self.view(c, "../") for c in self.corpus.commentary(law.id)],
                 division=divisions.get(law.parent) if law.parent else None,
                 divisions_here=self.divisions_by_page.get(f"laws/{law.id}.html", []),
                 prev=same[i - 1] if i else None, next=same[i + 1] if i + 1 < len(same) else None,
                 title=f"{say('law', id=law.id)}. {law.title or self.translation(law).get('title') or ''}")
        page("search.html", "search.html", "", title=say("results_title"))
        page("sources.html", "sources.html", "", title=say("sources"))
        page("glossary.html", "glossary.html", "", glossary=self.glossary, title=say("glossary"))
        for name, template, context in apparatus_pages(self):  # subject index, definitions (issue 13)
            page(name, template, "", **context)
        if self.analysis is not None:
            page("concordance.html", "concordance.html", "", terms=self.concordance(), title=say("concordance"))
        pieces, matter = unplaced_pieces(self.corpus)
        page("unattributed.html", "unattributed.html", "", pieces=[self.view(p, "") for p in pieces],
             matter=[self.view(p, "") for p in matter], title=say("unattributed"))
        static = template_dir() / "static"
        if static.is_dir():
            shutil.copytree(static, target / "static", dirs_exist_ok=True)
            written.extend(p for p in (target / "static").rglob("*") if p.is_file())
            for path in written:
                if path.suffix in (".js", ".css") and path.is_relative_to(target / "static"):
                    path.write_text(lean(path.read_text(encoding="utf-8")), encoding="utf-8")
        written.extend(self.write_offline(target, written))
        return written

    def write_offline(self, target: Path, written: list[Path]) -> list[Path]:
        """The web app manifest and the service worker that keeps this build's every file
        (and the search data, written after the pages: SEARCH_DATA) for reading offline."""
        # (written again once the search data's chunks are in: build.py; never listing itself)
        files = sorted(({p.relative_to(target).as_posix() for p in written} | {SEARCH_DATA}) - {"sw.js", "manifest.webmanifest"})
        sw = target / "sw.js"
        sw.write_text(self.env.get_template("sw.js").render(build=self.env.globals["build_id"] or "", files=files),
                      encoding="utf-8")
        manifest = target / "manifest.webmanifest"
        manifest.write_text(json.dumps({
            "name": self.app_names()[0], "short_name": self.app_names()[1], "lang": self.words.main,
            "start_url": "index.html", "scope": "./", "display": "standalone",
            "background_color": "#fdfcf8", "theme_color": "#1f5f9f",
            "icons": [{"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml"}],
        }, ensure_ascii=False, indent=1), encoding="utf-8")
        return [sw, manifest]


    def write_single(self, path: Path, data_script: str) -> None:
        """The whole site in one self-contained HTML file: styles, script, search data and
        every law inline, links as in-page anchors (``lawsearch build --single-file``)."""
        self.single = True
        try:
            laws = self.laws()
            # a generator, and the template streamed to the file: one law's view at a time in memory
            items = ({"law": law, "view": self.view(law, ""),
                      "commentary": [self.view(c, "") for c in self.corpus.commentary(law.id)],
                      "divisions_here": self.divisions_by_page.get(f"laws/{law.id}.html", [])}
                     for law in laws)
            static = template_dir() / "static"
            stream = self.env.get_template("single.html").stream(
                root="", code=self.corpus.code, site=self, laws=laws, items=items, glossary=self.glossary,
                terms=self.concordance() if self.analysis is not None else [],
                pieces=[self.view(p, "") for p in self.corpus.nodes if p.kind == "piece" and p.law is None],
                compare=self.compare_sections(),  # the compare view of each pair of editions (issue 16)
                apparatus=single_sections(self),  # the subject index and the definitions (issue 13)
                css=Markup(lean((static / "style.css").read_text(encoding="utf-8"))),
                engine_js=inline_script(lean((static / "engine.js").read_text(encoding="utf-8"))),
                pieces_js=inline_script(lean((static / "pieces.js").read_text(encoding="utf-8"))),
                search_js=inline_script(lean((static / "search.js").read_text(encoding="utf-8"))),
                stem_js=inline_script(lean((static / "stem-en.js").read_text(encoding="utf-8"))),
                data_script=Markup(data_script))
            with open(path, "w", encoding="utf-8") as f:
                stream.dump(f)
        finally:
            self.single = False


def single_compare_id(folder: str) -> str:
    """The single file's id of a compare view (``compare_site.pair_folder``'s folder as one
    name): ``compare-2007~2017``; its law 61's section is ``compare-2007~2017-61``."""
    return folder.replace("/", "-")


def build_date(build_id: str | None) -> str | None:
    """The day a build was made, read from its id (output.py names builds by UTC time):
    ``build_date("20261201T014728Z-327c3b") == "2026-12-01"``."""
    if not build_id or len(build_id) < 8 or not build_id[:8].isdigit():
        return None
    return f"{build_id[:4]}-{build_id[4:6]}-{build_id[6:8]}"


SEARCH_DATA = "search-index.js"  # the browser's search data, beside the pages (build.py writes it)
WIDTH = 50  # characters of context each side on the concordance page


def whole_words(line):
    """A context line cut at whole words: a context cut at ``WIDTH`` loses its broken
    word and says so with "…" (``"елью упорядочить"`` → ``"… упорядочить"``)."""
    left, right = line.left, line.right
    if len(left) >= WIDTH and " " in left and not left.startswith(" "):
        left = "…" + left[left.index(" "):]
    if len(right) >= WIDTH and " " in right and not right.endswith(" "):
        right = right[:right.rindex(" ")] + " …"
    return replace(line, left=left, right=right)


def unplaced_pieces(corpus: Corpus) -> tuple[list[Node], list[Node]]:
    """The pieces no rule placed, each list in the book's page order (pieces without a page
    after, in file order): those that may be law text, and those of the book's own matter
    (a preface, an afterword: the suggestions' verdict ``matter``), listed apart."""
    matter_ids = {ids.rules().piece_id(s["source"], s["first"]) for s in corpus.report.unsuggested
                  if s.get("verdict") == "matter"}
    files = {s.path: k for k, s in enumerate(corpus.sources)}

    def order(n: Node) -> tuple:
        span = n.spans[0] if n.spans else None
        page = span.page if span is not None else None
        return (page is None, page or 0, files.get(span.source, 0) if span else 0, span.lines[0] if span else 0)

    pieces = sorted((n for n in corpus.nodes if n.kind == "piece" and n.law is None), key=order)
    return [n for n in pieces if n.id not in matter_ids], [n for n in pieces if n.id in matter_ids]


def piece_name(words: "Words", node: Node) -> str:
    """A piece as a reader names it: the file it stands in and its book page, or its first
    line where the page is not known (``piece_at_page``, ``piece_at_line``)."""
    span = node.spans[0]
    source = span.source.rpartition("/")[2]
    if span.page is not None:
        return words.say("piece_at_page", source=source, page=span.page)
    return words.say("piece_at_line", source=source, line=span.lines[0])


def labelled(kind: str) -> bool:
    """Whether a node of ``kind`` is a part a law's labels number in order: any level of the
    active profile's grammar below a law, by its profile's name."""
    return kind in ids.rules().levels


def _label_form(kind: str) -> tuple[str, str]:
    """What stands before and after a level's label in its ID part (``[grammar.ids]``):
    ``("(", ")")`` for ``({label})``, ``(".", "")`` for ``.{label}``."""
    form = ids.rules().formats.get(kind, "{label}")
    pre, _, post = form.partition("{label}")
    return pre, post


def label_number(label: str, form: tuple[str, str] = ("", ""), kind: str | None = None) -> int | None:
    """A part's place in its level's alphabet from the end of its ID, written in ``form``
    (``_label_form``): ``D`` → 4, ``2`` → 2, ``(b)`` → 2 in ``("(", ")")``, ``.3`` → 3 in
    ``(".", "")``; None for anything else (a guessed or odd label). With the level's
    ``kind``, its own alphabet says: an item's ``(i)`` is the first roman numeral, not the
    ninth letter, where the level's labels are numerals (``[grammar.labels]``)."""
    pre, post = form
    if not (label.startswith(pre) and label.endswith(post) and len(label) > len(pre) + len(post)):
        return None
    bare = label[len(pre):len(label) - len(post)]
    alphabet = _alphabet(kind)
    if alphabet is not None:
        return alphabet.position(bare) if alphabet.position(bare) is not None else \
            alphabet.position(bare.upper()) if bare.isalpha() else None
    if bare.isdigit():
        return int(bare)
    if len(bare) == 1 and bare.isascii() and bare.isalpha():
        return ord(bare.upper()) - ord("A") + 1
    return None


def _alphabet(kind: str | None):
    """The alphabet of a level of the active profile's grammar, None for another kind."""
    if kind is None:
        return None
    alphabets = getattr(ids.rules(), "alphabets", {})
    return alphabets.get(kind)


def label_at(like: str, number: int, form: tuple[str, str] = ("", ""), kind: str | None = None) -> str:
    """The label at ``number`` written as ``like`` is, in ``form``: ``label_at("D", 1) == "A"``,
    ``label_at("(b)", 1, ("(", ")")) == "(a)"``, ``label_at("2", 1) == "1"``; a roman
    numeral where ``like`` is one of its level's (``kind``) numerals: ``(iii)`` → ``(i)``."""
    pre, post = form
    bare = like[len(pre):len(like) - len(post)]
    alphabet = _alphabet(kind)
    if alphabet is not None and not bare.isdigit():
        for one in alphabet.kinds:
            single = type(alphabet)((one,))
            if single.position(bare) is not None or single.position(bare.upper()) is not None:
                text = single.at(number)
                text = text.lower() if bare.islower() else text
                return f"{pre}{text}{post}"
    text = str(number) if bare.isdigit() else chr(ord("a" if bare.islower() else "A") + number - 1)
    return f"{pre}{text}{post}"


def lost_parts(parent: Node, children: list[Node]) -> dict[str, str]:
    """Where a level's labels skip (the book's pages with them are lost), the lost run
    before the part that follows it: law 47 starts at D, so ``{"47D": "47A–C"}``; in a code
    whose IDs separate their levels, the run's end is a whole ID (``12.1.1–12.1.3``)."""
    out: dict[str, str] = {}
    previous = 0
    for child in children:
        if not labelled(child.kind) or not child.id.startswith(parent.id):
            continue
        suffix = child.id[len(parent.id):]
        form = _label_form(child.kind)
        number = label_number(suffix, form, child.kind)
        if number is None:
            previous = 0
            continue
        if number > previous + 1:
            first = parent.id + label_at(suffix, previous + 1, form, child.kind)
            last = label_at(suffix, number - 1, form, child.kind)
            # a separator before the label (".3") says nothing alone: the last one whole
            last = parent.id + last if form[0] and not form[1] else last
            out[child.id] = first if number == previous + 2 else f"{first}–{last}"
        previous = number
    return out


def lost_in_one_language(parent: Node, children: list[Node]) -> dict[str, tuple[str, str]]:
    """Runs of parts one language's text lacks while the other's has them (the alignment's
    ``only-<lang>`` flags): a Russian law 31 that starts at C where the English has A–D gives
    ``{"31A": ("31A–B", "main")}``, keyed by the run's first part; ``"translation"`` where the
    translation lacks parts the main text has."""
    out: dict[str, tuple[str, str]] = {}
    run: list[Node] = []
    side = None

    def close() -> None:
        if run:
            first, last = run[0], run[-1]
            form = _label_form(last.kind)
            tail = last.id if form[0] and not form[1] else last.id[len(parent.id):]
            out[first.id] = (first.id if len(run) == 1 else f"{first.id}–{tail}", side)
            run.clear()

    for child in children:
        if not labelled(child.kind) or not child.id.startswith(parent.id):
            continue
        only = [f[len(ONLY):] for f in child.alignment if f.startswith(ONLY)]
        here = None if not only else ("translation" if only[0] == child.lang else "main")
        if here != side:
            close()
            side = here
        if here is not None:
            run.append(child)
    close()
    return out


def curation_reasons(corpus: Corpus) -> dict[str, str]:
    """Node id → the reason of the curation statement about the piece it stands in."""
    statements = {(c.source, c.line): c.reason for c in corpus.report.curation}
    starts: dict[str, list[int]] = {}
    for p in corpus.report.pieces:
        starts.setdefault(p.source, []).append(p.first)
    reasons = {}
    for node in corpus.nodes:
        if node.attribution != "curated" or not node.spans:
            continue
        span = node.spans[0]
        source = span.source.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        first = max((s for s in starts.get(source, []) if s <= span.lines[0]), default=None)
        if (source, first) in statements:
            reasons[node.id] = statements[(source, first)]
    return reasons


# -- the browser's search data ------------------------------------------------------------------


def _plain_source(pattern: str) -> str:
    """A Python pattern as the browser's ``RegExp`` reads it alike: no named groups, explicit
    classes for ``\\d`` and ``\\w`` (ASCII there), no ``$`` (the browser wraps it whole)."""
    out = re.sub(r"\(\?P<\w+>", "(", pattern).replace(r"\d", "[0-9]").replace(r"\w", "[A-Za-z0-9_]")
    out = re.sub(r"\\([-~#&! ])", r"\1", out)  # re.escape's escapes of non-syntax characters
    return out.removeprefix("^").removesuffix("$")


def _editions_data(meta) -> dict:
    """The editions as the search data gives them (``index.editions_entry``): the index keeps
    their ``went`` map as a section of its own (``index.WENT``); here it is back in its place,
    before ``langs``."""
    from .index import WENT

    out = {k: v for k, v in (meta.get("editions") or {}).items() if k != "langs"}
    if WENT in meta:
        out[WENT] = meta[WENT]
    if "langs" in (meta.get("editions") or {}):
        out["langs"] = meta["editions"]["langs"]
    return out


def _piece_names(corpus: Corpus) -> dict[str, str]:
    from .profile import of as profile_of

    words = Words(profile_of(corpus), corpus.lang, corpus.translation_languages)
    words.name_pieces(corpus.nodes)
    return words.names


def search_payload(index_dir: Path, corpus: Corpus) -> dict:
    """Everything search.js needs, read from the built index so the browser and the
    command line rank the same postings with the same model (lawsearch/evaluate.py).

    Every field's postings (each term's as an ``array`` of integers), ``lengths`` and ``n``
    come as they are, the forms table as the index's ``WordTable``; lawsearch/pieces.py
    splits the data into the core and the chunks the browser loads on demand.
    """
    from .analysis import STOP_WORDS
    from .evaluate import (ASIDE, B, BM25, CONTEXT, COVER, COVER_IDF, GROUP, K1, PHRASE_BONUS, QUALITY, SLOP, TITLE,
                           TITLE_FIELDS)
    from .index import BOOSTS, EN_FIELDS, EN_STOP_WORDS, EN_TEXT, EN_WEIGHTS, ENGLISH, FORMS
    from .model import ECHO_CHARS
    from .tables import WordTable
    from .grammar import ROMAN, grammar_of
    from .patterns import search_grammar
    from .profile import of as profile_of
    from .query import FAMILY, MIN_CORRECTED, PER_LAW, SNIPPET_CHARS, SYNONYM, THESAURUS, TRANSLATION, Searcher

    searcher = Searcher(index_dir)
    code = searcher.profile or profile_of(corpus)  # the profile the index was built with
    rules = grammar_of(code).ids
    parents = {n.id: n.parent for n in corpus.nodes if n.parent and n.kind != "commentary"}
    try:
        stats, meta = searcher.stats, searcher.meta
        postings: dict[str, dict[str, array]] = {}
        for f in (*BOOSTS, *EN_FIELDS, "ids"):
            table = postings[f] = {}
            for raw in searcher.searcher.reader().lexicon(f):
                term = raw.decode() if isinstance(raw, bytes) else raw
                # delta-coded: [doc - previous doc, n, first position, gaps to the next …] …,
                # kept as machine integers (4 bytes each, not a list of Python ints): the
                # postings of the whole index are alive until their chunks are written
                flat = array("i")
                previous = 0
                for doc, positions in stats.read_postings(f, term):  # in document order, as the index holds them
                    flat.extend((doc - previous, len(positions)))
                    flat.extend(p - q for p, q in zip(positions, [0, *positions]))
                    previous = doc
                table[term] = flat
        texts, notes, english, titles_en, aligned, lost_start, translated = {}, {}, {}, {}, {}, [], {}
        for node_id in meta["nodes"]:
            docnum = searcher.docnums.get(node_id)
            doc = searcher.searcher.stored_fields(docnum) if docnum is not None else {}
            if doc.get("text"):
                texts[node_id] = doc["text"]
                if meta["nodes"][node_id].get("lost_start"):
                    lost_start.append(node_id)
            if doc.get("footnotes"):
                notes[node_id] = doc["footnotes"]
            if doc.get("text_en"):
                english[node_id] = doc["text_en"]  # a snippet where only the English text matched
            if doc.get("title_en"):
                titles_en[node_id] = doc["title_en"]
            if doc.get("translation"):
                translated[node_id] = doc["translation"]  # a snippet where only a translation (not English) matched  # the snippet of a node known by its English title only
            if doc.get("text") and doc.get("text_en") and doc["text"] != doc["text_en"]:
                # each text's sentences, so a hit shows the other language's aligned one (query.Searcher.aligned)
                aligned[node_id] = [flat_spans(doc["text"]), flat_spans(doc["text_en"])]
        return {
            "version": 2,
            "build": meta.get("build"),  # the build these data come from, as in every page's meta tag
            "n": stats.n,
            "docs": [d["id"] for d in searcher.docs],  # document number → node id
            # reading order: [id, law, kind, lang, title, parent]
            # (the last: the parent of any node, a law's commentary too: the titles above it, evaluate.CONTEXT)
            "nodes": [[k, v["law"], v["kind"], v["lang"], v["title"], parents.get(k), v["parent"]]
                      for k, v in meta["nodes"].items()],
            "texts": texts,
            "lost_start": lost_start,  # texts that begin where the book is lost: a snippet's «[…] »
            # the documents of placeholder laws (Corpus.placeholder_laws): ranked after the others (evaluate.best)
            "placeholder": [k for k, v in meta["nodes"].items() if v.get("placeholder")],
            "footnotes": notes,
            "notes": meta.get("footnotes", {}),  # footnote ID → {law, text, owners, url}: ID jumps
            "texts_en": english,
            "titles_en": titles_en,
            "texts_tr": translated,
            # the languages of the translation field: lang:X for one searches it alone (query.Searcher.plan)
            "translations": meta.get("translations") or [],
            "aligned": aligned,
            "lengths": dict(stats.lengths),
            "postings": postings,
            "boosts": dict(BOOSTS),
            "en_fields": list(EN_FIELDS),
            "en_weights": dict(EN_WEIGHTS),  # lang:en's fields and their weights (index.EN_WEIGHTS)
            "en_text": dict(EN_TEXT),  # the English titles and text themselves: phrases, translations
            "english": ENGLISH,  # the language the English fields analyse: lang:X for it searches them
            "other_letters": meta.get("other_letters", ""),  # query.foreign_words: scripts the text has
            "editions": _editions_data(meta),  # edition:X (lawsearch/editions.py)
            "names": _piece_names(corpus),  # a piece by its file and page, never its raw ID
            "stop": sorted(STOP_WORDS),
            # the tokenizer, the query syntax and citations: the sources Python compiles (patterns.py)
            # with the corpus's own citations (its profile's words and ID shapes): the same
            # sources the index's searcher compiles (query.Searcher, index.code_grammar)
            "grammar": search_grammar(code),
            "lookalikes": ["".join(map(chr, rules._fold)), "".join(map(chr, rules._fold.values()))],
            # how a typed ID is written as the code writes it (grammar.IdRules.normalize)
            "ids": {"typed": rules.typed_source(), "loose": rules.typed_source(loose=True), "law": rules.formats.get("law", "{law}"),
                    "levels": rules.typed_levels(), "strict": rules.strict, "dotted": rules.dotted,
                    # the layouts' own label letters read as the grammar's transliteration does (IdRules.label)
                    "translit": {**rules.native, **rules.translit},
                    "roman": list(ROMAN), "commentary": _plain_source(rules.commentary_pattern.pattern),
                    "commentary_groups": dict(rules.commentary_pattern.groupindex),
                    # anchors and URLs as grammar.IdRules.anchor and ids.page make them
                    "anchor": rules.formats.get("anchor", "l"), "law_text": _plain_source(rules.id_pattern.pattern),
                    "division": _plain_source(rules.division_pattern.pattern),
                    "division_law": rules.division_pattern.groupindex["law"],
                    # the definitions' ID: their entries and commentary live on ids.DEFINITIONS_PAGE
                    "definitions": rules.definitions_id, "definitions_page": ids.DEFINITIONS_PAGE},
            "en_stop": sorted(EN_STOP_WORDS),
            # every constant of the model and the result page, so the two sides cannot drift
            "params": {"k1": K1, "b": B, "phrase_bonus": PHRASE_BONUS, "slop": SLOP, "cover": COVER, "title": TITLE,
                       "quality": QUALITY, "bm25": BM25, "level": searcher.level, "title_fields": list(TITLE_FIELDS), "aside": ASIDE,
                       "context": CONTEXT, "group": GROUP,
                       "cover_idf": COVER_IDF,
                       "family": FAMILY, "synonym": SYNONYM, "translation": TRANSLATION, "thesaurus": THESAURUS,
                       "snippet": SNIPPET_CHARS, "per_law": PER_LAW, "min_corrected": MIN_CORRECTED,
                       "echo_chars": ECHO_CHARS},
            # form → terms, the index's table itself (read from its file as pieces.split asks,
            # never held whole: the largest of the data, a third of the forms of a language)
            "forms": WordTable(index_dir / FORMS),
            "glossary": [{"term": g["term"], "translation": g["translation"], "expand": g["expand"], "terms": g["terms"],
                          "en_stems": g["en_stems"]}
                         for g in meta["glossary"]],
            # as written: the engine reads say and means through the forms table, as index.py compiled them
            "thesaurus": [[t["text"], t["means"], t["weight"]] for t in meta.get("thesaurus", [])],
            "families": meta.get("families", {}),
            "citations": meta["citations"],
            "vocabulary": searcher.vocabulary,
            "real_neighbours": [w for w, _ in searcher.real_neighbours.items()],  # pieces.split front-codes each range
            # what search.js prints, in the corpus's language (the profile's [strings])
            "strings": page_script_strings(profile_of(corpus).strings(corpus.lang)),
            # the labels of an edition in another language the profile speaks (an English-only
            # edition on a Russian site), for its hits' headings
            "edition_strings": edition_strings(corpus),
        }
    finally:
        searcher.close()


def packed_forms(forms: dict[str, list[str]]) -> str:
    """The forms table by term, one line a term: the term, the length of the stem it shares
    with all its forms, then each form's ending after the stem, space-separated (an empty
    ending is the stem itself). A third of the size of form → terms; static/engine.js
    unpacks it.

    >>> packed_forms({"карта": ["карта"], "карты": ["карта"], "картой": ["карта"]})
    'карта 4 а ой ы'
    """
    by_term: dict[str, list[str]] = {}
    for form, terms in forms.items():
        for term in terms:
            by_term.setdefault(term, []).append(form)
    lines = []
    for term, members in sorted(by_term.items()):
        members = sorted(set(members))
        stem = os.path.commonprefix([term, *members])
        lines.append(f"{term} {len(stem)} " + " ".join(m[len(stem):] for m in members))
    return "\n".join(lines)


def front_coded(words: list[str]) -> str:
    """Sorted words, each as how many letters it shares with the one before (0-9) and the
    rest: ``front_coded(["масть", "мать", "пасть"]) == "0масть 2ть 0пасть"``."""
    out, previous = [], ""
    for word in words:
        shared = min(9, len(os.path.commonprefix([previous, word])))
        out.append(f"{shared}{word[shared:]}")
        previous = word
    return " ".join(out)


def search_script(payload: dict) -> str:
    """``window.LAWSEARCH_DATA = {...};`` -- a script, not JSON to fetch, so file:// works.
    The JSON is safe inside an inline ``<script>`` whatever the corpus says
    (``script_json``): the single file inlines this very text."""
    return f"window.LAWSEARCH_DATA = {script_json(payload)};\n"


def script_json(data: object) -> str:
    """JSON to stand inside an HTML ``<script>`` element: every ``<``, ``>`` and ``&`` and
    the line separators U+2028 and U+2029 written as ``\\uXXXX`` escapes, which mean the
    same to JSON and to JavaScript. No text can then close the element (``</script>``),
    open an HTML comment that swallows the next script (``<!--<script``), or end a line
    inside a string.

    >>> script_json({"text": "<!--<script>"})
    '{"text":"\\\\u003c!--\\\\u003cscript\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def inline_script(code: str) -> Markup:
    """Our own JavaScript, to inline in an HTML ``<script>``: ``</`` becomes ``<\\/``
    (the same inside a string or a regular expression). Code cannot be escaped any
    further without knowing its syntax, so ``<!--`` or ``<script`` left in it is refused:
    write them as ``"<" + "!--"`` in the source.

    >>> inline_script('x = "</p>";')
    Markup('x = "<\\\\/p>";')
    """
    code = code.replace("</", "<\\/")
    m = SCRIPT_BREAKERS.search(code)
    if m:
        raise ValueError(f"the script holds {m.group()!r}, which would break the HTML around it")
    return Markup(code)
