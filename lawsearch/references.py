"""Cross-references: every citation in node texts and footnotes, resolved to a canonical
target with a status (CONTRACT.md):

* ``node``    -- the target is in our text;
* ``law``     -- its law has a node, but not that section or clause (47A: page 77 is lost);
* ``outside`` -- its law is not in the corpus (16A, 41, 68).

Forms: ``правило 16A``, ``правилом 53``, ``Правило 16С2`` (look-alike), lists and ranges
(``правила 12 и 13``, ``правила 61-64``), section references relative to the citing law
(``раздел C ниже``, ``разделам C, D или E``, ``раздел B1(A) данного правила``), a sibling
sub-clause (``предшествующему разделу (A)``), commentary paragraphs (``п.54.1``), and the
surviving half of a reference cut by a lost page (``ло 57)`` at a truncated start).

Returns what it resolved *and* what it could not (``Unresolved``), never dropping either.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from . import ids
from .model import Footnote, Node, Ref
from .patterns import (
    EN_LAW_REFERENCE, HALF_REFERENCE, ID_IN_LIST, LAW_REFERENCE, PARAGRAPH_REFERENCE, RANGE_IN_LIST,
    SECTION_IN_LIST, SECTION_REFERENCE, fold,
)


@dataclass(frozen=True)
class Unresolved:
    from_: str
    surface: str
    reason: str
    source: str
    line: int


def find_references(nodes: list[Node], footnotes: list[Footnote], offsets: dict[str, list[tuple[int, str, int]]],
                    footnote_offsets: dict[str, tuple[str, int]],
                    law_range: tuple[int, int], lang: str = "ru", targets: list[Node] | None = None,
                    first_group: int = 0) -> tuple[list[Ref], list[Unresolved]]:
    """Every reference in the corpus, in reading order of the citing nodes. ``targets`` are
    the nodes a reference may point at (default: ``nodes``); an English source's text cites
    the whole corpus."""
    by_id = {n.id: n for n in (targets if targets is not None else nodes)}
    laws = {n.law for n in by_id.values() if n.kind == "law"}
    refs: list[Ref] = []
    unresolved: list[Unresolved] = []
    group = first_group

    def status(target: str) -> str:
        if target in by_id and not by_id[target].missing:
            return "node"
        parts = ids.parse_law_id(target) or ids.COMMENTARY_ID.match(target)
        law = parts["law"] if parts else None
        return "law" if law in laws else "outside"

    def scan(owner: str, law: str | None, context: Node | None, text: str, where: list[tuple[int, str, int]],
             truncated_start: bool) -> None:
        nonlocal group
        starts = [w[0] for w in where]  # once per text: a long node has many lines and many citations
        for surface, start, cited, problem in find_citations(text, law, context.id if context else None,
                                                              law_range, truncated_start, lang):
            source, line = _line_at(where, starts, start)
            if problem:
                unresolved.append(Unresolved(owner, surface, problem, source, line))
                continue
            group += 1
            for target in cited:
                refs.append(Ref(owner, law, target, surface, group, status(target), source, line,
                                partial=surface.startswith(_HALF_PREFIXES), start=start, end=start + len(surface),
                                lang=lang))

    for node in nodes:
        if node.text:
            scan(node.id, node.law, node, node.text, offsets.get(node.id, []), node.truncated_start)
    for fn in footnotes:
        marker_nodes = [by_id[m] for m in fn.markers if m in by_id]
        law = marker_nodes[0].law if marker_nodes else (by_id[fn.at].law if fn.at in by_id else None)
        path, line = footnote_offsets.get(fn.id, ("", 0))
        scan(fn.id, law, marker_nodes[0] if marker_nodes else None, fn.text, [(0, path, line)], False)
    return refs, unresolved


_HALF_PREFIXES = ("ло ", "ла ", "лу ", "лом ", "илом ", "ила ", "ило ", "вило ", "вила ", "вилу ", "вилом ")


def _line_at(where: list[tuple[int, str, int]], starts: list[int], offset: int) -> tuple[str, int]:
    """The raw line an offset of a text comes from; ``starts`` are the offsets of ``where``."""
    if not where:
        return "", 0
    i = bisect.bisect_right(starts, offset) - 1
    _, source, line = where[max(i, 0)]
    return source, line


def find_citations(text: str, law: str | None = None, context: str | None = None,
                   law_range: tuple[int, int] = (1, 93), truncated_start: bool = False, lang: str = "ru"):
    """Yield ``(surface, offset, targets, problem)`` for each citation in ``text``.

    ``law`` is the citing law (for relative references), ``context`` the citing node's ID
    (for a sibling sub-clause), ``truncated_start`` allows the half reference at the start.

    >>> [t for _, _, t, _ in find_citations("как предусмотрено правилом 53, и болван")]
    [['53']]
    """
    low, high = law_range
    if lang != "ru":
        yield from _english_citations(text, law_range)
        return
    if truncated_start and (m := HALF_REFERENCE.match(text)):
        n = int(re.match(r"\d+", m["ids"]).group())
        if low <= n <= high:
            yield m.group(0), m.start(), [ids.normalize(m["ids"])], None
    for m in LAW_REFERENCE.finditer(text):
        targets = []
        for part in _list_items(m["ids"]):
            if isinstance(part, tuple):
                targets.extend(str(n) for n in range(part[0], part[1] + 1))
            else:
                targets.append(part)
        bad = [t for t in targets if not low <= int(re.match(r"\d+", t).group()) <= high]
        if bad:
            # "Правила 1987 года" is not a law: numbers outside the code are not references
            targets = [t for t in targets if t not in bad]
        if targets:
            yield m.group(0), m.start(), targets, None
    for m in PARAGRAPH_REFERENCE.finditer(text):
        yield m.group(0), m.start(), [m["ids"]], None
    for m in SECTION_REFERENCE.finditer(text):
        surface = m.group(0)
        if law is None:
            yield surface, m.start(), [], "a section reference outside any law"
            continue
        targets = []
        for label in SECTION_IN_LIST.findall(m["ids"]):
            target = _relative_target(label, law, context)
            if target is None:
                yield surface, m.start(), [], f"cannot tell which {label} is meant"
                break
            targets.append(target)
        else:
            if targets:
                yield surface, m.start(), targets, None


def _english_citations(text: str, law_range: tuple[int, int]):
    """"see Law 16A", "Laws 53 and 56", "Law 72B1", "Laws 61-64"."""
    low, high = law_range
    for m in EN_LAW_REFERENCE.finditer(text):
        cited = []
        for part in _list_items(m["ids"]):
            cited.extend(str(n) for n in range(part[0], part[1] + 1)) if isinstance(part, tuple) else cited.append(part)
        cited = [t for t in cited if low <= int(re.match(r"\d+", t).group()) <= high]
        if cited:
            yield m.group(0), m.start(), cited, None


def _list_items(ids_text: str):
    """``"12 и 13"`` → ["12", "13"]; ``"61-64"`` → [(61, 64)]; ``"16С2"`` → ["16C2"]."""
    ranges = {m.start(): m for m in RANGE_IN_LIST.finditer(ids_text)}
    pos = 0
    for m in ID_IN_LIST.finditer(ids_text):
        if m.start() < pos:
            continue
        r = ranges.get(m.start())
        if r is not None:
            yield (int(r["a"]), int(r["b"]))
            pos = r.end()
            continue
        yield ids.normalize(m.group())
        pos = m.end()


def _relative_target(label: str, law: str, context: str | None) -> str | None:
    """A section label relative to the citing law: ``C`` → 53C; ``B1(A)`` → 51B1(a);
    a bare ``(A)`` is the sibling sub-clause of the citing one (47E2(b) → 47E2(a))."""
    label = fold(label)
    if label.startswith("("):
        parts = ids.parse_law_id(context) if context is not None else None
        if not parts or not parts["section"] or not parts["clause"]:
            return None
        return ids.law_id(law, parts["section"], parts["clause"], label[1:-1].lower())
    m = re.fullmatch(r"([A-Z])(\d+)?(?:\(([A-Za-z])\))?(?:\((\d+)\))?", label)
    if not m:
        return None
    return ids.law_id(law, m[1], m[2], m[3].lower() if m[3] else None, m[4])
