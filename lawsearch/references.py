"""Cross-references: every citation in node texts and footnotes, resolved to a canonical
target with a status (CONTRACT.md):

* ``node``    -- the target is in our text;
* ``law``     -- its law has a node, but not that section or clause (47A: page 77 is lost);
* ``outside`` -- its law is not in the corpus (16A, 41, 68).

The forms are the code profile's data (``[citations]``, docs/profiles.md), read in the
language of the citing text: ``правило 16A``, ``правилом 53``, ``Правило 16С2``
(look-alike), ``Laws 53 and 56``, lists and ranges (``правила 12 и 13``, ``правила 61-64``),
a level and its containers (``разделы A и B правила 57``, ``пункту 2 части 1 статьи 2``),
references relative to the citing law (``раздел C ниже``, ``see B``, ``A2 preceding``,
``частей 1 и 2 настоящей статьи``), a sub-clause of the citing clause (``предшествующему
разделу (A)``, ``(a) or (b)``), commentary paragraphs (``п.54.1``), and the surviving half
of a reference cut by a lost page (``ло 57)`` at a truncated start).

Returns what it resolved *and* what it could not (``Unresolved``), never dropping either.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from . import ids
from .model import Footnote, Node, Ref
from .patterns import Citations, CitationLevel, compile_citations
from .profile import Profile, activated, load_profile


@dataclass(frozen=True)
class Unresolved:
    from_: str
    surface: str
    reason: str
    source: str
    line: int


def find_references(nodes: list[Node], footnotes: list[Footnote], offsets: dict[str, list[tuple[int, str, int]]],
                    footnote_offsets: dict[str, tuple[str, int]],
                    law_range: tuple[int, int], lang: str | None = None, targets: list[Node] | None = None,
                    first_group: int = 0, profile: Profile | None = None,
                    renumbered: frozenset[str] = frozenset()) -> tuple[list[Ref], list[Unresolved]]:
    """Every reference in the corpus, in reading order of the citing nodes, read with the
    citation forms of ``profile`` (default: the built-in one) in ``lang`` (default: the
    profile's first language). ``targets`` are the nodes a reference may point at (default:
    ``nodes``); a translation's text cites the whole corpus. ``renumbered``: the nodes printed
    with a number in a layout that numbers each level's list afresh from 1 (web-bullets),
    whose "1 above" is the item printed "1." beside them (``_numbered_sibling``)."""
    profile = profile or default_profile()
    lang = lang or profile.languages[0]
    forms = citation_forms(profile, lang)
    by_id = {n.id: n for n in (targets if targets is not None else nodes)}
    laws = {n.law for n in by_id.values() if n.kind == "law"}
    refs: list[Ref] = []
    unresolved: list[Unresolved] = []
    group = first_group

    with_commentary = {n.law for n in by_id.values() if n.kind == "commentary"}
    # the definitions' own numbered paragraphs keep their printed number as their label
    # (1.1 is defs.1): a citation of that number cites them, where no law's paragraph has it
    defs_id = ids.rules().definitions_id
    printed = {n.label: n.id for n in by_id.values()
               if defs_id is not None and n.kind == "commentary" and n.law == defs_id and n.label}

    def status(target: str) -> str:
        if target in by_id and not by_id[target].missing:
            return "node"
        if target in by_id and target in laws and target in with_commentary:
            return "node"  # a law known from its commentary: the link lands on it
        return "law" if _law_of(target) in laws else "outside"

    def scan(owner: str, law: str | None, context: Node | None, text: str, where: list[tuple[int, str, int]],
             truncated_start: bool) -> None:
        nonlocal group
        starts = [w[0] for w in where]  # once per text: a long node has many lines and many citations
        printed_afresh = owner in renumbered
        for c in _citations(text, forms, law, context.id if context else None, law_range, truncated_start,
                            by_id.__contains__, printed_afresh):
            source, line = _line_at(where, starts, c.start)
            if c.problem:
                unresolved.append(Unresolved(owner, c.surface, c.problem, source, line))
                continue
            group += 1
            for target in c.targets:
                if target not in by_id and target in printed:
                    target = printed[target]
                refs.append(Ref(owner, law, target, c.surface, group, status(target), source, line,
                                partial=c.partial, start=c.start, end=c.start + len(c.surface), lang=lang))

    for node in nodes:
        if node.text:
            scan(node.id, node.law, node, node.text, offsets.get(node.id, []), node.truncated_start)
    for fn in footnotes:
        marker_nodes = [by_id[m] for m in fn.markers if m in by_id]
        law = marker_nodes[0].law if marker_nodes else (by_id[fn.at].law if fn.at in by_id else None)
        path, line = footnote_offsets.get(fn.id, ("", 0))
        scan(fn.id, law, marker_nodes[0] if marker_nodes else None, fn.text, [(0, path, line)], False)
    return refs, unresolved


def _law_of(target: str) -> str:
    """The law (outermost number) of a target ID: ``47E2(a)`` → 47, ``48.4`` → 48, ``12.2.3`` → 12."""
    m = re.match(r"\d+", target)
    return m.group() if m else target


@lru_cache(maxsize=1)
def default_profile() -> Profile:
    """The built-in profile a corpus gets when its manifest names none."""
    return load_profile()


def citation_forms(profile: Profile, lang: str) -> Citations:
    """The compiled citation forms of ``profile`` in ``lang``, compiled once per table."""
    grammar = profile.data.get("grammar", {})
    tables = {"citations": profile.data.get("citations", {}),
              "grammar": {k: grammar.get(k, {}) for k in ("levels", "ids", "labels", "lookalikes", "translit")}}
    # the label letters of the language's layouts («(б)» → (b), ``label_letters``): a citation
    # names a sub-clause by the letter its heading is printed with
    tables["grammar"]["label_letters"] = sorted(
        {tuple(t["label_letters"][:2]) for t in profile.data.get("layouts", {}).values()
         if isinstance(t, dict) and t.get("lang") == lang and len(t.get("label_letters") or ()) >= 2})
    return _compiled(json.dumps(tables, sort_keys=True, ensure_ascii=False), lang)


@lru_cache(maxsize=32)
def _compiled(tables: str, lang: str) -> Citations:
    data = json.loads(tables)
    return compile_citations(data["citations"], lang, data["grammar"])


def _line_at(where: list[tuple[int, str, int]], starts: list[int], offset: int) -> tuple[str, int]:
    """The raw line an offset of a text comes from; ``starts`` are the offsets of ``where``."""
    if not where:
        return "", 0
    i = bisect.bisect_right(starts, offset) - 1
    _, source, line = where[max(i, 0)]
    return source, line


@dataclass(frozen=True)
class Citation:
    """One citation in a text: its surface and offset, the IDs it names, or why it names
    none (``problem``); ``partial`` for the surviving half of a cut one."""

    surface: str
    start: int
    targets: tuple[str, ...]
    problem: str | None = None
    partial: bool = False


def find_citations(text: str, law: str | None = None, context: str | None = None,
                   law_range: tuple[int, int] | None = None, truncated_start: bool = False,
                   lang: str | None = None, profile: Profile | None = None):
    """Yield ``(surface, offset, targets, problem)`` for each citation in ``text``, read with
    ``profile``'s forms (default: the built-in one) in ``lang`` (default: its first).

    ``law`` is the citing law (for relative references), ``context`` the citing node's ID
    (for a sibling sub-clause), ``law_range`` the code's laws (default: the profile's),
    ``truncated_start`` allows the half reference at the start.

    >>> [t for _, _, t, _ in find_citations("как предусмотрено правилом 53, и болван")]
    [['53']]
    """
    given, profile = profile, profile or default_profile()
    forms = citation_forms(profile, lang or profile.languages[0])
    law_range = law_range or tuple(profile.data.get("laws", (1, 10 ** 4)))
    with activated(given):  # its IDs: a target is built with its levels' formats (_built)
        found = list(_citations(text, forms, law, context, law_range, truncated_start))
    for c in found:
        yield c.surface, c.start, list(c.targets), c.problem


@dataclass(frozen=True)
class _Found:
    start: int
    end: int  # of the surface: the relative words after it ("ниже", "данного правила") left out
    chain: tuple[tuple[CitationLevel, str], ...]  # the cited level and its labels, then its containers
    this: int | None = None  # the rank of the citing node's own container it names ("настоящей части")
    partial: bool = False
    direction: int = 0  # where a bare number's "after" word points: -1 back ("above"), 1 forward ("below")
    held: bool = False  # the labels lie in the container named after them ("2 or 3 of Law 40A")


def _citations(text: str, forms: Citations, law: str | None, context: str | None, law_range: tuple[int, int],
               truncated_start: bool, exists=None, renumbered: bool = False):
    """Every citation of ``text``, by level (the outermost first), then in text order."""
    found = []
    if truncated_start and forms.half and (m := forms.half.match(text)):
        found.append(_Found(m.start(), m.end(), ((forms.levels[0], m["ids"]),), partial=True))
    for level in forms.levels:
        if level.head is None:
            continue
        for m in level.head.finditer(text):
            found.append(_chain(text, forms, level, m.start(), m.end(), m["ids"]))
    found = _comma_chains(text, forms, found)
    if forms.bare is not None:
        found += _bare(text, forms)
    if forms.held is not None:
        found += _held(text, forms, [(f.start, f.end) for f in found])
    kept, end = [], -1
    for f in sorted(found, key=lambda f: (f.start, -f.end)):
        if f.start >= end and _of_another_document(text, forms, f):
            end = f.end  # "Section 7(b) of the founding deed": no reference into this code
            continue
        if f.start >= end:  # "правила 57" inside "разделы A и B правила 57" is one citation
            kept.append(replace(f, direction=_direction(text, f.end, forms)))
            end = f.end
    resolved = _chained(text, kept, forms, law, context, law_range, exists, renumbered)
    for f in sorted(kept, key=lambda f: (f.chain[0][0].rank, f.start)):
        surface = text[f.start:f.end]
        targets, problem = resolved[f.start]
        broken = next((t for t in targets if _empty_level(t, forms)), None)
        if broken is not None and not problem:
            # an ID with a level left empty (3()(a)) is no target: a warning, never a link
            targets, problem = (), f"cannot build a target for {surface} (got {broken})"
        if problem:
            yield Citation(surface, f.start, (), problem)
        elif targets:
            yield Citation(surface, f.start, tuple(targets), partial=f.partial)


def _unquoted(label: str, forms: Citations) -> str:
    """A number label out of the table's quotes it stands in: ``(2)`` → ``2``; any other
    label as it is (``3(1)``, ``(a)``)."""
    if forms.quotes and len(label) > 2 and label[0] in forms.quotes and label[-1] in forms.quotes \
            and label[1:-1].isdigit():
        return label[1:-1]
    return label


def _composed(parts: list[str], forms: Citations) -> str:
    """An ID of a law and its parts: joined (12.2.3, 57B) or, in a code printing its levels in
    brackets, each part after the law in its brackets unless printed so (3, 2, (a) → 3(2)(a))."""
    before, _, after = forms.part_format.partition("{label}")
    if not after or not parts:
        return forms.join.join(parts)
    return parts[0] + "".join(p if p.startswith(before) and p.endswith(after)
                              else forms.part_format.replace("{label}", p) for p in parts[1:])


def _empty_level(target: str, forms: Citations) -> bool:
    """Whether an ID has a level with no label: the brackets of a bracketed level empty
    (``3()(a)``), or two joins in a row in a dotted one (``3..2``)."""
    before, _, after = forms.letter_format.partition("{label}")
    if after and before + after in target:
        return True
    join = forms.join
    if join and not join.endswith(")"):
        return join + join in target
    return bool(join) and join in target


# the words of a noun phrase after an "of" word, up to a stop, a comma or a bracket
_PHRASE_WORDS = re.compile(r"\s+([^\W\d_][\w'’-]*)")


def _of_another_document(text: str, forms: Citations, found: _Found) -> bool:
    """Whether a citation is followed by an "of" word and a noun phrase none of whose first
    words is a citation word of this code: "Section 7(b) of the founding deed" cites another
    document, not this one ("Section 2 of these Bylaws", "B1 of Law 73" do cite this code)."""
    if forms.of is None or forms.words is None or found.this is not None or found.held \
            or (m := forms.of.match(text, found.end)) is None:
        return False
    words, pos = [], m.end()
    while len(words) < 4 and (w := _PHRASE_WORDS.match(text, pos)) is not None:
        words.append(w.group(1))
        pos = w.end()
    return bool(words) and not any(forms.words.fullmatch(w) for w in words)


def _direction(text: str, end: int, forms: Citations) -> int:
    """Where the "after" word at ``end`` points: -1 back ("above", «выше»), 1 forward
    ("below", «ниже»), 0 where there is none or the profile does not say. A letter's closing
    bracket left after the surface ("подпункт б) выше") is the label's, not in the way."""
    if text[end:end + 1] == ")" and "(" not in text[max(0, end - 3):end]:
        end += 1
    if forms.earlier is not None and forms.earlier.match(text, end):
        return -1
    return 1 if forms.later is not None and forms.later.match(text, end) else 0


