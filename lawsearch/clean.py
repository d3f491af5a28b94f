"""Cleaning: raw lines → logical lines, with every repair named (damage catalogue 1–12).

Two kinds of rules, kept apart:

* **idempotent rules** -- ``SPLIT_RULES`` (one line → several) and ``LINE_RULES``
  (``str -> str``); running them twice changes nothing;
* **one-off reformatting** -- ``join_wrapped_lines`` for law text and
  ``join_commentary_lines`` for the commentary, which undo hard line breaks and so must
  run once, on the output of the idempotent rules.

``clean_lines`` runs them in order and records, per raw line, which rule changed it
(``lawsearch clean FILE --explain`` prints that). Every output ``Line`` keeps the raw
lines it came from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import furniture
from .grammar import Layout, default_grammar
from .model import Line
from .plausibility import lemmatizer_for
from .patterns import (
    CONTROL_CHARACTER, FOOTER, MISSING_SPACE_AFTER_COMMA, MISSING_SPACE_AFTER_DOT, PAGE_DIRECTIVE,
    PARAGRAPH_MARK, RULE_RUN, RUN_IN_HEADING, SPACED_QUESTION_AT_END, STARTS_LOWER,
    WORD, Classified,
)

ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")  # characters of no width (remove_zero_width)

# -- idempotent rules: one line in, several out ----------------------------------------


def split_at_rule_runs(text: str) -> list[str]:
    """A run of lost box-drawing characters was a title underline or a footnote rule: it
    ends a line (damage 1, 2, 8).

    ``"Правило 46. Неполное или ошибочное называние ????…??? карты стола"``
    → ``["Правило 46. Неполное или ошибочное называние", "карты стола"]``;
    ``"…второй картой во ????…? (*) - Но см. раздел C ниже."``
    → ``["…второй картой во", "(*) - Но см. раздел C ниже."]``
    """
    parts = [p.strip() for p in RULE_RUN.split(text)]
    return [p for p in parts if p] if len(parts) > 1 else [text]


def split_at_footer(text: str) -> list[str]:
    """A page footer at a line start ends the page; text after it on the same line is the
    beginning of another page (damage 4).

    ``"- 76 ло 57), есть штрафная карта…"`` → ``["- 76", "ло 57), есть штрафная карта…"]``
    """
    m = FOOTER.match(text)
    if m and m["rest"]:
        return [f"- {m['page']}", *split_at_footer(m["rest"])]  # an empty page: footer after footer
    return [text]


def split_run_in_headings(text: str) -> list[str]:
    """A heading run into the previous paragraph starts its own line (damage 5).

    ``"…старшинство этой карты. B.Неполное или ошибочное называние"``
    → ``["…старшинство этой карты.", "B.Неполное или ошибочное называние"]``
    """
    parts = RUN_IN_HEADING.split(text)
    return [p for p in parts if p] if len(parts) > 1 else [text]


# -- idempotent rules: str -> str -------------------------------------------------------


def replace_control_characters(text: str) -> str:
    """A control character, or another character XML cannot hold, becomes a space: a stray
    ``\\x01``, the DOS end of file ``\\x1a``, a form feed, a C1 control such as ``\\x85``,
    a lone surrogate, U+FFFF (issue 8, D8). DC4 (0x14) is not one of them: it marks the
    commentary's paragraph ends (``end_paragraph_at_marks``) and is reported as damage
    elsewhere.

    ``"Судья\\x01решает"`` → ``"Судья решает"``; ``"карта\\x0c"`` → ``"карта "`` (and then
    ``normalize_whitespace`` trims it).

    A space, not nothing: most of these stand where a separator was (form feed, vertical
    tab, the record separators, NEL), and if one stood inside a word, the split word it
    leaves is reported by ``check``'s split-word scan; two words glued into one would not be.
    """
    return CONTROL_CHARACTER.sub(" ", text)


def remove_zero_width(text: str) -> str:
    """Zero-width characters go: the zero-width space, the (non-)joiners, the word joiner and
    a byte-order mark inside the text (U+200B, U+200C, U+200D, U+2060, U+FEFF), which a web
    page or a word processor leaves inside words and which split a word for the index and
    the search (``"исто\u200bпник"`` → ``"истопник"``). They print as nothing, so nothing
    takes their place."""
    return ZERO_WIDTH.sub("", text)


def normalize_whitespace(text: str) -> str:
    """Tabs and no-break spaces become spaces; runs of spaces one; ends trimmed.

    ``"  Правило 51.\\tДве или более  штрафных карт "`` → ``"Правило 51. Две или более штрафных карт"``
    """
    return " ".join(text.replace("\u00a0", " ").split())


def attach_lost_question_mark(text: str) -> str:
    """A lone ``?`` after a space at a line end is the heading's own question mark (damage 1).

    ``"C.Старшая или младшая штрафная карта ?"`` → ``"C.Старшая или младшая штрафная карта?"``
    """
    return SPACED_QUESTION_AT_END.sub("?", text)


def add_missing_space(text: str) -> str:
    """A space after punctuation that lost it (damage 7); ``1,5`` and ``B.Title`` stay.

    ``"масть,так и старшинство"`` → ``"масть, так и старшинство"``;
    ``"иначе.Судье надлежит"`` → ``"иначе. Судье надлежит"``
    """
    text = MISSING_SPACE_AFTER_COMMA.sub(r"\1 ", text)
    return MISSING_SPACE_AFTER_DOT.sub(r"\1 ", text)


# A page number alone on its line, framed as printed pages frame it: dashes of any kind on
# both sides («– 41 –», «— 41 —», «- 41 -») or brackets («[41]»)
FRAMED_PAGE_NUMBER = re.compile(r"^\s*(?:[-‐‑‒–—―]\s*(?P<dashed>\d{1,4})\s*[-‐‑‒–—―]|\[\s*(?P<bracketed>\d{1,4})\s*\])\s*$")


def framed_page_numbers(text: str) -> str:
    """A framed page number is the page's footer, written as the book's own (``- 41``) so
    the pages stage reads it as one: no stray dash stays, no page is invented.

    ``"– 41 –"``, ``"— 41 —"``, ``"- 41 -"``, ``"[41]"`` → ``"- 41"``; ``"- 41"`` stays.
    """
    m = FRAMED_PAGE_NUMBER.match(text)
    return f"- {m['dashed'] or m['bracketed']}" if m else text


# Rewriting rules run first, so the splits see the final text (and a second pass has
# nothing left to split: the rules together are idempotent).
PRE_RULES: list[Callable[[str], str]] = [replace_control_characters, remove_zero_width, normalize_whitespace,
                                         framed_page_numbers, add_missing_space]
SPLIT_RULES: list[Callable[[str], list[str]]] = [split_at_rule_runs, split_at_footer, split_run_in_headings]
LINE_RULES: list[Callable[[str], str]] = [normalize_whitespace, attach_lost_question_mark]

# The commentary has no run-in headings; its numbered paragraphs ("47.8. Нелегально") would
# not match anyway, but its running text may ("… 2.Текст"), so the rule is left out there.
COMMENTARY_SPLIT_RULES = [split_at_rule_runs, split_at_footer]
# The split rules a layout may choose by name (its profile's "cleaning" list): run-in
# headings are the book's damage ("…карты. B.Неполное"); an English sentence may well go
# on "… Section A. The".
SPLIT_RULES_BY_NAME = {rule.__name__: rule for rule in SPLIT_RULES}


def heading_kinds(layout: Layout) -> tuple[str, ...]:
    """The kinds of a heading line in ``layout``: a division, a law and each of its
    profile's levels, whatever the profile calls them."""
    return ("division", "law", *layout.levels)


