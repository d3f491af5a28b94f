"""Several editions of one code in one corpus (docs/editions.md is the contract).

The manifest says per source which edition its text belongs to (``edition``) and names the
default edition (``[code] edition``). Each edition is parsed on its own -- one tree per
edition, each in one or more languages -- and the trees are joined into one ``Corpus``:

* the default edition keeps bare IDs (``50E1``), anchors (``l50e1``) and URLs
  (``laws/50.html#l50e1``), so a permalink never breaks when an edition is added;
* every other edition's IDs get the prefix ``<edition>~`` (``2017~50E1``), its anchors
  ``e<edition>-`` (``e2017-l50e1``), its law pages ``laws/<edition>~<law>.html``.

A corpus whose sources all belong to one edition is parsed exactly as before.

    corpus.editions                      # (Edition("1987", default=True, …), Edition("2017", …))
    corpus_edition(corpus, "2017")       # that edition's tree alone, with bare IDs
    qualify("50E1", "2017", "1987")      # '2017~50E1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

SEPARATOR = "~"
# what an edition's name may hold: it becomes part of IDs, anchors and file names
EDITION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
ANCHOR_PREFIX = "e"


@dataclass(frozen=True)
class Edition:
    """One edition of the code in a corpus: its name, whether it is the default (bare IDs),
    the languages its law text is in, and the prefix its IDs carry ("" for the default)."""

    id: str
    default: bool
    langs: tuple[str, ...]
    lang: str = ""  # the language its tree is built from (the others are aligned to it)

    @property
    def prefix(self) -> str:
        return "" if self.default else self.id + SEPARATOR

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "default": self.default, "langs": list(self.langs), "lang": self.lang}


def split(node_id: str) -> tuple[str | None, str]:
    """``split("2017~50E1") == ("2017", "50E1")``; a bare ID has no edition:
    ``split("50E1") == (None, "50E1")``."""
    edition, sep, bare = node_id.partition(SEPARATOR)
    if sep and EDITION_NAME.fullmatch(edition):
        return edition, bare
    return None, node_id


def qualify(node_id: str | None, edition: str | None, default: str | None) -> str | None:
    """The corpus-wide ID of an edition's bare ID: unchanged in the default edition."""
    if node_id is None or edition is None or edition == default:
        return node_id
    return f"{edition}{SEPARATOR}{node_id}"


def bare(node_id: str | None) -> str | None:
    return None if node_id is None else split(node_id)[1]


def readable(node_id: str, profile, lang: str) -> str:
    """An ID as a reader sees it (the site, ``show``): bare in the default edition, else the
    profile's ``id_in_edition`` -- ``readable("2017~60", bridge, "ru") == "60 (ред. 2017 г.)"``."""
    edition, bare_id = split(str(node_id))
    return bare_id if edition is None else profile.text(lang, "id_in_edition", id=bare_id, edition=edition)


def anchor_prefix(edition: str) -> str:
    """``e2017-``: what an edition's anchors start with (an HTML id / xml:id starts with a letter)."""
    return f"{ANCHOR_PREFIX}{edition}-".replace(".", "-")


def clash_key(edition: str) -> str:
    """What two editions' names must differ in: their anchors (``anchor_prefix``: ``.`` and
    ``-`` are one there) and their file names, case aside (one file on Windows and macOS).

    >>> clash_key("v2.0") == clash_key("V2-0"), clash_key("2017") == clash_key("2017-fed")
    (True, False)
    """
    return anchor_prefix(edition).casefold()


def clash(first: str, second: str) -> str:
    """Why two editions' names with one ``clash_key`` cannot both be used."""
    if first.casefold() == second.casefold():
        return (f"the editions {first!r} and {second!r} differ by case only: their pages (laws/{first}~1.html, "
                f"laws/{second}~1.html) would be one file on Windows and macOS; name them apart")
    return (f"the editions {first!r} and {second!r} differ only by '.' against '-' (or case): their anchors "
            f"({anchor_prefix(first)}…, {anchor_prefix(second)}…) would be the same ids in one page; name them apart")


NAME_RULE = ("use Latin (ASCII) letters, digits, '.', '_' or '-', starting with a letter or a digit "
             "(2017, 2017-fed, club)")
# the longest edition name: two names make a compare view's folder (``compare/<old>~<new>/``) and a
# name and a law number a page's file name (``laws/<edition>~<law>.html``), and a file or folder name
# holds at most 255 bytes on the usual file systems (ext4, NTFS, APFS) -- with room to spare
NAME_MAX = 64


def name_problem(edition: str) -> str | None:
    """Why ``edition`` is no name for IDs, anchors and file names (``EDITION_NAME``, at most
    ``NAME_MAX`` characters, not ending in ``.``: Windows drops a folder name's final dot, so
    ``compare/2001~v2./`` would be another folder); None when it is one."""
    if not EDITION_NAME.fullmatch(edition):
        return f"is no name for IDs and file names: {NAME_RULE}"
    if len(edition) > NAME_MAX:
        return (f"is {len(edition)} characters long: it becomes part of file and folder names (laws/<edition>~1.html, "
                f"compare/<edition>~<edition>/), which file systems limit; use at most {NAME_MAX}")
    if edition.endswith("."):
        return "ends with '.': Windows drops a file or folder name's final dot; end it with a letter or a digit"
    return None


