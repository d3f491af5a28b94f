"""Search with odd Unicode (cold read 3): ligatures (NFKC one-to-many: "ﬁ" → "fi"), IDs and
words typed full-width («５０Ｅ», «ｌａｗ ５０»), and queries in a script the corpus has no
text in (Arabic, Greek, Hebrew, Chinese) -- folded alike in the text and the query, by the
command line (query.py, evaluate.py) and the browser (static/engine.js) alike, and a query
of another script answered "no text in this script", never a crash. Texts are invented."""

from __future__ import annotations

import re
import unicodedata

import pytest
from click.testing import CliRunner

from lawsearch.analysis import fold, spelt_out, tokenize
from lawsearch.cli import main
from lawsearch import patterns
from lawsearch.patterns import LIGATURE_FROM, LIGATURE_TO, NARROW_FROM, surely_not_foreign
from lawsearch.query import foreign_words
from node_engine import differences, python_answer


def test_the_ligature_table_is_nfkcs_own():
    """Extends the one NFKC table (patterns), not a list of our own: each is NFKC's spelling."""
    assert {"\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\u0133": "ij"}.items() <= dict(
        zip(LIGATURE_FROM, LIGATURE_TO)).items()
    assert all(unicodedata.normalize("NFKC", a) == b for a, b in zip(LIGATURE_FROM, LIGATURE_TO))
    assert not set(LIGATURE_FROM) & set(NARROW_FROM)


@pytest.mark.parametrize("text, words", [
    ("The ﬁnal ﬂag is deﬁned", ["the", "final", "flag", "is", "defined"]),
    ("ＦＩＮＡＬ ｆｌａｇ", ["final", "flag"]),
    ("oﬃce staﬀ", ["office", "staff"]),
])
def test_a_ligature_is_one_word_spelt_out(text, words):
    tokens = tokenize(text)
    assert [fold(t.text) for t in tokens] == words
    assert [text[t.start:t.end] for t in tokens] == text.split()  # offsets stay the text's


def test_both_runtimes_fold_ligatures_alike(node_engine):
    words = list(LIGATURE_FROM) + ["ﬁnal", "ÆﬁĲ", "ＤＥＦＩ", "ǅuro", "staﬀ-room"]
    js = node_engine.run([{"op": "fold", "text": w} for w in words])
    assert [w for w, j in zip(words, js) if fold(w) != j] == []
    texts = ["The ﬁnal ﬂag, deﬁned", "ﬁ50E ﬃ-ﬂ 50Eﬁ", "Ĳssel ǈudi"]
    js = node_engine.run([{"op": "tokenize", "text": t} for t in texts])
    for text, answer in zip(texts, js):
        assert [(t["text"], t["kind"], t["start"], t["end"]) for t in answer] == [
            (t.text, t.kind, t.start, t.end) for t in tokenize(text)]


@pytest.mark.parametrize("query, target", [("５０Ｅ", "50E"), ("ｌａｗ ５０", "50"), ("правило ５０Ｅ", "50E"),
                                           ("ＬＡＷ ５０Ｅ", "50E"), ("５０ｅ", "50E")])
def test_an_id_typed_full_width_is_an_id(searcher, query, target):
    result = searcher.search(query)
    assert (result.kind, result.target) == ("id", target)
    assert result.hits[0].id == target
    assert result.query == query  # the answer repeats the query as typed


@pytest.mark.parametrize("query", ["قانون", "νόμος", "חוק", "法律", "कानून"])
def test_a_query_in_another_script_says_so(searcher, built, query):
    result = searcher.search(query)
    assert result.hits == [] and result.foreign == [query] and result.missing == [query]
    shown = CliRunner().invoke(main, ["search", query, "--out", str(built)])
    assert shown.exit_code == 0 and "Traceback" not in shown.output
    assert f"«{query}»" in shown.output and "письмом" in shown.output  # the profile's words, naming it


def test_a_foreign_word_beside_ours_is_named_missing(searcher):
    result = searcher.search("νόμος штрафная карта")
    assert result.hits and result.foreign == ["νόμος"] and "νόμος" in result.missing


