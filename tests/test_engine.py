"""One engine, two runtimes: the browser's engine (static/engine.js) run under Node answers
as the command line does -- tokens, hits, scores, snippets, highlights, groups, corrections
-- and both read the one search grammar of lawsearch/patterns.py."""

from __future__ import annotations

import re
import unicodedata

import pytest

from conftest import DATA, relevance_set
from lawsearch.analysis import fold, tokenize
from lawsearch.patterns import LETTERS, MARKS, NARROW_FROM, NARROW_TO, SEARCH_GRAMMAR, SPACE_CHARS, strip_spaces
from lawsearch.query import groups
from node_engine import differences, python_answer


def expand(char_class: str) -> list[str]:
    """Every character of a class written as patterns.py writes them."""
    return [chr(c) for c in range(0x30000) if re.fullmatch(f"[{char_class}]", chr(c))]


def test_letters_are_letters_and_marks_are_marks():
    assert all(unicodedata.category(c).startswith("L") for c in expand(LETTERS))
    assert all(unicodedata.category(c) == "Mn" for c in expand(MARKS))


def test_the_grammar_has_no_class_the_two_languages_read_differently():
    for name, source in SEARCH_GRAMMAR.items():
        if isinstance(source, str):
            assert not re.search(r"\\[wWdDsSbBp]", source), name


def test_both_runtimes_fold_every_letter_alike(node_engine):
    """Lower case, ё, stress marks: Python's str.lower and JavaScript's toLowerCase agree on
    every letter the tokenizer takes, alone and with a mark after it."""
    words = expand(LETTERS) + [c + m for c in "аеиоуыэюяАЕИОУЫЭЮЯ" for m in expand(MARKS)] + ["И\u0306", "Е\u0308Ж", "ΑΣ"]
    js = node_engine.run([{"op": "fold", "text": w} for w in words])
    assert [w for w, j in zip(words, js) if fold(w) != j] == []


# Text where Python's \w, \d, \s and JavaScript's \p{L}, \d, \s split differently
JUNK = ["площадь 2 м² и ½ карты", "１２ взяток", "Ⅻ глава", "ка́рта и ё", "правило\u00a050E\u2003и\u200bеще",
        "\x1cкарта\x1dболван\x85вистующий\ufeff", "שלום карта مرحبا", "😀 карта 𝒜𝒷 50E1", "a_b 1_2 50E_ 48.4.1",
        "х-х-", "-карта", "47E2(a)(1) 21B2(b)(1)", "12,5 1.2.3", "İstanbul ΣΑΣ",
        # a soft hyphen inside a word, NFKC's full-width, letterlike and circled forms
        "мягкий\u00adперенос и\u00ad вот", "полноширинные ＡＢＣ １２ ５０Ｅ（ａ） １，５", "ℂ ſ ② ｆｕｌｌ－ｗｉｄｔｈ 𝔸𝔹ℂ"]


@pytest.mark.parametrize("text", JUNK)
def test_both_runtimes_tokenize_alike(node_engine, text):
    (js,) = node_engine.run([{"op": "tokenize", "text": text}])
    assert [(t["text"], t["kind"], t["position"]) for t in js] == [(t.text, t.kind, t.position) for t in tokenize(text)]


def test_both_runtimes_read_soft_hyphens_and_nfkc_forms_alike(node_engine):
    """A soft hyphen is part of its word and its terms drop it; NFKC's full-width letters and
    digits tokenize as what they stand for -- in both runtimes, with the offsets of the text
    as written (a snippet's marks fall on it)."""
    text = "мягкий\u00adперенос, ＡＢＣ и ５０Ｅ（ａ） на １２ стр."
    tokens = tokenize(text)
    assert [(t.text, t.kind) for t in tokens] == [("мягкий\u00adперенос", "word"), ("ABC", "word"), ("и", "word"),
                                                  ("50E(a)", "id"), ("на", "word"), ("12", "num"), ("стр", "word")]
    assert [text[t.start:t.end] for t in tokens][:2] == ["мягкий\u00adперенос", "ＡＢＣ"]
    (js,) = node_engine.run([{"op": "tokenize", "text": text}])
    assert [(t["text"], t["kind"], t["start"], t["end"]) for t in js] == [(t.text, t.kind, t.start, t.end) for t in tokens]
    words = ["мягкий\u00adперенос", "ＡＢＣ", "Ｓｔｒａｆ", "ℂ"] + list(NARROW_FROM)
    js = node_engine.run([{"op": "fold", "text": w} for w in words])
    assert fold("мягкий\u00adперенос") == "мягкийперенос" and fold("ＡＢＣ") == "abc"
    assert [w for w, j in zip(words, js) if fold(w) != j] == []


