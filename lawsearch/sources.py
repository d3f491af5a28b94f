"""Reading the corpus folder: the manifest, the raw files, the curation and title files.

The first stage of the pipeline. Every problem is a ``CorpusError`` naming the file (and
line where there is one); nothing here raises anything else for bad input.

    corpus = read_corpus_folder(Path("corpus"))
    corpus.sources[0].encoding     # "utf-8" (detected: the manifest says "auto")
    corpus.texts["000_58dbb1f2fde933c1"][10]   # raw line 11, decoded
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import plausibility
from .model import CorpusError, Problem, Source, os_fault
from .patterns import LAYOUTS

MANIFEST = "manifest.toml"
ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "cp1251": "cp1251", "windows-1251": "cp1251",
             "cp866": "cp866", "ibm866": "cp866", "koi8-r": "koi8-r", "koi8_r": "koi8-r"}
CODECS = tuple(dict.fromkeys(ENCODINGS.values()))  # utf-8, cp1251, cp866, koi8-r
KINDS = ("laws", "commentary")
DATA_FILES = ("curation", "titles", "lexicon", "glossary", "thesaurus")
CODE_KEYS = {"title", "edition", "laws", "lang", *DATA_FILES}
SOURCE_KEYS = {"path", "lang", "kind", "edition", "translator", "published", "encoding"}
RAW_SUFFIXES = (".txt",)
LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class CurationStatement:
    """One [[piece]] of the curation file; see the comments at the top of curation.toml."""

    at: tuple[str, int]  # (source id, first raw line)
    reason: str
    line: int  # where the statement stands in the curation file
    page: int | None = None
    continues: tuple[str, int] | None = None
    law: str | None = None
    section: str | None = None
    clause: str | None = None
    subclause: str | None = None
    uncertain: tuple[str, ...] = ()


@dataclass
class CorpusFolder:
    """Everything read from a corpus folder, decoded, before any cleaning."""

    root: Path
    code: dict[str, Any]
    sources: list[Source]
    texts: dict[str, list[str]]  # source id -> raw lines (no line breaks)
    curation: list[CurationStatement] = field(default_factory=list)
    curation_path: str | None = None
    titles_en: dict[str, str] = field(default_factory=dict)
    data_files: dict[str, Path] = field(default_factory=dict)  # "lexicon", "glossary" -> path
    inputs: str = ""

    @property
    def law_range(self) -> tuple[int, int]:
        low, high = self.code.get("laws", [1, 93])
        return int(low), int(high)


def read_corpus_folder(root: Path) -> CorpusFolder:
    """Read the manifest and every file it names; raise CorpusError naming what is wrong."""
    root = Path(root)
    manifest_path = root / MANIFEST
    if not _present(manifest_path):
        raise CorpusError(Problem("error", f"no {MANIFEST} in the corpus folder", str(root)))
    manifest = _load_toml(manifest_path)
    _check_keys(manifest, {"code", "source"}, "top-level table", manifest_path)
    code = dict(manifest.get("code", {}))
    _check_keys(code, CODE_KEYS, "[code] key", manifest_path)
    digest = hashlib.sha256(read_bytes(manifest_path))
    _check_law_range(code, manifest_path)

    entries = manifest.get("source")
    if not isinstance(entries, list) or not entries:
        raise CorpusError(Problem("error", "the manifest lists no [[source]]", str(manifest_path)))

    sources: list[Source] = []
    texts: dict[str, list[str]] = {}
    listed: set[Path] = set()
    for n, entry in enumerate(entries, 1):
        try:
            source, lines, data = _read_source(root, entry, manifest_path, n)
        except CorpusError as e:
            # the line of the entry is looked up only now: scanning the manifest per source costs
            line = _line_of(manifest_path, "path", str(entry.get("path", ""))) or None
            raise CorpusError([p if p.line or p.path != str(manifest_path) else replace(p, line=line)
                               for p in e.problems]) from None
        if source.id in texts:
            line = _line_of(manifest_path, "path", str(entry.get("path", "")))
            raise CorpusError(Problem("error", f"two sources named {source.id}", str(manifest_path), line))
        sources.append(source)
        texts[source.id] = lines
        listed.add((root / entry["path"]).resolve())  # read above, so no link loop
        digest.update(source.path.encode() + b"\0" + data)

    for kind in KINDS:
        for path in sorted((root / kind).rglob("*")) if (root / kind).is_dir() else []:
            if path.is_file() and path.suffix in RAW_SUFFIXES and path.resolve() not in listed:
                raise CorpusError(Problem(
                    "error", f"not listed in {MANIFEST}: add a [[source]] entry for it (path = \"{path.relative_to(root)}\")",
                    str(path)))

    for key in DATA_FILES:
        if key in code and not _present(root / code[key]):
            raise CorpusError(Problem("error", f"the manifest names {code[key]} as the {key} file, but there is no such file",
                                      str(manifest_path), _line_of(manifest_path, key, str(code[key])) or None))
    folder = CorpusFolder(root=root, code=code, sources=sources, texts=texts)
    curation_name = code.get("curation", "curation.toml")
    curation_path = root / curation_name
    if _present(curation_path):
        digest.update(read_bytes(curation_path))
        folder.curation = read_curation(curation_path, sources)
        folder.curation_path = f"{root.name}/{curation_name}"
    titles_path = root / code.get("titles", "titles-en.toml")
    if _present(titles_path):
        digest.update(read_bytes(titles_path))
        titles = _load_toml(titles_path).get("titles", {})
        folder.titles_en = {str(k): str(v) for k, v in titles.items()}
    for key, default in (("lexicon", "lexicon.toml"), ("glossary", "glossary.toml"), ("thesaurus", "thesaurus.toml")):
        path = root / code.get(key, default)
        if _present(path):
            digest.update(read_bytes(path))
            _load_toml(path)  # a syntax error is reported here, naming the file and line
            folder.data_files[key] = path
    folder.inputs = digest.hexdigest()
    return folder


def _read_source(root: Path, entry: dict[str, Any], manifest_path: Path,
                 n: int) -> tuple[Source, list[str], bytes]:
    def fail(message: str) -> CorpusError:
        return CorpusError(Problem("error", message, str(manifest_path)))  # the caller adds the line

    for key in ("path", "lang", "kind"):
        if not entry.get(key):
            raise fail(f"[[source]] number {n} has no '{key}'")
    _check_keys(entry, SOURCE_KEYS, "[[source]] key", manifest_path)
    if not _inside(root / entry["path"], root):
        raise fail(f"{entry['path']} is outside the corpus folder; raw files live under it")
    if entry["kind"] not in KINDS:
        raise fail(f"kind must be one of {', '.join(KINDS)}, not {entry['kind']!r}")
    if entry["kind"] == "laws" and entry["lang"] not in LAYOUTS:
        raise fail(f"no law-text layout is known for lang {entry['lang']!r}; known: {', '.join(LAYOUTS)}")
    path = root / entry["path"]
    if not _present(path):
        raise fail(f"the manifest names {entry['path']}, but there is no such file")
    if path.exists() and not path.is_file() and not path.is_dir():
        # reading a named pipe or a device would wait for ever
        raise fail(f"cannot read {entry['path']}: it is not a regular file (a pipe or a device)")
    try:
        data = path.read_bytes()
    except OSError as e:
        raise fail(f"cannot read {entry['path']}: {os_fault(e, path)}") from None
    declared = str(entry.get("encoding", "auto")).lower()
    if declared != "auto" and declared not in ENCODINGS:
        at = _line_of(manifest_path, "encoding", str(entry.get("encoding"))) or None
        raise CorpusError(Problem("error", f"unknown encoding {declared!r} for {entry['path']}; use auto, "
                                  f"{', '.join(sorted(set(ENCODINGS.values())))}", str(manifest_path), at))
    text, encoding = decode(data, declared, str(path), str(entry["lang"]))
    lines = LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    source = Source(
        id=path.stem,
        path=f"{root.name}/{entry['path']}",
        lang=str(entry["lang"]),
        kind=str(entry["kind"]),
        edition=str(entry.get("edition", "")),
        translator=str(entry.get("translator", "")),
        encoding=encoding,
        sha256=hashlib.sha256(data).hexdigest(),
        published=entry.get("published"),
    )
    return source, lines, data


def _present(path: Path) -> bool:
    """Something is there, readable or not: a file, a folder, or a symbolic link even if it
    loops or points nowhere (reading it then says which)."""
    return path.exists() or path.is_symlink()


def _inside(path: Path, root: Path) -> bool:
    """Whether ``path`` is under ``root`` once symbolic links are followed. A link that
    loops cannot be followed: it counts as inside, and reading it says what is wrong."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # RuntimeError: a link loop (Python < 3.13)
        return True