def test_foreign_words_are_words_of_letters_outside_ours():
    assert foreign_words('-قانون +"νόμος" ５０Ｅ ﬁnal карта law:50 12 ½ ©') == ["قانون", "νόμος"]
    assert foreign_words("") == [] and foreign_words("   ") == []


def test_the_quick_check_never_passes_a_character_of_the_foreign_class():
    """A search does not make the class (a walk of the whole plane) for a query the quick
    check passes: no character the check passes may be one the class holds."""
    foreign = re.compile(f"[{patterns.FOREIGN_LETTERS}]")
    passed = [chr(c) for c in range(0x80, 0x10000) if not 0xD800 <= c < 0xE000 and surely_not_foreign(chr(c))]
    assert not [c for c in passed if foreign.match(c)]
    assert "ж" in passed and "ﬁ" in passed and "Ｅ" in passed  # the usual queries pass: the class is not made
    assert not surely_not_foreign("карта νόμος") and not surely_not_foreign("\u0301")


QUERIES = ["５０Ｅ", "ｌａｗ ５０", "правило ５０Ｅ", "ＬＡＷ ５０Ｅ", "قانون", "νόμος штрафная карта", "ﬁnal", "ﬁnal penalty",
           "ｐｅｎａｌｔｙ card", "שלום", "法律 50E", "\"قانون\"", "-νόμος карта", "ｆｎ-８４-１", "ǅ", "ﬁ*", "ﬃ ﬄ",
           "𝔸𝔹 карта", "карта\u200bﬁ",
           # letters one runtime's Unicode tables know and the other's may not (Python 3.11: Unicode 14)
           "\U0003144e карта", "\ua7cb штрафная", "\u0c5d"]


def test_both_engines_answer_odd_unicode_alike(searcher, node_engine):
    answers = node_engine.search(QUERIES, 10)
    wrong = {q: d for q, js in zip(QUERIES, answers) if (d := differences(python_answer(searcher, q, 10), js))}
    assert wrong == {}


def test_english_text_with_ligatures_is_found_by_plain_words(tmp_path):
    """A corpus whose text keeps a PDF's ligatures («ﬁnal») is found by "final", and one
    whose text is plain by "ﬁnal": both sides spelt out alike, in both engines."""
    from lawsearch.build import build
    from lawsearch.query import Searcher
    from node_engine import NodeEngine

    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "law.txt").write_text(
        "LAW 40 - THE FINAL PASS\nA. The Flag\nThe ﬁnal pass is ﬂagged by the oﬃcial scorer at the table.\n"
        "B. The Pennant\nThe pennant flies after the last board of the evening.\n", encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\nlang = "en"\n\n[[source]]\npath = "laws/en/law.txt"\nlang = "en"\n'
                                        'kind = "laws"\nencoding = "utf-8"\n', encoding="utf-8")
    build(root, tmp_path / "out", lambda message: None)
    searcher = Searcher(tmp_path / "out" / "index")
    engine = NodeEngine(tmp_path / "out" / "site" / "search-index.js")
    try:
        for query in ("final flagged official", "ﬁnal", "ﬂies", "flag"):
            result = searcher.search(query)
            assert result.hits and not result.missing, query
        assert searcher.search("official").hits[0].id == "40A"
        assert searcher.search("ﬂies").hits[0].id == "40B"
        queries = ["final flagged official", "ﬁnal", "ﬂies", "flag", "oﬃcial scorer", "قانون"]
        for query, js in zip(queries, engine.search(queries, 10)):
            assert differences(python_answer(searcher, query, 10), js) == [], query
    finally:
        engine.close()
        searcher.close()


def test_spelt_out_is_narrow_and_ligatures():
    assert spelt_out("ﬁnal ＡＢＣ ５０Ｅ") == "final ABC 50E"


def test_explain_names_a_foreign_word_and_reads_a_full_width_id(built):
    said = CliRunner().invoke(main, ["explain", "قانون штрафная", "--out", str(built)])
    assert said.exit_code == 0 and "قانون" in said.output and "no text in this word's script" in said.output
    said = CliRunner().invoke(main, ["explain", "ｌａｗ ５０", "--out", str(built)])
    assert said.exit_code == 0 and "an ID; the search goes to 50" in said.output