def _relative_to_context(found: _Found, forms: Citations) -> bool:
    """Whether a citation lies where the citing node is (its context decides): a bare
    sub-clause ``(b)``, or a letter with no container named (``(b) above``, ``подпункт б)``)."""
    (level, labels), containers = found.chain[0], found.chain[1:]
    if containers or found.this is not None or level.absolute:
        return False
    if level.label == "letter":
        return True
    return all(label.startswith("(") for label in level.item.findall(labels))


# a sentence ends between two citations: a stop, a space, and a capital
_SENTENCE_BREAK = re.compile(r"[.!?]\s+(?=[^\W\d_])")


def _chained(text: str, kept: list[_Found], forms: Citations, law: str | None, context: str | None,
             law_range: tuple[int, int], exists=None,
             renumbered: bool = False) -> dict[int, tuple[list[str], str | None]]:
    """Each citation's targets (or problem), by its start. A citation relative to its context
    (``_relative_to_context``) that follows another in the same sentence lies beside that
    one's target, not in the citing node, where it names a sibling of it: "paragraph (a) of
    Section 2.2.1 … (b) above" → 2.2.1(b); «подпункт «а» пункта 3 статьи 11 и подпункт б)
    выше» → 11.3.b. Else it lies where the citing node is, as before."""
    out: dict[int, tuple[list[str], str | None]] = {}
    before: tuple[_Found, str] | None = None  # the last citation read and its last target
    for f in sorted(kept, key=lambda f: f.start):
        targets, problem = _resolve(f, forms, law, context, law_range, exists, renumbered)
        if before is not None and _relative_to_context(f, forms) and not (
                _names_its_level(text[f.start:f.end]) and _confirmed_here(f, targets, problem, context, exists)) \
                and not any(
                text[m.end()].isupper() for m in _SENTENCE_BREAK.finditer(text, before[0].end, f.start + 1)):
            # beside the one before, a number goes on with its list ("A1 or 2 above"): the
            # direction word is the whole list's, not the number's own
            beside, trouble = _resolve(replace(f, direction=0), forms, law, before[1], law_range, exists)
            if not trouble and beside and all(_parent(t) == _parent(before[1]) for t in beside):
                targets, problem = beside, None
        out[f.start] = (targets, problem)
        if targets and not problem:
            before = (f, targets[-1])
    return out


