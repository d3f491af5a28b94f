"""Reading the corpus folder (``lawsearch.sources``): the manifest, the raw files in any of
the four encodings, the curation file -- and a ``CorpusError`` naming the file (and line)
for every kind of bad input."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import pytest
from conftest import narrow_law_range

from lawsearch.corpus import build_corpus
from lawsearch.model import CorpusError
from lawsearch.sources import decode, read_corpus_folder

CORPUS_DIR = Path(__file__).resolve().parent.parent / "corpus"
LAW_000 = "laws/ru/000_58dbb1f2fde933c1.txt"
COMMENTARY_003 = "commentary/ru/003_12516569a567541f.txt"
STEMS = {"000_58dbb1f2fde933c1", "001_440050eec06f8ec8", "002_37d93b2b92de0ef7",
         "004_2b7fbdb2e57633ce", "003_12516569a567541f"}


def raw_files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.txt"))


def edit(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in a text file (the test fails if it is not there)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of the first line of ``path`` containing ``needle``."""
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in text:
            return n
    raise AssertionError(f"{needle!r} not in {path}")


def read_error(root: Path) -> CorpusError:
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(root)
    return info.value


# -- the shipped corpus ----------------------------------------------------------------


def test_shipped_corpus_reads_five_utf8_sources(raw_lines):
    folder = read_corpus_folder(CORPUS_DIR)
    assert {s.id for s in folder.sources} == STEMS
    assert {s.encoding for s in folder.sources} == {"utf-8"}
    assert {s.id: s.kind for s in folder.sources}["003_12516569a567541f"] == "commentary"
    assert sum(s.kind == "laws" for s in folder.sources) == 4
    for s in folder.sources:
        # the path is what the corpus JSON names, and the lines are the raw file's lines
        assert folder.texts[s.id] == raw_lines[s.path], s.path
        assert s.sha256 == hashlib.sha256((CORPUS_DIR.parent / s.path).read_bytes()).hexdigest()
        assert (s.lang, s.edition, s.published) == ("ru", "1987", 1991)
    assert folder.law_range == (1, 93)


def test_shipped_curation_and_titles_are_read():
    folder = read_corpus_folder(CORPUS_DIR)
    by_at = {st.at: st for st in folder.curation}
    # "004:13" names 004_2b7fbdb2e57633ce.txt by a prefix of its stem
    assert by_at[("004_2b7fbdb2e57633ce", 13)].page == 82
    assert by_at[("004_2b7fbdb2e57633ce", 13)].part("section") == "B"
    assert by_at[("001_440050eec06f8ec8", 1)].continues == ("004_2b7fbdb2e57633ce", 13)
    assert by_at[("002_37d93b2b92de0ef7", 1)].uncertain == ("clause",)
    assert all(st.reason for st in folder.curation)
    assert folder.titles_en["50"] == "Disposition of Penalty Card"


def test_inputs_fingerprint_follows_the_raw_bytes(corpus_copy):
    before = read_corpus_folder(corpus_copy).inputs
    assert read_corpus_folder(corpus_copy).inputs == before
    path = corpus_copy / LAW_000
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert read_corpus_folder(corpus_copy).inputs != before


# -- encodings -------------------------------------------------------------------------


def reencode_all(root: Path, codec: str, declared: str = "auto", transform=lambda t: t) -> dict[str, list[str]]:
    """Re-encode every raw file to ``codec``; returns the expected lines by stem."""
    expected = {}
    for path in raw_files(root):
        text = transform(path.read_text(encoding="utf-8"))
        path.write_bytes(text.encode(codec))
        expected[path.stem] = text.splitlines()
    manifest = root / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('encoding = "auto"', f'encoding = "{declared}"'),
                        encoding="utf-8")
    return expected


def box_drawing(text: str) -> str:
    """The wider book in cp866 keeps its box-drawing rules where the seeds have ``?`` runs."""
    return re.sub(r"\?{2,}", lambda m: "─" * len(m[0]), text)


@pytest.mark.parametrize("codec, transform", [
    ("cp1251", lambda t: t),
    ("cp866", lambda t: t),
    ("cp866", box_drawing),
    ("koi8-r", lambda t: t),
], ids=["cp1251", "cp866", "cp866-box-drawing", "koi8-r"])
def test_auto_detects_cyrillic_code_pages(corpus_copy, codec, transform):
    expected = reencode_all(corpus_copy, codec, "auto", transform)
    folder = read_corpus_folder(corpus_copy)
    assert {s.id: s.encoding for s in folder.sources} == {stem: codec for stem in STEMS}
    for stem, lines in expected.items():
        assert folder.texts[stem] == lines, stem


