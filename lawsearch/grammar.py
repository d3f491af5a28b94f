"""The code's grammar, compiled from its profile: the levels of the tree, their label
alphabets, the ID rules, the division vocabulary and the layouts its sources are printed in.

Nothing here knows a code or a language: every word, letter and pattern comes from the
profile's ``[grammar]`` and ``[layouts.*]`` tables (docs/profiles.md).

    grammar = Grammar.from_profile(load_profile("bridge"))
    grammar.layout("ru-book").classify("B.Штрафная карта остаётся открытой").label   # 'B'
    grammar.ids.law_id("47", "E", "2", "a")                                           # '47E2(a)'
    grammar.ids.anchor("47E2(a)")                                                     # 'l47e2-a'
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from . import editions
from .profile import active as _active_profile  # profile imports nothing of ours but model
from .problems import CorpusError, Problem
from .patterns import FOOTER, FOOTNOTE_BODY, NOTE_MARKS, Classified, bare_note_patterns, expand_letters

ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv",
         "xvi", "xvii", "xviii", "xix", "xx")
# a "title" that is a sentence: it ends one, or starts in lower case (a sentence running on
# from its label, "(a) names it aloud, or")
SENTENCE_END = re.compile(r"[.;:]['\"”’»)]*$")
# a printed label a list item carries before its text, dropped: the ID comes from position
# (letters and digits of any script: "1.", "(b)", "а)", "iv.")
PRINTED_LABEL = re.compile(r"^(?:\(?[^\W_]{1,4}[.)]+|\([^\W_]{1,4}\)\.?)(?:\s+|$)")


@dataclass(frozen=True)
class ListText(Classified):
    """A text line of a list layout that the list's nesting places (``Layout.read``)."""
    # set less deep than the items open above it (a web page's paragraph after its list): the
    # level whose node it is the text of, "law" for the law's
    of: str | None = None
    deeper: bool = False  # a list item nested deeper than the profile's levels: kept as text, said


@dataclass(frozen=True)
class Alphabet:
    """The labels of one level, in order: letters, ``digits`` or ``roman``, or several.

    >>> Alphabet(("ABC",)).at(2), Alphabet(("digits",)).previous("3"), Alphabet(("digits", "roman")).position("ii")
    ('B', '2', 2)
    """

    kinds: tuple[str, ...]

    def position(self, label: str) -> int | None:
        """1-based place of ``label`` in the alphabet, or None."""
        for kind in self.kinds:
            if kind == "digits":
                if label.isdigit():
                    return int(label)
            elif kind == "roman":
                if label.lower() in ROMAN:
                    return ROMAN.index(label.lower()) + 1
            elif label in kind:
                return kind.index(label) + 1
        return None

    def holds_letter(self, letter: str) -> bool:
        """Whether one of the alphabet's letter kinds (not its digits or numerals) has ``letter``."""
        return bool(letter) and any(letter in kind for kind in self.kinds if kind not in ("digits", "roman"))

    def at(self, position: int) -> str:
        """The label at a 1-based position, in the first kind: ``at(3) == "C"``."""
        kind = self.kinds[0]
        if kind == "digits":
            return str(position)
        if kind == "roman":
            return ROMAN[position - 1] if position <= len(ROMAN) else str(position)
        return kind[position - 1] if position <= len(kind) else str(position)

    def previous(self, label: str) -> str | None:
        """The sibling label before ``label``: G → F, 2 → 1, None for the first."""
        n = self.position(label)
        if n is None or n <= 1:
            return None
        for kind in self.kinds:
            if Alphabet((kind,)).position(label) is not None:
                return Alphabet((kind,)).at(n - 1)
        return None

    def pattern(self, lookalikes: str = "") -> str:
        """A regular expression of a printed label: the letters in either case and the
        look-alikes, digits, roman numerals."""
        parts = []
        for kind in self.kinds:
            if kind == "digits":
                parts.append(r"\d{1,2}")
            elif kind == "roman":
                parts.append("[ivxlc]{2,6}")  # one letter is the letter level's (i) (v) (x)
            else:
                letters = "".join(dict.fromkeys(kind + kind.upper() + kind.lower() + lookalikes))
                parts.append(f"[{re.escape(letters)}]")
        return "|".join(parts)


@dataclass(frozen=True)
class DivisionWord:
    lang: str
    rank: int
    word: re.Pattern
    slug: str
    label: str


def capitals_too(word: str) -> str:
    """A division word's pattern that also reads each of its plain words in capitals, as a
    heading printed all in capitals has it: ``capitals_too("Раздел") == "Раздел|РАЗДЕЛ"``;
    an alternative that is a regular expression, not a plain word, is left as it is.

    >>> capitals_too("CHAPTER|Chapter")
    'CHAPTER|Chapter'
    """
    alternatives = word.split("|")
    plain = [w for w in alternatives if w.isalpha()] if "(" not in word else []
    return "|".join(dict.fromkeys([*alternatives, *(w.upper() for w in plain)]))


