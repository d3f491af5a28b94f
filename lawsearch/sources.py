"""Reading the corpus folder: the manifest, the raw files, the curation and title files.

The first stage of the pipeline. Every problem is a ``CorpusError`` naming the file (and
line where there is one); nothing here raises anything else for bad input.

    corpus = read_corpus_folder(Path("corpus"))
    corpus.sources[0].encoding     # "utf-8" (detected: the manifest says "auto")
    corpus.texts["000_58dbb1f2fde933c1"][10]   # raw line 11, decoded
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import formats, plausibility, schema
from .freshness import Fingerprint, raw_files
from .model import CorpusError, Problem, Source, os_fault
from .grammar import Grammar, default_grammar
from .profile import BUILTIN as BUILTIN_PROFILES, DEFAULT as DEFAULT_PROFILE, USER_FILE as PROFILE_FILE, Profile, default_profile, load_profile
from .schema import DATA_FILES, ENCODINGS, KINDS, Document

MANIFEST = "manifest.toml"
CODECS = tuple(dict.fromkeys(ENCODINGS.values()))  # utf-8, cp1251, cp866, koi8-r
RAW_SUFFIXES = formats.SUFFIXES
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
    # the levels below the law it states, outermost first: (level, label as the ID writes
    # it), each level by its profile's name (("section", "E"), ("clause", "2"))
    parts: tuple[tuple[str, str], ...] = ()
    uncertain: tuple[str, ...] = ()
    paragraph: str | None = None  # a commentary piece: the paragraph it is ("47.7")
    rule: str = "curated"  # the attribution it gives: "curated", or the contents' "toc" / "page" (placement.py)

    def part(self, level: str) -> str | None:
        """The label it states for ``level`` (``"law"`` or one of the profile's levels), or None."""
        return self.law if level == "law" else dict(self.parts).get(level)


@dataclass
class CorpusFolder:
    """Everything read from a corpus folder, decoded, before any cleaning."""

    root: Path
    code: dict[str, Any]
    sources: list[Source]
    texts: dict[str, list[str]]  # source id -> raw lines (no line breaks)
    # source id -> where each raw line stood in its file ("page 3, line 12", "paragraph 4")
    places: dict[str, list[str]] = field(default_factory=dict)
    # source id -> what its reader left out (a web page's furniture): (before line, rule, text)
    dropped: dict[str, list[tuple[int, str, str]]] = field(default_factory=dict)
    # source id -> the manifest values lawsearch add guessed ("lang", "kind", "edition")
    detected: dict[str, list[str]] = field(default_factory=dict)
    curation: list[CurationStatement] = field(default_factory=list)
    drops: list = field(default_factory=list)  # the curation file's [[drop]] statements (DropStatement)
    curation_path: str | None = None
    titles_en: dict[str, str] = field(default_factory=dict)
    titles_edition: str | None = None  # the edition the titles files say they are of (none: any)
    # the laws whose title only the profile's built-in titles file gives (the real code's): a
    # translation's own heading for that number is its text's, and wins (alignment.merge)
    titles_builtin: set[str] = field(default_factory=set)
    # source path -> raw line -> traces of damage on it before cleaning (lawsearch/overlap.py)
    raw_traces: dict[str, dict[int, int]] = field(default_factory=dict)
    profile: Profile | None = None  # the code's profile (lawsearch/profile.py), the manifest's [code] profile
    # "lexicon", "glossary", … -> the files of that role, the profile's first: a later one extends
    vocabulary: dict[str, list[Path]] = field(default_factory=dict)
    documents: dict[str, list[Document]] = field(default_factory=dict)  # the same, read and checked
    inputs: str = ""
    fingerprint: Fingerprint | None = None  # every input file read, to tell later whether a build is current
    profile: Profile | None = None  # the code's profile ([code] profile, extended by the folder's profile.toml)
    grammar: Grammar | None = None  # compiled from it: levels, ID rules, layouts
    layouts: dict[str, str] = field(default_factory=dict)  # source id -> the layout its law text is printed in
    # what the readers said of files they read whole (formats.Document.warnings): warnings naming the file
    warnings: list[Problem] = field(default_factory=list)
    # the ids of the sources whose reader found their end lost (formats.Document.truncated)
    truncated: frozenset[str] = frozenset()
    # source id -> the raw lines (1-based) its markup says are the book's own (an FB2 epigraph's,
    # a text's author): never furniture by repetition (``formats.Document.content``)
    content: dict[str, frozenset[int]] = field(default_factory=dict)
    indents: dict[str, dict[int, int]] = field(default_factory=dict)  # list layouts: source id -> raw line -> indentation
    # the book's contents entries (placement.ContentsEntry), from a contents source: they place headless pieces
    contents: list = field(default_factory=list)
    placements: dict = field(default_factory=dict)  # (source id, first line) -> placement.Placement, from the pages stage

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
    fingerprint = Fingerprint(root)
    if not _present(manifest_path):
        # raw files and no manifest: read with what `lawsearch add` would detect
        manifest, manifest_bytes = _implicit_manifest(root)
        manifest_stat = None
    else:
        manifest_stat = _stat(manifest_path)  # before reading: a change made meanwhile shows as a newer time
        manifest = schema.load(manifest_path, schema.MANIFEST)
        manifest_bytes = read_bytes(manifest_path)
    code = dict(manifest.data.get("code", {}))
    try:
        profile = load_profile(code.get("profile", DEFAULT_PROFILE), root)
        grammar = Grammar.from_profile(profile)
    except CorpusError as e:
        if e.problems[0].path is not None:
            raise
        raise CorpusError(manifest.problem(e.problems[0].message, "code", "profile")) from None
    # the code's laws: the manifest's [code] laws, else its profile's ``laws`` (a code's own
    # profile.toml: laws = [1, 3]), else the bridge laws' 1-93
    code.setdefault("laws", list(profile.data.get("laws", [1, 93])))
    folder_detected = {path_stem(e["path"]): list(e.get("detected", [])) for e in manifest.data["source"]
                       if e.get("detected")}
    digest = hashlib.sha256(manifest_bytes)
    if _present(manifest_path):
        fingerprint.add(manifest_path, manifest_bytes, manifest_stat)
    else:
        fingerprint.add_absent(manifest_path)  # one written later makes the build stale

    sources: list[Source] = []
    texts: dict[str, list[str]] = {}
    places: dict[str, list[str]] = {}
    dropped: dict[str, list[tuple[int, str, str]]] = {}
    listed: set[Path] = set()
    problems: list[Problem] = []
    if "lang" in code and profile.languages and code["lang"] not in profile.languages:
        # the main language names the strings, citations and analysis: the profile has them for its own only
        problems.append(manifest.problem(
            f"lang = {code['lang']!r} is not a language of the profile {profile.name!r} "
            f"({', '.join(profile.languages)}): the corpus's main language must be one of those", "code", "lang"))
    warnings: list[Problem] = []
    truncated: set[str] = set()
    content: dict[str, frozenset[int]] = {}
    for n, entry in enumerate(manifest.data["source"]):
        if entry["kind"] == "laws" and profile.languages and entry["lang"] not in profile.languages:
            # its text would be aligned, then neither shown nor searched as a language of ours
            problems.append(manifest.problem(
                f"{entry['path']}: lang = {entry['lang']!r} is not a language of the profile {profile.name!r} "
                f"({', '.join(profile.languages)}): its text could be neither shown nor searched; if the file is "
                "in one of those, set lang to it", "source", n, "lang"))
            continue
        try:
            source, lines, data, places[path_stem(entry["path"])], dropped[path_stem(entry["path"])] = _read_source(
                root, entry, manifest, n, fingerprint, grammar, page_reading(profile, grammar, entry), warnings,
                truncated, content)
        except CorpusError as e:
            problems += e.problems
            continue
        if source.id in texts:
            problems.append(manifest.problem(f"two sources named {source.id}; give each raw file its own name",
                                             "source", n, "path"))
            continue
        sources.append(source)
        texts[source.id] = lines
        listed.add((root / entry["path"]).resolve())  # read above, so no link loop
        digest.update(source.path.encode() + b"\0" + data)
    if problems:
        raise CorpusError(problems)

    for kind in KINDS:
        found = raw_files(root / kind, RAW_SUFFIXES)
        fingerprint.add_folder(root / kind, found)
        for path in found:
            if path.resolve() not in listed:
                raise CorpusError(Problem(
                    "error", f"not listed in {MANIFEST}: add a [[source]] entry for it (path = \"{path.relative_to(root)}\")",
                    str(path)))

    folder = CorpusFolder(root=root, code=code, sources=sources, texts=texts, profile=profile, grammar=grammar,
                          places=places, detected=folder_detected,
                          dropped={k: v for k, v in dropped.items() if v}, warnings=warnings,
                          truncated=frozenset(truncated), content=content)
    folder.layouts = {s.id: layout_name(grammar, e) for s, e in zip(sources, manifest.data["source"]) if s.kind == "laws"}
    for path in folder.profile.origin:
        _add_input(path, fingerprint, digest)
    if folder.profile.origin[-1:] != (root / PROFILE_FILE,):
        fingerprint.add_absent(root / PROFILE_FILE)  # a profile.toml made later makes the build stale
    # the languages the corpus has text in -- its law texts' and the titles' a translation is
    # given (the profile's titles_lang) -- a glossary term needs those of its own only
    titles_lang = profile.data.get("vocabulary", {}).get("titles_lang") if profile.vocabulary("titles") else None
    written_in = tuple(dict.fromkeys([*([code["lang"]] if "lang" in code else []),
                                      *(s.lang for s in sources if s.kind == "laws"),
                                      *([titles_lang] if titles_lang else [])]))
    for key, data_file in DATA_FILES.items():
        # the code's vocabulary ships with its profile; the corpus folder's own file of a role
        # (named in the manifest, else the default name) comes after it, extending it
        built_in = [] if key == "curation" else folder.profile.vocabulary(key)
        path = root / code.get(key, data_file.default)
        if not _present(path):
            if key in code:
                problems.append(manifest.problem(
                    f"the manifest names {code[key]} as the {key} file, but there is no such file", "code", key))
            fingerprint.add_absent(path)
        for each in dict.fromkeys([*built_in, *([path] if _present(path) else [])]):
            _add_input(each, fingerprint, digest)
            try:
                spec = (schema.glossary_schema(glossary_languages(each, folder.profile.languages), written_in)
                        if key == "glossary"
                        else schema.curation_schema(grammar.ids) if key == "curation" else data_file.schema)
                doc = schema.load(each, spec)
            except CorpusError as e:
                problems += e.problems
                continue
            folder.documents.setdefault(key, []).append(doc)
            folder.vocabulary.setdefault(key, []).append(each)
    if "curation" in folder.documents:
        folder.curation, found = read_curation(folder.documents["curation"][-1], sources, folder.law_range, grammar.ids)
        folder.drops, more = read_drops(folder.documents["curation"][-1], sources)
        found += more
        folder.curation_path = f"{corpus_name(root)}/{code.get('curation', DATA_FILES['curation'].default)}"
        problems += found
    for doc in folder.documents.get("titles", []):
        # a built-in file covers the whole code: laws this corpus's range leaves out are simply unused
        titles, found = read_titles(doc, folder.law_range, strict=not doc.path.is_relative_to(BUILTIN_PROFILES))
        folder.titles_en.update(titles)
        if doc.path.is_relative_to(BUILTIN_PROFILES):
            folder.titles_builtin |= set(titles)
        else:
            folder.titles_builtin -= set(titles)
        folder.titles_edition = doc.data.get("edition", folder.titles_edition)
        problems += found
    if problems:
        raise CorpusError(problems)
    folder.inputs = digest.hexdigest()
    folder.fingerprint = fingerprint
    return folder


def _add_input(path: Path, fingerprint: Fingerprint, digest) -> bytes:
    """Read one input file of the build, counting its bytes in the inputs' hash and the
    freshness fingerprint (its time taken before reading)."""
    stat = _stat(path)
    data = read_bytes(path)
    digest.update(data)
    fingerprint.add(path, data, stat)
    return data
def _implicit_manifest(root: Path) -> tuple[Document, bytes]:
    """The manifest of a folder with raw files and none: every readable file with its
    detected language, kind and edition (lawsearch/dropin.py), the built-in profile."""
    from .dropin import implicit_manifest

    path = root / MANIFEST
    try:
        text = implicit_manifest(root) if root.is_dir() else None
    except OSError as e:
        raise CorpusError(Problem("error", f"cannot read the corpus folder: {os_fault(e, root)}", str(root))) from None
    if text is None:
        raise CorpusError(Problem("error", f"no {MANIFEST} in the corpus folder, and no raw file to detect one from",
                                  str(root)))
    doc = Document(Path(f"{path} (detected)"), schema.parse_toml(text, path), schema.LineIndex(text))
    problems = schema.validate(doc, schema.MANIFEST)
    if problems:
        raise CorpusError(problems)
    return doc, text.encode()


def _stat(path: Path) -> os.stat_result | None:
    """``path``'s stat, or None when it cannot be had (reading it then says why)."""
    try:
        return path.stat()
    except (OSError, RuntimeError):
        return None


def page_reading(profile: Profile | None, grammar: Grammar | None, entry: dict[str, Any]) -> dict[str, Any]:
    """How a web page of a [[source]] entry is read (``formats.read_html``): a block of an
    aside or a page part is law text, and kept, when it cites the code in the profile's
    forms of the entry's language; a list layout's list items get its first bullet; a
    <summary> reading as one of the profile's toggle labels (``[furniture.<lang>] toggles``) is
    the page's, not the code's."""
    from .references import find_citations

    lang = str(entry.get("lang", ""))

    def keeps(text: str) -> bool:
        if profile is None or lang not in profile.data.get("citations", {}):
            return False
        return any(targets for _, _, targets, _ in find_citations(text, None, None, None, False, lang, profile))

    bullet = None
    if grammar is not None and entry.get("kind") == "laws" and layout_name(grammar, entry) in grammar.layout_names:
        layout = grammar.layout_for(lang, layout_name(grammar, entry))
        bullet = layout.bullets[:1] if layout.lists and layout.bullets else None
    def toggle(text: str) -> bool:
        from .furniture import toggle_label

        return toggle_label(text, lang)

    return {"keeps": keeps, "bullet": bullet, "toggle": toggle}


def _read_source(root: Path, entry: dict[str, Any], manifest: Document, n: int,
                 fingerprint: Fingerprint | None = None, grammar: Grammar | None = None,
                 reading: dict[str, Any] | None = None, warnings: list[Problem] | None = None,
                 truncated: set[str] | None = None, content: dict[str, frozenset[int]] | None = None,
                 ) -> tuple[Source, list[str], bytes, list[str], list[tuple[int, str, str]]]:
    """One [[source]] entry (already checked against the schema) and its raw file; ``reading``
    (``page_reading``) says how a web page is read; what its reader warns of joins ``warnings``,
    the source's id joins ``truncated`` where the reader found the file's end lost, and
    ``content`` has the lines (1-based) its markup says are the book's own (``Document.content``)."""
    def fail(message: str, key: str = "path") -> CorpusError:
        return CorpusError(manifest.problem(message, "source", n, key))

    if not _inside(entry["path"]):
        raise fail(f"{entry['path']} is outside the corpus folder; raw files live under it "
                   "(a symbolic link under it may point to a file kept elsewhere)")
    if entry["kind"] == "laws" and grammar is not None:
        if layout_name(grammar, entry) is None:
            known = ", ".join(grammar.default_layouts) or "none"
            raise fail(f"no law-text layout is known for lang {entry['lang']!r} (languages with one: {known}); "
                       "name one with layout = \"…\"", "lang")
        if layout_name(grammar, entry) not in grammar.layout_names:
            raise fail(f"the profile has no layout {entry['layout']!r}; it has: {', '.join(grammar.layout_names)}", "layout")
    path = root / entry["path"]
    if not _present(path):
        raise fail(f"the manifest names {entry['path']}, but there is no such file")
    if path.exists() and not path.is_file() and not path.is_dir():
        # reading a named pipe or a device would wait for ever
        raise fail(f"cannot read {entry['path']}: it is not a regular file (a pipe or a device)")
    stat = _stat(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise fail(f"cannot read {entry['path']}: {os_fault(e, path)}") from None
    if fingerprint is not None:
        fingerprint.add(path, data, stat)
    declared = str(entry.get("encoding", "auto")).lower()
    document = formats.read_document(
        data, str(path), lambda raw, encoding=None: decode(raw, encoding or declared, str(path), str(entry["lang"])),
        declared=declared != "auto", **(reading or {}))
    encoding, lines = document.encoding, document.lines
    # the language is judged on the text itself: the bytes of a zip or a PDF say nothing
    text_bytes, codecs = (data, [encoding]) if document.format == "txt" else ("\n".join(lines).encode(), ["utf-8"])
    other = plausibility.other_language(text_bytes, entry["lang"], codecs)
    if other is not None:
        raise fail(f"{entry['path']} {not_the_language(entry['lang'], *other)}; set lang = \"{other[0]}\"", "lang")
    if not any(line.strip() for line in lines):
        raise fail(f"{entry['path']} holds no text")
    source = Source(
        id=path_stem(entry["path"]),
        path=f"{corpus_name(root)}/{entry['path']}",
        lang=entry["lang"],
        kind=entry["kind"],
        edition=entry.get("edition", ""),
        translator=entry.get("translator", ""),
        encoding=encoding,
        sha256=hashlib.sha256(data).hexdigest(),
        published=entry.get("published"),
    )
    if warnings is not None:
        warnings += [Problem("warning", w, source.path) for w in document.warnings]
        if document.unlabelled and entry["kind"] == "laws":  # a law page's lists read with no list layout
            warnings.append(Problem(
                "warning", f"{len(document.unlabelled)} list item(s) (<li>) with no label typed in them, the first "
                           f"«{document.unlabelled[0][:60]}», are read as plain text, their levels and labels "
                           f"lost: a list layout (the manifest's `layout`, one with lists = true in the "
                           f"profile's [layouts]) reads them from the markup", source.path))
        if entry["kind"] == "laws":  # words a page reader took for navigation that read as the code's
            from .coverage import lost

            losses = formats.navigation_losses(document.dropped, document.lines)
            if losses:
                line, text, _ = losses[0]
                warnings.append(lost(
                    f"{sum(w for _, _, w in losses)} words in {len(losses)} block(s) of the page left out as "
                    f"navigation (links) read as the code's text, the first «{text[:60]}»; a link whose text is "
                    "a sentence or a clause's label is kept, so these stand in a menu or a row of links -- "
                    "check the page, or give the text in a file of its own", source.path, line))
        # words a page reader took for a box's heading right after an open sentence of the text
        if boxed := formats.box_heading_losses(document.dropped):
            from .coverage import lost

            line, text, _ = boxed[0]
            warnings.append(lost(
                f"{sum(w for _, _, w in boxed)} words in {len(boxed)} block(s) of the page left out as the heading "
                f"of a box of the page's (rule {formats.DROP_BOX_HEADING_IN_TEXT}), the first «{text[:60]}», stand "
                "after a sentence of the text with no stop: they may be its last words -- `lawsearch clean FILE "
                "--explain` shows the block; check the page, or give the text in a file of its own",
                source.path, line))
    if truncated is not None and document.truncated:
        truncated.add(source.id)
    if content is not None and document.content:
        content[source.id] = frozenset(n + 1 for n in document.content)
    # a text file's places are its line numbers, which spans hold already
    return source, lines, data, document.places if document.format != "txt" else [], document.dropped


def path_stem(path: str) -> str:
    """A raw file's name without its format's suffix: its source id.

    >>> path_stem("laws/ru/000_x.fb2.zip"), path_stem("laws/ru/000_x.txt")
    ('000_x', '000_x')
    """
    return formats.split_suffix(Path(path).name)[0]


def layout_name(grammar: Grammar, entry: dict[str, Any]) -> str | None:
    """The layout a [[source]] entry's law text is printed in: its ``layout``, else the
    profile's default for its language (``[grammar] default_layouts``)."""
    return entry.get("layout") or grammar.default_layouts.get(entry["lang"])


def corpus_name(root: Path) -> str:
    """The corpus folder's own name, which starts every ``Source.path`` (``corpus/laws/…``):
    also for ``--corpus .``, whose ``Path.name`` is empty. Links are not resolved: the name
    is the one the user sees.

    >>> corpus_name(Path("c3/corpus")), corpus_name(Path("/data/corpus/"))
    ('corpus', 'corpus')
    """
    return Path(os.path.abspath(root)).name


def user_path(path: str, root: Path) -> str:
    """A path as the corpus records it (``corpus/laws/ru/000.txt``, relative to the corpus
    folder's parent) as the user can open it from the current folder: under ``root`` as
    given. Any other path is returned as it is.

    >>> user_path("corpus/curation.toml", Path("c3/corpus"))
    'c3/corpus/curation.toml'
    """
    prefix = f"{corpus_name(root)}/"
    return str(root / path[len(prefix):]) if path.startswith(prefix) else path


def declared_source(path: Path) -> dict[str, str]:
    """What the nearest manifest above ``path`` declares for it -- ``kind``, ``lang``,
    ``encoding``, ``layout`` and the code's ``profile`` as written there -- or nothing when no
    manifest lists it. Only the entry is
    read: a mistake elsewhere in the corpus should not stop ``lawsearch clean`` on this file.

    >>> declared_source(Path("corpus/laws/ru/000_58dbb1f2fde933c1.txt"))["encoding"]  # doctest: +SKIP
    'auto'
    """
    try:
        path = path.resolve()
        folder = next((d for d in path.parents if (d / MANIFEST).is_file()), None)
        if folder is None:
            return {}
        manifest = schema.parse_toml(schema.read_text(folder / MANIFEST), folder / MANIFEST)
        entries = manifest.get("source", [])
        code = manifest.get("code", {}) if isinstance(manifest.get("code"), dict) else {}
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("path"), str) and (folder / entry["path"]).resolve() == path:
                found = {key: entry[key] for key in ("kind", "lang", "encoding", "layout") if isinstance(entry.get(key), str)}
                if isinstance(code.get("profile"), str):
                    found["profile"] = code["profile"]  # the profile whose layouts the file is read by
                return found
    except (CorpusError, OSError, RuntimeError):  # RuntimeError: a link loop (Python < 3.13)
        pass
    return {}


def _present(path: Path) -> bool:
    """Something is there, readable or not: a file, a folder, or a symbolic link even if it
    loops or points nowhere (reading it then says which)."""
    return path.exists() or path.is_symlink()


def _inside(relative: str) -> bool:
    """Whether a manifest path, as written, stays under the corpus folder: relative, and no
    ``..`` climbing out of it. Symbolic links are not followed here: a raw file kept
    elsewhere and linked into the folder is read through its link, and a link pointing
    nowhere is reported when reading it (``os_fault``), as any dangling link is.

    >>> _inside("laws/ru/000.txt"), _inside("../outside.txt"), _inside("laws/../../x.txt")
    (True, False, False)
    """
    normal = os.path.normpath(relative)
    return not os.path.isabs(normal) and normal != ".." and not normal.startswith(".." + os.sep)


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


@dataclass(frozen=True)
class EncodingOrigin:
    """Where a declared encoding comes from, so a message says so and how to change it:
    the manifest (``ORIGIN_MANIFEST``) or ``lawsearch clean --encoding`` (``ORIGIN_OPTION``).

    >>> ORIGIN_OPTION.says("koi8-r"), ORIGIN_OPTION.fix("cp866")
    ('--encoding says koi8-r', 'use --encoding cp866 or auto')
    """

    declaration: str  # "the manifest", "--encoding"
    remedy: str  # how to change it: "declare {} or auto"
    setting: str  # how to set one when detection fails
    language_remedy: str  # how to say the language: 'set lang = "{}" in the manifest'

    def says(self, codec: str) -> str:
        return f"{self.declaration} says {codec}"

    def fix(self, codec: str) -> str:
        return self.remedy.format(codec)

    def language_fix(self, lang: str) -> str:
        return self.language_remedy.format(lang)


ORIGIN_MANIFEST = EncodingOrigin("the manifest", "declare {} or auto", "set encoding in the manifest",
                                 'set lang = "{}" in the manifest')
ORIGIN_OPTION = EncodingOrigin("--encoding", "use --encoding {} or auto", "give it with --encoding",
                               'list it in a manifest with lang = "{}"')


def decode(data: bytes, declared: str, where: str, lang: str | None = None,
           origin: EncodingOrigin = ORIGIN_MANIFEST) -> tuple[str, str]:
    """Decode a raw file: UTF-8 (with or without BOM), cp1251, cp866 or KOI8-R.

    With ``declared == "auto"`` the encoding is detected: strict UTF-8 first, else the one
    of the three Cyrillic code pages whose reading is clearly the most plausible text in
    ``lang`` (lawsearch/plausibility.py; default the built-in profile's first language), else
    charset-normalizer's pick among them.
    A declared code page must read as ``lang`` too: one that gives mojibake while another
    reads right is an error naming the right one.
    Returns ``(text, encoding name)``; raises CorpusError for empty, binary, undecodable
    or misread data, saying where a declared encoding came from (``origin``) or that the
    encoding was detected.

    >>> decode("Правило 50.".encode("koi8-r"), "auto", "x.txt")
    ('Правило 50.', 'koi8-r')
    """
    if not data.strip():
        raise CorpusError(Problem("error", "the file is empty", where))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CorpusError(Problem("error", "the file is UTF-16, which is not supported; save it as UTF-8", where))
    if b"\x00" in data:
        raise CorpusError(Problem("error", "the file looks binary (it has NUL bytes), not text", where))
    lang = lang or default_profile().languages[0]
    _check_utf8_throughout(data, lang, where)
    if declared != "auto":
        codec = ENCODINGS.get(declared)
        if codec is None:
            raise CorpusError(Problem("error", f"unknown encoding {declared!r}; use auto, {', '.join(sorted(set(ENCODINGS.values())))}", where))
        if codec != "utf-8" and not data.isascii() and _is_utf8(data):
            raise CorpusError(Problem("error", f"{origin.says(codec)}, but the file is UTF-8; {origin.fix('utf-8')}", where))
        try:
            text = data.decode("utf-8-sig" if codec == "utf-8" else codec)
        except UnicodeDecodeError as e:
            line = data[: e.start].count(b"\n") + 1
            better = plausibility.better_reading(plausibility.readings(data, lang, CODECS), None)
            hint = f"; it reads as {plausibility.language_name(lang)} in {better.codec}: {origin.fix(better.codec)}" if better else ""
            raise CorpusError(Problem("error", f"{origin.says(codec)}, but it is not valid {codec}: "
                                      f"byte {data[e.start]:#04x} cannot be decoded{hint}",
                                      where, line)) from None
        # strict UTF-8 that decodes is UTF-8; a code page that reads well needs no rivals
        if codec != "utf-8" and not data.isascii() and not plausibility.beyond_doubt(data, lang, codec):
            _check_reading(data, text, codec, lang, where, CODECS, origin=origin, said=origin.says(codec))
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
        _check_reading(data, text, codec, lang, where, code_pages, found, origin, said=f"detected as {codec}")
        return text, codec
    raise CorpusError(Problem("error", f"cannot tell the encoding (not UTF-8, cp1251, cp866 or KOI8-R); {origin.setting}",
                              where))


def _check_utf8_throughout(data: bytes, lang: str, where: str) -> None:
    """Raise when ``data`` is text in ``lang`` in UTF-8 up to a line where UTF-8 stops being
    valid: naming that line, and the code page the rest reads in when it does (a file half
    UTF-8, half cp1251, whose every single reading is wrong somewhere). A file that is not
    UTF-8 from its first non-ASCII letter on is no concern of this check."""
    try:
        data.decode("utf-8")
        return
    except UnicodeDecodeError as e:
        stop = e.start
    head = plausibility.readings(data[:stop], lang, ["utf-8"]).get("utf-8")
    if head is None or not plausibility.clearly_better(head, None):
        return
    line = data[:stop].count(b"\n") + 1
    rest = plausibility.readings(data[data.rfind(b"\n", 0, stop) + 1:], lang, [c for c in CODECS if c != "utf-8"])
    best = max(rest.values(), key=lambda r: (r.share, r.plausible), default=None)
    name = plausibility.language_name(lang)
    said = f"UTF-8 stops being valid here (byte {data[stop]:#04x}), though the text before reads as {name} in UTF-8"
    if best is not None and plausibility.clearly_better(best, None):
        raise CorpusError(Problem("error", f"the file mixes encodings: {said}, and from here on as {name} in "
                                           f"{best.codec}; save the whole file in one encoding (utf-8)", where, line))
    raise CorpusError(Problem("error", f"{said}: mend or remove that byte and save the file as utf-8", where, line))


def _check_reading(data: bytes, text: str, codec: str, lang: str, where: str, codecs,
                   found: dict | None = None, origin: EncodingOrigin = ORIGIN_MANIFEST, said: str = "") -> None:
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
        message = (f"{said}, but read that way the text is not {name} ({shown}{share}); "
                   f"it is {name} in {better.codec} ({better.percent()}): {origin.fix(better.codec)}")
    elif (other := plausibility.other_language(data, lang, codecs)) is not None:
        language, reading = other
        message = f"the text {not_the_language(lang, language, reading, codec_shown=True)}; {origin.language_fix(language)}"
        line = None
    else:
        message = (f"the text is not {name} in {codec} ({shown}{share}) nor in any other of {', '.join(CODECS)}: "
                   "is it in another encoding or another language?")
    raise CorpusError(Problem("error", message, where, line))


def not_the_language(lang: str, other: str, reading: plausibility.Reading, codec_shown: bool = False) -> str:
    """``"is not English but Russian (98% of its words are Russian words)"``: the end of a
    sentence naming a file whose text is in another language than declared; with
    ``codec_shown``, the encoding it reads so in too."""
    name, other_name = plausibility.language_name(lang), plausibility.language_name(other)
    read = f", read in {reading.codec}" if codec_shown else ""
    return f"is not {name} but {other_name} ({reading.percent()} of its words are {other_name} words{read})"


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def read_curation(doc: Document, sources: list[Source], law_range: tuple[int, int],
                  rules=None) -> tuple[list[CurationStatement], list[Problem]]:
    """The statements of a curation file (checked against ``schema.curation_schema`` of the
    profile's ID ``rules``; None: the default profile's), each naming its piece as
    "<source>:<line>" and the levels it is in by the profile's names, their labels written as
    the ID writes them; and the problems only the sources can show (a prefix naming no source
    or several, a piece stated twice, a law outside the code)."""
    rules = rules if rules is not None else default_grammar().ids
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
            parts=tuple((level, rules.label(level, entry[level])) for level in rules.levels if entry.get(level)),
            uncertain=tuple(entry.get("uncertain", ())),
            paragraph=entry.get("paragraph"),
        ))
    return statements, problems


