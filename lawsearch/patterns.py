"""Every pattern the pipeline uses, compiled once (on first use), each with real examples
from the seeds.

Lines are classified here (`classify`) so that cleaning, page assembly and structure
agree on what a heading, a footer or a footnote is.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from .profile import default_profile


class Lazy:
    """A regular expression compiled on first use: ``Lazy(source, flags)`` answers as
    ``re.compile(source, flags)`` does (``search``, ``sub``, ``pattern``, …). A module of
    ~40 patterns compiled them all at import, ~15 ms of every cold ``lawsearch search``
    that uses a few. ``source`` may be a function giving it (a pattern made from profiles).
    After the first use the compiled pattern's methods are this object's own attributes,
    so a pattern used a million times costs what the compiled one does.

    >>> WORDS = Lazy(r"[a-z]+")
    >>> WORDS.findall("two words"), WORDS.pattern
    (['two', 'words'], '[a-z]+')
    """

    def __init__(self, source, flags: int = 0):
        self._source, self._flags = source, flags

    def compiled(self) -> re.Pattern:
        source = self._source() if callable(self._source) else self._source
        pattern = re.compile(source, self._flags)
        for name in dir(pattern):
            if not name.startswith("_"):
                self.__dict__[name] = getattr(pattern, name)
        self.__dict__["compiled"] = lambda: pattern
        return pattern

    def __getattr__(self, name: str):  # only for a name not yet among this object's own
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"Lazy({self._source!r})"

# The built-in profile's grammar (lawsearch/profiles/bridge/profile.toml): the patterns
# below are the default profile's; grammar.py compiles a corpus's own from its profile.
_GRAMMAR = default_profile().data.get("grammar", {})
# the ID alphabet's capitals typed in another script ([grammar.lookalikes], capitals only:
# a word's small letters stay its own): "С" of "16С2" stands for "C"
_CAPITAL_LOOKALIKES = [(a, b) for a, b in zip(_GRAMMAR.get("lookalikes", {}).get("from", ""),
                                              _GRAMMAR.get("lookalikes", {}).get("to", "")) if a.isupper()]
# Latin capitals and the capitals that look like them (damage item 11).
LATIN_OR_LOOKALIKE = "A-Z" + "".join(a for a, _ in _CAPITAL_LOOKALIKES)
# the letters of the text the cleaning steps repair ([grammar.letters]), as regex ranges
SCRIPT_UPPER = _GRAMMAR.get("letters", {}).get("upper", "A-Z")
SCRIPT_LOWER = _GRAMMAR.get("letters", {}).get("lower", "a-z")

# -- damage -----------------------------------------------------------------------------

# Lost box-drawing characters: runs of two or more "?" (also groups separated by single
# spaces, "?? ?? ??"), runs of "њ", intact box-drawing characters (U+2500-U+257F, the DOS
# originals' ─ ═ │), and underlines of "=" (three or more).
#   "Правило 46. Неполное или ошибочное называние ??????…??? карты стола"
#   "Раздел II - Другие запрещённые ходы или игра ============"
RULE_RUN = Lazy(
    r"""
    (?: \?{2,} (?:[ ]\?{2,})*        # ???????  or  ?? ?? ??
      | њ{2,} (?:[ ]њ{2,})*
      | [\u2500-\u257F]+ (?:[ ][\u2500-\u257F]+)*
      | ={3,}
    )
    """,
    re.VERBOSE,
)

# A page footer "- N" at a line start, possibly followed on the same line by the next
# piece's text:  "- 76 ло 57), есть штрафная карта…",  "- 84"
FOOTER = Lazy(r"^-[ \t]*(?P<page>\d{1,4})(?=[ \t]|$)[ \t]*(?P<rest>.*)$")

# A heading run into the previous paragraph: a sentence end, a space, then a heading label
# with no space after its dot and a capital after it.
#   "…старшинство этой карты. B.Неполное или ошибочное называние"
#   "…(см. правило 16A). E.Распоряжение старшей штрафной картой"
#   "…Показанный первый ход вне очереди A.Разыгрывающий выкладывает свою руку" (after a rule run)
RUN_IN_HEADING = Lazy(
    rf"""
    (?<=[.!?:;)»"\w])          # end of the previous sentence or title
    [ ]+
    (?=
      (?: [{LATIN_OR_LOOKALIKE}] | \d{{1,2}} | \([{LATIN_OR_LOOKALIKE}]\) | \(\d{{1,2}}\) )
      \.[{SCRIPT_UPPER}]
    )
    """,
    re.VERBOSE,
)

# Missing space after punctuation: "масть,так", "иначе.Судье", "масти;если", "(однако,он".
# A comma between digits is a decimal ("1,5") and stays; a dot after a Latin letter,
# a digit or ")" is a heading label ("B.Штрафная", "(A).Никто") and stays.
MISSING_SPACE_AFTER_COMMA = Lazy(rf"(?<=[{SCRIPT_LOWER}{SCRIPT_UPPER})])([,;:])(?=[{SCRIPT_LOWER}{SCRIPT_UPPER}])")
MISSING_SPACE_AFTER_DOT = Lazy(rf"(?<=[{SCRIPT_LOWER}]{{2}})([.!?])(?=[{SCRIPT_UPPER}])")

# A "?" that lost its place at the end of a heading: "C.Старшая или младшая штрафная карта ?"
SPACED_QUESTION_AT_END = Lazy(r"(?<=\w)[ \t]+\?$")

# The commentary's paragraph end: "(DC4)" spelled out, the control character 0x14 itself,
# or the pilcrow DOS code pages show for it.
PARAGRAPH_MARK = Lazy(r"\(DC4\)|\x14|¶")
# Control characters and the other characters XML 1.0 forbids: C0 controls but tab, line
# feed and carriage return; DEL and the C1 controls (U+007F-U+009F); lone surrogates;
# U+FFFE and U+FFFF. "Судья\x01решает", the DOS end of file "\x1a", "\x85" (NEL).
# DC4 (0x14) is left out: it is the commentary's paragraph mark (PARAGRAPH_MARK above).
CONTROL_CHARACTER = Lazy("[\x00-\x08\x0b\x0c\x0e-\x13\x15-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
# At an XML writer nothing may stay that XML cannot hold, DC4 included.
XML_FORBIDDEN = Lazy("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
# "..page3": a page-break directive of the commentary's word processor.
PAGE_DIRECTIVE = Lazy(r"^\s*\.\.page\d*\s*$")

# -- lines ------------------------------------------------------------------------------

# The headings of the law text -- divisions, laws, sections, clauses, sub-clauses, items --
# and of the commentary are the code's grammar: they are compiled from its profile
# (lawsearch/grammar.py; [grammar] and [layouts.*] of lawsearch/profiles/<name>/profile.toml).

# A footnote body at the page bottom, after its rule: "(*) - Но см. раздел C ниже."
FOOTNOTE_BODY = Lazy(r"^\((?P<symbol>\*+)\)\s*[-–—]\s*(?P<text>.*?)\s*$")
# A footnote marker in running text: "картой(*) после неправильного хода"
FOOTNOTE_MARKER = Lazy(r"\((?P<symbol>\*+)\)")
# Footnote marks printed bare: after the word or stop they annotate ("on the table.*") and
# before the note's body at the page bottom ("* The card may be blue."). A layout reads them
# unless it forbids them (its ``note_marks``: [] forbids; a list layout's bullets stay bullets).
# A superscript number («результатов¹» / «¹ Время …») is one too, where no page's number
# stands near its body to make it a signed note (furniture.signed_footnotes): a book without footers.
NOTE_MARKS = ("*", "**", "***", "†", "††", "‡") + tuple("¹²³⁴⁵⁶⁷⁸⁹")


@lru_cache(maxsize=16)
def bare_note_patterns(marks: tuple[str, ...]) -> tuple[re.Pattern, re.Pattern]:
    """The body line of a bare mark (``* text``) and the mark in running text (``table.*``,
    ``card†``: glued to what it annotates, no letter, digit or other mark after it)."""
    alternatives = "|".join(map(re.escape, sorted(marks, key=len, reverse=True)))
    chars = re.escape("".join(sorted({ch for mark in marks for ch in mark})))
    body = re.compile(rf"^(?P<symbol>{alternatives})\s+(?P<text>\S.*?)\s*$")
    marker = re.compile(rf"(?<=[^\s({chars}])(?P<symbol>{alternatives})(?![\w{chars}])")
    return body, marker


# How a reader of a marked-up format (lawsearch/formats.py) writes a note it found by its
# markup -- a note reference and the note's text -- in the book's own footnote form, so the
# tree attaches the note where its marker is (structure/footnotes.py pairs a page's markers
# and bodies of one symbol in order): the marker in place, the body after its paragraph.
NOTE_MARKER = "(*)"


def note_body(text: str) -> str:
    """The line a note's text becomes: ``(*) - text`` (``FOOTNOTE_BODY``)."""
    return f"{NOTE_MARKER} - {' '.join(text.split())}"


def with_marker(before: str) -> str:
    """Text up to a note reference with the marker appended where the reference stood,
    glued to the word before it as the book prints it (``картой(*)``)."""
    return before.rstrip() + NOTE_MARKER

# Inline labels of the 1987 code: "(НАКАЗАНИЕ)" -- upper-case words in parentheses.
INLINE_LABEL = Lazy(rf"\([{SCRIPT_UPPER}]{{4,}}(?:[ ][{SCRIPT_UPPER}]{{2,}})*\)")

STARTS_LOWER = Lazy(rf"^[{SCRIPT_LOWER}]")
WORD = Lazy(rf"[{SCRIPT_LOWER}{SCRIPT_UPPER}A-Za-z]+(?:-[{SCRIPT_LOWER}{SCRIPT_UPPER}]+)*")




@dataclass(frozen=True)
class Classified:
    kind: str  # footer | footnote | division | law | section | clause | subclause | item | bullet | text | empty
    label: str | None = None  # law number, section letter (Latin), clause number, …
    title: str | None = None  # None for a heading whose words are a sentence: then it is ``extra``
    extra: str | None = None  # division slug, footnote symbol, a heading's sentence, a bullet's text
    within: str | None = None  # the label of the level above printed with this one ("1.1.(a)": the clause's)
    # the label's other reading where its letter reads two ways: a look-alike of the ID's letter
    # or, by its place in the layout's own letters (``label_letters``), another one ("(е)": e or f)
    other: str | None = None


def classify(text: str, lang: str | None = None) -> Classified:
    """What a cleaned law-text line is, in the default profile's layout for ``lang``
    (lawsearch/grammar.py; a corpus reads its own profile's).

    >>> classify("B.Штрафная карта остаётся открытой").kind
    'section'
    >>> classify("- 84").label
    '84'
    >>> classify("LAW 50 - DISPOSITION OF PENALTY CARD", "en").label
    '50'
    """
    from .grammar import default_grammar  # the grammar module compiles its patterns from these

    return default_grammar().layout_for(lang or default_profile().languages[0]).classify(text)


_FOLD = str.maketrans(dict((ord(a), b) for a, b in _CAPITAL_LOOKALIKES))


def fold(label: str) -> str:
    """Cyrillic look-alike capitals to Latin: ``fold("С") == "C"``."""
    return label.translate(_FOLD)


# -- references -------------------------------------------------------------------------
#
# Citation forms are profile data (``[citations]`` of a profile.toml, docs/profiles.md,
# "Citations"); ``compile_citations`` turns one language's table into the patterns below,
# once per table. What each label kind looks like is the only thing written here:
#   law        "50E", "16С2" (a look-alike), "47E2(a)", "80C1(a)(2)". A law number has up to
#              four digits: the code's range bounds it, and a number outside that range is
#              not a reference ("Правила 1987 года"), whatever its length.
#              A number going on with ".2" is no law number (7.2 is a commentary paragraph).
#   section    "C", "B1(A)", "B2(a)", or "(A)": a sub-clause of the citing clause
#   number     "2", "12.1.3" (a statute's part or point, dotted when written whole)
#   letter     "а", "«б»" (a statute's sub-point)
#   paragraph  "54.1", "66.4.", "77.3.(iii)", "1.1(b)" (a commentary paragraph or its item;
#              a printed final dot belongs to the label: "п.п. 62.6. и 63.3.")

_LABEL = {
    # a code whose levels are printed in brackets goes on with them: "Rule 3(2)(a)(ii)"
    "law": r"\d{{1,4}}(?:[{caps}](?:\d{{1,2}})?(?:\([{small}]\))?(?:\((?:\d{{1,2}}|[ivxlc]{{1,5}})\))?)?{deeper}(?![\w]|\.\d)",
    # a section's label (B, B1(a)), a clause of the citing section with its sub-clause (1(a), 1.(a), 1. (a)), a sub-clause
    "section": r"(?:[{caps}](?:\d{{1,2}})?(?:\([{small}]\))?(?:\((?:\d{{1,2}}|[ivxlc]{{1,5}})\))?"
               r"|\d{{1,2}}(?:\.\s?)?\([{small}]\)(?:\((?:\d{{1,2}}|[ivxlc]{{1,5}})\))?|\([{small}]\))(?![\w])",
    # or one number in the table's quotes, both marks printed: "(2)" of "subrule (2) of rule 2"
    "number": r"(?:{quoted_number}\d{{1,4}}(?:\.\d{{1,4}})*{deeper})(?![\w])",
    # a letter standing alone, or in the table's quotes: never the last letter of a word ("and")
    # (a level the profile cites by letters though it is numbered: its number in the quotes)
    "letter": r"(?:{quoted_number}{quoted_roman}{open}(?<![\w])[{letters}]{close})(?![\w])",
    "paragraph": r"\d{{1,4}}\.\d{{1,2}}(?:\.?\((?:[ivxlc]+|[{small}])\)(?:\((?:[ivxlc]+|[{small}])\))?)?\.?(?![\w]|\.\d)",
    # a clause: its number in the citing section (1, 1(a)), or a whole ID down to a clause (20B2(a))
    "clause": r"(?:\d{{1,4}}[{caps}])?\d{{1,2}}(?:\([{small}]\))?(?:\((?:\d{{1,2}}|[ivxlc]{{1,5}})\))?(?![\w]|\.\d)",
}
LABEL_KINDS = frozenset(_LABEL)  # what a citation level's ``label`` may name
# the end of a range: "61-64", "статей 10–12", "пунктах 1–3"
_RANGE_END = r"\d{1,4}(?![\w])"
# the end of a range of sub-clauses, the label before it written whole: "20B2(a)-(c)", «A1(a)–(c)»
_SUB_END = r"\((?:[{small}]|\d{{1,2}}|[ivxlc]{{1,5}})\)(?![\w])"


@dataclass(frozen=True)
class CitationLevel:
    """One citable level of a code in one language, compiled (``compile_citations``)."""

    name: str
    rank: int  # 0 the outermost ("law", "article"); a reference names its containers after it
    label: str  # a key of _LABEL
    bare: bool  # the label may stand without a word ("see B", "A2 preceding")
    absolute: bool  # the label is a whole ID by itself ("п.54.1")
    head: re.Pattern | None  # word + a list or range of labels: "правила 12 и 13"
    container: re.Pattern | None  # one label of this level after a lower one: " правила 57"
    this: re.Pattern | None  # the citing node's own container: " данного правила"
    item: re.Pattern  # one label, to split a list
    range_end: re.Pattern | None = None  # a range's separator and its end label, right after a label: "-20B"
    # the citing node's own container named before a bare label: "this Law's " (searched on the text before)
    this_before: re.Pattern | None = None


@dataclass(frozen=True)
class Citations:
    """The citation forms of one code in one language, compiled from the profile's table."""

    levels: tuple[CitationLevel, ...]
    join: str  # how a label follows its container's in an ID: "" (57B) or "." (12.2)
    letters: dict[str, str]  # letter labels to Latin: {"в": "v"}
    lookalikes: dict[int, str]  # str.translate table of look-alike letters
    range: re.Pattern  # a range's separator and its end (group "end"), right after a label: "-64"
    see: re.Pattern | None  # "see " / "см. " right before a reference (search on the text before)
    after: re.Pattern | None  # " above" / " ниже" right after one
    bare: re.Pattern | None  # a list of labels with no word, for the levels that allow it
    half: re.Pattern | None  # the surviving tail of an outermost word at a cut page: "ло 57"
    # how a letter label follows its container in an ID: the grammar's format of the level
    # the letters are of ("({label})": 3.2.2(a); ".{label}": 11.3.a)
    letter_format: str = "{label}"
    quotes: str = ""  # the quote marks a letter or number label may stand in, none of the ID
    # how the outermost level below a law follows the law in an ID: ".{label}" (12.2) or, a
    # code printing its levels in brackets, "({label})" (3(2)); "{label}" where glued (57B)
    part_format: str = "{label}"
    joined: re.Pattern | None = None  # what joins two references of a list: ", ", " and ", ", or "
    bare_number: re.Pattern | None = None  # a clause's number alone before an "after" word: "1 above"
    earlier: re.Pattern | None = None  # an "after" word pointing back: " above", " выше"
    later: re.Pattern | None = None  # one pointing forward: " below", " ниже"
    sub: re.Pattern | None = None  # a bare sub-clause going on with a label's list: the "(b)" of "30A1(a) or (b)"
    # bare sub-clauses or numbers, then what holds them: "(a)-(c)" of "(a)-(c) of A1", "2 or 3" of "2 or 3 of Law 40A"
    held: re.Pattern | None = None
    of_bare: re.Pattern | None = None  # an "of" word and a bare level's label: " of A1", " из A1"
    conjunction: re.Pattern | None = None  # a list's word, spaced and whole, where it stands: " and", " или"
    of: re.Pattern | None = None  # an "of" word, spaced and whole, where it stands: " of"
    words: re.Pattern | None = None  # any level's citation word, whole, in any case: "Bylaws", "section"
    native_letters: dict[str, str] = field(default_factory=dict)  # a layout's own label letters: {"б": "b"}
    # the grammar's level each citable level of single labels names (``_id_levels``): a target
    # is built with that level's own ID format ("point 2 of Article 2(1)" → 2(1)2, 2(1).2)
    id_levels: dict[str, str] = field(default_factory=dict)


def _alternation(phrases) -> str:
    """Phrases longest first, any white space between their words: ``"данного правила"`` →
    ``данного\\s+правила``."""
    return "|".join(r"\s+".join(map(re.escape, p.split())) for p in sorted(set(phrases), key=len, reverse=True))


def _word_pattern(words) -> str:
    """A citation word in any of its forms, the first letter in either case, or the whole
    word in capitals (a text printed in capitals cites ``LAW 35``); a word ends with white
    space, an abbreviation with its dot ("п.54.1")."""
    forms = []
    for w in sorted(set(words), key=len, reverse=True):
        first = f"[{w[0].upper()}{w[0].lower()}]" if w[0].upper() != w[0].lower() else re.escape(w[0])
        end = "" if w.endswith(".") else r"(?=\s)"
        forms.append(first + re.escape(w[1:]) + end)
        if w[1:].upper() != w[1:]:
            forms.append(re.escape(w.upper()) + end)
    return r"(?<![\w])(?P<word>" + "|".join(forms) + r")\s*"


# a range of letters in an alphabet: "a-z", "A–Z" (an en dash, as the docs print one)
LETTER_RANGE = re.compile(r"(\w)[-–](\w)")


def expand_letters(alphabet: str) -> str:
    """An alphabet's letters, its ranges written out: ``expand_letters("a-e") == "abcde"``,
    ``expand_letters("A–C") == "ABC"`` (an en dash, as the docs print one)."""
    return LETTER_RANGE.sub(
        lambda m: "".join(map(chr, range(ord(m[1]), ord(m[2]) + 1))) if m[1] <= m[2] else m[0], alphabet)


def _letters(grammar: dict, level: str) -> str:
    """The letters of one level's label alphabet in the grammar (``[grammar.labels]``), none
    where it counts in digits or roman numerals."""
    value = grammar.get("labels", {}).get(level, "")
    return "".join(expand_letters(v) for v in (value if isinstance(value, list) else [value])
                   if v not in ("digits", "roman"))


def _range_marks(marks: list[str]) -> str:
    """What stands between a range's two numbers (the table's ``ranges``): a dash, spaced or
    not (``61-64``, ``10 – 12``), or a word, spaced and whole (``53 through 56``, ``12 по
    15``, not the ``to`` of ``today``); "" where the table has none.

    >>> re.fullmatch(_range_marks(["-", "through"]) + "9", " through 9") is not None
    True
    >>> re.fullmatch(_range_marks(["-", "to"]) + "9", "to9") is None
    True
    """
    signs = [m for m in marks if m and not any(c.isalnum() for c in m)]
    words = [m for m in marks if m and any(c.isalnum() for c in m)]
    out = []
    if signs:
        out.append(r"\s*(?:" + "|".join(re.escape(m) for m in sorted(signs, key=len, reverse=True)) + r")\s*")
    if words:
        out.append(r"\s+(?:" + "|".join(re.escape(m) for m in sorted(words, key=len, reverse=True)) + r")\s+")
    return "(?:" + "|".join(out) + ")" if out else ""


def level_words(own: dict, spec: dict) -> list[str]:
    """The citation words of one level of a language's table (``own``): its ``words`` as
    written, every form of its ``lemmas`` (``analysis.word_forms``: the language's
    morphology, pymorphy3 for Russian), and those a profile adds to the level by its name
    without writing the levels anew (``[citations.<lang>.add.<level>]``: ``words``,
    ``lemmas``).

    >>> sorted(level_words({"add": {"section": {"words": ["subsection"]}}}, {"level": "section", "words": ["section"]}))
    ['section', 'subsection']
    """
    added = own.get("add", {}).get(spec.get("level"), {}) if isinstance(own.get("add"), dict) else {}
    words = [*spec.get("words", []), *added.get("words", [])]
    lemmas = [*spec.get("lemmas", []), *added.get("lemmas", [])]
    if lemmas:
        from .analysis import word_forms  # deferred: a table with no lemmas loads no dictionary

        words += [w for lemma in lemmas for w in sorted(word_forms(lemma))]
    return list(dict.fromkeys(words))


def compile_citations(table: dict, lang: str, grammar: dict | None = None) -> Citations:
    """The patterns of one language's citation table (a profile's ``[citations]``); the
    profile's ``[grammar]`` gives how labels join into IDs (``ids.section``: "{label}" or
    ".{label}"), look-alike letters (``lookalikes``) and letter labels' Latin (``translit``).

    >>> bridge = {"ru": {"conjunctions": ["и"], "ranges": ["-"], "levels": [
    ...     {"level": "law", "words": ["правила"], "label": "law"}]}}
    >>> c = compile_citations(bridge, "ru")
    >>> c.levels[0].head.search("см. правила 12 и 13.")["ids"]
    '12 и 13'
    >>> c.half.match("ла 57), есть")["ids"]
    '57'
    """
    own = table.get(lang, {})
    grammar = grammar or {}
    lookalike_from = grammar.get("lookalikes", {}).get("from", "")
    lookalike_to = grammar.get("lookalikes", {}).get("to", "")
    translit = grammar.get("translit", {})
    # the layouts' own label letters (``label_letters``) by their place: «б» → b, «в» → c; a
    # letter that looks like a Latin one reads as that one («е» → e), as a look-alike typed
    native_letters: dict[str, str] = {}
    for letters, latin in grammar.get("label_letters", []):
        for ch, to in zip(letters, latin):
            if ch not in lookalike_from and ch.lower() not in translit:
                native_letters.setdefault(ch.lower(), to.lower())
                native_letters.setdefault(ch.upper(), to.lower())
    native = "".join(native_letters)
    outer, lettered = _outer_and_lettered(grammar)
    part_format = grammar.get("ids", {}).get(outer, "{label}")
    sections, subclauses = _letters(grammar, outer), _letters(grammar, lettered)
    caps = sections.upper() + "".join(c for c in lookalike_from if c.isupper())
    small = subclauses.lower() + subclauses.upper() + "".join(c for c in lookalike_from if c.islower()) + native
    quotes = own.get("quotes", [])
    fill = {"caps": re.escape(caps) or "^\\w\\W", "small": re.escape(small) or "^\\w\\W",
            "letters": re.escape(subclauses) or "^\\w\\W",
            "open": f"[{''.join(re.escape(q[0]) for q in quotes)}]?" if quotes else "",
            "close": f"[{''.join(re.escape(q[-1]) for q in quotes)}]?" if quotes else "",
            "deeper": _deeper_parts(grammar),
            # a level the grammar numbers in roman numerals, cited as letters: "(ii)" in the quotes
            "quoted_roman": "".join(rf"(?<![\w]){re.escape(q[0])}[ivxlc]{{2,5}}{re.escape(q[-1])}|" for q in quotes)
            if any("roman" in (v if isinstance(v, list) else [v]) for v in grammar.get("labels", {}).values()) else "",
            "quoted_number": "".join(rf"(?<![\w]){re.escape(q[0])}\d{{1,4}}{re.escape(q[-1])}|" for q in quotes)}
    conj = _alternation(own.get("conjunctions", []))
    # words between a level and its container: "paragraph (a) of Section 3.2.2"
    of = rf"(?:\s+(?:{_alternation(own['of'])}))?" if own.get("of") else ""
    between = r"(?:\s*,\s*(?:(?:" + conj + r")\s+)?|\s+(?:" + conj + r")\s+)" if conj else r"\s*,\s*"
    dashes = _range_marks(own.get("ranges", []))
    sub_end = _SUB_END.format(**fill)
    levels, lists = [], []
    for rank, spec in enumerate(own.get("levels", [])):
        label = _LABEL[spec["label"]].format(**fill)
        words = level_words(own, spec)
        # a range ends in a number or in a whole label of the level ("Laws 20A-20B")
        ranged = rf"{dashes}(?:{label}|{_RANGE_END}|{sub_end})" if dashes else r"(?!)"
        # a label that ends in a sub-clause may go on with bare sub-clauses: "Law 30A1(a) or (b)"
        subs = rf"(?:(?<=\)){between}{sub_end}(?:{dashes}{sub_end})?)*" if dashes else rf"(?:(?<=\)){between}{sub_end})*"
        one = rf"{label}(?:{ranged})?{subs}"
        listed = rf"(?P<ids>{one}(?:{between}{one})*)"
        lists.append(listed)
        levels.append(CitationLevel(
            name=spec["level"], rank=rank, label=spec["label"], bare=bool(spec.get("bare")),
            absolute=bool(spec.get("absolute")),
            head=re.compile(_word_pattern(words) + listed) if words else None,
            container=re.compile(of + r"\s+" + _word_pattern(words) + rf"(?P<id>{label})") if words else None,
            this=re.compile(rf"\s+(?:{_alternation(spec['this'])})(?![\w])") if spec.get("this") else None,
            item=re.compile(label),
            range_end=re.compile(rf"{dashes}(?P<end>{label}|{sub_end})") if dashes else None,
            this_before=re.compile(rf"(?<![\w])(?:{_alternation(spec['this_before'])})\s*$")
            if spec.get("this_before") else None,
        ))
    bare_labels = [_LABEL[lv["label"]].format(**fill) for lv in own.get("levels", []) if lv.get("bare")]
    bare = None
    if bare_labels:
        one = "(?:" + "|".join(bare_labels) + ")"
        one += rf"(?:{dashes}{sub_end})?" if dashes else ""  # "B2(a)-(c) above": a range of sub-clauses
        # a list goes on with bare sub-clauses of any kind: the "(ii)" of "1(b)(i) or (ii) above"
        bare = re.compile(rf"(?<![\w(])(?P<ids>{one}(?:{between}{one}|(?<=\)){between}{sub_end})*)")
    # a clause's number alone, only before an "after" word: "see 1 above", "as in 2 preceding"
    bare_number = None
    if bare_labels and own.get("after"):
        # or a range of them: "clauses 1 through 3 above"
        span = rf"(?:{dashes}\d{{1,2}}(?![\w]))?" if dashes else ""
        # a number in the table's quotes alike: "(1) above"
        quoted = "".join(rf"{re.escape(q[0])}\d{{1,2}}{re.escape(q[-1])}|" for q in quotes)
        bare_number = re.compile(rf"(?<![\w.\-–—/])(?P<ids>(?:{quoted}\d{{1,2}}{span}))(?=\s+(?:{_alternation(own['after'])})(?![\w]))")
    # labels that lie in the container named after them ("(a)-(c) of A1", "2 or 3 of Law 40A",
    # «(a)–(c) из A1», «2 или 3 правила 40A»): sub-clauses or numbers, a list or a range
    held = of_bare = None
    if bare_labels and not _join(grammar):  # a dotted code writes its containers whole ("of Section 3.2")
        piece = rf"(?:\d{{1,2}}(?![\w])|{sub_end})"
        piece += rf"(?:{dashes}{piece})?" if dashes else ""
        # a list may start with a section's clause ("B2 or 3 of Law 70"), never a letter alone
        # (the Russian preposition «В» is a look-alike of one)
        first = rf"(?:[{re.escape(caps)}]\d{{1,2}}{between})?" if caps else ""
        held = re.compile(rf"(?<![\w(.\-–—/])(?P<ids>{first}{piece}(?:{between}{piece})*)")
        if own.get("of"):
            # or a clause's number alone before an "after" word: "(a) and (b) of 1 above"
            number = rf"|\d{{1,2}}(?=\s+(?:{_alternation(own['after'])})(?![\w]))" if own.get("after") else ""
            of_bare = re.compile(rf"\s+(?:{_alternation(own['of'])})\s+(?P<id>{'|'.join(bare_labels)}{number})")
    elif _join(grammar) and own.get("of") and any(lv.get("label") == "letter" for lv in own.get("levels", [])):
        # a dotted code writes its containers whole: sub-clauses alone, before an "of" word, lie
        # in the container named after it ("(b) of Section 2.1.1"), be its letters bare or not
        piece = sub_end + (rf"(?:{dashes}{sub_end})?" if dashes else "")
        held = re.compile(rf"(?<![\w(.\-–—/])(?P<ids>{piece}(?:{between}{piece})*)"
                          rf"(?=\s+(?:{_alternation(own['of'])})(?![\w]))")
    outer = [w for lv in own.get("levels", [])[:1] for w in level_words(own, lv) if not w.endswith(".")]
    tails = {w.lower()[i:] for w in outer for i in range(1, len(w) - 1)}  # "правило" → "ло", "ило", …
    half = None
    if tails:
        half = re.compile(rf"^(?P<word>{_alternation(tails)})\s+{lists[0]}")
    every = [w.rstrip(".") for spec in own.get("levels", []) for w in level_words(own, spec) if w.rstrip(".")]
    return Citations(
        levels=tuple(levels), join=_join(grammar),
        letters=dict(translit), native_letters=native_letters,
        lookalikes=str.maketrans(lookalike_from, lookalike_to),
        range=re.compile(rf"{dashes}(?P<end>{_RANGE_END})" if dashes else r"(?!)"),
        see=re.compile(rf"(?<![\w])(?:{_alternation(own['see'])})\s*$") if own.get("see") else None,
        after=re.compile(rf"\s+(?:{_alternation(own['after'])})(?![\w])") if own.get("after") else None,
        bare=bare, half=half, bare_number=bare_number, held=held, of_bare=of_bare,
        letter_format=grammar.get("ids", {}).get(lettered, _join(grammar) + "{label}"),
        part_format=part_format,
        quotes="".join(quotes),
        joined=re.compile(between),
        sub=re.compile(sub_end),
        conjunction=re.compile(rf"[ \t]+(?:{conj})(?![\w])") if conj else None,
        of=re.compile(rf"\s+(?:{_alternation(own['of'])})(?![\w])") if own.get("of") else None,
        words=re.compile(rf"(?<![\w])(?:{_alternation(every)})(?![\w])", re.IGNORECASE) if every else None,
        earlier=re.compile(rf"\s+(?:{_alternation(own['earlier'])})(?![\w])") if own.get("earlier") else None,
        later=re.compile(rf"\s+(?:{_alternation(own['later'])})(?![\w])") if own.get("later") else None,
        id_levels=_id_levels(own.get("levels", []), grammar),
    )


def _id_levels(specs: list[dict], grammar: dict) -> dict[str, str]:
    """The grammar's level each citable level below the outermost names, where its label is
    one level's ("number", "letter"): the level of the same name, else the one at its place
    (the citable levels below the law, outermost first, are the grammar's levels in order).
    A level of whole labels ("section": B1(a)) or an absolute one names none.

    >>> _id_levels([{"level": "article", "label": "number"}, {"level": "part", "label": "number"},
    ...             {"level": "point", "label": "number"}], {"levels": ["section", "point"]})
    {'part': 'section', 'point': 'point'}
    """
    levels = list(grammar.get("levels", []))
    out: dict[str, str] = {}
    place = 0
    for rank, spec in enumerate(specs):
        if spec.get("absolute"):
            continue
        if rank > 0:
            name = spec.get("level", "")
            level = name if name in levels else (levels[place - 1] if 0 < place <= len(levels) else None)
            if level is not None and spec.get("label") in ("number", "letter"):
                out[name] = level
        place += 1
    return out


def _outer_and_lettered(grammar: dict) -> tuple[str, str]:
    """The grammar's outermost level below a law and its lettered level -- the first level
    below the outermost whose labels are letters, which a citation's "letter" label names --
    by their place and alphabet, whatever the profile calls them ("" where there is none).

    >>> _outer_and_lettered({"levels": ["part", "point", "subpoint"],
    ...                      "labels": {"part": "digits", "point": "digits", "subpoint": "a-z"}})
    ('part', 'subpoint')
    """
    levels = list(grammar.get("levels", []))
    lettered = next((lv for lv in levels[1:] if _letters(grammar, lv)), "")
    return (levels[0] if levels else ""), lettered


def _join(grammar: dict) -> str:
    """What joins a law's parts in its IDs: the outermost level's ID format less its label
    ("." in 3.2.1, "" in 50E1)."""
    outer, _ = _outer_and_lettered(grammar)
    return grammar.get("ids", {}).get(outer, "{label}").replace("{label}", "")


def _deeper_parts(grammar: dict) -> str:
    """The parts a whole dotted ID may go on with after its numbers, from the grammar's ID
    formats: a level written otherwise than the join and its label (``({label})``) adds its
    shape -- "Section 4.2(b)" cites 4.2(b). None for a code whose every level joins alike.

    >>> shape = _deeper_parts({"levels": ["part", "letter"], "ids": {"part": ".{label}", "letter": "({label})"},
    ...                        "labels": {"letter": "a-c"}})
    >>> bool(re.fullmatch(shape, "(b)")), bool(re.fullmatch(shape, "(d)"))
    (True, False)
    """
    ids, labels = grammar.get("ids", {}), grammar.get("labels", {})
    join = _join(grammar)
    shapes = []
    for level, alphabet in labels.items():
        fmt = ids.get(level, "")
        if "{label}" not in fmt or fmt == join + "{label}" or not join:
            continue
        before, after = fmt.split("{label}", 1)
        if not before:
            continue  # a label glued to the last (57B): no shape to tell it by
        kinds = alphabet if isinstance(alphabet, list) else [alphabet]
        letters = "".join(expand_letters(k) for k in kinds if k not in ("digits", "roman"))
        one = "|".join(([r"\d{1,3}"] if "digits" in kinds else []) + (["[ivxlc]+"] if "roman" in kinds else [])
                       + ([f"[{re.escape(letters)}]"] if letters else []))
        if one:
            shapes.append(f"{re.escape(before)}(?:{one}){re.escape(after)}")
    return f"(?:{'|'.join(shapes)})*" if shapes else ""


# -- damage left in the output (lawsearch check) ------------------------------------------
# Traces of the raw damage anywhere in a finished title, text or footnote, each with the
# damage item it comes from; looser than the cleaning patterns above on purpose: whatever
# slipped through, wherever it stands.
DAMAGE = [
    ("rule run (lost box-drawing characters)", Lazy(r"\?{2,}|њ{2,}|[\u2500-\u257F]")),
    ("underline", Lazy(r"={3,}")),
    ("page footer", Lazy(r"^-[ \t]*\d{1,4}(?:[ \t]|$)", re.M)),
    ("paragraph mark (DC4)", Lazy(r"\(DC4\)|\x14")),
    ("page directive", Lazy(r"\.\.page\d*")),
    ("footnote body in running text", Lazy(r"\(\*+\)\s*[-–—]\s")),
]
# a word and the next one, overlapping (lookahead), so every adjacent pair is seen:
# "непра вильного" is a word split by a line break that survived
WORD_PAIR = Lazy(rf"(?<![\w-])([{SCRIPT_LOWER}]+)(?= ([{SCRIPT_LOWER}]+)(?![\w-]))")

# -- encodings --------------------------------------------------------------------------

# A run of letters of any script, as the encoding check splits a token into words:
# "«Правило" → "Правило"; "donТt" → "donТt" (one run: a Cyrillic Т among Latin letters);
# "╧юёых" → "юёых" (the box-drawing ╧ is no letter).
LETTER_RUN = Lazy(r"[^\W\d_]+")

# -- HTML -------------------------------------------------------------------------------

# What the HTML tokenizer acts on inside a script element (the "script data" states of
# the WHATWG parser): "</script" ends it; "<!--" then "<script" makes a later "</script>"
# not end it, so the next script is swallowed ("<!--<script" in corpus text, issue 8 D9).
SCRIPT_BREAKERS = Lazy(r"<!--|<script|</script", re.IGNORECASE)

# -- the search grammar: one declaration, two runtimes -------------------------------------
#
# How a search splits text and queries into tokens, reads its operators and recognises a
# citation, written once as regular-expression *sources* that Python's ``re`` and
# JavaScript's ``RegExp`` (flag ``u``) read alike; ``site.search_payload`` ships them to the
# browser's ``static/engine.js``, which compiles these very strings. Hence:
#   * explicit character classes of ranges, never \w \d \s \b or IGNORECASE: the two
#     languages' Unicode classes differ (Python's \w takes "м²", "½", fullwidth digits and
#     Roman numerals "Ⅻ", its \d fullwidth digits, its \s U+001C-U+001F and U+0085 but not
#     U+FEFF, JavaScript's \s the other way round; JavaScript's \d is ASCII only);
#   * no named groups (spelt ?P<…> here, ?<…> there): a token's kind is its group's number;
#   * no $ (Python's also matches before a final newline): a pattern meant for a whole
#     string is matched with ``fullmatch`` here and as ^(?:…)$ there (``whole``).

LETTERS = r"A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0400-\u0481\u048a-\u052f"  # Latin, Cyrillic
MARKS = r"\u0300-\u036f\u0483-\u0487"  # combining accents inside a word: stress marks "ка́рта"
DIGITS = "0-9"
# the soft hyphen: a break the reader never sees ("мягкий\u00adперенос" reads "мягкийперенос");
# inside a word it belongs to the word, and a word's terms drop it (``analysis.fold``)
INVISIBLE = r"\u00ad\u200b\u200c\u200d\u2060"  # soft hyphen, zero-width space, non-joiner, joiner, word joiner


def _plane_zero():
    """Every character of the Basic Multilingual Plane beyond ASCII, the surrogates aside:
    the characters one UTF-16 unit holds in the browser too."""
    return (chr(code) for code in range(0x80, 0x10000) if not 0xD800 <= code < 0xE000)


def _ligatures() -> tuple[str, tuple[str, ...]]:
    """The letters NFKC writes as several letters of the tokenizer's own: typographic
    ligatures "ﬁ" → "fi", "ﬄ" → "ffl", digraphs "ĳ" → "ij", "ǆ" → "dž" (a copied PDF or
    web page keeps them). One character becomes several, so they are not narrowed in the
    text (offsets would shift): a word holds them as letters, and a word's terms (``fold``)
    spell them out, in both runtimes. Only the Basic Multilingual Plane (``_compatibility_forms``)."""
    target = re.compile(f"[{LETTERS}]{{2,4}}")
    pairs = []
    for char in _plane_zero():
        if unicodedata.decomposition(char)[:8] != "<compat>":
            continue  # NFKC keeps it, or writes it otherwise than as a compatibility form
        form = unicodedata.normalize("NFKC", char)
        if len(form) > 1 and char.isalpha() and target.fullmatch(form):
            pairs.append((char, form))
    return "".join(c for c, _ in pairs), tuple(f for _, f in pairs)


def _unicode_tables() -> dict:
    """What ``_ligatures``, ``_compatibility_forms`` and ``_foreign_letters`` make from
    Python's ``unicodedata`` -- three walks of the whole plane, ~40 ms of CPU, at the start of
    every command -- kept as JSON beside the package's compiled files, under a key of this
    file's size and time and the Unicode version (every input of theirs is a constant of this
    module), as Python reuses a compiled module. Where it cannot be written (a read-only
    install) they are made each time."""
    import json
    import sys
    from pathlib import Path

    here = Path(__file__)
    try:
        stat = here.stat()
        key = [str(here), stat.st_size, stat.st_mtime_ns, unicodedata.unidata_version, sys.version]
    except OSError:
        key = None
    kept_at = here.parent / "__pycache__" / "unicode-tables.json"
    if key is not None:
        try:
            kept = json.loads(kept_at.read_text(encoding="utf-8"))
            if kept["key"] == key and set(kept["tables"]) == {"ligatures", "narrow", "foreign", "unmarked"}:
                return kept["tables"]
        except (OSError, ValueError, KeyError, TypeError):
            pass  # none kept yet, or of another shape: make them
    return {"ligatures": _ligatures(), "key": key, "kept_at": str(kept_at)}


def _keep_unicode_tables(tables: dict) -> None:
    import json
    import os
    import tempfile
    from pathlib import Path

    key, kept_at = tables.pop("key"), Path(tables.pop("kept_at"))
    if key is None:
        return
    try:
        kept_at.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".unicode-", dir=kept_at.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"key": key, "tables": tables}, f, ensure_ascii=False)
        os.replace(tmp, kept_at)
    except OSError:
        pass  # a read-only install: made again next time