def _names_its_level(surface: str) -> bool:
    """Whether a citation's surface opens with its level's word ("subrule (1)", «подпункт б»):
    a citation of its own, not a label going on with the list before it ("A1 or 2 above")."""
    return surface[:1].isalpha() and any(c.isspace() for c in surface)


def _confirmed_here(found: _Found, targets: list[str], problem: str | None, context: str | None,
                   exists) -> bool:
    """Whether a relative citation with an "after" word ("subrule (1) above" in 4(3)) names
    nodes the corpus has beside the citing node -- not the node itself, none of its containers
    and none of its own items: the direction word points from where the citing text is, so
    an explicit citation before it in the sentence ("subrule (2) of rule 2 and subrule (1)
    above") does not carry it off. Where it would name the citing node's own items ("(b)
    above" in 3.2.2) or nothing, the citation before it decides, as before."""
    if not found.direction or problem or not targets or context is None or exists is None:
        return False
    around = set()
    node = context
    while node is not None:
        around.add(node)
        node = _parent(node)
    return all(exists(t) and t not in around and not _is_within(t, context)
               and _sibling_order(t, context) in (0, found.direction) for t in targets)


def _sibling_order(node_id: str, context: str) -> int:
    """-1 where ``node_id`` is a sibling printed before ``context`` (its label's place in its
    level's alphabet smaller: "(i)" before "(iii)", "B" before "C", 2 before 10), 1 after, 0
    where they are no siblings or their labels do not tell. A level of several alphabets
    ("digits" and "roman") compares in the first of them that holds both labels."""
    parent = _parent(node_id)
    if parent is None or parent != _parent(context):
        return 0
    rules = ids.rules()
    mine, theirs = rules.parse(node_id) or {}, rules.parse(context) or {}
    # the label's level as the ID reads it; "(i)" reads as a letter where "(iii)" beside it is a numeral
    levels = [next((lv for lv in reversed(rules.levels) if parts.get(lv)), None) for parts in (mine, theirs)]
    if None in levels:
        return 0
    a_label, b_label = mine[levels[0]], theirs[levels[1]]
    for level in dict.fromkeys(levels):
        alphabet = rules.alphabets.get(level)
        for kind in alphabet.kinds if alphabet else ():
            one = type(alphabet)((kind,))
            a, b = one.position(a_label), one.position(b_label)
            if a is not None and b is not None:
                return (a > b) - (a < b)
    return 0


def _is_within(node_id: str, holder: str) -> bool:
    """Whether ``node_id`` lies inside ``holder`` (one of its items, at any depth)."""
    node = _parent(node_id)
    while node is not None:
        if node == holder:
            return True
        node = _parent(node)
    return False


def _single_label(level: str, label: str, forms: Citations) -> str | None:
    """``label`` as the ID writes a label of the grammar's ``level`` -- out of the table's
    quotes or the level's own marks ("(1)" → 1), look-alikes folded, transliterated -- or None
    where it is no one label of that level's alphabet ("2(1)", "3.2.1")."""
    rules = ids.rules()
    text = _latin(label, forms)
    before, _, after = rules.formats.get(level, "{label}").partition("{label}")
    if (before or after) and text.startswith(before) and text.endswith(after) \
            and len(text) > len(before) + len(after):
        text = text[len(before):len(text) - len(after)]
    elif forms.quotes and len(text) > 2 and text[0] in forms.quotes and text[-1] in forms.quotes:
        text = text[1:-1]
    alphabet = rules.alphabets.get(level)
    if alphabet is None or not text:
        return None
    own = rules.label(level, text)
    printed = {v: k for k, v in rules.translit.items()}.get(own, own)
    return own if alphabet.position(printed) is not None or alphabet.position(own) is not None else None


def _built(found: _Found, cited: list[str], forms: Citations, law: str | None,
           context: str | None, exists=None) -> tuple[list[str], str | None] | None:
    """The targets of a reference naming levels of single labels ("point 2 of paragraph (1)",
    "points 1 and 2 of Article 2(1)", "sub-point (b) of point 2 of Article 2(1)"), each label
    written with its own level's ID format by the code that writes the headings' IDs
    (``IdRules.law_id``): 2(1)2, 2(1)1, 2(1)2(b) where the point's format is "{label}",
    2(1).2 where it is ".{label}". Levels above the outermost one named, in a reference
    relative to the citing law, are the citing node's own. A target that cannot be built (a
    level named twice, one left out where the levels are strict) or does not read back as the
    parts it was built of is a problem, never a guess. None where the reference is not of
    this kind (a whole ID, a level of whole labels, a container of the citing node's)."""
    (level, _), containers = found.chain[0], found.chain[1:]
    if found.this is not None or found.held or found.partial or level.absolute or level.rank == 0 \
            or level.name not in forms.id_levels \
            or any(lv.rank != 0 and lv.name not in forms.id_levels for lv, _ in containers):
        return None
    if not containers and (level.label != "number" or ids.rules().levels.index(forms.id_levels[level.name]) == 0):
        # one outermost level's labels ("paragraph (2)"), a letter alone ("sub-point (b)", "(b)
        # above": a sibling of the citing node's, _bare_in_context): the readings below
        return None
    rules = ids.rules()
    levels = list(rules.levels)
    parts: dict[str, str | None] = dict.fromkeys(levels)
    surface_law = None
    filled = False  # a level taken from the citing node
    for lv, label in reversed(containers):  # the outermost first
        if lv.rank == 0:
            whole = rules.parse(ids.normalize(_latin(label, forms)))
            if not whole:
                return [], f"cannot build a target: {label} is no ID of this code"
            surface_law = whole["law"]
            parts.update({k: whole[k] for k in levels if whole.get(k)})
            continue
        own = _single_label(forms.id_levels[lv.name], label, forms)
        if own is None:
            return None
        if parts[forms.id_levels[lv.name]] is not None:
            return [], f"cannot build a target: the {lv.name} is named twice ({label})"
        parts[forms.id_levels[lv.name]] = own
    if surface_law is None:
        # the law and the levels above the outermost named are those of the node the
        # reference lies in ("point 2" in 2(1)3 → 2(1)2)
        own_path = rules.parse(context) if context else None
        if own_path is None and law is None:
            return [], "a relative reference outside any law"
        surface_law = own_path["law"] if own_path else law
        named = [i for i, lv in enumerate(levels) if parts[lv]] + [levels.index(forms.id_levels[level.name])]
        for lv in levels[:min(named)] if own_path else ():
            parts[lv] = own_path.get(lv)
            filled = filled or bool(parts[lv])
    cited_level = forms.id_levels[level.name]
    at = levels.index(cited_level)
    if any(parts[lv] for lv in levels[at:]):
        return [], f"cannot build a target: a {level.name} inside a deeper level"
    targets = []
    for label in cited:
        own = _single_label(cited_level, label, forms)
        if own is None:
            return None
        path = [parts[lv] for lv in levels[:at]] + [own]
        if rules.strict and not all(path):
            missing = levels[path.index(None)]
            return [], f"cannot build a target: no {missing} named for {level.name} {label}"
        target = rules.law_id(surface_law, *path)
        back = rules.parse(target)
        if not back or back["law"] != surface_law:
            # "{label}"-glued levels with one left out: law 2's point 2 would read as law 22
            return [], f"cannot build a target: {target} reads as no {level.name} {label} of {surface_law}"
        if filled and exists is not None and not exists(target):
            if not rules.strict:
                # a level may be skipped ("пункт 2" of an article whose points stand right under
                # it, 11.2): the readings below, as before
                return None
            # the levels taken from the citing node hold no such part: which one is meant is unknown
            return [], f"cannot tell which {level.name} {label} is meant ({target} is not in the text)"
        targets.append(target)
    return targets, None


