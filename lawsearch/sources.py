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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import schema
from .model import CorpusError, Problem, Source
from .patterns import LAYOUTS
from .schema import DATA_FILES, ENCODINGS, KINDS, Document

MANIFEST = "manifest.toml"
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
    data_files: dict[str, Path] = field(default_factory=dict)  # "lexicon", "glossary", … -> path
    documents: dict[str, Document] = field(default_factory=dict)  # the same, read and checked
    inputs: str = ""

    @property
    def law_range(self) -> tuple[int, int]:
        low, high = self.code.get("laws", [1, 93])
        return int(low), int(high)


def read_corpus_folder(root: Path) -> CorpusFolder:
    """Read the manifest and every file it names; raise CorpusError naming what is wrong.

    Every data file is checked against its schema (lawsearch/schema.py) here, so ``check``
    and ``build`` refuse the same input with the same words.
    """
    root = Path(root)
    manifest_path = root / MANIFEST
    if not manifest_path.is_file():
        raise CorpusError(Problem("error", f"no {MANIFEST} in the corpus folder", str(root)))
    manifest = schema.load(manifest_path, schema.MANIFEST)
    code = dict(manifest.data.get("code", {}))
    code.setdefault("laws", [1, 93])
    digest = hashlib.sha256(manifest_path.read_bytes())

    sources: list[Source] = []
    texts: dict[str, list[str]] = {}
    listed: set[Path] = set()
    problems: list[Problem] = []
    for n, entry in enumerate(manifest.data["source"]):
        try:
            source, lines, data = _read_source(root, entry, manifest, n)
        except CorpusError as e:
            problems += e.problems
            continue
        if source.id in texts:
            problems.append(manifest.problem(f"two sources named {source.id}; give each raw file its own name",
                                             "source", n, "path"))
            continue
        sources.append(source)
        texts[source.id] = lines
        listed.add((root / entry["path"]).resolve())
        digest.update(source.path.encode() + b"\0" + data)
    if problems:
        raise CorpusError(problems)

    for kind in KINDS:
        for path in sorted((root / kind).rglob("*")) if (root / kind).is_dir() else []:
            if path.is_file() and path.suffix in RAW_SUFFIXES and path.resolve() not in listed:
                raise CorpusError(Problem(
                    "error", f"not listed in {MANIFEST}: add a [[source]] entry for it (path = \"{path.relative_to(root)}\")",
                    str(path)))

    folder = CorpusFolder(root=root, code=code, sources=sources, texts=texts)
    for key, data_file in DATA_FILES.items():
        path = root / code.get(key, data_file.default)
        if not path.is_file():
            if key in code:
                problems.append(manifest.problem(
                    f"the manifest names {code[key]} as the {key} file, but there is no such file", "code", key))
            continue
        digest.update(path.read_bytes())
        try:
            folder.documents[key] = schema.load(path, data_file.schema)
        except CorpusError as e:
            problems += e.problems
            continue
        folder.data_files[key] = path
    if "curation" in folder.documents:
        folder.curation, found = read_curation(folder.documents["curation"], sources, folder.law_range)
        folder.curation_path = f"{root.name}/{code.get('curation', DATA_FILES['curation'].default)}"
        problems += found
    if "titles" in folder.documents:
        folder.titles_en, found = read_titles(folder.documents["titles"], folder.law_range)
        problems += found
    if problems:
        raise CorpusError(problems)
    folder.inputs = digest.hexdigest()
    return folder


def _read_source(root: Path, entry: dict[str, Any], manifest: Document,
                 n: int) -> tuple[Source, list[str], bytes]:
    """One [[source]] entry (already checked against the schema) and its raw file."""
    def fail(message: str, key: str = "path") -> CorpusError:
        return CorpusError(manifest.problem(message, "source", n, key))

    if not (root / entry["path"]).resolve().is_relative_to(root.resolve()):
        raise fail(f"{entry['path']} is outside the corpus folder; raw files live under it")
    if entry["kind"] == "laws" and entry["lang"] not in LAYOUTS:
        raise fail(f"no law-text layout is known for lang {entry['lang']!r}; known: {', '.join(LAYOUTS)}", "lang")
    path = root / entry["path"]
    if not path.is_file():
        raise fail(f"the manifest names {entry['path']}, but there is no such file")
    data = path.read_bytes()
    declared = str(entry.get("encoding", "auto")).lower()
    text, encoding = decode(data, declared, str(path))
    lines = LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    source = Source(
        id=path.stem,
        path=f"{root.name}/{entry['path']}",
        lang=entry["lang"],
        kind=entry["kind"],
        edition=entry.get("edition", ""),
        translator=entry.get("translator", ""),
        encoding=encoding,
        sha256=hashlib.sha256(data).hexdigest(),
        published=entry.get("published"),
    )
    return source, lines, data