def test_the_site_says_no_text_in_this_script(browser, built):
    """The search panel answers a query of another script with the profile's words naming it,
    not "try other words"; a full-width ID goes to its node as the typed one does."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto((built / "site" / "index.html").as_uri())
        page.fill("#q", "قانون")
        page.locator("#results .foreign").wait_for()
        said = page.locator("#results .foreign").inner_text()
        assert "«قانون»" in said and "письмом" in said
        assert "Попробуйте" not in page.locator("#results").inner_text()
        page.fill("#q", "５０Ｅ")
        page.locator("#results li a[data-id='50E']").first.wait_for()
        assert not errors, errors
    finally:
        page.close()


# -- words of other scripts the text has (cold read 8 of issue 16, finding 4) ---------------------

SCRIPTS_MANIFEST = """[code]
title = "Правила клуба"
laws = [1, 2]
edition = "2022"
lang = "ru"

[[source]]
path = "laws/ru/club.txt"
lang = "ru"
kind = "laws"
edition = "2022"
encoding = "auto"

[[source]]
path = "laws/en/club-en.txt"
lang = "en"
kind = "laws"
edition = "2022"
encoding = "auto"
"""

SCRIPTS_ENGLISH = """LAW 1 - NAMES OF THE TABLES
A. Names
The tables have names written on a card.
LAW 2 - THE BREAK
A. Length
A pair arriving after the break is warned; lateness twice is penalised.
"""

SCRIPTS_TEXT = """Правило 1. Названия столов
A. Имена
Стол Ψάλτης стоит у окна, стол ᚱᚨᛁᛞᛟ у двери; знак ♠ и 🂮 на табличке не читаются, буква «е́» тоже.
Правило 2. Перерыв
A. Длительность
Судья поднимает ﬂаг, и перерыв дли́тся десять минут.
"""


@pytest.fixture(scope="module")
def scripts_built(tmp_path_factory):
    """A corpus whose Russian text holds a Greek and a runic word (invented names of tables), a
    ligature and a stress mark, with an English text beside it."""
    from lawsearch.build import build

    root = tmp_path_factory.mktemp("scripts") / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "manifest.toml").write_text(SCRIPTS_MANIFEST, encoding="utf-8")
    (root / "laws" / "ru" / "club.txt").write_text(SCRIPTS_TEXT, encoding="utf-8")
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "club-en.txt").write_text(SCRIPTS_ENGLISH, encoding="utf-8")
    out = tmp_path_factory.mktemp("scripts-build")
    build(root, out, lambda message: None, single_file=True)
    return root, out


@pytest.mark.parametrize("query", ["Ψάλτης", "ψάλτης", "ᚱᚨᛁᛞᛟ"])
def test_a_word_of_another_script_the_text_has_is_found(scripts_built, query):
    from lawsearch.query import Searcher

    root, out = scripts_built
    s = Searcher(out / "index")
    result = s.search(query)
    s.close()
    assert [h.id for h in result.hits] == ["1A"] and result.foreign == [] and result.missing == []
    shown = CliRunner().invoke(main, ["search", query, "--corpus", str(root), "--out", str(out)])
    assert shown.exit_code == 0 and "1A" in shown.output and "письмом" not in shown.output


def test_a_script_the_text_lacks_is_still_named_so(scripts_built):
    from lawsearch.query import Searcher

    _, out = scripts_built
    s = Searcher(out / "index")
    assert s.search("قانون").foreign == ["قانون"]
    s.close()


def test_a_query_of_symbols_alone_says_there_is_nothing_to_search(scripts_built):
    root, out = scripts_built
    shown = CliRunner().invoke(main, ["search", "🂡", "--corpus", str(root), "--out", str(out)])
    assert shown.exit_code == 0 and "В запросе «🂡» нечего искать" in shown.output and "Попробуйте" not in shown.output
    shown = CliRunner().invoke(main, ["search", "🂡 ♠", "--json", "--corpus", str(root), "--out", str(out)])
    assert '"unsearchable": true' in shown.output


@pytest.mark.parametrize("where", ["site/index.html", "lawsearch.html"])
def test_the_browser_finds_other_scripts_and_names_a_symbol_query(browser, scripts_built, where):
    """The page reads the same tokenizer: the Greek and runic words are found, on the site and
    in the single file; a card symbol is answered with the profile's "nothing to search"."""
    from lawsearch.profile import load_profile

    ru = load_profile().strings("ru")
    _, out = scripts_built
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto((out / where).as_uri())
        for query in ("Ψάλτης", "ᚱᚨᛁᛞᛟ"):
            page.fill("#q", query)
            page.locator("#results li a[data-id='1A']").first.wait_for()
            assert page.locator("#results .foreign").count() == 0
        page.fill("#q", "🂡")
        page.locator("#results .unsearchable").wait_for()
        assert page.locator("#results .unsearchable").inner_text() == ru["search_unsearchable"].format(query="🂡")
        assert ru["search_try"] not in page.locator("#results").inner_text()
        assert not errors, errors
    finally:
        page.close()


