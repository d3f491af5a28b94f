"""Two editions of the code side by side: what changed, law by law.

``compare(old, new)`` takes the law trees of two editions in one language (lists of
``Node``: IDs, titles, own texts, parents) and returns the change records a reader of the
code cares about:

    added       a node (with its children) only in the new edition
    removed     a node (with its children) only in the old edition
    renumbered  the same node under the same (mapped) parent with another label
    moved       the same node under another parent
    split       one old node's content now in several new nodes (whatever their titles)
    merged      several old nodes' content in one new node (whatever its title)
    reworded    the own text changed: the words removed and added, and the share removed
    retitled    the title changed (also of the node a split or merge kept, matched by its
                title, text or children)

Children follow their parent: the clauses of a renumbered section are not listed unless
they change on their own, and the children of a split or merged node are mapped, not listed.

Nodes are matched by content, never by ID alone (an edition that renumbers has other laws
under the old numbers): first exact (kind, title, text), then the same title with similar
text, then untitled nodes by similar text under the same parent. IDs are only compared
after matching, to tell a renumbering from a move. The module knows no language: words are
``\\w+`` runs, the same in every script.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from .grammar import law_text_kinds
from .model import Node

WORD = re.compile(r"\w+(?:-\w+)*")
# how the site renders a rewording: words, the space between them and punctuation, each a token
TOKEN = re.compile(r"\w+(?:-\w+)*|\s+|[^\w\s]+")
SAME_TITLE_SIMILARITY = 0.25  # same title, same kind: text this similar (word ratio) is a rewording
UNTITLED_SIMILARITY = 0.6  # no title to go by: the text must be mostly the same ...
UNTITLED_IN_PLACE = 0.3  # ... unless it stands where the old one stood (same parent, same label)
UNTITLED_MUTUAL = 0.45  # ... or the two are each other's most alike (renumbered and reworded)
RETITLED_MIN_WORDS = 4  # a text this long, unchanged, is the same node under a new title
# the text of a node matched across a change of level (a clause become a section) or of title
# and text at once: this alike (word ratio), and each the other's most alike
ACROSS_SIMILARITY = 0.8


@dataclass(frozen=True)
class Change:
    """One change record. ``old`` / ``new`` are node IDs in each edition (empty for an added
    / removed node); ``law`` the law it is filed under (the old law, the new one for an
    added node). A rewording carries its word diff: ``share`` = removed words / old words."""

    kind: str
    old: tuple[str, ...]
    new: tuple[str, ...]
    law: str | None
    new_law: str | None = None
    share: float | None = None
    removed_words: tuple[str, ...] = ()
    added_words: tuple[str, ...] = ()
    # the text as runs to render: ("same", text) | ("del", text) | ("ins", text)
    runs: tuple[tuple[str, str], ...] = ()

    @property
    def changed(self) -> float:
        """The share of the words this rewording changed, as the compare view says it
        (``changed_share`` of its runs): a sentence added is a change, where ``share`` (the
        removed words of the old text: diff's record) is 0."""
        return changed_share(self.runs)

    def to_dict(self) -> dict:
        data = {"kind": self.kind, "old": list(self.old), "new": list(self.new), "law": self.law,
                "new_law": self.new_law}
        if self.kind in ("reworded", "retitled"):
            data.update(share=self.share, removed_words=list(self.removed_words),
                        added_words=list(self.added_words), runs=[list(r) for r in self.runs])
        return data


@dataclass
class Comparison:
    """The records, and the node mapping they were read from (old ID -> new ID), which the
    compare view uses to put the two texts of a law side by side."""

    changes: list[Change]
    mapping: dict[str, str] = field(default_factory=dict)
    # nodes standing where the other edition's text is lost (a cut end, a missing law, laws
    # before the first its sources hold): neither added nor removed, nothing can be said
    unknown_old: frozenset[str] = frozenset()
    unknown_new: frozenset[str] = frozenset()

    def for_law(self, law: str) -> list[Change]:
        """The records that touch ``law`` in either edition."""
        return [c for c in self.changes if law in (c.law, c.new_law)]

    def laws(self) -> list[str]:
        """The laws with changes, in the old edition's order (new laws after)."""
        seen: dict[str, None] = {}
        for c in self.changes:
            for law in (c.law, c.new_law):
                if law is not None:
                    seen.setdefault(law, None)
        return list(seen)


def words(text: str | None) -> list[str]:
    """The words of a text: ``\\w+`` runs, hyphenated compounds whole, punctuation dropped.

    >>> words("Law 50-A: the card, face-up.")
    ['Law', '50-A', 'the', 'card', 'face-up']
    """
    return WORD.findall(text or "")


def norm(text: str | None) -> str:
    """A text with its spacing made plain (hard wraps and paragraph breaks are not changes)."""
    return " ".join((text or "").split())


def word_diff(old: str | None, new: str | None) -> tuple[float, list[str], list[str]]:
    """(share, removed words, added words) between two texts, word by word.

    >>> word_diff("the card is played face up", "the card is laid face down")
    (0.33, ['played', 'up'], ['laid', 'down'])
    """
    a, b = words(old), words(new)
    return _word_diff(a, b, difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes())


def _word_diff(a: list[str], b: list[str], opcodes) -> tuple[float, list[str], list[str]]:
    minus: list[str] = []
    plus: list[str] = []
    for op, i1, i2, j1, j2 in opcodes:
        if op in ("delete", "replace"):
            minus += a[i1:i2]
        if op in ("insert", "replace"):
            plus += b[j1:j2]
    share = round(len(minus) / len(a), 2) if a else (0.0 if not b else 1.0)
    return share, minus, plus


def changed_share(runs) -> float:
    """The share of a text's words a rewording (its ``text_runs``) changed: the words removed
    and added against the longer of the two texts, a stretch of words replaced by another
    counted by the longer of the two (a word put for a word is one change, not two), at most
    the whole text. A sentence added to a clause changes it by its words' share, never 0.

    >>> changed_share(text_runs("one two three", "one two three four five six"))
    0.5
    >>> changed_share(text_runs("the card is played face up", "the card is laid face down"))
    0.33
    >>> changed_share(text_runs("a red card", "a card")), changed_share(text_runs("x y", "z w")), changed_share([])
    (0.33, 1.0, 0.0)
    """
    old = new = changed = removed = added = 0
    for kind, text in runs:
        n = len(words(text))
        if kind == "del":
            removed += n
            old += n
        elif kind == "ins":
            added += n
            new += n
        elif n:  # kept words end a changed stretch (spacing or punctuation between its parts does not)
            changed += max(removed, added)
            removed = added = 0
            old += n
            new += n
    changed += max(removed, added)
    longer = max(old, new)
    return round(min(1.0, changed / longer), 2) if longer else 0.0


def rewording(old: str | None, new: str | None) -> tuple[float, list[str], list[str], list[tuple[str, str]]]:
    """``word_diff`` and ``text_runs`` of two texts from one alignment: both align the same
    words (``WORD`` matches no space, so a text's words are its spacing-plain text's).

    >>> rewording("the card is played face up", "the card is laid face down")[:3]
    (0.33, ['played', 'up'], ['laid', 'down'])
    """
    a_text, b_text = norm(old), norm(new)
    a, b = list(WORD.finditer(a_text)), list(WORD.finditer(b_text))
    wa, wb = [m.group() for m in a], [m.group() for m in b]
    opcodes = difflib.SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes()
    return (*_word_diff(wa, wb, opcodes), _runs(a_text, b_text, a, b, opcodes))


def text_runs(old: str | None, new: str | None) -> list[tuple[str, str]]:
    """The new text as runs of kept, deleted and inserted text, for rendering a rewording:
    the words are aligned as ``word_diff`` aligns them, a changed stretch runs from its
    first word to its last, and what stands between words is the new text's.

    >>> text_runs("a red card, face up", "a blue card, face down")
    [('same', 'a '), ('del', 'red'), ('ins', 'blue'), ('same', ' card, face '), ('del', 'up'), ('ins', 'down')]
    >>> text_runs("a red card", "a card")
    [('same', 'a'), ('del', ' red'), ('same', ' card')]
    """
    a_text, b_text = norm(old), norm(new)
    a = list(WORD.finditer(a_text))
    b = list(WORD.finditer(b_text))
    matcher = difflib.SequenceMatcher(None, [m.group() for m in a], [m.group() for m in b], autojunk=False)
    return _runs(a_text, b_text, a, b, matcher.get_opcodes())


def _runs(a_text: str, b_text: str, a: list, b: list, opcodes) -> list[tuple[str, str]]:
    runs: list[tuple[str, str]] = []

    def put(kind: str, text: str) -> None:
        if not text:
            return
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + text)
        else:
            runs.append((kind, text))

    pos = 0
    for op, i1, i2, j1, j2 in opcodes:
        if op == "equal":
            put("same", b_text[pos:b[j2 - 1].end()])
            pos = b[j2 - 1].end()
            continue
        removed = a_text[a[i1].start():a[i2 - 1].end()] if i2 > i1 else ""
        if j2 > j1:
            put("same", b_text[pos:b[j1].start()])
            pos = b[j1].start()
            put("del", removed)
        elif removed:  # a deletion only: it takes a space of its own, the new text stays as it is
            put("del", " " + removed if pos else removed + " ")
        if j2 > j1:
            put("ins", b_text[b[j1].start():b[j2 - 1].end()])
            pos = b[j2 - 1].end()
    put("same", b_text[pos:])
    return runs