def test_narrow_is_nfkc_one_for_one():
    """The table is NFKC's own, letter for letter, and keeps every length -- and the hyphens that
    are no hyphen-minus to NFKC (patterns.HYPHENS: U+2010, U+2011), read as "-" (cold read 13 of
    issue 12, finding 9)."""
    from lawsearch.patterns import HYPHENS

    assert len(NARROW_FROM) == len(NARROW_TO) and all(ord(c) < 0x10000 for c in NARROW_FROM)
    assert all(unicodedata.normalize("NFKC", a) == b or a in HYPHENS and b == "-"
               for a, b in zip(NARROW_FROM, NARROW_TO))
    assert {"\u2010": "-", "\u2011": "-"}.items() <= dict(zip(NARROW_FROM, NARROW_TO)).items()
    assert {"Ａ": "A", "ｚ": "z", "０": "0", "（": "(", "ℂ": "C"}.items() <= dict(zip(NARROW_FROM, NARROW_TO)).items()


def test_white_space_is_the_same_on_both_sides():
    assert strip_spaces("\ufeff\x1c карта \x85\u3000") == "карта"
    assert all(c in SPACE_CHARS for c in " \t\n\r\x0b\x0c\x1c\x1f\x85\xa0\u2028\u3000\ufeff")


MORE = ["болван OR онер", "штраф*", "карта -штрафная", "NOT вистующий разыгрывающий", "law:50", "kind:commentary",
        "lang:en card", "lang:en penalty card", "фальшренонсм", "ыыыы", "50Z", "\"карта стола\" OR болван",
        "Law 47e2(a)", "невиновная сторона", "revoke", "правило 53", "fn-84-1", "div-razdel-46", "48.4",
        "law:999 карта", "kind:bogus", "lang:fr card", "ПРАВИЛО 50е1", "ст.50", "50 E", "\ufeff50E\x1c",
        # a single-edition corpus knows its one edition (docs/editions.md); another is an error
        "карта edition:1987", "edition:1987 law:50", "карта edition:2017", "edition:",
        # one quoted word is that word (query.parse)
        'declarer said "low" from dummy', '+"болван" карта', '-"болван" карта', '"50E"', '"штраф*"',
        # soft hyphens and NFKC forms in a query: read as the plain words and IDs
        "штраф\u00adная кар\u00adта", "ｐｅｎａｌｔｙ ｃａｒｄ", "５０Ｅ", "правило ５０Ｅ１", "ＢＯＬＶＡＮ", "штраф＊"] + JUNK