# -- a prefix, a stress mark and a ligature in a query (cold read 8 of issue 16, finding 11) --------

@pytest.mark.parametrize("query", ["late*", "lat*", "ﬂаг", "дли́тся", "длится"])
def test_a_prefix_a_stress_mark_and_a_ligature_are_read_as_the_text_is(scripts_built, query):
    """``late*`` reaches the English text's "lateness" (a Latin prefix expands in the English
    fields too); «ﬂаг» typed with the ligature and «дли́тся» with its stress mark are folded as
    the text's words are."""
    from lawsearch.query import Searcher

    _, out = scripts_built
    s = Searcher(out / "index")
    result = s.search(query)
    s.close()
    assert "2A" in [h.id for h in result.hits], (query, result.hits)


@pytest.mark.parametrize("where", ["site/index.html", "lawsearch.html"])
def test_the_browser_reads_a_prefix_a_stress_mark_and_a_ligature_alike(browser, scripts_built, where):
    _, out = scripts_built
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto((out / where).as_uri())
        for query in ("late*", "ﬂаг", "дли́тся"):
            page.fill("#q", query)
            page.locator("#results li a[data-id='2A']").first.wait_for(timeout=5000)
        page.fill("#q", "е́")
        page.locator("#results li a[data-id='1A']").first.wait_for(timeout=5000)
        assert page.locator("#results .understood").count() == 0  # no family of a letter alone
        assert not errors, errors
    finally:
        page.close()


def test_a_letter_alone_is_no_family_reading(scripts_built):
    """«е́» (a letter with its stress mark) is the text's letter, folded as there, not a family's
    word: pymorphy reads «е» as an abbreviated form of «быть», whose family is «бытие»."""
    from lawsearch.query import Searcher

    _, out = scripts_built
    s = Searcher(out / "index")
    result = s.search("е́")
    s.close()
    assert "1A" in [h.id for h in result.hits]
    assert [u for u in result.understood_as if u["by"] == "family"] == []


# -- diacritics of every script, in both runtimes (cold read 12 of issue 16, finding 7) -----------

def test_fold_drops_the_diacritics_of_every_script_and_keeps_short_i():
    assert fold("λόγος") == fold("λογος") == fold("λο\u0301γος") == fold("ΛΌΓΟΣ") == fold("λόγοσ") == "λογοσ"
    assert fold("Ψάλτης") == "ψαλτησ" and fold("café") == "cafe" and fold("שָׁלוֹם") == fold("שלום")
    assert fold("е́") == fold("е") and fold("ё́") == "е" and fold("Ёлка́") == "елка"
    assert fold("йод") == fold("и\u0306од") == "йод" and fold("ЙОД") == "йод"  # й is a letter of its own
    assert fold("ﬂажок") == fold("flажок")  # NFKC: the ligature is the Latin "fl"


