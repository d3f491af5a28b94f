"""The book's apparatus: a table of contents, a subject index and a title page, read into
data (issue 13). None of them is law text: their entries are never references, and their
words come from the profile's ``[apparatus.<lang>]`` table, never from here.

    words = Apparatus.of(profile, "ru")
    toc = parse_toc(lines, words, grammar.layout_for("ru"))
    [(e.id, e.title, e.page) for e in toc if e.scope == "laws"][:1]   # [('defs', 'ОПРЕДЕЛЕНИЯ', '7')]
    index = parse_index(lines, words, grammar.ids)        # IndexEntry("Взятка", "дефектная", ("67",), "301")
    front = parse_front(lines, words)                     # {"title": …, "year": "1990", …}

``contents_entries(corpus)`` gives the parsed contents of a built corpus, for placing
headless text by page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .. import furniture
from ..formats import format_of
from ..plausibility import lemmatizer_for

RULE_LINE = re.compile(r"^[\s?=_~*\-–—.|+]*$")  # box lines, underlines, lost '?' runs
FOOTER_AT = re.compile(r"^\s*-\s*(?P<page>\d{1,4}|[ivxlcdm]{1,6})(?:\s*-)?(?:\s+(?P<rest>\S.*))?$")
BARE_PAGE = re.compile(r"^\s*(?P<page>\d{1,4})\s*$")
# a dot leader: dots (spaced or not), middle dots «· · ·», bullets or an underline run, or «…»
# (U+2026) characters, each three dots, as a word processor sets them
LEADER_MARK = r"[.…·•_]"
DOT_LEADER = rf"(?:(?:{LEADER_MARK}\s?){{4,}}|(?:…\s?){{2,}})"
DEFINITIONS_HEADING_WORDS = 4  # «ТЕРМИНЫ И ОПРЕДЕЛЕНИЯ»; a longer line holding the word is a sentence's
LEADER_PAGE = re.compile(rf"\s*(?:{LEADER_MARK}\s?){{2,}}\s*(?P<page>\d{{1,4}}|[ivxlcdm]{{1,6}})(?![\w.])")
# a contents entry's page after no dot leader, at the end of its line: after a tab or a lone
# «…» («Правило 23. Спуск… 6», "Law 20. The Hut\t5"), or after a space only ("Law 23.
# Descent 6": ``bare``, a page in figures after a word). Read so only where a page is known
# as contents already (its heading, its other entries), and only where what stands before
# the number is still an entry with a title ("Law 23" alone is a heading, not "Law" p. 23)
LOOSE_PAGE = re.compile(r"(?:\t\s*|\s*…\s*)(?P<page>\d{1,4}|[ivxlcdm]{1,6})\s*$"
                        r"|(?<=[^\W\d_»\")])\s+(?P<bare>\d{1,4})\s*$")
YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
QUOTED = re.compile(r"^[«„\"“]\s*(?P<name>[^»“”\"]+?)\s*[»“”\"]$")
IMPRINT = re.compile(r"^(?:(?P<city>[^\W\d_][\w\- ]*?)\s*[:,]\s*)?[«„\"“](?P<name>[^»“”\"]+)[»“”\"]"
                     r"(?:\s*,\s*(?P<year>\d{4}))?\.?$")
# an imprint with no quotes: "Lowestoft: Saltmarsh Press, 2021", «Москва: Физкультура и спорт, 1987»
IMPRINT_PLAIN = re.compile(r"^(?P<city>[^\W\d_][\w\-.]*(?:\s[\w\-.]+){0,2})\s*:\s*(?P<name>[^\W\d_][^:,]*?)\s*,\s*"
                           r"(?P<year>(?:1[5-9]|20)\d\d)\.?$")
EDITION_WORDS = 4  # "Fourth Edition", «Третье издание»: an edition line without a year, named as printed
IMPRINT_PARTS = re.compile(r"\s+[·•|/]\s+")  # an imprint set on one line: city · publisher · year
SPLIT_LABEL = re.compile(r"^(\w{1,5}\.)\s+")


@dataclass(frozen=True)
class Apparatus:
    """The profile's words for one language (``[apparatus.<lang>]``)."""

    lang: str
    contents: tuple[str, ...] = ()
    index: tuple[str, ...] = ()
    definitions: tuple[str, ...] = ()
    commentary: tuple[str, ...] = ()
    see: tuple[str, ...] = ()
    see_also: tuple[str, ...] = ()
    defs_target: tuple[str, ...] = ()
    ditto: tuple[str, ...] = ("=",)
    ditto_word: tuple[str, ...] = ()  # of ``ditto``: the marks that stand for one word each
    # of ``ditto``: marks that are a ditto only on a page already read as the index (a hyphen
    # opens a list's item too): no evidence that a page is one (``detect_kind``)
    ditto_index_only: tuple[str, ...] = ()
    front: dict[str, tuple[str, ...]] = field(default_factory=dict)
    page_words: tuple[str, ...] = ()
    index_page: tuple[str, ...] = ()  # an index target that is a book page («с. 8», "p. 8")

    @classmethod
    def of(cls, profile, lang: str) -> "Apparatus":
        data: dict[str, Any] = (profile.data.get("apparatus", {}) if profile is not None else {}).get(lang, {})
        pages = tuple((profile.data.get("furniture", {}) if profile is not None else {}).get(lang, {}).get("page", ()))
        return cls(lang, *(tuple(data.get(k, ())) for k in
                           ("contents", "index", "definitions", "commentary", "see", "see_also", "defs_target")),
                   ditto=tuple(sorted({*data.get("ditto", ("=",)), *data.get("ditto_index_only", ())},
                                      key=lambda d: (-len(d), d))),
                   ditto_word=tuple(data.get("ditto_word", ())),
                   ditto_index_only=tuple(data.get("ditto_index_only", ())),
                   front={k: tuple(v) for k, v in data.get("front", {}).items()}, page_words=pages,
                   index_page=tuple(data.get("index_page", ())))

    def heading(self, text: str, which: tuple[str, ...]) -> bool:
        """Whether ``text`` (letter spacing removed) is, or begins with, one of ``which``, or
        is one of its one-word headings after a qualifier of one or two words written as it
        is («АЛФАВИТНЫЙ УКАЗАТЕЛЬ», "GENERAL INDEX", "Alphabetical Index", "Terms and Definitions").

        >>> a = Apparatus("ru")
        >>> a.heading("АЛФАВИТНЫЙ УКАЗАТЕЛЬ", ("УКАЗАТЕЛЬ",)), a.heading("Карточный указатель стоит", ("УКАЗАТЕЛЬ",))
        (True, False)
        >>> b = Apparatus("en")
        >>> b.heading("General Index", ("INDEX", "Index")), b.heading("The index", ("INDEX", "Index"))
        (True, False)
        """
        s = furniture.letter_spaced_words(text, self.lang).strip()
        s = re.sub(r"\s+", " ", s)
        if any(s == w or s.startswith(w + " ") for w in which):
            return True
        return self.qualified(s, which)

    def qualified(self, text: str, which: tuple[str, ...]) -> bool:
        """Whether ``text`` is one of the one-word headings of ``which`` after a qualifier of
        one or two words (a hyphenated word one of them) written as it is: «АЛФАВИТНЫЙ
        УКАЗАТЕЛЬ», «ПРЕДМЕТНО-АЛФАВИТНЫЙ УКАЗАТЕЛЬ», "General Index".

        >>> Apparatus("ru").qualified("ПРЕДМЕТНО-АЛФАВИТНЫЙ УКАЗАТЕЛЬ", ("УКАЗАТЕЛЬ",))
        True
        """
        s = re.sub(r"\s+", " ", furniture.letter_spaced_words(text, self.lang).strip())
        m = re.fullmatch(r"((?:[^\W\d_]+(?:-[^\W\d_]+)* ){1,2})([^\W\d_]+)", s)
        if not m or m[2] not in which:
            return bool(m) and self._sentence_cased(s, which)
        qualifiers = m[1].split()
        if m[2].isupper():
            return all(q.isupper() for q in qualifiers)
        return qualifiers[0][:1].isupper() and all(q[:1].isupper() or len(q) <= 3 for q in qualifiers[1:])

    def _sentence_cased(self, text: str, which: tuple[str, ...]) -> bool:
        """Whether ``text`` is a one-word heading of ``which`` after a qualifier of one or two
        words in sentence case, as a Russian book sets its headings: «Алфавитный указатель»,
        «Предметно-алфавитный указатель» read as «АЛФАВИТНЫЙ УКАЗАТЕЛЬ» is (cold read 11 of
        issue 13). The heading word is the profile's, in any case; a qualifier that is a stop
        word of the language ("The index", «Этот указатель») makes no heading.

        >>> a = Apparatus("ru")
        >>> a._sentence_cased("Алфавитный указатель", ("УКАЗАТЕЛЬ",)), a._sentence_cased("Этот указатель", ("УКАЗАТЕЛЬ",))
        (True, False)
        """
        from whoosh.lang.stopwords import stoplists

        m = re.fullmatch(r"((?:[^\W\d_]+(?:-[^\W\d_]+)* ){1,2})([^\W\d_]+)", text)
        heads = {w.casefold() for w in which if " " not in w.strip()}
        if not m or not m[2].islower() or m[2] not in heads:
            return False
        qualifiers = m[1].split()
        stop = stoplists.get(self.lang, frozenset())
        return (qualifiers[0][:1].isupper() and qualifiers[0][1:].replace("-", "").islower()
                and all(q.islower() for q in qualifiers[1:]) and not any(q.casefold() in stop for q in qualifiers))

    def any_order(self, text: str, which: tuple[str, ...]) -> bool:
        """Whether ``text`` is a heading of two to four words that holds all the words of one
        of ``which``'s headings of two or more words, in any order and case, each in any
        ending, and nothing else but the language's stop words: "INDEX OF SUBJECTS" or "Index
        of subjects" for "SUBJECT INDEX", «Указатель предметный» for «ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ»
        (cold read 14 of issue 13, finding 2). A sentence ("The index of subjects is long")
        is none.

        >>> b = Apparatus("en")
        >>> b.any_order("INDEX OF SUBJECTS", ("SUBJECT INDEX",)), b.any_order("Index of Subjects", ("SUBJECT INDEX",))
        (True, True)
        >>> b.any_order("Index of cases", ("SUBJECT INDEX",)), b.any_order("the subject index", ("SUBJECT INDEX",))
        (False, False)
        """
        from whoosh.lang.stopwords import stoplists

        found = re.sub(r"\s+", " ", furniture.letter_spaced_words(text, self.lang).strip()).split(" ")
        if not 2 <= len(found) <= 4 or not all(re.fullmatch(r"[^\W\d_]+", w) for w in found) \
                or not found[0][:1].isupper():
            return False
        stop = stoplists.get(self.lang, frozenset())
        content = [w.casefold() for w in found if w.casefold() not in stop]

        def same(word: str, head: str) -> bool:  # one word in another ending
            common = next((i for i, (a, b) in enumerate(zip(word, head)) if a != b), min(len(word), len(head)))
            return common >= max(4, len(head) - 3)

        for heading in which:
            heads = [h.casefold() for h in heading.split()]
            if len(heads) < 2 or len(content) != len(heads):
                continue
            if all(any(same(w, h) for w in content) for h in heads) \
                    and all(any(same(w, h) for h in heads) for w in content):
                return True
        return False

    def ditto_at(self, text: str, p: int = 0) -> str | None:
        """The ditto mark that opens ``text`` at ``p`` (the longest of the profile's marks),
        if a space, a comma or the end follows it: a quote glued to a word opens a quotation."""
        for d in self.ditto:  # longest first
            if text.startswith(d, p):
                after = text[p + len(d):p + len(d) + 1]
                if not after or after.isspace() or after == ",":
                    return d
        return None

    def ditto_sign(self, text: str) -> str | None:
        """``ditto_at`` of a mark that is evidence of an index page (not ``ditto_index_only``)."""
        mark = self.ditto_at(text)
        return mark if mark is not None and mark not in self.ditto_index_only else None

    def ditto_run(self, text: str, p: int = 0) -> tuple[int, int | None] | None:
        """The ditto that opens ``text`` at ``p`` as (its length, the number of the
        headword's leading words it stands for; None: the whole main headword). A mark of
        ``ditto_word`` (a quotation-mark ditto printed under a word) stands for one word,
        so ``" "`` stands for two; the other marks (``=``) for the main headword.

        >>> a = Apparatus("ru", ditto=('—"—', "=", '"'), ditto_word=('—"—', '"'))
        >>> a.ditto_run('—"— недостающая'), a.ditto_run('" " старшая'), a.ditto_run("= , отзыв")
        ((3, 1), (3, 2), (1, None))
        """
        mark = self.ditto_at(text, p)
        if mark is None:
            return None
        if mark not in self.ditto_word:
            return len(mark), None
        end, count = p + len(mark), 1
        while True:
            q = end
            while q < len(text) and text[q] == " ":
                q += 1
            nxt = self.ditto_at(text, q) if q > end else None
            if nxt is None or nxt not in self.ditto_word:
                return end - p, count
            end, count = q + len(nxt), count + 1

    def is_definitions(self, title: str) -> bool:
        """Whether a heading's title names the definitions: one of the profile's words
        («ОПРЕДЕЛЕНИЯ»), or a short heading holding one of them as a word among others
        («ТЕРМИНЫ И ОПРЕДЕЛЕНИЯ», "DEFINITIONS AND TERMS"): a line of words only (no digit,
        no sentence's punctuation), capitalised, at most ``DEFINITIONS_HEADING_WORDS`` words.

        >>> a = Apparatus("ru", definitions=("ОПРЕДЕЛЕНИЯ", "Определения"))
        >>> a.is_definitions("ТЕРМИНЫ И ОПРЕДЕЛЕНИЯ"), a.is_definitions("Термины и определения")
        (True, True)
        >>> a.is_definitions("определения терминов"), a.is_definitions("Определения даны в правиле 2")
        (False, False)
        """
        t = re.sub(r"\s+", " ", title.strip()).rstrip(".")
        if t in self.definitions:
            return True
        if not t[:1].isupper() or not re.fullmatch(r"[^\W\d_]+(?:(?: |, | [-–—] |[-–—])[^\W\d_]+)*", t):
            return False
        names = t.casefold().replace(",", " ").split()
        return len(names) <= DEFINITIONS_HEADING_WORDS and \
            any(w.casefold() in names for w in self.definitions if " " not in w.strip())