class IdRules:
    """How labels become IDs, anchors and reading order, for one profile."""

    def __init__(self, data: dict[str, Any]):
        grammar = data.get("grammar", {})
        self.levels: tuple[str, ...] = tuple(grammar.get("levels", ()))
        # the kinds of the law text's nodes: a law and each level below it, by the profile's names
        self.law_text_kinds: tuple[str, ...] = ("law", *self.levels)
        self.formats: dict[str, str] = dict(grammar.get("ids", {}))
        self.alphabets = {lv: Alphabet(tuple(k if k in ("digits", "roman") else expand_letters(k)
                                             for k in (v if isinstance(v, list) else [v])))
                          for lv, v in grammar.get("labels", {}).items()}
        look = grammar.get("lookalikes", {})
        self.lookalike_chars = look.get("from", "")
        self._fold = str.maketrans(look.get("from", ""), look.get("to", ""))
        self.translit: dict[str, str] = dict(grammar.get("translit", {}))
        # the layouts' own label letters (``label_letters``: «б» → b, «в» → c by their place), in
        # either case, as a user types a heading's label («40а1б» → 40A1(b)); a look-alike
        # («а», «е») reads as the letter it looks like, and a letter the grammar transliterates
        # as that says
        self.native: dict[str, str] = {}
        for table in data.get("layouts", {}).values():
            letters, latin = (list(table.get("label_letters") or ("", "")) + ["", ""])[:2] \
                if isinstance(table, dict) else ("", "")
            for c, t in zip(letters, latin):
                if c.lower() not in self.lookalike_chars and c.lower() not in self.translit:
                    self.native.setdefault(c.lower(), t)
                    self.native.setdefault(c.upper(), t)
        self.divisions: list[DivisionWord] = [
            DivisionWord(lang, rank, re.compile(f"(?:{capitals_too(d['word'])})$"), d["slug"], d.get("label", d["slug"]))
            for lang, words in grammar.get("divisions", {}).items() for rank, d in enumerate(words)]
        self._rank = {d.slug: d.rank for d in self.divisions}
        self.id_pattern = self._id_pattern()
        self.strict = bool(grammar.get("strict_levels", True))
        # IDs that separate their levels ("3.2.1", "12.4(a)", not "50E1"): a number of such an
        # ID reads as a part of its law, so a search's law: filter takes one (law:3.2)
        self.dotted = bool(self.levels) and not self.formats.get(self.levels[0], "{label}").startswith("{label}")
        self.typed_pattern = re.compile(self.typed_source())
        self.loose_pattern = re.compile(self.typed_source(loose=True))
        self.definitions_id: str | None = self.formats.get("definitions")
        # 48.4; an item 77.3(iii) (the item's format appended); the definitions' defs.1
        law_or_defs = r"\d+" + (f"|{re.escape(self.definitions_id)}" if self.definitions_id else "")
        item = re.escape(self.formats.get("commentary_item", "({label})")).replace(re.escape("{label}"), r"(?P<item>\w+)")
        # an item's own series under it (41.2(b)(ii)): the item's format once more
        sub = item.replace("(?P<item>", "(?P<sub>")
        self.commentary_pattern = re.compile(
            self._template_pattern(self.formats.get("commentary", "{law}.{para}"), law=law_or_defs,
                                   para=r"\d+").pattern[:-1] + f"(?:{item}(?:{sub})?)?$")
        slugs = "|".join(re.escape(s) for s in dict.fromkeys(d.slug for d in self.divisions)) or "(?!)"
        self.division_pattern = self._template_pattern(self.formats.get("division", "div-{slug}-{law}"),
                                                       slug=slugs, law=r"\d+")

    # -- labels and IDs ------------------------------------------------------------------

    def label(self, level: str, printed: str, typed: bool = False) -> str:
        """A printed label as the ID writes it: look-alikes folded, transliterated, in the
        alphabet's case: ``label("section", "С") == "C"``, ``label("subclause", "A") == "a"``;
        ``typed`` (an ID a user types): a layout's own letter too, «б» → b (a text's
        layout reads its own letters itself, ``Layout.label_of``)."""
        s = printed.translate(self._fold)
        alphabet = self.alphabets.get(level)
        if alphabet is None:
            return s
        for kind in alphabet.kinds:
            if kind in ("digits", "roman"):
                if kind == "roman" and s.lower() in ROMAN:
                    return s.lower()
                if kind == "digits" and s.isdigit():
                    return s
                continue
            for candidate in (s, s.upper(), s.lower()):
                if candidate in kind:
                    return self.translit.get(candidate, candidate)
        if typed and s in self.native:  # a layout's own letter: «б» → b
            t = self.native[s]
            kinds = [k for k in alphabet.kinds if k not in ("digits", "roman")]
            if any(t in k for k in kinds):
                return t
        if s.lower() in self.translit.values():
            return s.lower()  # typed as the ID writes it: "12.1.3.V" → "v"
        return self.translit.get(s, s)

    # -- IDs as a user types them ---------------------------------------------------------

    def typed_source(self, capture: bool = True, loose: bool = False) -> str:
        """A law-text ID as a user or a reference types it, once its look-alikes are folded
        and its spaces dropped, as a regular-expression source Python and the browser read
        alike (explicit classes, numbered groups: 1 the law, then one per level): ``50e1``,
        ``47E2(A)``, ``12.1.3.в``, ``3.2.1``, ``12.4(a)``; ``capture=False``: no groups. A
        space may stand between the parts (a query keeps its spaces: ``70 B 3 (a)``).
        ``loose``: each level's label with the marks of its format left out (``70b3a``)."""
        group = "(" if capture else "(?:"
        law = self.formats.get("law", "{law}").split("{law}")
        out = _js_escape(law[0]) + group + "[0-9]{1,4})" + _js_escape(law[-1] if len(law) > 1 else "")
        digits_before = True  # the law is a number
        for level in self.levels:
            before, _, after = self.formats.get(level, "{label}").partition("{label}")
            alts = []
            for kind in self.alphabets.get(level, Alphabet(("digits",))).kinds:
                if kind == "digits":
                    alts.append("[0-9]{1,4}")
                elif kind == "roman":
                    alts.append("[ivxlcIVXLC]{1,6}")
                else:
                    # the printed letter in either case, or as the ID writes it ("в" or "v", "ж" or "zh")
                    written = [self.translit.get(c, c) for c in kind]
                    long = sorted({v for w in written if len(w) > 1 for v in (w, w.upper())}, key=lambda w: (-len(w), w))
                    short = "".join(w for w in written if len(w) == 1)
                    # and the look-alikes of another script ("40а1b"): the query's citation pattern reads
                    # the ID before normalize folds them
                    # and the layouts' own letters of the kind («40а1б»)
                    own = "".join(c for c, t in self.native.items() if t in kind)
                    letters = "".join(dict.fromkeys(kind + short + (kind + short).upper() + (kind + short).lower()
                                                    + self.lookalike_chars + own))
                    alts += [*long, "[" + "".join(_class_escape(c) for c in letters) + "]"]
            label = f"{group}{'|'.join(alts)})"
            kinds = self.alphabets.get(level, Alphabet(("digits",))).kinds
            digits = any(k in ("digits", "roman") for k in kinds)
            if loose:
                # the shortest reading first: "70b1ii" is the item ii right under clause 1, not
                # the sub-clause i's item i (a label left out where the text after it still reads);
                # a mark of the format stays where it parts two numbers ("1.1.2b": the dots of
                # 1.1.2, the point's brackets left out), else it may be left out or typed
                mark = f"[ ]*{_js_escape(before)}[ ]*" if before else ""
                if not (digits_before and digits) and mark:
                    mark = f"(?:{mark})?"
                if digits_before and not digits:
                    # a letter after a number may be typed with a space ("2.1.2 б") or with the
                    # mark another level writes ("1.1.2.b" where the letter's is a bracket)
                    marks = dict.fromkeys(m for m in [before, *self._level_marks()] if m)
                    mark = "[ ]*" + (f"(?:{'|'.join(_js_escape(m) for m in marks)})?[ ]*" if marks else "")
                closing = f"(?:[ ]*{_js_escape(after)})?" if after else ""
                required = bool(before) and digits_before and digits
                # a number after its required mark is the next level's, in order: 3.1b is 3.1(b)
                out += f"(?:{mark}{label}{closing})" + ("?" if required else "??")
                digits_before = digits
            else:
                out += f"(?:[ ]*{_js_escape(before)}[ ]*{label}[ ]*{_js_escape(after)})?"
        return out

    def _level_marks(self) -> list[str]:
        """The marks the levels' formats write before a label ("." of ".{label}", "(" of
        "({label})")."""
        return [self.formats.get(level, "{label}").partition("{label}")[0] for level in self.levels]

    def typed_levels(self) -> list[dict]:
        """What the browser needs to write a typed ID as ``normalize`` does, per level: its
        format around the label, its alphabet's kinds, the transliteration, and the kinds
        whose labels may stand with the level above missing (``skipping``)."""
        return [{"format": self.formats.get(level, "{label}"),
                 "kinds": list(self.alphabets.get(level, Alphabet(("digits",))).kinds),
                 "skipping": self.skipping(level)} for level in self.levels]

    def skipping(self, level: str) -> list[str]:
        """The kinds of ``level``'s alphabet whose series may stand with the level right above
        it missing where the levels are strict: those whose first label that level writes too,
        so that the sequence decides which a label is (``["roman"]`` for the item: ``(i)`` is a
        letter of the sub-clauses or the first roman item; 70C1(ii) is the second item of
        clause 70C1). ``structure.lawtext`` reads a text so, ``normalize`` a typed ID."""
        i = self.levels.index(level) if level in self.levels else 0
        above = self.alphabets.get(self.levels[i - 1]) if i > 0 else None
        if above is None or level not in self.alphabets:
            return []
        return [kind for kind in self.alphabets[level].kinds if above.position(Alphabet((kind,)).at(1)) is not None]

    def skips(self, level: str, label: str) -> bool:
        """Whether ``label`` is of a series of ``level`` that may skip the level above (``skipping``)."""
        return any(Alphabet((kind,)).position(label) is not None for kind in self.skipping(level))

    def normalize(self, typed: str) -> str | None:
        """The canonical ID of a typed law-text ID (look-alikes folded, spaces dropped), or
        None where it is none: ``normalize("47e2(A)") == "47E2(a)"``, and with the marks of
        the levels' formats left out, ``normalize("70b3a") == "70B3(a)"``. Where the levels
        are strict, a level given without the one above it is none (``50(a)``), but for a
        series that may skip it (``skipping``: ``70C1(ii)``, a roman item right under its
        clause)."""
        m = self.typed_pattern.fullmatch(typed) or self.loose_pattern.fullmatch(typed)
        if not m:
            return None
        parts = list(m.groups()[1:])
        labels = [self.label(lv, p, typed=True) if p else None for lv, p in zip(self.levels, parts)]
        if self.strict:
            for k in range(1, len(parts)):
                if parts[k] is not None and parts[k - 1] is None and not (
                        all(parts[:k - 1]) and self.skips(self.levels[k], labels[k])):
                    return None
        return self.law_id(m[1], *labels)

    def alphabet(self, level: str) -> Alphabet:
        return self.alphabets[level]

    def law_id(self, law: str, *parts: str | None) -> str:
        """The ID of a law-text node: ``law_id("47", "E", "2", "a") == "47E2(a)"``; a part
        None is a level the node's path skips (a statute's point directly under its article)."""
        out = self.formats.get("law", "{law}").format(law=law)
        for level, part in zip(self.levels, parts):
            if part:
                out += self.formats.get(level, "{label}").format(label=part)
        return out

    def commentary_id(self, law: str, para: int, item: str | None = None, sub: str | None = None) -> str:
        """``commentary_id("48", 4) == "48.4"``; an item: ``commentary_id("77", 3, "iii") == "77.3(iii)"``;
        an item of the item's own series: ``commentary_id("41", 2, "b", "ii") == "41.2(b)(ii)"``."""
        out = self.formats.get("commentary", "{law}.{para}").format(law=law, para=para)
        for label in (item, sub) if item else ():
            if label:
                out += self.formats.get("commentary_item", "({label})").format(label=label)
        return out

    def division_id(self, slug: str, first_law: str) -> str:
        return self.formats.get("division", "div-{slug}-{law}").format(slug=slug, law=first_law)

    def footnote_id(self, page: int | str, n: int) -> str:
        return self.formats.get("footnote", "fn-{page}-{n}").format(page=page, n=n)

    def piece_id(self, source_id: str, first_line: int) -> str:
        return self.formats.get("piece", "piece-{source}-{line}").format(source=source_id, line=first_line)

    def division_rank(self, slug: str) -> int:
        return self._rank.get(slug, len(self._rank))

    def parse(self, node_id: str) -> dict[str, str | None] | None:
        """The parts of a law-text ID, or None: ``parse("50E1")["clause"] == "1"``."""
        m = self.id_pattern.match(node_id)
        return m.groupdict() if m else None

    # -- anchors and order -------------------------------------------------------------------

    def anchor(self, node_id: str) -> str:
        """The anchor of a node: law text ``l`` + lower case with ``(x)`` and ``.`` as
        ``-x``, a label glued after a bracket parted by ``_`` (``2(1)2`` → ``h2-1_2``); commentary ``c48-4``; anything else as its ID where it is a safe name.
        Another edition's ID (``2017~50E1``) gets its edition's prefix: ``e2017-l50e1``."""
        edition, bare = editions.split(node_id)
        if edition is not None:
            return editions.anchor_prefix(edition) + self.anchor(bare)
        if self.id_pattern.match(node_id):
            # a label glued after a bracketed one keeps its boundary: 2(1)2 is h2-1_2, never
            # 2(12)'s h2-12 (no bridge ID has one: their anchors stay as they were)
            kept = GLUED_AFTER_BRACKET.sub(")_", node_id)
            return self.formats.get("anchor", "l") + re.sub(r"\((\w+)\)|\.(\w+)", r"-\1\2", kept).lower()
        m = self.commentary_pattern.match(node_id)
        if m:
            return f"c{m['law']}-{m['para']}" + "".join(f"-{m[g]}" for g in ("item", "sub") if m[g])
        if NAME_CHARS.fullmatch(node_id):
            return node_id
        digest = hashlib.sha1(node_id.encode("utf-8")).hexdigest()[:6]
        return f"{NAME_OTHER.sub('_', node_id)}-{digest}"

    def division_law(self, node_id: str) -> str | None:
        """The first law of a division ID: ``division_law("div-razdel-46") == "46"``; of
        another edition's, that edition's law (``2017~div-razdel-46`` → ``2017~46``)."""
        edition, bare = editions.split(node_id)
        if edition is not None:
            law = self.division_law(bare)
            return None if law is None else f"{edition}{editions.SEPARATOR}{law}"
        m = self.division_pattern.match(node_id)
        return m["law"] if m else None

    def sort_key(self, node_id: str, law: str | None = None, kind: str | None = None) -> tuple:
        """Reading order: law, then each level's position in its alphabet; a division
        before its first law (outer first); pieces after a law's text; commentary after
        them, by number; unplaced pieces and anything else last. Another edition's nodes
        come after the default edition's, each edition in its own reading order."""
        edition, bare = editions.split(node_id)
        if edition is not None:
            return (2, edition, self.sort_key(bare, editions.bare(law), kind))
        m = self.id_pattern.match(node_id)
        if m:
            labels = {lv: m[lv] for lv in self.levels}
            deepest = next((lv for lv in reversed(self.levels) if labels[lv]), None)
            if kind in self.levels and deepest is not None and kind != deepest and not labels[kind]:
                # a level right under the one above its own, written as that one's label would be
                # ("70C1(i)": the first roman item right under its clause, not the sub-clause i)
                labels[kind], labels[deepest] = labels[deepest], None
            parts = tuple(self._position(lv, labels[lv]) for lv in self.levels)
            return (0, int(m["law"]), 1, parts, "")
        m = self.commentary_pattern.match(node_id)
        if m:  # the definitions' commentary before law 1's; a paragraph's items after it
            positions = tuple(0 if not item else ROMAN.index(item) + 1 if item in ROMAN else int(item)
                              if item.isdigit() else 1 + ord(item[0]) for item in (m["item"] or "", m["sub"] or ""))
            return (0, int(m["law"]) if m["law"].isdigit() else 0, 3, (int(m["para"]), *positions), "")
        m = self.division_pattern.match(node_id)
        if m:
            return (0, int(m["law"]), 0, (self.division_rank(m["slug"]),), "")
        if law is not None and law.isdigit():
            return (0, int(law), self._kind_rank(kind or "piece"), (1 << 30,), node_id)
        return (1, 0, 0, (), node_id)

    def _kind_rank(self, kind: str) -> int:
        """Where a node of ``kind`` whose ID tells no place stands in its law: a division
        first, the law's text (the law and any of the profile's levels), pieces, then
        commentary; anything else with the pieces."""
        return 1 if kind in self.law_text_kinds else _KIND_RANK.get(kind, 2)

    def _position(self, level: str, label: str | None) -> int:
        if not label:
            return 0
        alphabet = self.alphabets.get(level)
        ids_alphabet = {v: k for k, v in self.translit.items()}
        n = alphabet.position(ids_alphabet.get(label, label)) if alphabet else None
        return n if n is not None else 1 << 20

    def _id_pattern(self) -> re.Pattern:
        law = self.formats.get("law", "{law}")
        out = re.escape(law).replace(re.escape("{law}"), r"(?P<law>\d+)")
        for level in self.levels:
            alphabet = self.alphabets.get(level, Alphabet(("digits",)))
            alts = []
            for kind in alphabet.kinds:
                if kind == "digits":
                    alts.append(r"\d+")
                elif kind == "roman":
                    alts.append("[ivxlc]+")
                else:
                    letters = "".join(dict.fromkeys(self.translit.get(c, c) for c in kind))
                    alts.append(f"[{re.escape(letters)}]+" if any(len(self.translit.get(c, c)) > 1 for c in kind)
                                else f"[{re.escape(letters)}]")
            fmt = re.escape(self.formats.get(level, "{label}"))
            out += "(?:" + fmt.replace(re.escape("{label}"), f"(?P<{level}>{'|'.join(alts)})") + ")?"
        return re.compile(f"^{out}$")

    @staticmethod
    def _template_pattern(template: str, **parts: str) -> re.Pattern:
        out = re.escape(template)
        for name, pattern in parts.items():
            out = out.replace(re.escape("{" + name + "}"), f"(?P<{name}>{pattern})")
        return re.compile(f"^{out}$")