def headed(layout: Layout) -> tuple[str, ...]:
    """Kinds whose line may go on onto the next: a heading's title or a list item."""
    return (*heading_kinds(layout), "bullet")


@dataclass(frozen=True)
class Change:
    """A rule changed a raw line (``lawsearch clean --explain``)."""

    source: str
    line: int
    rule: str


def normalize_line(text: str, kind: str = "laws", lang: str | None = None, layout: Layout | None = None) -> list[str]:
    """All idempotent rules on one raw line: ``normalize_line(x)`` applied to each of its
    own outputs gives them back unchanged."""
    out, _ = _apply_idempotent(text, kind, layout or default_layout(lang))
    return out


def default_layout(lang: str | None = None) -> Layout:
    """The default profile's layout for a language (its first language's without one):
    what a caller with no corpus gets."""
    grammar = default_grammar()
    return grammar.layout_for(lang or next(iter(grammar.default_layouts)))


def split_rules(kind: str, layout: Layout) -> list[Callable[[str], list[str]]]:
    """The split rules of a source: the commentary's, or those its layout names."""
    if kind == "commentary":
        return COMMENTARY_SPLIT_RULES
    return [SPLIT_RULES_BY_NAME[name] for name in layout.cleaning if name in SPLIT_RULES_BY_NAME]


