"""What each data file of a corpus folder may hold, checked in one place, with file and line.

The corpus folder's TOML files -- the manifest, curation, glossary, lexicon and English
titles -- are declared here as trees of ``Table`` and ``Field``: the keys a table allows,
the type of each value, which are required, the values allowed, and which repeats are a
mistake. ``load`` reads a file once, checks it against its schema and returns a
``Document`` (the data, and the line of every key), or raises ``CorpusError`` listing every
problem found, each naming the file and line. ``lawsearch check`` and ``lawsearch build``
both read the corpus folder through ``sources.read_corpus_folder``, which loads every data
file this way: they refuse the same files with the same words.

    doc = load(Path("corpus/glossary.toml"), GLOSSARY)
    doc.data["term"][0]["en"]        # 'declarer'
    doc.line("term", 0, "en")        # 10: the line of `en = "declarer"`

Adding a data file (a thesaurus, a profile, the settings of a new source kind):

1. Declare its schema below, e.g.
   ``THESAURUS = Table("the thesaurus", {"group": Table("[[group]]", {"words": Field(list,
   items=str, required=True, example='["ход", "заход"]')}, many=True, anchor="words")})``.
2. Register it in ``DATA_FILES``: ``DataFile("thesaurus", "thesaurus.toml", THESAURUS)``.
   The manifest's ``[code]`` then accepts ``thesaurus = "<file>"``, ``read_corpus_folder``
   checks the file on every run and keeps it in ``folder.documents["thesaurus"]``, and its
   bytes count in the build's fingerprint.
3. Read it from ``doc.data``; report what only the reader can know (a name that must
   match a source, say) with ``doc.problem(message, "group", 3, "words")``, which names
   the file and the line of that key.

Lines are found by indexing the file's lines once (``LineIndex``): a map from the path of
every key -- ``("piece", 3, "at")``, the fourth ``[[piece]]``'s ``at`` -- to its line.

This module imports only the leaves ``model``, ``grammar`` (a curation file names the
levels of its profile's grammar) and ``profile``.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from .grammar import Alphabet, default_grammar
from .problems import SOURCE_KINDS, CorpusError, Problem, os_fault
from .tomltext import _tomllib, parse_toml  # noqa: F401 (parse_toml: read through schema by sources)
from .profile import default_profile

Key = Union[str, int]  # a table key, or the index of an entry of an array of tables

# How a type is named in messages.
TYPE_NAMES = {str: "text", int: "a whole number", bool: "true or false", float: "a number",
              list: "a list", dict: "a table"}


@dataclass(frozen=True)
class Field:
    """One value of a table: its type and what else it must be.

    ``Field(str, required=True, example='"50"', pattern=re.compile(r"[1-9]\\d*"),
    form="a law number")`` accepts ``law = "50"`` and refuses ``law = 50``, ``law = ""``
    and ``law = "L50"``.
    """

    type: type
    required: bool = False
    example: str = ""  # a right value as written in TOML, for messages: '"50"'
    items: type | None = None  # a list's item type
    choices: tuple[str, ...] = ()  # the values allowed (for a list: the items allowed)
    ignore_case: bool = False  # choices compared without case ("UTF-8" is "utf-8")
    pattern: re.Pattern | None = None  # text must match it whole
    form: str = ""  # what ``pattern`` means, for messages: '"<source>:<line>"'
    blank: bool = False  # may text be empty ("" for "no translator")?
    minimum: int | None = None
    check: Callable[[Any], str | None] | None = None  # a last check: what is wrong, or None


@dataclass(frozen=True)
class Table:
    """A table (``[code]``), an array of tables (``[[piece]]``, ``many=True``) or a table of
    free keys (``[titles]``: ``each`` says what every value is, ``key`` what every key is).

    ``anchor`` is the key whose line stands for an entry (a statement missing its reason is
    reported at its ``at``); ``unique`` the keys whose values together identify an entry,
    compared without case, ``ё`` and extra spaces: a second entry with the same values is an
    error. ``fold_keys``: free keys that differ only so are a repeat too. ``check`` looks at a
    whole entry and returns ``(message, key)`` pairs for what is wrong.
    """

    what: str  # for messages: "[[piece]]", "the manifest"
    fields: dict[str, Field | Table] = field(default_factory=dict)
    each: Field | Table | None = None
    key: Field | None = None
    many: bool = False
    required: bool = False
    anchor: str | None = None
    unique: tuple[str, ...] = ()
    fold_keys: bool = False
    check: Callable[[dict[str, Any]], list[tuple[str, str | None]]] | None = None


@dataclass(frozen=True)
class DataFile:
    """A data file a corpus folder may have: its ``[code]`` key, default name and schema."""

    key: str
    default: str
    schema: Table


# -- where each key stands ----------------------------------------------------------------


class LineIndex:
    """The line of every key and table header of a TOML text, found in one pass.

    >>> LineIndex('[[piece]]\\nat = "004:1"\\n\\n[[piece]]\\nat = "000:1"\\n').line(("piece", 1, "at"))
    5

    A path not indexed (a key inside an inline table) falls back to its nearest indexed
    ancestor: ``("terms", "болван", "like")`` gives the line of ``"болван" = {...}``.
    """

    def __init__(self, text: str):
        self.lines: dict[tuple[Key, ...], int] = {}
        arrays: dict[tuple[Key, ...], int] = {}  # array-of-tables path -> index of its last entry
        table: tuple[Key, ...] = ()
        depth, open_string = 0, None  # inside a multi-line array or string, no key starts a line
        for number, line in enumerate(text.split("\n"), 1):  # TOML's lines: not splitlines()'s \x85 or \u2028
            if depth == 0 and open_string is None:
                stripped = line.lstrip()
                if stripped.startswith("["):
                    many = stripped.startswith("[[")
                    keys, rest = _keys(stripped[2 if many else 1:])
                    path = self._resolve(keys, arrays)
                    if many:
                        self.lines.setdefault(path, number)  # the array itself: its first [[header]]
                        arrays[path] = arrays.get(path, -1) + 1
                        path += (arrays[path],)
                    table = path
                    self.lines.setdefault(table, number)
                    continue
                keys, rest = _keys(stripped)
                if not keys or not rest.lstrip().startswith("="):
                    continue
                for n in range(1, len(keys) + 1):  # dotted keys: a.b = 1 defines a and a.b
                    self.lines.setdefault(table + tuple(keys[:n]), number)
                line = rest.lstrip()[1:]
            depth, open_string = _scan_value(line, depth, open_string)

    @staticmethod
    def _resolve(keys: list[str], arrays: dict[tuple[Key, ...], int]) -> tuple[Key, ...]:
        """A header's keys as a path: ``[piece.note]`` under the third ``[[piece]]`` is
        ``("piece", 2, "note")``."""
        path: tuple[Key, ...] = ()
        for n, key in enumerate(keys):
            path += (key,)
            if path in arrays and n < len(keys) - 1:
                path += (arrays[path],)
        return path

    def line(self, path: tuple[Key, ...]) -> int | None:
        for n in range(len(path), 0, -1):
            if path[:n] in self.lines:
                return self.lines[path[:n]]
        return None


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _keys(text: str) -> tuple[list[str], str]:
    """The dotted key at the start of ``text`` and what follows it:
    ``'"a" . b = 1'`` → ``(["a", "b"], " = 1")``; no key → ``([], text)``."""
    keys: list[str] = []
    rest = text
    while True:
        rest = rest.lstrip(" \t")
        if rest.startswith('"'):
            end = _string_end(rest, 1)
            if end < 0:
                return [], text
            raw = rest[:end + 1]
            keys.append(next(iter(_tomllib().loads(f"{raw} = 0"))) if "\\" in raw else raw[1:-1])  # TOML's escapes
            rest = rest[end + 1:]
        elif rest.startswith("'"):
            end = rest.find("'", 1)
            if end < 0:
                return [], text
            keys.append(rest[1:end])
            rest = rest[end + 1:]
        else:
            m = _BARE_KEY.match(rest)
            if not m:
                return [], text
            keys.append(m.group())
            rest = rest[m.end():]
        after = rest.lstrip(" \t")
        if not after.startswith("."):
            return keys, rest
        rest = after[1:]


def _string_end(text: str, start: int) -> int:
    """The index of the quote closing a basic string opened before ``start`` (-1: none)."""
    i = start
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            return i
        i += 1
    return -1


def _scan_value(text: str, depth: int, open_string: str | None) -> tuple[int, str | None]:
    """Follow brackets and multi-line strings through a line of a value, so that the lines
    of ``uncertain = [\\n "law",\\n]`` or of a ``\"\"\"`` string are not taken for keys."""
    i = 0
    while i < len(text):
        if open_string is not None:
            if open_string == '"""' and text[i] == "\\":
                i += 2
                continue
            if text.startswith(open_string, i):
                i += 3
                while i < len(text) and text[i] == open_string[0]:  # """a"""" ends with a quote
                    i += 1
                open_string = None
                continue
            i += 1
            continue
        c = text[i]
        if c == "#":
            break
        if c in "\"'":
            if text.startswith(c * 3, i):
                open_string, i = c * 3, i + 3
                continue
            end = _string_end(text, i + 1) if c == '"' else text.find("'", i + 1)
            i = len(text) if end < 0 else end + 1
            continue
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return depth, open_string


