"""Editions' law trees, one per edition and language, for ``compare`` and ``lawsearch diff``.

Until a corpus keeps several editions itself, an edition is read from either

* a **description** (TOML): ``[[editions]]`` tables, each with ``id``, optionally
  ``default = true``, and ``sources = [{path, lang, layout}]`` (paths relative to the
  description's folder) -- the form of tests/data/editions/*/fixture.toml; or
* a **corpus folder** holding one edition (its manifest's ``[code] edition`` names it).

Every tree is made by the ordinary pipeline (lawsearch/corpus.py): for a description, on
a temporary corpus folder holding that edition's sources in one language, so nothing is
written beside the user's files. ``EditionSet.tree(edition, lang)`` is the one call the
comparison makes; a corpus with an editions key replaces this module behind that call.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from .model import CorpusError, Node, Problem, os_fault, shorten
from .grammar import law_text_kinds
from .editions import chronological


@dataclass(frozen=True)
class EditionEntry:
    id: str
    default: bool
    sources: tuple[dict, ...]  # {"path", "lang", "layout"}; path absolute
    corpus: Path | None = None  # an edition read from a corpus folder

    @property
    def langs(self) -> list[str]:
        return sorted({s["lang"] for s in self.sources})


class EditionSet:
    """The editions a comparison can name, and their trees (built once each)."""

    def __init__(self, editions: list[EditionEntry], code: dict | None = None, where: str = "",
                 pair: tuple[str, str] | None = None, profile_root: Path | None = None):
        self.editions = {e.id: e for e in editions}
        self.code = dict(code or {})
        self.where = where
        self.pair = pair  # the description's [diff] from, to: what ``diff`` compares when not told
        # the folder whose profile.toml extends the code's profile, as a corpus folder's does for
        # build: the description's own folder, or the (first) corpus folder compared
        self.profile_root = profile_root
        self._trees: dict[tuple[str, str], list[Node]] = {}

    def profile(self):
        """The profile the editions are read with: ``[code] profile`` (default the built-in
        one), extended by ``profile_root/profile.toml`` where there is one -- as ``build``
        reads a corpus folder's."""
        from .profile import DEFAULT, load_profile

        return load_profile(self.code.get("profile", DEFAULT), self.profile_root)

    def get(self, edition: str) -> EditionEntry:
        if edition not in self.editions:
            known = ", ".join(chronological(self.editions)) or "none"
            raise CorpusError(Problem("error", f"no edition {edition!r} (the editions are: {known})", self.where))
        return self.editions[edition]

    def default_pair(self) -> tuple[str, str]:
        """What ``lawsearch diff`` with no FROM and TO compares: the description's ``[diff]``
        ``from`` and ``to``, else the only two editions there are, the older first
        (``editions.chronological``: by the year or date a name carries, ``2007`` before ``2017``;
        else in the order the description lists them: ``2017`` before ``2017-fed``)."""
        if self.pair is not None:
            return self.pair
        if len(self.editions) != 2:
            raise CorpusError(Problem(
                "error", f"there are {len(self.editions)} editions ({', '.join(chronological(self.editions)) or 'none'}), not two: "
                         "name the two to compare (FROM TO)" + (", or give the description a [diff] table "
                                                                "with from and to" if len(self.editions) > 2 else ""),
                self.where))
        older, newer = chronological(self.editions)
        return older, newer

    def shared_languages(self, a: str, b: str) -> list[str]:
        return sorted(set(self.get(a).langs) & set(self.get(b).langs))

    def tree(self, edition: str, lang: str) -> list[Node]:
        """The law tree of ``edition`` in ``lang``: nodes with that language's titles and texts."""
        key = (edition, lang)
        if key not in self._trees:
            entry = self.get(edition)
            self._trees[key] = (_folder_tree(entry.corpus, lang) if entry.corpus is not None
                                else _sources_tree(entry, lang, self.code, self.profile_root))
        return self._trees[key]


def read_description(path: Path) -> EditionSet:
    """An editions description (TOML); a clear error naming the file for what is wrong."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise CorpusError(Problem("error", f"cannot read the editions description: {os_fault(e, path)}",
                                  str(path))) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise CorpusError(Problem("error", f"not a valid TOML file: {e}", str(path))) from None
    tables = data.get("editions")
    if not isinstance(tables, list) or not tables:
        raise CorpusError(Problem("error", "no [[editions]] table: the description lists the editions", str(path)))
    editions = []
    for n, table in enumerate(tables, 1):
        if not isinstance(table, dict) or not isinstance(table.get("id"), str) or not table.get("id"):
            raise CorpusError(Problem("error", f"edition {n} has no id (a string such as \"2017\")", str(path)))
        sources = []
        for s in table.get("sources", []):
            if not isinstance(s, dict) or not isinstance(s.get("path"), str) or not isinstance(s.get("lang"), str):
                raise CorpusError(Problem("error", f"edition {table['id']}: a source needs a path and a lang",
                                          str(path)))
            if s.get("kind", "laws") != "laws":
                continue  # commentary is no part of the law text compared
            file = (path.parent / s["path"]).resolve()
            if not file.is_file():
                raise CorpusError(Problem("error", f"edition {table['id']}: source {s['path']} is missing", str(path)))
            sources.append({**s, "path": file})
        if not sources:
            raise CorpusError(Problem("error", f"edition {table['id']} lists no sources", str(path)))
        editions.append(EditionEntry(table["id"], bool(table.get("default")), tuple(sources)))
    _check_ids(editions, path, data)
    code = data.get("code") or {}
    if not isinstance(code, dict):
        raise CorpusError(Problem("error", "[code] must be a table (title, laws, profile)", str(path)))
    return EditionSet(editions, code, str(path), _diff_pair(data.get("diff"), editions, path),
                      profile_root=path.parent)


def _lines_of(path: Path, key: str) -> list[int]:
    """The lines of a TOML file that set ``key`` (``id = …``), in order."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    return [n for n, line in enumerate(lines, 1) if re.match(rf"\s*{re.escape(key)}\s*=", line)]