def _parent(node_id: str) -> str | None:
    """The ID of the node containing a law-text node (``2.2.1(a)`` → ``2.2.1``), None for a law
    or an ID that is none."""
    rules = ids.rules()
    parts = rules.parse(node_id)
    if not parts:
        return None
    present = [lv for lv in rules.levels if parts.get(lv)]
    if not present:
        return None
    return rules.law_id(parts["law"], *[parts.get(lv) for lv in rules.levels[:rules.levels.index(present[-1])]])


def _chain(text: str, forms: Citations, level: CitationLevel, start: int, end: int, labels: str) -> _Found:
    """A level's labels and the containers named after them (" правила 57", " части 1
    статьи 2"), each further out than the last, then maybe the citing node's own ("данного
    правила"); an absolute label (a commentary paragraph) has none."""
    chain = [(level, labels)]
    this = None
    if not level.absolute:
        current = level
        while True:
            outer = [lv for lv in forms.levels if lv.rank < current.rank and not lv.absolute]
            for lv in outer:
                if lv.container is not None and (m := lv.container.match(text, end)):
                    chain.append((lv, m["id"]))
                    end, current = m.end(), lv
                    break
            else:
                break
        this = next((lv.rank for lv in forms.levels
                     if lv.rank < current.rank and lv.this is not None and lv.this.match(text, end)), None)
    return _Found(start, end, tuple(chain), this)


def _comma_chains(text: str, forms: Citations, found: list[_Found]) -> list[_Found]:
    """A reference to one label followed by a comma and a reference of a deeper level that
    names no container of its own names the deeper one inside it: ``Article 3, Section 2``
    → 3.2 (one citation); a list ("Articles 3 and 4, Section 2") or a level no deeper stays
    apart."""
    ordered = sorted(found, key=lambda f: f.start)
    out: list[_Found] = []
    for f in ordered:
        before = out[-1] if out else None
        if before is not None and len(f.chain) == 1 and not f.partial and before.this is None \
                and re.fullmatch(r"\s*,\s*", text[before.end:f.start]) \
                and before.chain[-1][0].rank < f.chain[0][0].rank and before.chain[0][0].rank < f.chain[0][0].rank \
                and not before.chain[0][0].absolute and not f.chain[0][0].absolute \
                and len(list(before.chain[0][0].item.finditer(before.chain[0][1]))) == 1 \
                and not (before.chain[0][0].range_end and before.chain[0][0].range_end.search(before.chain[0][1])):
            out[-1] = _Found(before.start, f.end, f.chain + before.chain, f.this)
            continue
        out.append(f)
    return out


def _bare(text: str, forms: Citations):
    """Labels with no citation word: only after a "see" word ("see B", "as in B"), before
    an "after" word ("A2 preceding", "B1(a) above"), or as a list of sub-clauses ("(a) or
    (b)"); a lone letter followed by a word is not one ("see A pair"), "see B1 for" is."""
    levels = [lv for lv in forms.levels if lv.bare]
    last_end = -1  # where the last bare reference (with its "after" word) ended
    for m in forms.bare.finditer(text):
        items = [i.group() for i in levels[0].item.finditer(m["ids"])]
        see = forms.see is not None and forms.see.search(text, max(0, m.start() - 40), m.start())
        after = forms.after is not None and forms.after.match(text, m.end())
        siblings = len(items) >= 2 and all(i.startswith("(") for i in items)
        # a label with its sub-clause, then more of them or a range ("A1(a) or (b)", "A1(a) through (c)")
        siblings = siblings or (len(items) >= 2 and items[0].endswith(")") and not items[0].startswith("(")
                                and all(i.startswith("(") for i in items[1:]))
        # "see A pair" -- but "see A and Law 40B" lists A with a reference
        lone_letter = len(m["ids"]) == 1 and _WORD_FOLLOWS.match(text, m.end()) \
            and not _reference_listed_after(text, forms, m.end())
        # "A2 of this Law", "this Law's A2": the citing node's own container named, after the
        # label (a level's ``this`` words) or before it (``this_before``) -- a reference in it
        own = next((lv.rank for lv in forms.levels if lv.rank < levels[0].rank and (
            (lv.this is not None and lv.this.match(text, m.end())) or (
                lv.this_before is not None and lv.this_before.search(text, max(0, m.start() - 40), m.start())))), None)
        if own is not None:
            last_end = m.end()
            yield _Found(m.start(), m.end(), ((levels[0], m["ids"]),), own)
            continue
        # (a sub-clause alone before its container is _held's: "(b) of B1", "(b) of Section 2.1.1")
        holder = _container_after(text, forms, m.end()) if not m["ids"].startswith("(") else None
        if holder is not None and (not lone_letter or see or (forms.of is not None and forms.of.match(text, m.end()))):
            # "compare B1(b) of Law 73", «B1(b) правила 73»: the label lies in the container named
            # after it, the container's own labels kept ("A of Law 40", never "A pair of Law 40")
            last_end = holder.end
            yield _Found(m.start(), holder.end, ((levels[0], m["ids"]), *holder.chain), holder.this)
            continue
        # "see 1(a) above and A1(b)": a label joined to the bare reference just before it
        listed = last_end >= 0 and forms.joined is not None and forms.joined.fullmatch(text, last_end, m.start()) \
            and not lone_letter
        if not (after or siblings or listed or (see and not lone_letter)):
            continue
        last_end = after.end() if after else m.end()
        yield _Found(m.start(), m.end(), ((levels[0], m["ids"]),))
    if forms.bare_number is not None:
        labels = {b.end(): b for b in forms.bare.finditer(text)}
        for m in forms.bare_number.finditer(text):  # "see 1 above": a numbered sibling (_numbered_sibling)
            see = forms.see is not None and forms.see.search(text, max(0, m.start() - 40), m.start())
            after = forms.after.match(text, m.end()) if forms.after is not None else None
            # "A1 or 2 above": the number ends a list of bare labels the "after" word is all of
            head = next((b for end, b in labels.items() if end <= m.start() and forms.joined is not None
                         and forms.joined.fullmatch(text, end, m.start())), None)
            quoted = _unquoted(m["ids"], forms) != m["ids"]  # "(1) above" is no count
            if not see and not quoted and head is None and after is not None and _WORD_FOLLOWS.match(text, after.end()) \
                    and not (forms.conjunction is not None and forms.conjunction.match(text, after.end())):
                # "in the 3 following cases": a count, unless a "see" word makes it a reference, or
                # a list's word goes on past the "after" word ("covered by 1 above and by A preceding")
                continue
            if head is not None:
                yield _Found(head.start(), head.end(), ((levels[0], head["ids"]),))
            start = _listed_numbers_start(text, m.start(), forms) if head is None and after is not None else m.start()
            # "see 1 and 2 above", "as in 1, 2 or 3 above": the direction word is the whole list's
            yield _Found(start, m.end(), ((levels[0], text[start:m.end()]),))