_TABLES = _unicode_tables()
# fold spells these out: LIGATURE_FROM[i] → LIGATURE_TO[i]
LIGATURE_FROM, LIGATURE_TO = _TABLES["ligatures"][0], tuple(_TABLES["ligatures"][1])
LIGATURE_CLASS = "".join(f"\\u{ord(c):04x}" for c in LIGATURE_FROM)
WORD_CHARS = LETTERS + LIGATURE_CLASS + DIGITS + "_" + MARKS + INVISIBLE  # what may not touch an ID or a number
CYRILLIC = r"\u0400-\u052f"
# Python's and JavaScript's white space together: either side splits a query at any of them
SPACE_CHARS = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200b)))
               + "\u2028\u2029\u202f\u205f\u3000\ufeff")
SPACES = "".join(f"\\u{ord(c):04x}" for c in SPACE_CHARS)
# a word folds to: lower case, decomposed й and ё composed, ё → е, combining marks dropped
FOLD_PAIRS = (("и\u0306", "й"), ("е\u0308", "ё"), ("ё", "е"))


def _compatibility_forms() -> tuple[str, str]:
    """The characters NFKC writes as one letter, digit or ID bracket of the tokenizer's own
    (full-width "ＡＢＣ１２（ａ）", "ℂ", "ſ", circled "②"), and what it writes: two strings of
    equal length, one character for one, so a text read through them keeps every offset (a
    snippet's marks fall on the text as written). Only the Basic Multilingual Plane: one
    character there is one UTF-16 unit in the browser too (a mathematical "𝔸" beyond it
    would shift the browser's offsets by one and stays what it is)."""
    target = re.compile(f"[{LETTERS}{DIGITS}().,\\-]")
    pairs = []
    for char in _plane_zero():
        form = unicodedata.normalize("NFKC", char)
        if form != char and len(form) == 1 and target.fullmatch(form):
            pairs.append((char, form))
    # the hyphens that are no hyphen-minus to NFKC (U+2010 HYPHEN, U+2011 NON-BREAKING HYPHEN,
    # which it writes as U+2010): a word typed or printed with one («из‑под») is the word with "-"
    taken = {c for c, _ in pairs}
    pairs += [(char, "-") for char in HYPHENS if char not in taken]
    return "".join(c for c, _ in pairs), "".join(f for _, f in pairs)