# -- reading and checking -----------------------------------------------------------------


@dataclass
class Document:
    """A data file read and checked: its data and where each key stands."""

    path: Path
    data: dict[str, Any]
    lines: LineIndex

    def line(self, *path: Key) -> int | None:
        return self.lines.line(path)

    def problem(self, message: str, *path: Key) -> Problem:
        """An error about the value at ``path``, named by this file and that value's line."""
        return Problem("error", message, str(self.path), self.line(*path))


def load(path: Path, schema: Table) -> Document:
    """Read a TOML data file and check it against ``schema``; raise ``CorpusError`` with every
    problem found (file and line each) when it does not fit."""
    text = read_text(path)
    doc = Document(path, parse_toml(text, path), LineIndex(text))
    problems = validate(doc, schema)
    if problems:
        raise CorpusError(problems)
    return doc


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        line = path.read_bytes()[: e.start].count(b"\n") + 1
        raise CorpusError(Problem("error", "not UTF-8 text; save the file as UTF-8", str(path), line)) from None
    except OSError as e:
        raise CorpusError(Problem("error", f"cannot read it: {os_fault(e, path)}", str(path))) from None


# tomllib's words for a repeat, and what they mean to a maintainer


def validate(doc: Document, schema: Table) -> list[Problem]:
    """Every way ``doc.data`` does not fit ``schema``, in file order."""
    problems: list[Problem] = []
    _check_table(doc, schema, doc.data, (), schema.what, problems)
    return sorted(problems, key=lambda p: p.line or 0)


