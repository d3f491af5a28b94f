"""References the cold read found misread (issue 9, cold read 14, findings 1 and 2), in an
invented statute profile whose rules are headed "Rule 3 - Hives" and whose sub-levels are
printed "(1)", "(a)", "(i)" (IDs 3(2)(a)(i)):

* (1) "as in sub-paragraph (i) of paragraph (a)" in 3(2)(b) cites 3(2)(a)(i): the container
  named is a sibling level of the citing node, its missing levels are the citing node's; an
  ID with a level left empty (3()(a)(i)) is never produced, and a target that cannot be built
  is a warning naming file and line;
* (2) numbers in brackets are citable ("rule 3(1)", "rule 2(1)(a) and (b)", "(1) above",
  "subrule (2) of rule 2"), whether the rule level's citation label is "law" or "number".

All text invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus

PROFILE = """extends = ""
languages = ["en"]
laws = [1, 9]

[grammar]
levels = ["subrule", "paragraph", "subparagraph"]
strict_levels = true
default_layouts = { en = "rules" }

[grammar.labels]
subrule = "digits"
paragraph = "a-z"
subparagraph = "roman"

[grammar.ids]
law = "{law}"
subrule = "({label})"
paragraph = "({label})"
subparagraph = "({label})"
footnote = "fn-{page}-{n}"
division = "div-{slug}-{law}"
piece = "piece-{source}-{line}"
anchor = "r"

[layouts.rules]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.rules.headings]
law = 'Rule\\s+{law}\\s+-\\s+{title}'
subrule = '\\({label}\\)\\s+{title}'
paragraph = '\\({label}\\)\\s+{title}'
subparagraph = '\\({label}\\)\\s+{title}'

[layouts.rules.examples]
law = "Rule 2 - Keepers"
subrule = "(1) A hive is opened in spring."
paragraph = "(a) Any neighbour may watch."
subparagraph = "(ii) a veil;"

[citations.en]
see = ["see", "under", "as in"]
after = ["above", "below"]
earlier = ["above"]
later = ["below"]
conjunctions = ["and", "or"]
ranges = ["-", "to"]
quotes = ["()"]
of = ["of"]

[[citations.en.levels]]
level = "rule"
words = ["Rule", "Rules", "rule", "rules"]
label = "{rule_label}"
{subrule_level}
[[citations.en.levels]]
level = "paragraph"
words = ["paragraph", "paragraphs"]
label = "letter"
bare = true

[[citations.en.levels]]
level = "subparagraph"
words = ["sub-paragraph", "sub-paragraphs"]
label = "letter"
bare = true

