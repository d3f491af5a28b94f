"""The build output folder: each build whole in its own generation, published by one rename.

Layout of OUT (``build/`` by default; docs/decisions.md, "The output folder")::

    OUT/.lawsearch-build.json           the marker: what lawsearch owns here
    OUT/.lock                           held (flock) by the build writing OUT
    OUT/.generations/<build id>/        one whole build: corpus.json, index/, site/,
                                        lawsearch.html, .lawsearch-files.json (what it wrote)
    OUT/current -> .generations/<id>    the one link a build switches (os.replace)
    OUT/corpus.json -> current/corpus.json, OUT/index -> current/index,
    OUT/site -> current/site, OUT/lawsearch.html -> current/lawsearch.html

Every public path goes through ``current``, so one rename switches them all. lawsearch's
own readers resolve ``current`` once (``current(out)``) and read inside that generation.
Where that cannot work (Windows: links need a privilege there, and a rename cannot replace
a folder link) ``OUT/current.txt`` names the generation instead, replaced by one rename,
and the public entries are copies refreshed after it: there only lawsearch's own readers
are guaranteed one whole build.

    >>> new_build_id()[:2], len(new_build_id())     # doctest: +SKIP
    ('20', 23)
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import shutil
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Callable, Iterator

from .problems import CorpusError, Problem

PUBLIC = ("corpus.json", "index", "site", "lawsearch.html")
MARKER = ".lawsearch-build.json"
LOCK = ".lock"
GENERATIONS = ".generations"
CURRENT_LINK = "current"
CURRENT_POINTER = "current.txt"  # the fallback where symlinks cannot be made (not CURRENT: case-insensitive disks)
FILES = ".lawsearch-files.json"  # in each generation: the files it wrote
OWNED = (MARKER, LOCK, GENERATIONS, CURRENT_LINK, CURRENT_POINTER, *PUBLIC)
BUILD_ID = re.compile(r"\d{8}T\d{6}Z-[0-9a-z]+")
FAULT_PHASES = ("after-parse", "after-cleanup", "after-corpus-json", "after-index", "after-site",
                "before-switch", "after-switch")

# Files a build writes, by where they stand in a build (corpus.json, index/…, site/…):
# how a folder with no file list (an old-style build/, a killed build's leftovers) is told
# apart from a user's files in it. Also write_text's temporary ``.name.random`` files.
BUILD_FILE = re.compile(r"""
    (?:corpus\.json | lawsearch\.html | \.lawsearch-files\.json
     | index/(?:meta\.json | forms\.txt | neighbours\.txt | vocabulary\.json   # the word tables (index.py)
              | _?MAIN_\w* (?:\.\w+)?)                                # whoosh: MAIN_x.seg _MAIN_1.toc MAIN_WRITELOCK
     | site/[^/]+\.(?:html|js|webmanifest) | site/laws/[^/]+\.html | site/static/[^/]+\.(?:js|css|svg)
     | site/search/[a-z][0-9a-f]*-[\w-]+\.js)                        # the search data's chunks (pieces.py)
    | (?:.*/)?\.(?:corpus\.json|lawsearch-files\.json)\.\w+          # an unfinished write: .corpus.json.k2j4l9_x
    """, re.X)
# Leftovers of builds by earlier versions: a staging folder holds a whole build, a folder
# renamed aside during the old swap holds one public entry.
OLD_STAGING = re.compile(r"\.staging-\w+")
OLD_ASIDE = re.compile(r"\.old-(corpus\.json|index|site|lawsearch\.html)-\d+")
TEMP_ENTRY = re.compile(r"\.(?:current\.tmp|(corpus\.json|index|site|lawsearch\.html)\.(?:new|old))-[\w-]+"
                        r"|\.(?:current\.txt|lawsearch-build\.json)\.\d+")

Notice = Callable[[str], None]


# -- reading -------------------------------------------------------------------------------------


def current(out: Path) -> Path:
    """The folder holding OUT's current build, resolved once so a reader stays in one build
    however many switches happen while it reads; OUT itself for a folder of no generations.

    >>> current(Path("build"))                      # doctest: +SKIP
    PosixPath('/home/me/laws/build/.generations/20261130T231502Z-3fa9c2')
    """
    link = out / CURRENT_LINK
    if link.is_symlink():
        return Path(os.path.realpath(link))
    pointer = out / CURRENT_POINTER
    if pointer.is_file():
        try:
            name = pointer.read_text(encoding="utf-8").strip()
        except OSError:
            name = ""
        if BUILD_ID.fullmatch(name):
            return out / GENERATIONS / name
    return out


def resolve(path: Path) -> Path:
    """A public path (``build/index``) as the same entry of the current build.

    >>> resolve(Path("build/index"))                # doctest: +SKIP
    PosixPath('/home/me/laws/build/.generations/20261130T231502Z-3fa9c2/index')
    """
    path = Path(path)
    if path.name in PUBLIC:
        return current(path.parent) / path.name
    return path


# -- the build's side ----------------------------------------------------------------------------


def new_build_id() -> str:
    """UTC time of the build and a random suffix: sortable, unique. ``20261130T231502Z-3fa9c2``"""
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()) + "-" + secrets.token_hex(3)


def fault_point(phase: str) -> None:
    """TEST-ONLY hook: with ``LAWSEARCH_FAULT_AT=<phase>`` the build kills itself (SIGKILL,
    nothing runs after it) at that phase, so tests can check what a crash there leaves."""
    if os.environ.get("LAWSEARCH_FAULT_AT") == phase:
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


@dataclass
class Generation:
    """One build being written: ``path`` is ``OUT/.generations/<id>``."""

    out: Path
    id: str
    published: bool = False

    @property
    def path(self) -> Path:
        return self.out / GENERATIONS / self.id


@dataclass
class Marker:
    """``OUT/.lawsearch-build.json``: the names lawsearch owns at OUT's top and the
    generations that were ever made current (only those can hold a user's files)."""

    layout: str = "link"  # "link" | "pointer"
    generations: list[str] = field(default_factory=list)

    def write(self, out: Path) -> None:
        _write_small(out / MARKER, json.dumps(
            {"written_by": "lawsearch build", "version": 1, "layout": self.layout, "owns": list(OWNED),
             "generations": self.generations}, indent=1) + "\n")

    @classmethod
    def read(cls, out: Path) -> Marker | None:
        try:
            data = json.loads((out / MARKER).read_text(encoding="utf-8"))
            return cls(layout=data["layout"], generations=[g for g in data["generations"] if BUILD_ID.fullmatch(g)])
        except (OSError, ValueError, KeyError, TypeError):
            return None


@contextmanager
def new_generation(out: Path, force: bool = False, notice: Notice = lambda message: None) -> Iterator[Generation]:
    """Lock OUT, take it over, clean up, and give the caller an empty generation to write;
    when the caller is done, publish it with one switch. On any failure or interrupt
    before the switch the generation is removed and OUT is as it was -- a folder this build
    made is removed again. OS errors come out as one CorpusError naming the path, an
    interrupt as a KeyboardInterrupt saying what it left (``outcome``).

    >>> with new_generation(Path("build")) as generation:          # doctest: +SKIP
    ...     (generation.path / "corpus.json").write_text("{}")
    """
    generation = Generation(out, new_build_id())
    made = _first_missing(out)
    before = set(os.listdir(out)) if made is None and out.is_dir() else set()
    try:
        try:
            if not force and Marker.read(out) is None:
                refuse_foreign(out)  # before the lock file: a refused folder is left as it was
            out.mkdir(parents=True, exist_ok=True)
            with _locked(out, notice):
                marker = take_over(out, force, notice)
                remove_old(out, marker, notice)
                fault_point("after-cleanup")
                generation.path.mkdir(parents=True)
                try:
                    yield generation
                    publish(generation, marker, notice)
                except BaseException:
                    if not _published(generation):
                        shutil.rmtree(generation.path, ignore_errors=True)  # never current: only we wrote there
                    raise
        except BaseException:
            if not _published(generation) and _holds_no_build(out):
                _restore(out, before, made)  # the lock released: a build waiting for it locks anew
            raise
    except OSError as e:
        raise CorpusError(os_problem(e, out, outcome(out, _published(generation), made is not None))) from None
    except KeyboardInterrupt:
        raise KeyboardInterrupt(outcome(out, _published(generation), made is not None)) from None


def _published(generation: Generation) -> bool:
    """Whether the generation is current: an interrupt can land between the switch and the flag."""
    return generation.published or current(generation.out).resolve() == generation.path.resolve()


def outcome(out: Path, published: bool = False, made: bool = False) -> str:
    """What a build that stopped left in OUT, to end its message with.

    >>> outcome(Path("build"))                      # doctest: +SKIP
    'build is left as it was'
    """
    if published:
        return f"the new build is in place in {out}"
    if made or not _exists(out):
        return f"nothing was built in {out}"
    return f"{out} is left as it was"


def os_problem(error: OSError, out: Path, left: str | None = None) -> Problem:
    """One sentence for a failed write: the path, the system's reason, what to do, and
    what the build left (``outcome``).

    >>> str(os_problem(OSError(28, "No space left on device"), Path("build"), "build is left as it was"))
    'build: cannot write the build (No space left on device); free some space and build again; build is left as it was'
    """
    what = {errno.ENOSPC: "free some space and build again",
            errno.EROFS: "give --out a folder on a writable disk",
            errno.EACCES: "make it writable or give --out another folder",
            errno.EPERM: "make it writable or give --out another folder"}.get(error.errno, "fix that and build again")
    path = error.filename or out
    return Problem("error", f"cannot write the build ({error.strerror}); {what}; {left or outcome(out)}", str(path))


def _first_missing(out: Path) -> Path | None:
    """The outermost folder of OUT's path that does not exist yet: what a build makes.

    >>> _first_missing(Path("/tmp/new/build"))      # doctest: +SKIP
    PosixPath('/tmp/new')
    """
    missing = None
    for folder in (out, *out.parents):
        if _exists(folder):
            break
        missing = folder
    return missing


def _holds_no_build(out: Path) -> bool:
    """No build was ever made current in OUT (the marker lists none that exists)."""
    marker = Marker.read(out)
    return current(out) == out and (marker is None or not any((out / GENERATIONS / g).is_dir()
                                                               for g in marker.generations))


def _restore(out: Path, before: set[str], made: Path | None) -> None:
    """Take back what a build that published nothing added to OUT, which held no build:
    our entries that were not there ``before``, then the folders it ``made`` if empty.
    Anything else stays, and so does every folder holding it."""
    for name in sorted(set(os.listdir(out)) - before) if out.is_dir() else []:
        entry = out / name
        try:
            if name == GENERATIONS and not entry.is_symlink():
                entry.rmdir()  # empty, the generation removed; else a build's files stay
            elif (name in (MARKER, LOCK) or TEMP_ENTRY.fullmatch(name)) and not entry.is_dir() \
                    or name in (*PUBLIC, CURRENT_LINK) and entry.is_symlink():
                entry.unlink()
        except OSError:
            pass  # held open (Windows), or not empty: it stays
    if made is not None:
        for folder in (out, *out.parents):
            try:
                folder.rmdir()
            except OSError:
                break  # not empty: someone else's now
            if folder == made:
                break


@contextmanager
def _locked(out: Path, notice: Notice) -> Iterator[None]:
    """Hold ``OUT/.lock``; a second build waits, saying so once. The lock dies with its
    process, so a killed build never blocks the next."""
    fd = _open_locked(out, notice)
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(fd)  # releases the lock


def _open_locked(out: Path, notice: Notice) -> int:
    """``OUT/.lock`` opened and locked, waiting for another build if need be."""
    said = False
    while True:
        fd = os.open(out / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _lock(fd, wait=False):
                if not said:
                    notice(f"waiting for another build of {out} (pid {_holder(fd)}) to finish…")
                    said = True
                _lock(fd, wait=True)
            if _is_the_lock_file(fd, out / LOCK):
                return fd
        except BaseException:
            os.close(fd)
            raise
        # the build we waited for published nothing into a folder it had made and took the
        # folder back, its lock file too: lock the folder anew
        os.close(fd)
        out.mkdir(parents=True, exist_ok=True)


def _is_the_lock_file(fd: int, path: Path) -> bool:
    try:
        held, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)


def _lock(fd: int, wait: bool) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        while True:
            try:
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                return True
            except OSError:
                if not wait:
                    return False
                time.sleep(0.2)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        return True
    except BlockingIOError:
        return False


def _holder(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        return os.read(fd, 32).decode().strip() or "?"
    except (OSError, UnicodeDecodeError):
        return "?"


# -- taking a folder over ------------------------------------------------------------------------


def take_over(out: Path, force: bool, notice: Notice) -> Marker:
    """The marker of OUT, written now if OUT has none. A folder with no marker is taken
    over only when everything in it is recognisably lawsearch's (an earlier build), unless
    ``force``; the user's files are never deleted. Entries at the public names that are not
    today's links (an earlier build's folders; with ``force``, whatever stands there) are
    moved into a generation of their own, which becomes current."""
    marker = Marker.read(out)
    if marker is None:
        if not force:
            refuse_foreign(out)
        clash = [n for n in (GENERATIONS, CURRENT_LINK, CURRENT_POINTER) if _exists(out / n) and not _ours_at_top(out, n)]
        if clash:
            raise CorpusError(Problem("error", f"{clash[0]} is not lawsearch's but has a name the build needs; "
                                               "move it away or give --out another folder", str(out)))
        marker = Marker(layout="link" if symlinks_work(out) else "pointer")
    if marker.layout == "link":
        adopt = [n for n in PUBLIC if _exists(out / n) and not _ours_at_top(out, n)]
    else:  # the fallback's public entries are copies, ours once a generation was published
        adopt = [n for n in PUBLIC if _exists(out / n) and not marker.generations]
    if adopt:
        generation = Generation(out, new_build_id())
        marker.generations.append(generation.id)
        marker.write(out)  # first: from here on the adopted files count as published
        generation.path.mkdir(parents=True)
        for name in adopt:
            os.replace(out / name, generation.path / name)
        files = _walk(generation.path)
        _write_small(generation.path / FILES, json.dumps([f for f in files if BUILD_FILE.fullmatch(f)], indent=0))
        theirs = [f for f in files if not BUILD_FILE.fullmatch(f)]
        if theirs:
            notice(f"moved {', '.join(adopt)} with {len(theirs)} file(s) lawsearch did not write (e.g. {theirs[0]}) "
                   f"into {generation.path}; they are kept there")
        _switch(generation, marker, notice, faults=False)
    marker.write(out)
    return marker


def refuse_foreign(out: Path) -> None:
    """A CorpusError naming a file or two of OUT that no lawsearch build wrote, if any."""
    foreign = foreign_files(out)
    if foreign:
        shown = ", ".join(foreign[:2]) + (f" and {len(foreign) - 2} more" if len(foreign) > 2 else "")
        raise CorpusError(Problem(
            "error", f"holds files lawsearch did not write ({shown}); give --out an empty or new folder, or pass "
                     "--force to build here anyway (your files are kept, never deleted)", str(out)))


def symlinks_work(out: Path) -> bool:
    """Whether OUT can hold a symbolic link whose replacement by rename is atomic. Never on
    Windows: a link there needs a privilege, and a rename cannot replace a folder link."""
    if os.name == "nt":
        return False
    probe = out / f".current.tmp-probe-{os.getpid()}"
    try:
        probe.unlink(missing_ok=True)
        os.symlink(GENERATIONS, probe)
    except (OSError, NotImplementedError):
        return False
    probe.unlink()
    return True


def foreign_files(out: Path) -> list[str]:
    """Files in OUT, by path inside it, that no lawsearch build wrote."""
    foreign: list[str] = []
    for entry in sorted(out.iterdir()) if out.is_dir() else []:
        name = entry.name
        if name in (LOCK, MARKER) or TEMP_ENTRY.fullmatch(name) or _ours_at_top(out, name):
            continue
        if OLD_STAGING.fullmatch(name) and entry.is_dir():
            foreign += [f"{name}/{f}" for f in _walk(entry) if not BUILD_FILE.fullmatch(f)]
        elif (m := OLD_ASIDE.fullmatch(name)) and entry.is_dir():
            foreign += [f"{name}/{f}" for f in _walk(entry) if not BUILD_FILE.fullmatch(f"{m[1]}/{f}")]
        elif name in PUBLIC and not entry.is_symlink():
            files = _walk(entry) if entry.is_dir() else [""]
            foreign += [f"{name}/{f}".rstrip("/") for f in files if not BUILD_FILE.fullmatch(f"{name}/{f}".rstrip("/"))]
        else:
            foreign.append(name)
    return foreign


def _exists(path: Path) -> bool:
    return path.exists() or path.is_symlink()  # a dangling link stands there too


def _ours_at_top(out: Path, name: str) -> bool:
    """The entries of today's layout, recognisable without a marker."""
    entry = out / name
    if name == CURRENT_LINK:
        return entry.is_symlink() and os.readlink(entry).replace("\\", "/").startswith(GENERATIONS + "/")
    if name == CURRENT_POINTER:
        return entry.is_file() and entry.stat().st_size < 100
    if name == GENERATIONS:
        return entry.is_dir() and not entry.is_symlink() and all(BUILD_ID.fullmatch(g.name) for g in entry.iterdir())
    if name in PUBLIC:
        return entry.is_symlink() and os.readlink(entry).replace("\\", "/") == f"{CURRENT_LINK}/{name}"
    return False


# -- cleaning up ---------------------------------------------------------------------------------


def remove_old(out: Path, marker: Marker, notice: Notice) -> None:
    """Remove every generation but the current one, and what killed builds left. Only
    files a build wrote are deleted; a user's files stay where they are, with a notice."""
    keep = current(out).name  # by name: current() resolves links, OUT may be relative or a link
    folder = out / GENERATIONS
    for generation in sorted(folder.iterdir()) if folder.is_dir() else []:
        if generation.name == keep or not BUILD_ID.fullmatch(generation.name) or not generation.is_dir():
            continue
        if generation.name not in marker.generations and not (generation / FILES).is_file():
            # never current, so never reachable through a public path: a killed build's
            # partial generation, written only by lawsearch
            shutil.rmtree(generation)
            continue
        _remove_files(generation, _files_of(generation), notice)
    for entry in sorted(out.iterdir()):
        if not (TEMP_ENTRY.fullmatch(entry.name) or OLD_STAGING.fullmatch(entry.name)
                or OLD_ASIDE.fullmatch(entry.name)):
            continue
        if entry.is_symlink() or entry.is_file():
            entry.unlink()  # a temporary link or control file
            continue
        # a staging folder holds a whole build; the others one public entry (".old-site-123")
        match = OLD_ASIDE.fullmatch(entry.name) or TEMP_ENTRY.fullmatch(entry.name)
        prefix = f"{match[1]}/" if match and match[1] else ""
        _remove_files(entry, [f for f in _walk(entry) if BUILD_FILE.fullmatch(prefix + f)], notice)
    marker.generations = [g for g in marker.generations if (folder / g).is_dir()]
    marker.write(out)


def _files_of(generation: Path) -> list[str]:
    """What a generation's build wrote: its file list, else the files a build writes."""
    try:
        listed = json.loads((generation / FILES).read_text(encoding="utf-8"))
        return [f for f in listed if isinstance(f, str)] + [FILES]
    except (OSError, ValueError):
        return [f for f in _walk(generation) if BUILD_FILE.fullmatch(f)]


def _remove_files(folder: Path, files: list[str], notice: Notice) -> None:
    """Delete ``files`` (paths inside ``folder``), then the folders left empty; say what stays."""
    for name in files:
        parts = PurePosixPath(name).parts
        if ".." in parts or any(folder.joinpath(*parts[:i]).is_symlink() for i in range(1, len(parts))):
            continue  # a damaged list, or a folder a user replaced by a link: never delete outside
        path = folder.joinpath(*parts)
        try:
            path.unlink(missing_ok=True)
        except IsADirectoryError:
            pass
    for dirpath, _, _ in sorted(os.walk(folder), key=lambda w: -len(w[0])):
        try:
            os.rmdir(dirpath)
        except OSError:
            pass  # not empty: a file we did not write stays
    if folder.exists():
        left = _walk(folder)
        notice(f"kept {len(left)} file(s) lawsearch did not write in {folder} (e.g. {left[0] if left else '?'}); "
               "move them out and delete the folder")


def _walk(folder: Path) -> list[str]:
    """Every file under ``folder`` (symlinks not followed), as sorted posix paths inside it."""
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(PurePosixPath(os.path.relpath(os.path.join(d, f), folder)).as_posix()
                  for d, dirs, files in os.walk(folder) for f in files + [x for x in dirs if os.path.islink(os.path.join(d, x))])


# -- the switch ----------------------------------------------------------------------------------


def publish(generation: Generation, marker: Marker, notice: Notice) -> None:
    """Record what the generation wrote and make it current."""
    _write_small(generation.path / FILES, json.dumps(_walk(generation.path), indent=0))
    marker.generations.append(generation.id)
    marker.write(generation.out)  # before the switch: a current generation is always listed
    _switch(generation, marker, notice)


def _switch(generation: Generation, marker: Marker, notice: Notice, faults: bool = True) -> None:
    """Make ``generation`` current: replace the ``current`` link (or the ``current.txt`` pointer)."""
    out = generation.out
    fault = fault_point if faults else (lambda phase: None)
    if marker.layout == "link":
        for name in PUBLIC:
            link = out / name
            if (generation.path / name).exists() and not link.is_symlink():
                os.symlink(f"{CURRENT_LINK}/{name}", link, target_is_directory=name in ("index", "site"))
        fault("before-switch")
        temporary = out / f".current.tmp-{generation.id}"
        os.symlink(f"{GENERATIONS}/{generation.id}", temporary, target_is_directory=True)
        os.replace(temporary, out / CURRENT_LINK)  # the switch: one rename
        generation.published = True
        fault("after-switch")
        if not (generation.path / "lawsearch.html").exists() and (out / "lawsearch.html").is_symlink():
            (out / "lawsearch.html").unlink()  # this build has no single file
        return
    fault("before-switch")
    _write_small(out / CURRENT_POINTER, generation.id + "\n")  # the switch: one rename
    generation.published = True
    fault("after-switch")
    for name in PUBLIC:
        _refresh_copy(generation, name, notice)


def _refresh_copy(generation: Generation, name: str, notice: Notice) -> None:
    """The fallback's public entry: a copy of the current generation's, renamed into place."""
    out, source, target = generation.out, generation.path / name, generation.out / name
    fresh = out / f".{name}.new-{generation.id}"
    if source.is_dir():
        shutil.copytree(source, fresh)
    elif source.is_file():
        shutil.copy2(source, fresh)
    if target.is_symlink() or target.is_file():
        target.unlink()
    elif target.is_dir():
        aside = out / f".{name}.old-{generation.id}"
        os.replace(target, aside)
        _remove_files(aside, [f for f in _walk(aside) if BUILD_FILE.fullmatch(f"{name}/{f}")], notice)
    if fresh.exists():
        os.replace(fresh, target)


def _write_small(path: Path, text: str) -> None:
    """A small control file written whole or not at all (temporary file, then rename)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
