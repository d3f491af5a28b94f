"""Drop-in sources: a user's files added to a corpus folder with what can be told of them.

``lawsearch add FILE…`` copies each file byte for byte into ``<corpus>/<kind>/<lang>/``
and writes its ``[[source]]`` entry: the format and encoding (``formats``, ``sources.decode``),
the language (which script its letters are in), the kind (law text or commentary, by which
layout its lines follow) and the edition when the text names one. What was guessed is
listed in the entry's ``detected`` key, so ``check`` can say so and a user can correct it.
A folder of raw files with no manifest at all is read with the same guesses
(``implicit_manifest``) and the built-in profile.

    added = add_files(Path("corpus"), [Path("~/Downloads/laws.fb2.zip")])
    added[0].entry     # {'path': 'laws/ru/laws.fb2.zip', 'lang': 'ru', 'kind': 'laws', …}
"""

from __future__ import annotations

import hashlib

import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import formats, plausibility
from .grammar import default_grammar
from .model import CorpusError, Problem
from .patterns import classify
from .profile import load_profile

MANIFEST = "manifest.toml"
SAMPLE_LINES = 400  # lines looked at to tell kind and edition: the start of a book says it


@dataclass(frozen=True)
class Detected:
    format: str
    encoding: str
    lang: str
    kind: str
    edition: str | None
    lines: int
    layout: str | None = None  # the profile's layout its headings follow, where not its language's default
    title: str | None = None  # the title page's title, when the text opens with one
    warnings: tuple[str, ...] = ()  # what the reader said of the file (formats.Document.warnings)
    words: int = 0  # words of its text, furniture left out: how much text it brings (main_language_of)
    # words of law text under each law's heading (by law number), furniture left out
    law_words: tuple[tuple[str, int], ...] = ()
    # a heading its layout reads, or a sentence of text: False for a file of notes («скачал с
    # сайта»), which is no source of law text whatever its name
    shaped: bool = True


@dataclass(frozen=True)
class Added:
    source: Path  # the file as given
    target: Path  # its copy in the corpus folder (for a file skipped: the copy already there)
    entry: dict[str, Any]
    skipped: bool = False  # the same bytes as a source already there (or given twice): not added again
    warnings: tuple[str, ...] = ()  # what the reader said of the file, kept whole (a truncated RTF, …)
    why: str = ""  # for a file skipped for another reason than its bytes: the reason


def detect(data: bytes, name: str) -> Detected:
    """What a raw file is: format, encoding, language, kind and edition (None when the text
    does not say). Raises CorpusError naming the file when it cannot be read.

    >>> detect("Правило 1. Карты\\nТекст.".encode(), "a.txt").lang
    'ru'
    """
    from .sources import decode

    def decoded(raw: bytes, encoding: str | None = None) -> tuple[str, str]:
        return decode(raw, encoding or "auto", name, _script_language(raw.decode("utf-8", "ignore")) if raw.isascii() else load_profile().languages[0])

    doc = formats.read_document(data, name, decoded)
    if not any(line.strip() for line in doc.lines):
        # an empty page (no bytes, or markup with no text in it) is refused as an empty .txt is
        raise CorpusError(Problem("error", "the file holds no text", name))
    text = "\n".join(doc.lines)
    lang = _script_language(text)
    sample = doc.lines[:SAMPLE_LINES]
    kind = _kind(sample, lang)
    layout = detect_layout(data, name, decoded, lang) if kind == "laws" else None
    words, by_law, shaped = _text_words(doc.lines, lang)
    return Detected(doc.format, doc.encoding, lang, kind, _edition(sample), len(doc.lines), layout,
                    _title(sample, lang), tuple(doc.warnings), words, tuple(by_law.items()),
                    shaped=kind != "laws" or layout is not None or shaped)


