"""Code profiles: what the engine knows about one code of laws, as data.

A profile declares, for one code and each language it is written in, everything the
pipeline would otherwise hard-code: the levels of the tree and how each is written, the
division vocabulary, citation forms, ID rules, cleaning steps, the strings ``show`` and the
site print, and the code's vocabulary (lexicon, glossary, titles, thesaurus). Built-in
profiles live in ``lawsearch/profiles/<name>/profile.toml`` with their vocabulary files
beside them; the manifest chooses one (``[code] profile = "bridge"``, the default).

A corpus folder may hold its own ``profile.toml``: it extends the built-in profile it names
(``extends = "bridge"``, default the manifest's choice) key by key -- a table merges into
the built-in one, any other value replaces it -- or, with ``extends = ""``, stands alone
for a code we don't ship.

    profile = load_profile("bridge")
    profile.text("ru", "law", id="50")      # 'Правило 50'
    profile.text("en", "law", id="50")      # 'Law 50'

This module imports nothing from the package but ``model`` (and ``profile_check``, which
checks a corpus folder's own profile, when it reads one).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import tempfile
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from .problems import CorpusError, Problem
from .tomltext import parse_toml

BUILTIN = Path(__file__).resolve().parent / "profiles"
DEFAULT = "bridge"
USER_FILE = "profile.toml"


@dataclass(frozen=True)
class Profile:
    """One code's grammar and vocabulary, merged from the built-in file and a corpus
    folder's own (``origin`` lists the files, built-in first)."""

    name: str
    data: dict[str, Any]
    origin: tuple[Path, ...] = ()
    folders: tuple[Path, ...] = field(default=())  # where vocabulary files are looked up, built-in first
    # ``strings(lang)`` per language, made on first use: a page asks for hundreds of strings, and
    # merging the tables (and reading the neutral ones) each time was a sixth of a build
    _strings: dict[str, dict[str, str]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def title(self) -> str:
        return self.data.get("title", self.name)

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.data.get("languages", ()))

    def strings(self, lang: str) -> dict[str, str]:
        """Every string the site and ``show`` print in ``lang``; a key the language lacks
        falls back to the profile's first language. Made once per language (the profile's
        data is read, never changed, once loaded): read it, never change it."""
        kept = self._strings.get(lang)
        if kept is None:
            kept = self._strings[lang] = self._merged_strings(lang)
        return kept

    def _merged_strings(self, lang: str) -> dict[str, str]:
        table = self.data.get("strings", {})
        first = self.languages[0] if self.languages else lang
        own = table.get(lang, {})
        # the engine's neutral wording in this language stands under the profile's own
        merged = {**table.get(first, {}), **neutral_strings().get(lang, {}), **own}
        # a fallback's variant of a string this language says its own way is not this language's
        return {k: v for k, v in merged.items()
                if not (k.endswith(NAMED) and k not in own and k.removesuffix(NAMED) in own)}

    def text(self, lang: str, key: str, **values: Any) -> str:
        """One string, filled in: ``text("ru", "law", id="50") == "Правило 50"``."""
        template = template_for(self.strings(lang), key, values)
        if template is None:
            raise KeyError(f"profile {self.name!r} has no string {key!r} for {lang!r}")
        return template.format(**values)

    def vocabulary(self, role: str) -> list[Path]:
        """The files of one vocabulary role ("lexicon", "glossary", "titles", "thesaurus"),
        built-in first, then the corpus folder's: a later file extends and overrides."""
        out = []
        for folder, names in zip(self.folders, self._vocabulary_names()):
            name = names.get(role)
            if name == "":
                out = []  # a later profile's empty name drops the role's files inherited so far
            elif name and (folder / name).is_file():
                out.append(folder / name)
        return out

    def _vocabulary_names(self) -> list[dict[str, str]]:
        return [dict(v) for v in self.data.get("_vocabulary_by_folder", [])]


def of(corpus) -> Profile:
    """The profile a ``Corpus`` was read with; one read back from corpus.json names it in
    ``code["profile"]``, and its corpus folder (where a ``profile.toml`` may extend it) in
    its fingerprint.

    ``of(build_corpus(Path("corpus"))).text("ru", "law", id="50") == "Правило 50"``
    """
    if corpus.profile is not None:
        return corpus.profile
    folder = (corpus.fingerprint or {}).get("corpus")
    root = Path(folder) if isinstance(folder, str) and Path(folder).is_dir() else None
    try:
        return load_profile(corpus.code.get("profile", DEFAULT), root)
    except CorpusError:
        return load_profile(corpus.code.get("profile", DEFAULT))


def _line_of_key(path: Path, key: str) -> str:
    """``path:N`` where the TOML file's top-level ``key`` is written, else ``path``."""
    try:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.match(rf"\s*{re.escape(key)}\s*=", line):
                return f"{path}:{n}"
    except (OSError, UnicodeDecodeError):
        pass
    return str(path)