@dataclass(frozen=True)
class DropStatement:
    """A ``[[drop]]`` of the curation file: furniture the cleaning rules missed."""

    at: tuple[str, int]  # (source id, raw line)
    text: str | None  # the text to remove from the line; None: the whole line
    reason: str
    line: int  # where the statement stands in the curation file


def read_drops(doc: Document, sources: list[Source]) -> tuple[list[DropStatement], list[Problem]]:
    """The ``[[drop]]`` statements of a curation file, each naming a raw line."""
    out: list[DropStatement] = []
    problems: list[Problem] = []
    pieces = PieceNames(sources)
    for n, entry in enumerate(doc.data.get("drop", [])):
        try:
            at = pieces.resolve(entry["at"], "at")
        except ValueError as e:
            problems.append(doc.problem(e.args[0], "drop", n, e.args[1]))
            continue
        out.append(DropStatement(at, entry.get("text"), entry["reason"], doc.line("drop", n, "at")))
    return out, problems


def apply_drops(texts: dict[str, list[str]], drops: list[DropStatement], curation_path: str | None,
                paths: dict[str, str]) -> tuple[dict[str, set[int]], dict[str, set[int]], list[Problem]]:
    """Remove what each ``[[drop]]`` names from the raw lines: the text from its line (in
    place), or the whole line (left to the cleaning to skip, so line numbers stay); returns
    the lines changed and the lines to skip per source, and an error for a statement naming
    a line that is not there or does not hold its text."""
    changed: dict[str, set[int]] = {}
    skip: dict[str, set[int]] = {}
    problems: list[Problem] = []
    for d in drops:
        lines = texts.get(d.at[0])
        if lines is None or not 1 <= d.at[1] <= len(lines):
            problems.append(Problem("error", f"drop: {paths.get(d.at[0], d.at[0])} has no line {d.at[1]}",
                                    curation_path, d.line))
            continue
        raw = lines[d.at[1] - 1]
        if d.text is not None and d.text not in raw:
            problems.append(Problem("error", f"drop: line {d.at[1]} of {paths.get(d.at[0], d.at[0])} does not hold "
                                             f"{d.text!r}", curation_path, d.line))
            continue
        if d.text is not None:
            lines[d.at[1] - 1] = " ".join(raw.replace(d.text, " ").split())
            changed.setdefault(d.at[0], set()).add(d.at[1])
        else:
            skip.setdefault(d.at[0], set()).add(d.at[1])
    return changed, skip, problems


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