def similarity(a: str | None, b: str | None) -> float:
    """How alike two texts are, by their words (1.0 the same, 0.0 nothing shared)."""
    wa, wb = words(a), words(b)
    if not wa and not wb:
        return 1.0
    return difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio()


def most_alike(text: str | None, candidates: Iterable[str], text_of, tie=lambda c: (),
               swap: bool = False) -> tuple[str | None, float]:
    """The candidate whose text (``text_of(c)``) is most like ``text`` by ``similarity``, ties
    broken by ``tie(c)`` (a tuple, larger wins), then by the first in order -- what
    ``max(candidates, key=lambda c: (similarity(text, text_of(c)), *tie(c)))`` picks -- and
    its similarity (``similarity(text_of(c), text)`` with ``swap``: the alignment is not
    symmetric); (None, 0.0) for no candidate. A candidate whose upper bound (the word
    counts', then the shared words' ratio, ``SequenceMatcher.real_quick_ratio`` /
    ``quick_ratio``) is below the best similarity so far cannot win and is not aligned.

    >>> most_alike("a red card", ["a blue hat", "a red cart", "a red card"], str)
    ('a red card', 1.0)
    """
    wa = words(text)
    best: str | None = None
    best_key: tuple | None = None
    for c in candidates:
        wb = words(text_of(c))
        if best_key is not None:
            total = len(wa) + len(wb)
            if total and 2.0 * min(len(wa), len(wb)) / total < best_key[0]:
                continue
        matcher = difflib.SequenceMatcher(None, *((wb, wa) if swap else (wa, wb)), autojunk=False)
        if best_key is not None and matcher.quick_ratio() < best_key[0]:
            continue
        key = (matcher.ratio(), *tie(c))
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best, (best_key[0] if best_key is not None else 0.0)