def read_bytes(path: Path) -> bytes:
    """A file's bytes, or a CorpusError naming it and saying what is wrong: no permission,
    a symbolic link that loops or points nowhere, a folder.

    >>> read_bytes(Path("corpus/manifest.toml"))[:6]    # doctest: +SKIP
    b'[code]'
    """
    try:
        return path.read_bytes()
    except OSError as e:
        raise CorpusError(Problem("error", f"cannot read it: {os_fault(e, path)}", str(path))) from None


def decode(data: bytes, declared: str, where: str, lang: str = "ru") -> tuple[str, str]:
    """Decode a raw file: UTF-8 (with or without BOM), cp1251, cp866 or KOI8-R.

    With ``declared == "auto"`` the encoding is detected: strict UTF-8 first, else the one
    of the three Cyrillic code pages whose reading is clearly the most plausible text in
    ``lang`` (lawsearch/plausibility.py), else charset-normalizer's pick among them.
    A declared code page must read as ``lang`` too: one that gives mojibake while another
    reads right is an error naming the right one.
    Returns ``(text, encoding name)``; raises CorpusError for empty, binary, undecodable
    or misread data.

    >>> decode("Правило 50.".encode("koi8-r"), "auto", "x.txt")
    ('Правило 50.', 'koi8-r')
    """
    if not data.strip():
        raise CorpusError(Problem("error", "the file is empty", where))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CorpusError(Problem("error", "the file is UTF-16, which is not supported; save it as UTF-8", where))
    if b"\x00" in data:
        raise CorpusError(Problem("error", "the file looks binary (it has NUL bytes), not text", where))
    if declared != "auto":
        codec = ENCODINGS.get(declared)
        if codec is None:
            raise CorpusError(Problem("error", f"unknown encoding {declared!r}; use auto, {', '.join(sorted(set(ENCODINGS.values())))}", where))
        if codec != "utf-8" and not data.isascii() and _is_utf8(data):
            raise CorpusError(Problem("error", f"the manifest says {codec}, but the file is UTF-8; declare utf-8 or auto", where))
        try:
            text = data.decode("utf-8-sig" if codec == "utf-8" else codec)
        except UnicodeDecodeError as e:
            line = data[: e.start].count(b"\n") + 1
            better = plausibility.better_reading(plausibility.readings(data, lang, CODECS), None)
            hint = f"; it reads as {plausibility.language_name(lang)} in {better.codec}: declare that or auto" if better else ""
            raise CorpusError(Problem("error", f"not valid {codec}: byte {data[e.start]:#04x} cannot be decoded{hint}",
                                      where, line)) from None
        # strict UTF-8 that decodes is UTF-8; a code page that reads well needs no rivals
        if codec != "utf-8" and not data.isascii() and not plausibility.beyond_doubt(data, lang, codec):
            _check_reading(data, text, codec, lang, where, CODECS)
        return text, codec
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes  # deferred: only non-UTF-8 files need it

    best = from_bytes(data, cp_isolation=["cp1251", "cp866", "koi8_r"]).best()
    detected = ENCODINGS[best.encoding] if best is not None and best.encoding in ("cp1251", "cp866", "koi8_r") else None
    code_pages = [c for c in CODECS if c != "utf-8"]
    found = plausibility.readings(data, lang, code_pages)
    better = plausibility.better_reading(found, detected)
    # the best reading last: when no code page reads as the language, it is the one to blame
    nowhere = plausibility.read_nowhere(found)
    for codec in dict.fromkeys(c for c in (better and better.codec, detected, nowhere and nowhere.codec) if c):
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            found.pop(codec, None)  # the sample the model read lacked the one byte this code page lacks
            continue
        _check_reading(data, text, codec, lang, where, code_pages, found, said=f"detected as {codec}")
        return text, codec
    raise CorpusError(Problem("error", "cannot tell the encoding (not UTF-8, cp1251, cp866 or KOI8-R); set encoding in the manifest", where))