def check(folder) -> list:
    """Problems of the manifest's editions: where sources name several, ``[code]`` must name
    the default one; a default it names must be the edition of some source (a source naming
    no edition is of the default one); every edition's name must be fit for IDs and file
    names (``name_problem``) when there are several. Each problem names manifest.toml and the line."""
    from .problems import Problem, shorten

    manifest = folder.root / "manifest.toml"
    where = str(manifest)
    named = list(dict.fromkeys(s.edition for s in folder.sources if s.edition))
    problems = [Problem("error", f"the edition {shorten(e)!r} of a source {name_problem(e)}", where, _source_line(manifest, e))
                for e in named if len(named) > 1 and name_problem(e)]  # one edition has no prefix
    folded: dict[str, str] = {}
    for e in named:  # 'CLUB' and 'club' one file on Windows and macOS; 'v2.0' and 'v2-0' one anchor
        first = folded.setdefault(clash_key(e), e)
        if first != e and len(named) > 1:
            problems.append(Problem("error", clash(first, e), where, _source_line(manifest, e)))
    default = folder.code.get("edition")
    unnamed = any(not s.edition for s in folder.sources)
    if len(named) > 1 and not default:
        problems.append(Problem("error", f"the sources are of several editions ({', '.join(named)}) and [code] names "
                                         "no default edition: add edition = \"…\" to [code]", where,
                                _code_line(manifest, None)))
    elif default and named and str(default) not in named and not unnamed:
        problems.append(Problem("error", f"[code] edition = {str(default)!r} is not the edition of any source "
                                         f"(the sources' editions: {', '.join(named)}); name one of those the "
                                         "default", where, _code_line(manifest, "edition")))
    return problems


def _manifest_lines(manifest) -> list[str]:
    try:
        return manifest.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


_TABLE = re.compile(r"\s*\[\[?\s*([\w.-]+)\s*\]\]?")


def _code_line(manifest, key: str | None) -> int | None:
    """The line of ``key = …`` in the manifest's ``[code]`` table (of the table's header
    when ``key`` is None or absent); None when there is no such table."""
    table, header = None, None
    for n, line in enumerate(_manifest_lines(manifest), 1):
        found = _TABLE.match(line)
        if found:
            table = found.group(1)
            header = n if table == "code" and header is None else header
        elif table == "code" and key and re.match(rf"\s*{re.escape(key)}\s*=", line):
            return n
    return header


def _source_line(manifest, edition: str) -> int | None:
    """The first line of the manifest that sets ``edition = <edition>`` in a source."""
    table = None
    for n, line in enumerate(_manifest_lines(manifest), 1):
        found = _TABLE.match(line)
        if found:
            table = found.group(1)
        elif table == "source" and re.match(rf"""\s*edition\s*=\s*["']{re.escape(edition)}["']""", line):
            return n
    return None


def editions_of(sources, default: str | None) -> tuple[Edition, ...]:
    """The editions the law sources name, in the order the manifest first lists them, the
    default first among equals only by its flag. A source with no edition belongs to the
    default one."""
    found: dict[str, list[str]] = {}
    for s in sources:
        ed = s.edition or default or ""
        langs = found.setdefault(ed, [])
        if s.kind == "laws" and s.lang not in langs:
            langs.append(s.lang)
    if default is None and found:
        default = next(iter(found))
    return tuple(Edition(ed, ed == default, tuple(langs)) for ed, langs in found.items())


def edition_list(corpus) -> tuple[Edition, ...]:
    """``corpus.editions``: from ``code["editions"]`` when the corpus has several, else the one.
    Kept on the corpus while its code, sources and language are the same objects: every
    ``edition_of`` asks, once per node and per law page's switch."""
    key = (id(corpus.code), id(corpus.code.get("editions")), id(corpus.sources), corpus.lang)
    kept = corpus.__dict__.get("_edition_list")
    if kept is not None and kept[0] == key:
        return kept[1]
    found = _edition_list(corpus)
    corpus.__dict__["_edition_list"] = (key, found)
    return found


def _edition_list(corpus) -> tuple[Edition, ...]:
    listed = corpus.code.get("editions")
    if listed:
        return tuple(Edition(e["id"], bool(e.get("default")), tuple(e.get("langs", ())), e.get("lang", ""))
                     for e in listed)
    default = str(corpus.code.get("edition") or "") or None
    found = editions_of(corpus.sources, default) or (Edition(default or "", True, ()),)
    return tuple(replace(e, lang=corpus.lang) for e in found)


def default_edition(corpus) -> str | None:
    return next((e.id for e in edition_list(corpus) if e.default), None)


def edition_of(node_id: str, corpus) -> str | None:
    """The edition a corpus-wide ID belongs to (the default for a bare ID)."""
    return split(node_id)[0] or default_edition(corpus)


# -- joining the editions' corpora into one ------------------------------------------------

def _node(n, ed: str, default: str):
    q = lambda i: qualify(i, ed, default)  # noqa: E731
    return replace(n, id=q(n.id), parent=q(n.parent), law=q(n.law), footnotes=tuple(q(f) for f in n.footnotes),
                   marks=tuple(replace(m, footnote=q(m.footnote)) for m in n.marks), edition=n.edition or ed)


def _footnote(f, ed: str, default: str):
    q = lambda i: qualify(i, ed, default)  # noqa: E731
    return replace(f, id=q(f.id), markers=tuple(q(m) for m in f.markers), at=q(f.at))


def _ref(r, ed: str, default: str):
    q = lambda i: qualify(i, ed, default)  # noqa: E731
    return replace(r, from_=q(r.from_), law=q(r.law), target=q(r.target))


