"""Write a deterministic synthetic corpus N times the size of the seed corpus.

Benchmarks need a corpus larger than the five seed files that still reads like them: the
same damage, headings, references and page model, and a vocabulary that grows as real
text does. Every source is copied N times; the raw seed files are only read, and
everything is written to a NEW directory with its own manifest.toml, curation.toml and
titles-en.toml pointing at the copies.

Usage:

    python benchmarks/make_corpus.py --scale N --seed S --out DIR [--corpus corpus] [--force]

Example (three copies of every source: laws 1-54, pages 76-110):

    .venv/bin/python benchmarks/make_corpus.py --scale 3 --seed 1 --out /tmp/syn3
    .venv/bin/lawsearch build --corpus /tmp/syn3

**Law numbers.** The seeds hold 18 laws (45-62) of a code of laws 1-93. Copy k gets an
18-law window of the code's range: five windows fit (laws 1-18, 19-36, 37-54, 55-72,
73-90), so copies 0-4 make one *block* whose numbers all lie within 1-93, as a real
code's do. References move with their copy and wrap around inside 1-93 ("правило 16A"
in the window of laws 1-18 becomes 65A), so every one stays a reference to a law of the
code. A sixth copy would repeat law numbers, and the parser takes a repeated law heading
for an error (one code per corpus; `lawsearch check` says "heading of 50B repeats the one
at ..."), so until the editions work lets each block be an edition of its own, block b
is numbered as law 100*b + n (law 347 is law 47 of block 3), its sources are marked
``edition = "<edition>-b<b>"`` in the manifest, and the manifest's range is
[1, 100*(blocks - 1) + 93]. The 10 numbers between two blocks (91-100) are laws no copy
holds: the parser gives each a "missing" node (``law_gaps`` counts them). From block 10
on (N > 50) law numbers have four digits; at most 500 copies keep them below 10,000.

**Pages.** Copy k's pages are the seeds' plus 12*k (76-86, 88-98, ...): pages stay
unique across the corpus, as the page model needs, with one lost page between copies so
no page of one copy continues another's; at 500 copies the last page is 6074 -- never
five digits.

**Vocabulary.** Real text meets new words at a rate Heaps' law describes: V = K * N^beta
distinct word forms after N words, beta about 0.6 for Russian prose. K is fitted to the
seeds (604 forms in 1,993 words), and each copy brings in the new forms that keep V on
that curve: after copy k the corpus holds K * N_k^0.6 forms. About 30% of the replaceable
words of a copy (lower-case Cyrillic body words of four letters or more, never a heading
or a reference word) are replaced; as many of those replacements as the curve asks for
bring a form never seen before -- another form of the replaced word's own lemma, or a
lemma new to the corpus drawn from the pymorphy3 dictionary and inflected like the word
it replaces (same part of speech, case, number, gender, tense, person: pymorphy3's
``inflect``); the others reuse forms already in the corpus, preferring another form of the
same lemma. Measured (seed 1): 622, 2,390, 6,309, 9,566 and 14,509 forms at 1, 10, 50,
100 and 200 copies against 604, 2,405, 6,316, 9,573 and 14,510 on the curve; beta fitted
on the output 0.595.

**Determinism.** The same --scale and --seed always give byte-identical output (with the
same pymorphy3 dictionary), and copy k is the same whatever N is: copies are generated in
order k = 0, 1, ... from one random.Random(S), and each copy's new forms depend only on the
copies before it; nothing iterates a set or a dict in an order that follows string hashing
(PYTHONHASHSEED). DIR must be empty or missing unless --force is given; --force deletes
only the files a previous run listed in DIR/manifest.toml (and the TOML files) before
writing. Standard library and pymorphy3 only.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PAGE_STEP = 12           # seed pages are 76-86: 11 pages and one lost page between copies
PERTURB_RATE = 0.30      # share of eligible words replaced in each copy
RUN_IN_TITLE_WORDS = 6   # words after a run-in heading label that belong to its title
MIN_WORD_LENGTH = 4      # shorter words (и, на, ход, ло) are function words or halves
HEAPS_BETA = 0.6         # V = K * N^beta; K is fitted to the seeds
SAME_LEMMA_SHARE = 0.5   # of the new forms, the share taken from the replaced word's own lemma
MAX_LAW = 9999           # law numbers keep at most four digits
LEMMA_TRIES = 8          # new lemmas tried for one replacement before falling back

# --------------------------------------------------------------------------- patterns
# Renumbering runs on the whole text of a file (re.M), so that a reference split by a
# line break ("правило" / "53" in the wider book) is caught too.

# A page footer: "- 76" at a line start, alone or followed by the next piece's text.
#   "- 84"   "- 76 ло 57), есть штрафная карта"   (not "(*) - Если …": not at a line start)
FOOTER = re.compile(r"^(?P<dash>-[ \t]+)(?P<page>\d+)(?!\S)", re.M)

# A law reference or heading: any word starting "правил"/"Правил", whitespace, a number;
# a letter suffix (Latin or Cyrillic look-alike) stays as it is because only the digits
# are replaced.
#   "Правило 46. Неполное"  "правилом 53"  "Правилу 47F"  "Правилом 12А2"  "Правило 16С2"
# Across a line break only when the next line does not start with a heading label:
# "…требуют Правила" / "1.Карта вистующего" is not a reference to law 1.
REFERENCE = re.compile(
    r"""
    (?<!\w)
    (?P<word>[Пп]равил[а-яё]*)
    (?P<space>[ \t]+|[ \t]*\r?\n[ \t]*(?!\d+\.\S))
    (?P<law>\d+)
    """,
    re.M | re.VERBOSE,
)

# The surviving half of a reference split across a lost page: "- 76 ло 57), есть …"
# (000:11), i.e. "прави-" / "ло 57)" at the start of a page piece.
HALF_REFERENCE = re.compile(r"^(?P<head>(?:-[ \t]+\d+[ \t]+)?ло[ \t]+)(?P<law>\d+)", re.M)

# A commentary paragraph number at a line start: "47.8. Нелегально взятая назад карта".
COMMENTARY_PARAGRAPH = re.compile(r"^(?P<law>\d+)(?P<rest>\.\d+\.)", re.M)

# A reference to a commentary paragraph (wider book): "п.54.1", "п. 54.1".
PARAGRAPH_REFERENCE = re.compile(r"(?<!\w)(?P<head>п\.[ \t]*)(?P<law>\d+)(?P<rest>\.\d+)")

# A law heading anywhere in a line, used to learn which laws the seeds hold.
#   "Правило 46. Неполное …"   "- 84 Правило 54. Показанный …"   "Правило 48. ОТКРЫТИЕ …"
LAW_HEADING = re.compile(r"(?:^|\s)Правило[ \t]+(?P<law>\d+)\.", re.M)

# Lines whose every word stays: headings and their continuations. Titles are rejoined
# across lines by dictionary look-up and matched against known titles, so a replaced word
# there would change what the parser sees, not just the wording.
#   "Правило 57. Преждевременный ход или игра"  "B.Не тот вистующий…"  "1.Карта вистующего"
#   "(A).Разыгрывающий требует хода в опреде"  "Раздел II - Нарушения…"
LAW_HEADING_LINE = re.compile(r"^(?:Правило \d+\.|[A-Z]\.|\d+\.|\(\w\)\.|Раздел |Глава |Часть )")
# In the commentary "47.8. Нелегально…" opens a paragraph, not a heading, so only the
# law headings, divisions and "..page" directives are kept whole there.
COMMENTARY_HEADING_LINE = re.compile(r"^(?:Правило \d+\.|Раздел |Глава |Часть |\.\.page)")

# A heading run into the previous paragraph: "…старшинство этой карты. B.Неполное или
# ошибочное называние". Its label has no space after the dot and a capital after it;
# references never look like that ("см. раздел C ниже", "правило 50E.").
RUN_IN_LABEL = re.compile(r"(?<![\w.])(?:[A-Z]|\d{1,2}|\(\w{1,2}\))\.(?=[A-ZА-ЯЁ])")

# Marks that are not words; masked before looking for a line's first and last word.
#   "- 80 картой(*) после"  "…вполне могли бы быть(DC4)"  "..page3"
NON_WORD_MARK = re.compile(r"^-[ \t]+\d+|\(DC4\)|\(\*+\)|\.\.page\w*", re.M)

# A word token: letters/digits, hyphenated compounds kept whole ("12-й", "какой-нибудь").
TOKEN = re.compile(r"\w+(?:-\w+)*")
# A token that may be replaced: a pure lower-case Cyrillic word of 4+ letters.
REPLACEABLE = re.compile(r"[а-яё]{%d,}" % MIN_WORD_LENGTH)
HAS_LETTER = re.compile(r"[^\W\d_]")

# Words that carry references or their scope: "правило 50", "раздел C ниже",
# "предшествующим разделам", "данного правила", "см. выше". They are never replaced, and
# never used as replacements (a replacement "правилом" before "2 или более" would invent
# a reference to law 2).
REFERENCE_WORD_PREFIXES = ("прав", "разд", "предш", "данн", "ниже", "выше")

# Codecs tried for encoding = "auto" when the bytes are not UTF-8 (manifest comments).
LEGACY_CODECS = ("cp1251", "koi8-r", "cp866")
COMMON_RUSSIAN_LETTERS = "оеаинтсрвлкмдпу"


# --------------------------------------------------------------------------- data
@dataclass(frozen=True)
class Source:
    """One raw source of the seed corpus, as the manifest describes it."""

    path: str            # relative to the corpus folder: "laws/ru/000_58dbb1f2fde933c1.txt"
    fields: dict         # the manifest's keys for it, in their order
    encoding: str        # the codec its bytes are read and written with
    text: str

    @property
    def kind(self) -> str:
        return self.fields.get("kind", "laws")

    @property
    def stem(self) -> str:
        return Path(self.path).stem

    def copy_path(self, k: int) -> str:
        """``"laws/ru/000_58dbb1f2fde933c1.txt"`` → ``"laws/ru/000_58dbb1f2fde933c1_k3.txt"``."""
        path = Path(self.path)
        return (path.parent / f"{path.stem}_k{k}{path.suffix}").as_posix()

    def copy_stem(self, k: int) -> str:
        return f"{self.stem}_k{k}"


@dataclass(frozen=True)
class Seeds:
    """The seed corpus: manifest, sources, curation and titles, as read."""

    manifest: dict
    sources: list[Source]
    curation: dict
    titles: dict
    headers: dict        # TOML file name → its leading comment block
    quoted_title_keys: bool
    first_law: int
    last_law: int

    @property
    def law_step(self) -> int:
        """Laws held by the seeds (45-62 → 18): the width of one copy's window of laws."""
        return self.last_law - self.first_law + 1

    @property
    def code_range(self) -> tuple[int, int]:
        low, high = self.manifest["code"].get("laws", [1, 93])
        return int(low), int(high)


