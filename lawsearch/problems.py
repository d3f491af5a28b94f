"""What goes wrong and how it is told: a ``Problem`` named by file and line, the
``CorpusError`` that carries them, repeats collapsed, and user text made safe for a
terminal (``visible``, ``shorten``) -- what every command needs, the search included.

Kept apart from ``model`` (which re-exports it all): the corpus's dataclasses cost a cold
command their generated methods (two fifths of the Python compiled at start-up), and a search
builds no corpus. This module imports nothing from the package.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

@dataclass(frozen=True)
class Problem:
    """Something wrong with the input, named by file and line.

    ``severity`` is ``"error"`` (the build refuses to go on, ``check`` exits 1) or
    ``"warning"`` (reported, not fatal).
    """

    severity: str
    message: str
    path: str | None = None
    line: int | None = None
    repeats: int = 0  # more problems like this one, collapsed into it (``collapse``)
    # ``line`` counts the lines of the text read out of a PDF, a web page, an FB2 … (as
    # ``lawsearch clean`` prints them), not the file's own lines: said so
    extracted: bool = False

    def __str__(self) -> str:
        """``a.txt:3: message``; ``b.html (extracted line 4): message`` for another format."""
        where = self.path or ""
        if self.path and self.line:
            where += f" (extracted line {self.line})" if self.extracted else f":{self.line}"
        text = f"{where}: {self.message}" if where else self.message
        if self.repeats:
            what = ("line" if self.repeats == 1 else "lines") if self.line else ""
            text += f" (and {self.repeats:,} more {what + ' ' if what else ''}like this)"
        return text


# A word with a digit in it: a law, a line or a node ID, a count -- what changes between
# repeats of one error ("heading of 46 repeats the one at …:5", "… of 59G … at …:32").
_NUMBERED = re.compile(r"\w*\d\w*")
PROBLEMS_KEPT = 100  # of each kind, where a stage or the corpus keeps its problems


def collapse(problems: Iterable[Problem], keep: int = 1) -> list[Problem]:
    """Problems of one file that differ only in their numbers: the first ``keep`` of them,
    the last kept carrying the count of the rest; in their order. A 50 MB source repeating
    one page gives one line, not 78,155.

    >>> [str(p) for p in collapse([Problem("error", "law 51 is outside", "a.txt", 3),
    ...                            Problem("error", "law 59 is outside", "a.txt", 30)])]
    ['a.txt:3: law 51 is outside (and 1 more line like this)']
    """
    log = ProblemLog(keep)
    log.extend(problems)
    return log.problems()


class ProblemLog:
    """Problems as a stage finds them, at most ``keep`` of each kind (see ``collapse``); the
    rest are only counted, so an input repeating one mistake on every line costs ``keep``
    problems, not one per line.

    >>> log = ProblemLog(keep=1)
    >>> log.extend(Problem("error", f"heading of {n} repeats", "a.txt", n) for n in (46, 59))
    >>> log.problems()[0].repeats
    1
    """

    def __init__(self, keep: int = PROBLEMS_KEPT):
        self.keep = keep
        self._kept: list[Problem] = []
        self._positions: dict[tuple, list[int]] = {}  # kind -> positions in ``_kept``
        self._extra: dict[int, int] = {}  # position -> repeats folded into it

    def append(self, problem: Problem) -> None:
        kind = (problem.severity, problem.path, _NUMBERED.sub("#", problem.message))
        positions = self._positions.setdefault(kind, [])
        if len(positions) < self.keep:
            positions.append(len(self._kept))
            self._kept.append(problem)
        else:
            self._extra[positions[-1]] = self._extra.get(positions[-1], 0) + 1 + problem.repeats

    def extend(self, problems: Iterable[Problem]) -> None:
        for p in problems:
            self.append(p)

    def problems(self) -> list[Problem]:
        return [replace(p, repeats=p.repeats + self._extra[i]) if i in self._extra else p
                for i, p in enumerate(self._kept)]


class CorpusError(Exception):
    """Input that cannot be read or contradicts itself; carries the problems found (all of
    them; the message collapses repeats)."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("; ".join(str(p) for p in collapse(self.problems)))