@dataclass(frozen=True)
class CommentaryForms:
    """The commentary's line patterns in one language (``Grammar.commentary_forms``)."""

    paragraph: re.Pattern  # "47.8. Текст", "77.3.(iii) текст": groups law, para, item, text
    item: re.Pattern  # "(ii) текст" at a paragraph's start: groups item, text
    heading: re.Pattern  # "Правило 48. ОТКРЫТИЕ КАРТ": groups law, title
    heading_more: re.Pattern  # "ПОЛОЖЕНИЕ НА СТОЛЕ": the heading's title goes on
    definitions: re.Pattern  # "ОПРЕДЕЛЕНИЯ": group title
    item_letters: tuple[str, str] = ("", "")  # a letter label of the language -> the ID's letter, by position

    def item_label(self, label: str) -> str:
        """An item's label as its ID writes it: a letter of the language's own alphabet by
        its place (``б`` is the second item: ``b``), digits and Latin as printed.

        >>> f = CommentaryForms(*[re.compile("")] * 5, item_letters=("абв", "abc"))
        >>> f.item_label("б"), f.item_label("ii"), f.item_label("2")
        ('b', 'ii', '2')
        """
        return label.translate(str.maketrans(*self.item_letters)) if self.item_letters[0] else label

    def item_follows(self, before: str | None, label: str) -> bool:
        """Whether item ``label`` can open a sub-paragraph after item ``before`` (None: no
        item yet in the paragraph): the next label of its series (``(b)`` after ``(a)``,
        ``(ii)`` after ``(i)``, ``2)`` after ``1)``), or a series' first label.

        >>> f = CommentaryForms(*[re.compile("")] * 5, item_letters=("абв", "abc"))
        >>> [f.item_follows(*x) for x in [("a", "b"), ("i", "ii"), ("а", "б"), ("1", "2"), (None, "a"), ("a", "d"), (None, "c")]]
        [True, True, True, True, True, False, False]
        """
        now = _item_values(self.item_label(label))
        if before is None:
            return 1 in now.values()
        was = _item_values(self.item_label(before))
        return any(kind in was and value == was[kind] + 1 for kind, value in now.items())


