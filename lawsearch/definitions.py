"""The code's definitions as entries with IDs, and every use of a defined term in the law
text and the commentary (issue 13).

A definitions section opens at a heading the profile names (``[apparatus.<lang>]
definitions``: «ОПРЕДЕЛЕНИЯ», "DEFINITIONS"; also a division whose title is one) and runs
to the next law or division heading. Each entry is ``TERM - text`` (``. -``, ``—``, ``–``);
a term split over two lines is joined. The section's ID is ``defs``, an entry's ``def-N``
(N its position).

A term is used where the words of a node's own text have the term's lemmas in order
(morphology: any inflection, ё = е), the words that agree in the term agreeing in the text
too (number and case: "младшая штрафные карты" is no "младшая штрафная карта"), and the
longest term wins. English words match by their Snowball stem.

    section = take_definitions(lines, words, layout)     # {"id": "defs", "entries": [...]}
    uses = find_uses(corpus_nodes, section["entries"], "ru", analysis)
"""

from __future__ import annotations

import re
from typing import Any

from . import morph  # the Snowball English stems only (english_stem): no dictionary
from . import furniture
from .furniture import languages_of
from .plausibility import lemmatizer_for
from .structure.apparatus import FOOTER_AT, RULE_LINE, Apparatus, _join

SEPARATOR = re.compile(r"^(?P<term>[^\W\d_][^\n]{0,60}?)\s*(?:\.\s*)?(?:\s[-–—]|[–—])\s+(?P<text>\S.*)$")
# the other shapes an entry is printed in: the term in quotes with any separator or none
# («Стол» — текст, "Side": text), the term and a colon (Тур: текст), the term as a sentence of
# its own (Старший судья. Судья, …; Chief Director. The Director …)
QUOTED = re.compile(r"^[«\"“„'‘](?P<term>[^\W\d_][^«»\"“”„'‘’\n]{0,60}?)[»\"”'’]\s*(?:[-–—:.]\s*)?(?P<text>\S.*)$")
COLON = re.compile(r"^(?P<term>[^\W\d_][^\n:]{0,60}?)\s*:\s+(?P<text>\S.*)$")
DOT = re.compile(r"^(?P<term>[^\W\d_][^\n.,;:!?()]{0,60}?)\.\s+(?P<text>[^\W\d_].*)$")
TERM_WORDS = 5  # a term is a name: more words than this make a sentence
HEADINGS = ("law", "division")
WORD = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")


def _starts_section(text: str, words: Apparatus, layout) -> bool:
    s = text.strip()
    if not s or not words.definitions:
        return False
    squeezed = s.replace(" ", "").casefold()
    if not any(w.replace(" ", "").casefold() in squeezed for w in words.definitions):
        return False  # most lines: no definitions word at all, nothing to classify
    if words.is_definitions(furniture.letter_spaced_words(s, words.lang)):
        return True
    c = layout.classify(s)
    return c.kind == "division" and bool(c.title) and words.is_definitions(c.title)


def _ends_section(text: str, layout) -> bool:
    s = text.strip()
    m = FOOTER_AT.match(s)
    if m:
        s = (m["rest"] or "").strip()
    return bool(s) and layout.classify(s).kind in HEADINGS