def _check_table(doc: Document, spec: Table, table: dict[str, Any], path: tuple[Key, ...], label: str,
                 problems: list[Problem]) -> None:
    def error(message: str, *at: Key) -> None:
        problems.append(doc.problem(message, *path, *at))

    if spec.each is not None:
        _check_free_keys(doc, spec, table, path, label, problems)
        return
    for key, value in table.items():
        sub = spec.fields.get(key)
        if sub is None:
            error(f"unknown key {key!r} in {label}{_did_you_mean(key, spec.fields)}; "
                  f"allowed: {', '.join(spec.fields)}", key)
        elif isinstance(sub, Table):
            _check_subtable(doc, sub, key, value, path, problems)
        else:
            _check_value(doc, key, sub, value, path + (key,), label, problems)
    # what is wrong with the entry as a whole stands at its anchor (a statement's `at`)
    anchor = (spec.anchor,) if spec.anchor in table else ()
    # a required key whose misspelling stands there has been named already ("did you mean")
    misspelt = {close for key in table if key not in spec.fields
                for close in difflib.get_close_matches(key, list(spec.fields), n=1, cutoff=0.6)}
    for key, sub in spec.fields.items():
        if key not in table and sub.required and key not in misspelt:
            name = sub.what if isinstance(sub, Table) else repr(key)
            error(f"{label} has no {name}, which is required", *anchor)
    if spec.check is not None:
        for message, key in spec.check(table):
            error(message, *((key,) if key else anchor))


def _check_subtable(doc: Document, spec: Table, key: str, value: Any, path: tuple[Key, ...],
                    problems: list[Problem]) -> None:
    at = path + (key,)
    if spec.many:
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            problems.append(doc.problem(f"{key} must be written as {spec.what} tables, not {_toml(value)}", *at))
            return
        if spec.required and not value:
            problems.append(doc.problem(f"there is no {spec.what}; at least one is required", *at))
        seen: dict[tuple, int] = {}
        for n, entry in enumerate(value):
            label = _entry_label(spec, entry, n)
            _check_table(doc, spec, entry, at + (n,), label, problems)
            if spec.unique and all(isinstance(entry.get(k), str) for k in spec.unique):
                identity = tuple(_fold(entry[k]) for k in spec.unique)
                if identity in seen:
                    anchor = (spec.anchor,) if spec.anchor else ()
                    first = doc.line(*at, seen[identity], *anchor)
                    problems.append(doc.problem(f"{label} repeats the one on line {first}; keep one", *at, n, *anchor))
                else:
                    seen[identity] = n
    elif not isinstance(value, dict):
        problems.append(doc.problem(f"{key} must be a table ({spec.what}), not {_toml(value)}", *at))
    else:
        _check_table(doc, spec, value, at, spec.what, problems)