def _law_number(law: str | None) -> int | None:
    return int(law) if law is not None and law.isdigit() else None


def _gap_between(corpus, before: str, after: str) -> bool:
    """Whether an edition's sources show text lost between law ``before`` and law ``after``
    (the next law present): the one ends or the other starts truncated, they come from
    different files, or from different runs of joined pages of one file."""
    first = [n for n in corpus.nodes if n.law == before and n.spans]
    second = [n for n in corpus.nodes if n.law == after and n.spans]
    if not first or not second:
        return True
    last, head = first[-1], second[0]
    if last.truncated_end or head.truncated_start or any(n.truncated_start for n in second if n.kind == "law"):
        return True
    end, start = last.spans[-1], head.spans[0]
    if end.source != start.source:
        return True
    ids = {s.path: s.id for s in corpus.sources}
    source = ids.get(end.source)
    pieces = sorted((p.first, p.run) for p in corpus.report.pieces if p.source == source)

    def run(line: int) -> int | None:
        found = [r for first, r in pieces if first <= line]
        return found[-1] if found else None

    return run(end.lines[1]) != run(start.lines[0])


def absent_laws(parts: list[tuple[Edition, Any]]) -> list[tuple[Edition, Any]]:
    """The editions' corpora without the "missing" law nodes that only say a law is not in
    that edition: a number between an edition's first and last law gets a missing node
    (text lost), but where another edition has that law, and this edition's sources run
    on without a gap from the law before it to the law after it, the law is not in this
    edition -- removed or not yet added -- and gets no node (docs/editions.md)."""
    if len(parts) < 2:
        return parts
    present = {ed.id: {n.law for n in c.nodes if n.kind == "law" and not n.missing} for ed, c in parts}
    out = []
    for ed, c in parts:
        elsewhere = set().union(*(laws for other, laws in present.items() if other != ed.id))
        numbers = sorted((_law_number(law), law) for law in present[ed.id] if _law_number(law) is not None)
        parents = {n.parent for n in c.nodes}
        absent = set()
        for n in c.nodes:
            number = _law_number(n.law)
            if n.kind != "law" or not n.missing or n.id in parents or n.law not in elsewhere or number is None:
                continue
            before = [law for k, law in numbers if k < number]
            after = [law for k, law in numbers if k > number]
            if before and after and not _gap_between(c, before[-1], after[0]):
                absent.add(n.id)
        out.append((ed, replace(c, nodes=tuple(n for n in c.nodes if n.id not in absent)) if absent else c))
    return out


def join(parts: list[tuple[Edition, Any]], code: dict[str, Any]):
    """One corpus of the editions' corpora (each parsed alone, bare IDs): the default
    edition's nodes keep their IDs, the others' are prefixed; sources, problems and reports
    are the union. ``code["editions"]`` lists the editions in order."""
    from .model import Corpus, ParseReport

    default = next(e.id for e, _ in parts if e.default)
    nodes, footnotes, refs, problems, repairs = [], [], [], [], {}
    pieces, verified, alignment, curation, detected = [], [], [], [], {}
    group = 0
    for ed, c in parts:
        nodes += [_node(n, ed.id, default) for n in c.nodes]
        footnotes += [_footnote(f, ed.id, default) for f in c.footnotes]
        # reference groups stay unique across editions (a list shares one group)
        refs += [replace(_ref(r, ed.id, default), group=r.group + group) for r in c.refs]
        group = max((r.group for r in refs), default=group)
        problems += c.problems
        repairs.update(c.repairs)
        # runs of pages are counted across editions (each edition's start at 0)
        runs = max((p.run for p in pieces), default=-1) + 1
        pieces += [replace(p, run=p.run + runs) for p in c.report.pieces]
        verified += c.report.verified
        alignment += c.report.alignment
        curation += [n for n in c.report.curation if n not in curation]
        detected.update(c.report.detected)
    first = parts[0][1]
    # the corpus's main language is the default edition's (corpus.main_language), never the
    # first-listed edition's
    own = next(c for e, c in parts if e.default)
    return Corpus(
        sources=tuple(s for _, c in parts for s in c.sources), nodes=tuple(nodes), footnotes=tuple(footnotes),
        refs=tuple(refs), problems=tuple(problems), repairs=repairs,
        code={**own.code, **code, "edition": default,
              "editions": [replace(e, lang=c.code.get("lang", "")).to_dict() for e, c in parts]},
        report=ParseReport(pieces=tuple(pieces), verified=tuple(verified), alignment=tuple(alignment),
                           curation=tuple(curation), detected=detected),
        inputs=first.inputs, fingerprint=first.fingerprint, profile=first.profile)