def decode(data: bytes, declared: str, where: str) -> tuple[str, str]:
    """Decode a raw file: UTF-8 (with or without BOM), cp1251, cp866 or KOI8-R.

    With ``declared == "auto"`` the encoding is detected: strict UTF-8 first, else
    charset-normalizer restricted to the three Cyrillic code pages.
    Returns ``(text, encoding name)``; raises CorpusError for empty, binary or
    undecodable data.
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
            raise CorpusError(Problem("error", f"not valid {codec}: byte {data[e.start]:#04x} cannot be decoded", where, line)) from None
        return text, codec
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes  # deferred: only non-UTF-8 files need it

    best = from_bytes(data, cp_isolation=["cp1251", "cp866", "koi8_r"]).best()
    if best is None or best.encoding not in ("cp1251", "cp866", "koi8_r"):
        raise CorpusError(Problem("error", "cannot tell the encoding (not UTF-8, cp1251, cp866 or KOI8-R); set encoding in the manifest", where))
    codec = ENCODINGS[best.encoding]
    return data.decode(codec), codec


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def read_curation(doc: Document, sources: list[Source],
                  law_range: tuple[int, int]) -> tuple[list[CurationStatement], list[Problem]]:
    """The statements of a curation file (checked against ``schema.CURATION``), each naming
    its piece as "<source>:<line>"; and the problems only the sources can show (a prefix
    naming no source or several, a piece stated twice, a law outside the code)."""
    statements: list[CurationStatement] = []
    problems: list[Problem] = []
    pieces = PieceNames(sources)
    first: dict[tuple[str, int], int] = {}  # piece -> line of the statement about it
    for n, entry in enumerate(doc.data.get("piece", [])):
        try:
            at = pieces.resolve(entry["at"], "at")
            continues = pieces.resolve(entry["continues"], "continues") if "continues" in entry else None
        except ValueError as e:
            message, key = e.args
            problems.append(doc.problem(message, "piece", n, key))
            continue
        line = doc.line("piece", n, "at")
        if at in first:
            problems.append(doc.problem(f"a second statement about {entry['at'].strip()}; the first is on line "
                                        f"{first[at]}: keep one", "piece", n, "at"))
            continue
        first[at] = line
        law = entry.get("law")
        if law is not None and not law_range[0] <= int(law) <= law_range[1]:
            problems.append(doc.problem(f"law {law} is outside the code's laws {law_range[0]}-{law_range[1]} "
                                        "([code] laws in the manifest)", "piece", n, "law"))
            continue
        statements.append(CurationStatement(
            at=at,
            reason=entry["reason"],
            line=line,
            page=entry.get("page"),
            continues=continues,
            law=law,
            section=entry["section"].upper() if "section" in entry else None,
            clause=entry.get("clause"),
            subclause=entry["subclause"].lower() if "subclause" in entry else None,
            uncertain=tuple(entry.get("uncertain", ())),
        ))
    return statements, problems


class PieceNames:
    """Pieces named as "<source>:<line>", where <source> is a file's stem or a unique prefix
    of it; an exact stem wins over a prefix (docs/decisions.md). Every prefix of every stem
    is indexed once, so naming N pieces costs N look-ups, not N scans of the sources.

        PieceNames(folder.sources).resolve("004:13", "at")   # ('004_2b7fbdb2e57633ce', 13)
    """

    def __init__(self, sources: list[Source]):
        self.stems = {s.id for s in sources}
        self.prefixes: dict[str, list[str]] = {}
        for s in sources:
            for n in range(1, len(s.id) + 1):
                self.prefixes.setdefault(s.id[:n], []).append(s.id)

    def resolve(self, text: str, key: str) -> tuple[str, int]:
        """The (source id, line) ``text`` names; ValueError(message, key) when its prefix
        names no source or several."""
        name, _, line = text.partition(":")
        name = name.strip()
        if name in self.stems:
            return name, int(line)
        matches = self.prefixes.get(name, [])
        if len(matches) != 1:
            what = "no source" if not matches else f"{len(matches)} sources ({', '.join(matches[:3])})"
            raise ValueError(f"{name!r} names {what}; use a unique prefix of a file name", key)
        return matches[0], int(line)


def read_titles(doc: Document, law_range: tuple[int, int]) -> tuple[dict[str, str], list[Problem]]:
    """Law number → English title, from a titles file checked against ``schema.TITLES``."""
    titles, problems = {}, []
    for law, title in doc.data.get("titles", {}).items():
        if not law_range[0] <= int(law) <= law_range[1]:
            problems.append(doc.problem(f"law {law} is outside the code's laws {law_range[0]}-{law_range[1]} "
                                        "([code] laws in the manifest)", "titles", law))
        titles[law] = title
    return titles, problems


@dataclass(frozen=True)
class GlossaryTerm:
    """A pair of ``glossary.toml``: this translation's term and the English code's."""

    ru: str
    en: str
    note: str = ""
    expand: bool = True


def read_glossary(path: Path | None) -> list[GlossaryTerm]:
    """The terms of a glossary file, checked against ``schema.GLOSSARY``."""
    if path is None or not path.is_file():
        return []
    return [GlossaryTerm(t["ru"], t["en"], t.get("note", ""), t.get("expand", True))
            for t in schema.load(path, schema.GLOSSARY).data.get("term", [])]