def _check_free_keys(doc: Document, spec: Table, table: dict[str, Any], path: tuple[Key, ...], label: str,
                     problems: list[Problem]) -> None:
    seen: dict[str, str] = {}
    for key, value in table.items():
        at = path + (key,)
        if spec.key is not None and spec.key.pattern is not None and not spec.key.pattern.fullmatch(key):
            problems.append(doc.problem(f"{key!r} in {label} is not {spec.key.form}; write it like {spec.key.example}",
                                        *at))
            continue
        if spec.fold_keys:
            folded = _fold(key)
            if folded in seen:
                first = doc.line(*path, seen[folded])
                problems.append(doc.problem(f"{key!r} in {label} repeats {seen[folded]!r} (line {first}): "
                                            "keys are the same whatever the case and ё; keep one", *at))
                continue
            seen[folded] = key
        entry_label = f"{label} {_toml(key)}"
        if isinstance(spec.each, Table):
            if not isinstance(value, dict):
                problems.append(doc.problem(f"{entry_label} must be a table like {spec.each.what}, not {_toml(value)}",
                                            *at))
            else:
                _check_table(doc, spec.each, value, at, entry_label, problems)
        else:
            _check_value(doc, key, spec.each, value, at, label, problems)


def _check_value(doc: Document, key: str, spec: Field, value: Any, path: tuple[Key, ...], label: str,
                 problems: list[Problem]) -> None:
    def error(message: str) -> None:
        problems.append(doc.problem(message, *path))

    like = f", like {key} = {spec.example}" if spec.example else ""
    if not _is(value, spec.type) or (spec.items and not all(_is(v, spec.items) for v in value)):
        what = TYPE_NAMES[spec.type] + (f" of {_plural(spec.items)}" if spec.items else "")
        error(f"{key} in {label} must be {what}{like}, not {_toml(value)}")
        return
    values = value if spec.type is list else [value]
    if spec.type is str and not spec.blank and not value.strip():
        error(f"{key} in {label} is empty; give it a value{like}" + ("" if spec.required else " or leave the key out"))
        return
    if spec.choices:
        allowed = {c.lower() if spec.ignore_case else c: c for c in spec.choices}
        for v in values:
            if (v.lower() if spec.ignore_case else v) not in allowed:
                error(f"{key} in {label} {'must be one of' if spec.type is str else 'may list only'} "
                      f"{', '.join(spec.choices)}, not {_toml(v)}{_did_you_mean(v, spec.choices)}")
                return
    if spec.pattern is not None and not all(spec.pattern.fullmatch(v) for v in values):
        error(f"{key} in {label} must be {spec.form}{like}, not {_toml(value)}")
        return
    if spec.minimum is not None and value < spec.minimum:
        error(f"{key} in {label} must be at least {spec.minimum}, not {value}")
        return
    if spec.check is not None and (message := spec.check(value)):
        error(f"{key} in {label} {message}, not {_toml(value)}")


def _is(value: Any, kind: type) -> bool:
    # TOML's true is not a number, though Python's bool is an int
    return type(value) is kind or (kind is float and type(value) is int)


def _plural(kind: type) -> str:
    return {str: "text", int: "whole numbers", bool: "true or false"}.get(kind, TYPE_NAMES[kind])


def _entry_label(spec: Table, entry: dict[str, Any], n: int) -> str:
    """``[[piece]] at = "004:1"``; an entry without its anchor: ``[[piece]] number 3``."""
    value = entry.get(spec.anchor) if spec.anchor else None
    if isinstance(value, str) and value.strip():
        return f"{spec.what} {spec.anchor} = {_toml(value)}"
    return f"{spec.what} number {n + 1}"


def _did_you_mean(word: str, known) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _fold(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


def _toml(value: Any) -> str:
    """A value as TOML writes it, shortened: ``["50"]``, ``1.5``, ``true``."""
    if isinstance(value, bool):
        out = "true" if value else "false"
    elif isinstance(value, str):
        out = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, list):
        out = "[" + ", ".join(_toml(v) for v in value) + "]"
    elif isinstance(value, dict):
        out = "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    elif hasattr(value, "isoformat"):
        out = value.isoformat()
    else:
        out = str(value)
    return out if len(out) <= 60 else out[:57] + "…"