def _joined(texts: Iterable[str | None]) -> str:
    return " ".join(t for t in (norm(x) for x in texts) if t)


class _Tree:
    """One edition's law tree: nodes by ID in reading order, children, depth order."""

    def __init__(self, nodes: Iterable[Node], kinds: tuple[str, ...]):
        self.nodes = {n.id: n for n in nodes if n.kind in kinds and not n.missing}
        self.order = {i: k for k, i in enumerate(self.nodes)}
        self.children: dict[str | None, list[str]] = defaultdict(list)
        for n in self.nodes.values():
            parent = n.parent if n.parent in self.nodes else None
            self.children[parent].append(n.id)

    def parent(self, i: str) -> str | None:
        p = self.nodes[i].parent
        return p if p in self.nodes else None

    def law(self, i: str) -> str | None:
        n = self.nodes[i]
        return n.law or (n.id if n.kind == "law" else None)

    def key(self, i: str) -> tuple:
        n = self.nodes[i]
        return n.kind, norm(n.title), norm(n.text)

    def subtree(self, i: str) -> list[str]:
        out, todo = [], [i]
        while todo:
            x = todo.pop()
            out.append(x)
            todo += self.children.get(x, [])
        return out


def _rebase(i: str, old_parent: str | None, new_parent: str | None) -> str:
    """The ID a child would have under its parent's new ID: 30B1 under 30B -> 30C gives 30C1."""
    if old_parent is None or new_parent is None or not i.startswith(old_parent):
        return i
    return new_parent + i[len(old_parent):]