def _item_values(label: str) -> dict[str, int]:
    """A label's place in each series it can belong to: ``{"letter": 9, "roman": 1}`` for ``i``."""
    out: dict[str, int] = {}
    if label.isdigit():
        out["number"] = int(label)
    elif len(label) == 1 and "a" <= label.lower() <= "z":
        out["letter"] = ord(label.lower()) - ord("a") + 1
    if label.lower() in ROMAN:
        out["roman"] = ROMAN.index(label.lower()) + 1
    return out


def _js_escape(text: str) -> str:
    """Literal text in a pattern Python and JavaScript (flag ``u``) read alike: only the
    syntax characters escaped (``re.escape`` escapes more, which ``u`` forbids)."""
    return "".join("\\" + c if c in "^$\\.*+?()[]{}|/" else c for c in text)


def _class_escape(c: str) -> str:
    """One character inside a character class, for Python and JavaScript alike."""
    return "\\" + c if c in "\\]^-[" else c


# a bracket closing before a label glued to it: the ")" of 2(1)2 (IdRules.anchor; engine.js alike)
GLUED_AFTER_BRACKET = re.compile(r"\)(?=[A-Za-z0-9])")
NAME_CHARS = re.compile(r"[^\W\d][\w.-]*")
NAME_OTHER = re.compile(r"[^\w.-]")
_KIND_RANK = {"division": 0, "piece": 2, "commentary": 3}  # the law text's kinds: IdRules.law_text_kinds


# a line that stops where no sentence ends: on a letter or digit, maybe with a comma after it
OPEN_END = re.compile(r"[^\W_],?$")

# the groups each commentary line pattern ([grammar.commentary.<lang>]) must hold, its
# placeholders {law}, {para}, {item} filled in: what ``commentary_forms``' readers take
COMMENTARY_GROUPS = {"paragraph": {"law", "para", "text"}, "item": {"item", "text"}, "heading": {"law", "title"},
                     "heading_more": set(), "definitions": {"title"}}

# Lower-case words (after the first) a title may hold: titles capitalise their words or are
# short ("Claim Defined", "Procedure Following an Exposed Card"); a sentence is neither.
PROSE_LOWER_WORDS = 4
# Words of a line that is only the tail of a wrapped sentence citing a level ("Section 2.2.",
# "Article 3 applies."): a reference, a verb or two and the stop
REFERENCE_TAIL_WORDS = 4