@pytest.mark.parametrize("declared, codec, recorded", [
    ("cp1251", "cp1251", "cp1251"),
    ("windows-1251", "cp1251", "cp1251"),
    ("cp866", "cp866", "cp866"),
    ("IBM866", "cp866", "cp866"),
    ("koi8-r", "koi8-r", "koi8-r"),
    ("KOI8-R", "koi8-r", "koi8-r"),
    ("utf-8", "utf-8", "utf-8"),
    ("UTF8", "utf-8", "utf-8"),
])
def test_declared_encoding_is_used_and_recorded(corpus_copy, raw_lines, declared, codec, recorded):
    reencode_all(corpus_copy, codec, declared)
    folder = read_corpus_folder(corpus_copy)
    assert {s.encoding for s in folder.sources} == {recorded}
    for s in folder.sources:
        assert folder.texts[s.id] == raw_lines[s.path]


@pytest.mark.parametrize("declared", ["auto", "utf-8"])
@pytest.mark.parametrize("bom, newline", [
    (True, "\n"),
    (False, "\r\n"),
    (True, "\r\n"),
    (False, "\r"),
], ids=["bom", "crlf", "bom-crlf", "cr"])
def test_bom_and_line_ends_give_the_same_lines(corpus_copy, raw_lines, declared, bom, newline):
    for path in raw_files(corpus_copy):
        text = path.read_text(encoding="utf-8").replace("\n", newline)
        path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8"))
    if declared != "auto":
        manifest = corpus_copy / "manifest.toml"
        manifest.write_text(manifest.read_text(encoding="utf-8").replace('encoding = "auto"', f'encoding = "{declared}"'),
                            encoding="utf-8")
    folder = read_corpus_folder(corpus_copy)
    assert {s.encoding for s in folder.sources} == {"utf-8"}
    for s in folder.sources:
        lines = folder.texts[s.id]
        assert lines == raw_lines[s.path], s.path
        assert not any("\ufeff" in line or "\r" in line for line in lines)


def test_declared_encoding_that_does_not_fit_names_file_and_line(corpus_copy):
    # lines 1-6 are UTF-8, line 7 onwards cp1251: a file pasted together from two sources
    path = corpus_copy / LAW_000
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_bytes("".join(lines[:6]).encode("utf-8") + "".join(lines[6:]).encode("cp1251"))
    edit(corpus_copy / "manifest.toml", f'path = "{LAW_000}"\nlang = "ru"\nkind = "laws"\nedition = "1987"\n'
         'translator = "А. Рыбников"\npublished = 1991\nencoding = "auto"',
         f'path = "{LAW_000}"\nlang = "ru"\nkind = "laws"\nedition = "1987"\n'
         'translator = "А. Рыбников"\npublished = 1991\nencoding = "utf-8"')
    error = read_error(corpus_copy)
    assert "000_58dbb1f2fde933c1.txt:7" in str(error)
    assert "utf-8" in str(error)
    assert error.problems[0].line == 7


def test_unknown_declared_encoding_is_named(corpus_copy):
    edit(corpus_copy / "manifest.toml", 'encoding = "auto"\n\n[[source]]\npath = "laws/ru/001',
         'encoding = "latin-9"\n\n[[source]]\npath = "laws/ru/001')
    error = read_error(corpus_copy)
    assert "latin-9" in str(error)
    assert "cp1251" in str(error)  # it lists what would do


@pytest.mark.parametrize("data, declared, encoding, text", [
    ("Правило 50.\n".encode("utf-8-sig"), "auto", "utf-8", "Правило 50.\n"),
    ("Правило 50.\n".encode("utf-8-sig"), "utf-8", "utf-8", "Правило 50.\n"),
    (b"- 76\n", "auto", "utf-8", "- 76\n"),  # plain ASCII is UTF-8
    ("Правило 51. Две или более штрафных карт\n".encode("cp1251"), "cp1251", "cp1251",
     "Правило 51. Две или более штрафных карт\n"),
    ("Правило 51. Две или более штрафных карт\n".encode("cp866"), "cp866", "cp866",
     "Правило 51. Две или более штрафных карт\n"),
])
def test_decode(data, declared, encoding, text):
    assert decode(data, declared, "x.txt") == (text, encoding)