# -- the data files -----------------------------------------------------------------------

ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "cp1251": "cp1251", "windows-1251": "cp1251",
             "cp866": "cp866", "ibm866": "cp866", "koi8-r": "koi8-r", "koi8_r": "koi8-r"}
KINDS = SOURCE_KINDS  # model.SOURCE_KINDS: the manifest's kinds

LANG = Field(str, required=True, example='"ru"', pattern=re.compile(r"[a-z]{2,3}"),
             form="a language code")
LAW_NUMBER = re.compile(r"[1-9]\d*")
PIECE = re.compile(r"\s*[^:\s]+\s*:\s*\d+\s*")
COMMENTARY_PARAGRAPH = re.compile(r"[1-9]\d*\.[1-9]\d*")


def _law_range(laws: list[int]) -> str | None:
    if len(laws) != 2 or laws[0] > laws[1] or laws[0] < 1:
        return "must be [first, last], like laws = [1, 93]"
    return None


def _year(year: int) -> str | None:
    return None if 1000 <= year <= 2999 else "must be a year, like published = 1991"


def _alphabet(rules, level: str) -> Alphabet:
    return rules.alphabets.get(level) or Alphabet(("digits",))


def _statement_id(rules) -> Callable[[dict[str, Any]], list[tuple[str, str | None]]]:
    """The check that each level a statement names (the profile's levels, by their names)
    fits a law ID below the levels above it: ``section = "1.5"`` would make nodes ``501.5``.
    A level above it may be left to the text (a continuing piece states only its clause):
    the first label of its alphabet stands in for it. A look-alike letter of another
    script is refused (the label is written as the ID writes it)."""
    levels = rules.levels

    def check(statement: dict[str, Any]) -> list[tuple[str, str | None]]:
        parts = {level: statement.get(level) for level in levels}
        if not all(v is None or isinstance(v, str) for v in parts.values()):
            return []  # a wrong type is reported by its field
        for n, level in enumerate(levels):
            value = parts[level]
            if not value:
                continue
            label = rules.label(level, value)
            made = [rules.label(lv, parts[lv]) if parts[lv] else _alphabet(rules, lv).at(1) for lv in levels[:n]]
            got = rules.parse(rules.law_id("1", *made, label))
            if got is None or got[level] != label or any(c in rules.lookalike_chars for c in value):
                example = rules.law_id("50", *(_alphabet(rules, lv).at(2) for lv in levels))
                return [(f"{level} = {_toml(value)} cannot be part of a law ID (IDs look like {example})", level)]
        return []

    return check


def curation_schema(rules) -> Table:
    """The curation file of a code whose ID rules are ``rules`` (its profile's
    ``grammar.IdRules``): a ``[[piece]]`` names the levels it is in by the profile's names
    (``section``/``clause``/``subclause``/``item`` for the bridge laws, ``part``/``point``
    for a statute), and ``uncertain`` lists any of them or ``law``."""
    levels = rules.levels
    kinds = ("law", *levels)
    return Table("the curation file", {
        "piece": Table("[[piece]]", {
            "at": Field(str, required=True, example='"004:13"', pattern=PIECE, form='"<source>:<line>"'),
            "reason": Field(str, required=True, example='"the footer says page 82"'),
            "page": Field(int, example="82", minimum=1),
            "continues": Field(str, example='"004:13"', pattern=PIECE, form='"<source>:<line>"'),
            "law": Field(str, example='"50"', pattern=LAW_NUMBER, form="a law number"),
            **{level: Field(str, example=_toml(_alphabet(rules, level).at(2))) for level in levels},
            "uncertain": Field(list, items=str, choices=kinds, example=_toml([kinds[min(2, len(kinds) - 1)]])),
            # a commentary piece (its file's start, or text after a page footer): the paragraph it is
            "paragraph": Field(str, example='"47.7"', pattern=COMMENTARY_PARAGRAPH, form="<law>.<number>"),
        }, many=True, anchor="at", check=_statement_id(rules)),
        # furniture the cleaning rules missed: the raw line (or the text in it) is no part of the book
        "drop": Table("[[drop]]", {
            "at": Field(str, required=True, example='"003:12"', pattern=PIECE, form='"<source>:<line>"'),
            "text": Field(str, example='"www.example.ru"'),
            "reason": Field(str, required=True, example='"the web copy\'s address, printed on every page"'),
        }, many=True, anchor="at"),
    })


