"""Write a deterministic synthetic corpus N times the size of the seed corpus.

Benchmarks need a corpus larger than the five seed files that still looks like them: the
same damage, the same headings and references, the same page model. This script copies
every source N times; copy k renumbers laws by k * 18 and pages by k * 100 (so copies
never collide) and perturbs the wording with a seeded generator (so neither gzip nor a
search index can fold the copies together). The raw seed files are only read; everything
is written to a NEW directory, with its own manifest.toml, curation.toml and
titles-en.toml pointing at the copies.

Usage:

    python benchmarks/make_corpus.py --scale N --seed S --out DIR [--corpus corpus] [--force]

Example (three copies of every source, laws 45-98, pages 76-286):

    .venv/bin/python benchmarks/make_corpus.py --scale 3 --seed 1 --out /tmp/syn3
    .venv/bin/lawsearch build --corpus /tmp/syn3

The same --scale and --seed always give byte-identical output, and copy k is the same
whatever N is (copies are generated in order k = 0, 1, ... from one random.Random(S)).
DIR must be empty or missing unless --force is given; --force deletes only the files a
previous run listed in DIR/manifest.toml (and the three TOML files) before writing.
Standard library only.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PAGE_OFFSET = 100        # seed pages are 76-86: a step of 100 keeps every copy apart
PERTURB_RATE = 0.30      # share of eligible words replaced in each copy
RUN_IN_TITLE_WORDS = 6   # words after a run-in heading label that belong to its title
MIN_WORD_LENGTH = 4      # shorter words (и, на, ход, ло) are function words or halves

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
        """Laws held by the seeds (45-62 → 18): copy k's laws start k * law_step later."""
        return self.last_law - self.first_law + 1


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