def _check_ids(editions: list[EditionEntry], path: Path, data: dict) -> None:
    """Every id fit for IDs, anchors and file names (the manifest's rule, ``EDITION_NAME``);
    no two editions with one id, or ids one file name or anchor apart (case, ``.`` against
    ``-``: ``editions.clash_key``); at most one default: an error naming the ids and the
    line."""
    from .editions import clash, clash_key, name_problem

    id_lines = _lines_of(path, "id")
    seen: dict[str, str] = {}
    for n, e in enumerate(editions):
        line = id_lines[n] if n < len(id_lines) and len(id_lines) == len(editions) else None
        if name_problem(e.id):
            raise CorpusError(Problem("error", f"the edition id {shorten(e.id)!r} {name_problem(e.id)}", str(path), line))
        first = seen.get(clash_key(e.id))
        if first is not None:
            what = f"two editions have the same id {e.id!r}" if first == e.id else clash(first, e.id)
            raise CorpusError(Problem("error", what, str(path), line))
        seen[clash_key(e.id)] = e.id
    defaults = [e.id for e in editions if e.default]
    if len(defaults) > 1:
        tables = [t for t in data.get("editions", []) if isinstance(t, dict)]
        default_lines = _lines_of(path, "default")
        line = default_lines[1] if len(default_lines) == len([t for t in tables if "default" in t]) > 1 else None
        raise CorpusError(Problem("error", f"more than one default edition ({', '.join(defaults)}): "
                                           "set default = true on one", str(path), line))


def _diff_pair(table, editions: list[EditionEntry], path: Path) -> tuple[str, str] | None:
    """A description's ``[diff]`` table (``from = "2007"``, ``to = "2017"``): the editions
    ``diff`` compares when not told; None when there is no such table."""
    if table is None:
        return None
    known = {e.id for e in editions}
    if not isinstance(table, dict) or not all(isinstance(table.get(k), str) for k in ("from", "to")):
        raise CorpusError(Problem("error", "the [diff] table needs from and to, two edition ids "
                                           "(from = \"2007\", to = \"2017\")", str(path)))
    for key in ("from", "to"):
        if table[key] not in known:
            raise CorpusError(Problem("error", f"[diff] {key} = {table[key]!r} is no edition of the description "
                                               f"(the editions are: {', '.join(e.id for e in editions)})", str(path)))
    return table["from"], table["to"]


class SeveralEditions(ValueError):
    """A corpus folder given to ``from_folders`` holds more than one edition."""


def from_folders(*roots: Path) -> EditionSet:
    """Editions read from corpus folders, one edition each (``[code] edition`` names it)."""
    from .editions import editions_of
    from .sources import read_corpus_folder

    editions, stamped = [], {}
    first_code: dict = {}
    for root in roots:
        folder = read_corpus_folder(Path(root))
        held = [e.id for e in editions_of(folder.sources, folder.code.get("edition"))]
        if len(held) > 1:  # one edition per folder: a folder of several is compared by its editions' names
            raise SeveralEditions(f"{root} holds several editions ({', '.join(chronological(held))}): compare two of "
                                  f"them with `lawsearch diff {' '.join(chronological(held)[:2])} --corpus {root}`, "
                                  f"or give a folder of one edition")
        if not editions:
            first_code = {key: folder.code[key] for key in ("profile", "title") if key in folder.code}
        ident = str(folder.code.get("edition") or Path(root).name)
        if any(e.id == ident for e in editions):
            ident = f"{ident} ({root})"
        langs = tuple({"lang": s.lang} for s in folder.sources if s.kind == "laws")
        editions.append(EditionEntry(ident, not editions, langs, corpus=Path(root)))
        stamped[ident] = [(s.path.rsplit("/", 1)[-1], s.sha256) for s in folder.sources]
    found = EditionSet(editions, first_code, where=", ".join(map(str, roots)),
                       profile_root=Path(roots[0]) if roots else None)
    found.stamp_sources = stamped  # the compare pages' stamp: each folder's sources and their hashes
    return found