# -- contents ----------------------------------------------------------------------------

@dataclass(frozen=True)
class TocEntry:
    """One contents entry. ``scope``: ``laws`` (the code's text), ``commentary`` (the
    commentary part: the same law numbers, another place) or ``book`` (preface, index…).
    ``kind``: law, section, division, definitions or other; ``page`` as printed or None."""

    scope: str
    id: str | None
    kind: str
    title: str
    page: str | None
    line: int  # the raw line (1-based) where the entry starts


def _page_cuts(lines: list[str], opens=lambda line: False,
               words: "Apparatus | None" = None) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """Lines cut into book pages: a footer ``- N`` ends page N (text after it on its line
    opens the next page), and so does a page counter in the profile's words (``words``:
    «стр. 13 из 14», "Page 10 of 12"); a bare number alone at the top of a page heads page N; a line
    for which ``opens`` is true (the contents' or the index's heading alone: a part of the
    book starts on a page of its own) opens a page where the page before lost its footer."""
    out: list[tuple[str | None, list[tuple[int, str]]]] = []
    current: list[tuple[int, str]] = []
    head: str | None = None

    def close(page):
        nonlocal current, head
        if any(t.strip() for _, t in current):
            out.append((page, current))
        current, head = [], None

    for n, raw in enumerate(lines, 1):
        counted = page_counter(raw, words) if words is not None and raw.strip() else None
        if counted is not None:
            close(counted)
            continue
        m = FOOTER_AT.match(raw)
        if m and not RULE_LINE.match(raw):
            close(m["page"] if head is None or head == m["page"] else m["page"])
            if m["rest"]:
                current.append((n, m["rest"]))
            continue
        b = BARE_PAGE.match(raw)
        if b and _lone_entry_page(current, words):
            current.append((n, raw))  # a wrapped contents entry's page, alone on its line
            continue
        if b:
            if any(t.strip() for _, t in current):
                close(head)
            head = b["page"]
            continue
        if opens(raw) and any(t.strip() for _, t in current):
            close(head)
        current.append((n, raw))
    close(head)
    return out


def _roman(s: str) -> int | None:
    values = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
    if not s or any(c not in values for c in s):
        return None
    total = 0
    for a, b in zip(s, s[1:] + " "):
        v = values[a]
        total += -v if b != " " and values[b] > v else v
    return total


def _page_key(page: str | None) -> tuple[int, int] | None:
    if page is None:
        return None
    if page.isdigit():
        return (1, int(page))
    r = _roman(page)
    return (0, r) if r is not None else None


def _book_order(pages):
    """Pages in book order where every page's number is known; else as in the file."""
    keys = [_page_key(p) for p, _ in pages]
    if all(k is not None for k in keys):
        return [pg for _, pg in sorted(zip(keys, pages), key=lambda x: x[0])]
    return pages


def _lone_entry_page(current: list[tuple[int, str]], words: "Apparatus | None") -> bool:
    """Whether a bare number after ``current`` (the page's lines so far) is the page of a
    contents entry wrapped so that its number stands alone on the next line
    (``Правило 22. Перерыв … и порядок`` / ``возвращения за стол`` / ``7``), not a page's
    number: the page so far is contents (its heading in the profile's words, or entries
    ending in a leader and a page), and the line before the number is words ending in no
    page number and no sentence's end."""
    body = [t.strip() for _, t in current if t.strip() and not RULE_LINE.match(t)]
    if not body or re.search(r"(?:\d|[.!?;:])$", body[-1]) or LEADER_PAGE.search(body[-1]):
        return False
    headed = words is not None and bool(words.contents) and words.heading(body[0], words.contents)
    leaders = sum(1 for t in body if LEADER_PAGE.search(t) and re.search(DOT_LEADER, t))
    return headed or leaders >= 2


def _unframe(text: str) -> list[tuple[str, str | None]]:
    """A framed contents line ``| Правило 57. Title | 112 |`` → [(title, page)]; the page
    column empty → page None (the entry goes on). Unframed, or a frame round dot-leader
    entries with no page column (``| Правило 3. Title ........ 4 |``): cut after every leader + page."""
    s = text.strip()
    if s.startswith("|") or s.count("|") >= 2:
        cells = [c.strip() for c in s.strip("|").split("|")]
        cells = [re.sub(r"\?{2,}", " ", c).strip() for c in cells]
        title = " ".join(c for c in cells[:-1] if c) if len(cells) > 1 else cells[0]
        last = cells[-1] if len(cells) > 1 else ""
        page = last if re.fullmatch(r"\d{1,4}|[ivxlcdm]{1,6}", last) else None
        inner = " ".join(c for c in cells if c)
        if page is None and re.search(DOT_LEADER, inner) and LEADER_PAGE.search(inner):
            s = inner  # a frame drawn round a dot-leader entry: its page stands after the leader
        else:
            if page is None and last:
                title = f"{title} {last}".strip()
            return [(title, page)]
    out, at = [], 0
    for m in LEADER_PAGE.finditer(s):
        out.append((s[at:m.start()].strip(), m["page"]))
        at = m.end()
    rest = s[at:].strip()
    if rest:
        out.append((rest, None))
    return out


def loose_entry(text: str, layout) -> tuple[str, str] | None:
    """A line of a contents page that ends in its entry's page with no dot leader before it
    (``LOOSE_PAGE``; a short leader at the very end, ``... 5``, as well): (the entry's
    title part, the page), or None. What stands before the number must still be what the
    whole line is -- a law heading with its title, a section's, a line of words: the
    number of a heading with no title ("Law 23") is its label, not a page."""
    s = re.sub(r"[ \u00a0]+", " ", text).strip()
    m = re.search(rf"{LEADER_PAGE.pattern}\s*$", s) or LOOSE_PAGE.search(s)
    if not m:
        return None
    head = s[:m.start()].strip()
    if not head or not re.search(r"[^\W\d_]", head):
        return None
    whole = _classify(layout, re.sub(r"\s+", " ", s))
    if whole.kind not in ("text", "empty", "footer", "footnote"):
        if not (whole.title or whole.extra):
            return None  # "Law 23": the number is the heading's label
        if _classify(layout, re.sub(r"\s+", " ", head)).kind != whole.kind:
            return None
    return head, m["page"] or m["bare"]


def _join(head: str, tail: str, extra: frozenset[str], lang: str | None = None) -> str:
    """A title wrapped onto the next line: joined without a space where a word was split
    (``неосто`` + ``рожности``), as the lemmatizer of the text's language (``lang``) says;
    else, and in a language without one, with a space."""
    left = re.search(r"(\w+)$", head)
    right = re.match(r"(\w+)", tail)
    lemmatizer = lemmatizer_for(left.group(1) + right.group(1), furniture.languages_of(lang)) if left and right else None
    if lemmatizer is not None:
        word = lemmatizer.join_split_word(left.group(1), right.group(1), extra)
        if word is not None:
            return head[:left.start()] + word + tail[right.end():]
    return f"{head} {tail}".strip()


def _clean_title(title: str) -> str:
    t = re.sub(r"\?{2,}", " ", title)
    t = re.sub(r"\s+", " ", t).strip()
    t = re.sub(r"\s+([?!.,;:])$", r"\1", t)  # a detached final '?' reattached
    return t if t.endswith("?") else t.strip(" .")


def _classify(layout, text: str):
    c = layout.classify(text)
    if c.kind == "text":
        tight = SPLIT_LABEL.sub(r"\1", text)  # "A. Title" where the layout prints "A.Title"
        if tight != text:
            c2 = layout.classify(tight)
            if c2.kind not in ("text", "law", "division"):
                return c2
    return c


def parse_toc(lines: list[str], words: Apparatus, layout, extra_words: frozenset[str] = frozenset()) -> list[TocEntry]:
    """The entries of contents pages, in book order (pages sorted by their footers when
    every page has one). Law and section IDs come from the layout's heading patterns; a
    division is named by the law entry after it (``div-glava-1``)."""
    pages = _book_order(_page_cuts(lines, words=words))
    raw: list[dict[str, Any]] = []
    open_entry: dict[str, Any] | None = None
    for _, page_lines in pages:
        for n, text in page_lines:
            if RULE_LINE.match(text) or not text.strip():
                continue
            if words.heading(text, words.contents):
                continue
            if text.strip().lower() in {w.lower() for w in words.page_words}:
                continue  # a "Page" column head
            if open_entry is not None and BARE_PAGE.match(text):
                open_entry["page"] = text.strip()  # a wrapped entry's page alone on its line
                open_entry = None
                continue
            for fragment, page in _unframe(text):
                if not fragment and page is None:
                    continue
                if page is None and fragment and (loose := loose_entry(fragment, layout)) is not None:
                    fragment, page = loose  # "Law 23. Descent 6", a tab or a lone «…» before the page
                c = _classify(layout, fragment) if fragment else None
                starts = c is not None and c.kind not in ("text", "empty", "footer", "footnote")
                if open_entry is not None and not starts and fragment:
                    open_entry["title"] = _join(open_entry["title"], fragment, extra_words, layout.lang)
                    if page is not None:
                        open_entry["page"] = page
                        open_entry = None
                    continue
                if open_entry is not None and not fragment and page is not None:
                    open_entry["page"] = page
                    open_entry = None
                    continue
                if not fragment:
                    continue
                entry = {"kind": "other", "label": None, "title": fragment, "page": page, "line": n, "slug": None}
                if starts:
                    entry["kind"] = c.kind
                    entry["label"] = c.label
                    entry["slug"] = c.extra if c.kind == "division" else None
                    entry["title"] = (c.title or (c.extra if c.kind != "division" else "") or "")
                raw.append(entry)
                # a division heading is whole on its line; anything else waits for its page
                open_entry = None if page is not None or entry["kind"] == "division" else entry
    return _resolve_toc(raw, words, layout)


NUMBERED = re.compile(r"^(?P<n>\d{1,3})\.?\s+(?P<title>\S.*)$")  # "3 Scoring", "1. Ширмы" read as text
MIN_NUMBERED = 3  # numbered entries in sequence that make a contents without its law word


def _numbered_laws(raw, words: Apparatus, levels: tuple[str, ...] = ()) -> None:
    """Contents that print a law's entry with its number alone (``1. Ширмы и их
    установка .... 5``, ``3 Scoring .... 12``), without the law word: where a part of the
    contents (the code's text, or the commentary) has no law entry of its own and its
    numbered entries count on one by one (at least ``MIN_NUMBERED``), they are its law
    entries. A numbered list under law entries, or numbers out of sequence, stay as they are."""
    parts: list[list[int]] = [[]]
    scope = "laws"
    for i, e in enumerate(raw):
        if e["kind"] == "other" and not words.is_definitions(_clean_title(e["title"])) \
                and any(_clean_title(e["title"]).startswith(w) for w in words.commentary) and scope == "laws":
            scope = "commentary"
            parts.append([])
        parts[-1].append(i)
    for part in parts:
        if any(raw[i]["kind"] == "law" for i in part):
            continue
        found: list[tuple[int, int, str]] = []
        for i in part:
            e = raw[i]
            if e["kind"] in levels and str(e["label"] or "").isdigit():  # a numbered level's entry
                found.append((i, int(e["label"]), e["title"]))
            elif e["kind"] == "other" and (m := NUMBERED.match(e["title"].strip())):
                found.append((i, int(m["n"]), m["title"]))
        numbers = [n for _, n, _ in found]
        if len(found) < MIN_NUMBERED or any(b != a + 1 for a, b in zip(numbers, numbers[1:])):
            continue
        for i, n, title in found:
            raw[i].update(kind="law", label=str(n), title=title, slug=None)


def _resolve_toc(raw, words: Apparatus, layout) -> list[TocEntry]:
    ids = layout.ids
    _numbered_laws(raw, words, tuple(ids.levels))
    out: list[TocEntry] = []
    scope = "laws"
    law: str | None = None
    pending_divisions: list[int] = []
    for e in raw:
        title = _clean_title(e["title"])
        kind, entry_id, here = e["kind"], None, scope
        if kind == "other":
            if words.is_definitions(title):
                kind, entry_id = "definitions", "defs"
            else:
                here = "book"
                if any(title.startswith(w) for w in words.commentary):
                    scope = "commentary"
        elif kind == "division" and words.is_definitions(title):
            kind, entry_id = "definitions", "defs"
        elif kind == "law":
            law = e["label"]
            entry_id = ids.law_id(law)
            if here == "laws":
                for i in pending_divisions:
                    old = out[i]
                    # a division is named by the law after it; until then its id holds the slug
                    out[i] = TocEntry(old.scope, ids.division_id(old.id or "", law), old.kind, old.title, old.page,
                                      old.line)
                pending_divisions = []
        elif kind == "division":
            pending_divisions.append(len(out))
        elif law is not None:  # a section or deeper level: under the last law
            entry_id = ids.law_id(law, e["label"]) if ids.levels and kind == ids.levels[0] else None
        out.append(TocEntry(here, entry_id if kind != "division" else e["slug"], kind, title, e["page"], e["line"]))
    # a division with no law after it keeps no ID
    for i in pending_divisions:
        old = out[i]
        out[i] = TocEntry(old.scope, None, old.kind, old.title, old.page, old.line)
    return out


# -- subject index -----------------------------------------------------------------------