def _diacritics() -> tuple[str, str, str]:
    """What a word's terms read without its diacritics, in every script (``analysis.fold``):
    each letter the canonical decomposition (NFD) writes as one letter and marks, as that letter
    ("ό" → "ο", "é" → "e", "ї" → "і"), and each letter Unicode's case folding reads as another one
    (a Greek word-final "ς" as "σ"), two strings of equal length; and the class of the marks
    themselves, written apart (an "ο" and a U+0301): the nonspacing marks of a nonzero combining class
    (accents, tonos, stress marks, points, tones), not a virama (class 9, which joins two
    letters into a third) nor a vowel sign (class 0, a letter's own part). A letter
    ``FOLD_PAIRS`` composes and keeps (й) keeps its mark. Computed from Python's
    ``unicodedata`` and shipped to the browser, so both runtimes fold alike whatever Unicode
    version their own tables know; the Basic Multilingual Plane only (``_compatibility_forms``)."""
    composed = {single for _, single in FOLD_PAIRS} - {pair for pair, _ in FOLD_PAIRS}
    marks = [c for c in _plane_zero() if unicodedata.category(c) == "Mn" and unicodedata.combining(c) not in (0, 9)]
    mark_set = set(marks)
    pairs = []
    for char in _plane_zero():
        if char.lower() in composed or char.upper() in composed:
            continue
        parts = unicodedata.normalize("NFD", char)
        if parts == char:
            continue
        base = "".join(c for c in parts if c not in mark_set)
        if len(base) == 1 and base != char and len(parts) > 1:
            pairs.append((char, base))
    # the letters Unicode's case folding reads as another of one letter, where lower case keeps them
    # apart: a word-final form ("ς" as "σ": λόγοσ is λόγος), a symbol variant ("ϐ" as "β"), so a
    # word typed with the other form is the same word (its unmarked letter)
    paired = dict(pairs)
    for char in _plane_zero():
        folded = char.casefold()
        if (char in paired or len(folded) != 1 or folded == char.lower() or folded != folded.lower()
                or char.lower() in composed):
            continue
        parts = unicodedata.normalize("NFD", folded)
        base = paired.get(folded) or "".join(c for c in parts if c not in mark_set)
        if len(base) == 1:
            pairs.append((char, base))
    ranges: list[list[int]] = []
    for code in map(ord, marks):
        if ranges and code == ranges[-1][1] + 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    marks_class = "".join(f"\\u{a:04x}" if a == b else f"\\u{a:04x}-\\u{b:04x}" for a, b in ranges)
    return "".join(c for c, _ in pairs), "".join(b for _, b in pairs), marks_class