_LIST_NUMBER = re.compile(r"(?<![\w.\-–—/(])\d{1,2}(?![\w(])")


def _listed_numbers_start(text: str, start: int, forms: Citations) -> int:
    """Where a list of bare numbers ending in the one at ``start`` begins: the first of the
    numbers joined to it by the list's words ("1, 2 or 3" of "as in 1, 2 or 3 above");
    ``start`` itself where none is."""
    if forms.joined is None:
        return start
    while True:
        window = max(0, start - 24)
        before = next((n for n in reversed(list(_LIST_NUMBER.finditer(text, window, start)))
                       if forms.joined.fullmatch(text, n.end(), start)), None)
        if before is None:
            return start
        start = before.start()


def _reference_listed_after(text: str, forms: Citations, end: int) -> bool:
    """Whether a list's word follows ``end`` and a reference with a level word after it: the
    " and Law 40B" of "see A and Law 40B"."""
    if forms.conjunction is None or (c := forms.conjunction.match(text, end)) is None:
        return False
    start = c.end() + len(text[c.end():]) - len(text[c.end():].lstrip())
    return any(lv.head is not None and lv.head.match(text, start) for lv in forms.levels)


def _container_after(text: str, forms: Citations, end: int) -> _Found | None:
    """The reference to a level with a word that holds what ends at ``end`` (" of Law 73",
    " правила 73"), with its own containers; None where none follows."""
    for lv in forms.levels:
        if lv.container is not None and not lv.absolute and (c := lv.container.match(text, end)):
            return _chain(text, forms, lv, c.start("id"), c.end(), c["id"])
    return None


def _held(text: str, forms: Citations, taken: list[tuple[int, int]] = ()):
    """Bare sub-clauses or numbers followed by what holds them: a reference to a level with a
    word ("2 or 3 of Law 40A", «2 или 3 правила 40A») or, after an "of" word, a bare label
    ("(a)-(c) of A1", «(a)–(c) из A1»). They lie in that container (``_resolve``). A list
    starts after the labels of a reference found (``taken``): the "(b)" of "B1(a) of Law 31
    and (b) of B1", never the law's "31"."""
    # the level of the labels: a dotted code's letters, else the bare level's
    level = next((lv for lv in forms.levels if lv.label == "letter"), None) if forms.join else None
    level = level or next(lv for lv in forms.levels if lv.bare)
    pos = 0
    while (m := forms.held.search(text, pos)) is not None:
        inside = next((e for s, e in taken if s < m.start() < e), None)
        if inside is not None:
            pos = inside
            continue
        pos = max(m.end(), m.start() + 1)
        container = _container_after(text, forms, m.end())
        if container is None and forms.of_bare is not None and (c := forms.of_bare.match(text, m.end())):
            container = _Found(c.start("id"), c.end(), ((level, c["id"]),))
        if container is not None and forms.join and (len(container.chain) != 1 or forms.join not in container.chain[0][1]):
            continue  # a dotted code's sub-clauses lie only in a section written whole: "(b) of Section 2.1.1"
        if container is not None:
            yield _Found(m.start(), container.end, ((level, m["ids"]), *container.chain), container.this, held=True)


_WORD_FOLLOWS = re.compile(r"[ \t]+[^\W\d_]")
_LISTED_NUMBER = re.compile(r"\d{1,2}(?![\w(])")
_TRAILING_NUMBER = re.compile(r"(?<=[^\W\d_])\d+$")  # a label's last part, numbered after a letter: the 1 of 71B1
# a commentary label's printed dots that are no part of its ID: "66.4." → 66.4, "77.3.(iii)" → 77.3(iii)
PRINTED_DOTS = re.compile(r"\.(?=\()|\.$")


def _labels(level: CitationLevel, forms: Citations, text: str):
    """A list of labels: ``"12 и 13"`` → ["12", "13"]; a range ``"61-64"`` → 61 … 64;
    a label of words made Latin (``"16С2"`` → "16C2", ``"«в»"`` → "v")."""
    if text.isdigit() and not level.item.fullmatch(text):
        yield text  # a clause's number read alone ("see 1 above", _bare): no label of the level
        return
    pieces = forms.joined.split(text) if forms.joined is not None else [text]
    spans = [(p, forms.range.match(p, len(p) - len(p.lstrip("0123456789")))) for p in pieces]
    if not level.item.match(text) and all(p.isdigit() or (r is not None and r.end() == len(p) and p[:r.start()].isdigit())
                                          for p, r in spans):
        # a list or a range of such numbers ("clauses 1 through 3 above", "2 or 3 of Law 40A"): each number
        for p, r in spans:
            yield from [p] if p.isdigit() else (str(n) for n in range(int(p[:r.start()]), int(r["end"]) + 1))
        return
    pos = 0
    # the level's labels and the bare sub-clauses a label's list goes on with ("30A1(a) or (b)")
    # what joins the list's labels is none of them: the «и» of «а» и «б» is no letter
    joins = [j.span() for j in forms.joined.finditer(text) if j.end() > j.start()] if forms.joined is not None else []
    found = [*level.item.finditer(text), *(forms.sub.finditer(text) if forms.sub is not None else ()),
             # a number listed after a label its level writes otherwise: the 3 of "B2 or 3 of Law 70"
             *(n for n in _LISTED_NUMBER.finditer(text) if any(b == n.start() for _, b in joins))]
    for m in sorted(found, key=lambda m: (m.start(), -m.end())):
        if m.start() < pos:
            continue  # a range's end or a label's own sub-clause, already counted
        if any(a <= m.start() and m.end() <= b for a, b in joins):
            continue
        pos = m.end()
        r = forms.range.match(text, m.end())
        label = m.group()
        if r is not None and label.isdigit() and r["end"].isdigit():
            yield from (str(n) for n in range(int(label), int(r["end"]) + 1))
            pos = r.end()
        elif r is not None and (tail := _TRAILING_NUMBER.search(label)) and tail.start() > 0 \
                and int(r["end"]) > int(tail.group()):
            # "Law 71B1 through 3": the range goes on at the label's last level, numbered → 71B1, 71B2, 71B3
            head = _latin(label, forms)[:-len(tail.group())]
            yield from (head + str(n) for n in range(int(tail.group()), int(r["end"]) + 1))
            pos = r.end()
        elif level.range_end is not None and (r := level.range_end.match(text, m.end())) is not None:
            end = r["end"]
            if end.startswith("(") and label.endswith(")") and not label.startswith("("):
                # "20B2(a)-(c)": the end is the first label with its last part changed
                yield from _sub_range(_latin(label, forms), _latin(end, forms))
            elif end.startswith("(") and label.startswith("("):
                yield from _sub_range(_latin(label, forms), _latin(end, forms))  # a bare "(a)-(c)"
            elif end.startswith("(") and not label.endswith(")"):
                yield _latin(label, forms)  # "20B-(c)" names no range
            else:
                yield from _label_range(_latin(label, forms), _latin(end, forms))  # "20A-20B"
            pos = r.end()
        else:
            yield _latin(label, forms)


