"""The bilingual layer: a second-language source's tree merged into the corpus by canonical
ID, and where the two languages differ, flagged on the node.

The English (or other) text of a node lives in ``node.translations[lang]``, so IDs stay
unique; a node found only in the other language gets a node whose Russian text is null.

Flags (``node.alignment``), for the laws the other language covers at all:

* ``only-ru`` / ``only-<lang>`` -- the node is in one language only;
* ``structure`` -- both have it, but their parts differ (a letter shifted between editions);
* ``title`` -- the titles disagree with the glossary (a Russian term whose English term the
  other title lacks);
* ``refs`` -- the two texts cite different targets.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from . import ids

if TYPE_CHECKING:  # a search reads aligned texts and builds no corpus (lawsearch/problems.py)
    from .model import AlignmentReport, Node, Ref



def _title_words(title: str) -> list[str]:
    """A title's words, case and punctuation aside: ``DISPOSITION OF PENALTY CARD`` is
    ``Disposition of Penalty Card``."""
    return re.findall(r"\w+", title.casefold())


def merge(nodes: list[Node], other: list[Node], lang: str, main: str,
          defaults: frozenset[str] | set[str] = frozenset()) -> tuple[list[Node], set[str]]:
    """Nodes (in the corpus's language ``main``) with the other language's titles and
    texts in their translations; returns them in reading order and the IDs the other
    language has content for. ``defaults``: the laws whose translated title is only the
    profile's built-in one (the real code's), which the other language's own heading
    replaces (a user's text may give that number to another law)."""
    by_id = {n.id: n for n in nodes}
    other_by_id = {o.id: o for o in other}
    law_text = ids.rules().law_text_kinds  # the law and the profile's levels (the active profile's)
    present = {o.id for o in other if o.kind in law_text and (o.text or o.title)}
    needed = set(present)
    for node_id in present:  # the other language's containers hold its content
        parent = other_by_id[node_id].parent
        while parent is not None and parent in other_by_id and parent not in needed:
            needed.add(parent)
            parent = other_by_id[parent].parent
    for o in other:
        if o.id not in needed:
            continue
        translation = {"title": o.title, "text": o.text}
        if o.id in by_id:
            n = by_id[o.id]
            mine = dict(n.translations.get(lang) or {})
            # a title the corpus's own titles file gives (the English code's) stays; the
            # profile's built-in one yields to the heading the other language's text prints
            # when that heading is another title, or the same one in a case of its own
            # ("Play after an Illegal Play": as the page prints it), not the same one in capitals
            builtin = o.id in defaults and o.kind == "law" and o.title and mine.get("title") \
                and (_title_words(o.title) != _title_words(mine["title"]) or not o.title.isupper())
            translation["title"] = o.title if builtin else mine.get("title") or o.title
            # a placeholder for a law lost in the corpus's language (its number between laws
            # that survive) that the other language has: it survives, in that language only
            found = {"missing": False} if n.missing and not (n.text or "").strip() else {}
            by_id[o.id] = replace(n, translations={**n.translations, lang: translation}, **found)
        else:
            parent = o.parent if o.parent in by_id or o.parent is None else o.parent
            by_id[o.id] = replace(
                o, lang=main, title=None, title_from=None, text=None, marks=(),
                footnotes=(), truncated_start=False, truncated_end=False, missing=False,
                translations={lang: translation}, parent=parent)
    merged = sorted(by_id.values(), key=lambda n: ids.sort_key(n.id, n.law, n.kind))
    return merged, present


def flag(nodes: list[Node], present: set[str], refs: list[Ref], lang: str,
         glossary: list[tuple[list[tuple[str, ...]], str]], title_terms, main: str) -> tuple[list[Node], AlignmentReport]:
    """Set ``alignment`` flags on the laws the other language covers; return the nodes and
    a report: covered laws and the IDs under each flag (``only-<main>``, ``only-<lang>``,
    ``structure``, ``title``, ``refs``).

    ``glossary``: (Russian term sets, English term) pairs; ``title_terms``: a function giving
    a Russian text's term sets."""
    covered = {n.law for n in nodes if n.id in present}
    law_text = ids.rules().law_text_kinds  # the law and the profile's levels (the active profile's)
    by_id = {n.id: n for n in nodes}
    children: dict[str, set[str]] = {}
    for n in nodes:
        if n.parent is not None and n.kind in law_text:
            children.setdefault(n.parent, set()).add(n.id)
    ru_refs: dict[str, set[str]] = {}
    other_refs: dict[str, set[str]] = {}
    for r in refs:
        (other_refs if r.lang == lang else ru_refs).setdefault(r.from_, set()).add(r.target)

    memo: dict[tuple[str, str], bool] = {}

    def has(n: Node, side: str) -> bool:
        """The node or one of its parts is in this language."""
        key = (n.id, side)
        if key not in memo:
            own = bool(n.text or n.title_from == "heading") if side == main else n.id in present
            memo[key] = own or any(has(by_id[c], side) for c in children.get(n.id, ()))
        return memo[key]

    def russian(n: Node) -> bool:  # in the corpus's own language
        return has(n, main)

    report: dict[str, list[str]] = {}
    out = []
    for n in nodes:
        flags: list[str] = []
        if n.kind in law_text and n.law in covered and not n.missing:
            here, there = russian(n), has(n, "other")
            if here and not there:
                flags.append(f"only-{main}")
            elif there and not here:
                flags.append(f"only-{lang}")
            elif here and there:
                parts = children.get(n.id, set())
                if {c for c in parts if russian(by_id[c])} != {c for c in parts if has(by_id[c], "other")}:
                    flags.append("structure")
                other_title = (n.translations.get(lang) or {}).get("title")
                if n.title and other_title and not titles_agree(n.title, other_title, glossary, title_terms):
                    flags.append("title")
                if (n.text and (n.translations.get(lang) or {}).get("text")
                        and ru_refs.get(n.id, set()) != other_refs.get(n.id, set())):
                    flags.append("refs")
        for f in flags:
            report.setdefault(f, []).append(n.id)
        out.append(replace(n, alignment=tuple(flags)) if flags else n)
    from .model import AlignmentReport

    return out, AlignmentReport(lang, tuple(sorted(covered, key=int)), report)


def titles_agree(russian: str, other: str, glossary, title_terms) -> bool:
    """Every glossary term in the Russian title has its English term in the other title:
    ``Штрафная карта остаётся открытой`` / ``Penalty Card Remains Exposed`` agree."""
    analyzed = title_terms(russian)
    words = set(re.findall(r"[a-z]+", other.lower()))
    for wanted, english in glossary:
        if not wanted or not _occurs(wanted, analyzed):
            continue
        needed = set(re.findall(r"[a-z]+", english.lower()))
        if not all(any(w.startswith(x[:5]) for w in words) for x in needed):
            return False
    return True


def _occurs(wanted: list[tuple[str, ...]], analyzed: list[tuple[str, ...]]) -> bool:
    for i in range(len(analyzed) - len(wanted) + 1):
        if all(set(w) & set(analyzed[i + k]) for k, w in enumerate(wanted)):
            return True
    return False


# -- aligned sentences: the sentence of one language standing for a place in the other -----------
# (``kwic --aligned``, ``search``'s hits, the browser's search: static/engine.js alignedAt)

PARAGRAPH_SHOWN = " ¶ "  # a paragraph break inside a line shown (a kwic line, a search snippet)


def shown(text: str) -> str:
    """A node's text as one line: paragraph breaks as `` ¶ ``."""
    return text.replace("\n\n", PARAGRAPH_SHOWN)


def sentence_spans(text: str, lang: str | None = None) -> list[tuple[int, int]]:
    """Where each sentence of ``text`` (in ``lang``; None: by every language's data of the
    profile) stands in ``shown(text)``, in order (code points):
    ``sentence_spans("Он ходит. Судья решает.") == [(0, 8), (9, 23)]``."""
    from .segmenting import sentences

    line, out, cursor = shown(text), [], 0
    for part in sentences(text, lang):
        start = line.find(part, cursor)
        if start < 0:
            continue
        out.append((start, start + len(part)))
        cursor = start + len(part)
    return out


def flat_spans(text: str) -> list[int]:
    """``sentence_spans`` as the browser's search data keeps them: ``[s0, e0, s1, e1, …]``."""
    return [x for span in sentence_spans(text) for x in span]


def aligned_span(mine: list[tuple[int, int]], theirs: list[tuple[int, int]], mine_length: int,
                 theirs_length: int, pos: int) -> tuple[int, int, str] | None:
    """The span of the other text's sentence aligned with the sentence of this text that
    ``pos`` stands in, and how it was found: by order when both texts have as many sentences
    (``"sentence"``), else the other's sentence at the same relative place (``"position"``);
    None when either text has none. The browser's engine computes the same (alignedAt)."""
    if not mine or not theirs or not mine_length:
        return None
    k = next((i for i, (_, end) in enumerate(mine) if pos < end), len(mine) - 1)
    if len(mine) == len(theirs):
        return theirs[k][0], theirs[k][1], "sentence"
    middle = (mine[k][0] + mine[k][1]) / 2 / mine_length * theirs_length
    start, end = next(((s, e) for s, e in theirs if middle < e), theirs[-1])
    return start, end, "position"


def aligned_text(text: str, other: str, pos: int) -> tuple[str, str] | None:
    """The sentence of ``other`` (as shown: `` ¶ `` for a paragraph break) aligned with the one
    of ``text`` that ``pos`` (an offset into ``shown(text)``) stands in, and how: see
    ``aligned_span``. ``aligned_text("A b. C d.", "Э ю. Я е.", 6) == ("Я е.", "sentence")``."""
    found = aligned_span(sentence_spans(text), sentence_spans(other), len(shown(text)), len(shown(other)), pos)
    if found is None:
        return None
    start, end, by = found
    return shown(other)[start:end], by