if "unmarked" not in _TABLES:
    _TABLES["unmarked"] = _diacritics()
# fold reads UNMARK_FROM[i] as UNMARK_TO[i] and drops DIACRITICS (the marks written apart)
UNMARK_FROM, UNMARK_TO, DIACRITICS = _TABLES["unmarked"]

# the hyphens that join a word's parts as "-" does (Unicode's Dash_Punctuation that is a hyphen,
# not a dash between words: an en or em dash stays what it is)
HYPHENS = "\u2010\u2011"


# text is read through these before it is split into tokens, in both runtimes (analysis.narrow)
if "narrow" not in _TABLES:
    _TABLES["narrow"] = _compatibility_forms()
NARROW_FROM, NARROW_TO = _TABLES["narrow"]
NARROW_CLASS = "".join(f"\\u{ord(c):04x}" for c in NARROW_FROM)
# every letter a search reads (the scripts' own, their full-width forms, the ligatures)
OUR_LETTERS = LETTERS + NARROW_CLASS + LIGATURE_CLASS
FOREIGN_GAP = 64  # two runs of other scripts' letters this close, nothing of ours between, are one range


def _foreign_letters() -> str:
    """The letters of the scripts the search reads no text in (Greek, Arabic, Hebrew, CJK, …):
    a class of ranges of the Basic Multilingual Plane, computed from Python's ``unicodedata``
    (``str.isalpha`` outside ``OUR_LETTERS``) and shipped to the browser, so both runtimes
    tell a query word of another script by the very same class, whatever Unicode version
    their own tables know. Runs a few code points apart (a script's own marks and digits
    between) are joined when nothing between is ASCII, Latin-1, general punctuation, a
    full-width form, white space or a letter of ours: a class of some 60 ranges, not 400.
    Letters beyond the BMP are left out (as in ``_compatibility_forms``)."""
    ours = _our_letter()
    ranges: list[list[int]] = []
    for code in range(0x80, 0x10000):
        if 0xD800 <= code < 0xE000:
            continue
        char = chr(code)
        if not char.isalpha() or ours.match(char):
            continue
        if ranges and code - ranges[-1][1] <= FOREIGN_GAP and not any(_neutral(c) for c in range(ranges[-1][1] + 1, code)):
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return "".join(f"\\u{a:04x}" if a == b else f"\\u{a:04x}-\\u{b:04x}" for a, b in ranges)