def _headings(lines: list[str], layout, lang: str, web: bool = False) -> int:
    """How many of ``lines`` are headings in ``layout``: a division, a law, a level, a list
    layout's bullet. Each line is read as cleaning leaves it (``clean.PRE_RULES``): a framed
    page number («- 5 -») is the page's footer, no bullet. The page's furniture in ``lang``
    is left out first (``furniture.prepare``: a list of share buttons under
    «Share this:», a row of tags), and a list after the text's last sentence -- items with
    no law text under them or in them -- counts no bullet, nor one before the first law's
    heading (cold read 8 finding 2, a share list over a post): what decides the layout is how
    the law text is printed, not any list of the page (cold read 8, finding 2). A list
    layout scores its bullets and the law and division headings only: the level headings it
    takes from its base layout read a page's <h3> sections, and would otherwise tie it with
    that base on any book, its few dashed lines («- 76 ло 57)…», a footer glued to its page's
    text) then making it win."""
    kinds = ("division", "law", "bullet", *layout.levels)
    scored = ("division", "law", "bullet") if layout.lists else kinds
    from .furniture import SENTENCE_TAIL, prepare

    kept, _ = prepare(list(lines), "laws", lang, lambda s: layout.classify(s.strip()).kind in kinds, web=web)
    read = [(layout.classify(_as_cleaned(line)).kind, line.strip()) for line in kept if line.strip()]
    last = max((k for k, (_, line) in enumerate(read) if SENTENCE_TAIL.search(line)), default=len(read) - 1)
    # nor a list before the first law's heading (share buttons over a post): a page whose text
    # has no law heading counts its bullets wherever they stand
    first = min((k for k, (kind, _) in enumerate(read) if kind in ("division", "law")), default=0)
    return sum(1 for k, (kind, _) in enumerate(read) if kind in scored and (kind != "bullet" or first <= k <= last))


def _as_cleaned(line: str) -> str:
    from .clean import PRE_RULES

    for rule in PRE_RULES:
        line = rule(line)
    return line.strip()


PAGED = 2  # page footers of this many different pages make a file a cut of a book's stream of pages


def _paged(lines: list[str], layout, lang: str) -> bool:
    """Whether ``lines`` carry a book's page footers («- 5 -», «- 5», «[5]», «Page 5 of 12»),
    each ending a page of text: a book's pages, not a web page (a layout that reads a whole
    document, ``stream = false``, is not theirs). Page numbers on lines of their own with
    no text between (a web page's pager: «Page 1» «Page 2» «Page 3») are no pages."""
    from .furniture import page_of_n

    pages: set[str] = set()
    text = False  # text since the last page number
    for line in lines:
        s = _as_cleaned(line)
        if not s:
            continue
        if (c := layout.classify(s)).kind == "footer" or page_of_n(s, lang):
            if text:
                pages.add(c.label if c.kind == "footer" else s)
            text = False
        else:
            text = True
    return len(pages) >= PAGED


def detect_layout(data: bytes, name: str, decoded, lang: str) -> str | None:
    """The profile's layout a file's headings follow, where another than ``lang``'s default
    reads more of its lines as headings (a web page's bullets or HTML lists, a code printed
    otherwise): its name, else None (the default serves). Each layout of the language reads
    the file as the build would -- a list layout's HTML list items written with its bullet."""
    grammar = default_grammar()
    default = grammar.layout_for(lang)
    counts: dict[str, int] = {}
    paged = None
    for candidate in grammar.layout_names:
        try:
            layout = grammar.layout_for(lang, candidate)
        except CorpusError:
            continue
        if layout.lang not in (None, lang):
            continue
        try:
            doc = formats.read_document(data, name, decoded, bullet=layout.bullets[:1] if layout.lists else None)
        except CorpusError:
            continue
        if not layout.stream:  # a web page's layout: a file of a book's pages is none
            if paged is None:  # read with no bullet: a list item «5» of a web page is no footer
                paged = _paged(formats.read_document(data, name, decoded).lines, default, lang)
            if paged:
                continue
        counts[candidate] = _headings(doc.lines[:SAMPLE_LINES], layout, lang, doc.format in ("html", "mhtml"))
    if not counts:
        return None
    best = max(counts, key=lambda n: (counts[n], n == default.name))
    return best if best != default.name and counts[best] > counts.get(default.name, 0) else None


TEXT_WORD = re.compile(r"[^\W\d_]{2,}")


# a sentence of text: a few words, its stop at the end (a page of a law's text without a heading)
SENTENCE = re.compile(r"(?:[^\W\d_]{2,}\W+){1,}.*[.!?;…]\W*$")