def corpus_edition(corpus, edition: str):
    """One edition's part of a corpus as a corpus of its own, with bare IDs: its tree
    (``.nodes`` in reading order, ``.node("50E")``, ``.children``), footnotes, references
    and sources. Raise KeyError for an edition the corpus lacks.

    This is what compares two editions (``lawsearch diff``) works on.
    """
    from .model import Corpus

    eds = {e.id: e for e in edition_list(corpus)}
    if edition not in eds:
        raise KeyError(edition)
    default = default_edition(corpus)
    mine = lambda i: i is not None and edition_of(i, corpus) == edition  # noqa: E731
    unq = bare
    nodes = tuple(replace(n, id=unq(n.id), parent=unq(n.parent), law=unq(n.law),
                          footnotes=tuple(unq(f) for f in n.footnotes),
                          marks=tuple(replace(m, footnote=unq(m.footnote)) for m in n.marks))
                  for n in corpus.nodes if mine(n.id))
    footnotes = tuple(replace(f, id=unq(f.id), markers=tuple(unq(m) for m in f.markers), at=unq(f.at))
                      for f in corpus.footnotes if mine(f.id))
    refs = tuple(replace(r, from_=unq(r.from_), law=unq(r.law), target=unq(r.target))
                 for r in corpus.refs if mine(r.from_))
    sources = tuple(s for s in corpus.sources if (s.edition or default) == edition)
    code = {k: v for k, v in corpus.code.items() if k != "editions"}
    return Corpus(sources=sources, nodes=nodes, footnotes=footnotes, refs=refs,
                  code={**code, "edition": edition, "lang": eds[edition].lang or corpus.lang}, profile=corpus.profile, build=corpus.build)


def law_in(corpus, law: str, edition: str) -> str | None:
    """The corpus-wide ID of law ``law`` (bare) in ``edition`` when that edition has it."""
    node_id = qualify(law, edition, default_edition(corpus))
    node = corpus.node(node_id)
    return node_id if node is not None and node.kind == "law" else None


def _title_key(title: str | None) -> str:
    return " ".join(re.findall(r"\w+", (title or "").casefold()))


def _comparison_language(eds: dict, old: str, new: str) -> str | None:
    """The language two editions are compared in: the old one's own where the new one has it,
    else the first the two share; None when they share none."""
    shared = [lang for lang in eds[old].langs if lang in eds[new].langs]
    return eds[old].lang if eds[old].lang in shared else (shared[0] if shared else None)


def _law_text_kinds(corpus) -> tuple[str, ...]:
    """The law text's kinds by the corpus's profile's names (``grammar.law_text_kinds``)."""
    from .grammar import law_text_kinds
    from .profile import of as profile_of

    return law_text_kinds(profile_of(corpus))


def comparison(corpus, old: str, new: str):
    """``compare.compare`` of two editions' trees in a language both have (the old one's own
    language where the new one has it), or None when they share none; computed once."""
    cache = corpus.__dict__.setdefault("_edition_comparisons", {})
    if (old, new) not in cache:
        from .compare import compare
        from .edition_trees import language_tree

        eds = {e.id: e for e in edition_list(corpus)}
        lang = _comparison_language(eds, old, new)
        kinds = _law_text_kinds(corpus)
        cache[(old, new)] = None if lang is None else compare(
            language_tree(corpus_edition(corpus, old).nodes, lang, kinds),
            language_tree(corpus_edition(corpus, new).nodes, lang, kinds), kinds)
    return cache[(old, new)]


def lost_at(corpus, node_id: str, edition: str) -> str | None:
    """Why ``edition``'s sources cannot tell of a bare ID it lacks: the law it would be in
    survives in no text, or is cut before the place, or stands before the first law its
    sources hold (while another edition has laws below it); None when nothing is lost there."""
    from . import ids as id_rules

    parts = id_rules.parse_law_id(node_id)
    if not parts or not parts["law"].isdigit():
        return None
    tree = corpus.edition(edition)
    laws = [n for n in tree.nodes if n.kind == "law" and (n.law or n.id).isdigit()]
    present = sorted(int(n.id) for n in laws if not n.missing)
    number = int(parts["law"])
    if not present:
        return None
    if number < present[0]:
        return f"the {edition} edition's sources start at law {present[0]}"
    law = tree.node(parts["law"])
    if law is not None and law.missing:
        return f"no text of law {parts['law']} survives in the {edition} edition's sources"
    at = parts["law"] if law is not None else str(present[-1]) if number > present[-1] else None
    if at is None:
        return None
    within = [n for n in tree.nodes if n.law == at or n.id == at]
    if within and within[-1].truncated_end and (law is None or node_id != at):
        return f"law {at} of the {edition} edition is cut after {within[-1].id} (its end is lost)"
    return None


def _went(found) -> dict[str, str]:
    """Where each node of a comparison's old tree went (bare IDs): the node the comparison
    matched it to, else the first node of the first merge or split it is part of, else ""
    where the other edition's text is lost there (``Comparison.unknown_old``: no claim); a
    node in none is not in the map (removed)."""
    out = {old: new for old, new in found.mapping.items() if new is not None}
    for c in found.changes:
        if c.kind in ("merged", "split") and c.new:
            for old in c.old:
                out.setdefault(old, c.new[0])
    # where the other edition's text is lost (a cut end, a missing law), nothing is said: ""
    for old in found.unknown_old:
        out.setdefault(old, "")
    return out


def _in_order(corpus) -> list[str]:
    """The corpus's editions in the order they were published (``in_order``: the switch's,
    ``diff``'s and the compare views' order), as names."""
    return [e.id for e in in_order(corpus)]


def neighbours(corpus) -> dict[str, list[str]]:
    """Each edition's neighbours: in each of its languages, the edition just before it and
    the one just after it among the editions in that language (``_in_order``). A law is
    followed from edition to edition only between neighbours, so there are fewer than two
    pairs per edition and language, whatever the number of editions. Kept on the corpus."""
    key = id(edition_list(corpus))
    kept = corpus.__dict__.get("_edition_neighbours")
    if kept is not None and kept[0] == key:
        return kept[1]
    eds = {e.id: e for e in edition_list(corpus)}
    order = _in_order(corpus)
    found: dict[str, list[str]] = {e: [] for e in order}
    for lang in dict.fromkeys(lang for e in order for lang in eds[e].langs):
        having = [e for e in order if lang in eds[e].langs]
        for a, b in zip(having, having[1:]):
            if b not in found[a]:
                found[a].append(b)
                found[b].append(a)
    corpus.__dict__["_edition_neighbours"] = (key, found)
    return found