# a query word holding one of these is of a script the corpus has no text in (query.foreign_words):
# patterns.FOREIGN_LETTERS, made when first asked for (``__getattr__``), as a search needs it
_make_foreign_letters = _foreign_letters


@lru_cache(maxsize=1)
def _foreign_letters() -> str:
    return _TABLES.get("foreign") or _make_foreign_letters()


@lru_cache(maxsize=1)
def _our_letter() -> re.Pattern:
    return re.compile(f"[{OUR_LETTERS}]")


def _neutral(code: int) -> bool:
    """A character no run of ``FOREIGN_LETTERS`` reaches over: ASCII, Latin-1, general
    punctuation, surrogates and private use, full-width forms, white space, a letter of ours."""
    char = chr(code)
    return (code < 0x100 or 0x2000 <= code < 0x2070 or 0xD800 <= code < 0xF900 or 0xFF00 <= code < 0xFFF0
            or char in SPACE_CHARS or _our_letter().match(char) is not None)


def surely_not_foreign(text: str) -> bool:
    """True when no character of ``text`` can be in ``FOREIGN_LETTERS``, told without making
    that class (a walk of the whole plane): a character of the class is another script's
    letter or lies inside one of its runs, and a run never reaches over a neutral character
    (``_foreign_letters``). False means only "ask the class"."""
    for char in text:
        code = ord(char)
        if code < 0x80 or code > 0xFFFF:
            continue  # ASCII is neutral; the class holds the Basic Multilingual Plane only
        if not _neutral(code) or (char.isalpha() and _our_letter().match(char) is None):
            return False
    return True