def _apply_idempotent(text: str, kind: str, layout: Layout) -> tuple[list[str], list[str]]:
    fired: list[str] = []
    for rule in PRE_RULES:
        new = rule(text)
        if new != text:
            fired.append(rule.__name__)
        text = new
    parts = [text]
    for rule in split_rules(kind, layout):
        new_parts = [q for p in parts for q in rule(p)]
        if new_parts != parts:
            fired.append(rule.__name__)
        parts = new_parts
    result = []
    for part in parts:
        for rule in LINE_RULES:
            new = rule(part)
            if new != part and rule.__name__ not in fired:
                fired.append(rule.__name__)
            part = new
        if part:
            result.append(part)
    return result, fired


# -- one-off reformatting ---------------------------------------------------------------

# A heading's title wraps onto a line or two (damage 6: "нака" / "зания", "…руке
# разыгрывающего или" / "болвана"); a lower-case line past these bounds is the heading's
# body that happens to start lower-case, not more title.
TITLE_WRAPS = 2  # continuation lines a heading takes at most
HEADING_LENGTH = 150  # characters of a heading line with its title; the code's longest is about 70
TITLE_WRAP_WORDS = 4  # a continuation ending a sentence with more words than this is prose
SENTENCE_END = re.compile(r"[.!;:]['\"”’»)]*$")


class _Joining:
    """A logical line being joined from raw lines. Its parts stay apart until it is whole,
    so joining n lines costs n, not n² (joining each to the text so far copied it).

    ``_Joining(Line("2.Ход принадлежит руке разыгрывающего или", "x", 14, 14), "ru")``
    then ``.add(Line("болвана", "x", 15, 15), " ")`` → ``"2.Ход … или болвана"``, lines 14–15.
    """

    def __init__(self, line: Line, layout: Layout | None, lang: str | None = None):
        self.lines = [line]
        self.parts = [line.text]
        self.length = len(line.text)
        self.starts = list(line.line_starts())
        self.layout = layout
        # the text's language (the source's): a word split by a wrap is joined by its lemmatizer
        self.languages = furniture.languages_of(lang or (layout.lang if layout else None))
        # the kind of a joined line is fixed by its start; None: a layout without headings
        self.head = layout.classify(line.text) if layout else Classified("text")
        self.wraps = 0

    @property
    def source(self) -> str:
        return self.lines[0].source

    @property
    def end(self) -> str:
        """The last part: the joined text ends as it does."""
        return self.parts[-1]

    def add(self, line: Line, separator: str = " ", extra_words: frozenset[str] | None = None) -> None:
        """Append ``line``; with ``extra_words``, a word split by the wrap is joined when the
        dictionary of the text's language says so (its lemmatizer's ``join_split_word``)."""
        if extra_words is not None:
            joined = _join_heading_wrap(self.parts[-1], line.text, extra_words, self.languages)
            self.length += len(joined) - len(self.parts[-1])
            self.parts[-1] = joined
        else:
            self.parts += [separator, line.text]
            self.length += len(separator) + len(line.text)
        offset = self.length - len(line.text)
        self.starts += [(offset + o, n) for o, n in line.line_starts()]
        self.lines.append(line)
        self.wraps += 1
        if self.layout and self.head.kind in headed(self.layout):  # a heading is short: cheap to look at again
            self.head = self.layout.classify("".join(self.parts))

    def line(self) -> Line:
        if len(self.lines) == 1:
            return self.lines[0]
        first, last = self.lines[0], self.lines[-1]
        return Line("".join(self.parts), first.source, first.first, last.last, tuple(self.starts))