class _Matcher:
    def __init__(self, old: _Tree, new: _Tree, kinds: tuple[str, ...]):
        self.old, self.new = old, new
        self.kinds = kinds  # the law text's kinds, outermost first
        self.fwd: dict[str, str] = {}
        self.back: dict[str, str] = {}
        # text splits and merges found while matching: (old IDs, new IDs)
        self.splits: list[tuple[list[str], list[str]]] = []
        self.merges: list[tuple[list[str], list[str]]] = []
        self.consumed_old: set[str] = set()
        self.created_new: set[str] = set()

    def pair(self, o: str, n: str) -> None:
        self.fwd[o] = n
        self.back[n] = o

    def free_old(self, kind: str) -> list[str]:
        return [i for i, n in self.old.nodes.items() if n.kind == kind and i not in self.fwd
                and i not in self.consumed_old]

    def free_new(self, kind: str) -> list[str]:
        return [i for i, n in self.new.nodes.items() if n.kind == kind and i not in self.back
                and i not in self.created_new]

    def mapped_parent(self, o: str) -> str | None:
        p = self.old.parent(o)
        return self.fwd.get(p, p) if p is not None else None

    # -- exact: the same kind, title and text
    def exact(self) -> None:
        """Pair nodes alike in kind, title and text. Nodes with text of their own first; a
        node with none (a section that is only a title over its clauses) is told from its
        namesakes by where its children went, then by its parent, then by its ID."""
        by_key: dict[tuple, list[str]] = defaultdict(list)
        for i in self.new.nodes:
            by_key[self.new.key(i)].append(i)
        weak = [o for o in self.old.nodes if not self.old.key(o)[2]]
        strong = [o for o in self.old.nodes if self.old.key(o)[2]]
        pending: list[str] = []
        for o in strong:  # one with the same ID first: an unchanged node stays put
            candidates = by_key.get(self.old.key(o), [])
            if o in candidates:
                candidates.remove(o)
                self.pair(o, o)
            else:
                pending.append(o)
        for o in pending:
            candidates = by_key.get(self.old.key(o), [])
            if not candidates:
                continue
            # several alike: the one under the mapped parent, else the first in reading order
            want = self.mapped_parent(o)
            best = next((c for c in candidates if self.new.parent(c) == want), candidates[0])
            candidates.remove(best)
            self.pair(o, best)
        # where the children went decides first, the most children first ...
        scored = sorted(((self._children_agree(o, c), -self.old.order[o], -self.new.order[c], o, c)
                         for o in weak for c in by_key.get(self.old.key(o), [])), reverse=True)
        for agree, _, _, o, c in scored:
            if agree and o not in self.fwd and c not in self.back:
                by_key[self.old.key(o)].remove(c)
                self.pair(o, c)
        # ... then, in reading order (a parent before its children), the mapped parent or the ID
        for o in weak:
            candidates = by_key.get(self.old.key(o), [])
            if o in self.fwd or not candidates:
                continue
            want = self.mapped_parent(o)
            best = next((c for c in candidates if self.new.parent(c) == want), o if o in candidates else None)
            if best is not None:
                candidates.remove(best)
                self.pair(o, best)

    def _children_agree(self, o: str, n: str) -> int:
        """How many of ``o``'s children are paired with children of ``n``."""
        return sum(1 for c in self.old.children.get(o, []) if c in self.fwd and self.new.parent(self.fwd[c]) == n)

    # -- the title changed: the same text, or the same children
    def retitled(self) -> None:
        for kind in self.kinds:
            free_new = self.free_new(kind)
            by_text: dict[str, list[str]] = defaultdict(list)
            for n in free_new:
                by_text[norm(self.new.nodes[n].text)].append(n)
            for o in self.free_old(kind):
                text = norm(self.old.nodes[o].text)
                if len(words(text)) < RETITLED_MIN_WORDS or not by_text.get(text):
                    continue
                want = self.mapped_parent(o)
                candidates = by_text[text]
                n = next((c for c in candidates if self.new.parent(c) == want), candidates[0])
                candidates.remove(n)
                self.pair(o, n)
        for kind in reversed(self.kinds):  # innermost first: a section found by its clauses helps its law
            for o in self.free_old(kind):
                kids = self.old.children.get(o, [])
                homes = [self.new.parent(self.fwd[c]) for c in kids if c in self.fwd]
                if not kids or len(homes) * 2 < len(kids) or len(set(homes)) != 1:
                    continue
                n = homes[0]
                if (n is not None and self.new.nodes[n].kind == kind and n not in self.back
                        and n not in self.created_new and similarity(self.old.nodes[o].text,
                                                                     self.new.nodes[n].text) >= SAME_TITLE_SIMILARITY):
                    self.pair(o, n)

    # -- the same title: a rewording, or a text shared out (split) or joined (merged)
    def same_title(self, kind: str) -> None:
        olds = self.free_old(kind)
        # the free new nodes by title, in tree order, made once (a node paired on the way is
        # dropped as it is read: a node never becomes free again)
        titled: dict[str, list[str]] = defaultdict(list)
        for n in self.free_new(kind):
            titled[norm(self.new.nodes[n].title)].append(n)
        for o in olds:
            title = norm(self.old.nodes[o].title)
            if not title or o in self.fwd or o in self.consumed_old:
                continue
            candidates = [n for n in titled.get(title, ()) if n not in self.back and n not in self.created_new]
            if not candidates:
                continue
            want = self.mapped_parent(o)
            n, alike = most_alike(self.old.nodes[o].text, candidates, lambda c: self.new.nodes[c].text,
                                  lambda c: (self.new.parent(c) == want, c == o))
            if self._text_split(o, n) or self._text_merge(o, n):
                continue
            if alike >= SAME_TITLE_SIMILARITY:
                self.pair(o, n)
            elif o in candidates and self.new.parent(o) == want:
                # the same ID, title and (mapped) parent: reworded, however much of the text changed
                self.pair(o, o)

    def _text_split(self, o: str, n: str) -> bool:
        """``o``'s text is ``n``'s followed by the texts of new siblings after ``n`` that have no
        old node: the text was shared out (70B -> 70B + a new 70C)."""
        old_text, first = norm(self.old.nodes[o].text), norm(self.new.nodes[n].text)
        if not first or not old_text.startswith(first) or old_text == first:
            return False
        siblings = self.new.children[self.new.parent(n)]
        taken, joined = [n], first
        for s in siblings[siblings.index(n) + 1:]:
            if s in self.back or s in self.created_new or self.new.nodes[s].kind != self.new.nodes[n].kind:
                break
            taken.append(s)
            joined = _joined([joined, self.new.nodes[s].text])
            if joined == old_text:
                self.pair(o, n)
                self.splits.append(([o], taken))
                self.created_new.update(taken[1:])
                return True
            if not old_text.startswith(joined):
                break
        return False

    def _text_merge(self, o: str, n: str) -> bool:
        """``n``'s text is ``o``'s followed by the texts of old siblings after ``o`` that have no
        new node: several old texts were joined (70C1 + 70C2 -> 70D1)."""
        new_text, first = norm(self.new.nodes[n].text), norm(self.old.nodes[o].text)
        if not first or not new_text.startswith(first) or new_text == first:
            return False
        siblings = self.old.children[self.old.parent(o)]
        taken, joined = [o], first
        for s in siblings[siblings.index(o) + 1:]:
            if s in self.fwd or s in self.consumed_old or self.old.nodes[s].kind != self.old.nodes[o].kind:
                break
            taken.append(s)
            joined = _joined([joined, self.old.nodes[s].text])
            if joined == new_text:
                self.pair(o, n)
                self.merges.append((taken, [n]))
                self.consumed_old.update(taken[1:])
                return True
            if not new_text.startswith(joined):
                break
        return False

    # -- no title to go by: similar text under the same (mapped) parent
    def untitled(self, kind: str) -> None:
        for o in self.free_old(kind):
            want = self.mapped_parent(o)
            candidates = [n for n in self.free_new(kind) if self.new.parent(n) == want
                          and not norm(self.new.nodes[n].title) and not norm(self.old.nodes[o].title)]
            if not candidates:
                continue
            here = _rebase(o, self.old.parent(o), want)  # where it stands if nothing moved
            n, alike = most_alike(self.old.nodes[o].text, candidates, lambda c: self.new.nodes[c].text,
                                  lambda c: (c == here,))
            if alike >= UNTITLED_SIMILARITY or (n == here and alike >= UNTITLED_IN_PLACE) or (
                    alike >= UNTITLED_MUTUAL and self._best_old_for(n, kind) == o):
                self.pair(o, n)

    def _best_old_for(self, n: str, kind: str) -> str | None:
        """The free untitled old node under ``n``'s (mapped) parent whose text is most like ``n``'s."""
        olds = [o for o in self.free_old(kind) if self.mapped_parent(o) == self.new.parent(n)
                and not norm(self.old.nodes[o].title)]
        return most_alike(self.new.nodes[n].text, olds, lambda o: self.old.nodes[o].text, swap=True)[0]

    def run(self) -> None:
        self.exact()
        for kind in self.kinds:  # outermost first: a child's parent is matched before it
            self.same_title(kind)
            self.untitled(kind)
        self.retitled()
        self.joined_texts()
        self.across()
        self.in_place()
        self.structural()

    # -- texts joined or shared out under new titles, at any level
    def joined_texts(self) -> None:
        """A new node matched to none whose text is the texts of two or more consecutive old
        siblings matched to none, joined: they were merged, whatever the result is titled
        (2A "Noise" + 2B "Fires" -> 2A "Noise and Fires"); an old node matched to none whose
        text is that of two or more consecutive new siblings matched to none: it was split.
        Leaves only (a node with children is told by them: ``structural``)."""
        for n in [n for kind in self.kinds for n in self.free_new(kind)]:
            found = self._run_of(self.old, n, self.new, free=lambda o: o not in self.fwd and o not in self.consumed_old)
            if found:
                self.merges.append((found, [n]))
                self.consumed_old.update(found)
                self.created_new.add(n)
        for o in [o for kind in self.kinds for o in self.free_old(kind)]:
            found = self._run_of(self.new, o, self.old, free=lambda n: n not in self.back and n not in self.created_new)
            if found:
                self.splits.append(([o], found))
                self.created_new.update(found)
                self.consumed_old.add(o)

    @staticmethod
    def _run_of(tree: _Tree, i: str, other: _Tree, free) -> list[str] | None:
        """Two or more consecutive leaf siblings of ``tree``, all ``free``, of one kind, whose
        texts joined are the text of leaf ``i`` of ``other``; None when there are none."""
        if other.children.get(i):
            return None
        text = norm(other.nodes[i].text)
        if len(words(text)) < RETITLED_MIN_WORDS:
            return None
        for parent, kids in tree.children.items():
            for k, first in enumerate(kids):
                head = norm(tree.nodes[first].text)
                if not head or not text.startswith(head) or not free(first) or tree.children.get(first):
                    continue
                run, joined = [first], head
                for s in kids[k + 1:]:
                    if not free(s) or tree.children.get(s) or tree.nodes[s].kind != tree.nodes[first].kind:
                        break
                    run.append(s)
                    joined = _joined([joined, tree.nodes[s].text])
                    if joined == text:
                        return run
                    if not text.startswith(joined):
                        break
        return None

    # -- the same text at another level, or under another title with its text reworded
    def across(self) -> None:
        """Pair a free old node and a free new node of any kinds whose own texts are mostly
        the same (``ACROSS_SIMILARITY``) and each the other's most alike among the free ones:
        a clause become a section (1A2 -> 1C), a provision retitled and reworded at once. What
        the pair is (moved, renumbered, reworded, retitled) is read from it as from any other."""
        def texted(tree: _Tree, i: str) -> bool:
            return len(words(tree.nodes[i].text)) >= RETITLED_MIN_WORDS

        olds = [o for kind in self.kinds for o in self.free_old(kind) if texted(self.old, o)]
        news = [n for kind in self.kinds for n in self.free_new(kind) if texted(self.new, n)]
        if not olds or not news:
            return
        alike = {(o, n): similarity(self.old.nodes[o].text, self.new.nodes[n].text) for o in olds for n in news}
        best_new = {o: max(news, key=lambda n: (alike[o, n], -self.new.order[n])) for o in olds}
        best_old = {n: max(olds, key=lambda o: (alike[o, n], -self.old.order[o])) for n in news}
        for o in olds:
            n = best_new[o]
            if alike[o, n] >= ACROSS_SIMILARITY and best_old[n] == o:
                self.pair(o, n)

    # -- retitled and reworded at once, where it stood
    def in_place(self) -> None:
        """Pair a free old titled node and the free new node of its kind standing where it stood
        (its ID under its parent's image) when their texts are mostly alike (``UNTITLED_MUTUAL``)
        and each is the other's most alike among the free nodes of that parent: a section
        retitled («Разметка» → «Линии») with much of its text reworded is one node, not one
        removed and one added."""
        for kind in self.kinds:
            olds = [o for o in self.free_old(kind) if len(words(self.old.nodes[o].text)) >= RETITLED_MIN_WORDS]
            news = [n for n in self.free_new(kind) if len(words(self.new.nodes[n].text)) >= RETITLED_MIN_WORDS]
            for o in olds:
                want = self.mapped_parent(o)
                here = _rebase(o, self.old.parent(o), want)
                if here not in news or here in self.back or self.new.parent(here) != want:
                    continue
                alike = similarity(self.old.nodes[o].text, self.new.nodes[here].text)
                rivals_new = [n for n in news if n not in self.back and self.new.parent(n) == want]
                rivals_old = [x for x in olds if x not in self.fwd and self.mapped_parent(x) == want]
                if alike >= UNTITLED_MUTUAL and \
                        all(similarity(self.old.nodes[o].text, self.new.nodes[n].text) <= alike for n in rivals_new) and \
                        all(similarity(self.old.nodes[x].text, self.new.nodes[here].text) <= alike for x in rivals_old):
                    self.pair(o, here)

    # -- split and merged by children: a node's children now under several nodes
    def structural(self) -> None:
        for o, n in list(self.fwd.items()):
            if o in self.consumed_old:
                continue
            homes = {self.new.parent(self.fwd[c]) for c in self.old.children.get(o, []) if c in self.fwd}
            # the parts are siblings of the node that keeps the title, and hold mostly its children
            others = [h for h in homes if h != n and h is not None and h not in self.back
                      and h not in self.created_new and self.new.parent(h) == self.new.parent(n)
                      and self._share_from(h, o) >= 0.5]
            if n in homes and others:
                news = sorted([n, *others], key=self.new.order.__getitem__)
                self.splits.append(([o], news))
                self.created_new.update(others)
        for n, o in list(self.back.items()):
            if n in self.created_new:
                continue
            homes = {self.old.parent(self.back[c]) for c in self.new.children.get(n, []) if c in self.back}
            others = [h for h in homes if h != o and h is not None and h not in self.fwd
                      and h not in self.consumed_old and self.old.parent(h) == self.old.parent(o)
                      and self._share_to(h, n) >= 0.5]
            if o in homes and others:
                olds = sorted([o, *others], key=self.old.order.__getitem__)
                self.merges.append((olds, [n]))
                self.consumed_old.update(others)
        for kind in self.kinds:
            self._split_by_children(kind)
            self._merge_by_children(kind)

    def _split_by_children(self, kind: str) -> None:
        """An old node matched to none whose children now stand under several new sibling
        nodes matched to none, each holding mostly its children: it was split, whatever the
        parts are titled (law 3 "Dealing" -> law 2 "Shuffling" + law 3 "The deal")."""
        for o in self.free_old(kind):
            kids = self.old.children.get(o, [])
            placed = [c for c in kids if c in self.fwd]
            if not kids or len(placed) * 2 < len(kids):
                continue
            homes = list(dict.fromkeys(self.new.parent(self.fwd[c]) for c in placed))
            if len(homes) < 2 or any(h is None or h in self.back or h in self.created_new
                                     or self.new.nodes[h].kind != kind for h in homes):
                continue
            if len({self.new.parent(h) for h in homes}) != 1 or any(self._share_from(h, o) < 0.5 for h in homes):
                continue
            self.splits.append(([o], sorted(homes, key=self.new.order.__getitem__)))
            self.consumed_old.add(o)
            self.created_new.update(homes)

    def _merge_by_children(self, kind: str) -> None:
        """A new node matched to none whose children came from several old sibling nodes
        matched to none, each giving it mostly its children: they were merged, whatever the
        result is titled."""
        for n in self.free_new(kind):
            kids = self.new.children.get(n, [])
            placed = [c for c in kids if c in self.back]
            if not kids or len(placed) * 2 < len(kids):
                continue
            homes = list(dict.fromkeys(self.old.parent(self.back[c]) for c in placed))
            if len(homes) < 2 or any(h is None or h in self.fwd or h in self.consumed_old
                                     or self.old.nodes[h].kind != kind for h in homes):
                continue
            if len({self.old.parent(h) for h in homes}) != 1 or any(self._share_to(h, n) < 0.5 for h in homes):
                continue
            self.merges.append((sorted(homes, key=self.old.order.__getitem__), [n]))
            self.consumed_old.update(homes)
            self.created_new.add(n)

    def _share_from(self, n: str, o: str) -> float:
        """The share of new ``n``'s children that were children of old ``o``."""
        kids = self.new.children.get(n, [])
        return sum(1 for c in kids if c in self.back and self.old.parent(self.back[c]) == o) / len(kids) if kids else 0.0

    def _share_to(self, o: str, n: str) -> float:
        """The share of old ``o``'s children that went under new ``n``."""
        kids = self.old.children.get(o, [])
        return sum(1 for c in kids if c in self.fwd and self.new.parent(self.fwd[c]) == n) / len(kids) if kids else 0.0