_NOISE = random.Random(1)
NOISE = bytes(_NOISE.randrange(1, 256) for _ in range(500))  # no NUL, no code page fits


@pytest.mark.parametrize("data, declared, words, line", [
    (b"", "auto", "empty", None),
    (b" \n\t\r\n", "auto", "empty", None),
    (b"", "cp1251", "empty", None),
    (b"\x00\x01\x02abc", "auto", "binary", None),
    ("Правило 51.\n".encode("utf-16-le"), "utf-8", "binary", None),  # ASCII in UTF-16 has NUL bytes
    ("Правило".encode("utf-16"), "auto", "UTF-16", None),  # Cyrillic-only UTF-16 has no NUL bytes, but a BOM
    (NOISE, "auto", "encoding", 1),  # "… not Russian in cp866 («…» on line 1) nor in any other …"
    (b"ok\nok\n\x98\n", "cp1251", "cp1251", 3),  # 0x98 is the one byte cp1251 lacks
    (b"ok\r\nok\r\n" + "нет".encode("cp1251"), "utf-8", "utf-8", 3),
    (b"ok\n", "latin-9", "latin-9", None),
], ids=["empty", "blank", "empty-declared", "nul", "utf-16-ascii", "utf-16-cyrillic", "noise",
        "cp1251-undefined-byte", "utf-8-declared-crlf", "unknown-encoding"])
def test_decode_errors(data, declared, words, line):
    with pytest.raises(CorpusError) as info:
        decode(data, declared, "raw/x.txt")
    problem = info.value.problems[0]
    assert problem.path == "raw/x.txt"
    assert words in problem.message
    assert problem.line == line
    assert str(info.value).startswith("raw/x.txt" + (f":{line}" if line else ""))


# -- bad corpus folders ----------------------------------------------------------------


def manifest_entry_without(root: Path, key: str, stem: str = "003_12516569a567541f") -> None:
    """Drop ``key`` from the manifest's [[source]] entry of ``stem``."""
    manifest = root / "manifest.toml"
    text = manifest.read_text(encoding="utf-8")
    head, _, tail = text.partition(f"{stem}.txt\"\n")
    tail = re.sub(rf"^{key} = .*\n", "", tail, count=1, flags=re.M)
    manifest.write_text(f"{head}{stem}.txt\"\n{tail}", encoding="utf-8")