@dataclass
class Layout:
    """How one layout prints each level's heading, and how its lines are read."""

    name: str
    lang: str | None
    cleaning: tuple[str, ...]
    wrapping: str  # "headings" | "sentences"
    levels: tuple[str, ...]
    patterns: list[tuple[str, re.Pattern]]
    divisions: list[DivisionWord]
    joining_words: frozenset[str]
    ids: IdRules
    lists: bool = False
    bullets: str = ""
    stream: bool = True  # files are cuts of one stream of pages (text before a law heading ends the law before)
    examples: dict[str, str] = field(default_factory=dict)
    placeholder: str = "X"  # a letter a title of this layout may start with (reading a heading whose title is lost)
    note_marks: tuple[str, ...] = NOTE_MARKS  # footnote marks printed bare ("table.*" / "* text"); () forbids
    # a label letter of the text's own alphabet -> the ID's letter of its place (``label_letters``:
    # «(б)» is the second sub-clause, (b)), for the levels whose alphabet holds those letters
    label_letters: tuple[str, str] = ("", "")
    see_words: tuple[str, ...] = ()  # the language's citation words before a reference ("see", «см.»)
    cite_words: tuple[str, ...] = ()  # the words the language cites a level by ("Section", «раздел»)
    # the level headings whose title must start with a capital ({Title}), read with any title:
    # a line so is that level only where the line before ends a clause (``read``: «заявки:»)
    lower_patterns: tuple = ()
    # a level's series printed in the shape of the level above's headings (``Grammar._compile``):
    # (kind, pattern, the series' alphabet), read like ``lower_patterns`` after the series' last label
    series_patterns: tuple = ()
    # word endings no title ends with (``[grammar.joining_endings]``: a possessive, "Dummy's" / "Rights")
    joining_endings: tuple[str, ...] = ()

    def classify(self, text: str) -> Classified:
        """What a cleaned line is in this layout.

        ``kind`` is footer, footnote, division, law, a level (section …), ``bullet`` (a
        list item of a list layout: ``label`` the bullet, ``extra`` the rest), text or
        empty. A heading with no title has ``title`` None and its sentence in ``extra``.
        """
        s = text.strip()
        if not s:
            return Classified("empty")
        if m := FOOTER.match(s):
            if not m["rest"]:
                return Classified("footer", label=m["page"])
        if m := FOOTNOTE_BODY.match(s):
            return Classified("footnote", extra=m["symbol"], title=m["text"])
        if self.lists and s[0] in self.bullets and s[1:2] in (" ", "\t"):
            return Classified("bullet", label=s[0], extra=s[1:].strip())
        if self.note_marks and (m := bare_note_patterns(self.note_marks)[0].match(s)):
            # a bare mark's body ("* text"): ``read`` keeps it a footnote where its mark stands before it
            return Classified("footnote", label=m["symbol"], extra=m["symbol"], title=m["text"])
        for kind, pattern in self.patterns:
            m = pattern.match(s)
            if not m:
                continue
            title = m.groupdict().get("title")
            if kind == "division" and _roman_value(m["numeral"]) >= IMPLAUSIBLE_DIVISION:
                continue  # «Раздел C. Порядок»: a section named by its word, no hundredth division
            if kind == "division":
                slug = next((d.slug for d in self.divisions if d.word.match(m["division"])), None)
                return Classified("division", label=m["numeral"], title=title or "", extra=slug)
            if kind == "law":
                return Classified("law", label=m["law"], title=title or None)
            label, other = self.label_of(kind, m["label"])
            within = m.groupdict().get("within")
            if within is not None:
                within = self.ids.label(self.levels[self.levels.index(kind) - 1], within)
            if self.is_sentence(title):
                return Classified(kind, label=label, title=None, extra=title, within=within, other=other)
            return Classified(kind, label=label, title=title, within=within, other=other)
        return self._bare_law(s)

    def label_of(self, level: str, printed: str) -> tuple[str, str | None]:
        """A printed label as the ID writes it, and its other reading or None: a letter of the
        layout's own alphabet (``label_letters``) is the ID's letter of its place («(б)» → b,
        «(в)» → c); one that is also a look-alike of an ID letter reads both ways («(е)»: e as
        typed, f by its place), the look-alike first -- the sequence decides (the builder)."""
        label = self.ids.label(level, printed)
        native, ids_letters = self.label_letters
        if not native or printed.lower() not in native:
            return label, None
        alphabet = self.ids.alphabet(level) if level in self.ids.alphabets else None
        placed = ids_letters[native.index(printed.lower())]
        if alphabet is None or not alphabet.holds_letter(placed):
            return label, None
        if alphabet.position(label) is None:
            return placed, None
        return label, (placed if placed != label else None)

    def _bare_law(self, s: str) -> Classified:
        """A law heading whose title is lost («Правило 4.», «Правило 4»): the line with its
        separator dropped reads as the layout's law heading once any title follows it, and
        nothing of it is title. Its title is None (the contents may fill it)."""
        base = s.rstrip(" .:-–—")
        if not base[-1:].isdigit():
            return Classified("text")
        for kind, pattern in self.patterns:
            if kind != "law":
                continue
            for sep in (". ", " - ", " "):
                m = pattern.match(base + sep + self.placeholder)
                if m and m.end("law") == len(base) and m.groupdict().get("title") == self.placeholder:
                    return Classified("law", label=m["law"], title=None)
        return Classified("text")

    def bare_heading(self, text: str) -> bool:
        """Whether ``text`` is a law heading with no title (its title lost, or printed on the next line)."""
        c = self.classify(text)
        return c.kind == "law" and not c.title

    def is_sentence(self, title: str | None) -> bool:
        """Whether the words after a label are a sentence (its text) rather than a title."""
        # a bare footnote mark after the stop ("… on the table.*") ends the sentence all the same
        bare = bare_note_patterns(self.note_marks)[1] if title and self.note_marks else None
        ended = bare.sub("", title.rstrip()) if bare is not None and bare.search(title.rstrip()) else title
        return bool(title) and (bool(SENTENCE_END.search(ended)) or title[:1].islower()
                                or self.wrapping == "sentences" and self.reads_as_prose(title))

    @staticmethod
    def reads_as_prose(title: str | None) -> bool:
        """Whether a level heading's "title" is a sentence, not a title: a clause of it ends on
        a comma and more than ``PROSE_LOWER_WORDS`` of its words after the first are in lower
        case (``2.1.2 The committee decides on an application within one month, as``; not ``2.1
        Admission``, ``A. Procedure Following an Exposed Card`` nor ``A. Заявка, видимая
        партнёру``). In a hard-wrapped text such a line goes on while its sentence is open,
        whatever the next line starts with.

        >>> Layout.reads_as_prose("Each member has one vote, cast in person at the")
        True
        >>> Layout.reads_as_prose("Claim or Concession of Tricks, Defined")
        False
        """
        if not title:
            return False
        lower = sum(1 for w in title.split()[1:] if w[:1].islower())
        return "," in title and lower > PROSE_LOWER_WORDS

    @property
    def law_word_capitals(self) -> bool:
        """Whether the layout prints its law word in capitals (``LAW 50 - …``), by the
        letters before the number of its law example (``examples.law``)."""
        example = self.examples.get("law", "")
        word = "".join(ch for ch in re.split(r"\d", example, maxsplit=1)[0] if ch.isalpha())
        return len(word) > 1 and word.isupper()

    def wrapped_law_line(self, before: str, c: Classified, text: str, last_law: int | None = None) -> bool:
        """Whether a line read as a law heading is the next line of a hard-wrapped sentence
        that cites the law (``… as described in`` / ``Law 31 for bids.``), not a heading.
        The line before must leave its sentence open (it ends on a word or a comma, no stop),
        (or on a ``see`` word of the language's citations: ``… (см.`` / ``Правило 16.``), and
        one more thing must say so: the "title" reads as the sentence's continuation (it
        starts in lower case, or ends a sentence and is not in capitals), the layout prints
        its law word in capitals and this line does not, or the line has no title and the
        line before stops on a joining word or the number runs back (``last_law``: the last
        law heading before it in the file)."""
        before = before.rstrip()
        cites = self._ends_on_see(before)
        if c.kind != "law" or not (cites or OPEN_END.search(before)):
            return False
        title = (c.title or "").strip()
        if title[:1].islower() or SENTENCE_END.search(title) and not title.isupper():
            return True
        word = text.strip()[: text.strip().find(c.label)] if c.label in text else ""
        if self.law_word_capitals and any(ch.isalpha() for ch in word) and not word.isupper():
            return True
        if title:
            return False
        return cites or self.open_title(before) or (last_law is not None and c.label.isdigit() and int(c.label) <= last_law)

    def leaves_sentence_open(self, text: str) -> bool:
        """Whether a line of running text stops where no sentence ends: on a word or a comma,
        or on a ``see`` word (``… (см.``); the cheap first test of ``wrapped_law_line``."""
        text = text.rstrip()
        return bool(OPEN_END.search(text)) or self._ends_on_see(text)

    def _ends_on_see(self, text: str) -> bool:
        return any(text.endswith(w) and not text[-len(w) - 1:-len(w)].isalnum() for w in self.see_words)

    def open_sentence_title(self, title: str | None) -> bool:
        """Whether a level heading's "title" is a sentence left open, not a title: it is not
        in capitals, stops on no stop (``leaves_sentence_open``) and ends on a joining word,
        a comma or a word in lower case, where a title ends on a capital's word, or more than
        ``PROSE_LOWER_WORDS`` of its words after the first are in lower case
        (``2. A revoking player may correct it before``, ``2. A player may correct it with the
        consent of the Director``; not ``B. Correcting a Revoke``, ``A. REVOKE BECOMES
        ESTABLISHED``, ``C. Procedure after Establishment of a Revoke``)."""
        title = (title or "").strip()
        if not title or title.isupper() or not self.leaves_sentence_open(title):
            return False
        words = title.split()
        last = words[-1].rstrip(",")
        # a sentence's words are mostly in lower case, whatever its last one (``… the consent of
        # the Director`` / ``Law 63 makes it established.``); a title's are capitalised or few
        prose = sum(1 for w in words[1:] if w[:1].islower()) > PROSE_LOWER_WORDS
        return title.endswith(",") or self.open_title(title) or last[:1].islower() or prose

    @staticmethod
    def sentence_left_open(title: str | None) -> bool:
        """Whether a level heading's "title" is a sentence stopped by a wrap, not a title, with
        no joining words to tell: not in capitals, no stop at its end, its last word in lower
        case and more than ``PROSE_LOWER_WORDS`` of its words after the first in lower case
        (``2.1.1 The warden chairs every meeting and may appoint a deputy under``; not
        ``3.2 Late payment``, ``A. Procedure after Establishment of a Revoke``).

        >>> Layout.sentence_left_open("The warden chairs every meeting and may appoint a deputy under")
        True
        >>> Layout.sentence_left_open("Procedure after Establishment of a Revoke")
        False
        """
        title = (title or "").strip()
        if not title or title.isupper() or not OPEN_END.search(title):
            return False
        words = title.split()
        lower = sum(1 for w in words[1:] if w[:1].islower())
        return words[-1][:1].islower() and lower > PROSE_LOWER_WORDS

    def reference_line(self, text: str) -> bool:
        """Whether a line is a short reference that ends a sentence, the tail of a wrapped one:
        a word the language cites a level by (``cite_words``, from the profile's
        ``[citations.<lang>.levels]``), a label with a digit, at most ``REFERENCE_TAIL_WORDS``
        words in all and a stop at the end (``Section 2.2.``, ``Article 3 applies.``)."""
        words = text.split()
        if not self.cite_words or not 2 <= len(words) <= REFERENCE_TAIL_WORDS or not SENTENCE_END.search(text.rstrip()):
            return False
        cited = words[0].lower() in {w.lower() for w in self.cite_words}
        return cited and any(ch.isdigit() for ch in words[1])

    def open_title(self, text: str | None) -> bool:
        """Whether a line stops where no title or sentence ends: on a comma, on a word
        that joins (``… AND OF THE``, ``… торговли,``, ``… a score under``) or on a word
        ending as none ends a title (``Law 42 - Dummy's``: a possessive wants its noun)."""
        words = (text or "").split()
        return bool(words) and (words[-1].endswith(",") or words[-1].lower() in self.joining_words
                                or words[-1].lower().endswith(self.joining_endings) and bool(self.joining_endings))

    def lower_case_level(self, text: str) -> Classified | None:
        """A level's heading whose title starts in lower case where the layout wants a capital
        («(a) первое напоминание бесплатно;»): what it would be, else None."""
        s = text.strip()
        for kind, pattern in self.lower_patterns:
            if (m := pattern.match(s)) and m["title"][:1].islower():
                label, other = self.label_of(kind, m["label"])
                return Classified(kind, label=label, title=None, extra=m["title"], other=other)
        return None

    def _lower_case_levels(self, lines: list, out: list[Classified]) -> list[Classified]:
        """A line read as text that is a level's heading but for its lower-case first word is
        that level where the line before it ends a clause -- with a colon, a semicolon or a
        stop («2. Игроку могут напомнить заявки:» then «(a) первое …;», «(b) второе …»), as
        a capital's would be; else it stays text (a sentence the break cut before «(a) выше»)."""
        if not self.lower_patterns:
            return out
        before = ""
        heading: Classified | None = None  # the line before, where it is a level's heading
        level: Classified | None = None  # the last line read as a level's heading
        for i, (line, c) in enumerate(zip(lines, out)):
            if c.kind == "text" and (lower := self.lower_case_level(line.text)) is not None \
                    and (before[-1:] in (":", ";", ".") or self._first_under_title(heading, lower)):
                out[i] = lower
            elif c.kind == "text" and before[-1:] in (":", ";", ".") and level is not None \
                    and (lower := self._series_next(line.text, level)) is not None:
                out[i] = lower  # «(ii) …» after «(i) …;», printed as the level above's headings are
            if c.kind != "empty":
                before = line.text.rstrip()
                heading = out[i] if out[i].kind in self.levels else None
                level = heading or level
        return out

    def _series_next(self, text: str, last: Classified) -> Classified | None:
        """A lower-case line in the shape of the level above's headings whose label is the
        next of a series of its level that may stand where the level above's labels do
        (``series_patterns``: «(ii) если …» after «(i) если …;», the first of them read as
        a letter or a numeral by its sequence): that level, else None."""
        s = text.strip()
        for kind, pattern, series in self.series_patterns:
            m = pattern.match(s)
            if not m or not m["title"][:1].islower():
                continue
            n = series.position(m["label"].lower())
            if n is not None and (p := series.position(str(last.label or "").lower())) is not None and n > p:
                label, other = self.label_of(kind, m["label"])
                return Classified(kind, label=label, title=None, extra=m["title"], other=other)
        return None

    def _first_under_title(self, heading: Classified | None, lower: Classified) -> bool:
        """Whether a lower-case level's line is the first child of a title-only heading right
        above it («2. Повторная пересадка» then «(a) при повторной …»): the heading is of the
        level right above, its words are a name (no sentence, none the page cut: no comma or
        semicolon, few words, no joining word at the end) and the label is its alphabet's
        first -- the same layout with a capital, or in a layout that takes lower case, reads so."""
        from .placement import unfinished_clause  # placement reads pages, which read sources, which read us

        if heading is None or not heading.title or heading.extra or lower.kind not in self.levels:
            return False
        idx = self.levels.index(lower.kind)
        if idx == 0 or self.levels[idx - 1] != heading.kind:
            return False
        title = heading.title.strip()
        if unfinished_clause(title) or self.open_title(title) or self.sentence_left_open(title):
            return False
        return self.ids.alphabet(lower.kind).position(lower.label or "") == 1

    def read(self, lines: list, indents: dict[int, int] | None = None, carried: tuple[str, ...] = (),
             through: int = 0) -> list[Classified]:
        """Classify a piece's lines in order. In a list layout a bullet becomes the level
        its bullet and indentation give, labelled by its position among its siblings.
        ``carried``: the bare marks the page before left unanswered (``open_marks``), which
        a body at this page's top, before any text, answers (a note set below the footer);
        ``through``: the lines at the top that finish the page before's sentence
        (``finishing``), after which such a body still answers them."""
        if not self.lists:
            return self._bare_notes(lines, self._lower_case_levels(lines, [self.classify(line.text) for line in lines]),
                                    carried, through)
        out: list[Classified] = []
        stack: list[tuple[int, str]] = []  # (indentation, bullet) of each open level
        counts: list[int] = []
        below = 0  # the level the lists start at: below the last heading read (0 under a law)
        items: list[tuple[int, int]] = []  # each list item read: its place in ``out``, its level
        for line in lines:
            c = self.classify(line.text)
            if c.kind in ("law", "division"):
                stack, counts, below = [], [], 0
            elif c.kind in self.levels:  # a level's own heading: its lists are the levels below it
                stack, counts, below = [], [], self.levels.index(c.kind) + 1
            if c.kind == "text" and stack and (indent := (indents or {}).get(line.first, 0)) < stack[-1][0]:
                # set less deep than the open items (a web page's paragraph after its </ol>): the
                # text of the item it stands in, or of the list's container (its heading, the law)
                inside = sum(1 for at, _ in stack if at < indent)
                depth = below + inside - 1
                c = ListText("text", of=self.levels[depth] if 0 <= depth < len(self.levels) else "law")
            if c.kind != "bullet":
                out.append(c)
                continue
            key = ((indents or {}).get(line.first, 0), c.label)
            if key in stack:
                depth = stack.index(key)
                del stack[depth + 1:], counts[depth + 1:]
                counts[depth] += 1
            else:
                while stack and stack[-1][0] > key[0]:
                    stack.pop(), counts.pop()
                stack.append(key)
                counts.append(1)
                depth = len(stack) - 1
            if below + depth >= len(self.levels):
                out.append(ListText("text", deeper=True))
                continue
            level = self.levels[below + depth]
            printed = PRINTED_LABEL.match(c.extra)
            rest = c.extra[printed.end():] if printed else c.extra
            label = self._list_label(level, printed, counts[depth])
            if self.is_sentence(rest) or not rest:
                out.append(Classified(level, label=label, title=None, extra=rest or None))
            else:
                out.append(Classified(level, label=label, title=rest))
            items.append((len(out) - 1, below + depth))
        self._lead_ins(out, items)
        return self._bare_notes(lines, out, carried, through)

    def _lead_ins(self, out: list[Classified], items: list[tuple[int, int]]) -> None:
        """A list item with no stop whose sentence its first sub-item goes on with ("One more
        trick is moved when the revoking side won a later trick" / "with the very card it
        revoked with;") is the opening of that sentence -- its text, not a title: the sub-item
        starts in lower case and the item holds more lower-case words than a title does
        (``PROSE_LOWER_WORDS``; "Offender to Play", «Неполное обозначение старшинства» stay
        titles). In place, in ``out``."""
        for (at, depth), (nxt, deeper) in zip(items, items[1:]):
            c, child = out[at], out[nxt]
            if deeper <= depth or not c.title or any(k.kind not in ("empty",) for k in out[at + 1:nxt]):
                continue
            opening = child.title or child.extra or ""
            lower = sum(1 for w in c.title.split()[1:] if w[:1].islower())
            if opening[:1].islower() and lower > PROSE_LOWER_WORDS:
                out[at] = replace(c, title=None, extra=c.title)

    def _bare_notes(self, lines: list, out: list[Classified], carried: tuple[str, ...] = (),
                    through: int = 0) -> list[Classified]:
        """A bare mark's body line (``* text``) is a footnote where a line of the piece before
        it bears that mark (``… on the table.*``), or, at the piece's top before any text
        (or right after the ``through`` lines that finish the page before's sentence), where
        the page before left that mark unanswered (``carried``); else it is text, as
        printed."""
        self._answer(lines, out, carried, through)
        return out

    def _answer(self, lines: list, out: list[Classified], carried: tuple[str, ...] = (),
                through: int = 0) -> dict[str, int]:
        """``_bare_notes``'s reading, in place; the marks still waiting for a body at the end."""
        if not self.note_marks:
            return {}
        marker = bare_note_patterns(self.note_marks)[1]
        waiting: dict[str, int] = {}  # marks not yet answered by a body
        top = dict.fromkeys(carried, 1)  # the page before's, answered only before this page's text
        for n, (line, c) in enumerate(zip(lines, out)):
            if c.kind == "footnote" and c.label is not None:
                if waiting.get(c.label, 0) > 0:
                    waiting[c.label] -= 1
                elif top.get(c.label, 0) > 0:
                    top[c.label] -= 1
                else:
                    out[n] = Classified("text")
            elif c.kind != "footnote":
                if c.kind != "empty" and n >= through:
                    top = {}
                for m in marker.finditer(line.text):
                    waiting[m["symbol"]] = waiting.get(m["symbol"], 0) + 1
        return waiting

    def open_marks(self, lines: list) -> tuple[str, ...]:
        """The bare marks (``… table.*``) of a piece that no body of it answers: a body set
        after its page's footer, at the next page's top, may (``read``'s ``carried``)."""
        if not self.note_marks:
            return ()
        waiting = self._answer(lines, [self.classify(line.text) for line in lines])
        return tuple(sorted(symbol for symbol, n in waiting.items() if n > 0))

    def finishing(self, before: list, lines: list) -> int:
        """How many lines at the top of a page finish the sentence its page before left
        open (``… может не применять пункт 1 и`` / footer / ``назначает пару …``): the page
        before stops on a line of its text that ends no sentence, this one starts in lower
        case; its text lines up to the one that ends the sentence. 0 where there is none."""
        last = next((line for line in reversed(before) if line.text.strip()), None)
        if last is None or self.classify(last.text).kind in ("law", "division", "footnote", "footer", "empty") \
                or SENTENCE_END.search(last.text.strip()):
            return 0
        started = False
        for n, line in enumerate(lines):
            text = line.text.strip()
            if not text:
                continue
            if self.classify(line.text).kind != "text" or not started and not text[0].islower():
                return n if started else 0
            started = True
            if SENTENCE_END.search(text):
                return n + 1
        return 0


    def _list_label(self, level: str, printed: re.Match | None, position: int) -> str:
        """A list item's label: the printed one where it is of the level's own alphabet
        ("* A." keeps the code's letter, so a gap shows: A, B, D), else its position
        (lists renumbered from 1: "- 1." at the section level is A, "в)" is the third)."""
        alphabet = self.ids.alphabet(level)
        if printed:
            label = self.ids.label(level, printed.group().strip(" .()"))
            if alphabet.position(label) is not None and any(k not in ("digits", "roman") for k in alphabet.kinds) \
                    or label.isdigit() and alphabet.kinds[0] == "digits":
                return self.ids.translit.get(label, label)
            if alphabet.position(label) == position:  # a level of numbers or numerals: "(ii)" its second, as printed
                return self.ids.translit.get(label, label)
            lower = self.levels[self.levels.index(level) + 1] if level in self.levels[:-1] else None
            below = self.ids.label(lower, printed.group().strip(" .()")) if lower else ""
            for kind in self.ids.alphabet(lower).kinds if lower else ():
                series = Alphabet((kind,))
                if series.position(below) == position and alphabet.position(series.at(1)) is not None:
                    # the level below's label at its place, of a series whose first label this
                    # level writes too ("(ii)" of an <ol type="i"> under a clause's item: roman,
                    # as "(i)" is): kept, for the builder to read the series by its sequence
                    return below
        label = alphabet.at(position)
        return self.ids.translit.get(label, label)