def _steps(corpus) -> dict[tuple[str, str], dict[str, str]]:
    """For each two neighbouring editions, in both directions, where each node of the one
    went in the other (``_went`` of their ``comparison``): made in one pass over the pairs,
    each edition's tree made once, and the comparisons themselves dropped once their maps are
    made -- what a law page's switch reads is these maps, a few strings per law."""
    kept = corpus.__dict__.get("_edition_steps")
    if kept is not None:
        return kept
    from .compare import compare
    from .edition_trees import language_tree

    eds = {e.id: e for e in edition_list(corpus)}
    kinds = _law_text_kinds(corpus)
    order = _in_order(corpus)
    near = neighbours(corpus)
    pairs = [(a, b) for a in order for b in near[a]]
    # the pairs edition by edition in order, so only a few editions' trees are alive at once
    pairs.sort(key=lambda pair: (min(order.index(pair[0]), order.index(pair[1])),
                                 max(order.index(pair[0]), order.index(pair[1]))))
    trees: dict[tuple[str, str], list] = {}
    nodes: dict[str, tuple] = {}
    steps: dict[tuple[str, str], dict[str, str]] = {}
    made = corpus.__dict__.get("_edition_went", {})  # the compare views' comparisons, where made first
    for old, new in pairs:
        lang = _comparison_language(eds, old, new)
        went = made.get((old, new, lang))
        if went is None:
            for ed in (old, new):
                if ed not in nodes:
                    nodes[ed] = corpus_edition(corpus, ed).nodes
                if (ed, lang) not in trees:
                    trees[(ed, lang)] = language_tree(nodes[ed], lang, kinds)
            went = _went(compare(trees[(old, lang)], trees[(new, lang)], kinds, records=False))
        steps[(old, new)] = went
        # an edition every pair of which is made no longer needs its tree
        done = {ed for ed in nodes if all((ed, other) in steps and (other, ed) in steps for other in near[ed])}
        for ed in done:
            del nodes[ed]
        trees = {k: v for k, v in trees.items() if k[0] not in done}
    corpus.__dict__["_edition_steps"] = steps
    return steps


def _paths_from(corpus, here: str) -> dict[str, list[str]]:
    """``comparison_path`` from ``here`` to every edition a chain of neighbours reaches."""
    cache = corpus.__dict__.setdefault("_edition_paths", {})
    if here not in cache:
        order = _in_order(corpus)
        at_ = {e: k for k, e in enumerate(order)}
        near = neighbours(corpus)
        paths = {here: [here]} if here in near else {}
        frontier = list(paths)
        while frontier:
            step = []
            for at in frontier:
                for other in sorted(near[at], key=lambda e: (abs(at_[e] - at_[at]), at_[e])):
                    if other not in paths:
                        paths[other] = paths[at] + [other]
                        step.append(other)
            frontier = step
        cache[here] = paths
    return cache[here]


def comparison_path(corpus, here: str, edition: str) -> list[str] | None:
    """The editions a law is followed through from ``here`` to ``edition``: neighbouring
    editions (``neighbours``: next to each other in the order among the editions of a
    language they share), the fewest steps, nearest editions first -- ``["2007", "2017"]``
    for two consecutive editions, ``["1987", "2007", "2017"]`` for three Russian editions or
    for a Russian 1987, a Russian and English 2007 and an English 2017; None when no chain
    of shared languages joins them."""
    if here not in {e.id for e in edition_list(corpus)}:
        return None
    return _paths_from(corpus, here).get(edition)


def _followed(corpus, law_id: str) -> tuple[dict[str, str | None], dict[str, str]]:
    """Where ``law_id`` is in every edition a chain of neighbours reaches from its own (its
    corpus-wide ID there, None where the chain lost it), followed step by step along the
    paths of ``comparison_path``, each edition once; and, for each edition where it is None,
    the edition on the way where the chain lost it ("" where that edition's text is lost
    there, which says nothing). The last law's answer is kept: a law
    page asks for every edition in turn."""
    kept = corpus.__dict__.get("_edition_followed")
    if kept is not None and kept[0] == law_id:
        return kept[1], kept[2]
    here = edition_of(law_id, corpus)
    paths = _paths_from(corpus, here) if here is not None else {}
    default = default_edition(corpus)
    steps = _steps(corpus) if len(paths) > 1 else {}
    found: dict[str, str | None] = {}
    lost_in: dict[str, str] = {}
    for edition, path in paths.items():  # in the order of the search: a path's editions before it
        if len(path) < 2:
            found[edition] = law_id
            continue
        at = found[path[-2]]
        if at is None:
            lost_in[edition] = lost_in[path[-2]]
        else:
            new = steps[(path[-2], edition)].get(bare(at))
            target = qualify(new, edition, default) if new else None
            node = corpus.node(target) if target is not None else None
            at = target if node is not None and node.kind == "law" else None
            if at is None:
                lost_in[edition] = "" if new == "" else edition
        found[edition] = at
    corpus.__dict__["_edition_followed"] = (law_id, found, lost_in)
    return found, lost_in