def _sub_range(first: str, end: str) -> list[str]:
    """The labels a range of the last parenthesised part cites: ``20B2(a)``-``(c)`` → 20B2(a),
    20B2(b), 20B2(c) (``B2(a)``-``(c)`` alike, relative), by the alphabet of the level written
    so that holds both; the two alone where none does."""
    cut = first.rindex("(")
    prefix, last = first[:cut], first[:cut] + end
    rules = ids.rules()
    for level in rules.levels:
        fmt, alphabet = rules.formats.get(level, ""), rules.alphabets.get(level)
        if alphabet is None or "{label}" not in fmt:
            continue
        before, after = fmt.split("{label}", 1)
        if not (before and first[cut:].startswith(before) and first.endswith(after) and end.startswith(before)):
            continue
        for kind in alphabet.kinds:  # both in one kind: "(i)-(iii)" stays roman
            one = type(alphabet)((kind,))
            a = one.position(first[cut + len(before):len(first) - len(after)])
            b = one.position(end[len(before):len(end) - len(after)])
            if a is not None and b is not None and a < b:
                return [prefix + before + one.at(p) + after for p in range(a, b + 1)]
    return [first, last]


def _label_range(first: str, last: str) -> list[str]:
    """The IDs a range of two whole IDs cites: every label of the one level they differ in,
    from the first to the last (``20A``-``20C`` → 20A, 20B, 20C; ``12A1``-``12A3``), or of
    two labels of one level (``A``-``C`` → A, B, C: the citing law's); the two alone where
    they differ in more, or the alphabet does not say."""
    rules = ids.rules()
    a, b = rules.parse(ids.normalize(first) or first), rules.parse(ids.normalize(last) or last)
    if not a or not b:
        # two labels of a relative reference ("разделы A-C"): the first level whose alphabet holds both
        for level in rules.levels:
            alphabet = rules.alphabet(level)
            start, end = alphabet.position(first), alphabet.position(last)
            if start is not None and end is not None:
                return [alphabet.at(p) for p in range(start, end + 1)] if start < end else [first, last]
        return [first, last]
    keys = ["law", *rules.levels]
    differ = [k for k in keys if a.get(k) != b.get(k)]
    if len(differ) != 1 or differ[0] == "law":
        return [first, last]
    level = differ[0]
    alphabet = rules.alphabet(level)
    start, end = alphabet.position(a[level] or ""), alphabet.position(b[level] or "")
    deeper = keys[keys.index(level) + 1:]
    if start is None or end is None or end <= start or any(a.get(k) or b.get(k) for k in deeper):
        return [first, last]
    parts = [a.get(k) for k in rules.levels]
    out = []
    for position in range(start, end + 1):
        parts[rules.levels.index(level)] = alphabet.at(position)
        out.append(rules.law_id(a["law"], *parts))
    return out


def _latin(label: str, forms: Citations) -> str:
    label = label.translate(forms.lookalikes)
    if forms.native_letters:
        label = "".join(forms.native_letters.get(ch, ch) for ch in label)
    if forms.letters:
        label = "".join(forms.letters.get(ch.lower(), ch) for ch in label if ch.isalnum() or ch in "().")
    return label


def _own_container(rank: int | None, forms: Citations, law: str, context: str | None) -> list[str] | None:
    """The labels of the citing node's container a relative reference lies in: its law,
    unless the reference names an inner one ("пункт 2 настоящей части" in 5.3.1 → 5, 3).
    Only dotted IDs spell their containers out, one number a level down to the points; a
    sub-point's letter is no container."""
    if not rank:
        return [law]
    if not forms.join or context is None:
        return None
    parts = context.split(forms.join)
    numbers = next((i for i, p in enumerate(parts) if not p.isdigit()), len(parts))
    return parts[:min(rank + 1, numbers)] if numbers > 1 else None  # the law itself has no part


def _letter_container(context: str, forms: Citations) -> str:
    """The ID a letter label of ``context``'s text lies in: ``context`` less its own letter
    (``4.2(b)`` → ``4.2``, ``11.3.b`` → ``11.3``), else ``context`` itself (``3.2.2``)."""
    before, _, after = forms.letter_format.partition("{label}")
    m = re.search(rf"{re.escape(before)}[^\W\d_]{re.escape(after)}$", context)
    return context[:m.start()] if m and m.start() > 0 else context


def restatus(refs: list[Ref], nodes) -> list[Ref]:
    """``refs`` with the status each has among ``nodes``, where that is more than it had: a
    law another language's text adds (a law present only in the translation) is in the
    corpus, and a reference to it is no longer "outside"."""
    by_id = {n.id: n for n in nodes}
    laws = {n.law for n in nodes if n.kind == "law"}
    out = []
    for r in refs:
        if r.status == "outside" and _law_of(r.target) in laws:
            r = replace(r, status="node" if r.target in by_id and not by_id[r.target].missing else "law")
        elif r.status == "law" and r.target in by_id and not by_id[r.target].missing:
            r = replace(r, status="node")
        out.append(r)
    return out


def _bare_in_context(label: str, context: str | None) -> str | None:
    """The node a bare parenthesised label ("(i)", "(b) above") cites from the node
    ``context``: a sibling at the deepest level of ``context``'s own ID that is written so
    and whose alphabet holds the label ("(i)" in 40A1(b)(iii) → 40A1(b)(i), "(c)" in
    40A1(b) → 40A1(c)), else a child at the level just below it ("(a)" in 40A1 → 40A1(a));
    None where the context tells nothing (a law alone, "(A)" in section 47E)."""
    rules = ids.rules()
    parts = rules.parse(context) if context is not None else None
    if not parts:
        return None

    def written_so(level: str) -> bool:
        fmt = rules.formats.get(level, "")
        alphabet = rules.alphabets.get(level)
        if "{label}" not in fmt or alphabet is None:
            return False
        own = rules.label(level, label[1:-1])
        return alphabet.position(own) is not None and fmt.replace("{label}", own).lower() == label.lower()

    levels = list(rules.levels)
    present = [i for i, lv in enumerate(levels) if parts.get(lv)]
    if not present:
        return None
    # the deepest level the context stands at that reads the label, else the one below its deepest
    chosen = next((i for i in reversed(present) if written_so(levels[i])), None)
    if chosen is None and present[-1] + 1 < len(levels) and written_so(levels[present[-1] + 1]):
        chosen = present[-1] + 1
        deepest = parts[levels[present[-1]]]
        if rules.strict and rules.skips(levels[chosen], label[1:-1].lower()) and rules.skips(levels[chosen], deepest):
            # "70C1(i) or (ii)": the (i) of a series that stands right under its clause (the
            # builder's reading, IdRules.skipping), so (ii) is its sibling 70C1(ii), not (i)'s item
            path = [parts.get(lv) for lv in levels[:present[-1]]] + [None] + [rules.label(levels[chosen], label[1:-1])]
            return rules.law_id(parts["law"], *path)
    if chosen is None or not any(i < chosen for i in present):
        return None
    path = [parts.get(lv) for lv in levels[:chosen]] + [rules.label(levels[chosen], label[1:-1])]
    return rules.law_id(parts["law"], *path)