if "kept_at" in _TABLES:  # the tables were made in this process: the foreign class too, and all kept
    _TABLES["foreign"] = _make_foreign_letters()
    _keep_unicode_tables(_TABLES)


def either_case(word: str) -> str:
    """A word in either case, with explicit classes: ``either_case("law") == "[Ll][Aa][Ww]"``;
    only a syntax character escaped, so the browser's ``RegExp`` (flag ``u``) reads it too:
    ``either_case("as in") == "[Aa][Ss] [Ii][Nn]"``."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.upper() != c.lower() else "\\" + c if c in "^$\\.*+?()[]{}|/"
                   else c for c in word)


# A token (analysis.tokenize): group 1 an ID "50E", "47E2(a)", "16С2" (a Cyrillic look-alike),
# "21B2(b)(1)"; 2 a commentary paragraph "48.4"; 3 a word, hyphenated ones whole
# ("какой-нибудь", "ка́рта"); 4 a number "12", "1,5".
#   "см. правило 16С2, 47E2(a) и 1,5" → см, правило, 16С2, 47E2(a), и, 1,5
# a word's letters: ours, and those of every other script of the plane (Greek, runic, …): a
# text's words in any script are words to search, in both runtimes alike
WORD_LETTERS = LETTERS + LIGATURE_CLASS + _foreign_letters()
TOKEN_SOURCE = "|".join([
    rf"(?<![{WORD_CHARS}.])([0-9]{{1,3}}[A-Z{SCRIPT_UPPER}a-z{SCRIPT_LOWER}][0-9]{{0,2}}(?:\([A-Za-z{SCRIPT_UPPER}{SCRIPT_LOWER}]\))?(?:\([0-9]{{1,2}}\))?)(?![{WORD_CHARS}])",
    rf"(?<![{WORD_CHARS}])([0-9]{{1,3}}\.[0-9]{{1,2}})(?![{WORD_CHARS}]|\.[0-9])",
    rf"([{WORD_LETTERS}][{WORD_LETTERS}{MARKS}{INVISIBLE}]*(?:-[{WORD_LETTERS}][{WORD_LETTERS}{MARKS}{INVISIBLE}]*)*)",
    r"([0-9]+(?:[.,][0-9]+)?)",
])
TOKEN_KINDS = ("id", "para", "word", "num")
TOKEN = Lazy(TOKEN_SOURCE)

# A query's parts: a quoted phrase (its closing quote optional), with - or + before it; or a
# run of anything but white space (a word, -word, +word, law:50, OR).
#   '"ход вне очереди" -болван law:50' → "ход вне очереди" | -болван | law:50
QUERY_PART_SOURCE = rf'([-+]?)"([^"]*)"?|([^{SPACES}]+)'
QUERY_PART = Lazy(QUERY_PART_SOURCE)
# A filter, the whole part: "law:50", "kind:commentary", "lang:en", "edition:2017"
FILTER_SOURCE = rf"(law|kind|lang|edition):([^{SPACES}]+)"
FILTER = Lazy(FILTER_SOURCE)
def query_citation_words(profiles) -> list[str]:
    """The words that may stand before an ID in a query (``CITATION``, ``ids.normalize``):
    every form of the outermost level's and of the absolute levels' citation words, and the
    query's own (``query_words``), in every language of the ``profiles``.

    >>> from lawsearch.profile import load_profile
    >>> words = query_citation_words([load_profile("bridge")])
    >>> "правилом" in words and "Laws" in words and "п." in words
    True
    """
    words: set[str] = set()
    for profile in profiles:
        table = profile.data.get("citations", {})
        for lang in profile.languages:
            own = table.get(lang, {})
            levels = own.get("levels", [])
            for rank, level in enumerate(levels):
                if rank == 0 or level.get("absolute"):
                    words.update(level_words(own, level))
            words.update(own.get("query_words", []))
    return sorted(words, key=lambda w: (-len(w), w))


def citation_word_source(words) -> str:
    """One alternation of the query's citation words, in either case, with explicit classes
    (a search-grammar source); an abbreviation's dot is optional ("ст.50", "ст 50").

    >>> citation_word_source(["Laws", "ст."])
    '[Ll][Aa][Ww][Ss]|[Сс][Тт]\\\\.?'
    """
    return "|".join(either_case(w[:-1]) + r"\.?" if w.endswith(".") else either_case(w) for w in words)


def _builtin_profiles():
    from .profile import builtin_names, load_profile  # profile.py imports nothing of ours but model

    return [load_profile(name) for name in builtin_names()]


@lru_cache(maxsize=1)
def _builtin_citation_words() -> list[str]:
    """Every built-in profile's citation words (``query_citation_words``): a query for
    "Статья 12" and one for "Law 50E" read alike whichever code the corpus follows; a number
    no node has is simply not found. Read on first use: the profiles are files."""
    return query_citation_words(_builtin_profiles())


# an ID as a citation takes it: "50E", "47e2(a)", "16С2" (a look-alike), "48.4", "50 E"; a
# profile's own IDs as its grammar writes them are added (``citation_source``): "3.2.1", "12.4(a)"
CITATION_LABEL = rf"[0-9]{{1,3}}(?:\.[0-9]{{1,2}}|[ ]?[{LETTERS}][0-9]{{0,2}}(?:\([{LETTERS}]\))?(?:\([0-9]{{1,2}}\))?)?"


def inner_citation_words(profile) -> list[str]:
    """The citation words of a profile's inner levels ("Section", "пункт"): a query may put
    one before a whole ID of that code written with its separators ("Section 3.2.1"), not
    before a bare number ("Section 3" names no section), and only in a code whose IDs
    separate their levels (``IdRules.dotted``)."""
    from .grammar import grammar_of

    if profile is None or not grammar_of(profile).ids.dotted:
        return []
    words: set[str] = set()
    table = profile.data.get("citations", {})
    for lang in profile.languages:
        for rank, level in enumerate(table.get(lang, {}).get("levels", [])):
            if rank and not level.get("absolute"):
                words.update(w for w in level_words(table.get(lang, {}), level) if w[:1].isalpha())
    return sorted(words - set(citation_words(profile)), key=lambda w: (-len(w), w))


def citation_words(profile=None) -> list[str]:
    """The words a query may put before an ID: every built-in profile's and those of
    ``profile``, the corpus's own (a corpus folder's profile.toml may name its code's level
    "Regel" or "Article")."""
    if profile is None:
        return _builtin_citation_words()
    return _of(profile, "citation_words", lambda: sorted(set(_builtin_citation_words()) | set(query_citation_words([profile])),
                                                          key=lambda w: (-len(w), w)))


def citation_source(profile=None) -> str:
    """A citation, the whole query, as a search-grammar source: an optional citation word
    of ``citation_words(profile)``, then an ID (group 1): ``CITATION_LABEL`` or one of the
    profile's own law-text IDs as a user types them (``grammar.IdRules.typed_source``)."""
    def make() -> str:
        label = CITATION_LABEL
        if profile is not None:
            from .grammar import grammar_of  # the grammar module compiles its patterns from these

            rules = grammar_of(profile).ids
            label = f"{label}|{rules.typed_source(capture=False)}|{rules.typed_source(capture=False, loose=True)}"
        inner = inner_citation_words(profile)
        # an inner level's word only before an ID that holds its code's separator: "Section 3.2.1"
        sep = (re.escape(_join(profile.data.get("grammar", {}))) if inner else "") or "(?!)"
        before_whole = (rf"|(?:{citation_word_source(inner)})[{SPACES}]*(?=\d+{sep}\w)") if inner else ""
        return (rf"[{SPACES}]*(?:(?:{citation_word_source(citation_words(profile))})[{SPACES}]*{before_whole})?"
                rf"({label})[{SPACES}]*")
    return _of(profile, "citation_source", make)