def take_definitions(lines: list[str], words: Apparatus, layout, path: str,
                     extra_words: frozenset[str] = frozenset()) -> dict[str, Any] | None:
    """The definitions section of a law source's raw ``lines``, or None. Its lines are
    emptied in ``lines`` (a page footer stays, for the page model), so the law text no
    longer holds them."""
    start = next((i for i, t in enumerate(lines) if _starts_section(t, words, layout)), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines)) if _ends_section(lines[i], layout)), len(lines))
    entries: list[dict[str, Any]] = []
    held: tuple[int, str] | None = None  # a term's first half, alone on its line
    unread: list[dict[str, Any]] = []  # lines before the first entry that read as none
    sentence_ended = True  # the line before ended a sentence (or was the heading)
    for i in range(start + 1, end):
        raw = lines[i]
        s = raw.strip()
        if not s or RULE_LINE.match(s) or FOOTER_AT.match(s):
            continue
        s = re.sub(r"\?{2,}", " ", s).strip()
        m = _entry(s, sentence_ended)
        sentence_ended = bool(re.search(r"[.!?;]['\"”’»)]*$", s))
        if m:
            term = m["term"].strip(" .")
            first = i + 1
            if held is not None:
                term, first = _join(held[1], term, extra_words, layout.lang), held[0]
                held = None
            entries.append({"id": f"def-{len(entries) + 1}", "term": term, "text": m["text"].strip(),
                            "source": path, "line": first})
            continue
        nxt = next((lines[j].strip() for j in range(i + 1, end) if lines[j].strip()), "")
        if _all_capitals(s) and len(s.split()) <= 3 and _entry(nxt):
            held = (i + 1, s)
            continue
        if entries:
            entries[-1]["text"] = _join(entries[-1]["text"], s, extra_words, layout.lang)
        else:  # no entry to go on: never silently dropped (use_apparatus warns of it)
            unread.append({"line": i + 1, "text": s})
    title = re.sub(r"\s+", " ", lines[start].strip())
    for i in range(start, end):
        m = FOOTER_AT.match(lines[i])
        lines[i] = f"- {m['page']}" if m and m["page"].isdigit() and not RULE_LINE.match(lines[i]) else ""
    return {"id": "defs", "title": title, "source": path, "lines": [start + 1, end], "entries": entries,
            "unread": unread}


def _entry(s: str, sentence_ended: bool = True) -> re.Match | None:
    """The term and text of a definitions line, or None (a line going on the entry before).
    The shapes: ``Term — text`` (any dash), ``«Term» text`` (quotes, any separator),
    ``Term: text``, and ``Term. Text`` (a term printed as a sentence of its own); these two
    read so only after a line that ended its sentence (a wrapped line goes on). A term is
    a short name starting with a capital, no comma at its end."""
    for pattern in (QUOTED, SEPARATOR) + ((COLON, DOT) if sentence_ended else ()):
        m = pattern.match(s)
        if m and len(m["term"].split()) <= TERM_WORDS and m["term"][:1].isupper() \
                and not m["term"].rstrip().endswith(",") and (pattern is not DOT or m["text"][:1].isupper()):
            return m
    return None


def _all_capitals(s: str) -> bool:
    letters = [c for c in s if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters)


# -- uses --------------------------------------------------------------------------------------

def _word_keys(word: str, lang: str, lexicon: dict[str, str]) -> frozenset[tuple[str, str | None, str | None]]:
    """A word's keys for matching terms: (lemma, number, case) of each nominal parse by the
    lemmatizer of the text's language ``lang`` (its ``nominal_parses``); a word of a
    Latin-script language its Snowball stem; a lexicon form its lemma; and, in a language
    without a lemmatizer or a script it does not cover, the word itself, folded."""
    w = word.lower().replace("ё", "е")
    if w.isascii():  # a word of a Latin-script language: its Snowball stem
        w = re.sub(r"['’]s$", "", w)
        return frozenset({(morph.english_stem(w), None, None)})
    if w in lexicon:
        return frozenset({(lexicon[w], None, None)})
    lemmatizer = lemmatizer_for(w, languages_of(lang))
    return frozenset(lemmatizer.nominal_parses(w) if lemmatizer else ()) or frozenset({(w, None, None)})


def _lemmas(keys) -> set[str]:
    return {k[0] for k in keys}


def _agree(a, b) -> bool:
    """Two words' parses share a number and case (unknown counts as agreeing)."""
    for la, na, ca in a:
        for lb, nb, cb in b:
            if (na is None or nb is None or na == nb) and (ca is None or cb is None or ca == cb):
                return True
    return False