def _check_reading(data: bytes, text: str, codec: str, lang: str, where: str, codecs,
                   found: dict | None = None, said: str = "") -> None:
    """Raise when ``codec``'s reading of ``data`` is not text in ``lang``: naming the code
    page that reads it right, or saying that none of ``codecs`` does."""
    found = plausibility.readings(data, lang, codecs) if found is None else found
    better = plausibility.better_reading(found, codec)
    nowhere = None if better else plausibility.read_nowhere(found)
    if better is None and nowhere is None:
        return
    name = plausibility.language_name(lang)
    own = found.get(codec)
    share = f"{own.percent()} of its words are {name} words" if own and own.words else f"no word of it is {name}"
    line, excerpt = plausibility.first_wrong_line(text, lang) or (None, "")
    shown = f"«{excerpt}», " if excerpt else ""
    if better is not None:
        message = (f"{said or f'the manifest says {codec}'}, but so read the text is not {name} ({shown}{share}); "
                   f"it is {name} in {better.codec} ({better.percent()}): declare {better.codec} or auto")
    else:
        message = (f"the text is not {name} in {codec} ({shown}{share}) nor in any other of {', '.join(CODECS)}: "
                   "is it in another encoding or another language?")
    raise CorpusError(Problem("error", message, where, line))


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def read_curation(path: Path, sources: list[Source]) -> list[CurationStatement]:
    """Parse the curation file into statements; each names its piece as "<source>:<line>"."""
    data = _load_toml(path)
    statements = []
    allowed = {"at", "reason", "page", "continues", "law", "section", "clause", "subclause", "uncertain"}
    for entry in data.get("piece", []):
        at_text = str(entry.get("at", ""))
        line = _line_of(path, "at", at_text)
        where = str(path)
        unknown = set(entry) - allowed
        if unknown:
            raise CorpusError(Problem("error", f"unknown key {sorted(unknown)[0]!r} in a [[piece]] statement", where, line))
        if not entry.get("reason"):
            raise CorpusError(Problem("error", f"the statement about {at_text or '?'} gives no reason", where, line))
        uncertain = tuple(entry.get("uncertain", ()))
        bad = [u for u in uncertain if u not in ("law", "section", "clause", "subclause", "item")]
        if bad:
            raise CorpusError(Problem("error", f"uncertain names {bad[0]!r}; use law, section, clause, subclause or item", where, line))
        statements.append(CurationStatement(
            at=_piece_ref(at_text, sources, where, line),
            reason=str(entry["reason"]),
            line=line,
            page=_int_or_none(entry.get("page"), "page", where, line),
            continues=_piece_ref(str(entry["continues"]), sources, where, line) if "continues" in entry else None,
            law=str(entry["law"]) if "law" in entry else None,
            section=str(entry["section"]).upper() if "section" in entry else None,
            clause=str(entry["clause"]) if "clause" in entry else None,
            subclause=str(entry["subclause"]).lower() if "subclause" in entry else None,
            uncertain=uncertain,
        ))
    return statements


