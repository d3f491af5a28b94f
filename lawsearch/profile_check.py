"""A corpus folder's own ``profile.toml``, checked when it is read: every mistake is an error
naming the file, its line and the key (docs/profiles.md), all of them at once, never a
traceback later in the build.

What is checked: keys the engine does not know (with the nearest known one), the label
alphabets, the levels and what names them (labels, IDs, headings, default layouts), each
layout's heading patterns (placeholders and regular expressions), the citation levels'
label kinds, and the strings (every key the program prints, in every language of the
profile; placeholders the program fills in).

    problems = check_profile(profile, user_data, Path("corpus/profile.toml"))
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from typing import Any

from .grammar import COMMENTARY_GROUPS
from .patterns import expand_letters
from .model import CorpusError, Problem

# the keys a profile may hold (docs/profiles.md): table by table
TOP = {"extends", "replace", "name", "title", "languages", "laws", "strings", "grammar", "layouts", "citations",
       "vocabulary", "editions", "furniture", "apparatus", "hyphenation"}
GRAMMAR = {"levels", "strict_levels", "default_layouts", "labels", "ids", "lookalikes", "letters", "translit",
           "divisions", "joining_words", "joining_endings", "commentary"}
ID_KEYS = {"law", "commentary", "commentary_item", "definitions", "footnote", "division", "piece", "anchor"}
LAYOUT = {"lang", "cleaning", "wrapping", "capitals", "headings", "examples", "lists", "bullets", "base", "stream", "note_marks",
          "label_letters"}
CITATIONS = {"see", "after", "earlier", "later", "conjunctions", "ranges", "quotes", "query_words", "levels", "of", "add"}
CITATION_LEVEL = {"level", "words", "lemmas", "label", "bare", "this", "this_before", "absolute"}
CITATION_ADDED = {"words", "lemmas"}  # what [citations.<lang>.add.<level>] may add to a level
DIVISION = {"word", "slug", "label"}
VOCABULARY = {"lexicon", "glossary", "titles", "thesaurus", "titles_lang"}
WRAPPING = {"headings", "sentences"}
ALPHABET_WORDS = ("digits", "roman")
HEADING_PLACEHOLDERS = {"law", "label", "within", "numeral", "division", "title", "Title", "title?"}
# the groups a heading must hold, by kind (a level's: its label); the engine reads them from every match
HEADING_GROUPS = {"law": {"law"}, "division": {"division", "numeral"}}
# what the tree's kinds are called besides the levels: no level may take one of these names
RESERVED_KINDS = {"law", "division", "piece", "commentary", "footnote"}
LEVEL_NAME = re.compile(r"[A-Za-z]\w*")
# a placeholder: braces around a name (a regular expression's {2} or {1,3} is a count)
PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w?]*)\}")


def check_profile(profile, user: dict[str, Any], path: Path) -> list[Problem]:
    """Every mistake of a folder's profile (``user``: its own TOML; ``profile``: merged with
    what it extends), each naming ``path``, the line and the key."""
    text = _text(path)
    out: list[Problem] = []

    def error(message: str, *keys: str, line: int | None = None) -> None:
        out.append(Problem("error", f"[{'.'.join(keys[:-1])}] {keys[-1]}: {message}" if len(keys) > 1
                           else f"{keys[0]}: {message}", str(path), line or line_of(text, keys)))

    _unknown(user, TOP, (), error)
    data = profile.data
    grammar = data.get("grammar", {})
    if not isinstance(grammar, dict):
        error("must be a table", "grammar")
        return out
    _unknown(user.get("grammar", {}), GRAMMAR, ("grammar",), error)
    if "laws" in user:
        laws = user["laws"]
        if not (isinstance(laws, list) and len(laws) == 2 and all(type(x) is int and x > 0 for x in laws)
                and laws[0] <= laws[1]):
            error(f"must be the code's first and last law, e.g. [1, 12]: {laws!r}", "laws")
    languages = data.get("languages", [])
    if not isinstance(languages, list) or not languages or not all(isinstance(x, str) for x in languages):
        error('must be a list of language codes, e.g. ["en"]', "languages")
        languages = []
    levels = grammar.get("levels", [])
    if not isinstance(levels, list) or not all(isinstance(x, str) for x in levels):
        error(f'must be a list of level names, outermost first, e.g. ["section", "clause"]: {levels!r}',
              "grammar", "levels")
        return out  # what names a level would only repeat this
    for i, level in enumerate(levels):
        if level in levels[:i]:
            error(f"the level {level!r} is listed twice: {levels!r}", "grammar", "levels")
        elif level in RESERVED_KINDS or not LEVEL_NAME.fullmatch(level):
            error(f"{level!r} cannot name a level: a level's name is a word of letters, digits and _ "
                  f"starting with a letter, other than {', '.join(sorted(RESERVED_KINDS))}", "grammar", "levels")
    if len(set(levels)) != len(levels):
        return out  # every pattern naming the levels would fail on the repeated one
    _check_types(user, error, text)
    _check_labels(grammar, levels, user, error)
    ids = grammar.get("ids", {})
    for key in user.get("grammar", {}).get("ids", {}):
        if key not in ID_KEYS and key not in levels:
            error(f"no such level or ID{_hint(key, [*levels, *ID_KEYS])} (levels: {', '.join(levels) or 'none'})",
                  "grammar", "ids", key)
    for level in levels:
        if level not in ids:
            error(f"the level {level!r} has no ID format (e.g. {level} = \"({{label}})\")", "grammar", "ids")
    layouts = data.get("layouts", {})
    for lang, name in grammar.get("default_layouts", {}).items():
        if name not in layouts:
            error(f"no layout {name!r}{_hint(name, list(layouts))} (layouts: {', '.join(layouts) or 'none'})",
                  "grammar", "default_layouts", lang)
        if languages and lang not in languages and lang in user.get("grammar", {}).get("default_layouts", {}):
            error(f"{lang!r} is not one of the profile's languages ({', '.join(languages)})",
                  "grammar", "default_layouts", lang)
    for lang, words in user.get("grammar", {}).get("divisions", {}).items():
        for d in words if isinstance(words, list) else []:
            if isinstance(d, dict):
                _unknown(d, DIVISION, ("grammar", "divisions"), error)
                _check_pattern(d.get("word"), "(?:{})$", set(), error, "grammar", "divisions", lang, "word",
                               own_groups=False)
    for lang, table in user.get("grammar", {}).get("commentary", {}).items():
        for key, needed in COMMENTARY_GROUPS.items():
            if isinstance(table, dict) and key in table:
                item = table.get("item_label", "(?!)")
                _check_pattern(table[key], "^{}$", needed, error, "grammar", "commentary", lang, key,
                               fill={"{law}": "(?P<law>\\d+)", "{para}": "(?P<para>\\d+)",
                                     "{item}": f"(?P<item>{item})", "{sub}": f"(?P<sub>{item})"})
        if isinstance(table, dict) and "item_label" in table:
            _check_pattern(table["item_label"], "(?:{})", set(), error, "grammar", "commentary", lang, "item_label")
    for lang, table in user.get("apparatus", {}).items():
        front = table.get("front", {}) if isinstance(table, dict) else {}
        for key, patterns in (front.items() if isinstance(front, dict) else ()):
            for pattern in patterns if isinstance(patterns, list) else [patterns]:
                _check_pattern(pattern, "{}", set(), error, "apparatus", lang, "front", key)
    for name, table in user.get("layouts", {}).items():
        if isinstance(table, dict):
            _check_layout(profile, name, table, levels, layouts, error)
            lang = table.get("lang")
            if languages and isinstance(lang, str) and lang not in languages:
                error(f"{lang!r} is not one of the profile's languages ({', '.join(languages)}): the layout's "
                      f"division words, joining words and citations are those of its language", "layouts", name, "lang")
    for lang, table in user.get("citations", {}).items():
        if not isinstance(table, dict):
            continue
        if languages and lang not in languages:
            error(f"{lang!r} is not one of the profile's languages ({', '.join(languages)})", "citations", lang)
        _unknown(table, CITATIONS, ("citations", lang), error)
        _check_citation_levels(table, lang, error)
        _check_added_words(table, data.get("citations", {}).get(lang, {}), lang, error)
    _unknown(user.get("vocabulary", {}), VOCABULARY, ("vocabulary",), error)
    _check_strings(profile, user, languages, error)
    return out


def _check_labels(grammar: dict, levels: list[str], user: dict, error) -> None:
    own = user.get("grammar", {}).get("labels", {})
    for level, alphabet in grammar.get("labels", {}).items():
        if levels and level not in levels and level in own:
            error(f"no such level{_hint(level, levels)} (levels: {', '.join(levels)})", "grammar", "labels", level)
        for kind in alphabet if isinstance(alphabet, list) else [alphabet]:
            problem = alphabet_problem(kind)
            if problem:
                error(problem, "grammar", "labels", level)
    for level in levels:
        if level not in grammar.get("labels", {}):
            error(f'the level {level!r} has no label alphabet (e.g. {level} = "digits")', "grammar", "labels")


def alphabet_problem(kind: Any) -> str | None:
    """What is wrong with one label alphabet, or None: ``"digits"``, ``"roman"``, the letters
    in order (``"abcdefgh"``) or ranges of them (``"a-z"``, ``"A–Z"``, ``"a-hj-z"``).

    >>> alphabet_problem("digitz")
    'unknown alphabet \\'digitz\\' (did you mean "digits"?); an alphabet is "digits", "roman", the letters in order ("abcdefgh") or a range ("a-z")'
    >>> alphabet_problem("a-z") is None, alphabet_problem("A–Z") is None
    (True, True)
    """
    accepted = '"digits", "roman", the letters in order ("abcdefgh") or a range ("a-z")'
    if not isinstance(kind, str) or not kind:
        return f"an alphabet is {accepted}: {kind!r}"
    if kind in ALPHABET_WORDS:
        return None
    close = difflib.get_close_matches(kind.lower(), ALPHABET_WORDS, n=1, cutoff=0.6)
    letters = expand_letters(kind)
    if close or len(set(letters)) != len(letters) or not all(c.isalpha() for c in letters):
        hint = f' (did you mean "{close[0]}"?)' if close else ""
        return f"unknown alphabet {kind!r}{hint}; an alphabet is {accepted}"
    return None


def _check_layout(profile, name: str, table: dict, levels: list[str], layouts: dict, error) -> None:
    from .grammar import Grammar

    _unknown(table, LAYOUT, ("layouts", name), error)
    if "wrapping" in table and table["wrapping"] not in WRAPPING:
        error(f"must be one of {', '.join(sorted(WRAPPING))}: {table['wrapping']!r}", "layouts", name, "wrapping")
    base = table.get("base")
    for b in (base.values() if isinstance(base, dict) else [base] if base else []):
        if b not in layouts:
            error(f"no layout {b!r}{_hint(b, list(layouts))}", "layouts", name, "base")
    kinds = ["division", "law", *levels]
    for part in ("headings", "examples"):
        for kind, value in table.get(part, {}).items():
            if kind not in kinds:
                error(f"no such kind{_hint(kind, kinds)} (a heading is one of: {', '.join(kinds)})",
                      "layouts", name, part, kind)
            elif part == "headings":
                for typo in set(PLACEHOLDER.findall(str(value))) - HEADING_PLACEHOLDERS:
                    error(f"unknown placeholder {{{typo}}}{_hint(typo, sorted(HEADING_PLACEHOLDERS), braces=True)}"
                          f" (placeholders: {', '.join('{' + p + '}' for p in sorted(HEADING_PLACEHOLDERS))})",
                          "layouts", name, part, kind)
    try:
        grammar = Grammar(profile.data, profile.name)
    except re.error:
        return  # a division word that is no pattern: named where the divisions are checked
    for kind, template in table.get("headings", {}).items():
        if kind in kinds and isinstance(template, str):
            try:
                compiled = grammar._heading(template, kind, table, [])
            except CorpusError as e:
                reason = re.search(r"\((.*)\):", e.problems[0].message)
                error(f"not a valid pattern ({reason[1] if reason else e}): {template}", "layouts", name, "headings", kind)
                continue
            needed = HEADING_GROUPS.get(kind, {"label"})
            missing = sorted(needed - set(compiled.groupindex))
            if missing:
                error(f"the {kind} heading must hold {', '.join('{' + g + '}' for g in missing)} (what the line "
                      f"gives the {kind}): {template}", "layouts", name, "headings", kind)
            if "{within}" in template and (kind not in levels or levels.index(kind) == 0):
                error(f"{{within}} is the label of the level above, and the {kind} heading has none: {template}",
                      "layouts", name, "headings", kind)
            _check_example(grammar, name, table, kind, template, error)


def _check_example(grammar, name: str, table: dict, kind: str, template: str, error) -> None:
    """A layout's example of a heading (``[layouts.<name>.examples]``) is read by its own
    heading pattern: one that fails it would read every such heading of the text as text. A
    label two levels share is read by the one the builder reads it with and placed by the
    alphabets (a roman "(i)" under the letters' "(h)"): an example another heading of the
    layout reads is no error."""
    example = table.get("examples", {}).get(kind)
    if not isinstance(example, str) or not example.strip():
        return
    divisions = [d for d in grammar.ids.divisions if d.lang == table.get("lang")]

    def reads(each: str, pattern: Any) -> bool:
        try:
            return isinstance(pattern, str) and grammar._heading(pattern, each, table, divisions).match(
                example.strip()) is not None
        except CorpusError:
            return False  # named as an invalid pattern

    if not reads(kind, template) and not any(reads(k, p) for k, p in table.get("headings", {}).items() if k != kind):
        error(f"the {kind} heading does not read its own example {example!r}: {template}",
              "layouts", name, "examples", kind)


def _check_pattern(pattern: Any, frame: str, needed: set[str], error, *keys: str,
                   fill: dict[str, str] | None = None, own_groups: bool = True) -> None:
    """A regular expression of the profile: a string, valid (once its placeholders are filled
    in and it is put in its ``frame``), holding the ``needed`` groups; with ``own_groups``
    False, none of its own (it is joined into a larger pattern with others)."""
    if pattern is None:
        return
    if not isinstance(pattern, str):
        error(f"must be a string (a regular expression): {pattern!r}", *keys)
        return
    text = pattern
    for key, value in (fill or {}).items():
        text = text.replace(key, value)
    try:
        compiled = re.compile(frame.replace("{}", text))
    except re.error as e:
        error(f"not a valid pattern ({e}): {pattern}", *keys)
        return
    missing = sorted(needed - set(compiled.groupindex))
    if missing:
        error(f"must hold {', '.join(missing)} (the engine reads {'them' if len(missing) > 1 else 'it'}): {pattern}",
              *keys)
    if not own_groups and compiled.groupindex:
        error(f"may hold no named group ({', '.join(compiled.groupindex)}): it is joined into the headings' "
              f"patterns with the others: {pattern}", *keys)


# the type every value of these keys must have (where the table holds the key): a string where a
# list is expected would be read letter by letter, a list where a string is a crash
LISTS_OF_STRINGS = {
    ("languages",), ("replace",), ("grammar", "levels"), ("layouts", "*", "cleaning"), ("layouts", "*", "note_marks"),
    ("layouts", "*", "label_letters"),
    ("grammar", "joining_words", "*"), ("grammar", "joining_endings", "*"), ("citations", "*", "see"), ("citations", "*", "after"),
    ("citations", "*", "conjunctions"), ("citations", "*", "ranges"), ("citations", "*", "quotes"),
    ("citations", "*", "query_words"), ("citations", "*", "of"), ("citations", "*", "earlier"), ("citations", "*", "later"), ("citations", "*", "levels", "*", "words"),
    ("citations", "*", "levels", "*", "this"), ("citations", "*", "levels", "*", "this_before"),
    ("citations", "*", "levels", "*", "lemmas"),
    ("citations", "*", "add", "*", "words"), ("citations", "*", "add", "*", "lemmas"),
}
STRINGS = {
    ("extends",), ("grammar", "default_layouts", "*"), ("grammar", "ids", "*"), ("grammar", "lookalikes", "from"),
    ("grammar", "lookalikes", "to"), ("grammar", "translit", "*"), ("grammar", "letters", "*"),
    ("layouts", "*", "lang"), ("layouts", "*", "wrapping"), ("layouts", "*", "capitals"),
    ("layouts", "*", "bullets"), ("layouts", "*", "headings", "*"), ("layouts", "*", "examples", "*"),
    ("citations", "*", "levels", "*", "level"), ("citations", "*", "levels", "*", "label"),
    ("grammar", "divisions", "*", "*", "word"), ("grammar", "divisions", "*", "*", "slug"),
    ("grammar", "divisions", "*", "*", "label"), ("vocabulary", "*"),
}
BOOLEANS = {("grammar", "strict_levels"), ("layouts", "*", "lists"), ("layouts", "*", "stream"),
            ("citations", "*", "levels", "*", "bare"), ("citations", "*", "levels", "*", "absolute")}
TABLES = {("grammar",), ("grammar", "labels"), ("grammar", "ids"), ("grammar", "default_layouts"),
          ("grammar", "translit"), ("grammar", "lookalikes"), ("grammar", "divisions"), ("grammar", "commentary"),
          ("layouts",), ("layouts", "*"), ("layouts", "*", "headings"), ("layouts", "*", "examples"),
          ("citations",), ("citations", "*"), ("citations", "*", "add"), ("citations", "*", "add", "*"),
          ("strings",), ("vocabulary",)}
LISTS_OF_TABLES = {("citations", "*", "levels"), ("grammar", "divisions", "*")}


def _check_types(user: dict, error, text: list[str]) -> None:
    """Every value of the folder's own TOML whose key has a known type has that type; one in an
    array of tables is named by its element's line."""
    def walk(value: Any, keys: tuple[str, ...], element: tuple[tuple[str, ...], int] | None = None) -> None:
        def known(shapes: set) -> bool:
            return any(len(shape) == len(keys) and all(s in ("*", k) for s, k in zip(shape, keys)) for shape in shapes)

        line = _element_line(text, *element, keys[-1]) if element else None

        def say(message: str) -> None:
            error(message, *_named(keys), line=line)

        if known(LISTS_OF_STRINGS) and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            say(f"must be a list of strings, e.g. {json.dumps([value], ensure_ascii=False)}" if isinstance(value, str)
                else f"must be a list of strings: {value!r}")
        elif known(STRINGS) and not isinstance(value, str):
            say(f"must be a string: {value!r}")
        elif known(BOOLEANS) and not isinstance(value, bool):
            say(f"must be true or false: {value!r}")
        elif known(TABLES) and not isinstance(value, dict):
            say(f"must be a table: {value!r}")
        elif known(LISTS_OF_TABLES) and not (isinstance(value, list) and all(isinstance(v, dict) for v in value)):
            say(f"must be a list of tables ([[{'.'.join(_named(keys))}]]): {value!r}")
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, (*keys, str(k)), element)
        elif isinstance(value, list) and known(LISTS_OF_TABLES):
            for i, v in enumerate(value):
                walk(v, (*keys, "*"), (_named(keys), i))

    walk(user, ())


