"""The data files of a corpus folder against their schemas (``lawsearch.schema``): every
mistake -- a wrong type, an unknown key, a missing or empty value, a value not allowed, a
repeat -- is an error naming the file and line, the same from ``check`` and ``build``.

Each row of ``MISTAKES``: the file, its whole TOML text (a manifest row gets the shipped
sources appended), a fragment the message must contain, and the line it must name.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import CORPUS_DIR
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawsearch import schema
from lawsearch.analysis import dictionary_problems
from lawsearch.cli import main
from lawsearch.model import CorpusError
from lawsearch.schema import DATA_FILES, MANIFEST, Field, LineIndex, Table
from lawsearch.sources import read_corpus_folder

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """A module-wide folder; each example copies the corpus into its own folder inside it."""
    return tmp_path_factory.mktemp("data-file-fuzz")

SOURCE_000 = '''
[[source]]
path = "laws/ru/000_58dbb1f2fde933c1.txt"
lang = "ru"
kind = "laws"
'''
OTHER_SOURCES = "".join(f'''
[[source]]
path = "{path}"
lang = "ru"
kind = "{kind}"
translator = ""
''' for path, kind in (("laws/ru/001_440050eec06f8ec8.txt", "laws"), ("laws/ru/002_37d93b2b92de0ef7.txt", "laws"),
                       ("laws/ru/004_2b7fbdb2e57633ce.txt", "laws"), ("commentary/ru/003_12516569a567541f.txt", "commentary")))

PIECE = '[[piece]]\nat = "000:1"\nreason = "r"\n'

MISTAKES = [
    # -- manifest.toml: [code] -----------------------------------------------------------
    ("manifest.toml", '[code]\nlaws = [1, "93"]\n', "laws in [code] must be a list of whole numbers", 2),
    ("manifest.toml", "[code]\nlaws = [0, 93]\n", "[first, last]", 2),
    ("manifest.toml", '[code]\ntitle = ""\n', "title in [code] is empty", 2),
    ("manifest.toml", "[code]\nedition = 1987\n", 'edition in [code] must be text, like edition = "1987", not 1987', 2),
    ("manifest.toml", '[code]\nlang = "Russian"\n', "lang in [code] must be a language code", 2),
    ("manifest.toml", "[code]\nglossary = 5\n", "glossary in [code] must be text", 2),
    ("manifest.toml", '[code]\n\ntitels = "x"\n', "unknown key 'titels' in [code] (did you mean 'titles'?)", 3),
    ("manifest.toml", '[code]\ntitles = "none.toml"\n', "names none.toml as the titles file, but there is no such file", 2),
    ("manifest.toml", '[[code]]\ntitle = "x"\n', "code must be a table ([code])", 1),
    ("manifest.toml", '# comment\n[[sources]]\npath = "x"\n', "unknown key 'sources' in the manifest (did you mean 'source'?)", 2),
    # -- manifest.toml: [[source]] -------------------------------------------------------
    ("manifest.toml", '[[source]]\nlang = "ru"\nkind = "laws"\n', "[[source]] number 1 has no 'path', which is required", 1),
    ("manifest.toml", '[[source]]\npath = "laws/ru/000_58dbb1f2fde933c1.txt"\nlang = "ru"\n',
     "has no 'kind', which is required", 2),
    ("manifest.toml", SOURCE_000.replace('"laws"', '"law"'), "kind in [[source]] path = \"laws/ru/000_58dbb1f2fde933c1.txt\" "
     "must be one of laws, commentary, toc, index, front, not \"law\" (did you mean 'laws'?)", 5),
    ("manifest.toml", SOURCE_000 + 'encoding = "latin-1"\n', "encoding in [[source]]", 6),
    ("manifest.toml", SOURCE_000 + 'encodng = "auto"\n', "unknown key 'encodng' in [[source]] path = "
     "\"laws/ru/000_58dbb1f2fde933c1.txt\" (did you mean 'encoding'?); allowed: path, lang, kind", 6),
    ("manifest.toml", SOURCE_000 + 'published = "1991"\n', "published in [[source]] path", 6),
    ("manifest.toml", SOURCE_000 + "published = 91\n", "must be a year, like published = 1991", 6),
    ("manifest.toml", SOURCE_000.replace('"ru"', "7"), "lang in [[source]] path = \"laws/ru/000_58dbb1f2fde933c1.txt\" "
     "must be text", 4),
    ("manifest.toml", SOURCE_000 + 'edition = ""\n', "edition in [[source]]", 6),
    ("manifest.toml", SOURCE_000 + SOURCE_000, "repeats the one on line 3", 8),
    ("manifest.toml", SOURCE_000 + 'path = "x"\n', "given twice", 6),
    # -- curation.toml -------------------------------------------------------------------
    ("curation.toml", PIECE + "section = 1.5\n", 'section in [[piece]] at = "000:1" must be text, like section = "B", not 1.5', 4),
    ("curation.toml", PIECE + 'law = ["50"]\n', 'law in [[piece]] at = "000:1" must be text, like law = "50", not ["50"]', 4),
    ("curation.toml", '[[piece]]\nat = 17\nreason = "r"\n', 'at in [[piece]] number 1 must be text, like at = "004:13", not 17', 2),
    ("curation.toml", PIECE + "\n" + PIECE, "a second statement about 000:1; the first is on line 2", 6),
    ("curation.toml", PIECE + '\n[[piece]]\nat = "000_58dbb1f2fde933c1:1"\nreason = "r"\n',
     "a second statement about 000_58dbb1f2fde933c1:1; the first is on line 2", 6),
    ("curation.toml", PIECE + 'law = "50"\nsection = "1.5"\n', 'section = "1.5" cannot be part of a law ID', 5),
    ("curation.toml", PIECE + 'section = "EE"\n', 'section = "EE" cannot be part of a law ID', 4),
    ("curation.toml", PIECE + 'section = "Е"\n', 'section = "Е" cannot be part of a law ID', 4),  # Cyrillic Е
    ("curation.toml", PIECE + 'law = "50"\nsection = "E"\nclause = "x"\n', 'clause = "x" cannot be part of a law ID', 6),
    ("curation.toml", PIECE + 'clause = "2a"\n', 'clause = "2a" cannot be part of a law ID', 4),
    ("curation.toml", PIECE + 'subclause = "(a)"\n', 'subclause = "(a)" cannot be part of a law ID', 4),
    ("curation.toml", PIECE + 'law = "L50"\n', "law in [[piece]] at = \"000:1\" must be a law number", 4),
    ("curation.toml", PIECE + 'law = "120"\n', "law 120 is outside the code's laws 1-93", 4),
    ("curation.toml", PIECE + "page = 0\n", "page in [[piece]] at = \"000:1\" must be at least 1", 4),
    ("curation.toml", PIECE + "page = true\n", "page in [[piece]] at = \"000:1\" must be a whole number, like page = 82, not true", 4),
    ("curation.toml", PIECE + 'sectoin = "E"\n', "unknown key 'sectoin' in [[piece]] at = \"000:1\" (did you mean 'section'?)", 4),
    ("curation.toml", '[[piece]]\nat = "000:1"\nreason = "   "\n', "reason in [[piece]] at = \"000:1\" is empty", 3),
    ("curation.toml", '[[piece]]\nreason = "r"\n', "[[piece]] number 1 has no 'at', which is required", 1),
    ("curation.toml", PIECE + 'uncertain = "clause"\n', "uncertain in [[piece]] at = \"000:1\" must be a list of text", 4),
    ("curation.toml", PIECE + 'uncertain = [\n  "law",\n  "chapter",\n]\n', "may list only law, section", 4),
    ("curation.toml", PIECE + 'continues = "004-13"\n', 'continues in [[piece]] at = "000:1" must be "<source>:<line>"', 4),
    ("curation.toml", PIECE + 'continues = "9:13"\n', "'9' names no source", 4),
    ("curation.toml", '[piece]\nat = "000:1"\n', "piece must be written as [[piece]] tables", 1),
    ("curation.toml", '[[pieces]]\nat = "000:1"\n', "unknown key 'pieces' in the curation file (did you mean 'piece'?)", 1),
    # -- glossary.toml -------------------------------------------------------------------
    ("glossary.toml", '[[term]]\nru = "болван"\nnote = "n"\n', "[[term]] ru = \"болван\" has no 'en', which is required", 2),
    ("glossary.toml", '[[term]]\nru = ""\nen = "dummy"\n', "ru in [[term]] number 1 is empty", 2),
    ("glossary.toml", '[[term]]\nru = "стол"\nen = "dummy"\nexpand = "no"\n', "expand in [[term]] ru = \"стол\" must be true or false", 4),
    ("glossary.toml", '[[term]]\nru = "болван"\nen = "dummy"\n\n[[term]]\nru = "Болван "\nen = "Dummy"\n',
     "[[term]] ru = \"Болван \" repeats the one on line 2", 6),
    ("glossary.toml", '[[term]]\nru = "болван"\nen = "dummy"\nnte = "n"\n', "unknown key 'nte' in [[term]] ru = \"болван\" (did you mean 'note'?)", 4),
    ("glossary.toml", '[[term]]\nru = "болван"\nen = ["dummy"]\n', "en in [[term]] ru = \"болван\" must be text", 3),
    # -- lexicon.toml --------------------------------------------------------------------
    ("lexicon.toml", '[terms]\n"вистующий" = { participle = "yes" }\n', "participle in [terms] \"вистующий\" must be true or false", 2),
    ("lexicon.toml", '[terms]\n"неигра" = { lik = "игра" }\n', "unknown key 'lik' in [terms] \"неигра\" (did you mean 'like'?)", 2),
    ("lexicon.toml", '[terms]\n"неигра" = "игра"\n', "[terms] \"неигра\" must be a table", 2),
    ("lexicon.toml", '[terms]\n"два слова" = {}\n', "'два слова' in [terms] is not one word", 2),
    ("lexicon.toml", '[terms]\n"болван" = {}\n"Болван" = {}\n', "'Болван' in [terms] repeats 'болван' (line 2)", 3),
    ("lexicon.toml", '[spellings]\n"онер" = "онёр"\n"онёр" = "онер"\n', "'онёр' in [spellings] repeats 'онер' (line 2)", 3),
    ("lexicon.toml", '[spellings]\n"впоследствие" = 5\n', "впоследствие in [spellings] must be text", 2),
    ("lexicon.toml", '[terms]\n"неигра" = { like = "" }\n', "like in [terms] \"неигра\" is empty", 2),
    ("lexicon.toml", '[term]\n"болван" = {}\n', "unknown key 'term' in the lexicon (did you mean 'terms'?)", 1),
    # -- titles-en.toml ------------------------------------------------------------------
    ("titles-en.toml", '[titles]\n45 = "Card Played"\n"45a" = "x"\n', "'45a' in [titles] is not a law number", 3),
    ("titles-en.toml", '[titles]\n045 = "x"\n', "'045' in [titles] is not a law number", 2),
    ("titles-en.toml", "[titles]\n45 = 3\n", "45 in [titles] must be text", 2),
    ("titles-en.toml", '[titles]\n45 = ""\n', "45 in [titles] is empty", 2),
    ("titles-en.toml", '[titles]\n120 = "x"\n', "law 120 is outside the code's laws 1-93", 2),
    ("titles-en.toml", '[title]\n45 = "x"\n', "unknown key 'title' in the titles file (did you mean 'titles'?)", 1),
    ("titles-en.toml", '[titles]\n45 = "x"\n45 = "y"\n', "given twice", 3),
]


def write_data_file(root: Path, file: str, text: str) -> None:
    if file == "manifest.toml":
        text += OTHER_SOURCES + ("" if "000_58dbb1f2fde933c1" in text else SOURCE_000)
    (root / file).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("file, text, fragment, line", MISTAKES,
                         ids=[f"{row[0]}:{row[2][:40]}" for row in MISTAKES])
def test_data_file_mistake_is_an_error_with_file_and_line(corpus_copy, file, text, fragment, line):
    write_data_file(corpus_copy, file, text)
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(corpus_copy)
    problems = [p for p in info.value.problems if fragment in p.message]
    assert problems, f"no problem says {fragment!r}: {info.value}"
    assert Path(problems[0].path).name == file
    assert problems[0].line == line, str(problems[0])
    assert f"{file}:{line}: " in str(info.value)


def test_every_mistake_of_a_file_is_reported_at_once(corpus_copy):
    write_data_file(corpus_copy, "curation.toml", PIECE + "section = 1.5\n\n" + '[[piece]]\nat = 17\nreason = "r"\n')
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(corpus_copy)
    assert [p.line for p in info.value.problems] == [4, 7]


@pytest.mark.parametrize("file, text, fragment", [
    ("glossary.toml", '[[term]]\nru = "болван"\n', "has no 'en'"),
    ("curation.toml", PIECE + "section = 1.5\n", "must be text"),
    ("lexicon.toml", '[terms]\n"неигра" = { lik = "игра" }\n', "unknown key 'lik'"),
], ids=["glossary term without en", "curation section a number", "lexicon unknown key"])
def test_check_and_build_refuse_a_bad_data_file_alike(corpus_copy, tmp_path, file, text, fragment):
    write_data_file(corpus_copy, file, text)
    runner = CliRunner()
    check = runner.invoke(main, ["check", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")])
    build = runner.invoke(main, ["build", "-q", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")])
    assert check.exit_code == build.exit_code == 1
    assert fragment in check.stderr
    assert f"{file}:" in check.stderr
    assert check.stderr == build.stderr
    assert "Traceback" not in check.output + build.output
    assert not (tmp_path / "out" / "corpus.json").exists()


@pytest.mark.parametrize("text, fragment, line", [
    ('[terms]\n"фальшренонс" = { like = "несуществующееслово" }\n',
     'like = "несуществующееслово" is not a word the dictionary knows', 2),
    ('[terms]\n"болван" = {}\n"столик" = { participle = true }\n', 'knows no participle "столик"', 3),
    ('[terms]\n"фальшренонс" = {}\n', '"фальшренонс" = {} says the dictionary knows it', 2),
    ('[spellings]\n"впоследствие" = "впоследствиии"\n', 'does not know "впоследствиии"', 2),
], ids=["like", "participle", "known", "spelling"])
def test_a_lexicon_naming_a_word_the_dictionary_lacks_is_an_error_at_its_line(corpus_copy, tmp_path, text, fragment,
                                                                              line):
    """``like = "несуществующееслово"`` was accepted silently, though the file says it must be
    a dictionary word: the term then got no forms at all."""
    write_data_file(corpus_copy, "lexicon.toml", text)
    runner = CliRunner()
    check = runner.invoke(main, ["check", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")])
    build = runner.invoke(main, ["build", "-q", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")])
    assert check.exit_code == build.exit_code == 1
    assert f"lexicon.toml:{line}: " in check.stderr and fragment in check.stderr, check.stderr
    assert check.stderr == build.stderr


def test_a_spelling_may_name_a_lexicon_term():
    doc = schema.Document(Path("lexicon.toml"), {"terms": {"фальшренонс": {"like": "контракт"}},
                                                 "spellings": {"фальшрэнонс": "фальшренонс"}}, schema.LineIndex(""))
    assert dictionary_problems(doc) == []


# -- finding the line of a key ----------------------------------------------------------

LINE_INDEX = [
    ('a = 1\n[t]\nb = 2\n', ("t", "b"), 3),
    ('[[p]]\nx = 1\n\n[[p]]\nx = 2\n', ("p", 1, "x"), 5),
    ('[[p]]\nx = 1\n\n[[p]]\ny = 2\n', ("p", 1, "x"), 4),  # not there: the entry's header
    ('[[p]]\nx = 1\n[[p]]\n', ("p",), 1),
    ('[[p]]\nl = [\n  "a = 1",\n  "b",\n]\nc = 3\n', ("p", 0, "c"), 6),
    ('[[p]]\ns = """\nx = 1\n"""\nx = 2\n', ("p", 0, "x"), 5),
    ("[[p]]\ns = '''\nx = 1\n'''\nx = 2\n", ("p", 0, "x"), 5),
    ('[[p]]\ns = """a \\""" x = 1\n"""\nx = 2\n', ("p", 0, "x"), 4),
    ('[terms]\n"болван" = { like = "x" }\n', ("terms", "болван", "like"), 2),
    ('[t]\n"a.b" = 1\nc.d = 2\n', ("t", "a.b"), 2),
    ('[t]\n"a.b" = 1\nc.d = 2\n', ("t", "c", "d"), 3),
    ('[ t . "u" ]  # [x]\nk = "[" # ]\nm = 1\n', ("t", "u", "m"), 3),
    ('[[a]]\n[[a.b]]\nx = 1\n[[a]]\n[[a.b]]\nx = 2\n', ("a", 1, "b", 0, "x"), 6),
    ('[titles]\n45 = "Card Played"\n"46" = "x"\n', ("titles", "46"), 3),
    ('k = "\\u0430"\n"\\u0430" = 1\n', ("а",), 2),
]