@dataclass(frozen=True)
class Numbering:
    """Law and page numbers of the copies (the module docstring says why).

    >>> n = Numbering(low=1, high=93, first_law=45, law_step=18)
    >>> n.law(0, 45), n.law(0, 16), n.law(4, 62), n.law(5, 45), n.law(17, 47)
    (1, 65, 90, 101, 339)
    """

    low: int
    high: int
    first_law: int
    law_step: int
    library: bool = False    # --library: each block an edition of its own, numbered as the code is

    @property
    def per_block(self) -> int:
        """Copies whose windows fit in the code's range (93 // 18 = 5)."""
        return max(1, (self.high - self.low + 1) // self.law_step)

    @property
    def stride(self) -> int:
        """Distance between blocks: the power of ten above the code's last law (100)."""
        return 10 ** len(str(self.high))

    def law(self, k: int, number: int) -> int:
        """Seed law ``number`` (a heading or a reference) in copy k."""
        block, window = divmod(k, self.per_block)
        size = self.high - self.low + 1
        inside = (number - self.first_law + window * self.law_step) % size + self.low
        return inside if self.library else block * self.stride + inside

    def page(self, k: int, number: int) -> int:
        """Seed page ``number`` in copy k: pages run on through the corpus, or, in the
        library, through the block's edition (each edition is a book of its own)."""
        return number + (k % self.per_block if self.library else k) * PAGE_STEP

    def law_range(self, scale: int) -> list[int]:
        """The code's range written into the manifest for ``scale`` copies."""
        if self.library:
            return [self.low, self.high]
        return [self.low, ((scale - 1) // self.per_block) * self.stride + self.high]

    def law_gaps(self, scale: int) -> int:
        """Law numbers between the first and the last law of the copies that no copy
        holds (between blocks): the parser makes a "missing" law node for each."""
        if self.library:
            return 0
        blocks = (scale - 1) // self.per_block + 1
        return (blocks - 1) * (self.stride - self.per_block * self.law_step)

    def max_scale(self) -> int:
        """Copies whose law numbers stay at or below MAX_LAW (the library: any number)."""
        if self.library:
            return sys.maxsize
        return ((MAX_LAW - self.high) // self.stride + 1) * self.per_block

    @classmethod
    def of(cls, seeds: Seeds, library: bool = False) -> Numbering:
        low, high = seeds.code_range
        return cls(low, high, seeds.first_law, seeds.law_step, library)


# --------------------------------------------------------------------------- reading
def detect_encoding(raw: bytes) -> str:
    """The codec of a raw file for ``encoding = "auto"``: UTF-8 if it decodes, else the
    legacy Cyrillic code page whose decoding reads most like Russian."""
    if raw.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    try:
        raw.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        pass

    def russian_score(codec: str) -> int:
        text = raw.decode(codec, errors="replace")
        return sum(text.count(letter) for letter in COMMON_RUSSIAN_LETTERS)

    return max(LEGACY_CODECS, key=russian_score)


TITLES = "titles-en.toml"


def leading_comments(text: str) -> str:
    """The comment block a TOML file opens with (kept in the generated copy)."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines) + "\n" if lines else ""


def titles_file(corpus: Path, code: dict) -> Path:
    """The seed corpus's English titles: the file its manifest names, else its profile's."""
    if "titles" in code:
        return corpus / code["titles"]
    return Path(__file__).resolve().parent.parent / "lawsearch" / "profiles" / code.get("profile", "bridge") / "titles-en.toml"


def read_seeds(corpus: Path) -> Seeds:
    """Read the manifest, every source, the curation and the titles of a corpus folder."""
    manifest_text = (corpus / "manifest.toml").read_text(encoding="utf-8")
    manifest = tomllib.loads(manifest_text)
    code = manifest["code"]
    curation_text = (corpus / code["curation"]).read_text(encoding="utf-8")
    titles_text = titles_file(corpus, code).read_text(encoding="utf-8")
    titles = tomllib.loads(titles_text)

    sources = []
    for fields in manifest["source"]:
        raw = (corpus / fields["path"]).read_bytes()
        declared = fields.get("encoding", "auto")
        encoding = detect_encoding(raw) if declared == "auto" else declared
        sources.append(Source(fields["path"], dict(fields), encoding, raw.decode(encoding)))

    curation = tomllib.loads(curation_text)
    laws = seed_laws(sources, curation, titles)
    return Seeds(
        manifest=manifest,
        sources=sources,
        curation=curation,
        titles=titles,
        headers={"manifest.toml": leading_comments(manifest_text),
                 "curation.toml": leading_comments(curation_text),
                 "titles-en.toml": leading_comments(titles_text)},
        # Keep the key form of the original ("45 = …" or "\"45\" = …").
        quoted_title_keys=bool(re.search(r'^\s*"\d+"\s*=', titles_text, re.M)),
        first_law=min(laws),
        last_law=max(laws),
    )


def seed_laws(sources: list[Source], curation: dict, titles: dict) -> set[int]:
    """Law numbers the seeds hold: their headings, curated laws and titled laws (45-62)."""
    laws = {int(key) for key in titles.get("titles", {})}
    laws |= {int(piece["law"]) for piece in curation.get("piece", []) if "law" in piece}
    for source in sources:
        laws |= {int(match["law"]) for match in LAW_HEADING.finditer(source.text)}
    return laws


# --------------------------------------------------------------------------- renumbering
def renumber_laws(text: str, law: Callable[[int], int], kind: str) -> str:
    """Renumber every law number -- headings, references, commentary paragraphs -- with
    ``law`` (seed number → copy number).

    ``"применяется правило 57. C.Правильный"`` → ``"применяется правило 75. C.Правильный"``
    (law = n + 18); ``"1.Неполное"``, ``"12-й"``, ``"2 или более"``, ``"(A)"`` stay.
    """
    def shift(match: re.Match) -> str:
        # Replace only the digits of group "law"; everything around them stays as it was.
        whole, base = match.group(0), match.start()
        start, end = match.span("law")
        return whole[: start - base] + str(law(int(match["law"]))) + whole[end - base:]

    text = REFERENCE.sub(shift, text)
    text = HALF_REFERENCE.sub(shift, text)
    text = PARAGRAPH_REFERENCE.sub(shift, text)
    if kind == "commentary":
        # Only the commentary numbers paragraphs "47.8."; in the law text a line-start
        # number is a clause label ("1.Карта вистующего") and must stay.
        text = COMMENTARY_PARAGRAPH.sub(shift, text)
    return text


def renumber_pages(text: str, page: Callable[[int], int]) -> str:
    """Renumber every page footer: ``"- 76 ло 57)"`` → ``"- 88 ло 57)"`` (page = n + 12)."""
    return FOOTER.sub(lambda m: m["dash"] + str(page(int(m["page"]))), text)


# --------------------------------------------------------------------------- perturbation
def is_heading_line(line: str, kind: str) -> bool:
    """True for a heading or a heading continuation, whose words all stay.

    ``"вильного хода разыгрывающего"`` (continues ``"…после непра"``) → True;
    ``"- 85 C.Игра нарушившей стороны до утверждения нака"`` → True;
    ``"Когда вистующий не играет…"`` → False.
    """
    after_footer = re.sub(r"^-[ \t]+\d+[ \t]*", "", line)
    if kind == "commentary":
        # The commentary is hard-wrapped between words, so a lower-case line start is an
        # ordinary wrapped line there (joined with a space), not a heading continuation.
        return bool(COMMENTARY_HEADING_LINE.match(after_footer))
    if LAW_HEADING_LINE.match(after_footer):
        return True
    # A title split by its lost underline continues after the "?" run:
    # "Правило 59. Неспособность сделать ход или" / "??????? сыграть как требуется".
    # A footer is not stripped here: "- 81 взятке со стола" is a page starting mid-sentence.
    start = line.lstrip("? \t")
    return bool(start) and start[0].islower()


def protected_token_starts(line: str, tokens: list[re.Match]) -> set[int]:
    """Start offsets of ``tokens`` (found with NON_WORD_MARK masked) that must stay even
    on a body line.

    The first and last word of the line (a heading may wrap there and be rejoined by
    dictionary look-up; "ло" after a footer is half a word), and the title words after a
    run-in heading label ("…карты. B.Штрафная карта остаётся открытой").
    """
    words = [m for m in tokens if HAS_LETTER.search(m.group(0))]
    protected = {words[0].start(), words[-1].start()} if words else set()
    for label in RUN_IN_LABEL.finditer(line):
        title = [m for m in tokens if m.start() >= label.end()][:RUN_IN_TITLE_WORDS]
        protected |= {m.start() for m in title}
    return protected


def is_replaceable(word: str) -> bool:
    """A pure lower-case Cyrillic word of 4+ letters that carries no reference."""
    return bool(REPLACEABLE.fullmatch(word)) and not word.startswith(REFERENCE_WORD_PREFIXES)


def replaceable_tokens(line: str, kind: str) -> list[re.Match]:
    """The tokens of a raw line that the perturbation may replace (in line order)."""
    if is_heading_line(line, kind):
        return []
    masked = NON_WORD_MARK.sub(lambda m: " " * len(m.group(0)), line)
    tokens = list(TOKEN.finditer(masked))
    protected = protected_token_starts(line, tokens)
    return [m for m in tokens
            if m.start() not in protected and is_replaceable(m.group(0))
            # "карт(ы)": a word with a bracketed ending is a spelling, not a pure word.
            and not re.match(r"\(\w", line[m.end():])]


def build_vocabulary(sources: list[Source]) -> list[str]:
    """Every replaceable body word of the whole seed corpus, sorted (sets have no stable
    order across runs). Heading words are left out: they include halves like "непра"."""
    words = set()
    for source in sources:
        for line in source.text.split("\n"):
            words |= {m.group(0) for m in replaceable_tokens(line.rstrip("\r"), source.kind)}
    return sorted(words)


# --------------------------------------------------------------------------- vocabulary
# A word as the vocabulary counts it: letters, hyphenated compounds whole, lower-cased.
WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def word_forms(text: str) -> list[str]:
    """``"Карта стола, карта и какой-нибудь 12-й"`` → ``["карта", "стола", "карта", "и", "какой-нибудь", "й"]``."""
    return [w.lower() for w in WORD.findall(text)]


@dataclass(frozen=True)
class Heaps:
    """Heaps' law, V = k * N^beta: distinct word forms after N words."""

    k: float
    beta: float

    @classmethod
    def fit(cls, words: list[str], beta: float = HEAPS_BETA) -> Heaps:
        """K from one text's counts: the seeds' 604 forms in 1,993 words give K = 6.3."""
        return cls(len(set(words)) / len(words) ** beta, beta)

    def types(self, tokens: int) -> float:
        return self.k * tokens ** self.beta


def fitted_beta(points: list[tuple[int, int]]) -> float:
    """Least-squares slope of log V on log N over (N, V) points: Heaps' beta as measured."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(v) for _, v in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


# pymorphy3 grammemes of inflection: a new lemma takes the replaced word's ones
INFLECTION = frozenset("nomn gent datv accs ablt loct voct gen2 acc2 loc2 sing plur masc femn neut "
                       "1per 2per 3per past pres futr indc impr actv pssv".split())
LEXICAL_GENDER = frozenset("masc femn neut".split())  # a noun's gender is its own, not inflected
FORM_POS = frozenset("VERB INFN PRTF PRTS GRND ADJF ADJS COMP".split())  # asked for by name
# the part of speech of a word form → that of its dictionary form (the lemma drawn for it);
# the open classes only, and not adverbs: too few in the dictionary to draw from quickly
LEMMA_POS = {"NOUN": "NOUN", "ADJF": "ADJF", "ADJS": "ADJF", "COMP": "ADJF", "VERB": "INFN",
             "INFN": "INFN", "PRTF": "INFN", "PRTS": "INFN", "GRND": "INFN"}
# dictionary entries never drawn: names, places, abbreviations, typos, archaic or slang words
EXCLUDED = frozenset("Name Surn Patr Geox Orgn Trad Abbr Init Erro Dist Arch Slng Infr Fixd".split())


class Morphology:
    """pymorphy3 for the generator: a word's lemma and other forms, and lemmas new to the
    corpus drawn from the dictionary, in an order fixed by the seed.

    New lemmas come from the dictionary's entries under three-letter prefixes (those of
    the seed words first, shuffled; then those of the lemmas drawn so far), one prefix at
    a time as they are needed: reading the whole dictionary would take minutes.
    """

    def __init__(self, seed: int, seed_words: list[str]):
        import pymorphy3  # the one dependency besides the standard library

        self.analyzer = pymorphy3.MorphAnalyzer()
        self.rng = random.Random(f"{seed}/lemmas")  # apart from the text's: copies stay as they were
        self._parses: dict[str, object] = {}
        self._forms: dict[str, list[str]] = {}
        self.prefixes = sorted({w[:3] for w in seed_words if len(w) >= 3})
        self.rng.shuffle(self.prefixes)
        self.used_prefixes: set[str] = set()
        # sorted: the pools are shuffled in this order from one generator, and a set's order
        # follows string hashing (PYTHONHASHSEED), which would change the words drawn
        self.pools: dict[str, list[tuple[str, int]]] = {pos: [] for pos in sorted(set(LEMMA_POS.values()))}
        self.drawn: list[str] = []

    def parse(self, word: str):
        if word not in self._parses:
            self._parses[word] = self.analyzer.parse(word)[0]
        return self._parses[word]

    def lemma(self, word: str) -> str:
        return self.parse(word).normal_form

    def other_forms(self, word: str) -> list[str]:
        """The replaceable forms of the word's lemma, in the dictionary's order; none for a
        word the dictionary does not know (its forms would be guesses: "ненарушимте")."""
        if word not in self._forms:
            parse = self.parse(word)
            forms = dict.fromkeys(f.word for f in parse.lexeme) if parse.is_known else {}
            self._forms[word] = [f for f in forms if f != word and is_replaceable(f)]
        return self._forms[word]

    def new_lemma_like(self, word: str, taken: set[str]) -> str | None:
        """A form of a lemma new to the corpus, inflected as ``word`` is, not in ``taken``.

        ``"стороной"`` (NOUN, sing, ablt) → ``"намибийцем"`` (seed 1, copy 1).
        """
        tag = self.parse(word).tag
        pos = LEMMA_POS.get(tag.POS)
        if pos is None:
            return None  # a pronoun, a conjunction: a closed class takes no new words
        wanted = set(tag.grammemes) & INFLECTION
        if tag.POS == "NOUN":
            wanted -= LEXICAL_GENDER
        if tag.POS in FORM_POS:
            wanted.add(tag.POS)
        if "accs" in wanted and tag.POS != "NOUN":
            wanted |= set(tag.grammemes) & {"anim", "inan"}
        for _ in range(LEMMA_TRIES):
            lemma = self._draw(pos)
            if lemma is None:
                return None
            form = lemma.inflect(wanted) if wanted else lemma
            if form is not None and is_replaceable(form.word) and form.word not in taken:
                return form.word
        return None

    def _draw(self, pos: str):
        """The next lemma of the part of speech ``pos``, as a pymorphy3 parse."""
        while True:
            while not self.pools[pos]:
                if not self._load_prefix():
                    return None
            word, paradigm = self.pools[pos].pop()
            self.drawn.append(word)
            for parse in self.analyzer.parse(word):
                stack = parse.methods_stack[0]
                if len(stack) > 2 and stack[2] == paradigm and parse.normal_form == word:
                    return parse

    def _load_prefix(self) -> bool:
        """Add the dictionary forms under the next unused prefix to the pools."""
        if not self.prefixes:
            self.prefixes = sorted({w[:3] for w in self.drawn} - self.used_prefixes)
            self.rng.shuffle(self.prefixes)
            if not self.prefixes:
                return False
        prefix = self.prefixes.pop()
        self.used_prefixes.add(prefix)
        dictionary = self.analyzer.dictionary
        found: dict[str, list[tuple[str, int]]] = {pos: [] for pos in self.pools}
        for word, (paradigm, index) in dictionary.words.items(prefix):
            if index != 0 or not is_replaceable(word):
                continue  # not a dictionary form, or not a word we may write
            tag = dictionary.build_tag_info(paradigm, 0)
            if tag.POS in found and not (set(tag.grammemes) & EXCLUDED):
                found[tag.POS].append((word, paradigm))
        for pos, entries in found.items():
            self.rng.shuffle(entries)
            self.pools[pos] = entries + self.pools[pos]  # drawn from the end: older entries first
        return True


@dataclass
class Vocabulary:
    """The word forms written so far, and those a replacement may reuse."""

    pool: list[str]                                   # replaceable words, in the order they came
    seen: set[str] = field(default_factory=set)       # every word form written (lower case)
    tokens: int = 0                                   # words written
    forms_of: dict[str, list[str]] = field(default_factory=dict)  # lemma → its forms in the pool

    def __post_init__(self):
        self._in_pool = set(self.pool)

    def index(self, morphology: Morphology) -> None:
        for word in self.pool:
            self.forms_of.setdefault(morphology.lemma(word), []).append(word)

    def add(self, word: str, morphology: Morphology) -> None:
        if word not in self._in_pool:
            self._in_pool.add(word)
            self.pool.append(word)
            self.forms_of.setdefault(morphology.lemma(word), []).append(word)

    def written(self, texts: list[str]) -> None:
        for text in texts:
            words = word_forms(text)
            self.tokens += len(words)
            self.seen.update(words)


@dataclass(frozen=True)
class Slot:
    """A word of a copy chosen to be replaced: which text, which line, where."""

    text: int
    line: int
    start: int
    end: int
    word: str


def split_lines(text: str) -> list[tuple[str, str]]:
    """Lines without their line end, and the ``"\\r"`` of a CRLF line end, kept apart."""
    return [(line[:-1], "\r") if line.endswith("\r") else (line, "") for line in text.split("\n")]


def perturb_copy(texts: list[str], kinds: list[str], vocabulary: Vocabulary, morphology: Morphology,
                 heaps: Heaps, rng: random.Random) -> list[str]:
    """Replace about PERTURB_RATE of the copy's replaceable words, bringing in as many
    new word forms as keep the corpus on its Heaps curve; line count, line ends and a
    missing final newline stay.

    ``"не следует переворачивать свою карту лицевой стороной вниз"`` →
    ``"не следует переворачивали свою карту лицевой намибийцем вниз"`` (seed 1, 000 copy 1:
    another form of the same lemma, and a new lemma in the same case and number).
    """
    lines = [split_lines(text) for text in texts]
    chosen: list[Slot] = []
    spare: list[Slot] = []
    for t, (text_lines, kind) in enumerate(zip(lines, kinds)):
        for n, (body, _) in enumerate(text_lines):
            for token in replaceable_tokens(body, kind):
                slot = Slot(t, n, token.start(), token.end(), token.group(0))
                (chosen if rng.random() < PERTURB_RATE else spare).append(slot)
    tokens = sum(len(word_forms(text)) for text in texts)
    target = round(heaps.types(vocabulary.tokens + tokens))
    quota = target - len(_present(texts, chosen, vocabulary))
    if quota > len(chosen):
        # the curve asks for more new forms than the usual share of replacements gives
        extra = rng.sample(range(len(spare)), min(len(spare), quota - len(chosen)))
        chosen = sorted(chosen + [spare[i] for i in extra], key=lambda s: (s.text, s.line, s.start))
    present = _present(texts, chosen, vocabulary)
    quota = max(0, min(len(chosen), target - len(present)))
    new = set(rng.sample(range(len(chosen)), quota))
    replacements: dict[tuple[int, int], list[tuple[Slot, str]]] = {}
    for i, slot in enumerate(chosen):
        word = (new_form if i in new else known_form)(slot.word, vocabulary, morphology, present, rng)
        present.add(word)
        vocabulary.add(word, morphology)
        replacements.setdefault((slot.text, slot.line), []).append((slot, word))
    out = []
    for t, text_lines in enumerate(lines):
        rebuilt = []
        for n, (body, cr) in enumerate(text_lines):
            pieces, last = [], 0
            for slot, word in replacements.get((t, n), []):
                pieces += [body[last:slot.start], word]
                last = slot.end
            rebuilt.append("".join(pieces) + body[last:] + cr)
        out.append("\n".join(rebuilt))
    vocabulary.written(out)
    return out


def _present(texts: list[str], chosen: list[Slot], vocabulary: Vocabulary) -> set[str]:
    """Word forms the corpus holds with this copy's words that stay: those written
    before, and this copy's own outside the chosen slots."""
    lines = [split_lines(text) for text in texts]
    cut: dict[tuple[int, int], list[Slot]] = {}
    for slot in chosen:
        cut.setdefault((slot.text, slot.line), []).append(slot)
    present = set(vocabulary.seen)
    for t, text_lines in enumerate(lines):
        for n, (body, _) in enumerate(text_lines):
            last, kept = 0, []
            for slot in cut.get((t, n), []):
                kept.append(body[last:slot.start])
                last = slot.end
            kept.append(body[last:])
            present.update(word_forms(" ".join(kept)))
    return present


def known_form(word: str, vocabulary: Vocabulary, morphology: Morphology, present: set[str],
               rng: random.Random) -> str:
    """A replacement already in the corpus: as often as not another form of the same
    lemma (an inflection changed), else any replaceable word of the corpus."""
    same = [f for f in vocabulary.forms_of.get(morphology.lemma(word), []) if f != word]
    if same and rng.random() < SAME_LEMMA_SHARE:
        return rng.choice(same)
    replacement = rng.choice(vocabulary.pool)
    if replacement == word:
        # Always change a chosen word; the next word of the pool will do.
        replacement = vocabulary.pool[(vocabulary.pool.index(replacement) + 1) % len(vocabulary.pool)]
    return replacement


def new_form(word: str, vocabulary: Vocabulary, morphology: Morphology, present: set[str],
             rng: random.Random) -> str:
    """A replacement the corpus has never held: as often as not a form of the same
    lemma, else a new lemma of the dictionary inflected as ``word`` is; a form already in
    the corpus when neither can be had."""
    unseen = [f for f in morphology.other_forms(word) if f not in present]
    if unseen and rng.random() < SAME_LEMMA_SHARE:
        return rng.choice(unseen)
    fresh = morphology.new_lemma_like(word, present)
    if fresh is not None:
        return fresh
    if unseen:
        return rng.choice(unseen)
    return known_form(word, vocabulary, morphology, present, rng)


def make_copy(sources: list[Source], k: int, numbering: Numbering) -> list[str]:
    """The texts of copy k of the sources, renumbered (their words not yet perturbed)."""
    return [renumber_pages(renumber_laws(s.text, lambda n: numbering.law(k, n), s.kind),
                           lambda p: numbering.page(k, p)) for s in sources]


# --------------------------------------------------------------------------- the library
# --library: blocks of copies are editions of one code, in Russian and English.
LIBRARY_LANGUAGES = (("ru", "en"), ("ru",), ("en",))  # block b's languages: LIBRARY_LANGUAGES[b % 3]
ENGLISH_LAYOUT = "en-2007"            # "Law 50 - Title", "A. Title", "1. Title", "(a) text"
ENGLISH_WORDS = Path("/usr/share/dict/words")  # the system's word list: the English "dictionary"
ENGLISH_WORD = re.compile(r"[a-z]{%d,}" % MIN_WORD_LENGTH)
LAW_TEXT_KINDS = ("law", "section", "clause", "subclause", "item")
ENGLISH_TITLE_WORDS = 3               # words of an invented section or clause title
ENGLISH_MIN_SENTENCE = 6              # words of a sentence at least (a node the seeds hold empty)


def block_languages(block: int) -> tuple[str, ...]:
    """The languages of block b's edition in the library: both, Russian only, English only."""
    return LIBRARY_LANGUAGES[block % len(LIBRARY_LANGUAGES)]


@dataclass(frozen=True)
class OutlineNode:
    """A node of the seeds' law text, as the English copy writes it again."""

    kind: str
    law: int                  # the seed law number
    label: str | None
    has_title: bool
    words: int                # words of its text in the seeds
    refs: tuple[int, ...]     # seed law numbers its text refers to


def seed_outline(corpus: Path) -> list[OutlineNode]:
    """The seeds' law-text tree in reading order, parsed by lawsearch itself (so the
    English copy has the sections, clauses and sub-clauses the Russian copy parses into,
    and aligns with it by ID). Lost laws ("missing" nodes) are printed in English: only
    the Russian copy is damaged."""
    from lawsearch.corpus import build_corpus  # the library only: the plain corpus needs no lawsearch

    out = []
    for node in build_corpus(corpus).nodes:
        if node.kind not in LAW_TEXT_KINDS or node.law is None or "~" in node.id:
            continue
        refs = tuple(int(m["law"]) for m in REFERENCE.finditer(node.text or ""))
        out.append(OutlineNode(node.kind, int(node.law), node.label, bool(node.title) or node.kind == "law",
                               len(word_forms(node.text or "")), refs))
    return out


class English:
    """Invented English text of the code's structure, its words drawn from a word list at
    the Heaps rate the Russian text follows (K fitted to the Russian seeds: no English
    seeds exist), in an order fixed by the seed."""

    def __init__(self, seed: int, heaps: Heaps, reserved: set[str]):
        if not ENGLISH_WORDS.is_file():
            raise SystemExit(f"--library: {ENGLISH_WORDS} not found (the English word list; Debian's "
                             "package `wamerican` installs it)")
        words = {w for w in ENGLISH_WORDS.read_text(encoding="utf-8", errors="replace").split()
                 if ENGLISH_WORD.fullmatch(w)}
        self.fresh = sorted(words - reserved)   # never a citation or heading word of the profile
        self.rng = random.Random(f"{seed}/en")
        self.rng.shuffle(self.fresh)
        self.heaps = heaps
        self.seen: list[str] = []
        self._seen: set[str] = set()
        self.tokens = 0

    def text(self, outline: list[OutlineNode], titles: dict, law: Callable[[int], int]) -> str:
        """One copy of the law text in English: a line per heading and per paragraph."""
        lines: list[tuple[str, list[str], str]] = []   # (prefix, words to draw (slots), suffix)
        for node in outline:
            sentence = max(node.words, ENGLISH_MIN_SENTENCE)
            see = "".join(f", see Law {law(n)}" for n in node.refs)
            if node.kind == "law":
                title = titles.get(str(node.law))
                lines.append((f"Law {law(node.law)} - " + (title or ""), [] if title else ["T"] * ENGLISH_TITLE_WORDS, ""))
                if node.words:
                    lines.append(("", ["S"] * sentence, see + "."))
            elif node.kind in ("section", "clause"):
                lines.append((f"{node.label}. ", ["T"] * ENGLISH_TITLE_WORDS, ""))
                if node.words or not node.has_title:
                    lines.append(("", ["S"] * sentence, see + "."))
            else:  # an untitled sub-clause or item: its words are a sentence
                lines.append((f"({node.label}) ", ["s"] * sentence, see + "."))
        slots = sum(len(w) for _, w, _ in lines)
        target = round(self.heaps.types(self.tokens + slots))
        new = set(self.rng.sample(range(slots), max(0, min(slots, target - len(self.seen)))))
        out, i = [], 0
        for prefix, kinds, suffix in lines:
            words = []
            for n, kind in enumerate(kinds):
                word = self._fresh() if (i in new or not self.seen) else self.rng.choice(self.seen)
                i += 1
                words.append(word.capitalize() if kind == "T" or (kind == "S" and n == 0) else word)
            out.append(prefix + " ".join(words) + suffix)
        self.tokens += slots
        return "\n".join(out) + "\n"

    def _fresh(self) -> str:
        while self.fresh:
            word = self.fresh.pop()
            if word not in self._seen:
                self._seen.add(word)
                self.seen.append(word)
                return word
        return self.rng.choice(self.seen)  # the list ran out: a word already written


def reserved_words(seeds: Seeds) -> set[str]:
    """Words an invented English sentence must not use: every word of the code's profile
    (citation words "see", "law", "section", division words, layout words), lower case."""
    profile = ROOT / "lawsearch" / "profiles" / seeds.manifest["code"].get("profile", "bridge") / "profile.toml"
    text = profile.read_text(encoding="utf-8") if profile.is_file() else ""
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


def english_path(k: int) -> str:
    return f"laws/en/library_en_k{k}.txt"


# --------------------------------------------------------------------------- TOML
def toml_string(value: str) -> str:
    """A TOML basic string: ``'say "hi"'`` → ``'"say \\"hi\\""'``."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    escaped = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\u{ord(m.group(0)):04x}", escaped)
    return f'"{escaped}"'


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML: {value!r}")


def toml_table(header: str, fields: dict) -> str:
    lines = [header] + [f"{key} = {toml_value(value)}" for key, value in fields.items()]
    return "\n".join(lines) + "\n"


def generated_note(scale: int, seed: int) -> str:
    return (f"# Generated by benchmarks/make_corpus.py --scale {scale} --seed {seed}: "
            "a synthetic corpus, do not edit.\n")


def write_manifest(seeds: Seeds, numbering: Numbering, scale: int, seed: int) -> str:
    """The manifest of the synthetic corpus: every copy of every source, each block of
    copies after the first marked as an edition of its own ("1987-b1", ...); in the
    library each block in its languages (an English copy after the Russian ones)."""
    code = dict(seeds.manifest["code"])
    code["laws"] = numbering.law_range(scale)
    code.setdefault("titles", TITLES)  # renumbered with the laws: the copy's own, over the profile's
    parts = [seeds.headers["manifest.toml"] + generated_note(scale, seed),
             toml_table("[code]", code)]
    base = code.get("edition", "")
    for k in range(scale):
        block = k // numbering.per_block
        edition = f"{base}-b{block}" if block else base
        languages = block_languages(block) if numbering.library else ("ru",)
        if "ru" in languages:
            for source in seeds.sources:
                fields = dict(source.fields, path=source.copy_path(k))
                if block and "edition" in fields:
                    fields["edition"] = f"{fields['edition']}-b{block}"
                parts.append(toml_table("[[source]]", fields))
        if "en" in languages:
            published = seeds.sources[0].fields.get("published") if seeds.sources else None
            fields = {"path": english_path(k), "lang": "en", "kind": "laws", "edition": edition,
                      "translator": "", "encoding": "utf-8", "layout": ENGLISH_LAYOUT}
            if published is not None:
                fields["published"] = published
            parts.append(toml_table("[[source]]", fields))
    return "\n".join(parts)


def resolve_stem(reference: str, sources: list[Source]) -> tuple[Source, str]:
    """``"000:11"`` → (the source whose stem starts "000", ``"11"``); a prefix must be unique."""
    prefix, line = reference.rsplit(":", 1)
    matches = ([s for s in sources if s.stem == prefix]
               or [s for s in sources if s.stem.startswith(prefix)])
    if len(matches) != 1:
        raise SystemExit(f"curation.toml: {reference!r} names {len(matches)} sources, expected one")
    return matches[0], line


def copy_piece(piece: dict, k: int, seeds: Seeds, numbering: Numbering) -> dict:
    """A curation statement for copy k: full copy stems, law and page renumbered."""
    copied = {}
    for key, value in piece.items():
        if key in ("at", "continues"):
            source, line = resolve_stem(value, seeds.sources)
            # The full stem: "000" would be ambiguous across the copies.
            value = f"{source.copy_stem(k)}:{line}"
        elif key == "law":
            law = numbering.law(k, int(value))
            value = str(law) if isinstance(value, str) else law
        elif key == "page":
            value = numbering.page(k, value)
        copied[key] = value
    return copied


def write_curation(seeds: Seeds, numbering: Numbering, scale: int, seed: int) -> str:
    parts = [seeds.headers["curation.toml"] + generated_note(scale, seed)]
    for k in range(scale):
        if numbering.library and "ru" not in block_languages(k // numbering.per_block):
            continue  # an English-only edition: the statements are about the Russian copies
        for piece in seeds.curation.get("piece", []):
            parts.append(toml_table("[[piece]]", copy_piece(piece, k, seeds, numbering)))
    return "\n".join(parts)


def write_titles(seeds: Seeds, numbering: Numbering, scale: int, seed: int) -> str:
    lines = [seeds.headers["titles-en.toml"] + generated_note(scale, seed) + "[titles]"]
    done: set[str] = set()
    for k in range(scale):
        for law, title in seeds.titles["titles"].items():
            number = str(numbering.law(k, int(law)))
            if number in done:
                continue  # the library: every block's edition numbers its laws alike
            done.add(number)
            key = f'"{number}"' if seeds.quoted_title_keys else number
            lines.append(f"{key} = {toml_string(title)}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- output
def measure(corpus: Path) -> tuple[int, int]:
    """(words, distinct word forms) of the sources a corpus folder's manifest lists, as
    ``word_forms`` counts them: Heaps' N and V, read back from the files."""
    seen: set[str] = set()
    tokens = 0
    for fields in tomllib.loads((corpus / "manifest.toml").read_text(encoding="utf-8"))["source"]:
        raw = (corpus / fields["path"]).read_bytes()
        declared = fields.get("encoding", "auto")
        words = word_forms(raw.decode(detect_encoding(raw) if declared == "auto" else declared))
        tokens += len(words)
        seen.update(words)
    return tokens, len(seen)


def clear_previous_output(out: Path) -> None:
    """For --force: delete what an earlier run wrote (its manifest's files and the TOMLs)."""
    manifest = out / "manifest.toml"
    if manifest.is_file():
        for fields in tomllib.loads(manifest.read_text(encoding="utf-8")).get("source", []):
            (out / fields["path"]).unlink(missing_ok=True)
    for name in ("manifest.toml", "curation.toml", "titles-en.toml", "lexicon.toml", "glossary.toml"):
        (out / name).unlink(missing_ok=True)


@dataclass(frozen=True)
class Written:
    """What ``generate`` wrote."""

    files: int
    size: int               # bytes
    seeds: Seeds
    numbering: Numbering
    tokens: int             # words in the sources written
    types: int              # distinct word forms among them
    heaps: Heaps            # the curve they follow

    def laws(self, scale: int) -> tuple[int, int]:
        return self.numbering.law(0, self.seeds.first_law), self.numbering.law(scale - 1, self.seeds.last_law)


def generate(corpus: Path, out: Path, scale: int, seed: int, library: bool = False) -> Written:
    """Write the synthetic corpus (``library``: blocks as editions in Russian and English)."""
    seeds = read_seeds(corpus)
    numbering = Numbering.of(seeds, library)
    if scale > numbering.max_scale():
        raise SystemExit(f"--scale {scale}: at most {numbering.max_scale()} copies keep law numbers "
                         f"below {MAX_LAW + 1} (until copies can be editions of their own)")
    heaps = Heaps.fit([w for s in seeds.sources for w in word_forms(s.text)])
    vocabulary = Vocabulary(build_vocabulary(seeds.sources))
    morphology = Morphology(seed, vocabulary.pool)
    vocabulary.index(morphology)
    rng = random.Random(seed)
    files = size = 0
    english = outline = None
    if library:
        english = English(seed, heaps, reserved_words(seeds))
        outline = seed_outline(corpus)
    # k outermost: copy k draws the same random numbers whatever the scale.
    for k in range(scale):
        languages = block_languages(k // numbering.per_block) if library else ("ru",)
        if "en" in languages:
            data = english.text(outline, seeds.titles["titles"], lambda n, k=k: numbering.law(k, n)).encode("utf-8")
            path = out / english_path(k)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            files, size = files + 1, size + len(data)
        if "ru" not in languages:
            continue
        texts = make_copy(seeds.sources, k, numbering)
        texts = perturb_copy(texts, [s.kind for s in seeds.sources], vocabulary, morphology, heaps, rng)
        for source, text in zip(seeds.sources, texts):
            assert text.count("\n") == source.text.count("\n"), source.path
            data = text.encode(source.encoding)
            path = out / source.copy_path(k)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            files, size = files + 1, size + len(data)

    code = seeds.manifest["code"]
    for name, text in (("manifest.toml", write_manifest(seeds, numbering, scale, seed)),
                       (code["curation"], write_curation(seeds, numbering, scale, seed)),
                       (code.get("titles", TITLES), write_titles(seeds, numbering, scale, seed))):
        tomllib.loads(text)  # written by hand: make sure it parses
        data = text.encode("utf-8")
        (out / name).write_bytes(data)
        files, size = files + 1, size + len(data)
    # the lexicon and glossary are about words, not law numbers: copied as they are (the
    # profile's own need no copy)
    for key in ("lexicon", "glossary"):
        if key in code:
            data = (corpus / code[key]).read_bytes()
            (out / code[key]).write_bytes(data)
            files, size = files + 1, size + len(data)
    return Written(files, size, seeds, numbering, vocabulary.tokens, len(vocabulary.seen), heaps)


FORMATS = ("txt", "fb2", "fb2.zip", "epub", "html", "docx", "rtf", "pdf")


def convert(out: Path, fmt: str) -> None:
    """Rewrite every raw file of the corpus in ``out`` in ``fmt`` and point the manifest at
    the new files. The text is the same; its lines become the format's paragraphs (a PDF
    sets them again in two columns), so curation line numbers may not match any more:
    the formats' corpora are for timing the readers (bench_pipeline.py), not the parse."""
    import warnings

    sys.path.insert(0, str(ROOT / "tests"))
    from formats_gen import write_lines  # our own writers, shared with the tests

    manifest = out / "manifest.toml"
    text = manifest.read_text(encoding="utf-8")
    for path in re.findall(r'^path = "([^"]+\.txt)"$', text, flags=re.M):
        raw = out / path
        lines = raw.read_text(encoding="utf-8").splitlines()
        target = raw.with_suffix(f".{fmt}")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            target.write_bytes(write_lines(lines, fmt, raw.stem))
        raw.unlink()
        text = text.replace(f'path = "{path}"', f'path = "{Path(path).with_suffix("." + fmt).as_posix()}"')
    manifest.write_text(text, encoding="utf-8")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Write a deterministic synthetic corpus N times the seed corpus.",
        epilog="example: python benchmarks/make_corpus.py --scale 3 --seed 1 --out /tmp/syn3",
    )
    parser.add_argument("--scale", type=int, required=True, help="copies of every source (1 <= N <= 500; any N with --library)")
    parser.add_argument("--seed", type=int, required=True, help="seed of the word perturbation")
    parser.add_argument("--out", type=Path, required=True, help="directory to write (empty or new)")
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus", help="seed corpus folder")
    parser.add_argument("--force", action="store_true", help="write into a non-empty --out")
    parser.add_argument("--library", action="store_true",
                        help="each block of five copies an edition of its own (laws within the code's range, "
                             "pages within the edition), in Russian and English by turns: any scale")
    parser.add_argument("--format", default="txt", choices=FORMATS,
                        help="the raw files' format (default txt; others by tests/formats_gen.py, one "
                             "paragraph per raw line)")
    args = parser.parse_args(argv)
    if args.scale < 1:
        parser.error("--scale must be at least 1")
    if not (args.corpus / "manifest.toml").is_file():
        parser.error(f"{args.corpus}: no manifest.toml")
    if args.out.exists() and not args.out.is_dir():
        parser.error(f"{args.out}: not a directory")
    if args.out.is_dir() and any(args.out.iterdir()) and not args.force:
        parser.error(f"{args.out}: not empty (use --force to overwrite)")
    if args.out.resolve() == args.corpus.resolve():
        parser.error("--out must not be the seed corpus")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.force:
        clear_previous_output(args.out)
    args.out.mkdir(parents=True, exist_ok=True)
    written = generate(args.corpus, args.out, args.scale, args.seed, args.library)
    if args.format != "txt":
        convert(args.out, args.format)
    first, last = written.laws(args.scale)
    print(f"{args.out}: {written.files} files, {written.size} bytes, laws {first}-{last}, "
          f"pages up to {written.numbering.page(args.scale - 1, 86)}; {written.tokens} words, "
          f"{written.types} distinct forms (Heaps: {written.heaps.types(written.tokens):.0f})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