class Grammar:
    """A profile's grammar: its ID rules and its layouts."""

    def __init__(self, data: dict[str, Any], name: str = "profile"):
        self.name = name
        self.data = data
        grammar = data.get("grammar", {})
        self.ids = IdRules(data)
        self.levels = self.ids.levels
        self.strict_levels = bool(grammar.get("strict_levels", True))
        self.default_layouts: dict[str, str] = dict(grammar.get("default_layouts", {}))
        self._layouts: dict[tuple[str, str | None], Layout] = {}

    @classmethod
    def from_profile(cls, profile) -> "Grammar":
        return cls(profile.data, profile.name)

    def commentary(self, lang: str) -> tuple[re.Pattern, re.Pattern]:
        """The commentary's paragraph and heading patterns in ``lang`` (the profile's first
        language's where ``lang`` has none): ``47.8. Текст``, ``Правило 48. ОТКРЫТИЕ``."""
        forms = self.commentary_forms(lang)
        return forms.paragraph, forms.heading

    def commentary_forms(self, lang: str) -> "CommentaryForms":  # its keys' groups: COMMENTARY_GROUPS
        """All the commentary's line patterns in ``lang`` (``commentary`` gives the first two):
        a numbered paragraph, maybe an item (``77.3.(iii) текст``), an item alone (``(ii)
        текст``), a law heading, a line going on a heading's title, the definitions' heading."""
        tables = self.data.get("grammar", {}).get("commentary", {})
        table = tables.get(lang) or next(iter(tables.values()), {})
        item = table.get("item_label", "(?!)")
        # {sub}: an item of the item's own series printed with both ("21.2.(b)(ii)")
        values = {"{law}": r"(?P<law>\d+)", "{para}": r"(?P<para>\d+)", "{item}": f"(?P<item>{item})",
                  "{sub}": f"(?P<sub>{item})"}

        def compile_(key: str, whole: bool) -> re.Pattern:
            pattern = table.get(key, "(?!)")
            for k, v in values.items():
                pattern = pattern.replace(k, v)
            return re.compile(f"^{pattern}\\s*$" if whole else f"^{pattern}$")

        letters = table.get("item_letters", ["", ""])
        return CommentaryForms(compile_("paragraph", False), compile_("item", False), compile_("heading", True),
                               compile_("heading_more", True), compile_("definitions", True),
                               (letters[0], letters[1][:len(letters[0])]))

    @property
    def layout_names(self) -> list[str]:
        return list(self.data.get("layouts", {}))

    def layout_for(self, lang: str, name: str | None = None) -> Layout:
        """The layout ``name`` (a source's ``layout``), else the language's default."""
        return self.layout(name or self.default_layouts.get(lang) or next(iter(self.layout_names)), lang)

    def layout(self, name: str, lang: str | None = None) -> Layout:
        key = (name, lang)
        if key not in self._layouts:
            self._layouts[key] = self._compile(name, lang)
        return self._layouts[key]

    def _compile(self, name: str, lang: str | None) -> Layout:
        tables = self.data.get("layouts", {})
        if name not in tables:
            raise CorpusError(Problem("error", f"profile {self.name!r} has no layout {name!r} "
                                               f"(it has: {', '.join(tables) or 'none'})"))
        table = tables[name]
        lang = table.get("lang", lang)
        headings = dict(table.get("headings", {}))
        base_name = table.get("base", {}).get(lang) if isinstance(table.get("base"), dict) else table.get("base")
        if base_name:
            base = tables.get(base_name, {})
            inherited = base.get("headings", {})
            # a list layout takes every heading of its base: a line with no bullet that reads as a
            # level's heading (a web page's <h3>A. Title</h3>) is that level, and the lists after
            # it are the levels below it (``read``)
            headings = {**inherited, **headings}
            table = {"capitals": base.get("capitals", ""), "label_letters": base.get("label_letters", ["", ""]), **table}
        divisions = [d for d in self.ids.divisions if d.lang == lang]
        patterns = []
        for kind in ("division", "law", *self.levels):
            if kind in headings:
                patterns.append((kind, self._heading(headings[kind], kind, table, divisions)))
        # a level's heading may be printed with the word the text cites the level by
        # («Раздел A. Выход к столу»): read after every plain form, so a division keeps its own
        for kind in self.levels:
            words = self.level_words(lang, kind)
            if kind in headings and words:
                named = "(?:" + "|".join(map(re.escape, words)) + r")\s+" + headings[kind]
                patterns.append((kind, self._heading(named, kind, table, divisions)))
        lower = tuple((kind, self._heading(headings[kind].replace("{Title}", "{title}"), kind, table, divisions))
                      for kind in self.levels if "{Title}" in headings.get(kind, ""))
        # a level's series that stands where the level above's labels do (``skipping``: roman
        # items «(i)», «(ii)» under a sub-clause «(b) время выхода:») printed in the shape of the
        # level above's headings: its lower-case lines are that level where the line before
        # ends a clause, as the first of them («(i)», a letter as well) is by its sequence
        series_patterns: tuple = ()
        for above, kind in zip(self.levels, self.levels[1:]):
            series = self.ids.skipping(kind)
            if series and kind in self.ids.alphabets and "{Title}" in headings.get(above, ""):
                shape = headings[above].replace("{Title}", "{title}").replace(
                    "{label}", f"(?P<label>{Alphabet(tuple(series)).pattern()})")
                series_patterns += ((kind, self._heading(shape, kind, table, divisions), Alphabet(tuple(series))),)
        joining = self.data.get("grammar", {}).get("joining_words", {}).get(lang, [])
        return Layout(name, lang, tuple(table.get("cleaning", ())), table.get("wrapping", "sentences"),
                      self.levels, patterns, divisions, frozenset(joining), self.ids,
                      bool(table.get("lists", False)), table.get("bullets", ""), bool(table.get("stream", True)),
                      dict(table.get("examples", {})),
                      next((ch for ch in table.get("capitals", "") if ch.isalpha()), "X"),
                      tuple(table.get("note_marks", NOTE_MARKS)),
                      label_letters=tuple(table.get("label_letters", ("", ""))),
                      see_words=tuple(self.data.get("citations", {}).get(lang, {}).get("see", ())),
                      cite_words=self.cite_words(lang), lower_patterns=lower, series_patterns=series_patterns,
                      joining_endings=tuple(w.lower() for w in
                                            self.data.get("grammar", {}).get("joining_endings", {}).get(lang, [])))

    def cite_words(self, lang: str | None) -> tuple[str, ...]:
        """Every word the text of ``lang`` cites a level by (``[citations.<lang>.levels]``)."""
        levels = self.data.get("citations", {}).get(lang, {}).get("levels", []) if lang else []
        return tuple(sorted({w for level in levels for w in level.get("words", []) if w[:1].isalpha()}))

    def level_words(self, lang: str, kind: str) -> list[str]:
        """The words the text names a level by (the profile's ``[citations.<lang>.levels]``
        words of that level), each also with a capital, longest first: «раздел», «Раздел»."""
        words: set[str] = set()
        for level in self.data.get("citations", {}).get(lang, {}).get("levels", []):
            if level.get("level") == kind:
                for w in level.get("words", []):
                    if w[:1].isalpha():
                        words.update({w, w[:1].upper() + w[1:]})
        return sorted(words, key=len, reverse=True)

    def _heading(self, template: str, kind: str, table: dict, divisions: list[DivisionWord]) -> re.Pattern:
        capitals = table.get("capitals", "")
        words = "|".join(d.word.pattern[3:-2] for d in divisions) or "(?!)"
        # the layout's own label letters (``label_letters``), in either case, where the level's letters are theirs
        native, ids_letters = (table.get("label_letters") or ("", ""))[:2]
        own = "".join(c for c, t in zip(native, ids_letters)
                      if kind in self.ids.alphabets and self.ids.alphabets[kind].holds_letter(t))
        label = self.ids.alphabets[kind].pattern(self.ids.lookalike_chars + own + own.upper()) \
            if kind in self.ids.alphabets else ""
        # {within}: the label of the level above, printed before this one's ("1.1.(a)")
        above = self.ids.levels[self.ids.levels.index(kind) - 1] if kind in self.ids.levels[1:] else None
        within = self.ids.alphabets[above].pattern(self.ids.lookalike_chars) if above in self.ids.alphabets else "(?!)"
        values = {
            "{law}": r"(?P<law>\d+)",
            "{label}": f"(?P<label>{label})",
            "{within}": f"(?P<within>{within})",
            "{numeral}": r"(?P<numeral>[IVXLC]+|\d+)",
            "{division}": f"(?P<division>{words})",
            # "LAW 50 - TITLE", "LAW 50 TITLE", "LAW 50. TITLE", "LAW 50", and a dash with no
            # space around it before a title's letter ("LAW 73-COMMUNICATION")
            "{title?}": r"(?:(?:\s*[-–—.:]?\s+|\s*[-–—]\s*(?=[^\W\d_]))(?P<title>\S.*?)|\s*[-–—.:])?",
            "{Title}": f"(?P<title>[{capitals}].*?)",
            "{title}": r"(?P<title>\S.*?)",
        }
        out = template
        for key, value in values.items():
            out = out.replace(key, value)
        try:
            return re.compile(f"^{out}\\s*$")
        except re.error as e:
            raise CorpusError(Problem("error", f"profile {self.name!r}: the {kind} heading of a layout is not a "
                                               f"valid pattern ({e}): {template}")) from None