def citation_pattern(profile=None) -> re.Pattern:
    """``citation_source`` compiled: match a whole query with ``fullmatch``."""
    return _of(profile, "citation", lambda: re.compile(citation_source(profile)))


def citation_prefix(profile=None) -> re.Pattern:
    """What ``ids.normalize`` strips before an ID: "правило 50E1", "Law 50E1", "п. 54.1",
    "ст. 50", and the words of ``profile``."""
    return _of(profile, "citation_prefix",
               lambda: re.compile(rf"^\s*(?:{citation_word_source(citation_words(profile))})\s*"))


def search_grammar(profile=None) -> dict:
    """``SEARCH_GRAMMAR`` with the citations of ``profile`` (the corpus's): what the index's
    meta and the browser's data carry, so both read a citation of this code alike."""
    if profile is None:
        return _search_grammar()
    return _of(profile, "search_grammar", lambda: dict(_search_grammar(), citation=citation_source(profile)))


# per profile object, what was compiled from it (the last few profiles kept)
_COMPILED: dict[int, tuple[object, dict]] = {}


def _of(profile, key: str, make):
    if profile is None:
        profile = _NONE
    kept = _COMPILED.get(id(profile))
    if kept is None or kept[0] is not profile:
        if len(_COMPILED) >= 8:
            _COMPILED.pop(next(iter(_COMPILED)))
        kept = _COMPILED[id(profile)] = (profile, {})
    if key not in kept[1]:
        kept[1][key] = make()
    return kept[1][key]