def situations() -> list[str]:
    return [line.split("\t")[0] for line in (DATA / "situations.tsv").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("limit", [10, 3, None])
def test_both_runtimes_answer_alike(node_engine, searcher, limit):
    """Hits, scores, totals, snippets, highlights, groups, corrections, suggestions: equal."""
    queries = [q for q, _, _ in relevance_set()] + MORE + situations()
    found = {}
    for query, js in zip(queries, node_engine.search(queries, limit)):
        diff = differences(python_answer(searcher, query, limit), js)
        if diff:
            found[query] = diff
    assert found == {}


def test_a_law_shows_its_best_hits_and_heads_its_group(searcher, node_engine):
    """One rule in both runtimes (they used to differ for `revoke`: the command line hid 62,
    the browser 62C1): a law's group shows its best three hits in rank order, the law's own
    node first when it is one of them."""
    result = searcher.search("revoke", limit=None)
    for group in result.to_dict()["groups"]:
        best = group["ids"][:3] if len(result.to_dict()["groups"]) > 1 else group["ids"]
        assert sorted(group["shown"]) == sorted(best)
        assert group["shown"][1:] == [i for i in best if i != group["shown"][0]]
        assert group["law"] not in best or group["shown"][0] == group["law"]
    (js,) = node_engine.search(["revoke"], None)
    assert js["groups"] == result.to_dict()["groups"]


def test_groups_take_the_best_hits_not_the_law_first():
    from lawsearch.query import Hit

    hits = [Hit(i, "62", "", None, 1.0, "", [], "") for i in ("62C1", "62B1", "62B2", "62")] + \
        [Hit("61", "61", "", None, 1.0, "", [], "")]
    assert groups(hits)[0]["shown"] == ["62C1", "62B1", "62B2"]
    hits[2], hits[3] = hits[3], hits[2]
    assert groups(hits)[0]["shown"] == ["62", "62C1", "62B1"]


def test_words_that_name_javascript_properties_are_words(node_engine, searcher):
    """A query word is looked up in the engine's tables: "constructor" or "toString" must
    not find JavaScript's own properties there."""
    queries = ["constructor", "toString карта", "__proto__", "hasOwnProperty valueOf", "law:constructor", "constructor*"]
    for query, js in zip(queries, node_engine.search(queries)):
        assert differences(python_answer(searcher, query), js) == [], query


ODD_UNICODE_LAW = """Правило 1. Знаки
Здесь стоит мягкий\u00adперенос посреди слова.
A.Ширина
Полноширинные ＡＢＣ и цифры １２３ в тексте.
"""


@pytest.fixture(scope="module")
def odd_unicode(tmp_path_factory):
    """A corpus whose text holds a soft hyphen inside a word and full-width letters, built."""
    from conftest import one_file_corpus
    from lawsearch.build import build
    from lawsearch.query import Searcher
    from node_engine import NodeEngine

    root = tmp_path_factory.mktemp("odd-unicode")
    corpus = one_file_corpus(root, ODD_UNICODE_LAW)
    build(corpus, root / "build", lambda message: None)
    searcher = Searcher(root / "build" / "index")
    engine = NodeEngine(root / "build" / "site" / "search-index.js")
    yield searcher, engine
    engine.close()
    searcher.close()


@pytest.mark.parametrize("query, node", [("мягкийперенос", "1"), ("мягкий\u00adперенос", "1"), ("ABC", "1A"),
                                         ("ＡＢＣ", "1A"), ("abc", "1A"), ("123", "1A"), ("１２３", "1A")])
def test_soft_hyphens_and_full_width_text_are_found_by_both_runtimes(odd_unicode, query, node):
    searcher, engine = odd_unicode
    python = python_answer(searcher, query, None)
    assert node in [h["id"] for h in python["hits"]], python
    (js,) = engine.search([query], None)
    assert differences(python, js) == []


def test_a_snippet_of_a_text_whose_start_is_lost_begins_with_the_gap(node_engine, searcher):
    """The cold reader's query: 50A's text begins where a page of the book is lost («ло 57),
    есть…»); its snippet said so in neither runtime. Both begin it with «[…] », its marks moved
    with it; a snippet of a text whole at its start has none."""
    query = "есть штрафная карта если судья не определяет иначе"
    (js,) = node_engine.search([query], None)
    for answer in (python_answer(searcher, query, None), js):
        hits = {h["id"]: h for h in answer["hits"]}
        cut = hits["50A"]
        assert cut["snippet"].startswith("[…] ") and not cut["snippet"].startswith("[…] […]"), cut["snippet"]
        for start, end in cut["highlights"]:
            assert cut["snippet"][start:end].strip() and "[" not in cut["snippet"][start:end]
        whole = hits["50B"]
        assert not whole["snippet"].startswith(("[…]", "…")), whole["snippet"]