@dataclass(frozen=True)
class IndexEntry:
    """One subject index entry: ``headword`` (the main one, ditto marks resolved), ``sub``
    (its sub-heading or None), ``targets`` (IDs: ``50``, ``62D``, ``defs``), ``see`` (the
    headword a ``см.``/see points to, or None), ``page`` (the index's book page or None)."""

    headword: str
    sub: str | None
    targets: tuple[str, ...]
    page: str | None
    see: str | None = None
    line: int = 0
    see_also: bool = False  # the see word was a see-also one («см. также», "see also")
    pages: tuple[str, ...] = ()  # book pages printed as targets («, с. 8»), as printed: "с. 8"
    # targets printed N.M («63.2»): (as printed, the commentary paragraph's ID), kept as
    # targets only where the commentary has that paragraph (``settle_paragraph_targets``)
    paragraphs: tuple[tuple[str, str], ...] = ()

    @property
    def full(self) -> str:
        return f"{self.headword} {self.sub}" if self.sub else self.headword


def _columns(page_lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """An index page printed in two columns and extracted line by line: the left column's
    lines first, then the right one's."""
    gaps = []
    for _, t in page_lines:
        m = re.search(r"\S(\s{4,})(?=\S)", t.rstrip())
        if m and not BARE_PAGE.match(t) and not FOOTER_AT.match(t):
            gaps.append(m.end(1))
    body = [t for _, t in page_lines if t.strip() and not RULE_LINE.match(t)]
    if len(gaps) < 2 or len(gaps) * 2 < len(body):
        return page_lines
    col = sorted(gaps)[len(gaps) // 2]
    left, right = [], []
    for n, t in page_lines:
        m = re.search(r"\S(\s{4,})(?=\S)", t.rstrip())
        if m and abs(m.end(1) - col) <= 4:
            left.append((n, t[:m.start(1) + 0].rstrip()))
            right.append((n, t[m.end(1):]))
        elif len(t) - len(t.lstrip()) >= col - 4 and t.strip():
            right.append((n, t.strip()))
        else:
            left.append((n, t))
    return left + right


# what parts a printed headword from its sub-heading: a comma, a spaced dash («Матч — неявка
# команды»); a spaced hyphen stays the headword's text ("Lantern - hanging type": a typist's
# hyphen is as often a headword's own as a dash)
SUB_HEADING = r",|\s[—–]\s+(?=\w)"
COMMENTARY_TARGET = r"\d{1,3}\.\d{1,2}\.?"  # an index target naming a commentary paragraph: «63.2»


def _target_pattern(words: Apparatus, ids) -> re.Pattern:
    defs = "|".join(re.escape(w) for w in sorted(words.defs_target, key=len, reverse=True)) or r"(?!)"
    lookalikes = re.escape(getattr(ids, "lookalike_chars", ""))
    # a commentary paragraph «63.2» (a trailing stop as printed «63.2.») before a law «63»
    one = (rf"(?:{defs}|\d{{1,3}}\s?-\s?\d{{1,3}}(?![\w-])|{COMMENTARY_TARGET}(?![\w-])"
           rf"|\d{{1,3}}(?:[A-Z{lookalikes}](?:\d{{1,2}}(?:\([a-z0-9]+\))*)?)?(?![\w-]))")
    return re.compile(rf"(?<!\S)(?P<run>{one}(?:\s*,\s*{one})*)")


def _expand(target: str, words: Apparatus, ids) -> list[str]:
    t = target.strip()
    if t in words.defs_target:
        return ["defs"]
    if m := re.fullmatch(r"(\d+)\s?-\s?(\d+)", t):
        a, b = int(m[1]), int(m[2])
        return [str(x) for x in range(a, b + 1)] if a <= b and b - a < 100 else [m[1], m[2]]
    if (m := re.fullmatch(r"(\d+)\.(\d+)\.?", t)) and hasattr(ids, "commentary_id"):
        return [ids.commentary_id(m[1], int(m[2]))]  # the commentary's paragraph, its own ID
    fold = getattr(ids, "_fold", None)
    return [t.translate(fold) if fold else t]


def parse_index(lines: list[str], words: Apparatus, ids, extra_words: frozenset[str] = frozenset(),
                lang: str | None = None) -> list[IndexEntry]:
    """The entries of subject index pages, in the file's order. ``=`` (a ditto) repeats the
    main headword of the last entry that was not a ditto (on the page before, too); a quotation-mark ditto (``"``,
    ``—"—``: the profile's ``ditto_word``) stands for as many of its leading words as it
    has marks, one word per mark, unless a comma follows it (``" , отзыв``: a sub-heading
    of the whole main headword); a comma in a printed headword parts the main headword
    from its sub-heading."""
    target = _target_pattern(words, ids)
    see_all = sorted(words.see_also + words.see, key=len, reverse=True)
    see_re = re.compile(r"(?<!\S)(?P<see>" + "|".join(re.escape(w) for w in see_all) + r")(?=\s)") if see_all else None
    out: list[IndexEntry] = []
    # the last main headword goes on over a page's end: a ditto at the top of the next index
    # page repeats the headword the page before ended with
    main: str | None = None
    parted = False  # the main headword was printed with a comma: its words end there
    for page, page_lines in _page_cuts(lines, words=words):
        text, starts = _index_text(_columns(page_lines), words, extra_words, lang)
        for entry in _index_entries(text, target, see_re, words):
            head, ditto, targets, see, also, at, pages = entry
            line = next((n for pos, n in reversed(starts) if pos <= at), 0)
            if ditto:
                sub = head.lstrip(", ").strip() or None
                hw = main or ""
                if ditto is not True and not parted and len(hw.split()) > ditto \
                        and (ditto > 1 or _replaces_rest(hw.split()[0], sub, words)):
                    # a mark under a word: it stands for the headword's leading words only,
                    # what follows it takes the place of the rest («Карта лишняя» / «" недостающая»);
                    # a comma after it makes what follows a sub-heading of the whole main headword.
                    # One mark stands for one word only where what follows it goes with that
                    # word (an agreeing adjective); else («Карточка счёта» / «〃 исправление»)
                    # for the whole headword, as «=» does
                    hw = " ".join(hw.split()[:ditto])
            else:
                # a comma or a spaced dash parts the main headword from its sub-heading
                # («Матч, перенос», «Матч — неявка команды»: both under «Матч»)
                cut = re.search(SUB_HEADING, head)
                hw, sub = (head[:cut.start()], head[cut.end():]) if cut else (head, "")
                hw, sub = hw.strip(), sub.strip() or None
                main, parted = hw, bool(cut)
            expanded = tuple(x for t in targets for x in _expand(t, words, ids))
            paragraphs = tuple((t, _expand(t, words, ids)[0]) for t in targets if re.fullmatch(COMMENTARY_TARGET, t))
            out.append(IndexEntry(hw, sub, expanded, page, see, line, also, pages, paragraphs))
    return out


def _replaces_rest(word: str, sub: str | None, words: Apparatus) -> bool:
    """Whether the words after a one-mark ditto replace the rest of a headword kept to its
    first word ``word``: their first word agrees with it as its modifier, by the language's
    lemmatizer (``morph.modifies``); nothing after the mark, no (the mark repeats the whole
    headword). A language without a lemmatizer keeps the typist's convention, one mark one
    word ("Card exposed" / ``" faced``: "Card faced")."""
    from ..plausibility import language_module

    module = language_module(words.lang, "lemmatizer")
    check = getattr(module, "modifies", None)
    first = re.match(r"[^\W\d_]+", sub or "")
    if not first:
        return False
    return check(word, first.group()) if check else True


def _index_text(page_lines, words: Apparatus, extra_words, lang: str | None = None) -> tuple[str, list[tuple[int, int]]]:
    """A page's entries as one string: furniture dropped, wrapped headwords joined (a split
    word without a space). Returns the text and (offset, raw line) where each line starts."""
    text, starts = "", []
    for n, t in page_lines:
        s = t.strip()
        if not s or RULE_LINE.match(s) or words.heading(s, words.index) or words.any_order(s, words.index):
            continue
        s = re.sub(r"\?{2,}", " ", s).strip()
        if len(s) == 1 and s.isalpha():
            continue  # a letter divider
        if not s:
            continue
        if text and not re.search(r"[\d.)]$", text) and not words.ditto_at(s):
            joined = _join(text, s, extra_words, lang)
            if joined.startswith(text + " "):  # a line break kept: a see target ends there
                joined = text + "\n" + joined[len(text) + 1:]
            starts.append((len(text) + (1 if joined.startswith(text + "\n") else 0), n))
            text = joined
        else:
            starts.append((len(text) + 1 if text else 0, n))
            text = f"{text}\n{s}" if text else s
    return text, starts


def _index_entries(text: str, target: re.Pattern, see_re, words: Apparatus):
    """(head, ditto, targets, see, see_also, offset) for each entry of a page's text; ``ditto`` is
    False, True (the mark stands for the main headword) or the number of the headword's
    leading words it stands for."""
    p, n = 0, len(text)
    see_also = tuple(w.lower() for w in words.see_also)
    page_words = "|".join(re.escape(w) for w in sorted(words.index_page, key=len, reverse=True))
    page_re = re.compile(rf"(?<!\S)(?:{page_words})\s*\d{{1,4}}(?:\s*,\s*\d{{1,4}})*(?![\w-])") if page_words else None

    def follows_ok(end: int) -> bool:
        rest = text[end:].lstrip(" ,;\n")  # entries run together may be parted by a semicolon
        opened = re.sub(r"^[^\w\s]+", "", rest)  # a headword in quotation marks
        return (not rest or words.ditto_at(rest) is not None or rest[0].isupper() or opened[:1].isupper()
                or bool(see_re and see_re.match(text[end:].lstrip())) or sub_after(end))

    def sub_after(end: int) -> bool:
        """A semicolon, then words in lower case: a sub-entry of the same headword
        («Опоздание к раунду 11; по вине расписания 11»)."""
        return bool(re.match(r"[ \t]*;\s*[^\W\d_]", text[end:])) and text[end:].lstrip(" \t;\n")[:1].islower()

    while p < n:
        sub = sub_after(p)
        while p < n and text[p] in " ,;\n":
            p += 1
        if p >= n:
            break
        start = p
        run_ = words.ditto_run(text, p)
        ditto: bool | int = run_ is not None and (run_[1] if run_[1] is not None else True)
        ditto = ditto or sub  # after «; » in lower case: the headword before stands for it, as a ditto mark
        if run_ is not None:
            p += run_[0]
            if text[p:].lstrip(" ").startswith(","):
                ditto = True  # «" , отзыв»: a sub-heading of the whole main headword
        # the first target run or see word that ends this entry
        stop, run, see_m = n, None, None
        for m in target.finditer(text, p):
            if follows_ok(m.end()) and (m.start() > p or ditto):
                stop, run = m.start(), m
                break
        if see_re:
            sm = see_re.search(text, p)
            if sm and sm.start() < stop:
                stop, run, see_m = sm.start(), None, sm
        page_m = next((m for m in page_re.finditer(text, p) if follows_ok(m.end())), None) if page_re else None
        if page_m is not None and page_m.start() <= stop:
            stop, run, see_m = page_m.start(), None, None
        else:
            page_m = None
        # a line that ends in a number no target was read in ("11.2") ends its entry: the
        # next line, opened by a capital or a ditto mark, is an entry of its own, not this one's words
        cut = next((m.end() for m in re.finditer(r"\d\n", text[p:stop])
                    if text[p + m.end():p + m.end() + 1].isupper() or words.ditto_at(text, p + m.end())), None)
        if cut is not None:
            stop, run, see_m = p + cut - 1, None, None
            page_m = page_m if page_m is not None and page_m.end() <= stop else None
        head = re.sub(r"\s+", " ", text[p:stop]).strip(" ,")
        head = re.sub(r"\s+[—–-]$", "", head)  # «Смена партнёра — см. …»: the dash before the see word
        targets: list[str] = []
        see, also = None, False
        pages: list[str] = []
        if page_m is not None:
            word = re.match(rf"{page_words}", page_m.group())
            pages = [f"{word.group()} {x}" for x in re.findall(r"\d+", page_m.group()[word.end():])]
            p = page_m.end()
        elif run is not None:
            targets = [t for t in re.split(r"\s*,\s*", run["run"]) if t]
            p = run.end()
            rest = text[p:]
            sm = see_re.match(rest.lstrip()) if see_re else None
            if sm and sm["see"].lower() in see_also:
                p += len(rest) - len(rest.lstrip()) + sm.end()
                see, p = _see_target(text, p, words)
                also = True
        elif see_m is not None:
            see, p = _see_target(text, see_m.end(), words)
            also = see_m["see"].lower() in see_also
            # law numbers after the headword a see word names are the entry's own
            # ("Seating, see also Noise 1": Seating is in law 1, and see Noise too)
            own = next((m for m in target.finditer(see) if m.end() == len(see) and m.start() > 0), None)
            if own is not None and see[:own.start()].strip(" ,"):
                targets = [t for t in re.split(r"\s*,\s*", own["run"]) if t]
                see = see[:own.start()].strip(" ,")
        else:
            p = stop if cut is not None else n
        if head or targets or see or pages:
            yield head, ditto, targets, see, also, start, pages


def _see_target(text: str, p: int, words: Apparatus) -> tuple[str, int]:
    """The headword after a see word: the rest of its line, unless a later capitalised
    word on that line opens an entry of its own (targets or a see word follow it)."""
    while p < len(text) and text[p] in " \t":
        p += 1
    end = text.find("\n", p)
    end = len(text) if end < 0 else end
    line = text[p:end]
    for m in re.finditer(r"(?<=\s)[^\W\d_]\w*", line):
        if not m.group()[0].isupper():
            continue
        rest = line[m.start():]
        if (re.search(r"(?<!\S)\d", rest) or any(words.ditto_at(rest, q.start()) for q in re.finditer(r"(?<!\S)\S", rest))
                or re.search(r"\S\.(?:,|\s|$)", rest)):
            end = p + m.start()
            break
    return re.sub(r"\s+", " ", text[p:end]).strip(" ,."), end


# -- title page --------------------------------------------------------------------------

FRONT_FIELDS = ("title", "subtitle", "edition", "translator", "editor", "original", "publisher", "city", "year")


def named(front: dict[str, str], key: str) -> str | None:
    """A title page field as reports show it: a person in the nominative (``translator_name``:
    «перевод Рыбникова» is Рыбников); where the label governs a case the lemmatizer could
    not undo (``translator_printed``), the whole line as printed, label and name («Перевод с
    английского Н. А. Сомовой»: ``printed`` says so); else the field as printed."""
    return front.get(f"{key}_name") or front.get(f"{key}_printed") or front.get(key)


def printed(front: dict[str, str], key: str) -> bool:
    """Whether ``named`` gives the field's whole line as printed (a label and a name in
    its case), not the field alone."""
    return not front.get(f"{key}_name") and bool(front.get(f"{key}_printed"))


def _known_person(name: str, words: Apparatus) -> bool:
    """Whether the language's lemmatizer reads every word of ``name`` but initials as a
    person's name («Л. М. Гринберг»: may be printed in the nominative); no lemmatizer: yes."""
    from ..plausibility import language_module

    known = getattr(language_module(words.lang, "lemmatizer"), "person_name", None)
    return known(name) if known else True


def _governs_case(label: str, words: Apparatus) -> bool:
    """Whether a title page label puts the name after it in another case than the
    nominative (the profile's ``front.genitive``)."""
    return any(re.search(p, label) for p in words.front.get("genitive", ()))


def _nominative(name: str, label: str, words: Apparatus) -> str:
    """A person's name after a title page's label, in the nominative («перевод Рыбникова» →
    «Рыбников»), by the lemmatizer of the page's language (``plausibility.LANGUAGES``); the
    label says the genitive where it matches the profile's ``front.genitive``. As printed
    where the language has no lemmatizer, or the lemmatizer is unsure."""
    from ..plausibility import language_module

    module = language_module(words.lang, "lemmatizer")
    put = getattr(module, "nominative", None)
    if put is None:
        return name
    return put(name, "gent" if _governs_case(label, words) else None)


def parse_front(lines: list[str], words: Apparatus) -> dict[str, str]:
    """The title page's fields (``FRONT_FIELDS``) the page gives; a field it lacks is absent.
    Text after the page's footer (the imprint: ISBN, ©) is not read."""
    body: list[str] = []
    for raw in lines:
        if FOOTER_AT.match(raw) and not RULE_LINE.match(raw):
            break
        s = furniture.letter_spaced_words(raw.rstrip(), words.lang)
        if RULE_LINE.match(s) and s.strip():
            continue
        if s.strip() and (furniture.breadcrumb_rows(s, words.lang) or furniture.pager_rows(s, words.lang)
                          or furniture.lone_urls(s, words.lang) or _crumbs(s)):
            continue
        body.append(re.sub(r"\s+", " ", s.strip()))
    out: dict[str, str] = {}
    used: set[int] = set()
    labelled = {k: [re.compile(p) for p in words.front.get(k, ())] for k in ("translator", "editor", "original",
                                                                               "publisher", "edition")}
    people: dict[int, str] = {}  # a line read as the editor's or translator's: the name it gives
    for key in ("editor", "translator", "original"):
        for i, line in enumerate(body):
            if i in used and not (i in people and key != "original"):
                continue
            m = next((m for p in labelled[key] for m in [p.search(line)] if m), None)
            if not m:
                continue
            value = line[m.end():].strip(" :,")
            if i in people and value != people[i]:
                continue  # «Translated and edited by X»: one line names both, with one name
            used.add(i)
            if not value and i + 1 < len(body) and body[i + 1]:
                value = body[i + 1]
                used.add(i + 1)
            if value:
                if key != "original":
                    people[i] = line[m.end():].strip(" :,")
                out[key] = value  # as printed
                name = _nominative(value, line[:m.end()], words)
                if name != value:
                    out[f"{key}_name"] = name  # the person named, in the nominative: what reports show
                elif _governs_case(line[:m.end()], words) and not _known_person(value, words):
                    # «Перевод с английского Н. А. Сомовой»: the name in the genitive, its
                    # nominative unknown to the dictionary -- never invented, never shown cut
                    # from the label that explains its case: reports show the line whole
                    out[f"{key}_printed"] = line if line[m.end():].strip(" :,") else f"{line} {value}"
            break
    for i, line in enumerate(body):
        m = next((m for p in labelled["edition"] for m in [p.search(line)] if m), None)
        if not m or i in used:
            continue
        y = YEAR.search(line)
        if y:
            out["edition"] = y.group()
        elif i + 1 < len(body) and YEAR.fullmatch(body[i + 1] or ""):
            out["edition"] = body[i + 1]
            used.add(i + 1)
        elif len(WORD.findall(line)) <= EDITION_WORDS and not re.search(r"[.;:!?]$", line):
            # the edition named, not dated ("Fourth Edition"): kept as printed, never a subtitle
            out["edition"] = out["edition_printed"] = line
        if "edition" in out:
            used.add(i)
            break
    for i, line in enumerate(body):
        if i in used or not line:
            continue
        m = next((m for p in labelled["publisher"] for m in [p.search(line)] if m), None)
        q = QUOTED.match(line)
        imprint = IMPRINT.match(line)
        dotted = [x.strip() for x in IMPRINT_PARTS.split(line)]
        if not m and not q and len(dotted) == 3 and YEAR.fullmatch(dotted[2]) \
                and all(x[:1].isupper() for x in dotted[:2]):  # "Санкт-Петербург · Нева · 1999"
            out["city"], out["publisher"], out["year"] = dotted
            used.add(i)
            break
        commas = [x.strip() for x in line.split(",")]
        if not m and not q and not imprint and len(commas) == 3 and YEAR.fullmatch(commas[2]) \
                and all(x[:1].isupper() and not YEAR.search(x) for x in commas[:2]):
            # "Lantern Press, Leeds, 2006": an imprint line with no label; the publisher is the
            # part the profile's publisher_name words name, else the longer one
            named_by = [re.compile(p) for p in words.front.get("publisher_name", ())]
            which = next((k for k in (0, 1) if any(p.search(commas[k]) for p in named_by)),
                         1 if len(commas[1].split()) > len(commas[0].split()) else 0)
            out["publisher"], out["city"], out["year"] = commas[which], commas[1 - which], commas[2]
            used.add(i)
            break
        if imprint and not m and not q:  # "Москва: «Северная палата», 1989"
            out["publisher"] = imprint["name"].strip()
            if imprint["city"]:
                out["city"] = imprint["city"]
            if imprint["year"]:
                out["year"] = imprint["year"]
            used.add(i)
            break
        plain = IMPRINT_PLAIN.match(line)
        if plain and not m and not q and plain["city"][:1].isupper() and plain["name"][:1].isupper():
            out["city"], out["publisher"], out["year"] = plain["city"], plain["name"].strip(), plain["year"]
            used.add(i)
            break
        if m or q:
            rest = line[m.end():].strip() if m else line
            parts = [x.strip() for x in rest.split(",")]
            name = parts[0]
            qm = QUOTED.match(name)
            out["publisher"] = (qm["name"] if qm else name).strip("«»„“”\" ")
            for part in parts[1:]:
                if YEAR.fullmatch(part):
                    out["year"] = part
                elif part[:1].isupper():
                    out.setdefault("city", part)
            before = line[:m.start()].strip(" ,:;·") if m else ""
            if before[:1].isupper() and not YEAR.search(before) and len(before.split()) <= 3:
                out.setdefault("city", before)  # "Калининград, издательство «Балтика», 2003"
            used.add(i)
            break
    for i, line in enumerate(body):
        if i in used or not line:
            continue
        # «Москва, 2020», «Москва — 2020», "Leeds: 2020": the city and the year, any mark between
        m = re.fullmatch(r"(?P<city>[^\W\d_][^\W\d_\-]+)(?:\s*[,:\-–—]?\s*(?P<year>\d{4})\.?)?", line)
        if m and "city" not in out and m["city"][0].isupper() and m["city"][1:].islower():
            out["city"] = m["city"]
            if m["year"]:
                out.setdefault("year", m["year"])
            used.add(i)
        elif YEAR.fullmatch(line) and "year" not in out:
            out["year"] = line
            used.add(i)
    title, after = _title(body, used)
    if title:
        out["title"] = title
        sub = []
        for i, line in enumerate(body[after:], after):
            if not line or i in used and not line[:1].islower() or \
                    any(p.search(line) for k, ps in labelled.items() if k != "edition" for p in ps):
                # a line read as a field ends the subtitle too («Издание 1991 года»), unless it
                # goes on the subtitle's sentence in lower case («в редакции 1997 года»)
                break
            sub.append(line)
        if sub:
            out["subtitle"] = " ".join(sub)
    return out


def _crumbs(line: str) -> bool:
    """A site's path row: steps between ``::`` or ``»`` marks."""
    return len(re.split(r"\s(?:::|»|>|/|\\)\s", line)) >= 3


def _upper(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters) and len(letters) >= 3


def _title(body: list[str], used: set[int]) -> tuple[str, int]:
    """The first run of capital lines (blank lines inside it allowed; a line repeating the
    one before, a web copy's emphasis, counted once) and the index after it."""
    parts: list[str] = []
    i = 0
    while i < len(body) and (not body[i] or i in used or not _upper(body[i])):
        if body[i] and i not in used and not _upper(body[i]):
            return "", 0  # the page opens with a non-title line: no title block found there
        i += 1
    while i < len(body):
        line = body[i]
        if not line:
            j = i + 1
            if j < len(body) and body[j] and _upper(body[j]) and j not in used:
                i = j
                continue
            break
        if not _upper(line) or i in used:
            break
        if not parts or parts[-1] != line:
            parts.append(line)
        i += 1
    return " ".join(parts), i


# -- detection ---------------------------------------------------------------------------

def detect_kind(lines: list[str], words: Apparatus, least: int = 3) -> str | None:
    """``toc`` or ``index`` where a text is plainly a contents or index page: its heading,
    or most of its lines end in dot leaders and a page number (contents) or in runs of law
    numbers after a headword with ditto marks among them (index). Else None."""
    body = [t for t in lines if t.strip() and not RULE_LINE.match(t) and not BARE_PAGE.match(t)
            and not ((m := FOOTER_AT.match(t)) and not m["rest"])]
    if not body:
        return None
    head = body[0]
    if words.contents and words.heading(head, words.contents):
        return "toc"
    if words.index and (words.heading(head, words.index) or words.any_order(head, words.index)):
        return "index"
    leaders = sum(1 for t in body if (LEADER_PAGE.search(t) and re.search(DOT_LEADER, t))
                  or ((m := LOOSE_PAGE.search(t)) and m["page"] and re.search(r"[^\W\d_]", t[:m.start()])))
    framed = [t for t in body if re.match(r"\s*\|.*\|.*\|\s*$", t)]
    paged = sum(1 for t in framed if re.search(r"\|\s*(?:\d{1,4}|[ivxlcdm]{1,6})\s*\|\s*$", t))
    if leaders + paged >= min(2, least) and (leaders + len(framed)) * 2 >= len(body):
        return "toc"
    dittos = sum(1 for t in body if words.ditto_sign(t.strip()) and re.search(r"\w", t))
    if dittos >= 2 and dittos * 5 >= len(body):
        return "index"
    # a headword and its law numbers on most lines, no sentence among them
    defs = "|".join(re.escape(w) for w in words.defs_target) or "(?!)"
    ends = re.compile(rf"[^\W\d_]\S*\s+(?:(?:{defs}|\d{{1,3}}(?:-\d{{1,3}}|[^\W\d_]\d{{0,2}}(?:\(\w+\))*)?)"
                      rf"(?:,\s*|\s+))*(?:{defs}|\d{{1,3}}(?:-\d{{1,3}}|[^\W\d_]\d{{0,2}}(?:\(\w+\))*)?)$")
    ditto = "|".join(re.escape(d) for d in words.ditto if d not in words.ditto_index_only)
    see = "|".join(re.escape(w) for w in words.see + words.see_also) or "(?!)"
    see_end = re.compile(rf"(?<!\S)(?:{see})\s+\w+(?:\s+\w+)?$")
    headed = sum(1 for t in body if ends.search(t.strip()) or words.ditto_sign(t.strip())
                 or re.search(rf"\d\s+(?:{ditto})\s", t) or see_end.search(t.strip()))
    sentences = sum(1 for t in body if re.search(r"[;:!]$|[^\W\d_]{3}\.$", t.strip())
                    and not re.search(rf"(?:{defs})$", t.strip()))
    if len(body) >= least and headed * 5 >= len(body) * 3 and sentences * 10 <= len(body):
        return "index"
    return None


IMPRINT_LINE = re.compile(r"^\s*(?:ISBN[\s:]|©|\([cC]\)\s)")


def front_block(lines: list[str], words: Apparatus, layout, most: int = 30) -> int:
    """How many of a source's first lines are plainly its title page, 0 when they are not
    one. The block runs from the file's start to its first footer (included), or to the
    first heading (a law, a division, the contents, index, definitions or commentary); it
    is a title page when the profile's front-page labels give at least three of: the
    edition, a translator or an editor, the publisher, the year (two where the block is a
    page of its own, closed by a footer, a form feed or a part's heading) -- on short lines, none of
    them a heading of the law text and few of them sentences (a law or preface page with a
    year and a translator's name in its sentences is not a title page)."""
    if not words.front:
        return 0
    headings = words.contents + words.index + words.definitions + words.commentary
    end, nonblank, long_lines = 0, 0, 0
    last = None  # the last nonblank line of the block so far
    closed = False  # the block ends where its page does (a footer, a form feed) or a part of the book begins
    for i, raw in enumerate(lines):
        s = raw.strip()
        if FOOTER_AT.match(raw) and not RULE_LINE.match(raw):
            end, closed = i + 1, True
            break
        if nonblank and _form_feed(raw):
            closed = True
            break
        if s and not RULE_LINE.match(s):
            if headings and (words.heading(s, headings) or words.is_definitions(furniture.letter_spaced_words(s, words.lang))):
                closed = True
                break
            if len(WORD.findall(s)) >= 8 and _prose(s) and nonblank:
                # a paragraph after the title page without a footer between (a preface): the
                # title page ends before it and before its heading, a short line alone before it
                if last is not None and len(WORD.findall(lines[last])) <= 4 and not _prose(lines[last]) \
                        and (last == 0 or not lines[last - 1].strip()):
                    end, nonblank = last, nonblank - 1
                else:
                    end = i
                while end and not lines[end - 1].strip():
                    end -= 1
                break
            last = i
            joined = furniture.letter_spaced_words(raw, layout.lang).strip()  # "М Е Ж Д У" is one word
            kind = _classify(layout, joined).kind
            if kind in ("law", "division"):
                break  # the law text begins: the title page (if any) ends before it
            if kind not in ("text", "empty", "footer"):
                return 0  # a part of the law text before the first law: not a title page
            nonblank += 1
            long_lines += len(joined.split()) >= 8
            if nonblank > most:
                return 0
        end = i + 1
    if not nonblank or long_lines * 4 > nonblank:
        return 0
    fields = parse_front(lines[:end], words)
    signals = ("edition" in fields, "translator" in fields or "editor" in fields, "publisher" in fields,
               "year" in fields)
    # three of them; two (a translator and the year: «Перевод Е. Д. Лариной / Самара, 2008») on
    # a page of their own -- closed by its page end or by the contents, index or definitions
    # heading -- of short lines, none of them a sentence
    if sum(signals) < (2 if closed and not long_lines else 3):
        return 0
    # the imprint printed after the title page's footer (ISBN, ©) goes with it
    while end < len(lines) and IMPRINT_LINE.match(lines[end]):
        end += 1
    return end


def page_counter(line: str, words: Apparatus) -> str | None:
    """The page number of a page counter printed in words (the profile's page words:
    «Страница 4», «Page 2 of 4», «стр. 5»), None for any other line.

    >>> page_counter("Page 2 of 4", Apparatus("en", page_words=("page",)))
    '2'
    """
    s = line.strip().lower()
    for word in sorted(words.page_words, key=len, reverse=True):
        if s.startswith(word.lower()):
            m = re.fullmatch(r"[\s.:]*(\d{1,4})(?:\s+\S+\s+\d{1,4})?", s[len(word):])
            if m and furniture.page_of_n(line, words.lang):
                return m.group(1)
    return None


def framed_footers(lines: list[str]) -> None:
    """A framed page number alone on its line («— 5 —», "– 5 –", "[5]") is the page's footer,
    as the cleaning reads it (``clean.framed_page_numbers``): written ``- 5`` in place, so the
    apparatus's pages (the contents', the definitions', the index's) are numbered as the law
    text's are and no page of them is reported missing.

    >>> x = ["СОДЕРЖАНИЕ", "— 3 —", "[4]", "– 12 – слово"]; framed_footers(x); x
    ['СОДЕРЖАНИЕ', '- 3', '- 4', '– 12 – слово']
    """
    from ..clean import framed_page_numbers

    for k, text in enumerate(lines):
        if text.strip() and not text.lstrip().startswith("-"):
            lines[k] = framed_page_numbers(text)


BARE_RUN = 3  # bare numbers alone on their lines that count a book's pages: three or more


def bare_footers(lines: list[str]) -> None:
    """Page numbers printed bare, alone on their lines (``5``), are the pages' footers
    where every such line of the file counts up by one from the one before and there are
    ``BARE_RUN`` or more of them: written ``- 5`` in place, as a framed number is. Any other
    bare number (a lone ``57`` of a PDF copy, numbers that jump) stays as it was.

    >>> x = ["Текст", "1", "Ещё", "2", "Конец", "3"]; bare_footers(x); x
    ['Текст', '- 1', 'Ещё', '- 2', 'Конец', '- 3']
    >>> x = ["Текст", "1", "Ещё", "3", "Конец", "4"]; bare_footers(x); x
    ['Текст', '1', 'Ещё', '3', 'Конец', '4']
    """
    found = [(k, int(m["page"])) for k, t in enumerate(lines) if (m := BARE_PAGE.match(t))]
    numbers = [n for _, n in found]
    if len(found) < BARE_RUN or any(b != a + 1 for a, b in zip(numbers, numbers[1:])):
        return
    for k, n in found:
        lines[k] = f"- {n}"


def page_breaks(lines: list[str], words: Apparatus, footers: bool, web: bool = False) -> bool:
    """Page ends printed otherwise than ``- N`` made that footer, in place: a page counter
    in words (``page_counter``) becomes ``- N`` (``footers``: for a law text, whose page
    model reads it) or an empty line -- when a file has two or more and they count up (a
    book's pages; a web page's lone pager line stays furniture), or when the file's only
    one is a counter closing it (one page of a book: «Страница 6», «стр. 8 из 14»; in a
    saved web page (``web``) only a bare one, its "Page 3 of 12" being the site's pager); a form feed alone on its line
    stays (``_page_cuts`` ends a page there). Whether it found such pages."""
    found = [(k, n) for k, raw in enumerate(lines) if raw.strip() and (n := page_counter(raw, words))]
    counters = {k for k, _ in found}
    # a counter a sentence of the text introduces («…нумерует их так:» / «Страница 1 из 2») is
    # that sentence's text, never a page's end (furniture.in_sentence)
    found = [(k, n) for k, n in found if not furniture.in_sentence(
        next((lines[j].strip() for j in range(k - 1, -1, -1) if lines[j].strip() and j not in counters), ""),
        "", lang=words.lang, through=False)]
    numbers = [int(n) for _, n in found]
    last = max((k for k, raw in enumerate(lines) if raw.strip()), default=None)
    # one page of a book on its own: a counter closing the file, bare («Страница 6») or
    # counting the book's pages («стр. 8 из 14», "Page 8 of 30": a page no later than the last)
    one_page = len(found) == 1 and found[0][0] == last and _counts_within(lines[last]) and \
        (not web or re.fullmatch(r"\D*\d{1,4}[\s.]*", lines[last].strip()) is not None)
    if not one_page and (len(found) < 2 or any(b <= a for a, b in zip(numbers, numbers[1:]))):
        return False  # one counter (a saved web page's "Page 3 of 12") or no sequence: furniture, not pages
    for k, n in found:
        lines[k] = f"- {n}" if footers else ""
    return True


def _counts_within(line: str) -> bool:
    """A page counter's number alone, or not past the count of pages it gives.

    >>> _counts_within("стр. 8 из 14"), _counts_within("Страница 6"), _counts_within("Page 31 of 30")
    (True, True, False)
    """
    numbers = [int(n) for n in re.findall(r"\d{1,4}", line)]
    return len(numbers) == 1 or len(numbers) == 2 and 0 < numbers[0] <= numbers[1]


def _form_feed(line: str) -> bool:
    """A form feed opens a page: alone on its line, or before the new page's first line."""
    return "\f" in line and (not line.strip() or line.lstrip(" \t").startswith("\f"))


def _starts_part(text: str, words: Apparatus, layout) -> bool:
    """Whether a line opens another part of a book: a law or division heading of the text
    (not a contents entry: no dot leader), the definitions or the commentary heading."""
    s = text.strip()
    if not s or LEADER_PAGE.search(s):
        return False
    if words.heading(s, words.definitions + words.commentary) or words.is_definitions(
            furniture.letter_spaced_words(s, layout.lang)):
        return True
    return _classify(layout, furniture.letter_spaced_words(s, layout.lang).strip()).kind in ("law", "division")


def part_end(page_lines: list[tuple[int, str]], kind: str, words: Apparatus, layout,
             parts: frozenset[str] = frozenset()) -> int:
    """How many of a contents or index page's lines are that part: a page whose end is
    not printed (a whole book copied without page footers is one page) runs on into the
    definitions or the laws; the part ends at the first line that opens another part of
    the book when what follows is not of the part's kind, or, in the subject index, at a
    line that is, word for word, the title of a part the contents list (``parts``: their
    titles folded as ``placement.fold_title`` does: an afterword, «Послесловие»), which no
    entry is: an entry has its targets. All of them otherwise."""
    from ..placement import fold_title

    seen, previous = False, None
    for i, (_, t) in enumerate(page_lines):
        if not t.strip():
            continue
        if seen and kind == "index" and parts and fold_title(t) in parts:
            return i
        if seen and kind == "toc" and loose_entry(t, layout) is not None:
            previous = i  # a contents entry whose page stands after no leader: the contents go on
            continue
        if seen and _starts_part(t, words, layout) and not _wraps_into_entry(page_lines, i, layout, kind) and \
                detect_kind([x for _, x in page_lines[i:]], words) != kind:
            return i
        if seen and _prose(t) and detect_kind([x for _, x in page_lines[i:]], words) != kind and (
                any(_starts_part(x, words, layout) for _, x in page_lines[i + 1:])
                or not any(x.strip() and detect_kind([x], words, least=1) == kind for _, x in page_lines[i + 1:])):
            # running text where the lines stop having the part's shape -- a preface between
            # the contents and the laws, an afterword after the subject index (no entry after
            # it) -- is the book's, not the part's; its heading (a short line alone before it)
            # goes with it
            return previous if previous is not None and not _prose(page_lines[previous][1]) and \
                not LEADER_PAGE.search(page_lines[previous][1]) and \
                not re.search(r"\d\w{0,2}\s*$", page_lines[previous][1]) else i
        previous = i
        seen = True
    return len(page_lines)


def _wraps_into_entry(page_lines: list[tuple[int, str]], i: int, layout, kind: str | None = None) -> bool:
    """Whether line ``i`` is the first half of a contents entry wrapped onto the next line
    (``Правило 3. Расположение столов и`` / ``участников турнира ...... 6``): the next line
    with text is no heading and ends in a dot leader and a page number, and this line ends
    in none. The title may run over more lines before the one with the leader
    (``Правило 5. Замена игрока`` / ``в ходе сессии`` / ``........ 7``): up to
    ``WRAP_LINES`` lines of words that are no heading and no sentence -- or the page number
    alone on the line after them (``Правило 22. Перерыв`` / ``за стол`` / ``7``). On a
    contents page (``kind`` toc) the last line's page may stand after no leader
    (``loose_entry``)."""
    s = page_lines[i][1].strip()
    if LEADER_PAGE.search(s) or _prose(s):
        return False
    after = [x.strip() for _, x in page_lines[i + 1:] if x.strip()][:WRAP_LINES]
    for x in after:
        if BARE_PAGE.match(x):
            return True
        if _prose(x) or _classify(layout, furniture.letter_spaced_words(x, layout.lang).strip()).kind != "text":
            return False
        if LEADER_PAGE.search(x) or (kind == "toc" and loose_entry(x, layout) is not None):
            return True
    return False


WRAP_LINES = 3  # lines a wrapped contents entry runs over after its first


def _prose(text: str) -> bool:
    """Whether a line is a sentence of running text: six words or more ending in a full
    stop, a question or an exclamation mark (no contents or index entry does)."""
    s = text.strip()
    return len(WORD.findall(s)) >= 6 and bool(re.search(r"[^\W\d_][»\")]?[.!?]$", s)) and not LEADER_PAGE.search(s)


def commentary_cut(lines: list[str], words: Apparatus, layout) -> int | None:
    """Where a law source's commentary begins, when the file is a whole book with the
    commentary after the laws: the index of the raw line that is the commentary's heading
    alone («КОММЕНТАРИЙ», "COMMENTARY"), after a law heading and with text after it. None
    for a law text without one."""
    if not words.commentary:
        return None
    names = {w.lower() for w in words.commentary}
    law_seen = False
    for i, raw in enumerate(lines):
        s = re.sub(r"\s+", " ", furniture.letter_spaced_words(raw, layout.lang).strip()).rstrip(".:").lower()
        if not s:
            continue
        if law_seen and s in names and any(x.strip() for x in lines[i + 1:]):
            return i
        if not law_seen and _classify(layout, raw.strip()).kind == "law":
            law_seen = True
    return None


INLINE_COMMENTARY_WORDS = 5  # «Комментарий к правилу 20», "Commentary on Law 20": a short line


def inline_commentary(lines: list[str], words: Apparatus, layout, paragraph: re.Pattern) -> list[tuple[int, int]]:
    """The blocks of a law text that are one law's commentary set after its text, as
    (first, last) 0-based raw lines, the block's heading first: a short line opening with
    the profile's commentary word and ending in the number of the law whose heading stands
    above it with text of its own between (``Правило 20. …`` / text / ``Комментарий к
    правилу 20``), its first line after it a commentary paragraph of that law (``20.1.``,
    ``paragraph``). The block runs to the next line that opens another part of the book
    (a law or division heading, the definitions, the commentary, the contents or index
    heading), or to a heading of the law's first level that goes on from the last one of
    that law's text above the block («B. Новое время» after «A.»: the law's text resumes,
    cold read 14 of issue 13, finding 4). None in a commentary file (its paragraphs follow
    their law's heading right away)."""
    if not words.commentary:
        return []
    from ..grammar import active_grammar

    grammar = active_grammar()
    top = next(iter(grammar.levels), None)

    def place(label) -> int | None:  # a first-level label's place in its alphabet
        return grammar.ids.alphabet(top).position(str(label)) if top and label else None

    names = tuple(w.lower() for w in words.commentary)
    out: list[tuple[int, int]] = []
    law, texted, i = None, False, 0
    last_top: int | None = None  # the place of the law's last first-level heading read so far
    while i < len(lines):
        s = re.sub(r"\s+", " ", furniture.letter_spaced_words(lines[i], layout.lang).strip())
        if not s:
            i += 1
            continue
        c = _classify(layout, s)
        if c.kind == "law" and not LEADER_PAGE.search(s):
            law, texted, last_top = str(c.label), False, None
            i += 1
            continue
        if law is not None and top and c.kind == top and not LEADER_PAGE.search(s):
            last_top = place(c.label)
        m = re.fullmatch(r"(\S.*?)\s(\d{1,4})\.?", s)
        if law is not None and texted and m and m[2] == law and len(s.split()) <= INLINE_COMMENTARY_WORDS and \
                any(m[1].lower().startswith(w) for w in names):
            nxt = next((k for k in range(i + 1, len(lines)) if lines[k].strip()), None)
            first = paragraph.match(lines[nxt].strip()) if nxt is not None else None
            if first and first["law"] == law:
                end = nxt
                for k in range(nxt + 1, len(lines)):
                    t = lines[k].strip()
                    if t and (_starts_part(t, words, layout) or words.heading(t, words.contents + words.index)
                              or words.any_order(t, words.index)):
                        break
                    if t and last_top is not None and (
                            (h := _classify(layout, re.sub(r"\s+", " ", furniture.letter_spaced_words(t, layout.lang))))
                            .kind == top and h.title and place(h.label) == last_top + 1):
                        break  # the law's next section: its text goes on after the commentary
                    if t:
                        end = k
                out.append((i, end))
                law, i = None, end + 1
                continue
        texted = True
        i += 1
    return out


def whole_kind(lines: list[str], profile, lang: str) -> str | None:
    """``toc`` or ``index`` when every page of ``lines`` is one (``lawsearch add``'s guess
    of a source's kind), else None: a whole book holds law text too -- a page whose part
    ends before the page does (``part_end``: a book without footers that starts with its
    contents and runs on into the laws) is not all contents."""
    from ..grammar import default_grammar

    words = Apparatus.of(profile, lang)
    cuts = _page_cuts(lines)
    kinds = set(page_kinds(cuts, words))
    if len(kinds) != 1 or None in kinds:
        return None
    kind = kinds.pop()
    layout = default_grammar().layout_for(lang)
    for _, page_lines in cuts:
        if any(t.strip() for _, t in page_lines[part_end(page_lines, kind, words, layout):]):
            return None
    return kind


def law_text_in(lines: list[str], words: Apparatus, layout) -> list[int]:
    """The 1-based numbers of the lines of a contents or index text that are a law
    heading with text of its own under it: a heading line (not a contents entry: no dot
    leader, no page number at its end) whose next line is neither a heading nor blank nor
    an entry of a contents or index (it does not end in a page or law number). What a
    file declared ``toc`` or ``index`` holds of a law text; empty for a true one."""
    found = []
    for i, raw in enumerate(lines):
        s = raw.strip()
        if not s or LEADER_PAGE.search(s) or re.search(r"\d\w{0,2}$", s):
            continue
        if _classify(layout, furniture.letter_spaced_words(s, layout.lang).strip()).kind != "law":
            continue
        after = next((t.strip() for t in lines[i + 1:] if t.strip()), "")
        if not after or LEADER_PAGE.search(after) or re.search(r"\d\w{0,2}(?:\([\w]+\))*$", after):
            continue
        if _classify(layout, after).kind in ("law", "division") or not (_prose(after) or len(WORD.findall(after)) >= 10):
            continue  # a contents entry's title wrapped onto the next line is no sentence
        found.append(i + 1)
    return found


def page_kinds(cuts, words: Apparatus) -> list[str | None]:
    """``detect_kind`` of each page; a short page (a line or two) beside pages of one kind
    is of that kind when its own lines look so."""
    kinds = [detect_kind([t for _, t in page_lines], words) for _, page_lines in cuts]
    for i, (_, page_lines) in enumerate(cuts):
        near = {kinds[j] for j in (i - 1, i + 1) if 0 <= j < len(kinds)} - {None}
        if kinds[i] is None and len(near) == 1:
            alone = detect_kind([t for _, t in page_lines], words, least=1)
            kinds[i] = alone if {alone} == near else None
    return kinds


# -- a built corpus ------------------------------------------------------------------------

def placement_entries(apparatus: dict[str, Any]) -> list:
    """The contents as ``placement.ContentsEntry`` values, for placing headless pieces by
    contents and page (lawsearch/placement.py): every entry with an ID, a roman
    front-matter page as None (no law text is on it)."""
    from ..placement import ContentsEntry

    return [ContentsEntry(e["id"], e["title"], int(e["page"]) if (e.get("page") or "").isdigit() else None,
                          e["kind"], e["scope"], e.get("source"), e.get("line")) for e in apparatus.get("toc", ())
            if e.get("id")]


def contents_entries(corpus_or_apparatus) -> list[tuple[str, str, str | None, str]]:
    """The law-text entries of the contents: ``(id, title, page, kind)`` in book order
    (``kind``: law, section, division, definitions), the commentary's and the book's left
    out. For placing headless text by page: the last law whose contents page is at or
    before a piece's page. Takes a built ``Corpus`` or the dict ``take_apparatus`` returns
    (in ``corpus.parse_folder`` it is there before the tree is built).

    ``contents_entries(corpus)[0] == ("defs", "ОПРЕДЕЛЕНИЯ", "7", "definitions")``
    """
    apparatus = corpus_or_apparatus if isinstance(corpus_or_apparatus, dict) else \
        getattr(corpus_or_apparatus, "apparatus", {})
    return [(e["id"], e["title"], e.get("page"), e["kind"]) for e in apparatus.get("toc", ())
            if e.get("scope") == "laws" and e.get("id")]


# -- the pipeline's hook ---------------------------------------------------------------------

KINDS = ("toc", "index", "front")


def _entry_dict(e) -> dict[str, Any]:
    d = {k: getattr(e, k) for k in e.__dataclass_fields__}
    if d.get("see_also") is False:
        del d["see_also"]  # written only where it is so: a plain see reads as before
    if "targets" in d:
        d["targets"] = list(d["targets"])
    if "pages" in d:
        d["pages"] = list(d["pages"])
        if not d["pages"]:
            del d["pages"]  # written only where the index printed a page
    if "paragraphs" in d:
        d["paragraphs"] = [list(p) for p in d["paragraphs"]]
        if not d["paragraphs"]:
            del d["paragraphs"]  # only while the build settles them (settle_paragraph_targets)
    return d


def take_apparatus(folder, extra_words: frozenset[str] = frozenset(),
                   dropped: dict[str, set[int]] | None = None) -> dict[str, Any]:
    """Read the corpus's contents, subject index and title page out of ``folder.texts``
    before the law text is cleaned: the sources declared ``toc``, ``index`` or ``front``,
    and the pages of a law or commentary source that are plainly contents or index pages
    (a whole book copied as one file). Their lines leave the law stream (a page's footer stays: the page
    model reads it), so none of their entries becomes a heading or a reference. ``dropped``:
    the raw lines of each source a curated ``[[drop]]`` removes whole, read as no entry.

    Returns ``{"toc": [...], "index": [...], "front": {...}, "pages": [...]}`` -- empty
    when the corpus has none of them."""
    from ..grammar import default_grammar

    grammar = folder.grammar or default_grammar()
    found: dict[str, Any] = {"toc": [], "index": [], "front": {}, "pages": []}
    declared_front = any(s.kind == "front" for s in folder.sources)  # a declared title page is the one read
    for source in folder.sources:
        lines = folder.texts.get(source.id)
        if lines is None:
            continue
        words = Apparatus.of(folder.profile, source.lang)
        layout = grammar.layout_for(source.lang)
        gone = frozenset((dropped or {}).get(source.id, ()))
        if source.kind in KINDS:
            if source.kind != "front":
                lines = list(lines)
                framed_footers(lines)
                page_breaks(lines, words, footers=True)  # «стр. 13 из 14» ends its page as «- 13» does
            first = 0
            if source.kind != "front" and not found["front"] and not declared_front:
                # a contents (or index) file that opens with the book's title page: read as one
                first = front_block(lines, words, layout)
                if first:
                    _read_part(found, "front", lines[:first], list(range(1, first + 1)), words, layout, extra_words,
                               source.path, gone)
                    found["pages"].append({"source": source.path, "kind": "front", "page": None, "lines": [1, first]})
            _read_part(found, source.kind, lines[first:], list(range(first + 1, len(lines) + 1)), words, layout,
                       extra_words, source.path, gone)
            laws = law_text_in(lines, words, layout) if source.kind != "front" else []
            if laws:  # a file declared (or guessed) contents or index that holds law text: lost to no node
                found.setdefault("unread", []).append({
                    "source": source.path, "kind": source.kind, "lines": [laws[0], len(lines)],
                    "words": [w for t in lines[laws[0] - 1:] for w in WORD.findall(t)],
                    "headings": [lines[n - 1].strip() for n in laws], "heading_lines": laws, "declared": True})
            folder.texts[source.id] = []
            continue
        if source.kind not in ("laws", "commentary"):
            continue
        framed_footers(lines)
        if source.kind == "laws" and format_of(source.path) == "txt":
            # a typed book's bare numbers; a PDF's pages come from its reader, whose page
            # numbers above a running head are that page's header, not the page before's footer
            bare_footers(lines)
        web = (format_of(source.path.rpartition("/")[2]) or "") in ("html", "mhtml")
        # the pages as counters in words number them, for reading a contents or index part
        # (a commentary's own text loses its counters, its page model reads none)
        counted = list(lines)
        page_breaks(counted, words, footers=True, web=web)
        if page_breaks(lines, words, footers=source.kind == "laws", web=web) and source.kind == "laws":
            # counters in words: the text after the last one is the last page, its counter not
            # printed (or heading the page: the layout cannot tell) -- the file's end is the
            # text's end, no page gap (structure.build_tree); a mid-sentence end is still cut
            found.setdefault("counted", []).append(source.path)
        if not found["front"] and not declared_front:  # a whole book copied as one file: its title page first
            n = front_block(lines, words, layout)
            if n:
                _read_part(found, "front", lines[:n], list(range(1, n + 1)), words, layout, extra_words, source.path,
                           gone)
                footers = [m["page"] for t in lines[:n] if (m := FOOTER_AT.match(t)) and not RULE_LINE.match(t)]
                found["pages"].append({"source": source.path, "kind": "front", "page": footers[-1] if footers else None,
                                       "lines": [1, n]})
                for k in range(n):
                    m = FOOTER_AT.match(lines[k])
                    footer = m and not RULE_LINE.match(lines[k]) and m["page"].isdigit() and source.kind == "laws"
                    lines[k] = f"- {m['page']}" if footer else ""
        if source.kind == "laws":  # the commentary's own «ОПРЕДЕЛЕНИЯ» is commentary, not the code's
            from ..definitions import take_definitions

            section = take_definitions(lines, words, layout, source.path, extra_words)
            if section is not None and "definitions" not in found:
                found["definitions"] = {**section, "lang": source.lang}
            if section is not None:  # the pages the definitions fill: read, so present (check's page report)
                first, last = section["lines"]
                for k in range(first - 1, min(last, len(lines))):
                    m = FOOTER_AT.match(lines[k])
                    if m and not RULE_LINE.match(lines[k]) and m["page"].isdigit():
                        found["pages"].append({"source": source.path, "kind": "definitions", "page": m["page"],
                                               "lines": [first, k + 1]})
        if not (words.contents or words.index):
            continue
        taken: dict[str, list[int]] = {"toc": [], "index": []}
        parts = words.contents + words.index
        part_heading = re.compile(rf"(?:{'|'.join(map(re.escape, parts))})(?:\s*\([^()]*\))?") if parts else None
        numbered = [c if not t and c != t and FOOTER_AT.match(c) else t for t, c in zip(lines, counted)]
        cuts = _page_cuts(numbered, lambda t: _form_feed(t) or bool(part_heading and part_heading.fullmatch(
            re.sub(r"\s+", " ", furniture.letter_spaced_words(t, layout.lang).strip()))) or words.qualified(t, parts)
            or words.any_order(t, words.index))
        for (page, page_lines), kind in zip(cuts, page_kinds(cuts, words)):
            if kind is None:
                continue
            # the titles of the book's parts the contents read so far list (an afterword), but
            # this part's own
            from ..placement import fold_title

            read_toc = [*found["toc"], *(_entry_dict(e) for e in parse_toc(
                [numbered[n - 1] for n in taken["toc"]], words, layout, extra_words))] if kind == "index" else []
            book_parts = frozenset(fold_title(e["title"]) for e in read_toc
                                   if e.get("scope") == "book" and e.get("title") and not any(
                                       test(e["title"].upper(), words.index)
                                       for test in (words.heading, words.qualified, words.any_order)))
            end_at = part_end(page_lines, kind, words, layout, book_parts)
            if web and kind == "toc" and page_lines and _contents_box(page_lines[:end_at], lines[page_lines[end_at - 1][0]:]
                                                                   if end_at else [], layout.lang):
                # a web page's own contents box (a wiki's): furniture before the page's headings,
                # not the book's contents -- the law text goes on after it
                for n, _ in page_lines[:end_at]:
                    lines[n - 1] = ""
                continue
            rest = [(n, t) for n, t in page_lines[end_at:] if t.strip()]
            resume = next((k for k, (_, t) in enumerate(rest) if _starts_part(t, words, layout)), len(rest))
            if rest and source.kind == "laws" and resume > 0:
                # the part ended in running text that no law heading (or other part) opens: law
                # text does not resume after a part of the apparatus without a law heading, so
                # the text up to the next part (an afterword after the index, before the
                # commentary) is a piece of its own, never the last law's tail (a preface
                # before the laws is the start of their stream: placement.document_starts)
                found.setdefault("back", []).append({"source": source.path, "id": source.id, "kind": kind,
                                                     "line": rest[0][0], "last": rest[resume - 1][0],
                                                     "lines": [n for n, _ in rest[:resume]],
                                                     "resume": rest[resume][0] if resume < len(rest) else None})
            page_lines = page_lines[:end_at]
            while page_lines and not page_lines[-1][1].strip():
                page_lines = page_lines[:-1]
            numbers = [n for n, _ in page_lines]
            head = numbers[0] - 1  # the bare number that heads the page, when there is one: its page
            while head >= 1 and not lines[head - 1].strip():
                head -= 1
            if head >= 1 and BARE_PAGE.match(lines[head - 1]) and page is not None:
                numbers = list(range(head, numbers[0])) + numbers
            taken[kind] += numbers
            end = numbers[-1] + 1  # the footer that closes the page, when there is one
            if end <= len(lines) and FOOTER_AT.match(numbered[end - 1]):
                taken[kind].append(end)
            found["pages"].append({"source": source.path, "kind": kind, "page": page,
                                   "lines": [numbers[0], numbers[-1]]})
        for kind, numbers in taken.items():
            if not numbers:
                continue
            numbers = sorted(set(numbers))
            kept = [n for n in numbers if n not in gone]  # the lines a [[drop]] removes: read as none
            laws = law_text_in([lines[n - 1] for n in kept], words, layout)
            if laws:  # a law heading with its text read into the part: an error, never silent
                at = [kept[k - 1] for k in laws]
                found.setdefault("unread", []).append({
                    "source": source.path, "kind": kind, "lines": [at[0], numbers[-1]],
                    "words": [w for n in kept if n >= at[0] for w in WORD.findall(lines[n - 1])],
                    "headings": [lines[n - 1].strip() for n in at], "heading_lines": at})
            before = len(found[kind])
            _read_part(found, kind, [numbered[n - 1] for n in kept], kept, words, layout, extra_words, source.path)
            left = unread_words([lines[n - 1] for n in kept], found[kind][before:], words, kept)
            if left:
                found.setdefault("unread", []).append({"source": source.path, "kind": kind, "lines": [numbers[0], numbers[-1]],
                                                       "words": left})
            for n in numbers:
                m = FOOTER_AT.match(lines[n - 1])
                # a law text's page model reads the footer; the commentary's does not
                footer = m and not RULE_LINE.match(lines[n - 1]) and m["page"].isdigit() and source.kind == "laws"
                lines[n - 1] = f"- {m['page']}" if footer else ""
    return {k: v for k, v in found.items() if v}


WORD = re.compile(r"[^\W\d_]{3,}")
TOGGLE = re.compile(r"^\[[^\[\]]{1,20}\]$")  # a box's own switch: «[hide]», «[скрыть]»
ENTRY_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s+")  # a contents box numbers its entries: «1», «2.1»


def _contents_box(part: list[tuple[int, str]], after: list[str], lang: str | None) -> bool:
    """Whether a contents part of a saved web page is the page's own contents box (a wiki's
    «Contents» / «Содержание»): each entry under its heading, its number left off, is a
    heading of the page that comes after it (read as furniture leaves it: a wiki's edit
    links off, «A. Umbrellas[edit]»), or the page reader dropped them all as links -- the
    box's heading, and its switch («[hide]»), alone are left. A book's contents lists laws
    the page does not hold after it."""
    later = {_box_key(furniture.edit_links(t, lang or "")) for t in after if t.strip()}
    entries = [t.strip() for _, t in part[1:] if t.strip() and not TOGGLE.match(t.strip())]
    return all(_box_key(ENTRY_NUMBER.sub("", t)) in later for t in entries)


def _box_key(text: str) -> str:
    return " ".join(text.split()).casefold()


def unread_words(lines: list[str], entries: list[dict[str, Any]], words: Apparatus,
                 numbers: list[int] | None = None) -> list[str]:
    """The words of a contents or index part taken out of a law text that none of its
    entries holds (nor the part's heading): text the law stream lost to the part, when
    there are more than a stray few (a part that ran on into the law text). Empty when
    the entries account for the part's words. ``numbers``: the lines' raw numbers, as the
    entries' ``line`` gives them.

    >>> unread_words(["Колода 1A", "Стол 3A"], [{"headword": "Колода"}, {"headword": "Стол"}], Apparatus("ru"))
    []
    """
    held: dict[str, int] = {}
    starts = set()
    for e in entries:
        if "title" in e and not e.get("page") and not e.get("id") and len(e["title"].split()) > 8:
            continue  # a "contents entry" of a sentence's length and no page: the prose it swallowed
        starts.add(e.get("line"))
        for value in e.values():
            for text in ([value] if isinstance(value, str) else value if isinstance(value, list) else ()):
                for w in WORD.findall(str(text).lower()):
                    held[w] = held.get(w, 0) + 1
    for n, t in zip(numbers or range(1, len(lines) + 1), lines):
        if n in starts:  # an entry's own line: its label words too ("Правило 12.", "LAW 12 -")
            for w in WORD.findall(t.lower()):
                held[w] = held.get(w, 0) + 1
    for heading in words.contents + words.index + words.see + words.see_also + words.defs_target:
        for w in WORD.findall(heading.lower()):
            held[w] = held.get(w, 0) + len(lines)
    all_words = [w for t in lines for w in WORD.findall(t.lower())]
    left = []
    for w in all_words:
        if held.get(w, 0) > 0:
            held[w] -= 1
        else:
            left.append(w)
    return left if len(left) > max(12, len(all_words) // 4) else []


def _read_part(found, kind, lines, numbers, words, layout, extra_words, path, gone=frozenset()) -> None:
    """The entries of a part of the apparatus of ``kind`` in ``lines`` (raw line ``numbers``),
    the lines in ``gone`` (a curated ``[[drop]]``) left out."""
    if gone:
        numbers, lines = [n for n in numbers if n not in gone], [t for n, t in zip(numbers, lines) if n not in gone]
    if kind == "toc":
        entries = parse_toc(lines, words, layout, extra_words)
    elif kind == "index":
        entries = parse_index(lines, words, layout.ids, extra_words, layout.lang)
    else:
        for key, value in parse_front(lines, words).items():
            found["front"].setdefault(key, value)
        return
    for e in entries:
        d = _entry_dict(e)
        d["line"] = numbers[e.line - 1] if 0 < e.line <= len(numbers) else None
        d["source"] = path
        found[kind].append(d)


def apply_contents(nodes, apparatus: dict[str, Any], levels: tuple[str, ...] | None = None,
                   parts_read=lambda entry: False) -> tuple[list, list[tuple[str, str]], list[dict[str, Any]]]:
    """The contents used on the tree: a law or a part of its first level (the profile's
    ``levels``, by their names; None: the active profile's) whose title is lost takes the
    contents' title (``title_from = "contents"``). Returns the nodes, the (ID, kind) the
    contents confirmed (the same title), and the contents entries the text lacks (lost
    parts: no node, or a node with nothing of its own). A law the contents list past the
    text's first or last law is lost, not left out of an excerpt, where the sources reach
    past it (``_reached``: its page is among the pages read, or a part of the book the
    contents put after it was read, ``parts_read`` of a contents entry): it gets a
    placeholder node (``missing``, the contents' title), as a lost law between two gets."""
    from dataclasses import replace

    from ..grammar import law_text_kinds

    titled = (law_text_kinds() if levels is None else ("law", *levels))[:2]  # the contents list these
    toc = {e["id"]: e for e in apparatus.get("toc", ()) if e.get("scope") == "laws" and e.get("id")
           and e["kind"] in titled}
    if not toc:
        return list(nodes), [], []
    out, confirmed, seen, differs = [], [], set(), []
    missing = {n.id for n in nodes if n.missing}
    for n in nodes:
        e = toc.get(n.id)
        if e is None or n.kind not in titled:
            out.append(n)
            continue
        seen.add(n.id)
        if n.title is None or n.title_from in ("commentary", "titles"):
            # a lost heading: the contents' title, the book's own listing of its headings, wins
            # over the commentary's heading of the law (cold read 11 of issue 13, finding 6)
            # and over a titles file's (the code's titles, perhaps of another edition or
            # translation: cold read 14, finding 3)
            if n.title is not None and _same_title(n.title, e["title"]):
                confirmed.append((n.id, n.kind))
            out.append(replace(n, title=e["title"], title_from="contents"))
        else:
            if _same_title(n.title, e["title"]):
                confirmed.append((n.id, n.kind))
            elif n.title_from == "heading":
                differs.append((n.id, n.title))
            out.append(n)
    # within the text's own span of laws, or where the sources reach past it: an excerpt
    # does not lose the laws it never held
    present = sorted(int(n.law) for n in nodes if n.kind == "law" and not n.missing and (n.law or "").isdigit())
    reached = _reached(nodes, apparatus, present, parts_read)
    lost = [e for i, e in toc.items() if (i not in seen or i in missing) and present
            and (present[0] <= int(re.match(r"\d+", i).group()) <= present[-1] or reached(i))]
    from ..model import Node, Span

    for e in lost:  # a law lost past the text's span: a placeholder, as one between two laws has
        if e["kind"] == "law" and e["id"] not in seen and e["id"].isdigit():
            out.append(Node(id=e["id"], kind="law", law=e["id"], parent=None, lang=next(
                (n.lang for n in nodes if n.kind == "law"), ""), title=e["title"], title_from="contents", text=None,
                marks=(), footnotes=(), spans=(Span(e.get("source") or "", None, (e["line"], e["line"])),)
                if e.get("line") else (), attribution=None, uncertain=(), truncated_start=False,
                truncated_end=False, missing=True, translations={}))
    apparatus["differs"] = [{"id": i, "heading": title} for i, title in differs]  # neither confirmed nor filled
    return out, confirmed, lost


def _reached(nodes, apparatus: dict[str, Any], present: list[int], parts_read):
    """Whether the sources reach a law the contents list past the text's laws (its
    number ``i``): its page is one of the book pages read (a page of the law text or of
    the apparatus), or, past the last law, the contents put after it a part of the book
    that was read (the subject index, the commentary: ``parts_read``)."""
    toc = list(apparatus.get("toc", ()))
    pages = {int(p) for p in [*(span.page for n in nodes if n.kind != "commentary" for span in n.spans),
                             *(p.get("page") for p in apparatus.get("pages", ()))]
             if p is not None and str(p).isdigit()}
    def reached(i: str) -> bool:
        k = next((k for k, e in enumerate(toc) if e.get("id") == i), None)
        if k is None:
            return False
        page = str(toc[k].get("page") or "")
        if page.isdigit() and int(page) in pages:
            return True
        # past the last law only: a part at the book's end read says nothing of its start
        return int(re.match(r"\d+", i).group()) > max(present) and any(
            e.get("scope") != "laws" and parts_read(e) for e in toc[k + 1:])
    return reached


def _same_title(a: str, b: str) -> bool:
    def norm(s: str) -> str:
        return re.sub(r"\W+", " ", s.replace("ё", "е").replace("Ё", "Е")).strip().casefold()
    return norm(a) == norm(b)


DEFINITION = "definition"  # the node kind of a definition entry


def definition_nodes(section: dict[str, Any], nodes) -> list:
    """Each definition entry as a node of its own (kind ``definition``, its ID ``def-N``,
    the term its title, the definition its text), filed under the definitions' ID as its
    law, as the commentary on the definitions is: so both search engines index it, a hit
    leads to its entry on the definitions page, and ``show def-N`` prints it. Entries whose
    ID a node already has are left out."""
    from ..ids import rules
    from ..model import Node, Span

    law = rules().definitions_id or section.get("id")
    taken = {n.id for n in nodes}
    return [Node(id=e["id"], kind=DEFINITION, law=law, parent=None, lang=section.get("lang") or "",
                 title=e["term"], title_from=None, text=e.get("text") or "", marks=(), footnotes=(),
                 spans=(Span(e.get("source") or section.get("source") or "", None, (e["line"], e["line"])),)
                 if e.get("line") else (), attribution="heading", uncertain=(), truncated_start=False,
                 truncated_end=False, missing=False, translations={})
            for e in section.get("entries", ()) if e["id"] not in taken]


def _law_on_page(toc: list[dict[str, Any]], page: int) -> str | None:
    """The law a book page belongs to by the contents: the one law entry beginning on it,
    else, none beginning there, the law entry last before it; None where the page begins
    several entries, or a part of the book that is no law (a preface, the index), or the
    contents give no page before it."""
    # a law's parts and divisions go with the law; any other entry (a preface, the index) is a part of the book
    parts = [e for e in toc if e.get("kind") == "law" or e.get("scope") != "laws"]
    at = [e for e in parts if int(e["page"]) == page]
    before = [e for e in parts if int(e["page"]) < page]
    pick = at if at else before[-1:]
    if len(pick) != 1 or pick[0].get("kind") != "law" or pick[0].get("scope") != "laws":
        return None
    return pick[0].get("id")


def place_index_pages(apparatus: dict[str, Any]) -> None:
    """An index target printed as a book page («Пересадка пары, с. 8») becomes the law the
    contents put that page in (``_law_on_page``); a page they place in no law stays a page
    (``unplaced_pages``), and ``index_doubt`` names it."""
    toc = [e for e in apparatus.get("toc", ()) if str(e.get("page") or "").isdigit()]
    for e in apparatus.get("index", ()):
        for printed_page in e.get("pages", ()):
            law = _law_on_page(toc, int(printed_page.split()[-1]))
            if law is None:
                e.setdefault("unplaced_pages", []).append(printed_page)
            elif law not in e["targets"]:
                e["targets"].append(law)


def settle_paragraph_targets(apparatus: dict[str, Any], node_ids) -> None:
    """An index target printed N.M («63.2») is the commentary's paragraph where the
    commentary has it; else it is no target: the number goes back to the entry's words as
    printed, and ``index_doubt`` names the entry (a number left among its words)."""
    for e in apparatus.get("index", ()):
        for printed, node_id in e.pop("paragraphs", ()):
            if node_id in node_ids:
                continue
            if node_id in e["targets"]:
                e["targets"].remove(node_id)
            key = "sub" if e.get("sub") else "headword"
            e[key] = f"{e[key]} {printed}"


def use_apparatus(nodes, apparatus: dict[str, Any], problems: list, folder) -> tuple[list, dict[str, Any]]:
    """After the tree: the contents fill lost titles and name lost parts (a warning each,
    naming the contents' file and line); the report keeps what they confirmed; index
    targets printed as pages go to their laws (``place_index_pages``), those printed N.M
    to the commentary's paragraphs it has (``settle_paragraph_targets``)."""
    place_index_pages(apparatus)
    settle_paragraph_targets(apparatus, {n.id for n in nodes})
    if apparatus.get("definitions"):
        from ..corpus import folder_lexicon
        from ..definitions import find_uses

        section = apparatus["definitions"]
        from ..model import Problem

        for u in section.get("unread", ()):
            problems.append(Problem("warning", f"a line of the definitions is read as no entry and follows none: "
                                               f"«{u['text'][:60]}»; kept out of the text (write it `Term — text`)",
                                    section.get("source"), u["line"]))
        lexicon = folder_lexicon(folder).forms
        apparatus["terms"] = find_uses(nodes, section["entries"], section["lang"], lexicon)
        nodes = list(nodes) + definition_nodes(section, nodes)
    if not apparatus.get("toc"):
        return list(nodes), apparatus
    from ..model import Problem

    final = _run_on_last(nodes, apparatus.get("toc", ()))  # before the lost laws get their placeholders

    def parts_read(entry: dict[str, Any]) -> bool:
        """A book part's contents entry whose part the sources hold: the subject index, the commentary."""
        words = Apparatus.of(folder.profile, next((s.lang for s in folder.sources if s.path == entry.get("source")),
                                                  None) or "")
        title = str(entry.get("title") or "")
        return any(words.heading(t, heads) for t in (title, title.upper()) for heads, read in (
            (words.index, bool(apparatus.get("index"))),
            (words.commentary, any(n.kind == "commentary" for n in nodes))) if read)

    nodes, confirmed, lost = apply_contents(nodes, apparatus, folder.grammar.ids.levels if folder.grammar else None,
                                            parts_read)
    apparatus["confirmed"] = [i for i, _ in confirmed]
    apparatus["filled"] = [n.id for n in nodes if n.title_from == "contents"]
    apparatus["lost"] = [e["id"] for e in lost]
    toc = {e["id"]: e for e in apparatus.get("toc", ()) if e.get("scope") == "laws" and e.get("id")}
    for d in apparatus.get("differs", ()):
        e = toc.get(d["id"], {})
        page = f" (p. {e['page']})" if e.get("page") else ""
        problems.append(Problem("warning", f"the contents title of {e.get('kind', 'law')} {d['id']} «{e.get('title')}»"
                                           f"{page} differs from its heading «{d['heading']}»; the heading is kept",
                                e.get("source"), e.get("line")))
    if not apparatus.get("differs"):
        apparatus.pop("differs", None)
    for e in lost:
        if final is not None and e is final[1]:
            continue  # said below, with where its text may be
        page = f" (p. {e['page']})" if e.get("page") else ""
        run_on = _run_on(nodes, e)
        if run_on:  # the law before is not "complete": it may hold this one's text (law_doubts)
            before, last, span = run_on[1:]
            apparatus.setdefault("doubts", []).append({
                "law": before, "kind": "run_on", "other": e["id"], "node": last.id, "source": span.source,
                "lines": list(span.lines)})
        problems.append(Problem("warning", f"the contents list {e['kind']} {e['id']} «{e['title']}»{page}, "
                                           f"the text lacks it{run_on[0] if run_on else ''}", e.get("source"),
                                e.get("line")))
        if e.get("kind") != "law" and e.get("source") and e.get("line") \
                and (law := _law_of(e["id"])) and any(n.kind == "law" and n.law == law and not n.missing
                                                      for n in nodes):
            # a part of a law the text holds, its heading lost: that law is not "complete"
            # (law_doubts; check and the site's status say so), its text may stand elsewhere
            apparatus.setdefault("doubts", []).append({
                "law": law, "kind": "lost_part", "other": e["id"], "source": e["source"],
                "lines": [e["line"], e["line"]]})
    last = final
    if last is not None and any(d.get("law") == last[2] and d.get("kind") == "unplaced_after"
                                for d in getattr(folder, "doubts", ())):
        last = None  # a page after the law before was cut from it: the text did not run on (that doubt says so)
    if last is not None:  # the book's last law lost: the law before it is not "complete" either
        words, e, before, node, span = last
        page = f" (p. {e['page']})" if e.get("page") else ""
        apparatus.setdefault("doubts", []).append({
            "law": before, "kind": "run_on", "other": e["id"], "node": node.id, "source": span.source,
            "lines": list(span.lines)})
        problems.append(Problem("warning", f"the contents list {e['kind']} {e['id']} «{e['title']}»{page}, "
                                           f"the text lacks it{words}", e.get("source"), e.get("line")))
    return nodes, apparatus


def _run_on_last(nodes, toc) -> tuple[str, dict[str, Any], str, Any, Any] | None:
    """Where the book's last law, which the contents list and the text lacks wholly (no node
    of it: its number is past the text's last law), may still be: the contents list no law
    after it but a part of the book (an index, an afterword), so the book ran past its laws
    and the text of the law before it runs on to the end of the law text -- the lost law's
    text, if any survived, was read as the end of that law's last part (its page not before
    the one the contents give the lost law). Said, never moved. (The warning's words, the
    entry, the law before, its last part, that part's last span), or None."""
    toc = list(toc)
    laws = [k for k, e in enumerate(toc) if e.get("scope") == "laws" and e.get("kind") == "law"
            and str(e.get("id") or "").isdigit()]
    if not laws or not any(e.get("scope") != "laws" for e in toc[laws[-1] + 1:]):
        return None
    entry = toc[laws[-1]]
    present = {n.law: n for n in nodes if n.kind == "law" and not n.missing and (n.law or "").isdigit()}
    if entry["id"] in present or any(n.law == entry["id"] and n.kind != "commentary" for n in nodes) \
            or not present or max(map(int, present)) != int(entry["id"]) - 1:
        return None
    before = str(int(entry["id"]) - 1)
    spans = [(span.lines[1], n, span) for n in nodes if n.law == before and n.kind not in ("commentary", "piece")
             for span in n.spans]
    if not spans:
        return None
    _, node, span = max(spans, key=lambda p: p[0])
    page = str(entry.get("page") or "")
    if span.page is not None and page.isdigit() and span.page < int(page):
        return None  # the lost law's page is later than the law before's last: lost with it, not run on
    return (f"; law {before} is the text's last law and the contents list no law after law {entry['id']}, so law "
            f"{entry['id']}'s text, if any survives, is at the end of {node.id} ({span.source}:{span.lines[0]}-"
            f"{span.lines[1]}), read as {node.id}'s: check it", entry, before, node, span)


def _law_of(part_id: str) -> str | None:
    """The law of a part's ID (``61B`` → ``61``), by the profile's ID rules, or None."""
    from .. import ids

    parts = ids.rules().parse(part_id)
    return str(parts["law"]) if parts and parts.get("law") else None


def law_doubts(apparatus: dict[str, Any], law: str) -> list[dict[str, Any]]:
    """What the build warned may belong to ``law`` or be missing from it though none of its
    text is cut: a lost law's text read at its end (``run_on``), a page after it left
    unplaced because a law heading seemed lost before it (``unplaced_after``). A law with
    any is never reported complete (check, the site's status)."""
    return [d for d in apparatus.get("doubts", ()) if d.get("law") == law]


def _run_on(nodes, entry) -> tuple[str, str, Any, Any] | None:
    """Where a law the contents list and the text lacks wholly may still be: the law
    before it runs straight on into the law after it (the next line after its last text is
    that law's heading, no page between), so the lost law's text, if any survived, was
    read as the end of the law before's last part. Said, never moved: nothing shows
    where in that part the lost heading stood. (The warning's words, the law before, its
    last part and that part's span), or None."""
    if entry.get("kind") != "law" or not str(entry.get("id") or "").isdigit():
        return None
    number = int(entry["id"])
    laws = {n.law: n for n in nodes if n.kind == "law" and not n.missing and n.law}
    if not any(n.kind == "law" and n.law == entry["id"] and n.missing for n in nodes):
        return None
    before, after = laws.get(str(number - 1)), laws.get(str(number + 1))
    if before is None or after is None or not after.spans:
        return None
    head = after.spans[0]
    parts = [(span.lines[1], n, span) for n in nodes if n.law == before.law and n.kind != "commentary"
             for span in n.spans if span.source == head.source and span.lines[1] < head.lines[0]]
    if not parts:
        return None
    end, last, span = max(parts, key=lambda p: p[0])
    if head.lines[0] - end > 2 or span.page != head.page:
        return None
    return (f"; law {before.law} runs straight on into law {after.law} ({head.source}:{head.lines[0]}), so law "
            f"{entry['id']}'s text, if any survives, is at the end of {last.id} ({span.source}:{span.lines[0]}-"
            f"{span.lines[1]}), read as {last.id}'s: check it", before.law, last, span)


def _spans(numbers: list[int]) -> str:
    """``[301, 302, 303, 305]`` → ``"301-303, 305"``."""
    out: list[list[int]] = []
    for n in numbers:
        if out and out[-1][-1] == n - 1:
            out[-1].append(n)
        else:
            out.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in out)


def index_doubt(entry: dict[str, Any]) -> str | None:
    """Why an index entry (its dict) was plainly not read as printed, or None: no target and
    no cross-reference after it; numbers or a ditto mark left inside its words (a target or
    a line the reader ran together); a ditto mark with no headword above it."""
    words = " ".join(x for x in (entry.get("headword"), entry.get("sub")) if x)
    if not entry.get("headword"):
        return "a ditto mark with no headword above it"
    if re.search(r"(?<![\w-])\d{1,3}[^\W\d_]?\d{0,2}(?![\w-])", words):
        return "numbers left among its words: a target not read, or two lines run together"
    if re.search(r"(?<!\w)[\"〃„“](?!\w)", words):
        return "a ditto mark left among its words"
    if entry.get("unplaced_pages"):
        return f"{', '.join(entry['unplaced_pages'])}: a page the contents place in no law; kept as the page"
    if not entry.get("targets") and not entry.get("see"):
        return "no target and no cross-reference read after it"
    return None


def report_lines(apparatus: dict[str, Any], user_path=lambda p: p) -> list[str]:
    """The check report's section on the book's apparatus ([] when there is none): the
    title page's fields, what the contents gave (entries, confirmed and filled titles, lost
    parts), the subject index, the definitions, and apparatus pages found in law text."""
    if not apparatus:
        return []
    out = ["", "The book's apparatus:"]
    front = apparatus.get("front") or {}
    if front:
        out.append("  title page: " + "; ".join(f"{k} {named(front, k)}" + (" (as printed)" if printed(front, k) else "")
                                                for k in FRONT_FIELDS if front.get(k)))
        missing = [k for k in FRONT_FIELDS if not front.get(k)]
        if missing:
            out.append("    not on it: " + ", ".join(missing))
    toc = apparatus.get("toc") or []
    if toc:
        scopes = {s: sum(1 for e in toc if e["scope"] == s) for s in ("laws", "commentary", "book")}
        out.append(f"  contents: {len(toc)} entries ({', '.join(f'{s} {n}' for s, n in scopes.items() if n)}), "
                   "none of them a reference")
        if apparatus.get("confirmed"):
            out.append(f"    titles the contents confirm: {len(apparatus['confirmed'])}")
        entries = {e["id"]: e for e in toc if e.get("scope") == "laws" and e.get("id")}

        def entry(i: str) -> str:  # "31 «Назначение не в свою очередь» (p. 88; corpus/toc.txt:5)"
            e = entries.get(i)
            if e is None:
                return i
            where = f"{user_path(e['source'])}:{e['line']}" if e.get("source") and e.get("line") else ""
            page = f"p. {e['page']}" if e.get("page") else ""
            return f"{i} «{e['title']}» ({'; '.join(x for x in (page, where) if x)})" if page or where else \
                f"{i} «{e['title']}»"

        if apparatus.get("differs"):
            out.append("    titles the contents give otherwise than the heading (the heading kept):")
            out.extend(f"      {entry(d['id'])}: heading «{d['heading']}»" for d in apparatus["differs"])
        if apparatus.get("filled"):
            out.append("    lost titles taken from the contents (marked so on the site and in show):")
            out.extend(f"      {entry(i)}" for i in apparatus["filled"])
        if apparatus.get("lost"):
            out.append("    listed in the contents, lost from the text (nothing of them in the sources):")
            out.extend(f"      {entry(i)}" for i in apparatus["lost"])
    index = apparatus.get("index") or []
    if index:
        targets = [t for e in index for t in e.get("targets", ())]
        subs = sum(1 for e in index if e.get("sub"))
        out.append(f"  subject index: {len(index)} entries, {len({e['headword'] for e in index})} headwords"
                   f", {subs} sub-entries, {len(targets)} targets ({len(set(targets))} different), "
                   f"cross-references {sum(1 for e in index if e.get('see'))}; none of them a reference in the law text")
        doubts = [(e, why) for e in index if (why := index_doubt(e))]
        if doubts:
            out.append(f"    warning: {len(doubts)} index lines not read as an entry (shown as printed; check them):")
            for e, why in doubts:
                where = f"{user_path(e['source'])}:{e['line']}" if e.get("source") and e.get("line") else "line unknown"
                text = " ".join(x for x in (e.get("headword"), e.get("sub")) if x)
                out.append(f"      {where}: «{text}» -- {why}")
        pages = sorted({int(e["page"]) for e in index if (e.get("page") or "").isdigit()})
        if pages:
            lost = [n for n in range(pages[0], pages[-1] + 1) if n not in pages]
            unpaged = sum(1 for e in index if not e.get("page"))
            out.append(f"    on book pages {_spans(pages)}" + (f"; missing between them: {_spans(lost)}" if lost else "")
                       + (f"; {unpaged} entries on a page whose number is lost" if unpaged else ""))
        files = sorted({user_path(e["source"]) for e in index if e.get("source")})
        if files:
            out.append("    read from " + ", ".join(files))
    section = apparatus.get("definitions")
    if section:
        used = {u["def"] for u in apparatus.get("terms", ())}
        unused = [e["term"] for e in section["entries"] if e["id"] not in used]
        in_commentary = sum(1 for u in apparatus.get("terms", ()) if u.get("commentary"))
        out.append(f"  definitions: {len(section['entries'])} terms, {len(apparatus.get('terms', ())) - in_commentary} "
                   f"first uses linked in the law text, {in_commentary} in the commentary"
                   + (f"; never used: {', '.join(unused)}" if unused else ""))
    for p in apparatus.get("pages", ()):
        page = f"page {p['page']}" if p.get("page") else "page unknown"
        what = {"toc": "contents", "index": "subject index", "front": "title"}.get(p["kind"], p["kind"])
        if p["kind"] == "definitions":
            continue  # reported on the definitions' line above
        out.append(f"  {user_path(p['source'])}:{p['lines'][0]}-{p['lines'][1]}: a {what} page ({page}, kind "
                   f"{p['kind']}) inside law text, read as such and left out of it")
    return out