def read_titles(doc: Document, law_range: tuple[int, int],
                strict: bool = True) -> tuple[dict[str, str], list[Problem]]:
    """Law number → English title, from a titles file checked against ``schema.TITLES``.
    A law outside ``law_range`` is an error with ``strict`` (a corpus folder's file), and
    left out without it (a profile's file, written for the whole code)."""
    titles, problems = {}, []
    for law, title in doc.data.get("titles", {}).items():
        if not law_range[0] <= int(law) <= law_range[1]:
            if strict:
                problems.append(doc.problem(f"law {law} is outside the code's laws {law_range[0]}-{law_range[1]} "
                                            "([code] laws in the manifest)", "titles", law))
            continue
        titles[law] = title
    return titles, problems


@dataclass(frozen=True)
class GlossaryTerm:
    """A pair of ``glossary.toml``: the term in the profile's first language (``term``: for
    the bridge laws this translation's) and in its second (``translation``: the English
    code's); the file keys each by its language code."""

    term: str
    translation: str
    note: str = ""
    expand: bool = True
    lang: str = ""  # the language of ``term``
    translation_lang: str = ""  # of ``translation`` (none: a glossary of one language)


def read_glossary(paths: Path | list[Path] | None, languages: tuple[str, ...] | None = None,
                  keep: tuple[str, ...] | None = None) -> list[GlossaryTerm]:
    """The terms of glossary files, each checked against ``schema.glossary_schema`` of
    ``languages`` (the profile's, default the built-in profile's); a later file's term
    replaces an earlier one of the same first-language term (the corpus folder's over the
    profile's), its new terms follow. ``keep``: the corpus's languages -- where the
    glossary's first language is none of them, its terms are given in the second alone (an
    English corpus shows and searches no Russian term, nor a note written in Russian).

    ``read_glossary(folder.vocabulary["glossary"], folder.profile.languages)[0].translation    # 'declarer'``
    """
    languages = tuple(languages if languages is not None else default_profile().languages)
    pair = languages[:2]
    if keep is not None and pair and pair[0] not in keep:
        pair = tuple(lang for lang in pair if lang in keep)[:1]
    terms: dict[str, GlossaryTerm] = {}
    for path in _paths(paths):
        written = glossary_languages(path, languages)
        if not pair:
            break
        here: set[str] = set()  # the terms this file gave: a later file's replace an earlier one's
        for t in schema.load(path, schema.glossary_schema(written, keep)).data.get("term", []):
            if pair[0] not in t:
                continue  # an inherited term with no word in this code's language
            # a note is in its file's first language: kept where that is this glossary's too, or
            # where the term gives no word in it (a term of an English-only corpus, its note English)
            note = t.get("note", "") if written[0] == pair[0] or written[0] not in t else ""
            second = pair[1] if len(pair) > 1 else ""
            term = GlossaryTerm(t[pair[0]], t.get(second, "") if second else "", note, t.get("expand", True),
                                pair[0], second)
            key = term.term.strip().lower()
            # filtered, a word may stand for several in one file: its first; a later file's (the
            # corpus folder's) replaces the whole entry of an earlier one's, its note with it
            if written == pair or key not in here:
                terms[key] = term
                here.add(key)
    return list(terms.values())


def glossary_languages(path: Path, languages: tuple[str, ...]) -> tuple[str, ...]:
    """The languages a glossary file is written in: a built-in profile's file, those of the
    profile it ships with (a folder's profile that declares other languages inherits the
    terms in its own, ``read_glossary``); any other, the corpus's profile's."""
    if path.resolve().is_relative_to(BUILTIN_PROFILES) and (path.parent / "profile.toml").is_file():
        own = load_profile(path.parent.name).languages
        if own and tuple(own[:2]) != tuple(languages[:2]):
            return tuple(own[:2])
    return tuple(languages[:2])


def _paths(paths: Path | list[Path] | None) -> list[Path]:
    """One file, several, or none, as a list of the files that exist."""
    listed = [paths] if isinstance(paths, Path) else list(paths or [])
    return [p for p in listed if p.is_file()]