def _lost_stretches(tree: "_Tree", nodes: list[Node], other: "_Tree") -> list[tuple[str | None, str | None]]:
    """Where a tree's sources lost text, as (the node before, the node after) in its reading
    order (None: the start or the end): after a node cut at its end, before one cut at its
    start, in place of a law no text of survives ("missing"), and before the first law when
    the other edition has laws numbered below it (a copy starting at law 4 of a code the other
    edition begins at 1)."""
    ids = list(tree.nodes)
    out: list[tuple[str | None, str | None]] = []
    for k, i in enumerate(ids):
        n = tree.nodes[i]
        if n.truncated_end:
            out.append((i, ids[k + 1] if k + 1 < len(ids) else None))
        if n.truncated_start:
            out.append((ids[k - 1] if k else None, i))
    numbers = [int(n.law) for n in nodes if n.missing and n.kind == "law" and n.law and n.law.isdigit()]
    laws = [(int(tree.law(i)), i) for i in tree.children[None] if (tree.law(i) or "").isdigit()]
    for number in numbers:
        before = [i for k, i in laws if k < number]
        after = [i for k, i in laws if k > number]
        out.append((tree.subtree(before[-1])[-1] if before else None, after[0] if after else None))
    theirs = [int(other.law(i)) for i in other.children[None] if (other.law(i) or "").isdigit()]
    if laws and theirs and min(theirs) < laws[0][0]:
        out.append((None, laws[0][1]))
    return out