@pytest.mark.parametrize("text, path, line", LINE_INDEX)
def test_line_index_finds_the_line_of_a_key(text, path, line):
    assert LineIndex(text).line(path) == line


# -- any data file: an error or a corpus, never a traceback --------------------------------

SCALARS = st.one_of(st.text(max_size=12), st.integers(-5, 10**20), st.floats(allow_nan=False), st.booleans())
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=2)),
                      max_leaves=5)
KEYS = st.text(max_size=8)


def toml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")  # TOML forbids a raw DEL too


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return toml_str(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{toml_str(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


@st.composite
def table_for(draw, spec: Table) -> dict:
    """A table shaped by ``spec`` but with any key left out, any value replaced by junk and
    any key added: each value is its field's example (a right one) or anything."""
    out = {}
    if spec.each is not None:
        for key in draw(st.lists(st.one_of(KEYS, st.just(spec.key.example.split(" = ")[0] if spec.key else "k")),
                                 max_size=3)):
            each = spec.each
            out[key] = draw(table_for(each)) if isinstance(each, Table) else draw(value_for(each))
        return out
    for key, sub in spec.fields.items():
        if draw(st.booleans()):
            if isinstance(sub, Table):
                out[key] = [draw(table_for(sub)) for _ in range(draw(st.integers(0, 2)))] if sub.many else draw(table_for(sub))
            else:
                out[key] = draw(value_for(sub))
    for key in draw(st.lists(KEYS, max_size=1)):
        out.setdefault(key, draw(VALUES))
    return out


@st.composite
def value_for(draw, field: Field):
    return tomllib.loads(f"x = {field.example}")["x"] if field.example and draw(st.booleans()) else draw(VALUES)


def toml_document(data: dict) -> str:
    """``data`` as TOML: top-level tables as [name] or [[name]] sections, the rest inline."""
    lines = [f"{toml_str(k)} = {toml_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and not (isinstance(v, list) and v and all(isinstance(x, dict) for x in v))]
    for key, value in data.items():
        name = toml_str(key)
        for entry, header in ([(value, f"[{name}]")] if isinstance(value, dict) else
                              [(v, f"[[{name}]]") for v in value] if isinstance(value, list) and value
                              and all(isinstance(x, dict) for x in value) else []):
            lines += ["", header] + [f"{toml_str(k)} = {toml_value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


DATA_FILE_SCHEMAS = [("manifest.toml", MANIFEST)] + [(f.default, f.schema) for f in DATA_FILES.values()]


@FUZZ
@given(data=st.data())
@pytest.mark.parametrize("file, spec", DATA_FILE_SCHEMAS, ids=[f for f, _ in DATA_FILE_SCHEMAS])
def test_any_data_file_gives_an_error_with_its_line_or_reads(scratch, file, spec, data):
    text = toml_document(data.draw(table_for(spec)))
    root = Path(tempfile.mkdtemp(dir=scratch)) / "corpus"
    shutil.copytree(CORPUS_DIR, root)
    (root / file).write_text(text, encoding="utf-8")
    try:
        read_corpus_folder(root)
    except CorpusError as e:
        count = text.count("\n")
        for p in e.problems:
            assert p.line is None or 1 <= p.line <= count, (str(p), text)
    finally:
        shutil.rmtree(root.parent)


@FUZZ
@given(data=st.data())
@pytest.mark.parametrize("file, spec", DATA_FILE_SCHEMAS, ids=[f for f, _ in DATA_FILE_SCHEMAS])
def test_line_index_finds_every_key_of_any_data_file(file, spec, data):
    document = data.draw(table_for(spec))
    text = toml_document(document)
    lines = text.split("\n")
    index = LineIndex(text)
    for key, value in document.items():
        name = toml_str(key)
        entries = value if isinstance(value, list) and value and all(isinstance(x, dict) for x in value) else \
            [value] if isinstance(value, dict) else []
        if not entries:
            assert lines[index.line((key,)) - 1].startswith(f"{name} = ")
        for n, entry in enumerate(entries):
            path = (key, n) if isinstance(value, list) else (key,)
            assert lines[index.line(path) - 1] in (f"[[{name}]]", f"[{name}]")
            for inner in entry:
                assert lines[index.line(path + (inner,)) - 1].startswith(f"{toml_str(inner)} = ")