def _text_words(lines: list[str], lang: str) -> tuple[int, dict[str, int], bool]:
    """The words of a file's text once its furniture (site headers, pagers, link rows: the
    rules of lawsearch/furniture.py) is left out: what a page brings of the code, not of its
    site; the words under each law's heading (by the law's number); and whether the text
    has the shape of law text: a heading the layout reads, or at least a sentence (a page of
    a law's text cut where no heading falls) -- a line of notes («мои заметки: скачал с
    сайта») has neither. The headings are read as the build reads them: with the language's
    layout, a heading split over two lines (an FB2 title of two paragraphs, ``Правило 40`` /
    its title) joined first."""
    from .clean import _read_by_layout
    from .furniture import prepare

    layout = default_grammar().layout_for(lang)
    kept, _ = prepare(lines, "laws", lang, lambda s: _read_by_layout(s, layout), bare=layout.bare_heading)
    by_law: dict[str, int] = {}
    law = None
    shaped = False
    heads = ("division", "law", "bullet", *default_grammar().levels)
    for line in kept:
        found = layout.classify(line.strip())
        shaped = shaped or found.kind in heads or bool(SENTENCE.match(line.strip()))
        if found.kind == "law" and found.label:
            law = found.label.upper()
            by_law.setdefault(law, 0)
        if law is not None:
            by_law[law] += len(TEXT_WORD.findall(line))
    return sum(len(TEXT_WORD.findall(line)) for line in kept), by_law, shaped


def law_text_amounts(held: dict[str, dict[str, int]]) -> dict[str, tuple[int, int]]:
    """Each language's law text as (words under the laws no other language holds, laws it
    holds), from ``held`` (language -> words by law). A law both languages hold is one text
    and its translation: a translation is shorter or longer than its original by the
    language, not by the amount of law it brings, so its words are not compared.

    >>> law_text_amounts({"ru": {"12": 40, "13": 50}, "en": {"12": 60, "13": 70}})
    {'ru': (0, 2), 'en': (0, 2)}
    >>> law_text_amounts({"ru": {"12": 40, "14": 50}, "en": {"12": 60}})
    {'ru': (50, 2), 'en': (0, 1)}
    """
    out = {}
    for lang, laws in held.items():
        others = {law for other, theirs in held.items() if other != lang for law in theirs}
        out[lang] = (sum(n for law, n in laws.items() if law not in others), len(laws))
    return out


# Words of law text in two languages differ by up to this ratio for the same text (a
# translation is shorter or longer than its original): within it, the number of laws decides
WORDS_RATIO = 1.5


def main_language_of(amounts: dict[str, int], held: dict[str, dict[str, int]] | None = None) -> tuple[str, str] | None:
    """The corpus's main language by the amount of law text in each, and the reason in
    words; None when there is no law text. ``held`` (language -> words of law text by law):
    the words of the laws only one language holds (``law_text_amounts``) decide when they
    differ by more than a translation does (``WORDS_RATIO``), else the number of laws; a folder of one text and its translation (the same laws) is
    a tie, which goes to the profile's order of languages -- never to raw word counts, as a
    translation is nearly always shorter or longer than its original. Without ``held``, or
    when no law heading was read, ``amounts`` (words of law text per language) decides.

    >>> main_language_of({"en": 120, "ru": 300})
    ('ru', 'it has the most law text: ru 300 words, en 120 words')
    >>> main_language_of({"en": 193, "ru": 131}, {"en": {"12": 90, "13": 103}, "ru": {"12": 60, "13": 71}})[0]
    'ru'
    >>> main_language_of({"en": 212, "ru": 208}, {"en": {"30": 70, "31": 72, "32": 70},
    ...                                           "ru": {str(n): 41 for n in range(12, 17)}})[0]
    'ru'
    """
    if not amounts:
        return None
    order = {lang: n for n, lang in enumerate(load_profile().languages)}
    held = {lang: laws for lang, laws in (held or {}).items() if laws and lang in amounts}
    if len(held) == len(amounts) > 1:
        weighed = law_text_amounts(held)
        most = max(words for words, _ in weighed.values())

        def weight(lang):  # words decide only when they differ by more than a translation does
            words, laws = weighed[lang]
            return (words * WORDS_RATIO < most, -laws, -words, order.get(lang, len(order)), lang)

        ranked = sorted(weighed, key=weight)
        if all(weighed[lang] == weighed[ranked[0]] for lang in ranked) or not most and len(
                {weighed[lang][1] for lang in ranked}) == 1:
            said = ", ".join(f"{lang} {weighed[lang][1]} laws" for lang in ranked)
            return ranked[0], (f"every language holds the same laws ({said}), one a translation of the other; "
                               "the profile's first language")
        said = ", ".join(f"{lang} {weighed[lang][1]} laws, {weighed[lang][0]:,} words of laws no other language has"
                         for lang in ranked)
        return ranked[0], f"it has the most law text: {said}"
    ranked = sorted(amounts, key=lambda lang: (-amounts[lang], order.get(lang, len(order)), lang))
    said = ", ".join(f"{lang} {amounts[lang]:,} words" for lang in ranked)
    if len(ranked) == 1:
        return ranked[0], f"all the law text is in it ({said})"
    return ranked[0], f"it has the most law text: {said}"