def node_went(corpus, node_id: str, edition: str) -> str | None:
    """Where any node (a law, a section, a clause) is in another edition by the comparisons
    of the texts, followed neighbour by neighbour as a law is (``comparison_path``, the maps
    of ``_steps``): its corpus-wide ID there, ``""`` where a comparison on the way finds it
    nowhere (removed, or not yet there), None where nothing can be said (no comparison joins
    the editions, or a text on the way is lost there). What a search for an ID another
    edition has tells of the edition searched («6C edition:2003»: in 2003 it is 5A2)."""
    here = edition_of(node_id, corpus)
    path = comparison_path(corpus, here, edition) if here is not None else None
    if not path or len(path) < 2:
        return None
    steps, at = _steps(corpus), bare(node_id)
    for old, new in zip(path, path[1:]):
        at = steps[(old, new)].get(at)
        if at is None:
            return ""
        if at == "":
            return None
    target = qualify(at, edition, default_edition(corpus))
    return target if corpus.node(target) is not None else None


def went_to(corpus, law_id: str, edition: str) -> tuple[str | None, bool] | None:
    """Where a law went in another edition by the comparison of the texts: ``(ID, True)``
    the same number, ``(ID, False)`` renumbered, merged into it or split with it first,
    ``(None, False)`` removed; ``(None, None)`` where that edition's text is lost (a cut
    end, a missing law: ``compare.Comparison.unknown_old``); None when no comparison joins
    the two editions. The law is followed comparison by comparison through the editions
    between (``comparison_path``): two neighbouring editions are compared once, both ways,
    so a corpus of E editions makes about 2E comparisons, not E²; editions that share no
    language are joined through editions that share one with each (a Russian 1987 and an
    English 2017 through a Russian and English 2007)."""
    here = edition_of(law_id, corpus)
    if here is None or edition == here:
        return None
    found, lost_in = _followed(corpus, law_id)
    if edition not in found:
        return None
    at = found[edition]
    if at is None:
        lost = lost_in[edition]
        if lost == "":
            return None, None  # lost text on the way: nothing is said of it
        # not in the edition where the chain lost it: that tells of ``edition`` when it is
        # ``edition``, or stands between the two in time (removed by then, or not yet there by
        # then); an edition on the way that is not between them (a 2011 → 2001 → 2021 chain,
        # the law added in 2011) tells nothing of ``edition``: no comparison backs a claim, and
        # the caller checks otherwise
        if not (lost == edition or _between(lost, here, edition)):
            return None
        if lost == edition:
            return None, False  # lost in the step into ``edition``: that comparison says so
        # an edition on the way lacks the law: it may be back by ``edition`` (removed in 2005,
        # restored in 2015), so the chain's claim needs ``edition`` to lack a law matching it
        # -- one whose title agrees in a language both have (``title_evidence``); where one
        # does, no claim (the caller finds it by its title)
        return None if _titled_alike(corpus, law_id, edition) else (None, False)
    return at, bare(at) == bare(law_id)


def _titled_alike(corpus, law_id: str, edition: str) -> bool:
    """Whether ``edition`` has a law whose title agrees with ``law_id``'s in a language both
    have (``TITLE_ALIKE``)."""
    from .compare import similarity

    mine = {lang: _title_key(t) for lang, t in titles_by_language(corpus.node(law_id)).items()}
    for n in corpus.nodes:
        if n.kind == "law" and edition_of(n.id, corpus) == edition:
            theirs = titles_by_language(n)
            if any(similarity(key, _title_key(theirs[lang])) >= TITLE_ALIKE
                   for lang, key in mine.items() if lang in theirs):
                return True
    return False


def _between(step: str, here: str, edition: str) -> bool:
    """Whether ``step`` was published after ``here`` and not after ``edition`` (or, going back,
    before ``here`` and not before ``edition``), by the dates the names carry (``later``)."""
    ahead = later(edition, here)
    if ahead is None:
        return False
    return later(step, here) is ahead and later(step, edition) is not ahead


# how alike two titles in one language must be (compare.similarity, by their words) for a law
# of the same number to be taken as the same law ("Disposition of Penalty Card" / "Penalty Card")
TITLE_ALIKE = 0.5


@dataclass(frozen=True)
class Counterpart:
    """The same law in another edition, and what says so: ``by`` is ``"comparison"`` (the
    texts compared, directly or through editions between), ``"title"`` (the same number,
    a title in a language both have agreeing; or another number of the same title),
    ``"glossary"`` (the same number, the glossary carrying one's title words into the
    other's language), ``"number"`` (the same number and nothing to check it by: the
    editions share no language and no title can be read across), ``"none"`` (no
    counterpart: removed or not yet, when ``by_comparison``; else titles compared and no
    law's agreeing), ``"unchecked"`` (no law of that number and nothing to compare by: no
    comparison joins the editions, no title in a language both have) or ``"lost"`` (that
    edition's sources lost the text where the law would stand: a cut end, a missing law, laws
    before the first its sources hold -- neither removed nor not yet)."""

    target: str | None
    same: bool
    by: str

    @property
    def by_comparison(self) -> bool:
        return self.by == "comparison"