def continues_title(joining: _Joining, line: Line) -> bool:
    """Whether a lower-case ``line`` after a heading continues its title (damage 6): at most
    ``TITLE_WRAPS`` lines, the heading within ``HEADING_LENGTH`` characters, and not a line
    of prose that ends a sentence.

    ``"C.Игра нарушившей стороны до утверждения нака"`` + ``"зания"`` → True;
    ``"A.Общая цель"`` + ``"игрок сыграл карту в масть партнёра и директор решает по правилу
    без наказания."`` → False: the section's body, starting lower-case.
    """
    if joining.wraps >= TITLE_WRAPS or joining.length + 1 + len(line.text) > HEADING_LENGTH:
        return False
    return not (SENTENCE_END.search(line.text) and len(line.text.split()) > TITLE_WRAP_WORDS)


def join_wrapped_lines(lines: list[Line], extra_words: frozenset[str] = frozenset(),
                       layout: Layout | None = None, lang: str | None = None) -> tuple[list[Line], list[Change]]:
    """Undo hard wraps in law text (damage 6): a line starting lower-case continues the line
    before it, unless that is a footer or a footnote (a new page or the page bottom), or a
    heading whose title is complete (``continues_title``).

    In a heading the split may fall inside a word; the halves are joined without a space
    when the dictionary of the text's language (``lang``, else the layout's) says so (its lemmatizer's ``join_split_word``;
    a language without one keeps the space):
    ``"B.Не тот вистующий сыграл картой после непра" + "вильного хода разыгрывающего"``
    → ``"B.Не тот вистующий сыграл картой после неправильного хода разыгрывающего"``;
    ``"2.Ход принадлежит руке разыгрывающего или" + "болвана"`` keeps the space.
    """
    layout = layout or default_layout()
    out: list[Line] = []
    changes: list[Change] = []
    joining: _Joining | None = None
    last_law: dict[str, int] = {}  # the last law heading of each file: a number running back is no heading
    held: list[Line] = []  # a page's footnotes standing inside the sentence being joined: put after it
    for i, line in enumerate(lines):
        if joining is not None and not held and _notes_inside_sentence(joining, lines, i, layout):
            held = _note_block(lines, i, layout)
        if any(line is h for h in held):
            changes.append(Change(line.source, line.first, "join_over_footnotes"))
            continue
        if line.text == "":  # a paragraph's end (a web page's table row): nothing runs over it
            if joining is not None:
                out.append(joining.line())
            out.extend(held)
            held, joining = [], None
            continue
        if joining is not None and joining.source == line.source and \
                (_joins(joining, line, layout) or _wraps_into_law(joining, line, layout, last_law.get(line.source))):
            prev_last = joining.lines[-1].last
            # only the book's headings lost hyphens: in a hard-wrapped text a wrap falls between words
            word_join = joining.head.kind in heading_kinds(layout) and layout.wrapping == "headings"
            joining.add(line, " ", extra_words if word_join else None)
            changes.extend(Change(line.source, n, "join_wrapped_lines") for n in sorted({prev_last, line.first}))
            continue
        if joining is not None:
            out.append(joining.line())
        out.extend(held)
        held = []
        joining = _Joining(line, layout, lang)
        if joining.head.kind == "law" and (joining.head.label or "").isdigit():
            last_law[line.source] = int(joining.head.label)
    if joining is not None:
        out.append(joining.line())
    out.extend(held)
    return out, changes


def _note_block(lines: list[Line], at: int, layout: Layout) -> list[Line]:
    """The footnote lines from ``lines[at]`` on (a page's foot: one note or several)."""
    block = []
    for line in lines[at:]:
        if layout.classify(line.text).kind != "footnote":
            break
        block.append(line)
    return block


def _notes_inside_sentence(joining: _Joining, lines: list[Line], at: int, layout: Layout) -> bool:
    """Whether ``lines[at]`` starts a block of footnotes standing inside the sentence being
    joined -- a page's foot between the halves of a sentence running over the page break
    (a PDF's or a converted book's): the text before them is running text left open (no
    stop at its end), each note is whole (ends as a sentence does: a note wrapped over lines
    goes on in its next line, which is no text of the page), and the line after them, in the
    same file, continues the sentence as a wrapped line would (``_joins``).

    ``"… истопник Евграф перед каждым"`` / ``"(*) - Номерки отливает кузнец Прокоп."`` /
    ``"вечерним турниром, протирая стёкла газетой."`` → True: the sentence is joined, the
    note put after it."""
    block = _note_block(lines, at, layout)
    if not block or joining.head.kind != "text" or SENTENCE_END.search(joining.end) \
            or re.search(r"[.!?…]['\"”’»)]*$", joining.end):
        return False
    if not all(re.search(r"[.!?…]['\"”’»)]*$", line.text) for line in block):
        return False
    after = at + len(block)
    if after >= len(lines) or lines[after].source != joining.source:
        return False
    return _joins(joining, lines[after], layout)