def _unknown(tree: "_Tree", lost: list[tuple[str | None, str | None]], other: "_Tree", image: dict[str, str],
             free: set[str]) -> frozenset[str]:
    """Those of ``free`` (the other tree's nodes matched to none) standing, in the other tree's
    reading order, between the images of a lost stretch's ends: what is there may have been
    in the lost text, so no claim is made of it."""
    order = list(tree.nodes)
    where = {i: k for k, i in enumerate(order)}

    def image_of(i: str | None, step: int) -> float:
        k = where.get(i, -1 if step < 0 else len(order)) if i is not None else (-1 if step < 0 else len(order))
        while 0 <= k < len(order):
            if order[k] in image:
                return other.order[image[order[k]]]
            k += step
        return float("-inf") if step < 0 else float("inf")

    out = set()
    for before, after in lost:
        lo, hi = image_of(before, -1), image_of(after, 1)
        out |= {i for i in free if lo < other.order[i] < hi}
    return frozenset(out)


def _seen_texts(a: Node, b: Node) -> tuple[str, str]:
    """Two matched nodes' texts as far as both survive: where one was cut at its end (the
    rest lost), the other's text is read only as far, and a word the cut broke («разре» of
    «разрешает») is no change."""
    ta, tb = a.text or "", b.text or ""
    for cut, whole, flip in ((a, tb, False), (b, ta, True)):
        if not cut.truncated_end or (b if not flip else a).truncated_end:
            continue
        mine = list(WORD.finditer(cut.text or ""))
        theirs = list(WORD.finditer(whole))
        if not mine or len(mine) > len(theirs):
            continue
        k = len(mine)
        if mine[-1][0] != theirs[k - 1][0] and theirs[k - 1][0].startswith(mine[-1][0]):
            k -= 1  # the broken last word
        kept = (cut.text or "")[:mine[k - 1].end()] if k else ""
        seen = whole[:theirs[k - 1].end()] if k else ""
        ta, tb = (kept, seen) if not flip else (seen, kept)
    return ta, tb