_NONE = object()
# what ids.normalize strips before an ID, and a whole query that is a citation: made on first
# use (the built-in profiles' citation words are files)
CITATION_PREFIX = Lazy(lambda: citation_prefix().pattern)
CITATION = Lazy(lambda: citation_source())
# English words as the English fields' stems are made of them
LATIN_WORD_SOURCE = "[A-Za-z]+"
LATIN_WORD = Lazy(LATIN_WORD_SOURCE)
HAS_CYRILLIC = Lazy(f"[{CYRILLIC}]")
COMBINING_MARK = Lazy(f"[{MARKS}{INVISIBLE}{DIACRITICS}]")  # what a word's terms drop: stress marks, soft hyphens, any script's diacritics


def strip_spaces(text: str) -> str:
    """``text`` without white space (``SPACES``) at either end, as the browser strips it."""
    return text.strip(SPACE_CHARS)


def next_to_nothing(word: str) -> str:
    """A pattern for ``word`` standing alone, not inside a longer word (for replacing it)."""
    return f"(?<![{WORD_CHARS}]){re.escape(word)}(?![{WORD_CHARS}])"


@lru_cache(maxsize=1)
def _search_grammar() -> dict:
    return {
        "token": TOKEN_SOURCE, "token_kinds": list(TOKEN_KINDS), "query_part": QUERY_PART_SOURCE,
        "filter": FILTER_SOURCE, "citation": citation_source(), "latin_word": LATIN_WORD_SOURCE,
        "word_chars": WORD_CHARS, "spaces": SPACES, "cyrillic": CYRILLIC, "marks": MARKS + INVISIBLE + DIACRITICS,
        "unmark": [UNMARK_FROM, UNMARK_TO],
        "fold": [list(p) for p in FOLD_PAIRS], "narrow": [NARROW_FROM, NARROW_TO],
        "ligatures": [LIGATURE_FROM, list(LIGATURE_TO)], "foreign_letters": _foreign_letters(),
    }


def __getattr__(name: str):
    # the module's values that read the built-in profiles, made when first asked for
    if name == "CITATION_WORDS":
        return citation_words()
    if name == "CITATION_SOURCE":
        return citation_source()
    if name == "SEARCH_GRAMMAR":
        return _search_grammar()
    if name == "FOREIGN_LETTERS":
        return _foreign_letters()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Unicode's mathematical alphanumerics (𝐋𝐚𝐰 bold, 𝐴 italic, 𝔸 double-struck, 𝟓 bold digits): a
# style copied from a formula editor or a "fancy text" site, plain letters to a reader. Beyond
# the Basic Multilingual Plane, so not narrowed one-for-one (``_compatibility_forms``): the
# text is read with them folded (formats.read_document) and a query too, in both runtimes
MATH_ALPHANUMERICS = re.compile("[\U0001D400-\U0001D7FF]")


def plain_letters(text: str) -> str:
    """``text`` with its mathematical letters and digits as NFKC writes them: plain ones.

    >>> plain_letters("𝐋𝐚𝐰 𝟓𝟎 𝐴")
    'Law 50 A'
    """
    if not MATH_ALPHANUMERICS.search(text):
        return text
    return MATH_ALPHANUMERICS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