def _wraps_into_law(joining: _Joining, line: Line, layout: Layout, last_law: int | None) -> bool:
    """Whether ``line``, read alone as a law heading, is the next line of the sentence being
    joined (``… as described in`` / ``Law 31 for bids.``): the joined line is running text
    (or a level's sentence: a numbered clause with no title, or one whose "title" is a
    sentence left open, ``2. A player may correct it before`` / ``Law 63 makes it so.``)
    left open, and the line reads as its continuation (``Layout.wrapped_law_line``)."""
    head = joining.head
    if head.kind != "text" and not (head.kind in layout.levels
                                    and (head.title is None or layout.open_sentence_title(head.title))):
        return False
    if not layout.leaves_sentence_open(joining.end):
        return False  # most lines: read no further
    return layout.wrapped_law_line(joining.end, layout.classify(line.text), line.text, last_law)


def _joins(joining: _Joining, line: Line, layout: Layout) -> bool:
    """Whether ``line`` continues the logical line being joined."""
    if layout.wrapping == "sentences":
        # a hard-wrapped sentence, or "LAW 52" with its title on the next line
        return _continues(joining, line, layout)
    if (joining.head.kind in ("law", "division") and _capitals_go_on(joining.head.title, line.text)
            and layout.classify(line.text).kind == "text" and continues_title(joining, line)):
        return True  # a title in capitals wrapped in a narrow column: «Правило 40. ОБЯЗАННОСТИ» / «СЕКРЕТАРЯ»
    if not STARTS_LOWER.match(line.text):
        return False
    if joining.head.kind in heading_kinds(layout):
        # a title is short, unless it stops where no title can ("… открытой до", "… торговли,")
        return continues_title(joining, line) or layout.open_title(joining.end)
    return joining.head.kind == "text"


LIST_BULLET = re.compile(r"^\s*[•◦▪‣⁃]\s")  # a list item's bullet (never a letter, a number or a dash)


def _continues(joining: _Joining, line: Line, layout: Layout) -> bool:
    """In a hard-wrapped text: a line continues the one before when that one is running
    text not ending a sentence; a heading with no title yet (its title is on the next
    line); a heading or list item whose line goes on in lower case (or with no capital), or
    stops on a word no title ends with; a title in capitals going on in capitals."""
    before, here = joining.head, layout.classify(line.text)
    if here.kind != "text" or LIST_BULLET.match(line.text):
        return False  # a heading, or a list item set with its bullet (a web page's <li>): a line of its own
    ends = bool(re.search(r"[.!?:;]['\"”’»)]*$", joining.end))
    if before.kind in ("law", "division"):
        if not before.title:
            return True
        return (line.text[:1].islower() or layout.open_title(joining.end)
                or before.title.isupper() and line.text.isupper())
    if before.kind in headed(layout):
        return not ends and (not line.text[:1].isupper() or layout.open_title(joining.end)
                             or _capitals_go_on(before.title, line.text)
                             or layout.reads_as_prose(before.title or before.extra)
                             # a sentence stopped mid-way whose last words are a reference: "… under" / "Section 2.2."
                             or layout.sentence_left_open(before.title or before.extra)
                             and layout.reference_line(line.text))
    # a sentence going on past a semicolon ("… through (b);" / "see also Laws 12 and 13"): a
    # line in lower case after one continues it, as a lower-case line does in the book's layout
    return before.kind == "text" and (not ends or joining.end.rstrip()[-1:] == ";" and line.text[:1].islower())


def _capitals_go_on(title: str | None, text: str) -> bool:
    """A title in capitals goes on on a line in capitals (``A. CLAIM`` / ``MADE ALOUD``, a
    rule run having cut the line): running text is never printed so."""
    return bool(title) and title.isupper() and text.isupper() and len(text.split()) <= TITLE_WRAP_WORDS


