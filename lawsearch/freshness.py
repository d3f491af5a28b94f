"""Whether a build is current: a fingerprint of the corpus folder's input files, taken
while the build reads them, checked later from ``stat()`` alone.

A build stores, for every file it read (the manifest, each raw source, each data file),
its path under the corpus folder, size, modification time (ns) and SHA-256; the data-file
names it looked for and did not find; and the raw files under each source folder. A
command asking "is OUT current?" compares ``stat()`` results: a file whose size differs
is changed; one whose size is the same but whose time differs (touched, copied, checked
out again) is hashed, and only it; a file added to or removed from a source folder, or a
data file that appeared or vanished, makes the build stale. Nothing is parsed or decoded,
so the check costs one ``stat()`` per file and one folder listing per source folder,
however large the corpus.

    fingerprint = Fingerprint(root)
    fingerprint.add(root / "manifest.toml", data, stat)     # as the build reads it
    is_current(root, fingerprint.to_dict())                  # True until a file changes

This module imports nothing from the package: ``lawsearch search`` loads it cold.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

VERSION = 1
# The raw formats read, by how a file name ends (longest first: .fb2.zip before .zip): kept
# here for a source folder's listing, read by lawsearch/formats.py as its own list, so a
# search checks freshness without importing the readers (html.parser, zipfile, ElementTree).
SUFFIXES = (".fb2.zip", ".txt", ".fb2", ".epub", ".html", ".htm", ".xhtml", ".docx", ".rtf", ".pdf")
CHUNK = 1 << 20  # hashing a touched file reads it in bounded memory


class Fingerprint:
    """The input files of one build, gathered as the build reads them."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.files: dict[str, list] = {}  # relative path -> [size, mtime_ns, sha256]
        self.absent: set[str] = set()
        self.folders: dict[str, list[str]] = {}  # source folder -> raw files under it

    def add(self, path: Path, data: bytes, stat: os.stat_result | None) -> None:
        """A file the build read: ``stat`` taken *before* reading ``data``, so a change
        made while the build reads it shows as a newer time (None: no stat could be had,
        and the build will never count as current)."""
        size, mtime_ns = (stat.st_size, stat.st_mtime_ns) if stat else (-1, -1)
        self.files[self._name(path)] = [size, mtime_ns, hashlib.sha256(data).hexdigest()]

    def add_absent(self, path: Path) -> None:
        """A data file the build looked for and did not find: making it later makes the build stale."""
        self.absent.add(self._name(path))

    def add_folder(self, folder: Path, raw: list[Path]) -> None:
        """A source folder and the raw files found under it (none when it does not exist)."""
        self.folders[self._name(folder)] = sorted(self._name(p) for p in raw)

    def to_dict(self) -> dict:
        return {"version": VERSION, "corpus": str(self.root.resolve()), "files": self.files,
                "absent": sorted(self.absent), "folders": self.folders}

    def _name(self, path: Path) -> str:
        # a file of the corpus folder by its path there (the folder may move); one outside it
        # (the built-in profile's vocabulary, shipped with the package) by its full path
        path, root = Path(os.path.abspath(path)), Path(os.path.abspath(self.root))
        return (path.relative_to(root) if path.is_relative_to(root) else path).as_posix()


def built_from(root: Path, stored: dict | None) -> str | None:
    """The corpus folder a build was made from, when it is not ``root`` (an ``--out`` that
    holds another corpus's build); None when it is ``root`` or the build does not say.

    >>> built_from(Path("corpus"), {"corpus": "/elsewhere/corpus"})   # doctest: +SKIP
    '/elsewhere/corpus'
    """
    other = stored.get("corpus") if isinstance(stored, dict) else None
    if not isinstance(other, str) or Path(other) == Path(root).resolve():
        return None
    return other


def is_current(root: Path, stored: dict | None, suffixes: tuple[str, ...] | None = None) -> bool:
    """Whether the corpus folder ``root`` still holds exactly the inputs ``stored`` (a
    ``Fingerprint.to_dict()``) describes. A build with no fingerprint is not current.

    ``suffixes``: the raw files a folder listing compares (default: every format read).

    >>> is_current(Path("corpus"), None)
    False
    """
    if not isinstance(stored, dict) or stored.get("version") != VERSION:
        return False
    if suffixes is None:
        suffixes = SUFFIXES  # the sources' own list (formats.SUFFIXES, sources.RAW_SUFFIXES)
    top = os.fspath(root)  # paths as strings: a Path per file cost more than its stat()
    try:
        for name, (size, mtime_ns, sha256) in stored["files"].items():
            path = os.path.join(top, name)
            st = os.stat(path)
            if st.st_size != size:
                return False
            if st.st_mtime_ns != mtime_ns and _sha256(path) != sha256:
                return False  # touched and changed; touched alone (same bytes) is still current
        if any(os.path.lexists(os.path.join(top, name)) for name in stored["absent"]):
            return False
        for folder, raw in stored["folders"].items():
            if _raw_names(top, os.path.join(top, folder), suffixes) != raw:
                return False
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return False  # a file gone or unreadable, or a fingerprint of another shape
    return True


def raw_files(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files under ``folder`` (at any depth) with one of ``suffixes``, sorted; none when
    ``folder`` is not a folder. The build and the check list a source folder alike."""
    if not folder.is_dir():
        return []
    found = []
    for path, _, names in os.walk(folder, followlinks=False):
        found += [Path(path) / n for n in names if n.endswith(suffixes) and os.path.isfile(os.path.join(path, n))]
    return sorted(found)


def _raw_names(top: str, folder: str, suffixes: tuple[str, ...]) -> list[str]:
    """``raw_files(folder)`` as the fingerprint names them (relative to ``top``, with "/"),
    sorted; each folder's relative path is worked out once, not each file's."""
    if not os.path.isdir(folder):
        return []
    found = []
    for path, _, names in os.walk(folder, followlinks=False):
        under = Path(os.path.relpath(path, top)).as_posix()
        found += [n if under == "." else f"{under}/{n}" for n in names
                  if n.endswith(suffixes) and os.path.isfile(os.path.join(path, n))]
    return sorted(found)


def _sha256(path: str | Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()