_COMPILED: dict[int, tuple[Any, Grammar]] = {}


def grammar_of(profile) -> Grammar:
    """A profile's compiled grammar, compiled once per profile object (the last few kept)."""
    if profile is None:
        return default_grammar()
    kept = _COMPILED.get(id(profile))
    if kept is not None and kept[0] is profile:
        return kept[1]
    from .profile import default_profile

    grammar = default_grammar() if profile is default_profile() else Grammar.from_profile(profile)
    if len(_COMPILED) >= 8:
        _COMPILED.pop(next(iter(_COMPILED)))
    _COMPILED[id(profile)] = (profile, grammar)
    return grammar


def law_text_kinds(profile=None) -> tuple[str, ...]:
    """The kinds of a law text's nodes, outermost first: the law, then the levels of
    ``profile``'s grammar (the active profile's when None) by its names."""
    return (active_grammar() if profile is None else grammar_of(profile)).ids.law_text_kinds


def active_grammar() -> Grammar:
    """The grammar of the active profile (``profile.active``): the corpus being worked on.
    Asked for by every ID a page links (``ids.rules``): the profile module is imported once,
    not at each call."""
    return grammar_of(_active_profile())
# a division numbered so high is a level's letter label read as a Roman numeral (L, C):
# no code has fifty divisions
IMPLAUSIBLE_DIVISION = 50
ROMAN_DIGITS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def _roman_value(numeral: str) -> int:
    """A Roman numeral's value (0 for digits: they are read as they stand).

    >>> _roman_value("XIV"), _roman_value("C"), _roman_value("12")
    (14, 100, 0)
    """
    if not numeral or not all(c in ROMAN_DIGITS for c in numeral):
        return 0
    values = [ROMAN_DIGITS[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


@lru_cache(maxsize=1)
def default_grammar() -> Grammar:
    """The default profile's grammar (the bridge laws'): what a caller with no corpus uses."""
    from .profile import load_profile

    return Grammar.from_profile(load_profile())
