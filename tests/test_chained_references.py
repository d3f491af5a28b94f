"""A relative reference after an explicit citation in the same sentence lies beside that
citation's target, not in the citing node (issue 9 cold read 5, finding 9): "paragraph (a) of
Section 2.2.1 and (b) above" cites 2.2.1(a) and 2.2.1(b); «подпункте «а» пункта 3 статьи 11 и
подпункт б) выше» 11.3.a and 11.3.b. Alone, or in the next sentence, it lies where the citing
node is, as before. The codes' words are invented."""

from __future__ import annotations

import pytest

from lawsearch.profile import activated, load_profile
from lawsearch.references import find_citations

# a code of our own whose lettered level is not called "subclause"
FERRY = """extends = ""
name = "ferry"
languages = ["en"]

[grammar]
levels = ["chapter", "article", "clause"]
strict_levels = false
default_layouts = { en = "ferry" }

[grammar.labels]
chapter = "digits"
article = "digits"
clause = "a-z"

[grammar.ids]
law = "{law}"
chapter = ".{label}"
article = ".{label}"
clause = "({label})"
footnote = "fn-{page}-{n}"
division = "div-{slug}-{law}"
piece = "piece-{source}-{line}"
anchor = "f"

[layouts.ferry]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.ferry.headings]
law = 'Part\\s+{law}{title?}'
chapter = '\\d+\\.{label}\\s+{title}'
article = '\\d+\\.\\d+\\.{label}\\s+{title}'
clause = '\\({label}\\)\\s+{title}'

[citations.en]
see = ["see"]
after = ["above", "below"]
conjunctions = ["and", "or"]
ranges = ["-"]
quotes = ["()"]
of = ["of"]

[[citations.en.levels]]
level = "part"
words = ["Part", "Parts"]
label = "number"

[[citations.en.levels]]
level = "article"
words = ["Article", "Articles"]
label = "number"

[[citations.en.levels]]
level = "clause"
words = ["clause", "clauses"]
label = "letter"
bare = true

[strings.en]
law = "Part {id}"
code_title = "Ferry rules"
brand = "Ferry rules"
app_name = "Ferry rules"
"""


@pytest.fixture(scope="module")
def ferry(tmp_path_factory):
    root = tmp_path_factory.mktemp("ferry")
    (root / "profile.toml").write_text(FERRY, encoding="utf-8")
    return load_profile("ferry", root)


def cited(profile, text, law, context, lang):
    with activated(profile):
        return [(s, t) for s, _, t, _ in find_citations(text, law, context, None, lang=lang, profile=profile)]


@pytest.mark.parametrize("text, context, expected", [
    # after an explicit citation: beside its target
    ("The fare is waived under clause (a) of Article 2.2.1 and (b) above.", "3.2.2",
     [("clause (a) of Article 2.2.1", ["2.2.1(a)"]), ("(b)", ["2.2.1(b)"])]),
    ("As clause (c) of Article 4.1.3 or clause (d) allows.", "3.2.2(a)",
     [("clause (c) of Article 4.1.3", ["4.1.3(c)"]), ("clause (d)", ["4.1.3(d)"])]),
    # alone: where the citing node is
    ("A dog travels free unless (b) above applies.", "3.2.2(a)", [("(b)", ["3.2.2(b)"])]),
    # in the next sentence: where the citing node is
    ("See clause (a) of Article 2.2.1. Then (b) above applies.", "3.2.2(a)",
     [("clause (a) of Article 2.2.1", ["2.2.1(a)"]), ("(b)", ["3.2.2(b)"])]),
])
def test_a_letter_after_an_explicit_citation_lies_beside_it(ferry, text, context, expected):
    assert cited(ferry, text, "3", context, "en") == expected


def test_a_bridge_sub_clause_after_a_law_citation_lies_beside_it():
    bridge = load_profile("bridge")
    # the law citation's list goes on with the sub-clause (fixAT): one citation of both
    assert cited(bridge, "as Law 40A1(a) and (b) above allow", "41", "41B1", "en") == [
        ("Law 40A1(a) and (b)", ["40A1(a)", "40A1(b)"])]
    # a citation whose target has no such sibling leaves it where the citing node is
    assert cited(bridge, "see Law 40 and (b) above", "41", "41B1(a)", "en") == [
        ("Law 40", ["40"]), ("(b)", ["41B1(b)"])]


@pytest.mark.parametrize("text, context, expected", [
    ("как указано в подпункте «а» пункта 3 статьи 11 и подпункт б) выше", "12.1",
     [("подпункте «а» пункта 3 статьи 11", ["11.3.a"]), ("подпункт б", ["11.3.b"])]),
    ("подпункт б) выше", "12.1.3.a", [("подпункт б", ["12.1.3.b"])]),
    ("см. подпункт «а» пункта 3 статьи 11. Подпункт б) выше не применяется", "12.1.3.a",
     [("подпункт «а» пункта 3 статьи 11", ["11.3.a"]), ("Подпункт б", ["12.1.3.b"])]),
])
def test_a_russian_sub_point_after_an_explicit_citation_lies_beside_it(text, context, expected):
    statute = load_profile("statute-ru")
    assert cited(statute, text, "12", context, "ru") == expected