def _element_line(text: list[str], table: tuple[str, ...], index: int, key: str) -> int | None:
    """The line of ``key`` in the ``index``-th element of the array of tables ``table``
    (``[[citations.en.levels]]``), else of that element's header."""
    seen, header = -1, None
    for n, line in enumerate(text, 1):
        m = HEADER.match(line)
        if m:
            if header is not None:
                break  # the element ended without the key
            if line.lstrip().startswith("[[") and _path(m[1]) == table:
                seen += 1
                if seen == index:
                    header = n
            continue
        if header is not None and (a := ASSIGN.match(line)) and _path(a[1])[-1:] == (key,):
            return n
    return header


def _named(keys: tuple[str, ...]) -> tuple[str, ...]:
    """A key path as its TOML writes it: an array of tables' element has no name of its own."""
    return tuple(k for k in keys if k != "*")


def _check_citation_levels(table: dict, lang: str, error) -> None:
    from .patterns import LABEL_KINDS

    for level in table.get("levels", []):
        if not isinstance(level, dict):
            continue
        _unknown(level, CITATION_LEVEL, ("citations", lang, "levels"), error)
        label = level.get("label")
        if label not in LABEL_KINDS:
            error(f"unknown label kind {label!r}{_hint(str(label), sorted(LABEL_KINDS))} "
                  f"(kinds: {', '.join(sorted(LABEL_KINDS))})", "citations", lang, "levels", "label")