def _join_heading_wrap(head: str, tail: str, extra_words: frozenset[str],
                       languages: tuple[str, ...] | None = None) -> str:
    left = list(WORD.finditer(head))
    right = WORD.match(tail)
    if left and right and left[-1].end() == len(head):
        lemmatizer = lemmatizer_for(left[-1].group() + right.group(), languages)
        word = lemmatizer.join_split_word(left[-1].group(), right.group(), extra_words) if lemmatizer else None
        if word is not None:
            return head[: left[-1].start()] + word + tail[right.end():]
    return f"{head} {tail}"


def item_series(forms, item: str | None, sub: str | None, label: str) -> tuple[str, str | None] | None:
    """Where an item labelled ``label`` stands after a paragraph's item ``item`` and that
    item's own series' last label ``sub`` (None: none yet): (its item, its label in the
    item's series or None), or None where it follows neither (a wrapped line's «(c)»). The
    next label of the inner series goes on with it, else the next of the paragraph's items;
    a series' first label after an item that it does not follow opens the item's own series
    (``41.2.(b)`` then ``а)``, ``(i)``): an item of the item.

    >>> from lawsearch.grammar import default_grammar
    >>> f = default_grammar().commentary_forms("ru")
    >>> item_series(f, "b", None, "а"), item_series(f, "b", "а", "б"), item_series(f, None, None, "а")
    (('b', 'а'), ('b', 'б'), ('а', None))
    >>> item_series(f, "a", None, "b"), item_series(f, "b", "ii", "c"), item_series(f, "b", None, "d")
    (('b', None), ('c', None), None)
    """
    if sub is not None and forms.item_follows(sub, label):
        return item, label
    if forms.item_follows(item, label):
        return label, None
    if item is not None and forms.item_follows(None, label):
        return item, label
    return None


def join_commentary_lines(lines: list[Line], lang: str | None = None, grammar=None,
                          extra_words: frozenset[str] = frozenset()) -> tuple[list[Line], list[Change]]:
    """Undo the commentary's hard wraps (damage 10): lines of one paragraph are joined with
    a space; a paragraph ends at a ``(DC4)`` mark (kept by the caller as an empty line) and
    at a page footer (kept as a line of its own), and a numbered paragraph (``47.9.``), a
    sub-paragraph next in its series (``(b)`` after ``47.9.(a)``, ``б)`` after ``а)``) or a
    heading (``Правило 48. ОТКРЫТИЕ…``, ``ОПРЕДЕЛЕНИЯ``) starts one -- unless the line before
    ends in a paragraph citation word (``… подсказано в п.`` / ``66.4. и лишь затем``: the
    reference's number, not a paragraph). A heading's title wrapped onto lines in capitals
    goes on there (``ОЧЕ`` / ``РЕДИ`` → ``ОЧЕРЕДИ`` where the dictionary says so).

    ``"которые вполне могли бы быть подсказаны этой информацией (см." + "Правило 16С2)."``
    → ``"которые вполне могли бы быть подсказаны этой информацией (см. Правило 16С2)."``
    """
    grammar = grammar or default_grammar()
    forms = grammar.commentary_forms(lang or "")
    cites = _paragraph_citation_end(grammar, lang or "")
    # an item of a series may end in a mark and the word that joins it to the next
    # («(a) … signed; or» / «(b) …»): the language's conjunctions (the profile's citations)
    conj = grammar.data.get("citations", {}).get(lang or "", {}).get("conjunctions", [])
    series_end = re.compile(r"[.,:;!?)]\s*$" + (rf"|[,;]\s*(?:{'|'.join(map(re.escape, conj))})\s*$" if conj else ""))
    out: list[Line] = []
    changes: list[Change] = []
    joining: _Joining | None = None
    last_item: str | None = None  # the current paragraph's last item label
    last_sub: str | None = None  # the last label of that item's own series («а)» under «41.2.(b)»)

    def is_heading(text: str) -> bool:
        return bool(forms.heading.match(text) or forms.definitions.match(text))

    for line in lines:
        if not line.text or FOOTER.fullmatch(line.text) and not FOOTER.match(line.text)["rest"]:
            if joining is not None:
                out.append(joining.line())
            joining = None
            if line.text:
                out.append(line)  # a page footer: the page ends here
            continue
        if joining is not None and is_heading(joining.parts[0]) and forms.heading_more.match(line.text) \
                and not forms.paragraph.match(line.text):
            joining.add(line, " ", extra_words)
            changes.append(Change(line.source, line.first, "join_commentary_lines"))
            continue
        cited = joining is not None and cites is not None and cites.search(joining.end)
        starts = not cited and (forms.paragraph.match(line.text) or is_heading(line.text))
        number = LIST_NUMBER.match(line.text)
        if not starts and not cited and number and joining is not None and SENTENCE_END.search(joining.end) \
                and (before := LIST_NUMBER.match(joining.parts[0])) and int(number[1]) == int(before[1]) + 1:
            # a numbered list's next entry («2. …» after the paragraph «1. …» ended its sentence):
            # a paragraph of its own (the definitions' commentary numbers its paragraphs so)
            starts = True
        if starts:
            para = forms.paragraph.match(line.text)
            last_item, last_sub = (para["item"], para.groupdict().get("sub")) if para else (None, None)
        elif not cited and (item := forms.item.match(line.text)) \
                and (series := item_series(forms, last_item, last_sub, item["item"])) is not None \
                and (joining is None or (re.search(r"[.:;!?]\s*$", joining.end)
                                         if (last_item if series[1] is None else last_sub) is None
                                         else series_end.search(joining.end))):
            # a sub-paragraph «(b) …», «(ii) …», «б) …», «2) …» next in its series after a
            # punctuation mark (a series' first: after a sentence or a colon) starts a
            # paragraph of its own; a wrapped line inside a sentence does not. So does the
            # first of a series under an item («41.2.(b) …:» then «а) …», «(i) …»)
            starts, (last_item, last_sub) = True, series
        # a heading stands alone: the next line starts a paragraph of its own
        if joining is not None and not starts and not is_heading(joining.parts[0]):
            joining.add(line)
            changes.append(Change(line.source, line.first, "join_commentary_lines"))
            continue
        if joining is not None:
            out.append(joining.line())
        joining = _Joining(line, None, lang)
    if joining is not None:
        out.append(joining.line())
    return out, changes