def builtin_names() -> list[str]:
    """The profiles shipped with lawsearch: ``["bridge", …]``."""
    return sorted(p.parent.name for p in BUILTIN.glob(f"*/{USER_FILE}"))


def load_profile(name: str = DEFAULT, corpus_root: Path | None = None) -> Profile:
    """The built-in profile ``name``, extended by ``corpus_root/profile.toml`` when there
    is one. Raises ``CorpusError`` naming the file for an unknown name or a bad file."""
    origin: list[Path] = []
    folders: list[Path] = []
    layers: list[dict[str, Any]] = []
    user = _read(corpus_root / USER_FILE) if corpus_root and (corpus_root / USER_FILE).is_file() else None
    base = user.get("extends", name) if user is not None else name
    if base:
        path = BUILTIN / base / USER_FILE
        if not path.is_file():
            known = ", ".join(builtin_names()) or "none"
            where = _line_of_key(corpus_root / USER_FILE, "extends") if user is not None and "extends" in user else None
            close = difflib.get_close_matches(str(base), builtin_names(), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            if user is not None and "extends" not in user:
                # a folder's profile.toml of a code's own: it must say it extends no built-in one
                hint += (f"; {corpus_root / USER_FILE} is a profile of its own: write extends = \"\" at its top "
                         f"(or extends = one of the built-in profiles)")
            raise CorpusError(Problem("error", f"no built-in profile {base!r}{hint} (built in: {known})", where))
        layers.append(_read(path))
        origin.append(path)
        folders.append(path.parent)
    if user is not None and name and "extends" in user and name not in builtin_names() \
            and name not in (USER_FILE, user.get("name"), str(corpus_root / USER_FILE)):
        # the manifest names a profile that is none: not a built-in one, nor the folder's own
        # (called by its file or by the name it gives itself) -- never silently the folder's
        known = ", ".join(builtin_names()) or "none"
        close = difflib.get_close_matches(str(name), builtin_names(), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise CorpusError(Problem("error", f"no profile {name!r}{hint}: it is no built-in one ({known}) and the "
                                           f"folder's {USER_FILE} " + (f"calls itself {user['name']!r}; " if user.get("name")
                                                                       else "gives itself no name; ") +
                                           f"write profile = \"{USER_FILE}\" for the folder's own, or give it "
                                           f"name = {name!r}"))
    if user is not None:
        replaced = user.get("replace", [])
        if layers and isinstance(replaced, list):
            # the tables the folder's profile names in ``replace`` stand alone: the inherited
            # one is dropped, not merged into (a code's own wording without the built-in's)
            layers[0] = _without(layers[0], [str(r) for r in replaced])
        if layers and isinstance(user.get("languages"), list):
            layers[0] = _only_languages(layers[0], set(map(str, user["languages"])))
        layers.append({k: v for k, v in user.items() if k not in ("extends", "replace")})
        origin.append(corpus_root / USER_FILE)
        folders.append(corpus_root)
    data: dict[str, Any] = {}
    for layer in layers:
        data = merge(data, layer)
    data["_vocabulary_by_folder"] = [layer.get("vocabulary", {}) for layer in layers]
    # a folder's profile of its own is called as the manifest calls it ("rowing"), else by its
    # file (a manifest naming no profile, or a built-in one the file does not extend)
    own_name = name if name and name not in builtin_names() else str(corpus_root / USER_FILE) if user is not None else name
    profile = Profile(data.get("name", base or own_name), data, tuple(origin), tuple(folders))
    if user is not None:
        from .profile_check import check_profile  # here: a built-in profile is checked by the tests

        problems = check_profile(profile, user, corpus_root / USER_FILE)
        if problems:
            raise CorpusError(problems)
    return profile


# the tables of a profile keyed by language code
LANGUAGE_TABLES = ("strings", "citations", "apparatus", "furniture", "hyphenation", "grammar.default_layouts",
                   "grammar.divisions", "grammar.joining_words", "grammar.joining_endings",
                   "grammar.commentary")


def _only_languages(data: dict[str, Any], languages: set[str]) -> dict[str, Any]:
    """An inherited profile's data in ``languages`` only: a folder's profile that declares
    its languages inherits no table of another (an English code's profile built on the
    bridge laws' has no Russian strings, citations or default layout)."""
    out = dict(data)
    for path in LANGUAGE_TABLES:
        head, _, rest = path.partition(".")
        holder = out
        if rest:
            if not isinstance(out.get(head), dict):
                continue
            holder = out[head] = dict(out[head])
            head = rest
        if isinstance(holder.get(head), dict):
            holder[head] = {k: v for k, v in holder[head].items() if k in languages}
    return out


def _without(data: dict[str, Any], paths: list[str]) -> dict[str, Any]:
    """``data`` less the tables named by dotted ``paths`` (``"strings"``, ``"strings.en"``)."""
    out = dict(data)
    for path in paths:
        head, _, rest = path.partition(".")
        if head in out:
            if rest and isinstance(out[head], dict):
                out[head] = _without(out[head], [rest])
            elif not rest:
                del out[head]
    return out


NEUTRAL = BUILTIN / "strings.toml"


@lru_cache(maxsize=1)
def neutral_strings() -> dict[str, dict[str, str]]:
    """The engine's neutral strings per language (``profiles/strings.toml``): what a
    profile's ``[strings.<lang>]`` falls back to for a key it does not give."""
    return _read(NEUTRAL).get("strings", {})


@lru_cache(maxsize=1)
def default_profile() -> Profile:
    """The built-in default profile, read once: what a module's patterns compiled at import
    and a caller with no corpus use. Shared: read it, never change its data."""
    return load_profile()


# the profile of the corpus being built, shown or searched (``active``): what the module-level
# helpers with no corpus at hand (``ids.anchor``, ``ids.normalize``, …) read
_ACTIVE: ContextVar["Profile | None"] = ContextVar("lawsearch_active_profile", default=None)


def active() -> Profile:
    """The profile of the corpus being worked on (``activated``), else the default one."""
    profile = _ACTIVE.get()
    return profile if profile is not None else default_profile()


@contextmanager
def activated(profile: "Profile | None"):
    """Make ``profile`` the active one for the ``with`` block (None: leave it as it is).

    >>> with activated(load_profile("statute-ru")):
    ...     active().name
    'statute-ru'
    >>> active().name
    'bridge'
    """
    if profile is None:
        yield active()
        return
    token = _ACTIVE.set(profile)
    try:
        yield profile
    finally:
        _ACTIVE.reset(token)


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` on top of ``base``: tables merge key by key, anything else replaces.

    >>> merge({"strings": {"ru": {"law": "Правило {id}", "see": "см."}}},
    ...       {"strings": {"ru": {"law": "Статья {id}"}}})["strings"]["ru"]
    {'law': 'Статья {id}', 'see': 'см.'}
    """
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


# parsed built-in profiles, as JSON beside the package's compiled files: tomllib is pure
# Python, and every command (a search too) reads the built-in profiles at start-up
PARSED = Path(__file__).parent / "__pycache__"


def _read(path: Path) -> dict[str, Any]:
    """A profile file's TOML; a built-in one's from its parsed copy in ``PARSED`` when that
    was made from a file of the same size and time (as Python reuses a compiled module)."""
    builtin = BUILTIN in (path.parent, path.parent.parent)
    if builtin:
        data = _parsed(path)
        if data is not None:
            return data

    try:
        # a syntax error names the file and the line as a manifest's does (the line an
        # unclosed bracket opens on, not the line after it where the parser noticed)
        data = parse_toml(path.read_text(encoding="utf-8"), path)
    except CorpusError as e:
        raise CorpusError([replace(p, message=p.message.replace("not valid TOML", "the profile is not valid TOML", 1))
                           for p in e.problems]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise CorpusError(Problem("error", f"cannot read the profile: {e}", str(path))) from None
    if builtin:
        _keep_parsed(path, data)
    return data


def _parsed_key(path: Path) -> list:
    stat = path.stat()
    return [str(path), stat.st_size, stat.st_mtime_ns]


def _parsed_file(path: Path) -> Path:
    return PARSED / (f"profile-{path.parent.name}.json" if path.parent != BUILTIN else f"profiles-{path.stem}.json")


def _parsed(path: Path) -> dict[str, Any] | None:
    try:
        kept = json.loads(_parsed_file(path).read_text(encoding="utf-8"))
        return kept["data"] if kept["key"] == _parsed_key(path) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None  # none kept yet, or of another shape: parse the TOML


def _keep_parsed(path: Path, data: dict[str, Any]) -> None:
    try:
        text = json.dumps({"key": _parsed_key(path), "data": data}, ensure_ascii=False)
        if json.loads(text)["data"] != data:
            return  # a value JSON does not carry as it is (a TOML date): parse it each time
        PARSED.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".profile-", dir=PARSED)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, _parsed_file(path))
    except (OSError, TypeError, ValueError):
        pass  # a read-only install: parsed each time, the same data


NAMED = "_named"  # a string's variant for an edition named otherwise than by its year


def template_for(strings: dict[str, str], key: str, values: dict[str, Any]) -> str | None:
    """The string ``key`` for these values: its ``<key>_named`` variant, where the profile has
    one, when the ``edition`` it names is not a year (digits only) -- «ред. 2017 г.» but
    «ред. «club»», where «г.» would say "year".

    >>> template_for({"e": "{edition} г.", "e_named": "«{edition}»"}, "e", {"edition": "club"})
    '«{edition}»'
    """
    edition = values.get("edition")
    if edition is not None and not str(edition).isdigit() and key + NAMED in strings:
        return strings[key + NAMED]
    return strings.get(key)