[strings.en]
law = "Rule {id}"
code_title = "Rules of the Hill Beekeepers"
brand = "Hive rules"
app_name = "Rules of the Hill Beekeepers"
"""

SUBRULE = """
[[citations.en.levels]]
level = "subrule"
words = ["subrule", "subrules"]
label = "{subrule_label}"
bare = true
"""

TEXT = """Rule 1 - Keepers
(1) The keepers tend the hives on the hill.
(2) Keepers wear what rule 2(1) lists.
Rule 2 - Hives
(1) On opening a hive
(a) each keeper wears
(i) a veil, and
(ii) gloves;
(b) nobody opens a hive alone, as in sub-paragraph (i) of paragraph (a).
(c) smoke is used sparingly, as in sub-paragraph (v) of paragraph (e).
(d) a second veil is kept as in sub-paragraph (ii) of paragraph (a).
(2) A hive is closed at dusk.
Rule 3 - Honey
(1) Honey is shared by those named under rule 2(1)(a) and (b).
(2) Rules 1-2 bind every keeper, and (1) above fixes the share.
(3) A late keeper is reminded under subrule (2) of rule 2. Subrule (1) above still applies.
(4) Wax is kept as rule 2(1)(a)(ii) says.
"""


def _build(root: Path, rule_label: str, subrule_label: str | None = None):
    (root / "laws").mkdir(parents=True, exist_ok=True)
    (root / "laws" / "rules.txt").write_text(TEXT, encoding="utf-8")
    sub = SUBRULE.replace("{subrule_label}", subrule_label) if subrule_label else ""
    (root / "profile.toml").write_text(
        PROFILE.replace("{rule_label}", rule_label).replace("{subrule_level}", sub), encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Hill"\nprofile = "profile.toml"\nlang = "en"\n\n'
        '[[source]]\npath = "laws/rules.txt"\nlang = "en"\nkind = "laws"\nlayout = "rules"\n', encoding="utf-8")
    return build_corpus(root, strict=False)


def _refs(corpus, citing: str) -> list[str]:
    return [r.target for r in corpus.refs if r.from_ == citing]


LABELS = [("law", None), ("number", None), ("number", "number"), ("number", "letter"), ("law", "number")]


@pytest.fixture(scope="module", params=LABELS, ids=lambda p: f"rule-{p[0]}-subrule-{p[1]}")
def hill(request, tmp_path_factory):
    return _build(tmp_path_factory.mktemp("hill"), *request.param)


# -- 1: a sibling level's container, and no empty level ----------------------------------------

def test_a_sub_paragraph_of_a_sibling_paragraph_lies_in_the_citing_subrule(hill):
    assert _refs(hill, "2(1)(b)") == ["2(1)(a)(i)"]


def test_a_sub_paragraph_numbered_in_roman_numerals_is_cited_alike(hill):
    assert _refs(hill, "2(1)(d)") == ["2(1)(a)(ii)"]


def test_no_target_has_an_empty_level(hill):
    assert hill.refs
    assert not [r.target for r in hill.refs if "()" in r.target]


def test_a_target_that_cannot_be_built_is_a_warning_naming_file_and_line(hill):
    assert _refs(hill, "2(1)(c)") == []
    warned = [p for p in hill.problems if "(v)" in p.message and "paragraph (e)" in p.message]
    assert warned and warned[0].severity == "warning"
    assert "rules.txt:10:" in str(warned[0])


# -- 2: numbers in brackets --------------------------------------------------------------------

@pytest.mark.parametrize("citing, expected", [
    ("1(2)", ["2(1)"]),
    ("3(1)", ["2(1)(a)", "2(1)(b)"]),
    ("3(4)", ["2(1)(a)(ii)"]),
])
def test_a_rule_with_numbers_in_brackets_is_cited_whole(hill, citing, expected):
    assert _refs(hill, citing) == expected


def test_a_bracketed_number_above_is_a_sibling(hill):
    assert _refs(hill, "3(2)") == ["1", "2", "3(1)"]


def test_a_subrule_word_cites_a_bracketed_number(hill, request):
    if "subrule-None" in request.node.callspec.id:
        # no citation level for subrules: "(1) above" is still a number in brackets
        assert _refs(hill, "3(3)") == ["2", "3(1)"]
    else:
        assert _refs(hill, "3(3)") == ["2(2)", "3(1)"]


# -- the docs' example of this shape -----------------------------------------------------------

def test_the_docs_citation_table_for_bracketed_levels_reads_them(tmp_path):
    """docs/profiles.md ("quotes") prints a citation table for rules whose levels are printed
    in brackets; a profile written from it cites what its comments say."""
    import re

    docs = (Path(__file__).resolve().parent.parent / "docs" / "profiles.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- bracketed-citations -->\s*```toml\n(.*?)```", docs, re.S)
    assert m, "docs/profiles.md lost its table for bracketed levels"
    table = "\n".join(line[2:] if line.startswith("  ") else line for line in m.group(1).splitlines())
    own = PROFILE[:PROFILE.index("[citations.en]")] + table + "\n" + PROFILE[PROFILE.index("[strings.en]"):]
    root = tmp_path / "docs"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "rules.txt").write_text(TEXT, encoding="utf-8")
    (root / "profile.toml").write_text(own, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Hill"\nprofile = "profile.toml"\nlang = "en"\n\n'
        '[[source]]\npath = "laws/rules.txt"\nlang = "en"\nkind = "laws"\nlayout = "rules"\n', encoding="utf-8")
    corpus = build_corpus(root, strict=False)
    assert _refs(corpus, "1(2)") == ["2(1)"]
    assert _refs(corpus, "3(1)") == ["2(1)(a)", "2(1)(b)"]
    assert _refs(corpus, "3(2)") == ["1", "2", "3(1)"]
    assert _refs(corpus, "3(3)") == ["2(2)", "3(1)"]
    assert _refs(corpus, "2(1)(b)") == ["2(1)(a)(i)"]