def _in_own_section(label: str, context: str | None) -> str | None:
    """The node a label of the level below the outermost (``1(a)``, printed ``1.(a)``) cites
    from ``context``: that clause of ``context``'s own outermost part (``1(a)`` in 16B2 →
    16B1(a)); None where ``context`` stands in none."""
    rules = ids.rules()
    parts = rules.parse(context) if context is not None else None
    outer = rules.levels[0] if rules.levels else None
    if not parts or outer is None or not parts.get(outer):
        return None
    return ids.normalize(rules.law_id(parts["law"], parts[outer]) + re.sub(r"\.?\s*(?=\()", "", label))


def _whole_id(label: str) -> bool:
    """Whether a label starting with a number is a whole ID down to the outermost level below
    a law (``20B2(a)``), not a clause of the citing section (``1(a)``)."""
    rules = ids.rules()
    parts = rules.parse(ids.normalize(label) or label) if re.match(r"\d+[^\W\d_]", label) else None
    return bool(parts and rules.levels and parts.get(rules.levels[0]))


def _numbered_sibling(label: str, context: str | None, exists=None, direction: int = 0,
                      renumbered: bool = False) -> str | None:
    """The node a bare number ("see 1 above") cites from ``context`` in a list numbered
    afresh at each level: the sibling with that number at the citing node's own level, else
    at its parent's, the nearest up -- a level whose labels are written as plain numbers --
    and only where ``exists`` says there is such a node (none where ``exists`` is None: no
    node to check, so the citation is read by its form alone). A ``direction`` (-1 "above",
    1 "below") names the nearest such item that way in reading order: the sibling where it
    lies that way, else the one so numbered in the nearest of the parent's siblings that way
    ("2 above" in 30B1 → 30A2), else none. Where the citing text was printed ``renumbered``
    (each level's list numbered afresh from 1), the number is first the one printed beside the
    citing item at its own level, whatever letters that level's IDs have ("1 above" in the
    item printed "2." that is 73B1(b) → 73B1(a))."""
    rules = ids.rules()
    parts = rules.parse(context) if context is not None else None
    if not parts:
        return None
    levels = list(rules.levels)
    present = [i for i, lv in enumerate(levels) if parts.get(lv)]
    if renumbered and present and (printed := _printed_sibling(label, parts, levels, present[-1], exists,
                                                                direction)):
        return printed
    for i in reversed(present):
        alphabet = rules.alphabets.get(levels[i])
        if rules.formats.get(levels[i]) != "{label}" or alphabet is None or alphabet.position(label) is None:
            continue
        target = rules.law_id(parts["law"], *[parts.get(lv) for lv in levels[:i]], label)
        own = alphabet.position(parts[levels[i]] or "")
        if direction and own is not None and (alphabet.position(label) - own) * direction <= 0:
            return _in_parents_sibling(label, parts, levels, i, exists, direction)
        if exists is None or exists(target):
            return target
    return None


def _printed_sibling(label: str, parts: dict, levels: list[str], i: int, exists, direction: int) -> str | None:
    """The item of level ``i`` printed with the number ``label`` in a list numbered from 1
    (its ``label``-th label), beside the citing item ``parts`` and that way of it where a
    ``direction`` says; None where there is none such, or it is the citing item itself."""
    rules = ids.rules()
    alphabet = rules.alphabets.get(levels[i])
    own = alphabet.position(parts[levels[i]] or "") if alphabet is not None else None
    if own is None or not label.isdigit() or int(label) < 1 or int(label) == own:
        return None
    if direction and (int(label) - own) * direction <= 0:
        return None
    target = rules.law_id(parts["law"], *[parts.get(lv) for lv in levels[:i]], alphabet.at(int(label)))
    return target if exists is None or exists(target) else None


def _in_parents_sibling(label: str, parts: dict, levels: list[str], i: int, exists, direction: int) -> str | None:
    """The item numbered ``label`` at level ``i`` in the nearest sibling of the parent (the
    level above ``i`` of ``parts``) in ``direction`` that has one; the next one alone where
    ``exists`` is None; None where the level has no parent below the law."""
    rules = ids.rules()
    if i == 0 or not parts.get(levels[i - 1]):
        return None
    alphabet = rules.alphabets.get(levels[i - 1])
    position = alphabet.position(parts[levels[i - 1]]) if alphabet is not None else None
    if position is None:
        return None
    outer = [parts.get(lv) for lv in levels[:i - 1]]
    step = position + direction
    while step >= 1:
        parent = alphabet.at(step)
        target = rules.law_id(parts["law"], *outer, parent, label)
        if exists is None or exists(target):
            return target
        if not exists(rules.law_id(parts["law"], *outer, parent)):
            return None  # past the parent's last sibling
        step += direction
    return None


def _child(label: str, holder: str) -> str | None:
    """The item numbered ``label`` one level below ``holder`` where that level is numbered in
    plain numbers ("2" in 40A → 40A2); None where it is not (a law's sections are letters)."""
    rules = ids.rules()
    parts = rules.parse(holder)
    if not parts:
        return None
    present = [i for i, lv in enumerate(rules.levels) if parts.get(lv)]
    below = present[-1] + 1 if present else 0
    if below >= len(rules.levels) or (present and present != list(range(below))):
        return None
    level = rules.levels[below]
    alphabet = rules.alphabets.get(level)
    if rules.formats.get(level) != "{label}" or alphabet is None or alphabet.position(label) is None:
        return None
    return rules.law_id(parts["law"], *[parts.get(lv) for lv in rules.levels[:below]], label)


def _next_number(label: str, before: str, exists=None) -> str | None:
    """The sibling a bare number listed after a whole ID names when that ID ends in a level
    numbered in plain numbers below the law ("Law 30B3 or 4": 30B3 → 30B4), where ``exists``
    (if given) knows it; None after a law alone ("Laws 12 and 13") or a lettered level."""
    rules = ids.rules()
    parts = rules.parse(before)
    if not parts:
        return None
    present = [lv for lv in rules.levels if parts.get(lv)]
    if not present:
        return None
    deepest = present[-1]
    alphabet = rules.alphabets.get(deepest)
    if rules.formats.get(deepest) != "{label}" or alphabet is None or alphabet.position(label) is None:
        return None
    target = rules.law_id(parts["law"], *[parts.get(lv) for lv in rules.levels[:rules.levels.index(deepest)]], label)
    return target if exists is None or exists(target) else None