def titles_by_language(node) -> dict[str, str]:
    """A law's titles, one per language it has one in (its own, then its translations'):
    ``{"ru": "штрафная карта", "en": "disposition of penalty card"}`` -- compared only
    within a language, never across."""
    out = {}
    if node is not None and node.title:
        out[node.lang] = node.title
    for lang, given in (node.translations if node is not None else {}).items():
        if (given or {}).get("title") and lang not in out:
            out[lang] = given["title"]
    return {lang: title for lang, title in out.items() if _title_key(title)}


def title_evidence(one, other, bridge=None) -> bool | None:
    """Whether two laws' titles say they are one law: True where a language both have a
    title in agrees (the same words, or mostly: ``TITLE_ALIKE``), or -- no such language --
    where ``bridge`` (a ``TitleBridge``) carries one's title into the other's language;
    False where they have titles in a common language and none agrees; None when there is
    nothing to tell by."""
    from .compare import similarity

    mine, theirs = titles_by_language(one), titles_by_language(other)
    common = set(mine) & set(theirs)
    if any(similarity(_title_key(mine[lang]), _title_key(theirs[lang])) >= TITLE_ALIKE for lang in common):
        return True
    if common:
        return False
    if bridge is not None and mine and theirs and bridge.carries(mine, theirs):
        return True
    return None


class TitleBridge:
    """Titles read across two languages through the glossary: a glossary term found in a
    title of the glossary's first language whose translation stands in the other law's
    title of the second language (``Штрафная карта`` / "Disposition of Penalty Card" by
    «штрафная карта» = "penalty card").

    ``terms`` (``term_lang``'s: each token's lemmas, ``analysis.Analysis.terms``) and
    ``stems`` (``translation_lang``'s: a text's word stems) are given by the caller, so this
    module reads no morphology itself."""

    def __init__(self, glossary, term_lang: str, translation_lang: str, terms, stems):
        self.term_lang, self.translation_lang = term_lang, translation_lang
        self.terms, self.stems = terms, stems
        self.entries = []
        for g in glossary:
            lemmas = [set(t) for t in terms(g.term)]
            stems_ = set(stems(g.translation))
            if lemmas and stems_:
                self.entries.append((lemmas, stems_))

    def _found(self, title: str) -> list[set[str]]:
        """The stems of the translations of the glossary terms ``title`` holds."""
        tokens = [set(t) for t in self.terms(title)]
        out = []
        for lemmas, stems in self.entries:
            n = len(lemmas)
            if any(all(lemmas[k] & tokens[i + k] for k in range(n)) for i in range(len(tokens) - n + 1)):
                out.append(stems)
        return out

    def carries(self, one: dict[str, str], other: dict[str, str]) -> bool:
        for a, b in ((one, other), (other, one)):
            if self.term_lang in a and self.translation_lang in b:
                words = set(self.stems(b[self.translation_lang]))
                if any(stems <= words for stems in self._found(a[self.term_lang])):
                    return True
        return False


def counterpart_of(corpus, law_id: str, edition: str, bridge: TitleBridge | None = None) -> Counterpart:
    """The same law in another edition (docs/editions.md, "The site"):

    1. where a comparison joins the two editions (a shared language, or a chain of editions
       each sharing one with the next), where the texts say it went (``went_to``);
    2. else by number and title: the law of the same number when its title agrees in a
       language both have (or, with no such language, the glossary reads one title into the
       other's), or when there is no title to check by at all (``by="number"``, which the
       page says); else a law of that edition with the same title in a language both have;
       else none, which the page says (``by="none"``): never a law whose title disagrees.

    ``counterpart_of(corpus, "42", "2007") == Counterpart("2007~41", False, "comparison")``
    """
    compared = went_to(corpus, law_id, edition)
    if compared is not None and compared[1] is None:
        return Counterpart(None, False, "lost")
    if compared is not None:
        return Counterpart(compared[0], compared[1], "comparison")
    law = corpus.node(law_id)
    same = law_in(corpus, bare(law_id), edition)
    if same is not None:
        told = title_evidence(law, corpus.node(same), bridge)
        if told is True:
            mine, theirs = titles_by_language(law), titles_by_language(corpus.node(same))
            return Counterpart(same, True, "title" if set(mine) & set(theirs) else "glossary")
        if told is None:
            return Counterpart(same, True, "number")
    titled = _laws_by_title(corpus)
    mine = {lang: _title_key(t) for lang, t in titles_by_language(law).items()}
    # the first law in reading order with this one's title in a language both have
    first = min(((k, n_id) for lang, key in mine.items()
                 for k, n_id in titled.get((edition, lang, key), ()) if n_id != same), default=None)
    if first is not None:
        return Counterpart(first[1], False, "title")
    # titles in a language both have compared and none agreed: no match; no title to compare
    # (no language in common, no comparison joining the editions): nothing was checked
    checked = (same is not None and told is False) or bool(set(mine) & _title_languages(corpus).get(edition, set()))
    return Counterpart(None, False, "none" if checked else "unchecked")


def _laws_by_title(corpus) -> dict[tuple[str, str, str], list[tuple[int, str]]]:
    """The laws of each edition by their title in each language (``titles_by_language``, as
    ``_title_key``): ``(edition, lang, key) -> [(place in reading order, ID), …]``, the first
    two kept (one of them may be the law of the same number, which is not asked for). Made
    once per corpus, one walk over its nodes."""
    kept = corpus.__dict__.get("_laws_by_title")
    if kept is not None:
        return kept
    found: dict[tuple[str, str, str], list[tuple[int, str]]] = {}
    for k, n in enumerate(corpus.nodes):
        if n.kind == "law":
            ed = edition_of(n.id, corpus)
            for lang, title in titles_by_language(n).items():
                held = found.setdefault((ed, lang, _title_key(title)), [])
                if len(held) < 2:
                    held.append((k, n.id))
    corpus.__dict__["_laws_by_title"] = found
    return found