def test_the_table_of_marked_letters_is_the_canonical_decompositions_own():
    """Each letter the table reads bare is NFD's letter and marks (the marks of patterns.DIACRITICS),
    not a list of our own; and a letter NFD writes so is in it, й aside."""
    marks = re.compile(f"[{patterns.DIACRITICS}]+")
    for char, bare in zip(patterns.UNMARK_FROM, patterns.UNMARK_TO):
        parts = unicodedata.normalize("NFD", char)
        if char.casefold() != char.lower() and not marks.fullmatch(parts[1:]):  # case folding's other letter (ς: σ)
            assert unicodedata.normalize("NFD", char.casefold())[0] == bare, char
            continue
        assert parts[0] == bare and marks.fullmatch(parts[1:]), char
    table = set(patterns.UNMARK_FROM)
    assert {"ό", "ά", "é", "ü", "ї", "ё", "Ё"} <= table and not {"й", "Й"} & table
    assert dict(zip(patterns.UNMARK_FROM, patterns.UNMARK_TO))["ς"] == "σ"  # a word-final sigma is the letter
    assert all(unicodedata.combining(c) not in (0, 9) for c in "\u0301\u0308\u05b8\u064e")
    assert not marks.search("\u094d")  # a virama joins letters: kept


PARITY_WORDS = ["λόγος", "λογος", "λόγοσ", "ΛΌΓΟΣ", "ϐίος", "λο\u0301γος", "ΛΌΓΟΣ", "Ψάλτης", "е́", "ё́", "Е\u0301", "йод", "и\u0306од", "ЙОД",
                "ﬂажок", "флажок", "café", "שָׁלוֹם", "سَلام", "Ǖber", "ї", "ў", "ṩ", "ǅ", "ﬁ\u0301", "नमस्ते"]


def test_both_runtimes_fold_marked_letters_alike(node_engine):
    words = PARITY_WORDS + list(patterns.UNMARK_FROM) + [c + "\u0301" for c in "аеиоуλοαabc"]
    js = node_engine.run([{"op": "fold", "text": w} for w in words])
    assert [(w, fold(w), j) for w, j in zip(words, js) if fold(w) != j] == []
    texts = [" ".join(PARITY_WORDS), "Стол Ψάλτης и λο\u0301γος, ﬂажок и е́."]
    js = node_engine.run([{"op": "tokenize", "text": t} for t in texts])
    for text, answer in zip(texts, js):
        assert [(t["text"], t["kind"], t["start"], t["end"]) for t in answer] == [
            (t.text, t.kind, t.start, t.end) for t in tokenize(text)]


@pytest.mark.parametrize("query", ["ψαλτης", "ΨΑΛΤΗΣ", "Ψα\u0301λτης", "ψάλτης", "ψάλτησ", "ψαλτησ"])
def test_a_greek_word_is_found_with_or_without_its_tonos_in_both_runtimes(scripts_built, query):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine

    _, out = scripts_built
    s = Searcher(out / "index")
    python = python_answer(s, query)
    s.close()
    assert [h["id"] for h in python["hits"]] == ["1A"] and python["foreign"] == []
    # the word marked in the snippet as found, whichever sigma the query ends with (cold read 15, finding 3)
    snippet = python["hits"][0]["snippet"]
    assert [snippet[a:b] for a, b in python["hits"][0]["highlights"]] == ["Ψάλτης"], python["hits"][0]
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        (js,) = engine.run([{"op": "search", "query": query, "limit": 10}])
    finally:
        engine.close()
    assert differences(python, js) == []


def test_a_stress_mark_ranks_as_the_plain_letter_in_both_runtimes(scripts_built):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine

    _, out = scripts_built
    s = Searcher(out / "index")
    marked, plain = python_answer(s, "е́"), python_answer(s, "е")
    s.close()
    assert [h["id"] for h in marked["hits"]] == [h["id"] for h in plain["hits"]] and marked["hits"]
    assert [h["score"] for h in marked["hits"]] == [h["score"] for h in plain["hits"]]
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        js = engine.run([{"op": "search", "query": q, "limit": 10} for q in ("е́", "е")])
    finally:
        engine.close()
    assert differences(marked, js[0]) == [] and differences(plain, js[1]) == []