def _hold(held: dict[str, dict[str, int]], found: Detected) -> None:
    """Add a file's words by law to its language's."""
    laws = held.setdefault(found.lang, {})
    for law, n in found.law_words:
        laws[law] = laws.get(law, 0) + n



def _title(lines: list[str], lang: str) -> str | None:
    """The title on the title page a text opens with (``structure.apparatus.front_block``), else None."""
    from .structure.apparatus import Apparatus, front_block, parse_front

    profile = load_profile()
    words = Apparatus.of(profile, lang)
    n = front_block(lines, words, default_grammar().layout_for(lang))
    return parse_front(lines[:n], words).get("title") if n else None


def _script_language(text: str) -> str:
    """The code profile's language whose script most of ``text``'s words are in (its first
    language when none is: a text of digits)."""
    languages = load_profile().languages
    return plausibility.script_language(text, languages) or languages[0]


def _kind(lines: list[str], lang: str) -> str:
    """``toc`` or ``index`` when every page is plainly a contents or index page; ``front``
    when the file is a title page and nothing else;
    ``commentary`` when numbered commentary paragraphs (``47.8. …``) outnumber the law
    layout's headings, or at least two of them follow the commentary heading of their own
    law (``Правило 47. …`` then ``47.8.``) and outnumber the law text's sections and
    clauses, or at least half the law headings are followed right away by a paragraph
    numbered after their law (a short commentary: one heading and one ``43.2.``, whatever
    follows it); else ``laws``."""
    from .clean import framed_page_numbers
    from .structure.apparatus import whole_kind

    # a framed page number («— 5 —», «[5]») is the page's footer, as cleaning makes it: the
    # pages are cut there (a book of many pages is no one page of an index's «—» entries)
    apparatus = whole_kind([framed_page_numbers(line) for line in lines], load_profile(), lang)
    if apparatus is not None:  # every page a contents or index page (issue 13)
        return apparatus
    from .structure.apparatus import Apparatus, commentary_cut, front_block, inline_commentary

    # a title page in a file of its own: the whole file is the page (its footer and imprint
    # included), filed as ``front`` as a contents or index file is filed as its kind
    end = front_block(lines, Apparatus.of(load_profile(), lang), default_grammar().layout_for(lang))
    if end and len(lines) < SAMPLE_LINES and not any(line.strip() for line in lines[end:]):
        return "front"
    paragraph, heading = default_grammar().commentary(lang)
    # a law's commentary block set after its text («Комментарий к правилу 20» / «20.1. …») is
    # a part of the law text: its paragraphs count for no commentary file
    blocks = inline_commentary(lines, Apparatus.of(load_profile(), lang), default_grammar().layout_for(lang), paragraph)
    inside = {k for first, last in blocks for k in range(first, last + 1)}
    lines = ["" if k in inside else line for k, line in enumerate(lines)]
    kinds = [classify(line.strip(), lang).kind for line in lines]
    levels = default_grammar().levels  # the profile's levels below a law, outermost first
    headings = sum(1 for k in kinds if k in ("division", "law", *levels))

    cut = commentary_cut(lines, Apparatus.of(load_profile(), lang), default_grammar().layout_for(lang))
    if cut is not None and not any(paragraph.match(line.strip()) for line in lines[:cut]):
        # law text, then the commentary's heading alone: a whole book with its commentary
        # after the laws (the build reads the rest as the commentary)
        return "laws"
    paragraphs, agreeing, law, opening = 0, 0, None, 0
    after_heading = False  # the line before (empty lines aside) is a commentary heading
    for line in lines:
        if not line.strip():
            continue
        if m := heading.match(line.strip()):
            law, after_heading = m["law"], True
            continue
        if m := paragraph.match(line.strip()):
            paragraphs += 1
            agreeing += law is not None and m["law"] == law
            # a law's text opens with its own words or its first section, never a paragraph
            # numbered after the law (``43.2.``): that is the law's commentary, however short
            opening += after_heading and m["law"] == law
        after_heading = False
    # a short commentary: its law headings («Правило 2. ДОСКИ») are as many as its paragraphs,
    # but the paragraphs are numbered after the law of the heading above them (``2.1.``), and
    # law text has sections (``A.``) where the commentary has those paragraphs
    sections = sum(1 for k in kinds if levels and k == levels[0])  # the level below a law
    return "commentary" if paragraphs > headings or agreeing >= 2 and agreeing > sections \
        or opening and opening * 2 >= headings and agreeing > sections else "laws"