LIST_NUMBER = re.compile(r"^(\d{1,2})\.\s+(?=[^\W\d_])")  # «2. Нарушителем …»: a numbered list's entry


def _paragraph_citation_end(grammar, lang: str) -> re.Pattern | None:
    """A text ending in a citation word of an absolute level (the commentary's ``п.``,
    ``п.п.``, from the profile's ``[citations]``): the next line's number is cited."""
    table = grammar.data.get("citations", {}).get(lang, {})
    words = [w for lv in table.get("levels", []) if lv.get("absolute") for w in lv.get("words", [])]
    if not words:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\s*$",
                      re.IGNORECASE)


def end_paragraph_at_marks(text: str) -> list[str]:
    """The commentary's ``(DC4)`` ends a paragraph; it becomes an empty line.

    ``"Правило 16С2).(DC4)"`` → ``["Правило 16С2).", ""]``
    """
    parts = PARAGRAPH_MARK.split(text)
    if len(parts) == 1:
        return [text]
    out: list[str] = []
    for part in parts[:-1]:
        out.extend([part.strip(), ""])
    if parts[-1].strip():
        out.append(parts[-1].strip())
    return out


def drop_page_directives(text: str) -> list[str]:
    """``..page3`` is the word processor's page break, not text.

    ``"..page3"`` → ``[]``
    """
    return [] if PAGE_DIRECTIVE.match(text) else [text]


# -- the whole stage --------------------------------------------------------------------


@dataclass(frozen=True)
class Cleaned:
    lines: list[Line]
    changes: list[Change]
    feeds: frozenset[int] = frozenset()  # raw lines a form feed opened: a page begins there (pages.split_pieces)

    def rules_by_line(self) -> dict[int, list[str]]:
        by_line: dict[int, list[str]] = {}
        for c in self.changes:
            rules = by_line.setdefault(c.line, [])
            if c.rule not in rules:
                rules.append(c.rule)
        return by_line

    def counts(self) -> dict[str, int]:
        """How many raw lines each rule changed."""
        seen: dict[str, set[int]] = {}
        for c in self.changes:
            seen.setdefault(c.rule, set()).add(c.line)
        return {rule: len(lines) for rule, lines in sorted(seen.items())}