def _reworded(kind: str, o: str, n: str, law: str | None, new_law: str | None, old_text: str | None,
              new_text: str | None, words_too: bool) -> Change:
    """A "reworded" or "retitled" record; with ``words_too`` its words and runs (``rewording``)."""
    if not words_too:
        return Change(kind, (o,), (n,), law, new_law)
    share, minus, plus, runs = rewording(old_text, new_text)
    return Change(kind, (o,), (n,), law, new_law, share, tuple(minus), tuple(plus), tuple(runs))


def compare(old_nodes: Iterable[Node], new_nodes: Iterable[Node], kinds: Iterable[str] | None = None,
            records: bool = True) -> Comparison:
    """The changes from one edition's law tree to another's, in one language. ``kinds``: the
    law text's kinds, outermost first (``grammar.law_text_kinds``: the law and the code's
    levels by its profile's names); None: the active profile's. ``records=False``:
    the rewordings' and retitlings' records without their words and runs (what a caller that
    reads only where nodes went needs: aligning the words was a third of a comparison)."""
    old_nodes, new_nodes = list(old_nodes), list(new_nodes)
    kinds = tuple(kinds) if kinds is not None else law_text_kinds()
    old, new = _Tree(old_nodes, kinds), _Tree(new_nodes, kinds)
    m = _Matcher(old, new, kinds)
    m.run()
    changes: list[Change] = []
    olaw, nlaw = old.law, new.law

    # the nodes a split or merge gathers: their children are mapped, not listed
    gathered: dict[str, set[str]] = {}
    for olds, news in m.splits + m.merges:
        for o in olds:
            gathered[o] = set(news)
        kind = "split" if len(olds) == 1 and len(news) > 1 else "merged"
        changes.append(Change(kind, tuple(olds), tuple(news), olaw(olds[0]), nlaw(news[0])))
        for o in olds:  # the node that kept its identity through it, under a new title
            n = m.fwd.get(o)
            if n in news and norm(old.nodes[o].title) != norm(new.nodes[n].title):
                changes.append(_reworded("retitled", o, n, olaw(o), nlaw(n), old.nodes[o].title,
                                         new.nodes[n].title, records))
    in_structural = {o for olds, _ in m.splits + m.merges for o in olds}

    for o, n in m.fwd.items():
        if o in in_structural:
            continue
        p = old.parent(o)
        if p in gathered and new.parent(n) in gathered[p]:
            pass  # a child of a split or merged node: mapped
        else:
            want = m.fwd.get(p, p) if p is not None else None
            if new.parent(n) != want:
                changes.append(Change("moved", (o,), (n,), olaw(o), nlaw(n)))
            elif n != _rebase(o, p, want):
                changes.append(Change("renumbered", (o,), (n,), olaw(o), nlaw(n)))
        a, b = old.nodes[o], new.nodes[n]
        ta, tb = _seen_texts(a, b)
        if norm(ta) != norm(tb):
            changes.append(_reworded("reworded", o, n, olaw(o), nlaw(n), ta, tb, records))
        if norm(a.title) != norm(b.title):
            changes.append(_reworded("retitled", o, n, olaw(o), nlaw(n), a.title, b.title, records))

    gone = {o for o in old.nodes if o not in m.fwd and o not in m.consumed_old}
    fresh = {n for n in new.nodes if n not in m.back and n not in m.created_new}
    # where either edition's text is lost, what the other has there is neither added nor removed
    unknown_new = _unknown(old, _lost_stretches(old, old_nodes, new), new, m.fwd, fresh)
    unknown_old = _unknown(new, _lost_stretches(new, new_nodes, old), old, m.back, gone)
    for o in gone:
        p = old.parent(o)
        if (p is None or p not in gone) and o not in unknown_old:  # the top of a removed subtree
            changes.append(Change("removed", (o,), (), olaw(o)))
    for n in fresh:
        p = new.parent(n)
        if (p is None or p not in fresh) and n not in unknown_new:
            changes.append(Change("added", (), (n,), nlaw(n), nlaw(n)))

    # filed law by law (the old edition's laws in order, then laws only the new one has),
    # each law's records in reading order
    ranks: dict[str | None, int] = {}
    for tree in (old, new):
        for i in tree.children[None]:
            ranks.setdefault(tree.law(i), len(ranks))

    def place(c: Change) -> tuple:
        if c.old:
            return (ranks.get(c.law, len(ranks)), 0, old.order[c.old[0]], c.kind)
        return (ranks.get(c.law, len(ranks)), 1, new.order[c.new[0]], c.kind)

    changes.sort(key=place)
    return Comparison(changes, dict(m.fwd), unknown_old, unknown_new)