def edition_pattern(profile) -> re.Pattern | None:
    """A year next to a word naming an edition, in any of the profile's languages: the
    words are the profile's ``[apparatus.<lang>.front] edition`` (the title page's edition
    line), the year follows them or comes just before. None when the profile names none."""
    from .structure.apparatus import Apparatus

    words = "|".join(f"(?:{p})" for lang in profile.languages
                     for p in Apparatus.of(profile, lang).front.get("edition", ()))
    if not words:
        return None
    return re.compile(rf"(?:{words})\D{{0,30}}?((?:19|20)\d\d)|((?:19|20)\d\d)\D{{0,12}}(?:{words})", re.I)


def _edition(lines: list[str]) -> str | None:
    """The year of the edition when the text names one (``издание 1987 года``, ``2017 Edition``)."""
    pattern = edition_pattern(load_profile())
    if pattern is None:
        return None
    for line in lines:
        m = pattern.search(line)
        if m:
            return m.group(1) or m.group(2)
    return None


def entry_for(path: str, found: Detected) -> dict[str, Any]:
    """The manifest entry of a detected file; ``detected`` lists every value guessed."""
    entry: dict[str, Any] = {"path": path, "lang": found.lang, "kind": found.kind}
    detected = ["lang", "kind"]
    if found.edition:
        entry["edition"] = found.edition
        detected.append("edition")
    if found.layout:
        entry["layout"] = found.layout
        detected.append("layout")
    entry["encoding"] = "auto"
    entry["detected"] = detected
    return entry


