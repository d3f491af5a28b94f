"""An ID typed in lower case, without the marks of its format or with spaces between its parts
("70b3a", "70 B 3 (a)") jumps to 70B3(a) as "70B3(a)" does -- in the command line and in the
browser, by one normalisation (grammar.IdRules.typed_source, its ``loose`` form: the sources
both engines compile), and the parity of the two is checked on the same corpus (issue 9, cold
read 10, finding 8a). A roman item right under its clause (70C1(ii)) is an ID the strict
levels let through. The texts are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import english_corpus
from lawsearch import ids
from lawsearch.grammar import default_grammar

EN = """Law 70 - Kettles Left On
A. Kettle Forgotten
1. The steward takes the kettle off the stove.
2. He then writes it in the book.
3. The owner may answer, as in (a)-(b) below.
(a) The owner speaks first about the kettle.
(b) The steward speaks next about the stove.
B. Kettle Boiled Dry
1. When a kettle has boiled dry, the steward buys another if
(i) nobody has claimed the old one; or
(ii) the old one leaks from the spout.
"""

RU = """Правило 40. ЧАЙНИКИ
A.Забытый чайник
1.Дежурный снимает чайник с плиты.
(a).Хозяин говорит первым о чайнике.
(b).Дежурный говорит вторым о плите.
B.Выкипевший чайник
Дежурный покупает новый чайник.
"""


@pytest.mark.parametrize("typed, expected", [
    ("70B3(a)", "70B3(a)"), ("70b3a", "70B3(a)"), ("70 B 3 (a)", "70B3(a)"), ("70b3(A)", "70B3(a)"),
    ("70 b 3 (a)", "70B3(a)"), ("Law 70b3a", "70B3(a)"), ("70b3", "70B3"), ("50e1", "50E1"),
    ("12a1bii", "12A1(b)(ii)"), ("70B1(ii)", "70B1(ii)"), ("70b1(II)", "70B1(ii)"),
    ("40а1а", "40A1(a)"), ("правило 40 А 1 (а)", "40A1(a)"),  # Cyrillic look-alikes
])
def test_typed_ids_normalize(typed, expected):
    assert ids.normalize(typed) == expected


@pytest.mark.parametrize("typed", ["50(a)", "50(ii)", "70B(a)", "50a(1)"])
def test_a_level_without_the_one_above_is_still_no_id(typed):
    """Strict levels: a sub-clause without its clause is none; only a series the level above
    writes the first label of (roman, (i) being a letter too) may skip one level, under a
    clause."""
    assert default_grammar().ids.normalize(typed.replace(" ", "")) is None


def test_only_the_roman_series_of_items_may_skip_the_sub_clause():
    rules = default_grammar().ids
    assert rules.skipping("item") == ["roman"]
    assert rules.skipping("subclause") == [] and rules.skipping("clause") == []
    assert rules.normalize("70B1(ii)") == "70B1(ii)" and rules.normalize("70B1(2)") is None


def built(tmp_path: Path, name: str, files: dict[str, str], lang: str) -> tuple[Path, Path]:
    from lawsearch.build import build

    if lang == "en":
        root = english_corpus(tmp_path / name, files, "en-mixed")
    else:
        root = tmp_path / name
        (root / "laws").mkdir(parents=True)
        lines = ['[code]', 'title = "Чайники"', 'laws = [1, 93]', 'lang = "ru"']
        for file, text in files.items():
            (root / "laws" / file).write_text(text, encoding="utf-8")
            lines += ['', '[[source]]', f'path = "laws/{file}"', 'lang = "ru"', 'kind = "laws"', 'layout = "ru-book"']
        (root / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / f"{name}-out"
    build(root, out, lambda message: None)
    return root, out


@pytest.mark.parametrize("lang, text, queries, target", [
    ("en", EN, ["70A3(a)", "70a3a", "70 A 3 (a)", "70 a 3 (a)", "law 70a3a", "Law 70 A 3 (a)", "70A3A"], "70A3(a)"),
    ("en", EN, ["70b1ii", "70B1(ii)", "70 b 1 (ii)"], "70B1(ii)"),
    ("ru", RU, ["40A1(b)", "40a1b", "40а1b", "40 А 1 (b)", "правило 40a1b"], "40A1(b)"),
    # the Russian book's own letter (its layout's label_letters), as its heading would print it
    ("ru", RU, ["40а1б", "40A1(б)", "40 А 1 (Б)"], "40A1(b)"),
])
def test_both_engines_jump_to_an_id_typed_loosely(tmp_path, lang, text, queries, target):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    _, out = built(tmp_path, "c", {"law.txt": text}, lang)
    searcher = Searcher(out / "index")
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        for query, js in zip(queries, engine.search(queries, 10)):
            result = searcher.search(query, 10)
            assert result.kind == "id" and result.target == target and result.hits[0].id == target, query
            assert js["hits"][0]["id"] == target, query
            assert differences(python_answer(searcher, query, 10), js) == [], query
    finally:
        engine.close()
        searcher.close()


# -- a dotted code: its dots part its numbers, a point's brackets may be left out (cold read 11, 6)

DOTTED_PROFILE = """extends = ""
languages = ["en"]
laws = [1, 3]