def leading_comments(text: str) -> str:
    """The comment block a TOML file opens with (kept in the generated copy)."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines) + "\n" if lines else ""


def read_seeds(corpus: Path) -> Seeds:
    """Read the manifest, every source, the curation and the titles of a corpus folder."""
    manifest_text = (corpus / "manifest.toml").read_text(encoding="utf-8")
    manifest = tomllib.loads(manifest_text)
    code = manifest["code"]
    curation_text = (corpus / code["curation"]).read_text(encoding="utf-8")
    titles_text = (corpus / code["titles"]).read_text(encoding="utf-8")
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
def renumber_laws(text: str, offset: int, kind: str) -> str:
    """Add ``offset`` to every law number: headings, references, commentary paragraphs.

    ``"применяется правило 57. C.Правильный"`` → ``"применяется правило 75. C.Правильный"``
    (offset 18); ``"1.Неполное"``, ``"12-й"``, ``"2 или более"``, ``"(A)"`` stay.
    """
    def shift(match: re.Match) -> str:
        # Replace only the digits of group "law"; everything around them stays as it was.
        whole, base = match.group(0), match.start()
        start, end = match.span("law")
        return whole[: start - base] + str(int(match["law"]) + offset) + whole[end - base:]

    text = REFERENCE.sub(shift, text)
    text = HALF_REFERENCE.sub(shift, text)
    text = PARAGRAPH_REFERENCE.sub(shift, text)
    if kind == "commentary":
        # Only the commentary numbers paragraphs "47.8."; in the law text a line-start
        # number is a clause label ("1.Карта вистующего") and must stay.
        text = COMMENTARY_PARAGRAPH.sub(shift, text)
    return text


def renumber_pages(text: str, offset: int) -> str:
    """Add ``offset`` to every page footer: ``"- 76 ло 57)"`` → ``"- 176 ло 57)"`` (offset 100)."""
    return FOOTER.sub(lambda m: m["dash"] + str(int(m["page"]) + offset), text)


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


def perturb_line(line: str, kind: str, vocabulary: list[str], rng: random.Random) -> str:
    """Replace about PERTURB_RATE of the line's replaceable words with vocabulary words.

    ``"в этом случае вистующий может ходить любой картой, а"`` →
    ``"в этом являлось вистующий может ходить любой масти, а"`` (seed 1, 002 copy 1).
    """
    pieces, last = [], 0
    for token in replaceable_tokens(line, kind):
        if rng.random() >= PERTURB_RATE:
            continue
        replacement = rng.choice(vocabulary)
        if replacement == token.group(0):
            # Always change a chosen word; the neighbour in the sorted list will do.
            replacement = vocabulary[(vocabulary.index(replacement) + 1) % len(vocabulary)]
        pieces += [line[last:token.start()], replacement]
        last = token.end()
    pieces.append(line[last:])
    return "".join(pieces)


def perturb_text(text: str, kind: str, vocabulary: list[str], rng: random.Random) -> str:
    """Perturb every line; line count, line ends and a missing final newline stay."""
    lines = []
    for line in text.split("\n"):
        body, cr = (line[:-1], "\r") if line.endswith("\r") else (line, "")
        lines.append(perturb_line(body, kind, vocabulary, rng) + cr)
    return "\n".join(lines)


def make_copy(source: Source, k: int, seeds: Seeds, vocabulary: list[str],
              rng: random.Random) -> str:
    """The text of copy k of a source."""
    text = renumber_laws(source.text, k * seeds.law_step, source.kind)
    text = renumber_pages(text, k * PAGE_OFFSET)
    return perturb_text(text, source.kind, vocabulary, rng)


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


def write_manifest(seeds: Seeds, scale: int, seed: int) -> str:
    """The manifest of the synthetic corpus: every copy of every source."""
    code = dict(seeds.manifest["code"])
    # One law_step beyond the last copy's laws: references past the seeds' last law
    # ("Правило 68" → 68 + 18k) stay inside the range. For the seeds: [1, 45 + 18N + 17].
    code["laws"] = [code["laws"][0], seeds.first_law + seeds.law_step * scale + seeds.law_step - 1]
    parts = [seeds.headers["manifest.toml"] + generated_note(scale, seed),
             toml_table("[code]", code)]
    for k in range(scale):
        for source in seeds.sources:
            fields = dict(source.fields, path=source.copy_path(k))
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


def copy_piece(piece: dict, k: int, seeds: Seeds) -> dict:
    """A curation statement for copy k: full copy stems, law and page shifted."""
    copied = {}
    for key, value in piece.items():
        if key in ("at", "continues"):
            source, line = resolve_stem(value, seeds.sources)
            # The full stem: "000" would be ambiguous across the copies.
            value = f"{source.copy_stem(k)}:{line}"
        elif key == "law":
            shifted = int(value) + k * seeds.law_step
            value = str(shifted) if isinstance(value, str) else shifted
        elif key == "page":
            value = value + k * PAGE_OFFSET
        copied[key] = value
    return copied


def write_curation(seeds: Seeds, scale: int, seed: int) -> str:
    parts = [seeds.headers["curation.toml"] + generated_note(scale, seed)]
    for k in range(scale):
        for piece in seeds.curation.get("piece", []):
            parts.append(toml_table("[[piece]]", copy_piece(piece, k, seeds)))
    return "\n".join(parts)


def write_titles(seeds: Seeds, scale: int, seed: int) -> str:
    lines = [seeds.headers["titles-en.toml"] + generated_note(scale, seed) + "[titles]"]
    for k in range(scale):
        for law, title in seeds.titles["titles"].items():
            number = str(int(law) + k * seeds.law_step)
            key = f'"{number}"' if seeds.quoted_title_keys else number
            lines.append(f"{key} = {toml_string(title)}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- output
def clear_previous_output(out: Path) -> None:
    """For --force: delete what an earlier run wrote (its manifest's files and the TOMLs)."""
    manifest = out / "manifest.toml"
    if manifest.is_file():
        for fields in tomllib.loads(manifest.read_text(encoding="utf-8")).get("source", []):
            (out / fields["path"]).unlink(missing_ok=True)
    for name in ("manifest.toml", "curation.toml", "titles-en.toml", "lexicon.toml", "glossary.toml"):
        (out / name).unlink(missing_ok=True)


def generate(corpus: Path, out: Path, scale: int, seed: int) -> tuple[int, int, Seeds]:
    """Write the synthetic corpus; return (files written, bytes written, seeds)."""
    seeds = read_seeds(corpus)
    vocabulary = build_vocabulary(seeds.sources)
    rng = random.Random(seed)
    files = size = 0
    # k outermost: copy k draws the same random numbers whatever the scale.
    for k in range(scale):
        for source in seeds.sources:
            text = make_copy(source, k, seeds, vocabulary, rng)
            assert text.count("\n") == source.text.count("\n"), source.path
            data = text.encode(source.encoding)
            path = out / source.copy_path(k)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            files, size = files + 1, size + len(data)

    code = seeds.manifest["code"]
    for name, text in (("manifest.toml", write_manifest(seeds, scale, seed)),
                       (code["curation"], write_curation(seeds, scale, seed)),
                       (code["titles"], write_titles(seeds, scale, seed))):
        tomllib.loads(text)  # written by hand: make sure it parses
        data = text.encode("utf-8")
        (out / name).write_bytes(data)
        files, size = files + 1, size + len(data)
    # the lexicon and glossary are about words, not law numbers: copied as they are
    for key in ("lexicon", "glossary"):
        if key in code:
            data = (corpus / code[key]).read_bytes()
            (out / code[key]).write_bytes(data)
            files, size = files + 1, size + len(data)
    return files, size, seeds


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Write a deterministic synthetic corpus N times the seed corpus.",
        epilog="example: python benchmarks/make_corpus.py --scale 3 --seed 1 --out /tmp/syn3",
    )
    parser.add_argument("--scale", type=int, required=True, help="copies of every source (N >= 1)")
    parser.add_argument("--seed", type=int, required=True, help="seed of the word perturbation")
    parser.add_argument("--out", type=Path, required=True, help="directory to write (empty or new)")
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus", help="seed corpus folder")
    parser.add_argument("--force", action="store_true", help="write into a non-empty --out")
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
    files, size, seeds = generate(args.corpus, args.out, args.scale, args.seed)
    last = seeds.last_law + (args.scale - 1) * seeds.law_step
    print(f"{args.out}: {files} files, {size} bytes, laws {seeds.first_law}-{last}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