def _resolve(found: _Found, forms: Citations, law: str | None, context: str | None,
             law_range: tuple[int, int], exists=None, renumbered: bool = False) -> tuple[list[str], str | None]:
    """The target IDs of one citation, or why there are none. A chain that does not reach the
    outermost level is relative: it lies in the citing law; a bare sub-clause ``(A)`` in the
    citing clause."""
    (level, labels), containers = found.chain[0], found.chain[1:]
    cited = list(_labels(level, forms, labels))
    if level.absolute:  # a commentary paragraph "54.1", an item "77.3.(iii)" → 77.3(iii)
        return [PRINTED_DOTS.sub("", label) for label in cited], None
    quoted = [label for label in cited if _unquoted(label, forms) != label]
    if quoted and len(quoted) == len(cited) and not containers and found.this is None and context \
            and exists is not None and not forms.part_format.endswith("}"):
        # "(1) above", "subrule (1) above" in 4(2) of a code printing its levels in brackets:
        # the number printed so beside the citing node -- its sibling, else its child, else
        # one of a container further out
        holders = [h for h in (_parent(context), context) if h]
        node = _parent(context) and _parent(_parent(context))
        while node:
            holders.append(node)
            node = _parent(node)
        out = []
        for label in quoted:
            where = next((h for h in holders if exists(h + label) and h + label != context), None)
            if where is None:
                break
            out.append(where + label)
        else:
            return out, None
    if level.label == "letter":
        cited = [label.strip(forms.quotes) if forms.quotes else label for label in cited]  # «б», (a): the letter
    cited = [_unquoted(label, forms) for label in cited]  # "(2)" of "subrule (2)": the number
    built = _built(found, cited, forms, law, context, exists)
    if built is not None:
        return built
    if forms.join and any(forms.join in label for label in cited):
        # a point written whole "12.1.3"; a bare sub-clause after one ("3.1(a) and (b)") is its sibling
        whole: list[str] = []
        # a label not written whole lies in the containers named ("Article 2, Section 1 and
        # 3.1.1" → 2.1, 3.1.1)
        named = forms.join.join(_latin(label, forms) for _, label in reversed(containers))
        for label in cited:
            if label.startswith("(") and whole and whole[-1].endswith(")") and "(" in whole[-1]:
                whole.append(whole[-1][:whole[-1].rindex("(")] + label)
            elif not label.startswith("("):
                whole.append(label if forms.join in label or not named else named + forms.join + label)
        return whole, None
    if containers and not forms.join and (found.held or any(label.startswith("(") for label in cited)):
        # «подпункте (b) пункта 1», "(a)-(c) of A1", "2 or 3 of Law 40A": sub-clauses or
        # numbers of the container named after them
        holder, trouble = _resolve(replace(found, chain=containers, held=False), forms, law, context, law_range,
                                   exists)
        if trouble or len(holder) != 1:
            return holder, trouble
        within: list[str | None] = []
        for label in cited:
            if label.startswith("("):
                within.append(_bare_in_context(label, holder[0]))
            elif label.isdigit():  # "2 or 3 of Law 40A"; after a clause, its sibling: "B2 or 3 of Law 70"
                within.append(within and within[-1] and _next_number(label, within[-1]) or _child(label, holder[0]))
            else:  # a section's clause: "B2" of "B2 or 3 of Law 70"
                within.append(ids.normalize(holder[0] + label))
        if None in within and found.held:
            return holder, None  # "2 of Law 40": a law's parts are no numbers; the container it names
        if None in within:
            return [], f"cannot tell which {cited[within.index(None)]} of {holder[0]} is meant"
        return list(dict.fromkeys(within)), None
    outer = [_latin(label, forms) for _, label in reversed(containers)]
    whole = next((i for i, label in enumerate(outer) if forms.join and forms.join in label), None)
    if whole is not None:
        outer = outer[whole:]  # a container written whole ("of Section 3.2.2") is the whole way out
    elif (containers[-1][0] if containers else level).rank != 0:
        if law is None:
            return [], "a relative reference outside any law"
        if level.label == "letter" and not containers and found.this is None and forms.join and context:
            # a letter alone ("subsection (a) above" in 4.2(b)): in the citing node's own
            # container of letters -- the citing node less its letter, or the node itself
            # a label of a deeper level written alike ("(i) above" in 3.1(b)(ii)): its sibling
            sibling = _bare_in_context(forms.letter_format.replace("{label}", cited[0]), context) \
                if len(cited) == 1 else None
            if sibling is not None and _parent(sibling) == _parent(context) and sibling != context:
                return [sibling], None
            own = [_letter_container(context, forms)]
        elif level.label == "letter" and containers and found.this is None and forms.join and context \
                and all(_latin(lb, forms).startswith("(") for lb in outer):
            # "sub-paragraph (i) of paragraph (a)" in 3(2)(b): the container is a level below
            # the law written in brackets, as the citing node's own are -- it lies in the
            # nearest of the citing node's containers that holds it (3(2)(a)), the missing
            # levels filled from the citing node, never an ID with a level left empty
            tail = "".join(outer) + forms.letter_format.replace("{label}", cited[0])
            holders = []
            node = context
            while node is not None:
                holders.append(node)
                node = _parent(node)
            found_in = next((h for h in holders if exists is not None and exists(h + tail)), None)
            if found_in is None:
                return [], f"cannot tell which {tail} is meant"
            return [found_in + "".join(outer) + forms.letter_format.replace("{label}", label)
                    for label in cited], None
        else:
            own = _own_container(found.this, forms, law, context)
        if own is None:
            return [], "cannot tell which container the citing text means"
        outer = own + outer
    targets = []
    for label in cited:
        inner = level.rank and level.label != "number" and not forms.join and not containers
        if inner and _whole_id(label):
            targets.append(ids.normalize(label))  # «пункты 20B2(a)»: an ID written whole
            continue
        if inner and label.isdigit():
            # "see 1 above", «пункт 1 выше»: a numbered sibling, where there is one; else none
            target = _numbered_sibling(label, context, exists, found.direction, renumbered)
            if target is not None:
                targets.append(target)
            continue
        if label[:1].isdigit() and inner:
            # "see 1(a) above", "1.(a)": an inner level's label that starts with the next
            # level's number is a clause of the citing node's own section
            target = _in_own_section(label, context)
            if target is None:
                return [], f"cannot tell which {label} is meant (the citing text is in no {ids.rules().levels[0]})"
            targets.append(target)
            continue
        if label.startswith("(") and level.label != "letter":
            # "A1(a) or (b)", "B2(b) and (c) above": a sub-clause listed after a label that
            # names one continues that label (a sibling of its target), else lies in the context
            beside = _bare_in_context(label, targets[-1]) if targets and not cited[0].startswith("(") else None
            if beside is not None and _parent(beside) == _parent(targets[-1]):
                targets.append(beside)
                continue
            target = _bare_in_context(label, context)
            if target is None:
                return [], f"cannot tell which {label} is meant"
            if target != context:  # "see (a) above" in (a) itself names no other item
                targets.append(target)
            continue
        if level.label == "letter" and forms.join:
            targets.append(_composed(outer, forms) + forms.letter_format.replace("{label}", label))
            continue
        if label.isdigit() and targets and (sibling := _next_number(label, targets[-1])) \
                and (exists is None or exists(sibling) or not exists(label)):
            # "Law 30B3 or 4": the number goes on at 30B3's level → 30B4, whether the corpus has
            # law 30 or not (its status says which); a law only where the corpus has that law
            # and no such clause ("Laws 12A1 and 13")
            targets.append(sibling)
            continue
        target = _composed(outer + [label], forms)
        if not forms.join:
            target = ids.normalize(target)
            parsed = ids.rules().parse(target)
            if parsed and outer and parsed["law"] != _law_of(outer[0]):
                # «пункт 2 правила 57»: a clause named in its law, its section left out ("572" is
                # none): the container named is the nearest the citation tells
                target = ids.normalize("".join(outer))
        targets.append(target)
    if exists is not None and cited and all(label.startswith("(") for label in cited) \
            and level.range_end is not None and level.range_end.search(labels) \
            and not all(exists(t) for t in targets):
        return [], None  # a bare range "(a)-(c)" names the citing node's items only where they all are
    low, high = law_range
    # "Правила 1987 года" is not a law: a number outside the code is not a reference
    return [t for t in dict.fromkeys(targets) if low <= int(_law_of(t)) <= high], None