[grammar]
levels = ["section", "subsection", "point"]
strict_levels = false
default_layouts = { en = "plain" }

[grammar.labels]
section = "digits"
subsection = "digits"
point = "a-z"

[grammar.ids]
law = "{law}"
section = ".{label}"
subsection = ".{label}"
point = "({label})"
footnote = "fn-{page}-{n}"
division = "div-{slug}-{law}"
piece = "piece-{source}-{line}"
anchor = "r"

[layouts.plain]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.plain.headings]
law = 'Chapter\\s+{law}{title?}'
section = '\\d+\\.{label}\\s+{title}'
subsection = '\\d+\\.\\d+\\.{label}\\s+{title}'
point = '\\({label}\\)\\s+{title}'

[layouts.plain.examples]
law = "Chapter 2 - Stalls"
section = "2.1 Stall Rents"
subsection = "2.1.1 The rent is due each week."
point = "(a) a stall left empty;"

[citations.en]
see = ["see"]
after = ["above", "below"]
conjunctions = ["and", "or"]
ranges = ["-"]
quotes = ["()"]

[[citations.en.levels]]
level = "chapter"
words = ["Chapter", "Chapters"]
label = "law"

[[citations.en.levels]]
level = "section"
words = ["Section", "Sections"]
label = "number"

[strings.en]
law = "Chapter {id}"
code_title = "Market Rules"
brand = "Market rules"
app_name = "Market Rules"
"""

DOTTED = """Chapter 1 - Stalls
1.1 Places
1.1.1 Every trader keeps one stall in the square.
1.1.2 A stall is taken when its awning is up, except
(a) a stall under repair;
(b) a stall lent for a fair.
Chapter 2 - Rents
2.1 Weekly Rent
2.1.1 The rent is due each week.
2.1.2 No rent is due for a stall named in Section 1.1.2.
Chapter 3 - Quarrels
3.1 Complaints
(a) A complaint is made to the warden.
(b) The warden answers within a week.
"""


@pytest.mark.parametrize("queries, target", [
    (["1.1.2b", "1.1.2(b)", "1.1.2B"], "1.1.2(b)"),
    (["3.1b", "3.1(b)"], "3.1(b)"),
    (["2.1.2"], "2.1.2"),
])
def test_both_engines_jump_to_a_dotted_id_typed_loosely(tmp_path, queries, target):
    """"1.1.2b" is 1.1.2(b), never a search for the words that opens another node (2.1.2)."""
    from lawsearch.build import build
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    root = tmp_path / "c"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "rules.txt").write_text(DOTTED, encoding="utf-8")
    (root / "profile.toml").write_text(DOTTED_PROFILE, encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\ntitle = "Market Rules"\nprofile = "profile.toml"\nlang = "en"\n\n'
                                        '[[source]]\npath = "laws/rules.txt"\nlang = "en"\nkind = "laws"\n',
                                        encoding="utf-8")
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    searcher = Searcher(out / "index")
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        for query, js in zip(queries, engine.search(queries, 10)):
            result = searcher.search(query, 10)
            assert result.kind == "id" and result.target == target and result.hits[0].id == target, query
            assert js["hits"][0]["id"] == target, query
            assert differences(python_answer(searcher, query, 10), js) == [], query
    finally:
        engine.close()
        searcher.close()


@pytest.mark.parametrize("typed, expected", [("2.1.2б", "2.1.2.b"), ("2.1.2b", "2.1.2.b"), ("2.1б", "2.1.b"),
                                             ("2.1.2.б", "2.1.2.b"), ("2.1.2", "2.1.2")])
def test_a_dotted_russian_id_typed_loosely(typed, expected):
    from lawsearch.grammar import IdRules
    from lawsearch.profile import load_profile

    assert IdRules(load_profile("statute-ru").data).normalize(typed) == expected