def add_duplicate_stem(root: Path) -> None:
    (root / "commentary/ru/000_58dbb1f2fde933c1.txt").write_bytes((root / LAW_000).read_bytes())
    with (root / "manifest.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[source]]\npath = "commentary/ru/000_58dbb1f2fde933c1.txt"\nlang = "ru"\nkind = "commentary"\n')


# Each row: how to damage a copy of the corpus; the file the error must name; a needle
# whose line the error must give (None: no line); words the message must contain.
BAD_FOLDERS = [
    ("empty raw file", lambda r: (r / LAW_000).write_bytes(b""),
     LAW_000, None, ["empty"]),
    ("blank raw file", lambda r: (r / LAW_000).write_bytes(b"\n   \n\n"),
     LAW_000, None, ["empty"]),
    ("binary raw file", lambda r: (r / LAW_000).write_bytes(b"PK\x03\x04\x00\x00binary"),
     LAW_000, None, ["binary"]),
    ("raw file not in the manifest", lambda r: (r / "laws/ru/005_0123456789abcdef.txt").write_text("Правило 63.\n", "utf-8"),
     "laws/ru/005_0123456789abcdef.txt", None, ["not listed", "manifest.toml"]),
    ("raw file in a subfolder not in the manifest",
     lambda r: ((r / "commentary/ru/extra").mkdir(), (r / "commentary/ru/extra/x.txt").write_text("47.1. Текст\n", "utf-8")),
     "commentary/ru/extra/x.txt", None, ["not listed"]),
    ("manifest names a missing file", lambda r: (r / LAW_000).unlink(),
     "manifest.toml", f'path = "{LAW_000}"', ["000_58dbb1f2fde933c1.txt", "no such file"]),
    ("manifest TOML syntax error", lambda r: edit(r / "manifest.toml", 'edition = "1987"\nlaws', 'edition = "1987\nlaws'),
     "manifest.toml", 'edition = "1987', ["TOML"]),
    ("manifest entry without kind", lambda r: manifest_entry_without(r, "kind"),
     "manifest.toml", f'path = "{COMMENTARY_003}"', ["kind"]),
    ("manifest entry without lang", lambda r: manifest_entry_without(r, "lang"),
     "manifest.toml", f'path = "{COMMENTARY_003}"', ["lang"]),
    ("manifest entry with a wrong kind", lambda r: edit(r / "manifest.toml", 'kind = "commentary"', 'kind = "comments"'),
     "manifest.toml", 'kind = "comments"', ["kind", "comments"]),
    ("law range reversed", lambda r: edit(r / "manifest.toml", "laws = [1, 93]", "laws = [93, 1]"),
     "manifest.toml", "laws = ", ["laws", "[first, last]"]),
    ("law range of one number", lambda r: edit(r / "manifest.toml", "laws = [1, 93]", "laws = [93]"),
     "manifest.toml", "laws = ", ["laws"]),
    ("law range as a string", lambda r: edit(r / "manifest.toml", "laws = [1, 93]", 'laws = "1-93"'),
     "manifest.toml", "laws = ", ["laws", "1-93"]),
    # a folder of raw files with no manifest is read with detected values (test_dropin.py);
    # with neither, there is nothing to read
    ("no manifest and no raw file", lambda r: [(r / "manifest.toml").unlink(), *(p.unlink() for p in r.rglob("*.txt"))],
     "", None, ["manifest.toml", "no raw file"]),
    ("manifest without sources", lambda r: (r / "manifest.toml").write_text('[code]\nlaws = [1, 93]\n', "utf-8"),
     "manifest.toml", None, ["[[source]]"]),
    ("two sources with one stem", add_duplicate_stem,
     "manifest.toml", 'path = "commentary/ru/000_58dbb1f2fde933c1.txt"', ["000_58dbb1f2fde933c1"]),
    ("curation at an ambiguous prefix", lambda r: edit(r / "curation.toml", 'at = "004:13"', 'at = "00:13"'),
     "curation.toml", 'at = "00:13"', ["'00'", "unique prefix"]),
    ("curation at an unknown prefix", lambda r: edit(r / "curation.toml", 'at = "004:13"', 'at = "009:13"'),
     "curation.toml", 'at = "009:13"', ["'009'", "no source"]),
    ("curation at without a line", lambda r: edit(r / "curation.toml", 'at = "004:13"', 'at = "004-13"'),
     "curation.toml", 'at = "004-13"', ["004-13", "<source>:<line>"]),
    ("curation continues an ambiguous prefix", lambda r: edit(r / "curation.toml", 'continues = "004:13"', 'continues = "0:13"'),
     "curation.toml", 'continues = "0:13"', ["'0'"]),
    ("curation statement without reason",
     lambda r: edit(r / "curation.toml", 'reason = "изменение игры после дезинформации и нелегальная отмена сыгранной '
                    'карты (E, F, G) — правило 47 «Отмена сыгранной карты»"\n', ""),
     "curation.toml", 'at = "004:1"', ["004:1", "reason"]),
    ("curation statement with an empty reason",
     lambda r: edit(r / "curation.toml", 'reason = "изменение игры после дезинформации и нелегальная отмена сыгранной '
                    'карты (E, F, G) — правило 47 «Отмена сыгранной карты»"', 'reason = ""'),
     "curation.toml", 'reason = ""', ["reason"]),
    ("curation unknown key", lambda r: edit(r / "curation.toml", "page = 78\n", "page = 78\nchapter = \"II\"\n"),
     "curation.toml", 'chapter = "II"', ["unknown key", "chapter"]),
    ("curation page not a number", lambda r: edit(r / "curation.toml", "page = 78\n", 'page = "78"\n'),
     "curation.toml", 'page = "78"', ["page", "number"]),
    ("curation uncertain names no level", lambda r: edit(r / "curation.toml", 'uncertain = ["clause"]', 'uncertain = ["paragraph"]'),
     "curation.toml", 'uncertain = ["paragraph"]', ["uncertain", "paragraph"]),
    ("curation TOML syntax error", lambda r: edit(r / "curation.toml", "page = 78\n", "page = =78\n"),
     "curation.toml", "page = =78", ["TOML"]),
    ("titles TOML syntax error", lambda r: (r / "titles-en.toml").write_text('[titles]\n50 = Disposition\n', encoding="utf-8"),
     "titles-en.toml", "50 = Disposition", ["TOML"]),
]


@pytest.mark.parametrize("damage, file, needle, words", [row[1:] for row in BAD_FOLDERS],
                         ids=[row[0] for row in BAD_FOLDERS])
def test_bad_folder_raises_corpus_error_naming_file_and_line(corpus_copy, damage, file, needle, words):
    damage(corpus_copy)
    error = read_error(corpus_copy)
    problem = error.problems[0]
    message = str(error)
    expected_path = (corpus_copy / file) if file else corpus_copy
    assert Path(problem.path).resolve() == expected_path.resolve(), message
    if needle is None:
        assert problem.line is None, message
    else:
        line = line_of(expected_path, needle)
        assert problem.line == line, message
        assert f"{Path(file).name}:{line}" in message
    for word in words:
        assert word in message


# -- errors found after reading, when the pipeline places the pieces -------------------


@pytest.mark.parametrize("old, new, needle, words", [
    # no piece of 004 starts at line 14: its pieces start at 1 and 13 (the footer "- 78 B.…")
    ('at = "004:13"', 'at = "004:14"', 'at = "004:14"', ["004", "14", "13"]),
    # 000:1 ends at the footer "- 76"
    ("page = 76", "page = 77", 'at = "000:1"', ["000:1", "77", "76"]),
], ids=["piece that does not exist", "page the footer contradicts"])
def test_curation_the_text_contradicts_names_the_statement(corpus_copy, old, new, needle, words):
    edit(corpus_copy / "curation.toml", old, new)
    read_corpus_folder(corpus_copy)  # well-formed: reading alone does not know the pieces
    with pytest.raises(CorpusError) as info:
        build_corpus(corpus_copy)
    problem = info.value.problems[0]
    line = line_of(corpus_copy / "curation.toml", needle)
    assert Path(problem.path).name == "curation.toml"
    assert problem.line == line
    assert f"curation.toml:{line}" in str(info.value)
    for word in words:
        assert word in problem.message


def test_law_heading_outside_the_range_names_the_raw_line(corpus_copy):
    narrow_law_range(corpus_copy, 50)
    with pytest.raises(CorpusError) as info:
        build_corpus(corpus_copy)
    # 002:3 "Правило 51. Две или более штрафных карт" is the first heading above 50 in the book's order
    where = {(Path(p.path).name, p.line) for p in info.value.problems}
    assert ("002_37d93b2b92de0ef7.txt", 3) in where
    assert ("000_58dbb1f2fde933c1.txt", 30) in where  # "Правило 59. Неспособность…"
    # each error is the heading's own, or a division heading whose laws were all outside the range
    assert all("outside" in p.message or "division heading with no law" in p.message for p in info.value.problems)
    assert any("outside" in p.message for p in info.value.problems)


def test_a_law_text_in_a_language_the_profile_lacks_is_refused_naming_the_line(tmp_path):
    """A law text declared in a language the profile has no strings or analysis for (here
    an English layout declared "fr") would be aligned, then never shown or searched: an
    error naming manifest.toml, the line of its ``lang`` and the profile's languages."""
    (tmp_path / "laws").mkdir()
    (tmp_path / "laws" / "own.txt").write_text(
        "Правило 1. Часы\nA.Завод\nЧасы заводят ключом каждое утро до рассвета.\n", encoding="utf-8")
    (tmp_path / "laws" / "other.txt").write_text(
        "Law 1 - Clocks\nA. Winding\nThe clock is wound with a key every morning before dawn.\n", encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(
        '[code]\ntitle = "Clocks"\nlaws = [1, 3]\n\n'
        '[[source]]\npath = "laws/own.txt"\nlang = "ru"\nkind = "laws"\n\n'
        '[[source]]\npath = "laws/other.txt"\nkind = "laws"\nlang = "fr"\nlayout = "en-2007"\n', encoding="utf-8")
    problem = read_error(tmp_path).problems[0]
    assert problem.path.endswith("manifest.toml") and problem.line == line_of(tmp_path / "manifest.toml", '"fr"')
    assert "'fr'" in problem.message and "ru, en" in problem.message and "other.txt" in problem.message
