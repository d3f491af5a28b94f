"""Sentences and tokens of a text, by the profile's data for its language: what the CoNLL-U
export cuts into sentences and tokens, and what the aligned sentences (lawsearch/alignment.py,
the browser's sentence spans) pair.

A sentence ends at ``.`` ``!`` ``?`` ``…`` and spaces before a capital letter (any
script's), an opening quote or a bracket -- not after one of the language's abbreviations
(``[segmenting.<lang>] abbreviations``: «см.» does not end a sentence). A token is an
ordinal written with a hyphen (``[segmenting.<lang>] ordinal``: «12-й»), a law ID of the
code (``[segmenting] id``: ``47E2(a)``), a word (hyphenated whole), a number or one
punctuation mark. A language or code with none of these data gets the plain rule: no
abbreviations, no ordinals, no ID tokens. Nothing here names a language: its words are the
profile's.

    segmenter("ru").sentences("Он ходит. Судья решает.")   # ['Он ходит.', 'Судья решает.']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Marks after which a sentence may end; spaces after them end it when what follows opens one
ENDS = ".!?…"
OPENERS = "«\"("
BREAK = re.compile(rf"(?<=[{re.escape(ENDS)}])\s+(?=\S)")
# a word (hyphenated whole), a number, one punctuation mark: every language's
PLAIN_TOKENS = (r"[^\W\d_]+(?:-[^\W\d_]+)*", r"\d+(?:[.,]\d+)*", r"[^\w\s]")


def _abbreviation_pattern(words: list[str]) -> re.Pattern | None:
    """A text ending in one of ``words`` and its full stop; a space after an inner full stop
    may be left out («т. е.» and «т.е.»)."""
    if not words:
        return None
    forms = [r"\.\s?".join(re.escape(part.strip()) for part in w.split(".")) for w in words]
    return re.compile(r"(?:^|[\s(])(?:" + "|".join(forms) + r")\.$", re.IGNORECASE)


@dataclass(frozen=True)
class Segmenter:
    token: re.Pattern
    abbreviation: re.Pattern | None

    def sentences(self, text: str) -> list[str]:
        """Paragraphs (parted by an empty line) split into sentences."""
        out: list[str] = []
        for paragraph in text.split("\n\n"):
            start = 0
            for m in BREAK.finditer(paragraph):
                after = paragraph[m.end()]
                if not (after.isupper() or after in OPENERS):
                    continue
                before = paragraph[start:m.start()]
                if self.abbreviation is not None and self.abbreviation.search(before):
                    continue
                out.append(before.strip())
                start = m.end()
            out.append(paragraph[start:].strip())
        return [s for s in out if s]

    def tokens(self, sentence: str) -> list[re.Match]:
        return list(self.token.finditer(sentence))


def _table(profile, lang: str | None) -> tuple[list[str], list[str], str | None]:
    """(abbreviations, ordinal patterns, the code's ID pattern) of the profile for ``lang``;
    None: every language's the profile has."""
    data = profile.data.get("segmenting", {}) if profile is not None else {}
    tables = [t for key, t in data.items() if isinstance(t, dict) and (lang is None or key == lang)]
    abbreviations = [w for t in tables for w in t.get("abbreviations", [])]
    ordinals = [t["ordinal"] for t in tables if t.get("ordinal")]
    return list(dict.fromkeys(abbreviations)), list(dict.fromkeys(ordinals)), data.get("id")


@lru_cache(maxsize=32)
def _compiled(abbreviations: tuple[str, ...], ordinals: tuple[str, ...], code_id: str | None) -> Segmenter:
    branches = [*ordinals, *([code_id + r"(?!\w)"] if code_id else []), *PLAIN_TOKENS]
    return Segmenter(re.compile("|".join(f"(?:{b})" for b in branches)), _abbreviation_pattern(list(abbreviations)))


def segmenter(lang: str | None = None, profile=None) -> Segmenter:
    """The segmenter of a text in ``lang`` (None: of a text whose language is not told --
    every language's data of the profile together) by ``profile`` (default: the profile of
    the corpus being worked on, else the built-in default one)."""
    if profile is None:
        from .profile import active

        profile = active()
    abbreviations, ordinals, code_id = _table(profile, lang)
    return _compiled(tuple(abbreviations), tuple(ordinals), code_id)


def sentences(text: str, lang: str | None = None, profile=None) -> list[str]:
    """``text``'s sentences: ``sentences("Он ходит. Судья решает.")`` → two."""
    return segmenter(lang, profile).sentences(text)