def language_tree(nodes, lang: str, kinds: tuple[str, ...] | None = None) -> list[Node]:
    """A corpus's law nodes in ``lang``: its own language's as they are, another's from the
    nodes' translations (a node with no text in that language is left out). ``kinds``: the
    law text's kinds (``grammar.law_text_kinds`` of the corpus's profile); None: the active
    profile's."""
    kinds = kinds if kinds is not None else law_text_kinds()
    out = []
    for n in nodes:
        if n.kind not in kinds or n.missing:
            continue
        if n.lang == lang:
            # a node only another language's source has (alignment "only-en") is no part of this tree
            if not any(f.startswith("only-") and f != f"only-{lang}" for f in n.alignment):
                out.append(n)
        elif lang in (n.translations or {}):
            t = n.translations[lang]
            out.append(replace(n, lang=lang, title=t.get("title"), text=t.get("text")))
    return out


def _folder_tree(root: Path, lang: str) -> list[Node]:
    from .corpus import build_corpus

    corpus = build_corpus(root)
    return language_tree(corpus.nodes, lang, law_text_kinds(corpus.profile))


def _sources_tree(entry: EditionEntry, lang: str, code: dict, profile_root: Path | None = None) -> list[Node]:
    """Run the pipeline on a temporary corpus folder holding ``entry``'s sources in ``lang``
    (and ``profile_root``'s profile.toml with the vocabulary files it names, so the sources
    parse with the layouts and strings the user's profile declares)."""
    from .corpus import build_corpus

    sources = [s for s in entry.sources if s["lang"] == lang]
    with tempfile.TemporaryDirectory(prefix="lawsearch-edition-") as tmp:
        root = Path(tmp) / "corpus"
        (root / "laws").mkdir(parents=True)
        profile_files = _copy_profile(profile_root, root)
        lines = ["[code]", f"edition = {_toml(entry.id)}"]
        for key in ("title", "laws", "profile"):
            if key in code:
                lines.append(f"{key} = {_toml(code[key])}")
        for k, s in enumerate(sources):
            name = f"{k:03d}_{s['path'].name}"
            shutil.copyfile(s["path"], root / "laws" / name)
            lines += ["", "[[source]]", f"path = {_toml('laws/' + name)}", f"lang = {_toml(lang)}",
                      'kind = "laws"', f"edition = {_toml(entry.id)}", 'translator = ""', 'encoding = "auto"']
            if s.get("layout"):
                lines.append(f"layout = {_toml(s['layout'])}")
        (root / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            corpus = build_corpus(root)
        except CorpusError as e:
            raise CorpusError([replace(p, path=_original(p.path, sources, root, profile_files),
                                       message=_named(p.message, sources, root, profile_files))
                               for p in e.problems]) from None
    return language_tree(corpus.nodes, lang, law_text_kinds(corpus.profile))


def _copy_profile(profile_root: Path | None, root: Path) -> dict[Path, Path]:
    """Copy ``profile_root/profile.toml`` and the vocabulary files its ``[vocabulary]`` names
    into the temporary corpus folder ``root``; the copies, each to its original."""
    from .profile import USER_FILE

    if profile_root is None or not (Path(profile_root) / USER_FILE).is_file():
        return {}
    original = Path(profile_root) / USER_FILE
    try:
        data = tomllib.loads(original.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        data = {}  # copied as it is: the pipeline's reading names what is wrong with it
    copies = {root / USER_FILE: original}
    vocabulary = data.get("vocabulary") if isinstance(data.get("vocabulary"), dict) else {}
    for name in vocabulary.values():
        if (isinstance(name, str) and not Path(name).is_absolute() and ".." not in Path(name).parts
                and (Path(profile_root) / name).is_file()):
            copies[root / name] = Path(profile_root) / name
    for copy, source in copies.items():
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, copy)
    return copies


def _original(path: str | None, sources: list[dict], root: Path, copies: dict[Path, Path] | None = None) -> str | None:
    """A problem's file as the user knows it, not the temporary copy's name."""
    if path is None:
        return None
    for copy, source in (copies or {}).items():
        if path == str(copy) or path.startswith(f"{copy}:"):  # a path alone, or with its ``:line``
            return str(source) + path[len(str(copy)):]
    for k, s in enumerate(sources):
        if path.endswith(f"{k:03d}_{s['path'].name}"):
            return str(s["path"])
    return path


def _named(message: str, sources: list[dict], root: Path, copies: dict[Path, Path] | None = None) -> str:
    """A problem's message with the temporary copies' names put back to the user's files."""
    for copy, source in (copies or {}).items():
        message = message.replace(str(copy), str(source))
    for k, s in enumerate(sources):
        name = f"{k:03d}_{s['path'].name}"
        for copy in (str(root / "laws" / name), f"{root.name}/laws/{name}"):
            message = message.replace(copy, str(s["path"]))
    return message


def _toml(value) -> str:
    import json

    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)