class Terms:
    """The definitions' terms compiled for matching in one language."""

    def __init__(self, entries: list[dict[str, Any]], lang: str, lexicon: dict[str, str] | None = None):
        self.lang = lang
        self.lexicon = lexicon or {}
        self.terms = []
        for e in entries:
            words = WORD.findall(e["term"])
            if not words:
                continue
            keys = [_word_keys(w, lang, self.lexicon) for w in words]
            # pairs of the term's words that agree as printed must agree in the text too
            pairs = [(i, j) for i in range(len(keys)) for j in range(i + 1, len(keys))
                     if any(k[1] for k in keys[i]) and _agree(keys[i], keys[j])]
            self.terms.append((e["id"], [_lemmas(k) for k in keys], pairs))
        self.terms.sort(key=lambda t: -len(t[1]))

    def uses(self, text: str) -> list[tuple[str, int, int]]:
        """(definition ID, start, end) of the first use of each term in ``text``, in text
        order; the longest term wins where terms overlap."""
        tokens = [(m.start(), m.end(), _word_keys(m.group(), self.lang, self.lexicon)) for m in WORD.finditer(text)]
        found: dict[str, tuple[int, int]] = {}
        i = 0
        while i < len(tokens):
            hit = None
            for def_id, lemmas, pairs in self.terms:
                n = len(lemmas)
                if i + n > len(tokens):
                    continue
                window = tokens[i:i + n]
                if not all(_lemmas(window[k][2]) & lemmas[k] for k in range(n)):
                    continue
                if not all(_agree(window[a][2], window[b][2]) for a, b in pairs):
                    continue
                if any(text[window[k][1]:window[k + 1][0]].strip() for k in range(n - 1)):
                    continue  # punctuation between the words: not one phrase
                hit = (def_id, window[0][0], window[-1][1], n)
                break
            if hit is None:
                i += 1
                continue
            def_id, start, end, n = hit
            found.setdefault(def_id, (start, end))
            i += n
        return sorted(((d, s, e) for d, (s, e) in found.items()), key=lambda x: x[1])


def find_uses(nodes, entries: list[dict[str, Any]], lang: str, lexicon: dict[str, str] | None = None) -> list[dict]:
    """The first use of each defined term in each law-text node's own text (never a title):
    a law or any level of the active profile's grammar (``grammar.law_text_kinds``); and in
    each paragraph of the commentary (a commentary node, an item of one its own), as in the
    law text, the definitions' commentary too (its terms link to their entries on its page)."""
    if not entries:
        return []
    from .grammar import law_text_kinds

    linked = (*law_text_kinds(), "commentary")
    terms = Terms(entries, lang, lexicon)
    out = []
    for n in nodes:
        # a headless piece a rule placed in a law (by the contents, by page) is that law's text
        if (n.kind not in linked and not (n.kind == "piece" and n.law)) or not n.text or n.lang != lang:
            continue
        for def_id, start, end in terms.uses(n.text):
            use = {"node": n.id, "def": def_id, "start": start, "end": end, "surface": n.text[start:end]}
            if n.kind == "commentary":
                use["commentary"] = True
            out.append(use)
    return out


# -- a built corpus ------------------------------------------------------------------------------

def entries(corpus) -> list[dict[str, Any]]:
    """The corpus's definitions (``corpus.apparatus["definitions"]["entries"]``), or []."""
    return list((corpus.apparatus.get("definitions") or {}).get("entries", ()))


def entry(corpus, def_id: str) -> dict[str, Any] | None:
    """One definition by its ID (``def-3``), or None."""
    return next((e for e in entries(corpus) if e["id"] == def_id), None)


def uses_in(corpus, node_id: str) -> list[dict[str, Any]]:
    """The defined terms a node's own text uses (first use each), with their definitions."""
    by_id = {e["id"]: e for e in entries(corpus)}
    return [{**u, "term": by_id[u["def"]]["term"], "definition": by_id[u["def"]]["text"]}
            for u in corpus.apparatus.get("terms", ()) if u["node"] == node_id and u["def"] in by_id]


def uses_of(corpus, def_id: str) -> list[str]:
    """The nodes whose own text uses a definition's term, in reading order."""
    return [u["node"] for u in corpus.apparatus.get("terms", ()) if u["def"] == def_id]


def pieces(start: int, end: int, uses) -> list[tuple[int, int, str | None]]:
    """``[start, end)`` cut at the defined terms inside it: (start, end, definition ID or None).

    >>> pieces(0, 10, [(2, 4, "def-1")])
    [(0, 2, None), (2, 4, 'def-1'), (4, 10, None)]
    """
    out, at = [], start
    for s, e, def_id in sorted(uses):
        if s < at or e > end:
            continue
        if s > at:
            out.append((at, s, None))
        out.append((s, e, def_id))
        at = e
    if at < end:
        out.append((at, end, None))
    return out