def _check_added_words(table: dict, merged: dict, lang: str, error) -> None:
    """``[citations.<lang>.add.<level>]``: each names a level the language's table has (its
    own or the inherited one's) and adds only words or lemmas to it."""
    added = table.get("add", {})
    if not isinstance(added, dict):
        return
    names = [lv.get("level") for lv in merged.get("levels", []) if isinstance(lv, dict)]
    for name, words in added.items():
        if name not in names:
            error(f"no citation level {name!r} to add words to{_hint(str(name), [str(n) for n in names])} "
                  f"(levels of {lang!r}: {', '.join(map(str, names)) or 'none'})", "citations", lang, "add", name)
        elif isinstance(words, dict):
            _unknown(words, CITATION_ADDED, ("citations", lang, "add", name), error)


def _check_strings(profile, user: dict, languages: list[str], error) -> None:
    from .profile import NAMED, neutral_strings

    reference = next(iter(neutral_strings().values()), {})  # every key the program prints
    for lang in languages:
        table = profile.strings(lang)
        missing = sorted(k for k in reference if k not in table and not k.endswith(NAMED))
        if missing:
            error(f"{len(missing)} strings the program prints are missing in {lang!r} (the engine has no neutral "
                  f"wording in this language): {', '.join(missing)}", "strings", lang)
    for lang, own in user.get("strings", {}).items():
        if not isinstance(own, dict):
            continue
        if languages and lang not in languages:
            # never read: the site, show and the exports print only the profile's languages
            error(f"{lang!r} is not one of the profile's languages ({', '.join(languages)}): add it to "
                  "languages or remove the table", "strings", lang)
            continue
        for key, value in own.items():
            base = key.removesuffix(NAMED)
            if base not in reference:
                error(f"no such string{_hint(key, list(reference))}", "strings", lang, key)
            elif not isinstance(value, str):
                error("must be a string", "strings", lang, key)
            else:
                allowed = set(PLACEHOLDER.findall(reference[base]))
                for typo in sorted(set(re.findall(r"\{(\w*)\}", value)) - allowed):
                    error(f"unknown placeholder {{{typo}}}{_hint(typo, sorted(allowed), braces=True)} (this string "
                          f"takes: {', '.join('{' + p + '}' for p in sorted(allowed)) or 'none'})",
                          "strings", lang, key)