# the built-in profile's curation file (a corpus folder's is read with its own profile's levels)
CURATION = curation_schema(default_grammar().ids)


def glossary_schema(languages: tuple[str, ...], needed: tuple[str, ...] | None = None) -> Table:
    """The glossary of a code written in ``languages`` (its profile's): each ``[[term]]``
    gives the term in the first language and the same term in the second, each keyed by its
    language code (``ru = "…"``, ``en = "…"`` for the bridge laws), with an optional note
    and ``expand``. A code of one language gives its terms in that one alone. ``needed``:
    the languages a term must give (default both; a corpus with text in one of them alone
    needs that one: an English-only corpus's terms need no ``ru``)."""
    pair = tuple(languages[:2])
    needed = tuple(lang for lang in pair if lang in needed) or pair if needed is not None else pair
    fields: dict[str, Field | Table] = {lang: Field(str, required=lang in needed, example=f'"a term in {lang}"')
                                        for lang in pair}
    fields["note"] = Field(str, example='"a word of the commentary"')
    fields["expand"] = Field(bool, example="false")
    return Table("the glossary", {
        "term": Table("[[term]]", fields, many=True, anchor=needed[0] if needed else None, unique=pair),
    })


# the built-in profile's glossary (a corpus folder's is read with its own profile's languages)
GLOSSARY = glossary_schema(default_profile().languages)

WORD = Field(str, example='"word"', pattern=re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*"), form="one word")

LEXICON = Table("the lexicon", {
    "terms": Table("[terms]", each=Table('{ participle = true, like = "word" }', {
        "participle": Field(bool, example="true"),
        "like": WORD,
    }), key=WORD, fold_keys=True),
    "spellings": Table("[spellings]", each=WORD, key=WORD, fold_keys=True),
})

TITLES = Table("the titles file", {
    # the edition the titles are of: they are given to that edition's laws only
    "edition": Field(str, example='"1987"'),
    "titles": Table("[titles]", each=Field(str, example='"Card Played"'),
                    key=Field(str, example='45 = "Card Played"', pattern=LAW_NUMBER, form="a law number")),
})

# the thesaurus's entries are one-line inline tables: lawsearch/thesaurus.py checks each and
# finds its line (the line index knows tables, not the items of an inline array)
THESAURUS = Table("the thesaurus", {
    "entries": Field(list, items=dict, required=True, example='[{ say = "a word", means = ["a phrase"], why = "…" }]'),
})

# The data files beside the manifest, each named by its [code] key (a default name otherwise).
DATA_FILES = {f.key: f for f in (
    DataFile("curation", "curation.toml", CURATION),
    DataFile("titles", "titles-en.toml", TITLES),
    DataFile("lexicon", "lexicon.toml", LEXICON),
    DataFile("glossary", "glossary.toml", GLOSSARY),
    DataFile("thesaurus", "thesaurus.toml", THESAURUS),
)}

MANIFEST = Table("the manifest", {
    "code": Table("[code]", {
        "title": Field(str, example='"Laws of Duplicate Contract Bridge"'),
        "edition": Field(str, example='"1987"'),
        "laws": Field(list, items=int, example="[1, 93]", check=_law_range),
        "lang": Field(str, example='"ru"', pattern=LANG.pattern, form=LANG.form),
        "profile": Field(str, example='"bridge"'),
        **{key: Field(str, example=f'"{f.default}"') for key, f in DATA_FILES.items()},
    }),
    "source": Table("[[source]]", {
        "path": Field(str, required=True, example='"laws/ru/000_58dbb1f2fde933c1.txt"'),
        "lang": LANG,
        "kind": Field(str, required=True, choices=KINDS, example='"laws"'),
        "edition": Field(str, example='"1987"'),
        "translator": Field(str, blank=True, example='"A. Translator"'),
        "published": Field(int, example="1991", check=_year),
        "encoding": Field(str, choices=("auto", *ENCODINGS), ignore_case=True, example='"auto"'),
        "layout": Field(str, example='"ru-book"'),
        # what `lawsearch add` guessed rather than read (check lists them)
        "detected": Field(list, items=str, choices=("lang", "kind", "edition", "encoding", "layout"),
                          example='["lang", "kind"]'),
    }, many=True, required=True, anchor="path", unique=("path",)),
})