def _toml_value(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def entry_toml(entry: dict[str, Any]) -> str:
    """
    >>> print(entry_toml({"path": "laws/ru/a.txt", "lang": "ru", "detected": ["lang"]}), end="")
    <BLANKLINE>
    [[source]]  # added by lawsearch add: check the detected values
    path = "laws/ru/a.txt"
    lang = "ru"
    detected = ["lang"]
    """
    return ("\n[[source]]  # added by lawsearch add: check the detected values\n"
            + "".join(f"{k} = {_toml_value(v)}\n" for k, v in entry.items()))


def add_files(root: Path, files: list[Path], chosen: dict[str, str] | None = None,
              found_in_folders: frozenset[Path] = frozenset(), refused: list[Problem] | None = None) -> list[Added]:
    """Copy ``files`` into the corpus folder ``root`` and list them in its manifest (made
    when there is none). All or nothing: every file is read and checked first; a failure
    leaves the folder as it was -- except a file of ``found_in_folders`` (one a folder given
    held, not named by the user) that cannot be read (a scanned PDF with no text layer, a
    damaged file): it is left out, its problem put in ``refused``, and the rest is added.
    A file with the same bytes as a source already listed (or as one given before it) is
    not added again: it comes back ``skipped``. A new manifest's main language is the one
    with the most law text; ``chosen`` (when given) gets it and why (``lang``, ``why``)."""
    root = Path(root)
    plans: list[tuple[Path, Path, dict[str, Any]]] = []
    titles: list[str] = []  # the title pages' titles, for a new manifest's [code] title
    amounts: dict[str, int] = {}  # words of law text in each language: the most is the corpus's own
    held_laws: dict[str, dict[str, int]] = {}  # words of law text by law in each language
    problems: list[Problem] = []
    taken = _listed_paths(root)
    held = _listed_hashes(root, taken)  # a file added twice would be read twice (its index, its title page)
    skipped: list[Added] = []
    said: dict[Path, tuple[str, ...]] = {}  # each file's reader warnings
    for file in files:
        file = Path(file)
        try:
            data = file.read_bytes()
        except OSError as e:
            problems.append(Problem("error", f"cannot read it: {e.strerror or e}", str(file)))
            continue
        digest = hashlib.sha256(data).hexdigest()
        if digest in held:
            skipped.append(Added(file, held[digest], {}, skipped=True))
            continue
        try:
            found = detect(data, str(file))
        except CorpusError as e:
            if refused is not None and file in found_in_folders:
                refused += e.problems  # one file of a folder: said, left out, the rest added
            else:
                problems += e.problems
            continue
        if not found.shaped:
            skipped.append(Added(file, file, {}, skipped=True, why=(
                "no law heading and no sentence of text in it (notes, a list of names?): not a source of law "
                "text; a file of the code's text has its headings or its sentences")))
            continue
        relative = _free_name(root, f"{found.kind}/{found.lang}", file.name, taken)
        taken.add(relative)
        held[digest] = root / relative
        if found.title:
            titles.append(found.title)
        if found.kind == "laws":
            amounts[found.lang] = amounts.get(found.lang, 0) + found.words
            _hold(held_laws, found)
        plans.append((file, root / relative, entry_for(relative, found)))
        said[file] = found.warnings
    if problems:
        raise CorpusError(problems)
    if not plans:
        return skipped  # nothing to add (unreadable, added before, no law text): no manifest is made for nothing
    manifest = root / MANIFEST
    old = manifest.read_text(encoding="utf-8") if manifest.is_file() else _new_manifest(plans, titles[0] if titles else None, amounts,
                                                                                              held_laws)
    if not manifest.is_file() and chosen is not None and (main := main_language_of(amounts, held_laws)):
        chosen["lang"], chosen["why"] = main
    new = old.rstrip("\n") + "\n" + "".join(entry_toml(e) for _, _, e in plans)
    copied: list[Path] = []
    try:
        for source, target, _ in plans:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            copied.append(target)
        _write_atomically(manifest, new)
    except OSError as e:
        for path in copied:
            path.unlink(missing_ok=True)
        raise CorpusError(Problem("error", f"cannot write the corpus folder: {e.strerror or e}", str(root))) from None
    return [Added(s, t, e, warnings=said.get(s, ())) for s, t, e in plans] + skipped


def _listed_hashes(root: Path, listed: set[str]) -> dict[str, Path]:
    """sha256 → path of each source the manifest lists that is there to read."""
    out: dict[str, Path] = {}
    for relative in sorted(listed):
        path = root / relative
        try:
            out.setdefault(hashlib.sha256(path.read_bytes()).hexdigest(), path)
        except OSError:
            continue  # a listed file that is gone: `check` says so
    return out


def _listed_paths(root: Path) -> set[str]:
    manifest = root / MANIFEST
    if not manifest.is_file():
        return set()
    import tomllib

    try:
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise CorpusError(Problem("error", f"the manifest is not valid TOML ({e}); mend it before adding", str(manifest)))
    return {s.get("path", "") for s in data.get("source", []) if isinstance(s, dict)}


def _free_name(root: Path, folder: str, name: str, taken: set[str]) -> str:
    """``folder/name``, or ``folder/stem-2.ext`` when that is taken (source IDs are stems:
    two files may not share one)."""
    stem = formats.split_suffix(name)[0]
    suffix = name[len(stem):]
    stems = {formats.split_suffix(Path(p).name)[0] for p in taken}
    stems |= {formats.split_suffix(p.name)[0] for p in (root / folder).glob("*")} if (root / folder).is_dir() else set()
    candidate, n = stem, 1
    while candidate in stems:
        n += 1
        candidate = f"{stem}-{n}"
    return f"{folder}/{candidate}{suffix}"


def _new_manifest(plans, title: str | None = None, amounts: dict[str, int] | None = None,
                  held: dict[str, dict[str, int]] | None = None) -> str:
    """The manifest of a new corpus: the title its title page gives (else the profile's
    code title), the profile's range of laws, the sources' edition and main language (the
    one with the most words of law text, ``amounts``: three short web pages in English do not
    outweigh a Russian book, whatever the order or number of the files; the reason is written
    beside it)."""
    profile = load_profile()
    editions = sorted({e["edition"] for _, _, e in plans if "edition" in e})
    langs = [e["lang"] for _, _, e in plans if e["kind"] == "laws"]
    low, high = profile.data.get("laws", [1, 1])
    title = title or str(profile.data.get("title") or "")
    lines = ["# Made by lawsearch add; each [[source]]'s `detected` lists the values it guessed.",
             "", "[code]", f"title = {_toml_value(title)}", f"laws = [{int(low)}, {int(high)}]"]
    if editions:
        lines.append(f'edition = "{editions[0]}"')
    main = main_language_of(amounts or {}, held)
    if main:
        lines.append(f"# the main language (its tree, IDs and search): {main[1]}; change it here")
        lines.append(f'lang = "{main[0]}"')
    elif langs:
        lines.append(f'lang = "{max(set(langs), key=langs.count)}"')
    return "\n".join(lines) + "\n"


def _write_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".manifest-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


SNIFF_BYTES = 1 << 16  # enough of a file's start to tell its format (a zip's list of names is at its end)


def _raw_files(root: Path, skipped: list[tuple[Path, str]] | None = None) -> list[Path]:
    """Files of a format we read in a folder -- by their name or, whatever their name, by
    their content (an FB2 saved as .txt, a page saved as .mhtml) -- hidden ones and the
    build's left out. ``skipped`` gets every other file with the reason: a format refused
    with the way to convert it (an old Word file, a DjVu scan), or one not read here."""
    out = []
    for p in sorted(root.rglob("*")):
        if not p.is_file() or any(part.startswith(".") for part in p.relative_to(root).parts):
            continue
        try:
            with p.open("rb") as f:
                head = f.read(SNIFF_BYTES)
            data = p.read_bytes() if head.startswith(b"PK") else head
        except OSError as e:
            if skipped is not None:
                skipped.append((p, f"cannot read it: {e.strerror or e}"))
            continue
        if (message := formats.refusal(p.name, data)) is not None:
            if skipped is not None:
                skipped.append((p, message))
        elif formats.sniff(data) is not None or formats.format_of(p.name):
            out.append(p)
        elif skipped is not None:
            suffix = formats.split_suffix(p.name)[1] or "no suffix"
            skipped.append((p, f"not a format lawsearch reads ({suffix}); it reads .txt, .fb2, .fb2.zip, .epub, "
                               ".html/.htm, .mhtml, .docx, .rtf and .pdf, whatever the file's name"))
    return out


def expand_folders(paths: list[Path], skipped: list[tuple[Path, str]] | None = None) -> list[Path]:
    """Files as given, and for a folder every file in it of a format we read; ``skipped``
    gets each other file of a folder with the reason (``_raw_files``).

    >>> expand_folders([Path("a.txt")])
    [PosixPath('a.txt')]
    """
    out: list[Path] = []
    for path in paths:
        out += _raw_files(path, skipped) if path.is_dir() else [path]
    return out


def _head(path: Path) -> bytes | None:
    """A file's first bytes (its format's signature), or None when it cannot be read."""
    try:
        with path.open("rb") as f:
            return f.read(SNIFF_BYTES)
    except OSError:
        return None


def holds_raw_files(root: Path) -> bool:
    """Whether a folder with no manifest holds raw files to read with detected values."""
    try:
        return root.is_dir() and bool(_raw_files(root))
    except OSError:
        return False


def implicit_manifest(root: Path) -> str | None:
    """The manifest a folder of raw files with none would get from ``lawsearch add``: every
    file of a format we read, under ``laws/``, ``commentary/`` or the folder itself, with
    the detected values. None when the folder holds no such file. A file of a format we
    refuse (an old Word .doc, a .djvu scan) is an error naming it and how to convert it,
    as ``lawsearch add`` says of it and as an empty text is: never skipped in silence."""
    refused = [Problem("error", f"{message}; or write a manifest.toml that lists only the files to read", str(p))
               for p in sorted(root.rglob("*"))
               if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)
               and (message := formats.refusal(p.name, _head(p)))]
    if refused:
        raise CorpusError(refused)
    files = _raw_files(root)
    plans = []
    amounts: dict[str, int] = {}
    held: dict[str, dict[str, int]] = {}
    for file in files:
        found = detect(file.read_bytes(), str(file))
        plans.append((file, file, entry_for(file.relative_to(root).as_posix(), found)))
        if found.kind == "laws":
            amounts[found.lang] = amounts.get(found.lang, 0) + found.words
            _hold(held, found)
    if not plans:
        return None
    return _new_manifest(plans, amounts=amounts, held=held) + "".join(entry_toml(e) for _, _, e in plans)