def _read_by_layout(text: str, layout: Layout | str) -> bool:
    """Whether the layout reads ``text`` as more than prose (a heading, the book's ``- 76``
    footer, the commentary's ``..page3``): a line repeated so is never furniture. ``layout``
    may be a language, read in the default profile's layout for it."""
    if isinstance(layout, str):
        layout = default_grammar().layout_for(layout)
    return bool(PAGE_DIRECTIVE.match(text)) or layout.classify(text).kind != "text"


def clean_lines(raw: Iterable[str], source: str, kind: str = "laws",
                extra_words: frozenset[str] = frozenset(), lang: str | None = None, layout: Layout | None = None,
                grammar=None, shared: frozenset[str] = frozenset(), dropped: frozenset[int] = frozenset(),
                curated: frozenset[int] = frozenset(), web: bool = False, content: frozenset[int] = frozenset()) -> Cleaned:
    """Clean the raw lines of one file (1-based line numbers) into logical lines.

    >>> [l.text for l in clean_lines(["- 76 ло 57), есть штрафная карта"], "000").lines]
    ['- 76', 'ло 57), есть штрафная карта']
    """
    if layout is None:
        grammar = grammar or default_grammar()
        layout = grammar.layout_for(lang or next(iter(grammar.default_layouts)))
    lines: list[Line] = []
    # furniture and damage of users' copies (lawsearch/furniture.py): lines emptied or mended
    heading: Callable[[str], bool] = lambda s: _read_by_layout(s, layout)  # noqa: E731
    if kind == "commentary":
        # the commentary's own numbered paragraphs, items and headings are its structure too
        # («21.2. A concession stands when:»): never a site's counter or a file's edge
        forms = (grammar or default_grammar()).commentary_forms(lang or layout.lang)
        heading = lambda s: _read_by_layout(s, layout) or any(  # noqa: E731
            f.match(s.strip()) for f in (forms.paragraph, forms.heading, forms.definitions))
    raw = list(raw)
    # the lines a form feed opens, before furniture empties any: a running head printed after
    # the feed («\fЧасть вторая») is furniture, but the page still begins there
    fed = {n for n, text in enumerate(raw, 1) if text.lstrip(" \t").startswith("\f")}
    # a web page's reader leaves an empty line only where a table row ends (formats.ROW_END):
    # a paragraph's end, which no wrapped line runs over (furniture emptied later is not)
    cell_ends = {n for n, text in enumerate(raw, 1) if text == ""} if web and kind != "commentary" else set()
    raw, found = furniture.prepare(raw, kind, lang or layout.lang, heading, shared, layout.bare_heading, web,
                                   content)
    changes: list[Change] = [Change(source, n, rule) for n, rule in found]
    # furniture a curation statement drops ([[drop]]): the whole line, or text from it
    changes += [Change(source, n, "curated_drop") for n in sorted(dropped | curated)]
    feeds: set[int] = set()
    for n, text in enumerate(raw, 1):
        if n in dropped:
            continue
        if kind == "laws" and (n in fed or "\f" in text and text.lstrip(" \t").startswith("\f")):
            # a form feed opening the line (or alone on it) ends the page before: a page
            # end, not a control character (README: pages end at form feeds)
            text = text.lstrip(" \t\f")
            feeds.add(n)
            changes.append(Change(source, n, "form_feed_page_end"))
        pre: list[str] = [text]
        if kind == "commentary":
            for rule in (drop_page_directives, end_paragraph_at_marks):
                new = [q for p in pre for q in rule(p)]
                if new != pre:
                    changes.append(Change(source, n, rule.__name__))
                pre = new
        for part in pre:
            if (kind == "commentary" or n in cell_ends) and part == "":
                lines.append(Line("", source, n, n))  # paragraph end
                continue
            out, fired = _apply_idempotent(part, kind, layout)
            changes.extend(Change(source, n, rule) for rule in fired)
            lines.extend(Line(t, source, n, n) for t in out)
    if kind == "commentary":
        joined, more = join_commentary_lines(lines, lang, grammar, extra_words)
    else:
        joined, more = join_wrapped_lines(lines, extra_words, layout, lang)
    joined, mended = furniture.repair_breaks(joined, extra_words, lang or layout.lang)
    joined, split = furniture.repair_spaced_words(joined, extra_words, lang or layout.lang)
    return Cleaned(joined, changes + more + [Change(*m) for m in mended + split], frozenset(feeds))
