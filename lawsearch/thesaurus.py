"""The director's thesaurus: what players and directors say at the table → the code's own
terms. The vocabulary of the game ships with the code (``profiles/bridge/thesaurus.toml``,
its format documented at its top); a corpus folder may extend it with a ``thesaurus.toml``
of its own, whose entries replace the built-in ones with the same ``say``. Read and checked
here (every fault one sentence with its file and line), compiled into the search index's
tables by ``index.py``, matched against queries by ``query.py`` and ``static/engine.js``.

    >>> entries = read_thesaurus(BUILT_IN)
    >>> next(e for e in entries if e.say == "декларант").means
    ('разыгрывающий',)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .model import CorpusError, Problem
from . import schema

BUILT_IN = Path(__file__).resolve().parent / "profiles" / "bridge" / "thesaurus.toml"
KEYS = {"say", "means", "why", "weight"}


@dataclass(frozen=True)
class ThesaurusEntry:
    """One line of a thesaurus: ``say`` (what a director types) → ``means`` (the code's
    phrases), trusted at ``weight``; ``line`` where it stands in its file."""

    say: str
    means: tuple[str, ...]
    why: str
    weight: float = 1.0
    path: str = ""
    line: int = 0


def read_thesaurus(path: Path) -> list[ThesaurusEntry]:
    """Every entry of a thesaurus file, checked: the keys it knows, ``say``, ``means`` and
    ``why`` present and non-empty, ``weight`` a number in (0, 1], each ``say`` once
    (compared case-insensitively, ё as е)."""
    data = schema.load(path, schema.THESAURUS).data  # TOML syntax and the one key; entries checked below
    where = str(path)
    for key in data:
        if key != "entries":
            raise CorpusError(Problem("error", f"unknown key {key!r}: a thesaurus holds one array, entries", where,
                                      _line(path, rf"^\s*{re.escape(key)}\s*=") or None))
    entries = data.get("entries", [])
    if not isinstance(entries, list):
        raise CorpusError(Problem("error", "entries must be an array of { say, means, why } tables", where,
                                  _line(path, r"^\s*entries\s*=") or None))
    lines = entry_lines(path, len(entries))
    out: list[ThesaurusEntry] = []
    seen: dict[str, int] = {}
    for n, entry in enumerate(entries):
        line = lines[n]
        out.append(_entry(entry, n + 1, where, line))
        key = _folded(out[-1].say)
        if key in seen:
            raise CorpusError(Problem("error", f"say {out[-1].say!r} is already at line {seen[key]}; each say once",
                                      where, line or None))
        seen[key] = line
    return out


def _entry(entry: object, n: int, where: str, line: int) -> ThesaurusEntry:
    def fail(message: str) -> CorpusError:
        return CorpusError(Problem("error", f"entry {n}: {message}", where, line or None))

    if not isinstance(entry, dict):
        raise fail("must be a table { say = …, means = […], why = … }")
    unknown = sorted(set(entry) - KEYS)
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}; known: {', '.join(sorted(KEYS))}")
    for key in ("say", "means", "why"):
        if key not in entry:
            raise fail(f"needs {key}")
    say, means, why = entry["say"], entry["means"], entry["why"]
    if not isinstance(say, str) or not say.strip():
        raise fail(f"say must be a word or phrase, not {say!r}")
    if isinstance(means, str) or not isinstance(means, list) or not means \
            or not all(isinstance(m, str) and m.strip() for m in means):
        raise fail(f"means must be a list of phrases, like [\"a phrase\", \"another\"], not {means!r}")
    if not isinstance(why, str) or not why.strip():
        raise fail("why must say who says it and what it means")
    weight = entry.get("weight", 1.0)
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight <= 1:
        raise fail(f"weight must be a number above 0 and at most 1, not {weight!r}")
    return ThesaurusEntry(say.strip(), tuple(m.strip() for m in means), why.strip(), float(weight), where, line)


def entry_lines(path: Path, count: int) -> list[int]:
    """The line of each entry: the format puts one inline table on a line, so the n-th line
    opening a table inside ``entries`` is the n-th entry (0 where the file breaks that)."""
    lines, inside = [], False
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.match(r"^\s*entries\s*=\s*\[", text):
            inside = True
            text = text.split("[", 1)[1]
        if inside and re.match(r"^\s*\{", text):
            lines.append(n)
    return lines if len(lines) == count else [0] * count


def _line(path: Path, pattern: str) -> int:
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.match(pattern, text):
            return n
    return 0


def _folded(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


def merged(built_in: list[ThesaurusEntry], extension: list[ThesaurusEntry]) -> list[ThesaurusEntry]:
    """The built-in entries, those a corpus folder's thesaurus says again replaced by its own,
    then its new ones."""
    own = {_folded(e.say): e for e in extension}
    out = [own.pop(_folded(e.say), e) for e in built_in]
    return out + [e for e in extension if _folded(e.say) in own]


def load(files: list[Path] | Path | None) -> list[ThesaurusEntry]:
    """The thesaurus a build uses: the files of the profile's vocabulary role "thesaurus",
    built-in first, each extending the ones before (``folder.vocabulary["thesaurus"]``).
    Given one file or none (the older call), the built-in file comes first."""
    listed = list(files) if isinstance(files, list) else [BUILT_IN, *([files] if files is not None else [])]
    entries: list[ThesaurusEntry] = []
    for path in (p for p in listed if p.is_file()):
        entries = merged(entries, read_thesaurus(path))
    return entries


def compiled(entries: list[ThesaurusEntry], analysis) -> list[dict]:
    """The table the search matches against (both runtimes): each ``say`` word as its folded
    form and its terms (none for a stop word, which must then be typed as it is), each
    ``means`` phrase as the terms of its words. An entry whose say is stop words only could
    match nothing and is an error.

    ``analysis`` is the build's pass (``analysis.AnalysedCorpus``), so a phrase met before
    (a glossary term, a title) is not tokenized again.

    ``compiled([ThesaurusEntry("на ходу", ("очередь игры",), "…")], analysed)[0]["say"]``
    ``== [{"form": "на", "terms": []}, {"form": "ходу", "terms": ["ход"]}]``
    """
    from .analysis import fold

    out = []
    for e in entries:
        say = [{"form": fold(t.text), "terms": list(terms)} for t, terms in analysis.of(e.say).pairs()]
        if not any(w["terms"] for w in say):
            raise CorpusError(Problem("error", f"say {e.say!r} holds no word a search can match (only stop words)",
                                      e.path, e.line or None))
        means = [[list(t) for t in analysis.terms(m)] for m in e.means]
        out.append({"say": say, "text": e.say, "means": list(e.means), "means_terms": [m for m in means],
                    "weight": e.weight})
    return out
