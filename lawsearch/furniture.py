"""Furniture and damage of users' copies: named rules over a file's raw lines.

A copy of the book saved from a web library or printed to PDF carries the page's
furniture -- site headers, breadcrumbs, pagers, alphabet rows, URL and file-name lines,
«Next»/«Следующая» rows, running heads -- and the damage of its conversions: ``¶`` marks,
``..page 7`` directives, words printed twice for bold, letter-spaced headings, hyphens lost
at a line break, local mojibake. Every rule here finds its lines **by shape or by
repetition within the file**, never by a list of site names; the few words a pager or a
link row is made of ("Следующая", "Next", "Bookmark") are the profile's (``[furniture.<lang>]``).

Two passes, both called from lawsearch/clean.py:

* ``prepare(raw, kind, lang)`` -- before the line rules: a furniture line becomes empty
  (so line numbers stay those of the file), a damaged line is rewritten;
* ``repair_breaks(lines, words, lang)`` -- after wrapped lines are joined: a hyphen or a
  word split at a line break is restored with the dictionary of the text's language (its
  lemmatizer in the registry, ``plausibility.LANGUAGES``), or, for a language without one,
  with the corpus's own words.

Every rule asking a dictionary asks the lemmatizer of the text's language as the corpus
declares it (the source's ``lang``), and only about a word in that lemmatizer's script: a
Cyrillic word in an English text gets the default of a language without morphology, and
the Russian dictionary is never loaded for it.

Each rule is named; ``clean --explain`` shows which changed a line and ``check`` counts
them, as for the cleaning rules.

    prepare(["Главная » Книги » Законы бриджа", "Правило 1. Карты"], "laws", "ru")
    # (['', 'Правило 1. Карты'], [(1, 'breadcrumb_rows')])
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from . import morph  # the Snowball English stems only (english_stem): no dictionary
from .plausibility import lemmatizer_for


def languages_of(lang: str | None) -> tuple[str, ...] | None:
    """The languages whose lemmatizers a rule asks about a text declared in ``lang``: that
    language alone; None (every registered language's, by script) for a text of no declared
    language (a caller with no corpus, a doctest).

    >>> languages_of("en"), languages_of(None)
    (('en',), None)
    """
    return (lang,) if lang else None


# -- vocabulary (the profile's) ----------------------------------------------------------


def _words(lang: str, key: str) -> list[str]:
    """The profile's ``[furniture.<lang>] <key>`` words, then those of the languages web
    pages of every language borrow (``[furniture] borrowed``: English for the bridge laws)."""
    from .profile import load_profile

    table = load_profile().data.get("furniture", {})
    return [w for each in dict.fromkeys([lang, *table.get("borrowed", [])]) for w in table.get(each, {}).get(key, [])]


@lru_cache(maxsize=8)
def navigation_words(lang: str) -> tuple[str, ...]:
    """The words navigation rows are made of in ``lang`` (and in the languages pages borrow),
    lower case, longest first: the profile's ``[furniture.<lang>] navigation``."""
    return tuple(sorted({w.lower() for w in _words(lang, "navigation")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def navigation_pattern(lang: str) -> re.Pattern:
    """One pattern finding any navigation word of ``lang`` (a cheap test before the rows' rules)."""
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in navigation_words(lang)) + r")(?!\w)", re.I)


@lru_cache(maxsize=8)
def page_words(lang: str) -> tuple[str, ...]:
    """The words of «страница 4 из 17» / «Page 3 of 12»: the profile's ``page`` and ``of``."""
    return tuple(sorted({w.lower() for w in _words(lang, "page")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def introducing_pattern(lang: str) -> re.Pattern:
    """A line ending with one of the profile's ``[furniture.<lang>] introduces`` words
    («например», "for example"): what follows is the sentence's own text, as after a colon;
    never matches when the profile names none."""
    words = sorted({w.lower() for w in _words(lang, "introduces")}, key=len, reverse=True)
    if not words:
        return re.compile(r"(?!)")
    return re.compile(r"(?<!\w)(?:%s)\s*[,—–-]?$" % "|".join(map(re.escape, words)), re.I)


@lru_cache(maxsize=8)
def of_words(lang: str) -> tuple[str, ...]:
    return tuple({w.lower() for w in _words(lang, "of")})


@lru_cache(maxsize=8)
def file_size(lang: str) -> re.Pattern:
    """A file size on a download link (``(1,2 Мб)``, ``340 KB``): a number and one of the
    profile's ``[furniture.<lang>] size_units`` (and the borrowed languages'); never matches
    when the profile names none."""
    units = sorted({w.lower() for w in _words(lang, "size_units")}, key=len, reverse=True)
    if not units:
        return re.compile(r"(?!)")
    return re.compile(r"\(?\d+[.,]?\d*\s*(?:%s)\)?" % "|".join(map(re.escape, units)), re.I)


@lru_cache(maxsize=8)
def action_words(lang: str) -> tuple[str, ...]:
    """The labels of a page's tool links (``Printer-friendly version``, «Версия для печати»,
    ``Bookmark``): the profile's ``[furniture.<lang>] actions``, lower case, longest first."""
    return tuple(sorted({" ".join(w.lower().split()) for w in _words(lang, "actions")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def toggle_words(lang: str) -> frozenset[str]:
    """The labels a page's show-more toggle is written with (``More``, «Подробнее»): the
    profile's ``[furniture.<lang>] toggles``, lower case."""
    return frozenset(" ".join(w.lower().split()) for w in _words(lang, "toggles"))


TOGGLE_MARKS = " .:…›»>▸▾▶▼+-–—"  # the arrows and marks a toggle's label is drawn with ("More ▸", "Details…")


def toggle_label(text: str, lang: str) -> bool:
    """Whether a <details>' <summary> text is the page's toggle label, no words of the code:
    one of the profile's ``toggles`` alone, with the marks it is drawn with.

    >>> toggle_label("More ▸", "en"), toggle_label("Подробнее", "ru")
    (True, True)
    >>> toggle_label("Exceptions for the dealer", "en"), toggle_label("Исключения для сдающего", "ru")
    (False, False)
    """
    return " ".join(text.lower().split()).strip(TOGGLE_MARKS) in toggle_words(lang)


@lru_cache(maxsize=8)
def status_words(lang: str) -> tuple[str, ...]:
    """The labels of a page's visitor counters and dates (``Visitors: 1060``, «Обновлено
    12.03.2010»): the profile's ``[furniture.<lang>] status``, lower case, longest first."""
    return tuple(sorted({w.lower() for w in _words(lang, "status")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def meta_words(lang: str) -> tuple[str, ...]:
    """The labels of a post's meta fields (``Published: 10 March 2011``, «Автор: admin»):
    the profile's ``[furniture.<lang>] meta``, lower case, longest first."""
    return tuple(sorted({w.lower() for w in _words(lang, "meta")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def counter_words(lang: str) -> tuple[str, ...]:
    """The phrases of a counter in sentence form (``This page has been viewed 4021 times``,
    «Сегодня на сайте: 12 гостей»): the profile's ``[furniture.<lang>] counters``."""
    return tuple(sorted({" ".join(w.lower().split()) for w in _words(lang, "counters")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def field_words(lang: str) -> tuple[str, ...]:
    """The labels of an e-library's fields of a text (size, rating, times read) printed
    together on one line: the profile's ``[furniture.<lang>] fields``, lower case, longest first."""
    return tuple(sorted({w.lower() for w in _words(lang, "fields")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def listing_words(lang: str) -> tuple[str, ...]:
    """The labels of a post's listing fields, a label then a short list (``Tagged tea, club``,
    «Теги: устав, клуб», «Поделиться: ВКонтакте · …»): the profile's ``[furniture.<lang>] listings``."""
    return tuple(sorted({" ".join(w.lower().split()) for w in _words(lang, "listings")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def link_block_words(lang: str) -> tuple[str, ...]:
    """The headings of a block of links after a post's text (``Related posts``, «Похожие
    записи»): the profile's ``[furniture.<lang>] link_blocks``."""
    return tuple(sorted({" ".join(w.lower().split()) for w in _words(lang, "link_blocks")}, key=len, reverse=True))


@lru_cache(maxsize=8)
def edit_link_pattern(lang: str) -> re.Pattern:
    """A wiki's edit links at a line's end, one or more in brackets set apart by ``|``
    (``[edit]``, «[править | править код]``): the profile's ``[furniture.<lang>] edit_links``;
    never matches when the profile names none."""
    words = sorted({" ".join(w.lower().split()) for w in _words(lang, "edit_links")}, key=len, reverse=True)
    if not words:
        return re.compile(r"(?!)")
    word = "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + ")"
    return re.compile(r"\s*\[\s*" + word + r"(?:\s*\|\s*" + word + r")*\s*\]\s*$", re.I)


# -- shapes ---------------------------------------------------------------------------------

URL = re.compile(r"^(?:[a-z][a-z0-9+.-]*://\S+|www\.\S+|\S+\.[a-z]{2,6}/\S*)$", re.I)
# a file name alone: a word with a document format's suffix
FILE_NAME = re.compile(r"^[\w.~%()-]+\.(?:txt|html?|xhtml|fb2|epub|pdf|docx?|rtf|djvu|zip|md)$", re.I)
SEPARATORS = re.compile(r"\s*(?:\||·|•|←|→|↑|«|»|‹|›|::|\s/\s)\s*")  # ↑: «↑ Наверх»
BREADCRUMB_SEPARATOR = re.compile(r"\s(?:»|›|>|→|::|/|\\)\s")
NUMBER_TOKEN = re.compile(r"^(?:\d{1,4}|…|\.\.\.|-|–|—|\[\d+\]|\(\d+\))$")
# a document format on a download link ("(fb2)", "pdf,"); file sizes are the profile's (file_size)
FORMAT_TOKEN = re.compile(r"^\(?(?:fb2|txt|rtf|epub|pdf|docx?|html?|zip|mobi|djvu)\)?[,;]?$", re.I)
# a plain-text page's arrows drawn in ASCII (``<< Prev``, ``Next >>``, ``<‹ Назад``): read as
# the arrows a row of links is drawn with
ASCII_ARROWS = ((re.compile(r"<<|<‹|‹<|(?<!\S)<(?!\S)"), "«"), (re.compile(r">>|›>|>›|(?<!\S)>(?!\S)"), "»"))
# a row of links to the neighbouring pages drawn with arrows both ways: «Правило 11 ← → Правило 13»
LEFTWARD, RIGHTWARD = re.compile(r"[←«‹]"), re.compile(r"[→»›]")
ARROWS_ALONE = re.compile(r"^\s*(?:[←→↑«»‹›]\s*)+$")  # «« »», ← →: links whose words were images
PAGE_NUMBER_AT_ENDS = re.compile(r"^\d{1,4}(?=\s|$)|(?<=\s)\d{1,4}$|(?<=\.)\d{1,4}$")
TWO_NUMBERS = re.compile(r"\d+")
# a page number at one end of a line, the running head's text at the other, a wide gap between
RUNNING_HEAD = re.compile(r"^\s*(?:\d{1,4}\s{3,}\S.{0,80}|\S.{0,80}?\S\s{3,}\d{1,4})\s*$")
PAGE_DIRECTIVE_ANY = re.compile(r"^\s*\.\.\s?page\s?\d*\s*$", re.I)
PARAGRAPH_MARKS = re.compile(r"\s*(?:¶|\x14|\(DC4\))\s*")
SPACED_START = re.compile(r"(?:^|\s)\S \S(?:\s|$)")  # two single characters one space apart
LETTER_SPACED = re.compile(r"^(?:\S ){1,}\S$")  # a group of single characters one space apart
MOJIBAKE_RUN = re.compile(r"њ{2,}(?:\s+њ{2,})*|(?<=\s)њ(?=\s)")
# „ straight after a letter (an opening quote stands before a word, never inside one)
MOJIBAKE_YO = re.compile(r"(?<=[^\W\d_])„")  # after a letter of the lemmatizer's script (its covers)
# „ opening a word of lower-case letters: ``ё`` at a word's start when the dictionary says so
MOJIBAKE_YO_START = re.compile(r"(?<!\w)„([^\W\d_]+)")
WORDS = re.compile(r"\w[\w'’-]*")
LINE_ENDS_AFTER_WORD = re.compile(r"\w[.,;:!?]['\"”’»)]*\s*$")  # a line's last word is followed by a stop
SENTENCE_END = re.compile(r"[.!?;:,]['\"”’»)]*$")


def _norm(text: str) -> str:
    return " ".join(text.split())


def _starts_with_navigation(segment: str, lang: str) -> bool:
    """Whether a segment of a row is a navigation word, alone or as «Word: …»."""
    s = segment.strip(" .:-—–…").lower()
    if not s:
        return False
    for word in navigation_words(lang):
        if s == word:
            return True
        if s.startswith(word) and re.match(r"^\s*(?:\w+\s*)?:", s[len(word):]):
            return True  # «Следующая глава: Правило 17», «Next: The Scorer»
    return False


# -- furniture rules: a line -> whether it is furniture --------------------------------------


def is_address(word: str) -> bool:
    """Whether a word is a URL or a file's name (``lost.example/items``, ``items.txt``)."""
    return bool(URL.match(word) or FILE_NAME.match(word))


def lone_urls(line: str, lang: str) -> bool:
    """A URL on its own line: ``http://lib.example.ru/txt/z.txt``, ``www.example.ru/a/b``."""
    return bool(URL.match(line.strip()))


def lone_file_names(line: str, lang: str) -> bool:
    """A file name on its own line: ``laws_bridge_ru.txt``, ``dupl_laws_1987.txt``."""
    return bool(FILE_NAME.match(line.strip()))


def page_of_n(line: str, lang: str) -> bool:
    """«страница 4», «Стр. 5 из 12», «Page 3 of 12», «с. 112»: a page counter alone.

    >>> page_of_n("Стр. 5 из 12", "ru"), page_of_n("Page 3 of 12", "en"), page_of_n("Страница правил", "ru")
    (True, True, False)
    """
    s = line.strip().lower()
    for word in page_words(lang):
        if s.startswith(word):
            rest = s[len(word):].strip(" .:")
            if re.fullmatch(r"\d{1,4}", rest):
                return True
            m = re.fullmatch(r"(\d{1,4})\s+(\S+)\s+(\d{1,4})", rest)
            if m and m.group(2).strip(".") in of_words(lang):
                return True
    return False


def pager_rows(line: str, lang: str) -> bool:
    """A run of page numbers, with or without «Страницы:» and arrows: ``1 2 3 … 17``.

    >>> pager_rows("Страницы: 1 2 3 4 5 6 7 8 9 … 17", "ru"), pager_rows("доски 1, 2 и 3", "ru")
    (True, False)
    """
    s = ascii_arrows(line.strip())
    if len(TWO_NUMBERS.findall(s)) < 2:
        return False
    head, colon, rest = s.partition(":")
    if colon and _starts_with_navigation(head + ":", lang):
        s = rest
    tokens = [t for t in SEPARATORS.sub(" ", s).split() if t not in "-–—"]
    numbers = [t for t in tokens if NUMBER_TOKEN.match(t)]
    words = [t for t in tokens if not NUMBER_TOKEN.match(t)]
    # «Первая 2 3 4 5 6 Последняя»: the pager's own words may stand at its ends
    if not (len(numbers) >= 2 and all(t.strip(".:").lower() in navigation_words(lang) for t in words)):
        return False
    # a pager counts pages up, some of them one by one («1 … 3 4 5 … 17»); a row of a
    # table («20 30 40») does not
    pages = [int(t.strip("[]()")) for t in numbers if t.strip("[]()").isdigit()]
    return (len(pages) >= 2 and all(a < b for a, b in zip(pages, pages[1:]))
            and any(b == a + 1 for a, b in zip(pages, pages[1:])))


def lone_page_numbers(line: str, lang: str) -> bool:
    """A page number alone on a line (``57``), as a PDF or a printed page has it. The
    book's own ``- 76`` footers are not this: the pages stage reads them."""
    return bool(re.fullmatch(r"\s*\d{1,4}\s*", line))


# a line ending a sentence, and the marks a link row is drawn with
SENTENCE_TAIL = re.compile(r"[.;,!?]$")
LINK_MARKS = re.compile(r"[«»‹›←→↑<>|\[\]]")
# a wide gap between a row's links, as a saved page's table or spaced links leave it
WIDE_GAP = re.compile(r"\s{3,}")
# a link to a neighbouring page: a word or two and a number (``Law 11``, ``Глава 4``, ``Part 2A``)
NEIGHBOUR = re.compile(r"^\w+(?:\s\w+)?\s\d{1,4}[^\W\d_]?$")
# a row's ends marked as links: an arrow or a guillemet at its start or its end
MARKED_ENDS = re.compile(r"^\s*[«‹←↑<]|[»›→>]\s*$")


def link_rows(line: str, lang: str) -> bool:
    """A row of navigation links: «« Предыдущая | Следующая »», «Читать далее →»,
    «Скачать книгу: fb2 | txt | rtf (98 Кб)», «Next: The Scorer».

    >>> link_rows("« Предыдущая | Следующая »", "ru"), link_rows("Далее игра продолжается.", "ru")
    (True, False)
    """
    line = ascii_arrows(line)
    if not navigation_pattern(lang).search(line):
        return bool(ARROWS_ALONE.match(line)) or neighbour_row(line)
    segments = [s for part in SEPARATORS.split(line.strip()) for s in WIDE_GAP.split(part) if s.strip(" .:-—–…")]
    if not segments:
        return bool(ARROWS_ALONE.match(line))
    if len(segments) == 1 and SENTENCE_TAIL.search(line.strip()) and not LINK_MARKS.search(line):
        return False  # «next.» alone: the end of a wrapped sentence, not a link
    # a row of links (its ends marked, or its links set apart by wide gaps) may name the
    # neighbouring pages: «‹ Law 11    Up    Law 13 ›»
    row = bool(MARKED_ENDS.search(line)) or WIDE_GAP.search(line.strip()) is not None
    navigation = between = 0
    for segment in segments:
        if _starts_with_navigation(segment, lang):
            navigation += 1
        elif all(FORMAT_TOKEN.match(t) or NUMBER_TOKEN.match(t) for t in file_size(lang).sub(" ", segment).split()):
            continue
        elif page_of_n(segment, lang):
            continue  # the page counter between a pager's links: «‹ Previous Page | Page 7 of 9 | Next Page ›»
        elif row and NEIGHBOUR.match(segment.strip(" .:-—–…")):
            continue
        elif row and len(segment.split()) == 1 and segment.strip()[:1].isupper():
            between += 1  # «← Previous | Index | Next →»: one link the vocabulary lacks, between two it has
        else:
            return False
    return navigation > 0 and (not between or navigation >= 2 and between < navigation)


def ascii_arrows(line: str) -> str:
    """``<<`` / ``>>`` (and ``<‹``, a lone ``<``) as the guillemets a row of links is drawn with.

    >>> ascii_arrows("<< Prev 1 2 3 Next >>"), ascii_arrows("a < b")
    ('« Prev 1 2 3 Next »', 'a « b')
    """
    for pattern, arrow in ASCII_ARROWS:
        line = pattern.sub(arrow, line)
    return line


def neighbour_row(line: str) -> bool:
    """A row of links to the neighbouring pages with no navigation word, drawn with arrows
    pointing both ways and naming only neighbours (a word or two and a number):
    «Правило 11 ← → Правило 13», «‹ Law 31 | Law 33 ›». One way only («Law 11 → Law 13»)
    may be a table of renumbered laws: it stays.

    >>> neighbour_row("Правило 11 ← → Правило 13"), neighbour_row("Law 11 → Law 13")
    (True, False)
    """
    if not (LEFTWARD.search(line) and RIGHTWARD.search(line)):
        return False
    segments = [s.strip(" .:-—–…") for s in SEPARATORS.split(line.strip())]
    segments = [s for s in segments if s]
    return bool(segments) and all(NEIGHBOUR.match(s) for s in segments)


# the marks a row of tool links is set apart by: a bar, a bullet, a middle dot
ACTION_SEPARATORS = re.compile(r"\s*[|•·]\s*")
ACTION_LABEL_WORDS = 5  # a link's label is a few words; more is a phrase of the text
ACTION_SENTENCE = re.compile(r"[.!?;:,]\s*$|\d")
ACTION_GAP = re.compile(r"\s{2,}|\t")  # links a page sets apart by space alone: "Print  Email a friend"


def action_rows(line: str, lang: str) -> bool:
    """A row of a page's tool links: short labels set apart by ``|``, ``•`` or ``·``, no
    sentence in it, most labels (and at least one) the profile's ``[furniture.<lang>]
    actions`` -- ``Printer-friendly version | Email this page | Bookmark``, «Версия для
    печати • Отправить другу • В закладки». A row of the text's own short words (a table's
    ``North | South``) names no action, and a sentence with a bar in it is no row.

    >>> action_rows("Printer-friendly version | Email this page | Bookmark", "en")
    True
    >>> action_rows("Версия для печати · Отправить другу · Комментарии (3)", "ru")
    True
    >>> action_rows("Судья | Игрок | Капитан", "ru"), action_rows("Print the score | then sign it.", "en")
    (False, False)
    >>> action_rows("Printer-friendly version  Email a friend", "en"), action_rows("Print  the score", "en")
    (True, False)
    """
    if not ACTION_SEPARATORS.search(line):
        # links set apart by a gap alone («Версия для печати  Отправить другу»): every one a tool's label
        gapped = [" ".join(part.lower().split()) for part in ACTION_GAP.split(line.strip())]
        words = action_words(lang)
        return len(gapped) >= 2 and all(label in words for label in gapped)
    labels = [" ".join(part.lower().split()) for part in ACTION_SEPARATORS.split(line.strip())]
    labels = [label for label in labels if label]
    if len(labels) < 2 and not ACTION_SEPARATORS.match(line.strip()):
        return False
    words = action_words(lang)
    named = 0
    for label in labels:
        # a count after a label ("Comments (3)") is the page's, not the text's
        bare = re.sub(r"\s*\(\d+\)$", "", label)
        if len(bare.split()) > ACTION_LABEL_WORDS or ACTION_SENTENCE.search(bare):
            return False
        if any(bare == w or bare.startswith(w + " ") or bare.startswith(w + ":") for w in words):
            named += 1
        elif named and FORMAT_TOKEN.match(bare):  # «Версия для печати · PDF · RTF»: the formats it is offered in
            named += 1
    return named >= 1 and 2 * named >= len(labels)


LISTING_VALUE_WORDS = 6  # a listing's value: a few tags, a category, a few site names
LISTING_END = re.compile(r"\s*(?:\.\.\.|…)$")  # «Like Loading...»: a script's placeholder


def listing_rows(line: str, lang: str) -> bool:
    """A post's listing fields and tool links on one row: each part (set apart by ``|``,
    ``•`` or ``·``) a tool link of the profile's ``actions`` or a listing label of its
    ``listings`` with a short list after it, no sentence -- ``Posted in Rules | Tagged tea,
    club | Leave a comment``, «Теги: устав, клуб, чай», «Поделиться: ВКонтакте · Телеграм»,
    ``Share this:``, ``Like this: Like Loading...``. At least one part is a listing; a
    line of the text that opens with such a word goes on into a sentence, and is no row.

    >>> listing_rows("Posted in Rules | Tagged tea, club | Leave a comment", "en")
    True
    >>> listing_rows("Теги: устав, клуб, чай", "ru"), listing_rows("Поделиться: ВКонтакте · Одноклассники", "ru")
    (True, True)
    >>> listing_rows("Категории: Уставы | Клубы | Викитека:Тексты", "ru")
    True
    >>> listing_rows("Share the boards equally between the tables.", "en"), listing_rows("Метки ставят мелом.", "ru")
    (False, False)
    """
    listings = listing_words(lang)
    if not listings:
        return False
    parts = [" ".join(p.lower().split()) for p in ACTION_SEPARATORS.split(LISTING_END.sub("", line.strip()))]
    parts = [p for p in parts if p]
    if not parts:
        return False
    actions, listed, values = action_words(lang), 0, []
    for part in parts:
        label = next((w for w in listings if part == w or part.startswith(w + ":") or part.startswith(w + " ")), None)
        if label is None:
            # a wiki's namespaced category («Викитека:Тексты») is one of the list's values: no label's colon
            if values and not re.search(r":(?:\s|$)", part) and len(part.split()) <= 3 and not ACTION_SENTENCE.search(part):
                values.append(part)  # «ВКонтакте · Одноклассники»: the listing's list goes on past the dot
                continue
            if not any(part == w or part.startswith(w + " (") for w in actions):
                return False
            values = []
            continue
        value = part[len(label):].strip(" :")
        if len(value.split()) > LISTING_VALUE_WORDS or SENTENCE_TAIL.search(value) or ":" in value:
            return False
        listed += 1
        values = [value]
    return listed >= 1


def link_blocks(lines: list[str], lang: str, raw: list[str] | None = None) -> set[int]:
    """Lines (0-based) of a block of links after a page's text: a heading of the profile's
    ``link_blocks`` alone on its line (``Related posts:``, «Похожие записи:», ``Share
    this:``), and every line after it to the file's end, when none of those is a sentence
    (no line ending a sentence, each short): the titles of other posts, the names of share
    buttons. A related post's title may read as a law's heading («Правило 7. Курение…»);
    under such a heading it is a link, never a law. A heading the text goes on after (a
    sentence below it) is the text's own.

    ``raw``: the lines before the line rules, so a heading they emptied (``Share this:``
    is a listing too) still opens its block.

    >>> sorted(link_blocks(["LAW 5 - X", "Text ends here.", "Related posts:", "LAW 7 - Smoking", "LAW 9 - Hats"], "en"))
    [2, 3, 4]
    >>> sorted(link_blocks(["Related posts:", "Two of them go on.", "LAW 7 - Smoking"], "en"))
    []
    """
    words = link_block_words(lang)
    if not words:
        return set()
    raw = raw if raw is not None and len(raw) == len(lines) else lines
    for n, line in enumerate(raw):
        label = " ".join(line.strip().lower().rstrip(" :").split())
        if label not in words:
            continue
        after = [m for m in range(n + 1, len(lines)) if lines[m].strip()]
        if all(len(lines[m].split()) <= COUNTER_WORDS and not SENTENCE_TAIL.search(lines[m].strip())
               for m in after):
            return {n, *after}
    return set()


# fields of a row set apart by a full stop: «Размер: 4k. Оценка: 7.50*4»
FIELD_BREAK = re.compile(r"(?<=\S)\.\s+(?=\w)")


def status_rows(line: str, lang: str) -> bool:
    """A page's counters and dates: every part of the row (parts set apart by ``|``, ``·``
    or a wide gap) a status label and a short value with a number in it --
    ``Visitors: 1060 | Last updated 12 March 2010``, «Посетителей: 77 · Обновлено 01.02.2009».
    A sentence naming visitors is no row: its part does not open with the label.

    >>> status_rows("Visitors: 1060 | Last updated 12 March 2010", "en"), status_rows("Обновлено: 12.03.2010", "ru")
    (True, True)
    >>> status_rows("Visitors may watch from 2 tables away.", "en")
    False

    A sentence-form counter (``You are visitor number 10234``) opens with its label too;
    an e-library's fields (the profile's ``fields``, each with its colon) stand two or more
    on a line, set apart by full stops: «Размер: 4k. Оценка: 7.50*4. Прочитано: 120 раз.»

    >>> status_rows("Размер: 4k. Оценка: 7.50*4. Прочитано: 120 раз.", "ru"), status_rows("Размер: 3 карты", "ru")
    (True, False)
    """
    words, fields = status_words(lang), field_words(lang)
    if not (words or fields) or not re.search(r"\d", line):
        return False
    segments = [s.strip(" .:-—–") for part in SEPARATORS.split(line.strip()) for s in WIDE_GAP.split(part)
                for s in FIELD_BREAK.split(s)]
    segments = [s for s in segments if s]
    if not segments:
        return False
    labelled_fields = 0
    for segment in segments:
        low = segment.lower()
        word = next((w for w in words if low.startswith(w) and not low[len(w):len(w) + 1].isalnum()), None)
        if word is None:  # an e-library's field: its label and a colon, «Оценка: 7.50*4»
            word = next((w for w in fields if low.startswith(w + ":")), None)
            labelled_fields += word is not None
        if word is None:
            return False
        value = low[len(word):].strip(" :-—–")
        if not re.search(r"\d", value) or len(value.split()) > 4 or SENTENCE_TAIL.search(value):
            return False
    return labelled_fields == 0 or len(segments) >= 2


META_VALUE_WORDS = 4  # a meta field's value is short: a date, a name, a number
COUNTER_WORDS = 10  # a counter in sentence form is short


def meta_rows(line: str, lang: str) -> bool:
    """A page's meta line or counter: every part of a row (parts set apart by ``|``, ``·``
    or a wide gap) a meta or status label with a short value, two parts or more, or one
    with a number -- «Опубликовано: 10.03.2011 | Автор: admin | Просмотров: 1543»,
    ``Posted by admin · Category: Laws`` -- or a short line with a number holding a
    counter's phrase: «Сегодня на сайте: 12 гостей», ``This page has been viewed 4021
    times.`` The labels and phrases are the profile's (``meta``, ``status``, ``counters``).

    >>> meta_rows("Опубликовано: 10.03.2011 | Автор: admin | Просмотров: 1543", "ru")
    True
    >>> meta_rows("This page has been viewed 4021 times.", "en"), meta_rows("Автор заявки подписывает её.", "ru")
    (True, False)
    """
    s = " ".join(line.split())
    low = s.lower()
    counters = counter_words(lang)
    if counters and re.search(r"\d", s) and len(s.split()) <= COUNTER_WORDS and any(
            re.search(r"(?<!\w)" + re.escape(c) + r"(?!\w)", low) for c in counters):
        return True
    labels = tuple(sorted(set(meta_words(lang)) | set(status_words(lang)), key=len, reverse=True))
    if not labels:
        return False
    segments = [p.strip(" .-—–") for part in SEPARATORS.split(s) for p in WIDE_GAP.split(part)]
    segments = [p for p in segments if p]
    if not segments:
        return False
    numbered = bare = False
    for segment in segments:
        seg = segment.lower()
        label = next((w for w in labels if seg.startswith(w) and not seg[len(w):len(w) + 1].isalnum()), None)
        if label is None:
            return False
        value = seg[len(label):].strip(" :-—–")
        if not value or len(value.split()) > META_VALUE_WORDS or SENTENCE_TAIL.search(value):
            return False
        # «Views 1543»: alone, a label's value without a colon is a number («by the director» is text)
        bare |= not seg[len(label):].lstrip().startswith(":") and not re.search(r"\d", value)
        numbered |= bool(re.search(r"\d", value))
    return len(segments) >= 2 or numbered and not bare


def breadcrumb_rows(line: str, lang: str) -> bool:
    """A breadcrumb trail: three or more short steps between the same separator,
    ``Главная » Библиотека » Спорт » Бридж``, ``Home > Books > Card Games``.

    >>> breadcrumb_rows("Главная → Книги → Настольные игры → Законы бриджа", "ru")
    True
    """
    s = line.strip()
    for sep in set(BREADCRUMB_SEPARATOR.findall(s)):
        steps = [p.strip() for p in s.split(sep)]
        if len(steps) >= 3 and all(p and len(p.split()) <= 6 for p in steps):
            return True
    return False


def alphabet_rows(line: str, lang: str) -> bool:
    """An alphabet navigation row: five or more single letters in alphabetical order,
    maybe with a label, ``#`` or ``All`` (``А Б В Г Д … Я``, ``# | A | B | … | Z | All``).
    A letter-spaced word (``Г Л А В А``) is not in order, so it is left to be joined.

    >>> alphabet_rows("А Б В Г Д Е Ж З", "ru"), alphabet_rows("Г Л А В А", "ru")
    (True, False)
    """
    s = line.strip()
    if not SPACED_START.search(s) and "|" not in s:
        return False
    head, colon, rest = s.partition(":")
    if colon and len(head.split()) <= 4:
        s = rest
    letters = [t for t in re.split(r"[\s|,·•]+", s) if t]
    singles = [t for t in letters if len(t) == 1 and t.isalpha()]
    others = [t for t in letters if not (len(t) == 1 and t.isalpha())]
    if len(singles) < 5 or len(others) > 2:
        return False
    return all(a.upper() < b.upper() for a, b in zip(singles, singles[1:]))


def running_heads(line: str, lang: str) -> bool:
    """A printed page's running head or foot: a page number at one end, a short title at
    the other, a wide gap between (``56          ЗАКОНЫ БРИДЖА``, ``LAW 61      43``)."""
    return bool(RUNNING_HEAD.match(line)) and len(line.split()) <= 10


def page_directives(line: str, lang: str) -> bool:
    """A word processor's page break: ``..page 7``, ``..page8``, ``.. page``, and the same
    with the language's page words (``..стр. 13``: the profile's ``[furniture.<lang>] page``)."""
    return bool(PAGE_DIRECTIVE_ANY.match(line)) or bool(page_mark(lang).fullmatch(line.strip()))


@lru_cache(maxsize=8)
def page_mark(lang: str) -> re.Pattern:
    """Two dots, a page word and a page number, standing apart: a page-break mark wherever
    it stands in a line (``..page 22``, ``..стр. 13``); the dots tell it from a sentence's
    «стр. 13». Glued to a word (``ходов;..page7``) it is left for ``check`` to report."""
    words = "|".join(re.escape(w) for w in page_words(lang)) or "page"
    return re.compile(rf"(?<!\S)\.\.\s?(?:{words})\s?\d{{0,4}}(?![\w.])", re.I)


def inline_page_marks(line: str, lang: str) -> str:
    """A page-break mark inside or at the end of a line of text is no text.

    >>> inline_page_marks("карты раскладывает судья ..стр. 13", "ru")
    'карты раскладывает судья'
    >>> inline_page_marks("отменяется, а ..page 22 нарушитель", "ru")
    'отменяется, а нарушитель'
    """
    pattern = page_mark(lang)
    if not pattern.search(line) or pattern.fullmatch(line.strip()):
        return line
    return re.sub(r"\s{2,}", " ", pattern.sub(" ", line)).strip()


# -- a page's reader widgets: consent notices, progress and rating rows, error prompts, comments --


def _phrases(lang: str, key: str) -> tuple[str, ...]:
    """The profile's ``[furniture.<lang>] <key>`` phrases (and the borrowed languages'), lower
    case, spaces single, longest first."""
    return tuple(sorted({" ".join(w.lower().split()) for w in _words(lang, key)}, key=len, reverse=True))


def _alternation(phrases: tuple[str, ...]) -> str:
    """A pattern group matching any of ``phrases`` (a space: any run of spaces); never
    matches when there are none."""
    if not phrases:
        return "(?!)"
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in phrases) + ")"


@lru_cache(maxsize=8)
def consent_pattern(lang: str) -> tuple[re.Pattern, re.Pattern]:
    """A consent notice's word (the profile's ``consent``) anywhere in a line, and a line's
    tail made of its buttons alone (``consent_buttons``, set apart by spaces, | or •)."""
    word = re.compile(r"(?<!\w)" + _alternation(_phrases(lang, "consent")) + r"(?!\w)", re.I)
    button = _alternation(_phrases(lang, "consent_buttons"))
    tail = re.compile(r"(?<=[.!?])\s*" + button + r"(?:\s*[|•·]?\s*" + button + r")*\s*[.!]?$", re.I)
    return word, tail


def consent_notices(line: str, lang: str) -> bool:
    """A cookie or consent notice: a line that speaks of the profile's ``consent`` words
    and ends, past its sentences, with the notice's buttons only (``consent_buttons``):
    «Мы используем файлы cookie, чтобы сайт работал лучше. Хорошо», "This site uses
    cookies. … Accept More info". A sentence of the text about cookies has no buttons after it.

    >>> consent_notices("This site uses cookies. Accept More info", "en")
    True
    >>> consent_notices("The tin of cookies stands on the shelf.", "en")
    False
    """
    word, tail = consent_pattern(lang)
    return word.search(line) is not None and tail.search(line.strip()) is not None


@lru_cache(maxsize=8)
def progress_patterns(lang: str) -> tuple[re.Pattern, re.Pattern]:
    """A reader's progress counter as a line of its own, and one glued inside a sentence
    (after a word, before a lower-case word or the line's end): the profile's ``progress``
    label, a colon, a percentage."""
    label = _alternation(_phrases(lang, "progress"))
    whole = re.compile(r"^\s*" + label + r"\s*:\s*\d{1,3}(?:[.,]\d+)?\s*%\s*$", re.I)
    glued = re.compile(r"(?<=[^\W\d_,;:])\s+(?=[^\W\d_])" + label + r"\s*:\s*\d{1,3}(?:[.,]\d+)?\s*%(?=\s+[^\W\d_]|\s*$)", re.I)
    return whole, glued


def reading_progress(line: str, lang: str) -> bool:
    """A reader's progress counter alone on its line: "Read: 33%", «Прочитано: 99%».

    >>> reading_progress("Read: 33%", "en"), reading_progress("Прочитано: 33% книги учёта сверяет ревизор.", "ru")
    (True, False)
    """
    return progress_patterns(lang)[0].match(line) is not None


def glued_progress(line: str, lang: str | None = None) -> str:
    """A progress counter a page break glued inside a sentence taken out, the sentence
    rejoined: "kept in the chest Read: 66% until the first" → "kept in the chest until the
    first". The counter's label starts with a capital after a word that ends no sentence.

    >>> glued_progress("kept in the chest Read: 66% until the first", "en")
    'kept in the chest until the first'
    """
    if not lang or "%" not in line:
        return line
    return progress_patterns(lang)[1].sub(lambda m: "" if m.group().lstrip()[:1].isupper() else m.group(), line)


@lru_cache(maxsize=8)
def rating_pattern(lang: str) -> re.Pattern:
    """A rating row: the profile's ``rating`` label, a score, ``of`` (or /) a maximum, the
    votes in brackets (``votes``)."""
    label = _alternation(_phrases(lang, "rating"))
    of = _alternation(tuple(of_words(lang)) + ("/",)) if of_words(lang) else "/"
    votes = _alternation(_phrases(lang, "votes"))
    number = r"\d+(?:[.,]\d+)?"
    return re.compile(r"^\s*" + label + r"\s*:?\s*" + number + r"\s*" + of + r"\s*" + number
                      + r"(?:\s*[(,]?\s*\d+\s+" + votes + r"\s*\)?)?\s*\.?\s*$", re.I)


def rating_rows(line: str, lang: str) -> bool:
    """A page's rating row: «Рейтинг: 4.5 из 5 (12 голосов)», "Rating: 4/5 (12 votes)".

    >>> rating_rows("Rating: 4/5 (12 votes)", "en"), rating_rows("Оценка 4 из 5 ставится судьёй.", "ru")
    (True, False)
    """
    return rating_pattern(lang).match(line) is not None


SENTENCES = re.compile(r"(?<=[.!?])\s+")


def error_prompts(line: str, lang: str) -> bool:
    """A page's prompt to report an error, every sentence of the line one of the profile's
    ``error_prompts``: «Нашли ошибку? Выделите текст и нажмите Ctrl+Enter.»

    >>> error_prompts("Found a typo? Select the text and press Ctrl+Enter.", "en")
    True
    >>> error_prompts("Found a typo? The secretary corrects it in ink.", "en")
    False
    """
    prompts = set(_phrases(lang, "error_prompts"))
    if not prompts:
        return False
    parts = [" ".join(p.lower().split()).rstrip(".") for p in SENTENCES.split(line.strip()) if p]
    return bool(parts) and all(p in prompts or p + "." in prompts for p in parts)


def consent_edges(lines: list[str], lang: str, shared: frozenset[str] = frozenset()) -> set[int]:
    """Lines (0-based) of a consent notice whose buttons the page reader already left out:
    a line speaking of the profile's ``consent`` words, among the file's first or last
    ``EDGE_LINES`` lines of text, standing the same in other files of the corpus
    (``shared``): «Мы используем файлы cookie, чтобы сайт работал лучше.» at the foot of
    every page. The text's own sentence about cookies stands in one file, in its body.

    >>> sorted(consent_edges(["We use cookies to help.", "LAW 1", "Text."], "en", frozenset({"We use cookies to help."})))
    [0]
    """
    word = consent_pattern(lang)[0]
    text = [n for n, line in enumerate(lines) if line.strip()]
    edges = set(text[:EDGE_LINES]) | set(text[-EDGE_LINES:])
    return {n for n in edges if word.search(lines[n]) and _key(lines[n]) in shared}


DATE_TIME = re.compile(r"\d{1,2}:\d{2}|\b(?:1[89]|20)\d\d\b")
COMMENT_NAME_WORDS = 4  # a commenter's name: a word or a few
COMMENT_DATE_WORDS = 8  # a comment's date line is short


@lru_cache(maxsize=8)
def comment_patterns(lang: str) -> tuple[re.Pattern, re.Pattern]:
    """A commenter's line («Иван пишет:», "Anna says:") and a comments block's heading
    alone on a line, with its count («Комментарии (3)», "2 comments") or a phrase of two
    words or more ("Leave a reply")."""
    says = _alternation(_phrases(lang, "comment_says"))
    author = re.compile(r"^\s*\S+(?:\s+\S+){0,%d}\s+%s\s*:\s*$" % (COMMENT_NAME_WORDS - 1, says), re.I)
    headings = _phrases(lang, "comment_headings")
    counted = _alternation(headings)
    phrases = _alternation(tuple(h for h in headings if " " in h))
    head = re.compile(r"^\s*(?:\d+\s+%s|%s\s*\(\d+\)|%s)\s*:?\s*$" % (counted, counted, phrases), re.I)
    return author, head


def comment_blocks(lines: list[str], lang: str, heading: Callable[[str], bool]) -> set[int]:
    """Lines (0-based) of readers' comments after the law text: from a comments heading
    («Комментарии (1)», "Leave a reply") or a commenter's line over a date and time («Пётр
    пишет:» / «14 марта 2021 в 22:12») to the next heading of the text or the file's end;
    a comments heading standing alone after the text too. Only after a heading of the text
    (a page's comments follow its text), and a block only where a commenter's line over a
    date stands in it: a book's «Комментарии» part has none.

    >>> sorted(comment_blocks(["Правило 1. Стол", "Стол стоит.", "Комментарии (1)", "Иван пишет:",
    ...     "12 марта 2021 в 22:10", "Хороший стол.", "Ответить"], "ru", lambda s: s.startswith("Правило")))
    [2, 3, 4, 5, 6]
    """
    author, head = comment_patterns(lang)
    text = [n for n, line in enumerate(lines) if line.strip()]
    first = next((n for n in text if heading(lines[n].strip())), None)
    if first is None:
        return set()
    out: set[int] = set()
    k = 0
    while k < len(text):
        n = text[k]
        if n <= first or not author.match(lines[n]):
            k += 1
            continue
        date = lines[text[k + 1]].strip() if k + 1 < len(text) else ""
        if not DATE_TIME.search(date) or len(date.split()) > COMMENT_DATE_WORDS:
            k += 1
            continue
        start = k
        while start - 1 >= 0 and text[start - 1] > first and head.match(lines[text[start - 1]]):
            start -= 1
        end = k + 2
        while end < len(text) and not heading(lines[text[end]].strip()):
            end += 1
        out.update(text[start:end])
        k = end
    out.update(n for n in text if n > first and head.match(lines[n]) and not heading(lines[n].strip()))
    return out


# the order matters only for the name a line is counted under
LINE_RULES: list[Callable[[str, str], bool]] = [
    page_directives, lone_urls, lone_file_names, page_of_n, pager_rows, link_rows, action_rows, status_rows,
    meta_rows, listing_rows, breadcrumb_rows, alphabet_rows, running_heads, lone_page_numbers,
    consent_notices, reading_progress, rating_rows, error_prompts,
]
# rules a line of prose may meet too (a notice, a prompt in full sentences): tried past the cheap look
WIDGET_RULES = {consent_notices, error_prompts}


# -- damage rules: a line -> the line repaired ------------------------------------------------


def paragraph_marks(line: str) -> str:
    """A paragraph mark of a word processor or a web page's permalink: ``¶``, DC4
    (``\\x14``, or written ``(DC4)``) is no text.

    ``"Scoring by Hand¶"`` → ``"Scoring by Hand"``
    """
    return PARAGRAPH_MARKS.sub(" ", line).strip() if PARAGRAPH_MARKS.search(line) else line


DASHES = "-–—"


def _join_spaced(group: str) -> str:
    """One letter-spaced group joined: its characters one space apart make a word; a dash
    between a number and a word is the heading's spaced dash (``7 1 - T H E`` →
    ``71 - THE``), between two letters a hyphen (``и з - з а`` → ``из-за``)."""
    tokens = group.split(" ")
    out = ""
    for i, t in enumerate(tokens):
        if t in DASHES and 0 < i < len(tokens) - 1 and (tokens[i - 1][-1:].isdigit() or tokens[i + 1][:1].isdigit()):
            out += f" {t} "
        else:
            out += t
    return out


def _spaced(group: str) -> bool:
    """Whether a group is letter-spaced: single characters one space apart (the last may
    carry its punctuation, ``2 0.``)."""
    return bool(LETTER_SPACED.match(group) or re.fullmatch(r"(?:\S ){1,}\S[.,:;!?)]", group))


def _letters(text: str) -> int:
    return sum(c.isalpha() for c in text)


# three or more single letters one space apart inside a line of ordinary spacing, with the
# heading's number spaced after them (``П р а в и л о 8 8.`` where a page's spacing collapsed)
SPACED_RUN = re.compile(r"(?<!\S)([^\W\d_](?: [^\W\d_]){2,})(?: (\d(?: \d)+)(?=[.,:;)]?(?!\S))|(?!\S))")


def letter_spaced_words(line: str, lang: str | None = None) -> str:
    """Letter-spaced words joined: single characters one space apart make a word, two
    spaces part the words; a number or a word printed plainly may stand among them
    (``П р а в и л о  20.  П Е Р Е С Т А Н О В К А``). In a line of ordinary spacing a
    run of letters one space apart is one word (``Правило 20. П Е Р Е С Т А Н О В К А``,
    ``A. S c o p e``) when it is long or the dictionary of the text's language (``lang``)
    knows the word: single-letter words in a row (``а и в``) stay.

    ``"П Р А В И Л О  8 1 .  С У Д Ь Я"`` → ``"ПРАВИЛО 81. СУДЬЯ"``;
    ``"L A W  7 1 - T H E  C L A I M"`` → ``"LAW 71 - THE CLAIM"``
    """
    if not SPACED_START.search(line) or alphabet_rows(line, ""):
        return line  # no letter spacing, or "А Б В Г Д": an alphabet row, not a word
    groups = re.split(r"\s{2,}", line.strip())
    if len(groups) > 1:
        spaced = [_spaced(g) for g in groups]
        if (all(sp or len(g.split()) == 1 for sp, g in zip(spaced, groups))
                and any(sp and _letters(g) >= 3 for sp, g in zip(spaced, groups))):
            out = " ".join(_join_spaced(g) if sp else g for sp, g in zip(spaced, groups))
            return re.sub(r"\s+([.,:;!?)])", r"\1", out)
        if not any(_spaced(g) for g in groups):
            return line
    indent = line[: len(line) - len(line.lstrip())]
    body = line.strip()
    joined = SPACED_RUN.sub(lambda m: _join_run(m, languages_of(lang)), body)
    return line if joined == body else indent + joined


def _join_run(m: re.Match, languages: tuple[str, ...] | None = None) -> str:
    """A run of single letters in a line of ordinary spacing, joined when it is a word:
    five letters or more, a word the dictionary of the text's language knows (``С Ч Ё Т``)
    or, in a script no lemmatizer of its languages covers, a word in capitals (``L A W``)."""
    word = m.group(1).replace(" ", "")
    if all(ord(b.upper()) == ord(a.upper()) + 1 for a, b in zip(word, word[1:])):
        return m.group()  # labels in a row («разделы A B C»), not a word
    lemmatizer = lemmatizer_for(word, languages) if len(word) < 5 else None
    if len(word) >= 5 or (lemmatizer.is_known(word) if lemmatizer else word.isupper()):
        # the spaced digits after a spaced word are its number (``L A W 1 2`` → ``LAW 12``)
        return word + (" " + m.group(2).replace(" ", "") if m.group(2) else "")
    return m.group()


def local_mojibake(line: str, lang: str | None = None) -> str:
    """Mojibake of one character class in an otherwise right reading: a run of ``њ``
    where a box-drawing line was (it becomes the ``????`` run the cleaning rules know),
    ``„`` between letters standing for ``ё`` -- after a letter of the script of the
    lemmatizer of the text's language (``lang``); a language without one keeps its ``„``.

    ``"Сч„т"`` → ``"Счёт"``; ``"Порядок њњњњ выдачи"`` → ``"Порядок ???? выдачи"``
    """
    if "њ" in line:
        line = MOJIBAKE_RUN.sub(lambda m: re.sub(r"њ", "?", m.group()) if len(m.group().strip()) > 1 else "??", line)
    if "„" in line:
        languages = languages_of(lang)
        line = MOJIBAKE_YO_START.sub(lambda m: _yo_at_word_start(m, languages), line)
        line = MOJIBAKE_YO.sub(lambda m: m.group() if not lemmatizer_for(line[m.start() - 1], languages) else "Ё" if line[
            m.start() - 1].isupper() and (m.end() >= len(line) or not line[m.end()].islower()) else "ё", line)
    return line


def _yo_at_word_start(m: re.Match, languages: tuple[str, ...] | None = None) -> str:
    """``„`` opening a word stands for ``ё`` when the dictionary knows the word so and not
    without it (``„лка`` → ``ёлка``); a real opening quote («„Слово“») is left: the word
    after it is known as it stands."""
    word = m.group(1)
    lemmatizer = lemmatizer_for(word, languages)
    if not lemmatizer or lemmatizer.is_known(word) or not lemmatizer.is_known("ё" + word.lower()):
        return m.group()
    if word.isupper() and len(word) > 1:
        return "Ё" + word  # a word in capitals: «„ЛКА» → «ЁЛКА»
    if word[:1].isupper():
        return "Ё" + word.lower()  # the capital was the ё's: «„Лка» → «Ёлка»
    return "ё" + word


def layout_case(line: str, heading: Callable[[str], bool]) -> str:
    """A letter-spaced heading is set in capitals (``ПРАВИЛО 81. СУДЬЯ В ЗАЛЕ``); its
    first word takes the case the layout writes it in when only so the layout reads it
    as a heading (``Правило 81. СУДЬЯ В ЗАЛЕ``); the title keeps its capitals."""
    first, _, rest = line.partition(" ")
    if not first.isupper() or heading(line) or heading(line + ". X"):
        return line
    recased = " ".join(p for p in (first.capitalize(), rest) if p)
    return recased if heading(recased) or heading(recased + ". X") else line


def _spaced_heading_pairs(lines: list[str], spaced: set[int], heading: Callable[[str], bool]):
    """(label line, title line) pairs of a letter-spaced heading printed on two lines
    (``Глава VI`` / ``РОЗЫГРЫШ И ВЗЯТКИ``): the label alone is no heading, with the title it is."""
    for n in sorted(spaced):
        m = next((k for k in range(n + 1, min(n + 3, len(lines))) if lines[k].strip()), None)
        if m in spaced and not heading(lines[n]) and heading(f"{lines[n]}. {lines[m]}"):
            yield n, m


def split_headings(lines: list[str], heading: Callable[[str], bool],
                   bare: Callable[[str], bool] = lambda s: False) -> list[tuple[int, int]]:
    """(label line, title line) pairs (0-based) of a heading printed on two lines -- an
    FB2 title of two paragraphs, a typed label over its title (``Правило 7`` / ``НАЧАЛО
    ИГРЫ``): the label alone is no heading (or a heading with no title, ``bare``: ``Правило
    7.``), the title line is no sentence and no heading of its own, and with the two
    together the layout reads a heading.

    >>> from lawsearch.clean import _read_by_layout, default_layout
    >>> split_headings(["Правило 7", "НАЧАЛО ИГРЫ", "Текст правила."], lambda s: _read_by_layout(s, "ru"),
    ...                default_layout("ru").bare_heading)
    [(0, 1)]
    >>> split_headings(["Правило 7.", "НАЧАЛО ИГРЫ", "Текст правила."], lambda s: _read_by_layout(s, "ru"),
    ...                default_layout("ru").bare_heading)
    [(0, 1)]
    >>> split_headings(["Правило 7.", "НАЧАЛО ИГРЫ", "Текст правила."], lambda s: _read_by_layout(s, "ru"))
    []
    """
    out = []
    taken: set[int] = set()
    for n, line in enumerate(lines):
        s = _norm(line)
        if not s or n in taken or len(s.split()) > 4:
            continue
        if bare(s):
            s = s.rstrip(" .:-–—")
        elif s[-1] in ".,;:!?" or heading(s):
            continue
        m = next((k for k in range(n + 1, min(n + 3, len(lines))) if lines[k].strip()), None)
        if m is None:
            continue
        title = _norm(lines[m])
        if len(title.split()) > 12 or SENTENCE_END.search(title) or heading(title):
            continue
        if heading(f"{s}. {title}"):
            out.append((n, m))
            taken.add(m)
    return out


DAMAGE_RULES: list[Callable[[str, str | None], str]] = [local_mojibake, letter_spaced_words]  # (line, lang)


# -- whole-file rules ---------------------------------------------------------------------------


def _key(line: str) -> str:
    """A line as a repeated header compares: spaces one, a page number at either end any
    (``56 ЗАКОНЫ БРИДЖА``, ``Законы бриджа · с. 113``); a number inside stays, so
    ``Текст пункта 5`` and ``Текст пункта 6`` are two lines.

    >>> _key("Законы бриджа · с. 113") == _key("Законы бриджа · с. 112"), _key("пункт 5 текст") == _key("пункт 6 текст")
    (True, False)
    """
    return PAGE_NUMBER_AT_ENDS.sub("#", _norm(line))


EDGE_LINES = 5  # a saved page's header or footer stands among its first or last lines


DIGITS = re.compile(r"\d+")


def _context_key(line: str) -> str:
    """A neighbouring line as a shared line's context compares: its numbers aside, so two
    overlapping pages of one site (``Правило 5`` on one, ``Правило 15`` on the other, the
    same text around) give their common lines one context."""
    return DIGITS.sub("#", _key(line))


def shared_lines(texts: dict[str, list[str]], heading: Callable[[str], bool],
                 families: dict[str, str] | None = None, pages: frozenset[str] = frozenset()) -> frozenset[str]:
    """Lines (as ``_key`` compares them) that stand near the top or the bottom of half the
    files or more (two at least) of one family (``families``: a source's id → its family,
    the pages saved from one site share folder, format, language and kind), and either stand
    next to other text each time or -- in saved web pages (``pages``: their ids) -- are the
    outermost line of every page that has them: the header or footer of a site whose pages
    a user saved one file each. Two files of a book may well open with the same heading, so
    the outermost rule is the web pages' only. Two copies of the same text
    share their lines too, but in the same context (numbers aside), so those are not
    furniture; a line only some files of a family share is more likely the book's own text
    than a site's; and pages of another format or language, in the same folder, are another
    site's and do not dilute the count.

    >>> sorted(shared_lines({"a": ["Библиотека «Заводь»", "Текст а."], "b": ["Библиотека «Заводь»", "Текст б."]},
    ...                     lambda s: False))
    ['Библиотека «Заводь»']
    """
    families = families or {}
    groups: dict[str, list[str]] = {}
    for name in texts:
        groups.setdefault(families.get(name, ""), []).append(name)
    found: set[str] = set()
    for names in groups.values():
        found |= _shared_in([texts[n] for n in names], outermost=all(n in pages for n in names))
    return frozenset(found)


def _shared_in(texts: list[list[str]], outermost: bool = False) -> set[str]:
    """``shared_lines`` within one family of files (``outermost``: they are web pages)."""
    contexts: dict[str, set[tuple[str, str]]] = {}
    files: Counter = Counter()
    inner: set[str] = set()  # lines standing inside some file, not as its first or last line
    for lines in texts:
        keys = [_key(line) for line in lines if line.strip()]
        edge = set(range(min(EDGE_LINES, len(keys)))) | set(range(max(0, len(keys) - EDGE_LINES), len(keys)))
        here = set()
        for n in sorted(edge):
            key = keys[n]
            if len(key.split()) > 12:
                continue
            around = (_context_key(keys[n - 1]) if n else "", _context_key(keys[n + 1]) if n + 1 < len(keys) else "")
            contexts.setdefault(key, set()).add(around)
            here.add(key)
            if 0 < n < len(keys) - 1:
                inner.add(key)
        files.update(here)
    # a site's header is on (nearly) every page saved from it: half the files at least
    enough = max(2, (len(texts) + 1) // 2)
    found = {key for key, n in files.items()
             if n >= enough and (len(contexts[key]) >= 2 or outermost and key not in inner)}
    if outermost and len(texts) >= 2 or len(texts) >= EDGE_FILES:
        found |= _edge_runs(texts)
    return found


# files of a family of text files (not saved pages) whose common first (or last) lines are the
# site's: a book's two files may open alike, three pages saved as text each under the site's name
# are a site's (cold read 14 of issue 12, finding 2)
EDGE_FILES = 3


EDGE_RUN = 3  # a site's header or footer: a few lines; more lines alike in every page is shared text


def _edge_runs(texts: list[list[str]]) -> set[str]:
    """In saved web pages: the lines every page has alike from its top (or its bottom) down
    to a line that differs, when those are a few (``EDGE_RUN``, numbered lines -- a pager,
    a page counter -- aside) -- a tagline one line under
    the site's name, a row of links above the footer. Pages that overlap share a longer
    run of text: none of it counts. repeated_lines still keeps a heading or a sentence."""
    keyed = [[_key(line) for line in lines if line.strip()] for lines in texts]
    found: set[str] = set()
    for step in (1, -1):
        run = []
        for k in range(min(len(keys) for keys in keyed)):
            at = k if step == 1 else -1 - k
            here = {keys[at] for keys in keyed}
            if len(here) != 1:
                break
            run.append(keyed[0][at])
        # a pager or a page counter («Страница #», numbers aside) in the run is furniture of its own: not counted
        worded = [key for key in run if "#" not in key]
        if run and len(worded) <= EDGE_RUN and len(run) < min(len(keys) for keys in keyed):
            found.update(key for key in run if len(key.split()) <= 12)
    return found


# a page's number as its footer or head prints it: ``- 34``, ``— 34 —``, ``34``
PAGE_NUMBER_LINE = re.compile(r"^\s*[-–—]?\s*\d{1,4}\s*[-–—]?\s*$")


def _neighbour(raw: list[str], n: int, step: int) -> str:
    """The nearest non-empty line before (``step`` -1) or after (+1) line ``n``, or ""."""
    k = n + step
    while 0 <= k < len(raw) and not raw[k].strip():
        k += step
    return raw[k] if 0 <= k < len(raw) else ""


FOOT_COPIES = 3  # a sentence over a page's number on this many pages is the running foot, not text


def _over_page_numbers(raw: list[str], ns: list[int]) -> bool:
    """Whether every one of the lines ``ns``, on ``FOOT_COPIES`` pages or more, is printed
    right above a page's number: a running foot (``Кодекс клуба. Издание 2003 г.`` over
    each page's number). Two pages ending with the same sentence may be the text's own."""
    return len(ns) >= FOOT_COPIES and all(PAGE_NUMBER_LINE.match(_neighbour(raw, n, 1)) for n in ns)


def _under_page_numbers(raw: list[str], ns: list[int]) -> bool:
    """Whether every one of the lines ``ns`` is printed under a page's number (the nearest
    non-empty line before it is one): a printer's imprint below each page's footer. A
    sentence ending a page *above* its number is the page's last line of text (its
    heading's whole text, maybe), so it is never taken for an imprint."""
    return len(ns) >= 2 and all(PAGE_NUMBER_LINE.match(_neighbour(raw, n, -1)) for n in ns)


def repeated_lines(lines: list[str], lang: str, heading: Callable[[str], bool],
                   shared: frozenset[str] = frozenset(), raw: list[str] | None = None) -> set[int]:
    """Lines (0-based) that repeat a header or footer of the file: the same short line, its
    numbers aside, at two or more places apart -- a site header printed on every page, a
    book title in a running foot. A heading never counts (a law may well be cited in a
    title again), nor a line that reads as part of a sentence (lower-case start). A line
    that ends like a sentence counts only when every copy stands right under a page number
    (``raw``: the lines before furniture was emptied): a printer's imprint under each
    page's footer -- or right above it on three pages or more, a running foot; the same
    sentence ending two pages above their numbers is text.

    >>> sorted(repeated_lines(["Текст.", "- 3", "Отпечатано там-то, 1991.", "Ещё текст.", "- 4",
    ...                        "Отпечатано там-то, 1991.", "Конец."], "ru", lambda s: False))  # footers too
    [1, 2, 4, 5]
    """
    raw = lines if raw is None else raw
    keys = [_key(line) if line.strip() else "" for line in lines]
    where: dict[str, list[int]] = {}
    for n, key in enumerate(keys):
        if key:
            where.setdefault(key, []).append(n)
    counts = Counter(k for k in keys if k)
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    for n, key in enumerate(keys):
        first.setdefault(key, n)
        last[key] = n
    out = set()
    for n, key in enumerate(keys):
        if not key or (counts[key] < 2 and key not in shared):
            continue
        s = _norm(lines[n])
        if s[0].islower() or heading(s):
            continue
        # a header is a name, not a sentence: a line ending one is the text's own, unless
        # it stands by the page number on every page (an imprint in the foot)
        if (len(s.split()) > 12 or SENTENCE_END.search(s)) and not (
                len(s.split()) <= 24 and (_under_page_numbers(raw, where[key]) or _over_page_numbers(raw, where[key]))):
            continue
        # the copies stand apart (adjacent copies are the overstrike of bold print)
        if key in shared or last[key] - first[key] > 1:
            out.add(n)
    return out


BARE_PAGE_NUMBER = re.compile(r"^\s*\d{1,4}\s*$")


def running_law_heads(lines: list[str], raw: list[str], heading: Callable[[str], bool], lang: str = "") -> set[int]:
    """Lines (0-based) that print again a heading read before, standing by a page's bare
    number or its counter in the language's words (``Страница 7``, ``Page 3 of 9``: the
    nearest non-empty line above or below it is one, ``raw``: the lines before furniture
    was emptied): a running head repeating the current law's heading at the top
    of each of its pages, as a PDF prints it. The first copy is the law's own heading and
    stays. By the book's own footer (``- 76``) a heading again is a page's start: the
    pages stage reads it (a page cut twice, an overlap), not furniture.

    >>> sorted(running_law_heads(["Правило 4. ЧАЙ", "A. Вода", "Кипятят воду.", "7", "Правило 4. ЧАЙ", "Пьют."],
    ...                          ["Правило 4. ЧАЙ", "A. Вода", "Кипятят воду.", "7", "Правило 4. ЧАЙ", "Пьют."],
    ...                          lambda s: s.startswith("Правило")))
    [4]
    """
    seen: set[str] = set()
    out = set()
    for n, line in enumerate(lines):
        s = _norm(line)
        if not s or BARE_PAGE_NUMBER.match(s) or not heading(s):
            continue
        if s in seen and any(BARE_PAGE_NUMBER.match(near := _neighbour(raw, n, step))
                             or lang and page_of_n(near, lang) for step in (-1, 1)):
            out.add(n)
        seen.add(s)
    return out


# a copyright notice: the sign, then a year or a name; (c) only with a year, since "(c)" also
# labels a sub-clause, which may well be a file's last line
COPYRIGHT = re.compile(r"^\s*(?:©\s*\w|\([cC]\)\s*(?:1[89]|20)\d\d\b)")


def copyright_tail(lines: list[str]) -> set[int]:
    """Lines (0-based) among the last ``EDGE_LINES`` non-empty lines of a file that open
    with a copyright sign: a saved web page's footer, once per file. No law text opens a
    line with ©; elsewhere in a file (a title page's ``© перевод``) the line stays.

    >>> sorted(copyright_tail(["Текст правила.", "© 2001 Клуб. Все права защищены.", ""]))
    [1]
    >>> sorted(copyright_tail(["(b) a pass", "(c) a double is made aloud", "(c) 2009 Club"]))
    [2]
    """
    filled = [n for n, t in enumerate(lines) if t.strip()]
    return {n for n in filled[-EDGE_LINES:] if COPYRIGHT.match(lines[n])}


def overstrike_duplicates(lines: list[str]) -> set[int]:
    """Lines (0-based) that print again, on their own line, the line before or its end:
    bold type imitated by overstriking (``ТОЛЬКО`` / ``ТОЛЬКО``, a heading twice).

    >>> sorted(overstrike_duplicates(["и поднимается им ТОЛЬКО", "     ТОЛЬКО", "с разрешения"]))
    [1]
    """
    out = set()
    previous = None
    for n, line in enumerate(lines):
        s = _norm(line)
        if not s:
            continue
        if previous is not None and previous not in out and re.search(r"\w", s):
            before = _norm(lines[previous])
            after = next((_norm(t) for t in lines[n + 1:] if t.strip()), "")
            if (s == before or _prose(before) and (before.endswith(" " + s) or _phrase_again(before, s, after))
                    or _title_again(before, s) and not after.startswith(s)  # that one: overstrike_starts
                    or _struck_over(lines[previous], line)):
                out.add(n)
        previous = n
    return out


HEADING_LABEL = re.compile(r"^(?:\S+\s+)?[\w.]{1,8}[.):\-–—]$")  # «A.», «1)», «Правило 88.», "LAW 88 -"


def _title_again(before: str, s: str) -> bool:
    """Whether ``s`` is the title of the heading ``before`` printed again without its label
    (``A. Караси`` / ``Караси``, ``Правило 88. ПРУД`` / ``ПРУД``): overstrike's second pass of
    the title alone (cold read 14 of issue 12, finding 6). A title of a few words, no stop."""
    if not before.endswith(" " + s) or len(s.split()) > 4 or SENTENCE_END.search(s):
        return False
    return bool(HEADING_LABEL.match(before[: -len(s)].strip()))


def _bare_line(s: str, heading: Callable[[str], bool]) -> bool:
    """A short line of words with no sentence's end, not a heading of the text: a phrase
    of ``STRUCK_PHRASE`` words at most."""
    return (0 < len(s.split()) <= STRUCK_PHRASE and re.search(r"[^\W\d_]{2,}", s) is not None
            and not SENTENCE_END.search(s) and not heading(s))


def overstrike_starts(lines: list[str], heading: Callable[[str], bool]) -> set[int]:
    """Lines (0-based) of a few words that the next line starts with again: a word or two
    in bold, overstruck, the copy left on a line of its own not in the column of its words
    («Калоши» / «Калоши ставятся парами…», "Beeswax candles" / "Beeswax candles are lit
    …"). Never a heading of the text, and none at all where the file sets its headings as
    bare short lines -- another short line of words, not repeated, over a line of prose
    («Зонты» / «Мокрые зонты сушат…»): there «Калоши» over «Калоши ставятся…» is a heading too.

    >>> sorted(overstrike_starts(["B. Калоши", "Калоши", "Калоши ставятся парами на полку."], lambda s: s.startswith("B.")))
    [1]
    >>> sorted(overstrike_starts(["Зонты", "Мокрые зонты сушат в углу.", "Калоши", "Калоши ставятся парами на полку."],
    ...                          lambda s: False))
    []
    """
    text = [n for n, line in enumerate(lines) if line.strip()]
    found, bare = set(), 0
    for k, n in enumerate(text):
        s = _norm(lines[n])
        if k + 1 >= len(text) or not _bare_line(s, heading):
            continue
        after = _norm(lines[text[k + 1]])
        if after.startswith(s + " ") and len(after.split()) > len(s.split()):
            found.add(n)
        elif s[:1].isupper() and after[:1].isupper() and _prose(after) and not heading(after):
            before = _norm(lines[text[k - 1]]) if k else ""
            if not before or heading(before) or SENTENCE_END.search(before):
                bare += 1  # the layout's headings are bare short lines
    return set() if bare else found


PROSE_WORDS = 4  # a line of prose has this many words of letters; a row of bids («1♣ пас 1♥ пас») has not
STRUCK_PHRASE = 4  # words: an overstruck phrase is short


def _prose(line: str) -> bool:
    """Whether a line is prose: ``PROSE_WORDS`` words of letters or more. A word printed
    again after a row of bids or numbers («1♣ пас 1♥ пас» / «пас») is the next of them."""
    return sum(w.strip(".,;:!?«»()\"'").isalpha() for w in line.split()) >= PROSE_WORDS


def _phrase_again(before: str, s: str, after: str) -> bool:
    """Whether ``s`` prints again a phrase from inside the sentence ``before`` closes (a
    full stop or a comma at its end, so ``s`` cannot go on with it) -- a word of three
    letters or more, a few words at most -- and the line ``after`` it does not go on with
    ``s`` (a new paragraph, or a capital): «…лампа с зелёным абажуром, которую … сессии.» /
    «зелёным абажуром» / «¶ Перегоревшую…».

    >>> _phrase_again("Лампа с зелёным абажуром висит над столом.", "зелёным абажуром", "¶ Лампу меняют.")
    True
    >>> _phrase_again("Карта лежит на столе.", "Карта", "остаётся открытой.")
    False
    """
    if len(s.split()) > STRUCK_PHRASE or not re.search(r"[^\W\d_]{3,}", s) or not SENTENCE_END.search(before):
        return False
    if after[:1].islower():
        return False
    return re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", before) is not None


def _struck_over(before: str, line: str) -> bool:
    """Whether an indented ``line`` prints again the words standing right above it in
    ``before`` (its indent is their column, give or take two): ``"1. IMPORTANT: a player"``
    / ``"   IMPORTANT:"``."""
    indent = len(line) - len(line.lstrip())
    s = line.strip()
    if indent < 2:
        return False
    for m in re.finditer(re.escape(s), before):
        edge_left = m.start() == 0 or not before[m.start() - 1].isalnum()
        edge_right = m.end() == len(before) or not before[m.end()].isalnum()
        if edge_left and edge_right and abs(m.start() - indent) <= 2:
            return True
    return False


# a typed footnote rule: a line of dashes or underscores alone (``--------``, ``_____``)
NOTE_RULE = re.compile(r"^\s*(?:-{5,}|_{5,}|[\u2500-\u2501]{5,})\s*$")
# a typed note's body after the rule: its number (or stars), then its text
TYPED_NOTE = re.compile(r"^\s*(?P<mark>\d{1,2}|\*{1,3})[.)]?\s+(?P<text>\S.*)$")
NOTE_LOOKBACK = 60  # lines above a note's rule its marker may stand in (one typed page)


def typed_footnotes(lines: list[str]) -> list[tuple[int, str]]:
    """A typed copy's footnotes: a rule line of dashes, then notes opening with a number
    (``1 Сноска: …``), each number glued to a word of the text above (``карты1``) -- the
    book's footnote form written by hand. Returns (0-based line, new text) for the
    marker's line, the rule (emptied) and each note (``(*) - text``), so the tree attaches
    the notes where their markers stand. A rule with no note under it, or a note whose
    number no word above carries, is left as it is.

    >>> typed_footnotes(["Взятки после последней карты1 и далее.", "--------", "1 Сноска о карте."])
    [(0, 'Взятки после последней карты(*) и далее.'), (1, ''), (2, '(*) - Сноска о карте.')]
    """
    from .patterns import NOTE_MARKER, note_body

    out: list[tuple[int, str]] = []
    changed: dict[int, str] = {}
    for n, line in enumerate(lines):
        if not NOTE_RULE.match(line):
            continue
        notes = []
        k = n + 1
        while k < len(lines) and (not lines[k].strip() or TYPED_NOTE.match(lines[k])) and len(notes) < 9:
            m = TYPED_NOTE.match(lines[k])
            if m:
                notes.append((k, m))
            k += 1
        if not notes:
            continue
        found = []
        for k, m in notes:
            mark = m["mark"]
            glued = re.compile(r"(?<=[^\W\d_])" + re.escape(mark) + r"(?!\d)")
            at = next(((j, g) for j in range(n - 1, max(-1, n - 1 - NOTE_LOOKBACK), -1)
                       for g in [glued.search(changed.get(j, lines[j]))] if g), None)
            if at is None:
                break
            found.append((k, m, at))
        if len(found) != len(notes):
            continue
        for k, m, (j, g) in found:
            text = changed.get(j, lines[j])
            changed[j] = text[:g.start()] + NOTE_MARKER + text[g.end():]
            changed[k] = note_body(m["text"])
        changed[n] = ""
    out = sorted(changed.items())
    return out


# a note's body by a page's number: its sign (a superscript number, stars, a dagger), then its text
SIGNED_NOTE = re.compile(r"^\s*(?P<mark>[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}|\*{1,3}(?=\s)|†{1,2})\s*(?P<text>[^\W\d_].*)$")
SIGNED_NOTES = 9  # notes of one page at most
FOOTER_LINE = re.compile(r"^-\s*\d{1,4}\s*-?$")  # the book's «- 21»


def _page_number(line: str, lang: str) -> bool:
    s = line.strip()
    m = FOOTER_LINE.match(s)
    return bool(m) or page_of_n(s, lang) or lone_page_numbers(s, lang)


def signed_footnotes(lines: list[str], raw: list[str], lang: str) -> list[tuple[int, str]]:
    """Notes printed by a page's number with a sign -- ``¹ Текст``, ``* Text`` -- each
    sign glued to a word of that page above (``коробку¹``, ``token*``): written in the
    book's footnote form (the marker ``(*)`` in place, the body ``(*) - text``), so the tree
    attaches each note where its marker stands (a body after the page's number belongs to
    the page above it). A sign no word above carries is left as it is.

    >>> signed_footnotes(["Карты в коробку¹ кладут.", "- 21", "¹ Коробка деревянная."], ["", "- 21", ""], "ru")
    [(0, 'Карты в коробку(*) кладут.'), (2, '(*) - Коробка деревянная.')]
    """
    from .patterns import NOTE_MARKER, note_body

    changed: dict[int, str] = {}
    for n, line in enumerate(raw):
        if not _page_number(line, lang):
            continue
        notes = []
        for step in (1, -1):  # after the page's number, then before it (the page's foot)
            k = n + step
            while 0 <= k < len(lines) and k not in changed and len(notes) < SIGNED_NOTES and \
                    (not lines[k].strip() or SIGNED_NOTE.match(lines[k])):
                if (m := SIGNED_NOTE.match(lines[k])):
                    notes.append((k, m))
                k += step
        for k, m in notes:
            mark = m["mark"]
            glued = re.compile(r"(?<=[^\W\d_])" + re.escape(mark) + r"(?![\w*¹²³⁴⁵⁶⁷⁸⁹⁰])")
            at = None
            for j in range(min(k, n) - 1, max(-1, min(k, n) - 1 - NOTE_LOOKBACK), -1):
                if _page_number(raw[j], lang):
                    break  # the page before: its words are not this page's
                if j not in changed and (g := glued.search(lines[j])):
                    at = (j, g)
                    break
            if at is None:
                continue
            j, g = at
            text = changed.get(j, lines[j])
            changed[j] = text[:g.start()] + NOTE_MARKER + text[g.end():]
            changed[k] = note_body(m["text"])
    return sorted(changed.items())


def furniture_labels(lines: list[str], removed: set[int]) -> set[int]:
    """Lines (0-based) that only label the furniture after them: a few words ending in a
    colon right before a removed row (``Browse by title:`` over an alphabet row)."""
    out = set()
    for n, line in enumerate(lines):
        s = line.strip()
        if not s.endswith(":") or len(s.split()) > 4 or n in removed:
            continue
        m = next((k for k in range(n + 1, len(lines)) if lines[k].strip() or k in removed), None)
        if m is not None and m in removed:
            out.add(n)
    return out


def double_spacing(lines: list[str]) -> set[int]:
    """Blank lines (0-based) that a double-spaced copy put after every line: where most
    lines of text are followed by exactly one blank line, those blanks go and a run of two
    or more (the paragraph break) stays as one."""
    gaps = Counter()
    n = 0
    while n < len(lines):
        if lines[n].strip():
            k = n + 1
            while k < len(lines) and not lines[k].strip():
                k += 1
            gaps[k - n - 1] += 1
            n = k
        else:
            n += 1
    total = sum(gaps.values())
    if total < 4 or gaps[1] < 0.6 * total:
        return set()
    return {n for n in range(1, len(lines) - 1)
            if not lines[n].strip() and lines[n - 1].strip() and lines[n + 1].strip()}


FURNITURE_MARKS = re.compile(r"[|·•←→«»‹›>/]|\s{3}|^\s*(?:\d|\.\.|#|\S+:)|\d\s+\d")
SHORT_LINE = 5  # words: «Читать далее», «Стр. 5 из 12», a file name, a site's name


# the line rules whose line may be the words a sentence ends with (an address, a file's name)
ADDRESS_RULES = {"lone_urls", "lone_file_names"}
OPEN_END = re.compile(r"[^\W\d_]['\"”’»)]?$")  # a line ending with a word, no sentence's end after it
OPEN_SENTENCE_WORDS = 4  # a sentence cut open is a phrase; a site's name or tagline is shorter


def sentence_addresses(lines: list[str], raw: list[str], changes: list[tuple[int, str]],
                       heading: Callable[[str], bool], shared: frozenset[str] = frozenset()) -> list[int]:
    """Lines (0-based) a lone URL or file name rule emptied that finish or carry a sentence
    of the text, so they stay: the line before is a sentence left open (four words or more,
    ending with a lower-case word, no heading: «…отправляются по адресу»), or the address
    ends with a full stop, or the line after goes on with the sentence (a lower-case word).
    Removing them would cut words out of the law's text, silently. An address that comes
    back as a lone line elsewhere in the file (one site, or one series of file names), or at
    the edge of other files of the corpus (``shared``: a book saved page after page, its
    file's name under each page), is the copy's own, printed at each page's edge, and goes
    wherever it falls -- at a file's end too, where a sentence a page cut goes on in the next.

    >>> prepare(["Items are posted to", "lost.example/items", "Law 5. Cards"], "laws", "en")[0][1]
    'lost.example/items'
    """
    out = []
    emptied = {k - 1 for k, rule in changes if rule in ADDRESS_RULES}
    printed = Counter(_address_key(raw[n]) for n in emptied if n < len(raw))
    for n in sorted(emptied):
        address = raw[n].strip() if n < len(raw) else ""
        if printed[_address_key(address)] > 1 or _key(address) in shared:
            continue  # the copy's own address, printed at each page's edge: furniture wherever it falls
        before = next((lines[k].strip() for k in range(n - 1, -1, -1) if lines[k].strip()), "")
        after = next((lines[k].strip() for k in range(n + 1, len(lines)) if lines[k].strip()), "")
        open_before = (bool(before) and not heading(before) and len(before.split()) >= OPEN_SENTENCE_WORDS
                       and bool(OPEN_END.search(before)) and before.split()[-1][:1].islower())
        carried = (address.endswith(".") and bool(before) and not heading(before) and not SENTENCE_END.search(before)
                   or after[:1].islower() and bool(before) and not SENTENCE_END.search(before))
        if open_before or carried:
            out.append(n)
    return out


# the line rules whose line may be text a sentence of the law introduces or runs through: a
# row of numbers or letters, a word and an arrow, a page counter («нумерует их так:» above it)
IN_SENTENCE_RULES = {"pager_rows", "alphabet_rows", "link_rows", "page_of_n"}
# of these, a page counter: a book's page may end in any open sentence, so only a sentence
# introducing the line with a colon keeps it (``through=False``)
COUNTER_RULES = {"page_of_n"}
# the rules of a site's navigation: a file with one of these lines is a saved page with its links
NAVIGATION_RULES = {"pager_rows", "alphabet_rows", "link_rows", "action_rows", "breadcrumb_rows", "lone_urls",
                    "lone_file_names", "status_rows", "meta_rows"}
INTRODUCES = re.compile(r":['\"”’»)]?$")  # a sentence ending with a colon: what follows is its own text


def in_sentence(before: str, after: str, heading: Callable[[str], bool] = lambda s: False,
                lang: str = "", through: bool = True) -> bool:
    """Whether a line shaped as furniture stands inside a sentence of the text, so it is
    the text's own: the text line ``before`` it is a sentence (four words or more, no
    heading, no navigation label) that introduces it with a colon («нумерует их так:») or with
    one of the profile's introducing words before a lower-case going on («…внизу, например» /
    «и хранится год»), or
    (``through``) that is left open (a lower-case word, no sentence's end) and goes on in
    ``after`` (a lower-case word: «…под заголовком» / «Следующая »» / «и снимается…»).
    Furniture stands between a page's sentences or blocks, never inside one.

    >>> in_sentence("Tables in the main hall are numbered in order:", "while tables")
    True
    >>> in_sentence("The round ends.", "and then"), in_sentence("Перейти к странице:", "")
    (False, False)
    """
    if not before or heading(before) or len(before.split()) < OPEN_SENTENCE_WORDS:
        return False
    if lang and _starts_with_navigation(before, lang):
        return False
    if INTRODUCES.search(before) or lang and introducing_pattern(lang).search(before) and after[:1].islower():
        return True
    return (through and bool(OPEN_END.search(before)) and before.split()[-1][:1].islower()
            and after[:1].islower())


def introduced_ending(text: str, lang: str) -> bool:
    """Whether a text ends with the lines its last sentence introduces with a colon, each
    shaped as a page counter or a row (``…bears at its foot:`` / ``Page 2 of 2``): lines
    ``sentence_furniture`` kept as the sentence's own, which end it with no stop of their
    own -- the text is whole there, not cut mid-sentence.

    >>> introduced_ending("The second sheet bears at its foot:\\n\\nPage 2 of 2", "en")
    True
    >>> introduced_ending("The second sheet bears at its foot the", "en")
    False
    """
    at = text.rfind(":")
    if at < 0 or not INTRODUCES.search(text[:at + 1].rstrip()):
        return False
    rows = [line.strip() for line in text[at + 1:].splitlines() if line.strip()]
    return bool(rows) and all(any(rule(row, lang) for rule in (page_of_n, pager_rows, alphabet_rows, link_rows))
                              for row in rows)


def sentence_furniture(lines: list[str], raw: list[str], changes: list[tuple[int, str]],
                       heading: Callable[[str], bool], lang: str, web: bool = False) -> list[int]:
    """Lines (0-based) a row, link or page-counter rule emptied that stand inside a
    sentence of the text (``in_sentence``), so they stay: the nearest text lines before
    and after them are looked at (other emptied lines and blank lines passed over, so a
    run of such lines, «Страница 1 из 2» / «Страница 2 из 2», is read as one). A line a
    sentence introduces with a colon always stays; one inside a sentence left open stays
    where no other line of the file is a site's navigation (``NAVIGATION_RULES``): among a
    saved page's links it is the page's own «Читать далее →» cutting a sentence. A page
    counter inside a sentence left open stays in a saved web page (``web``), whose text has no
    print page's edge inside it; in a book's text it is the page's own (a page may end in any
    open sentence) -- ``counters_in_text`` says which of those count as words lost.

    >>> prepare(["Tables are numbered in order:", "1 2 3 4 5", "LAW 6 - X"], "laws", "en")[0][1]
    '1 2 3 4 5'
    """
    candidates = sorted({k - 1 for k, rule in changes if rule in IN_SENTENCE_RULES})
    rules = {k - 1: rule for k, rule in changes if rule in IN_SENTENCE_RULES}

    def context(n: int) -> tuple[str, str]:
        before = next((lines[k].strip() for k in range(n - 1, -1, -1) if lines[k].strip()), "")
        after = next((lines[k].strip() for k in range(n + 1, len(lines)) if lines[k].strip()), "")
        return before, after

    introduced = [n for n in candidates if in_sentence(*context(n), heading, lang, through=False)]
    # a sentence left open around the line: the text's own where the file has no other
    # navigation line (a saved page's teaser cut, «…и ставит» / «Читать далее →» / «свою
    # подпись.», stands among the page's other links)
    navigation = {k - 1 for k, rule in changes if rule in NAVIGATION_RULES} - set(introduced)
    through = [n for n in candidates if n not in introduced and (web or rules[n] not in COUNTER_RULES)
               and not navigation - {n} and in_sentence(*context(n), heading, lang)]
    return sorted(introduced + through)


# the rule a page counter removed inside a sentence goes by, besides its own: a loss (coverage.numbers_removed)
COUNTER_IN_TEXT = "page_of_n_in_text"


def counters_in_text(lines: list[str], changes: list[tuple[int, str]], heading: Callable[[str], bool],
                     lang: str) -> list[int]:
    """Lines (0-based) a page-counter rule emptied inside a sentence left open (``in_sentence``)
    where no other line of the file is a page's number or counter: a lone «Page 3 of 4» cutting
    a sentence is no page series' -- it may be the law's own words, so its removal counts as
    words lost. Counters of a series (one on each page) are the pages' own.

    >>> prepare(["The players in the boxes may", "Page 3 of 4", "leave at the interval."], "laws", "en")[1]
    [(2, 'page_of_n'), (2, 'page_of_n_in_text')]
    """
    pages = {k - 1 for k, rule in changes if rule in COUNTER_RULES | {"lone_page_numbers"}}
    if len(pages) != 1:
        return []
    n = next(iter(pages))
    if lines[n].strip() or not any(k - 1 == n and rule in COUNTER_RULES for k, rule in changes):
        return []
    before = next((lines[k].strip() for k in range(n - 1, -1, -1) if lines[k].strip()), "")
    after = next((lines[k].strip() for k in range(n + 1, len(lines)) if lines[k].strip()), "")
    return [n] if in_sentence(before, after, heading, lang) else []


# a run of numbers alone (no word, no arrow): «1 2 3 4 5 6 7 8 9 10», «1 | 2 | 3», «1, 2, 3 … 17»
BARE_RUN = re.compile(r"^[\d\s,.;|…\-–—\[\]()]+$")
# the rule a bare run of numbers removed inside a law's text goes by: a loss (coverage.numbers_removed)
NUMBERS_IN_TEXT = "pager_rows_in_text"
# the rules whose lines, standing by a bare run of numbers, make it a pager: the site's navigation
PAGER_COMPANIONS = NAVIGATION_RULES | COUNTER_RULES


def bare_number_runs(lines: list[str], raw: list[str], changes: list[tuple[int, str]],
                     heading: Callable[[str], bool], shared: frozenset[str] = frozenset()) -> tuple[set[int], set[int]]:
    """Of the lines (0-based) ``pager_rows`` emptied, the bare runs of numbers (no word of a
    pager, no arrow: ``1 2 3 4 5 6 7 8 9 10``) told from a clause's own row of numbers by
    their context, as the shape alone cannot: a pager stands at the edge of the page (before
    its first heading, after its last sentence), by the page's other navigation (a link row,
    a page counter, another pager: the nearest line above or below), or repeats (in the file,
    or in the other files of its kind: ``shared``). Returns the runs with none of that (kept:
    the law's own text) and, of those removed, the ones standing inside the law's text -- after
    a line of text, not at the page's edge -- which the build counts as words lost
    (``NUMBERS_IN_TEXT``: cold read 13 of issue 12, finding 1, the "no silent loss" rule).

    >>> bare_number_runs(["Правило 5. Столы", "Столы нумеруют.", "", "Стулья ставят.", "Конец."],
    ...                  ["Правило 5. Столы", "Столы нумеруют.", "1 2 3 4 5", "Стулья ставят.", "Конец."],
    ...                  [(3, "pager_rows")], lambda s: s.startswith("Правило"))
    ({2}, set())
    """
    runs = [k - 1 for k, rule in changes if rule == "pager_rows" and k - 1 < len(raw) and BARE_RUN.match(raw[k - 1])]
    if not runs:
        return set(), set()
    companions = {k - 1 for k, rule in changes if rule in PAGER_COMPANIONS}
    text = [n for n, line in enumerate(lines) if line.strip()]
    first_heading = next((n for n in text if heading(lines[n].strip())), None)
    last_sentence = next((n for n in reversed(text) if SENTENCE_END.search(lines[n].strip())), None)
    printed = Counter(_norm(raw[n]) for n in range(len(raw)) if raw[n].strip())
    kept, in_text = set(), set()
    for n in runs:
        above = next((k for k in range(n - 1, -1, -1) if raw[k].strip()), None)
        below = next((k for k in range(n + 1, len(raw)) if raw[k].strip()), None)
        edge = (first_heading is not None and n < first_heading) or last_sentence is None or n > last_sentence
        beside = any(k is not None and k in companions for k in (above, below))
        repeated = printed[_norm(raw[n])] > 1 or _key(raw[n]) in shared or _context_key(raw[n]) in shared
        if not (edge or beside or repeated):
            kept.add(n)
            continue
        before = next((lines[k].strip() for k in range(n - 1, -1, -1) if lines[k].strip()), "")
        if not edge and before and not heading(before):
            in_text.add(n)
    return kept, in_text


TEXT_WORD = re.compile(r"[^\W\d_]{4,}")  # a word long enough to be of the text's vocabulary
TITLE_ROW_SEPARATOR = re.compile(r"\s(?:::|\||·|•|—|–)\s")  # «Клуб «Ольха» :: Документы», "Club | Papers"
TITLE_ROW_STEP = 6  # words: a site's name, a section of the site


def _edges(lines: list[str], heading: Callable[[str], bool]) -> tuple[list[int], list[int], set[str]]:
    """A file's head (the lines before its first heading, among its first ``EDGE_LINES``
    lines of text), its tail (the lines after its last sentence's end, among its last
    ``EDGE_LINES``) and the words (four letters or more, lower case) of the text between.
    No heading: no head (a file of text alone begins with its text)."""
    text = [n for n, line in enumerate(lines) if line.strip()]
    first = next((k for k, n in enumerate(text) if heading(lines[n].strip())), None)
    head = text[:first] if first is not None and first <= EDGE_LINES else []
    last = next((k for k in range(len(text) - 1, -1, -1) if SENTENCE_END.search(lines[text[k]].strip())), None)
    tail = text[last + 1:] if last is not None and len(text) - last - 1 <= EDGE_LINES else []
    body = set(text) - set(head) - set(tail)
    words = {w.lower() for n in body for w in TEXT_WORD.findall(lines[n])}
    return head, tail, words


GLUED_FOOTER = re.compile(r"^[-–—]\s*\d{1,4}\s*[-–—]?\s+\S")  # «- 72 Если ход…»: split off later (clean.split_at_footer)
ABBREVIATION_END = re.compile(r"(?:^|\s)[^\W\d_]{1,2}\.$")  # «в п.», "see s." -- a stop that ends no sentence


# a label of a word or two and a URL: «Источник: https://…», "Source: www.…", «Адрес страницы: …»
LABELLED_URL = re.compile(r"^[^\W\d_]+(?:\s[^\W\d_]+)?\s*:\s*(\S+)$")


def source_lines(lines: list[str], heading: Callable[[str], bool]) -> set[int]:
    """Lines (0-based) after a page's last sentence (its tail, ``_edges``) that name a URL
    under a label of a word or two -- the page's «Источник: https://…», "Source: …" -- the
    site's credit line, whatever the label's word. The same line inside the text (a clause
    giving the club's address) stays: it is no page's tail.

    >>> sorted(source_lines(["Правило 4. Стол", "Стол ставят у окна.", "Источник: https://example.org/a"],
    ...                     lambda s: s.startswith("Правило")))
    [2]
    """
    _, tail, _ = _edges(lines, heading)
    out = set()
    for n in tail:
        m = LABELLED_URL.match(lines[n].strip())
        if m and URL.match(m.group(1)):
            out.add(n)
    return out


def counter_lines(lines: list[str], heading: Callable[[str], bool]) -> set[int]:
    """Lines (0-based) outside a file's law text -- before its first heading or after its
    last sentence (``_edges``) -- that count something: a short line (``COUNTER_WORDS``
    words at most) holding a number, no heading, no page counter, and fewer than half of
    its words the words of the text between («Эту страницу прочитали 512 раз», "This page
    was opened 512 times", «Нас читают 3 000 человек»); a line going on with a sentence
    the line before it left open is that sentence's. A counter's phrase may be any;
    the number, the place and the foreign vocabulary make it the site's, not the law's.
    A line the text introduces (the line before it ends with a colon) is the text's own,
    whatever its shape: "…the second bears at its foot:" / "Page 2 of 2" (cold read 14 of
    issue 12, finding 1).

    >>> sorted(counter_lines(["Прочитано 77 раз", "Правило 4. Стол", "Стол ставят у окна."], lambda s: s.startswith("Правило")))
    [0]
    """
    head, tail, words = _edges(lines, heading)
    out = set()
    for n in head + tail:
        s = lines[n].strip()
        before = next((lines[k].strip() for k in range(n - 1, -1, -1) if lines[k].strip()), "")
        if before and not heading(before) and not s[:1].isupper() and \
                (not SENTENCE_END.search(before) or ABBREVIATION_END.search(before)):
            continue  # the end of a sentence the text left open: «…are shuffled» / «4 times before…» / «…в п.»
        if INTRODUCES.search(before):
            continue  # a line the text introduces («…bears at its foot:» / "Page 2 of 2"): the text's own
        after = next((lines[k].strip() for k in range(n + 1, len(lines)) if lines[k].strip()), "")
        if after[:1].islower() and not SENTENCE_END.search(s) or GLUED_FOOTER.match(s):
            continue  # a sentence the next line goes on with; a page's footer with the text after it
        found = TEXT_WORD.findall(s)
        if (not found or not re.search(r"\d", s) or len(s.split()) > COUNTER_WORDS or heading(s)
                or sum(w.lower() in words for w in found) * 2 >= max(len(found), 1)):
            continue
        out.add(n)
    return out


def tail_actions(lines: list[str], heading: Callable[[str], bool], lang: str) -> set[int]:
    """Lines (0-based) after a page's last sentence (its tail, ``_edges``) that are one tool
    link's label alone, a label of the profile's ``actions`` ("Show more", «Показать ещё»): the
    site's button under the text. Inside the text the same words stay (a clause may say "Print").

    >>> sorted(tail_actions(["LAW 4 - TABLES", "The table stands.", "Show more"], lambda s: s.startswith("LAW"), "en"))
    [2]
    """
    _, tail, _ = _edges(lines, heading)
    words = set(action_words(lang))
    return {n for n in tail if " ".join(lines[n].lower().split()).rstrip(" .…»›>") in words}


def empty_sections(lines: list[str], changes: list[tuple[int, str]], heading: Callable[[str], bool]) -> set[int]:
    """Lines (0-based) after a page's last sentence (its tail, ``_edges``) that are a wiki's
    section heading -- its edit link taken off (``edit_links``) -- with no text under it to the
    page's end: «Примечания[править]», "Notes[edit]" over no notes (cold read 14 of issue 12,
    finding 3). A law's heading stays; so does a section with text under it.

    >>> sorted(empty_sections(["LAW 4 - TABLES", "The table stands.", "Notes", ""], [(3, "edit_links")],
    ...                       lambda s: s.startswith("LAW")))
    [2]
    """
    edited = {k - 1 for k, rule in changes if rule == "edit_links"}
    _, tail, _ = _edges(lines, heading)
    return {n for n in tail if n in edited and not heading(lines[n].strip())
            and not any(line.strip() for line in lines[n + 1:])}


BUTTON_WORDS = 3  # a share or print button's label: «Facebook», "Share on X", «Версия для печати»
BUTTON_ROW = 3  # buttons come several together; two short lines may be the text's own


def button_lists(lines: list[str], heading: Callable[[str], bool], web: bool = True) -> set[int]:
    """Lines (0-based) at a saved web page's head or tail (``_edges``: before its first
    heading, after its last sentence) that are a list of buttons (``web`` only: a typed
    book's title page, or a list of single words closing a law, is as short): ``BUTTON_ROW`` lines or more in a
    row, each a label of ``BUTTON_WORDS`` words at most, beginning with a capital, with no
    digit and no sentence's mark, no heading -- "Facebook / Twitter / Email / Print", a
    share list with no heading over it. A list the text introduces (the line before it ends
    with a colon: "The suits are:") is the text's own.

    >>> sorted(button_lists(["LAW 4 - TABLES", "The table stands.", "Facebook", "Twitter", "Email", "Print"],
    ...                     lambda s: s.startswith("LAW")))
    [2, 3, 4, 5]
    >>> button_lists(["LAW 4 - TABLES", "The suits are:", "Spades", "Hearts", "Diamonds"], lambda s: s.startswith("LAW"))
    set()
    """
    head, tail, _ = _edges(lines, heading)

    def button(n: int) -> bool:
        s = re.sub(r"^[-–—•*·]\s+", "", lines[n].strip())  # a list item as a bulleted page writes it
        return (0 < len(s.split()) <= BUTTON_WORDS and s[:1].isupper() and not re.search(r"\d", s)
                and not SENTENCE_END.search(s) and not heading(s))

    out: set[int] = set()
    for edge in (head, tail) if web else ():
        row: list[int] = []
        for n in edge + [-1]:
            if n >= 0 and button(n):
                row.append(n)
                continue
            if len(row) >= BUTTON_ROW:
                before = next((lines[k].strip() for k in range(row[0] - 1, -1, -1) if lines[k].strip()), "")
                if not INTRODUCES.search(before):
                    out.update(row)
            row = []
    return out


def site_title_rows(lines: list[str], heading: Callable[[str], bool]) -> set[int]:
    """Lines (0-based) heading a saved page before its first heading (``_edges``) that are
    a site's title row: two or more short parts (``TITLE_ROW_STEP`` words at most) set
    apart by ``::``, ``|``, ``·`` or a dash between spaces, none of them a sentence
    («Клуб «Ольха» :: Документы», "Oak Club | Papers | Rules"). A book's title page has
    no such row: its title and subtitle stand on lines of their own.

    >>> sorted(site_title_rows(["Oak Club :: Papers", "LAW 4 - TABLES", "The table stands."], lambda s: s.startswith("LAW")))
    [0]
    """
    head, _, _ = _edges(lines, heading)
    out = set()
    for n in head:
        s = lines[n].strip()
        parts = [p.strip() for p in TITLE_ROW_SEPARATOR.split(s)]
        if (len(parts) >= 2 and all(p and len(p.split()) <= TITLE_ROW_STEP and not SENTENCE_END.search(p) for p in parts)
                and not heading(s)):
            out.add(n)
    return out


def _address_key(address: str) -> str:
    """What a page's printed address keeps from page to page: a URL's site, a file's name
    with its numbers as ``#`` (``zakony_3.html`` and ``zakony_4.html`` are one series).

    >>> _address_key("http://www.lib.example/a/3.html"), _address_key("www.lib.example/b"), _address_key("zak_3.html")
    ('lib.example', 'lib.example', 'zak_#.html')
    """
    a = address.strip().lower()
    if URL.match(a):
        return re.sub(r"^(?:[a-z]+://)?(?:www\.)?", "", a).split("/")[0]
    return re.sub(r"\d+", "#", a)


def _may_be_furniture(line: str) -> bool:
    """A cheap first look, so prose costs little: a furniture line is short, or has a
    separator, a wide gap, two numbers in a row, single letters one space apart, a number
    in a line of ten words at most, or starts with a number, ``..`` or ``Word:``; a
    wrapped line of prose has none of these.

    >>> _may_be_furniture("Карта, показанная партнёру во время торговли, кладётся на стол")
    False
    """
    words = len(line.split())
    return (words <= SHORT_LINE or FURNITURE_MARKS.search(line) is not None
            or SPACED_START.search(line) is not None
            or words <= COUNTER_WORDS and any(ch.isdigit() for ch in line))  # a counter: «… viewed 4021 times.»


def edit_links(line: str, lang: str) -> str:
    """A wiki's edit links after a heading are no text: ``A. The Samovar[edit]`` →
    ``A. The Samovar``, «B. Очки[править | править код]» → «B. Очки» (the profile's
    ``edit_links``; a ``¶`` permalink is ``paragraph_marks``').

    >>> edit_links("A. The Samovar[edit]", "en"), edit_links("B. Очки [править | править код]", "ru")
    ('A. The Samovar', 'B. Очки')
    >>> edit_links("He may [edit] nothing.", "en")
    'He may [edit] nothing.'
    """
    return edit_link_pattern(lang).sub("", line) if "[" in line else line


def prepare(raw: list[str], kind: str, lang: str, heading: Callable[[str], bool] = lambda s: False,
            shared: frozenset[str] = frozenset(),
            bare: Callable[[str], bool] = lambda s: False, web: bool = False,
            content: frozenset[int] = frozenset()) -> tuple[list[str], list[tuple[int, str]]]:
    """Furniture lines emptied and damaged lines mended, before the cleaning rules;
    returns the new lines (as many as ``raw``) and (1-based line, rule) for each change.
    ``shared``: lines standing in other files of the corpus too (``shared_lines``); ``web``:
    the file is a saved web page (a list of buttons over its text is furniture, ``button_lists``);
    ``content``: the lines (1-based) the file's markup says are the book's own (an FB2 epigraph's,
    a text's author: ``formats.Document.content``), which no repetition makes furniture.

    >>> prepare(["Page 3 of 12", "LAW 5 - CARDS"], "laws", "en")
    (['', 'LAW 5 - CARDS'], [(1, 'page_of_n')])
    """
    lines = list(raw)
    changes: list[tuple[int, str]] = []
    spaced: set[int] = set()
    for n, line in enumerate(lines):
        if not line.strip():
            continue
        for rule in DAMAGE_RULES:
            new = rule(line, lang)
            if new != line:
                changes.append((n + 1, rule.__name__))
                line = new
                if rule is letter_spaced_words:
                    spaced.add(n)
                    line = layout_case(line, heading)
        new = inline_page_marks(line, lang)
        if new != line:
            changes.append((n + 1, "inline_page_marks"))
            line = new
        if kind != "commentary":  # the commentary's own marks end its paragraphs (clean.py)
            new = paragraph_marks(line)
            if new != line:
                changes.append((n + 1, "paragraph_marks"))
                line = new
        new = edit_links(line, lang)
        if new != line:
            changes.append((n + 1, "edit_links"))
            line = new
        new = glued_progress(line, lang)
        if new != line:
            changes.append((n + 1, "glued_progress"))
            line = new
        lines[n] = line
        cheap = _may_be_furniture(line)
        for rule in LINE_RULES:
            if not cheap and rule not in WIDGET_RULES:
                continue
            if rule is page_directives and kind == "commentary" and re.match(r"^\s*\.\.page\d*\s*$", line):
                break  # the commentary's own directive, dropped by clean.drop_page_directives
            if rule(line, lang):
                changes.append((n + 1, rule.__name__))
                lines[n] = ""
                break
    for n in sentence_addresses(lines, raw, changes, heading, shared):
        lines[n] = raw[n] if n < len(raw) else lines[n]
        changes = [(k, rule) for k, rule in changes if not (k == n + 1 and rule in ADDRESS_RULES)]
    for n in sentence_furniture(lines, raw, changes, heading, lang, web):
        lines[n] = raw[n] if n < len(raw) else lines[n]
        changes = [(k, rule) for k, rule in changes if not (k == n + 1 and rule in IN_SENTENCE_RULES)]
    for n in counters_in_text(lines, changes, heading, lang):
        changes.append((n + 1, COUNTER_IN_TEXT))
    kept_runs, runs_in_text = bare_number_runs(lines, raw, changes, heading, shared)
    for n in kept_runs:
        lines[n] = raw[n]
        changes = [(k, rule) for k, rule in changes if not (k == n + 1 and rule == "pager_rows")]
    changes = [(k, NUMBERS_IN_TEXT if k - 1 in runs_in_text and rule == "pager_rows" else rule) for k, rule in changes]
    for n in sorted(link_blocks(lines, lang, raw)):
        if lines[n].strip():
            changes.append((n + 1, "link_blocks"))
            lines[n] = ""
    for n in sorted(comment_blocks(lines, lang, heading)):
        if lines[n].strip():
            changes.append((n + 1, "comment_blocks"))
            lines[n] = ""
    removed = {n - 1 for n, rule in changes if rule in {r.__name__ for r in LINE_RULES}}
    for n in sorted(furniture_labels(lines, removed)):
        changes.append((n + 1, "furniture_labels"))
        lines[n] = ""
    for n, m in _spaced_heading_pairs(lines, spaced, heading):
        lines[n], lines[m] = f"{lines[n]}. {lines[m]}", ""
        changes.append((m + 1, "letter_spaced_words"))
    for n, m in split_headings(lines, heading, bare):
        lines[n], lines[m] = f"{_norm(lines[n]).rstrip(' .:-–—')}. {_norm(lines[m])}", ""
        changes += [(n + 1, "split_headings"), (m + 1, "split_headings")]
    if kind != "commentary":
        for n, text in typed_footnotes(lines):
            changes.append((n + 1, "typed_footnotes"))
            lines[n] = text
        for n, text in signed_footnotes(lines, raw, lang):
            changes.append((n + 1, "signed_footnotes"))
            lines[n] = text
    for n in copyright_tail(lines):
        changes.append((n + 1, "copyright_tail"))
        lines[n] = ""
    # a saved page's head and foot, past its line rules; the commentary's paragraphs end at
    # their own marks, which no sentence end here reads: its last lines are no page's foot
    buttons = lambda lines, heading: button_lists(lines, heading, web)  # noqa: E731
    buttons.__name__ = button_lists.__name__
    actions = lambda lines, heading: tail_actions(lines, heading, lang)  # noqa: E731
    actions.__name__ = tail_actions.__name__
    for rule in (site_title_rows, counter_lines, source_lines, buttons, actions) if kind != "commentary" else ():
        for n in sorted(rule(lines, heading)):
            changes.append((n + 1, rule.__name__))
            lines[n] = ""
    for n in sorted(empty_sections(lines, changes, heading)) if kind != "commentary" else ():
        changes.append((n + 1, "empty_sections"))
        lines[n] = ""
    for n in sorted(running_law_heads(lines, raw, heading, lang)):
        changes.append((n + 1, "running_law_heads"))
        lines[n] = ""
    for n in sorted(consent_edges(lines, lang, shared)):
        changes.append((n + 1, "consent_edges"))
        lines[n] = ""
    for name, find in (("repeated_lines", lambda: {n for n in repeated_lines(lines, lang, heading, shared, raw)
                                                   if n + 1 not in content}),
                       ("overstrike_duplicates", lambda: overstrike_duplicates(lines)),
                       ("overstrike_starts", lambda: overstrike_starts(lines, heading))):
        for n in sorted(find()):
            changes.append((n + 1, name))
            lines[n] = ""
    if kind == "commentary":
        for n in sorted(double_spacing(lines)):
            changes.append((n + 1, "double_spacing"))
            lines[n] = None  # type: ignore[call-overload]  # removed below, numbers kept
        lines = ["" if line is None else line for line in lines]
    return lines, changes


# -- after joining: words split at a line break ---------------------------------------------------


def mend_break(left: str, right: str, after: str = "", extra_words: frozenset[str] = frozenset(),
               lang: str | None = None) -> str | None:
    """What a line break between the words ``left`` and ``right`` hid, or None for a plain
    space: in the script of the lemmatizer of the text's language (``lang``), that
    morphology's answer (its ``mend_break``: a lost hyphen, ``какой``/``нибудь``, or a word
    split in two, ``разыгры``/``вающий``); otherwise -- a language without a lemmatizer, a
    word of another script -- the corpus's words' (``mend_without_dictionary``).

    >>> mend_break("какой", "нибудь"), mend_break("из", "колоды"), mend_break("что", "то", "или")
    ('какой-нибудь', None, None)
    """
    if not (left.isalpha() and right.isalpha()):
        return None
    lemmatizer = lemmatizer_for(left + right, languages_of(lang))
    if lemmatizer is None:
        return mend_without_dictionary(left, right, extra_words)
    return lemmatizer.mend_break(left, right, after, extra_words)


# -- words of a script the morphology dictionary does not cover (the code's English) ------------


@lru_cache(maxsize=4)
def hyphenation() -> tuple[frozenset[str], tuple[tuple[frozenset[str], frozenset[str]], ...]]:
    """The profile's ``[hyphenation.<lang>]`` tables, every language's together (a word
    of one language never stands in another's list): the prefixes always printed with a
    hyphen before a word (``non``), and the compounds, pairs of word groups printed with a
    hyphen between (``twenty``-``four``)."""
    from .profile import load_profile

    prefixes: set[str] = set()
    compounds = []
    for table in load_profile().data.get("hyphenation", {}).values():
        prefixes.update(w.lower() for w in table.get("prefixes", []))
        compounds += [(frozenset(w.lower() for w in first), frozenset(w.lower() for w in second))
                      for first, second in table.get("compounds", [])]
    return frozenset(prefixes), tuple(compounds)


def seen_words(lines, whole: bool = False, languages: tuple[str, ...] | None = None) -> set[str]:
    """The words (lower case, hyphenated ones whole and in parts) standing inside the
    ``lines`` of a script no lemmatizer of ``languages`` (the corpus's; None: every
    registered language's) covers: the corpus's own
    vocabulary, which restores the words a line break split. A line's first and last word
    are left out (they may be the halves of a split word) unless ``whole``: a vocabulary
    file's lines are whole terms; a last word a stop or a comma follows is whole too (a
    word a break split has nothing after its first half).

    >>> sorted(seen_words(["the decla", "rer at the non-offending table"]))
    ['at', 'non', 'non-offending', 'offending', 'the']
    >>> sorted(seen_words(["left the office without exception."]))
    ['exception', 'office', 'the', 'without']

    Two neighbours that make a word seen elsewhere are the pieces of that word a stray
    space split, not words seen (``ex ception`` where ``exception`` stands):

    >>> sorted(seen_words(["on leaving without ex ception now", "leaving without exception now"]))
    ['exception', 'leaving', 'without']
    """
    read: list[list[str]] = []  # each line's words, lower case; the first and the last of a line may be halves
    ends: list[tuple[int, int]] = []  # the words of each line that count
    for line in lines:
        if not line or lemmatizer_for(line, languages):
            continue
        tokens = [token.strip("'’-").lower() for token in WORDS.findall(line)]
        last = len(tokens) if whole or LINE_ENDS_AFTER_WORD.search(line) else len(tokens) - 1
        read.append(tokens)
        ends.append((0, len(tokens)) if whole else (1, last))
    words = [[t for t in tokens[a:b] if _word_token(t)] for tokens, (a, b) in zip(read, ends)]
    first: set[str] = {t for each in words for t in each}
    found: set[str] = set()
    for tokens, (a, b) in zip(read, ends):
        for k in range(a, b):
            token = tokens[k]
            if not _word_token(token):
                continue
            if not whole and (k > 0 and tokens[k - 1] + token in first
                              or k + 1 < len(tokens) and token + tokens[k + 1] in first):
                continue  # a piece of a word split by a space
            found.add(token)
            if "-" in token:
                found.update(t for t in token.split("-") if t)
    return found


def _word_token(token: str) -> bool:
    return bool(token) and token.replace("-", "").replace("'", "").replace("’", "").isalpha()


def _strings(data) -> list[str]:
    """Every string value in a data file's parsed tree."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def known_words(texts, vocabulary, profile, languages: tuple[str, ...] | None = None) -> frozenset[str]:
    """The words a split at a line break is mended by where no morphology dictionary
    covers the script: ``seen_words`` of the corpus's ``texts`` (lists of raw lines), every
    string of the ``vocabulary`` files' parsed data (glossary, titles, thesaurus, lexicon;
    terms taken whole) and the profile's function words (``[grammar.joining_words]``,
    the words no title ends with). ``languages``: the corpus's (``seen_words``)."""
    joining = profile.data.get("grammar", {}).get("joining_words", {}).values()
    return frozenset(seen_words((line for lines in texts for line in lines), languages=languages)
                     | seen_words((s for data in vocabulary for s in _strings(data)), True, languages)
                     | seen_words((w for each in joining for w in each), True, languages))


@lru_cache(maxsize=4)
def _stems(words: frozenset[str]) -> frozenset[str]:
    return frozenset(morph.english_stem(w) for w in words if "-" not in w)


def _known(word: str, words: frozenset[str]) -> bool:
    """Whether ``word`` stands in ``words`` (the corpus's and the profile's) as such or as a
    form of one of them (the same stem: ``opponents`` of ``opponent``)."""
    w = word.lower()
    return w in words or morph.english_stem(w) in _stems(words)


def mend_without_dictionary(left: str, right: str, words: frozenset[str]) -> str | None:
    """``mend_break`` for a script with no morphology dictionary, by the words the corpus
    and the profile's vocabulary hold (``seen_words``) and the profile's hyphenation tables:
    a lost hyphen where the hyphenated word is known (``non``/``offending``), follows a
    prefix, or joins a compound's two words (``twenty``/``four``); a word split in two
    where the joined word is known and its halves are not both words (``decla``/``rer``,
    never ``any``/``one``, ``by``/``passing``).

    >>> mend_without_dictionary("decla", "rer", frozenset({"declarer", "any", "one"}))
    'declarer'
    >>> mend_without_dictionary("any", "one", frozenset({"declarer", "any", "one", "anyone"})) is None
    True
    """
    if not right[:1].islower():
        return None
    lower_left, lower_right = left.lower(), right.lower()
    hyphenated = f"{left}-{right}"
    prefixes, compounds = hyphenation()
    if (hyphenated.lower() in words or lower_left in prefixes and len(right) > 2
            or any(lower_left in first and lower_right in second for first, second in compounds)):
        return hyphenated
    joined = left + right
    if _known(joined, words) and not (_known(left, words) and _known(right, words)):
        return joined
    return None


WORD_AT = re.compile(r"\w+")
NEXT_WORD = re.compile(r"\W*(\w+)")


MIN_FRAGMENT = 2  # a word broken at a line's end leaves this many letters on the line at least
# what parts the cells of a row or the items of a list: «А | Б | В», "a; b; c", "x / y"
CELL_SEPARATORS = "|│¦;,/•·"


def _cell_letter(text: str, start: int, end: int) -> bool:
    """Whether the word ``text[start:end]`` ending a line is a lone letter standing as a table
    cell or a list's label: one letter after a cell separator (``A | B | … | H``, «…| З») or
    after another lone letter (``A B C … H``) -- no fragment of a word for the next line to
    complete («З» / «а у западной» is no «За»).

    >>> _cell_letter("A | B | H", 8, 9), _cell_letter("ряды А Б В", 9, 10), _cell_letter("a ship", 2, 6)
    (True, True, False)
    """
    if end - start != 1:
        return False
    k = start - 1
    while k >= 0 and text[k] == " ":
        k -= 1
    if k < 0:
        return False
    if text[k] in CELL_SEPARATORS:
        return True
    return text[k].isalpha() and (k == 0 or not text[k - 1].isalnum())


def _word_before(text: str, end: int) -> int:
    """Where the word ending at ``end`` starts (``end`` when none): a scan back, no copy."""
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    return start


def repair_breaks(lines: list, extra_words: frozenset[str] = frozenset(),
                  lang: str | None = None) -> tuple[list, list[tuple[str, int, str]]]:
    """Joined logical lines (``model.Line``) of a text in ``lang`` with the words their raw
    line breaks split mended (``mend_break``, ``mend_hyphen``); returns the lines and (source, raw line,
    rule) for each mend. The raw lines' starts in the text move with it, so spans stay
    exact. Linear in the text: a heading followed by thousands of joined lines costs in
    proportion.

    ``Line("если у игрока есть какой нибудь повод", starts=((0, 4), (29, 5)))``
    → ``"если у игрока есть какой-нибудь повод"``
    """
    from .model import Line

    out, changes = [], []
    for line in lines:
        starts = line.line_starts()
        if len(starts) < 2:
            out.append(line)
            continue
        text = line.text
        pieces: list[str] = []
        done = 0  # text[:done] is in pieces
        shift = 0  # characters removed so far
        moved = [starts[0]]
        for at, raw in starts[1:]:
            cut, rule = 0, None
            if at >= 2 and text[at - 1] == " " and at - 1 >= done:
                right = WORD_AT.match(text, at)
                if right:
                    hyphen = at >= 3 and text[at - 2] == "-" and text[at - 3].isalpha()
                    left_end = at - 2 if hyphen else at - 1
                    left_start = _word_before(text, left_end)
                    left = text[left_start:left_end]
                    if left and hyphen:
                        cut = mend_hyphen(left, right.group(), extra_words, lang)
                        rule = "hyphens_at_breaks" if cut else None
                        if cut:
                            pieces.append(text[done: at - 2 if cut == 2 else at - 1])
                    elif left and not _cell_letter(text, left_start, left_end):
                        after = NEXT_WORD.match(text, right.end())
                        word = mend_break(left, right.group(), after.group(1) if after else "", extra_words, lang)
                        if word is not None and len(left) < MIN_FRAGMENT and len(word) == len(left) + len(right.group()):
                            word = None  # no typesetting leaves one letter of a word on the line above
                        if word is not None:
                            rule = "lost_hyphens"
                            if len(word) == len(left) + len(right.group()):  # joined: the space goes
                                cut = 1
                                pieces.append(text[done: at - 1])
                            else:  # hyphenated: the space becomes the hyphen
                                pieces.append(text[done: at - 1] + "-")
                    if rule:
                        done = at
                        changes.append((line.source, raw, rule))
            shift += cut
            moved.append((at - shift, raw))
        if done:
            pieces.append(text[done:])
            out.append(Line("".join(pieces), line.source, line.first, line.last, tuple(moved)))
        else:
            out.append(line)
    return out, changes


SPACED_PAIR = re.compile(r"(?<![\w-])([^\W\d_]{2,}) ([^\W\d_]{2,})(?![\w-])")


def repair_spaced_words(lines: list, extra_words: frozenset[str] = frozenset(),
                        lang: str | None = None) -> tuple[list, list[tuple[str, int, str]]]:
    """Joined logical lines (``model.Line``) with a word a stray space split inside a line
    mended («сви детелях»): two lower-case pieces where the dictionary of the
    text's language (``lang``; the corpus's words, ``extra_words``, where it has none)
    knows the word they make and neither piece as a word -- two words stay two words.
    Returns the lines and (source, raw line, "split_words") for each mend; the raw lines'
    starts in the text move with it, so spans stay exact.

    >>> from lawsearch.model import Line
    >>> [l.text for l in repair_spaced_words([Line("Посылку вскрывают при двух сви детелях.", "x", 1, 1)])[0]]
    ['Посылку вскрывают при двух свидетелях.']
    >>> [l.text for l in repair_spaced_words([Line("Он ставит на стол три чашки.", "x", 1, 1)])[0]]
    ['Он ставит на стол три чашки.']
    """
    from .model import Line

    out, changes = [], []
    for line in lines:
        text, starts = line.text, list(line.line_starts())
        mended = False
        at = 0
        while (m := SPACED_PAIR.search(text, at)) is not None:
            left, right = m.group(1), m.group(2)
            if left.islower() and right.islower() and _split_by_space(left, right, extra_words, lang):
                space = m.start(2) - 1
                text = text[:space] + text[space + 1:]
                starts = [(a - 1 if a > space else a, raw) for a, raw in starts]
                raw = next((r for a, r in reversed(starts) if a <= space), line.first)
                changes.append((line.source, raw, "split_words"))
                mended = True
                at = m.end() - 1
            else:
                at = m.start(2)
        out.append(Line(text, line.source, line.first, line.last, tuple(starts) if line.starts else ())
                   if mended else line)
    return out, changes


def _split_by_space(left: str, right: str, extra_words: frozenset[str], lang: str | None) -> bool:
    """Whether ``left`` + ``right`` is one word a space split (``repair_spaced_words``): the
    joined word is known and its pieces are not both words. Where a morphology dictionary
    covers the script, one piece may be a word when the other is none (``исто``, a rare
    short form, + ``пник``; ``ого`` + ``нь``): the dictionary knows every word of the
    language, so a piece it does not know is no word. Where only the corpus's own words
    stand for the dictionary (``known_words``), neither piece may be known: a word the
    corpus happens not to hold is still a word (``in`` + ``deed`` stays).

    >>> _split_by_space("исто", "пник", frozenset(), "ru"), _split_by_space("по", "дороге", frozenset(), "ru")
    (True, False)
    >>> _split_by_space("in", "deed", frozenset({"in", "indeed"}), "en")
    False
    """
    joined = left + right
    lemmatizer = lemmatizer_for(joined, languages_of(lang))
    if lemmatizer is not None:
        word = getattr(lemmatizer, "is_word", lemmatizer.is_known)

        def known(w: str) -> bool:
            return w.lower() in extra_words or word(w)
        return (joined.lower() in extra_words or lemmatizer.is_known(joined)) and not (known(left) and known(right))
    return _known(joined, extra_words) and not _known(left, extra_words) and not _known(right, extra_words)


def mend_hyphen(left: str, right: str, extra_words: frozenset[str], lang: str | None = None) -> int:
    """A word hyphenated by the typesetter at a line end (``задума-`` / ``вшийся``): 2 when
    hyphen and space go (the joined word is in the dictionary), 1 when only the space goes
    (a compound's hyphen: ``Север-`` / ``юг``), 0 for a capital after it (``Север-`` / ``Юг``
    stays as printed), by the dictionary of the text's language (``lang``). With no
    dictionary for the language or the script, a lower-case continuation is taken for a
    hyphenated word.

    >>> mend_hyphen("задума", "вшийся", frozenset()), mend_hyphen("Север", "юг", frozenset())
    (2, 1)
    """
    if not right[:1].islower():
        return 0
    lemmatizer = lemmatizer_for(left + right, languages_of(lang))
    if lemmatizer is not None:
        joined = left + right
        return 2 if joined.lower() in extra_words or lemmatizer.is_known(joined) else 1
    # no dictionary: the corpus's words and the profile's hyphenation say a compound's hyphen
    if right.isalpha() and mend_without_dictionary(left, right, extra_words) == f"{left}-{right}":
        return 1
    return 2