ECHO_CHARS = 60  # how much of what a user typed a message repeats


def shorten(text: str, limit: int = ECHO_CHARS) -> str:
    """User input as a message repeats it: the first ``limit`` characters, then "…" (a
    5,000-character ID pasted by mistake must not flood the terminal), made ``visible``
    (a byte of the command line that is not UTF-8 shows as U+FFFD, not ``\\udcff``).

    >>> shorten("50E1"), shorten("5" * 5000)[-3:], shorten("50\\udcff")
    ('50E1', '55…', '50\ufffd')
    """
    return visible(cut(text, limit))


def cut(text: str, limit: int = ECHO_CHARS) -> str:
    """``shorten`` without making the text visible: for data that is not printed here (a
    query error the browser's engine words alike), made visible where it is printed.

    >>> cut("5" * 5000)[-3:]
    '55…'
    """
    return text if len(text) <= limit else text[:limit] + "…"


# What a terminal must never be sent raw: C0 controls but tab and line feed, DEL, the C1
# controls, lone surrogates (bytes of the command line that were not UTF-8), and the
# invisible characters that reorder or hide text -- the bidi marks, embeddings, overrides and
# isolates (U+061C, U+200E/F, U+202A-E, U+2066-9), the BOM U+FEFF, U+2028/2029.
TERMINAL_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]")


def _picture(m: re.Match) -> str:
    code = ord(m.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Unicode control pictures: DC4 → ␔, ESC → ␛
    return "\u2421" if code == 0x7F else "\ufffd"


def visible(text: str) -> str:
    """Text for a terminal: each ``TERMINAL_UNSAFE`` character becomes one visible one -- a
    control picture for a C0 control (``␔`` for DC4, ``␛`` for ESC), ``�`` for the rest --
    so nothing in a law text or a query can move the cursor, colour or reorder the screen.
    One character for one: offsets into the text stay right.

    >>> visible("конец\\x14абзаца\\u202eтекст\\ufeff")
    'конец␔абзаца\ufffdтекст\ufffd'
    """
    return TERMINAL_UNSAFE.sub(_picture, text)


def json_escaped(text: str) -> str:
    """JSON text with every ``TERMINAL_UNSAFE`` character written as its ``\\uXXXX`` escape,
    which JSON reads back as the same character: the data stays exact, the terminal safe.

    >>> json_escaped('"a\\u202eb"')
    '"a\\\\u202eb"'
    """
    return TERMINAL_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


FAULTS = {
    "EACCES": "permission denied (check its owner and permissions)",
    "EPERM": "permission denied (check its owner and permissions)",
    "ELOOP": "it is a symbolic link that loops back on itself (fix or remove the link)",
    "EISDIR": "it is a folder, not a file",
    "ENOTDIR": "a part of its path is a file, not a folder",
    "ENOENT": "no such file or folder",
    "ENOSPC": "no space left on the device (free some space and run again)",
    "EROFS": "the file system is read-only (choose a writable place)",
    "EDQUOT": "the disk quota is exceeded (free some space and run again)",
}


def os_fault(error: OSError, path: Path | None = None) -> str:
    """What an error of the operating system means for the user and what to do, as the end
    of a sentence ("cannot read X: " + this). ``path`` tells a dangling symbolic link from a
    missing file.

    >>> os_fault(PermissionError(errno.EACCES, "Permission denied"))
    'permission denied (check its owner and permissions)'
    """
    code = error.errno
    if code == errno.ENOENT and path is not None and path.is_symlink():
        return f"it is a symbolic link to {os.readlink(path)}, which does not exist"
    for name in FAULTS:
        if code == getattr(errno, name, None):  # not every system has every code (EDQUOT)
            return FAULTS[name]
    return error.strerror or str(error)


# what a manifest's ``kind`` may say a source is (schema.MANIFEST checks it; `lawsearch clean
# --kind`): the last three are the book's apparatus (issue 13)
SOURCE_KINDS = ("laws", "commentary", "toc", "index", "front")