def _title_languages(corpus) -> dict[str, set[str]]:
    """The languages each edition's laws have titles in (``_laws_by_title``'s keys)."""
    kept = corpus.__dict__.get("_title_languages")
    if kept is None:
        kept = {}
        for ed, lang, _ in _laws_by_title(corpus):
            kept.setdefault(ed, set()).add(lang)
        corpus.__dict__["_title_languages"] = kept
    return kept


def counterpart(corpus, law_id: str, edition: str, bridge: TitleBridge | None = None) -> tuple[str | None, bool]:
    """``counterpart_of`` as ``(ID or None, same number)``:
    ``counterpart(corpus, "42", "2007") == ("2007~41", False)`` for a law renumbered 42 → 41."""
    found = counterpart_of(corpus, law_id, edition, bridge)
    return found.target, found.same


# the date an edition's name carries: a year (four digits standing alone), optionally with a
# month and a day after it (2017, 2016-fed, fed-2021, 2017-03, 2017.03.15)
EDITION_DATE = re.compile(r"(?<![0-9])([12][0-9]{3})(?:[-._]([0-9]{1,2})(?:[-._]([0-9]{1,2}))?)?(?![0-9])")


def edition_date(name: str) -> tuple[int, ...] | None:
    """The date an edition's name carries, as far as it goes: ``(2017,)``, ``(2017, 3)``,
    ``(2017, 3, 15)``; None for a name with no year (``club``, ``v2.0``)."""
    found = EDITION_DATE.search(name)
    if found is None:
        return None
    year, month, day = found.groups()
    date = (int(year),)
    if month is not None and 1 <= int(month) <= 12:
        date += (int(month),)
        if day is not None and 1 <= int(day) <= 31:
            date += (int(day),)
    return date


def chronological(names) -> list[str]:
    """Edition names in the order they were published: by the date a name carries where it
    carries one, earlier first; editions of one date, and the editions with no date after the
    dated ones, in the order given (the manifest's, the description's). The order of the
    edition switch, the contents' list of editions, the compare views and ``diff``'s pair.

    >>> chronological(["2017", "club", "1987", "2017-fed", "v2"])
    ['1987', '2017', '2017-fed', 'club', 'v2']
    """
    names = list(names)
    def key(k: int):
        date = edition_date(names[k])
        return (0, date, k) if date is not None else (1, (), k)
    return [names[k] for k in sorted(range(len(names)), key=key)]


def in_order(corpus) -> tuple[Edition, ...]:
    """The corpus's editions in chronological order (``chronological``)."""
    eds = {e.id: e for e in edition_list(corpus)}
    return tuple(eds[name] for name in chronological(eds))


def later(edition: str, than: str) -> bool | None:
    """Whether ``edition`` was published after ``than``, by the dates their names carry
    (``edition_date``); None when that is not known: the same name, a name with no date, or
    one date where neither goes further (``2017`` and ``2017-fed``)."""
    if edition == than:
        return None
    one, other = edition_date(edition), edition_date(than)
    if one is None or other is None:
        return None
    if one[:len(other)] == other or other[:len(one)] == one:
        return None
    return one > other


def edition_set(corpus):
    """The corpus's editions as ``edition_trees.EditionSet`` (what ``lawsearch diff`` reads):
    each edition's tree in each of its languages, from ``corpus.edition`` -- no parse again."""
    from .edition_trees import EditionEntry, EditionSet, language_tree
    from .profile import of as profile_of

    class CorpusEditions(EditionSet):
        def tree(self, edition: str, lang: str):
            key = (edition, lang)
            if key not in self._trees:
                self.get(edition)
                self._trees[key] = language_tree(corpus_edition(corpus, edition).nodes, lang, _law_text_kinds(corpus))
            return self._trees[key]

        def profile(self):
            return profile_of(corpus)  # the corpus's own, its folder's profile.toml included

        def compared(self, old: str, new: str, lang: str, found) -> None:
            """Keep where each node went in a comparison the compare view made (``_went``):
            the edition switch follows laws through the same comparisons (``_steps``)."""
            corpus.__dict__.setdefault("_edition_went", {})[(old, new, lang)] = _went(found)

    default = default_edition(corpus)
    entries = [EditionEntry(e.id, e.default, (
        *({"lang": lang} for lang in e.langs),
        # the edition's law sources, for the compare pages' version stamp
        *({"lang": s.lang, "path": s.path, "sha256": s.sha256} for s in corpus.sources
          if s.kind == "laws" and (s.edition or default) == e.id and s.lang in e.langs)))
        for e in edition_list(corpus)]
    found = CorpusEditions(entries, dict(corpus.code), where=str(corpus.code.get("title", "")))
    # what the compare pages' stamp says of the corpus: each edition's sources (file, SHA-256)
    # and the build -- for a corpus parsed in memory, the hash of its inputs
    found.stamp_sources = {e.id: [(s.path.rsplit("/", 1)[-1], s.sha256) for s in corpus.sources
                                  if (s.edition or default) == e.id] for e in edition_list(corpus)}
    found.stamp_build = corpus.build or ((corpus.inputs or "").split(":")[0][:12] or None)
    return found