def _piece_ref(text: str, sources: list[Source], where: str, line: int) -> tuple[str, int]:
    m = re.fullmatch(r"\s*([^:\s]+)\s*:\s*(\d+)\s*", text)
    if not m:
        raise CorpusError(Problem("error", f"a piece is named \"<source>:<line>\" (like \"004:13\"), not {text!r}", where, line))
    matches = [s.id for s in sources if s.id == m[1]] or [s.id for s in sources if s.id.startswith(m[1])]
    if len(matches) != 1:
        what = "no source" if not matches else f"{len(matches)} sources ({', '.join(matches[:3])})"
        raise CorpusError(Problem("error", f"{m[1]!r} names {what}; use a unique prefix of a file name", where, line))
    return matches[0], int(m[2])


def _int_or_none(value: Any, key: str, where: str, line: int) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int):
        raise CorpusError(Problem("error", f"{key} must be a number, not {value!r}", where, line))
    return value


def _check_keys(table: dict, allowed: set[str], what: str, path: Path) -> None:
    """A misspelt key (``encodng``) would be silently ignored: name it instead."""
    for key in table:
        if key not in allowed:
            raise CorpusError(Problem("error", f"unknown {what} {key!r}; known: {', '.join(sorted(allowed))}",
                                      str(path), _line_of(path, key, "") or None))


def _check_law_range(code: dict[str, Any], path: Path) -> None:
    laws = code.setdefault("laws", [1, 93])
    if not (isinstance(laws, list) and len(laws) == 2 and all(isinstance(x, int) for x in laws) and laws[0] <= laws[1]):
        raise CorpusError(Problem("error", f"[code] laws must be [first, last], like [1, 93], not {laws!r}",
                                  str(path), _line_of(path, "laws", "")))


def _load_toml(path: Path) -> dict[str, Any]:
    try:
        # newlines as read_text gives them: a lone CR is a line break in an old file
        return tomllib.loads(read_bytes(path).decode("utf-8").replace("\r\n", "\n").replace("\r", "\n"))
    except UnicodeDecodeError:
        raise CorpusError(Problem("error", "not UTF-8 text", str(path))) from None
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column \d+\)", str(e))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
        raise CorpusError(Problem("error", f"not valid TOML: {message}", str(path), int(m[1]) if m else None)) from None


def _line_of(path: Path, key: str, value: str) -> int:
    """The line of ``key = "value"`` in a TOML file, for error messages (0 when not found)."""
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=\s*" + (rf"[\"']{re.escape(value)}[\"']" if value else ""))
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return 0  # the file itself is reported unreadable where it is read
    for n, text in enumerate(lines, 1):
        if pattern.match(text):
            return n
    return 0


@dataclass(frozen=True)
class GlossaryTerm:
    """A pair of ``glossary.toml``: this translation's term and the English code's."""

    ru: str
    en: str
    note: str = ""
    expand: bool = True


def read_glossary(path: Path | None) -> list[GlossaryTerm]:
    if path is None or not path.is_file():
        return []
    data = _load_toml(path)
    terms = []
    for n, entry in enumerate(data.get("term", []), 1):
        if not entry.get("ru") or not entry.get("en"):
            raise CorpusError(Problem("error", f"glossary term number {n} needs both ru and en", str(path),
                                      _line_of(path, "ru", str(entry.get("ru", ""))) or None))
        terms.append(GlossaryTerm(entry["ru"], entry["en"], entry.get("note", ""), bool(entry.get("expand", True))))
    return terms