def _unknown(table: Any, known: set[str], where: tuple[str, ...], error) -> None:
    if not isinstance(table, dict):
        return
    for key in table:
        if key not in known:
            error(f"unknown key{_hint(key, sorted(known))} (known here: {', '.join(sorted(known))})", *where, key)


def _hint(word: str, choices: list[str], braces: bool = False) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {{{close[0]}}}?)" if braces else f" (did you mean {close[0]!r}?)"


def _text(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
ASSIGN = re.compile(r"""^\s*((?:"[^"]*"|'[^']*'|[\w.-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[\w-]+))*)\s*=""")


def _path(dotted: str) -> tuple[str, ...]:
    return tuple(p.strip().strip("\"'") for p in re.findall(r"\"[^\"]*\"|'[^']*'|[^.]+", dotted))


def line_of(lines: list[str], keys: tuple[str, ...]) -> int | None:
    """The line of a TOML file where ``keys`` (a table path and a key) is written: the key's
    assignment under its table, else the table's header, else the key anywhere.

    >>> line_of(["[a]", "x = 1", "[a.b]", "x = 2"], ("a", "b", "x"))
    4
    """
    want = tuple(keys)
    table: tuple[str, ...] = ()
    header_line = anywhere = None
    for n, line in enumerate(lines, 1):
        m = HEADER.match(line)
        if m:
            table = _path(m[1])
            if table == want or (header_line is None and table == want[:-1]):
                if table == want:
                    return n
                header_line = n
            continue
        m = ASSIGN.match(line)
        if m:
            full = table + _path(m[1])
            if full == want:
                return n
            if anywhere is None and want and _path(m[1])[-1:] == want[-1:]:
                anywhere = n
            if header_line is None and want[:len(full)] == full and len(full) < len(want):
                header_line = n  # an inline table holding the key: default_layouts = { en = "…" }
    return header_line or anywhere
