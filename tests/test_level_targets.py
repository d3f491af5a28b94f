"""A reference naming several levels builds its target with each level's own ID format, the
one the headings' IDs are written with (issue 9, cold read 15, finding 1): in a code whose
paragraphs are IDed "({label})", points "{label}" and sub-points "({label})", "point 2 of
paragraph (1)" is 2(1)2 -- never 2(1)(2), an ID no heading has, reported as "part lost" while
check said OK. A target that cannot be built, or does not read back as its law's, is a
warning. Invented codes of several level shapes; the bridge laws' English as a control.

All text invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.profile import activated, load_profile
from lawsearch.references import find_citations

PROFILE = """extends = ""
name = "{name}"
languages = ["en"]
laws = [1, 9]

[grammar]
levels = [{levels}]
strict_levels = {strict}
default_layouts = {{ en = "plain" }}

[grammar.labels]
{labels}

[grammar.ids]
law = "{{law}}"
{ids}
footnote = "fn-{{page}}-{{n}}"
division = "div-{{slug}}-{{law}}"
piece = "piece-{{source}}-{{line}}"
anchor = "q"

[layouts.plain]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.plain.headings]
law = '{law_word}\\s+{{law}}\\s+{{title}}'
{headings}

[citations.en]
see = ["see", "under"]
after = ["above", "below"]
earlier = ["above"]
later = ["below"]
conjunctions = ["and", "or"]
ranges = ["-", "to"]
quotes = ["()"]
of = ["of"]

[[citations.en.levels]]
level = "chapter"
words = ["{law_word}", "{law_word}s"]
label = "number"
{citation_levels}
[strings.en]
law = "{law_word} {{id}}"
code_title = "Invented rules"
brand = "Invented rules"
app_name = "Invented rules"
"""


def _profile_text(name: str, law_word: str, levels: list[tuple[str, str, str, str, str, str]],
                  strict: bool = True) -> str:
    """A profile of three levels: (name, alphabet, ID format, heading, citation word, label kind)."""
    return PROFILE.format(
        name=name, law_word=law_word, strict="true" if strict else "false",
        levels=", ".join(f'"{lv[0]}"' for lv in levels),
        labels="\n".join(f'{lv[0]} = "{lv[1]}"' for lv in levels),
        ids="\n".join(f'{lv[0]} = "{lv[2]}"' for lv in levels),
        headings="\n".join(f"{lv[0]} = '{lv[3]}'" for lv in levels),
        citation_levels="".join(f'\n[[citations.en.levels]]\nlevel = "{lv[0]}"\nwords = ["{lv[4]}", "{lv[4]}s"]\n'
                                f'label = "{lv[5]}"\nbare = true\n' for lv in levels))


BRACKETED = [("paragraph", "digits", "({label})", r"\({label}\)\s+{title}", "paragraph", "number"),
             ("point", "digits", "{label}", r"{label}\.\s+{title}", "point", "number"),
             ("subpoint", "a-z", "({label})", r"\({label}\)\s+{title}", "sub-point", "letter")]
# the same, the point's ID after a dot: 2(1).2
DOTTED_POINT = [BRACKETED[0], ("point", "digits", ".{label}", r"{label}\.\s+{title}", "point", "number"),
                BRACKETED[2]]
# "1." / "(a)" / "(i)": 3.1(b)(ii)
TIERS = [("clause", "digits", ".{label}", r"{label}\.\s+{title}", "clause", "number"),
         ("item", "a-z", "({label})", r"\({label}\)\s+{title}", "item", "letter"),
         ("subitem", "roman", "({label})", r"\({label}\)\s+{title}", "sub-item", "letter")]


def _load(tmp_path_factory, name, law_word, levels, strict=True):
    root = tmp_path_factory.mktemp(name)
    (root / "profile.toml").write_text(_profile_text(name, law_word, levels, strict), encoding="utf-8")
    return load_profile(name, root)


@pytest.fixture(scope="module")
def bracketed(tmp_path_factory):
    return _load(tmp_path_factory, "quay", "Bylaw", BRACKETED)


@pytest.fixture(scope="module")
def dotted_point(tmp_path_factory):
    return _load(tmp_path_factory, "quaydot", "Bylaw", DOTTED_POINT)


@pytest.fixture(scope="module")
def tiers(tmp_path_factory):
    return _load(tmp_path_factory, "tiers", "Chapter", TIERS)


@pytest.fixture(scope="module")
def loose(tmp_path_factory):
    return _load(tmp_path_factory, "loose", "Bylaw", BRACKETED, strict=False)


def cited(profile, text: str, context: str) -> list[tuple[str, list[str], str | None]]:
    law = context.split("(")[0].split(".")[0]
    with activated(profile):
        return [(s, t, p) for s, _, t, p in find_citations(text, law, context, None, lang="en", profile=profile)]


def targets(profile, text: str, context: str) -> list[str]:
    return [t for _, ts, p in cited(profile, text, context) if not p for t in ts]


@pytest.mark.parametrize("text, context, expected", [
    ("The master may widen point 2 of paragraph (1) by notice.", "2(2)", ["2(1)2"]),
    ("Points 1 and 2 of Bylaw 2(1) apply to rowing boats.", "3(2)", ["2(1)1", "2(1)2"]),
    ("The same holds for sub-point (b) of point 2 of Bylaw 2(1) too.", "3(3)", ["2(1)2(b)"]),
    ("A pilot is treated as in point 3.", "2(1)1", ["2(1)3"]),  # the citing node's own paragraph
    # controls: one level, or a whole ID, as before
    ("Paragraph (2) does not apply to lifeboats.", "4(1)", ["4(2)"]),
    ("A fee is due except under Bylaw 3(2) here.", "4(1)", ["3(2)"]),
])
def test_bracketed_paragraphs_and_plain_points(bracketed, text, context, expected):
    assert targets(bracketed, text, context) == expected


@pytest.mark.parametrize("text, context, expected", [
    ("The master may widen point 2 of paragraph (1) by notice.", "2(2)", ["2(1).2"]),
    ("Points 1 and 2 of Bylaw 2(1) apply to rowing boats.", "3(2)", ["2(1).1", "2(1).2"]),
    ("The same holds for sub-point (b) of point 2 of Bylaw 2(1) too.", "3(3)", ["2(1).2(b)"]),
    ("Paragraph (2) does not apply to lifeboats.", "4(1)", ["4(2)"]),  # control
])
def test_a_point_after_a_dot(dotted_point, text, context, expected):
    assert targets(dotted_point, text, context) == expected


@pytest.mark.parametrize("text, context, expected", [
    ("The clerk reads sub-item (ii) of item (b) of clause 1 of Chapter 3 aloud.", "5.1", ["3.1(b)(ii)"]),
    ("Items (a) and (c) of clause 2 bind the clerk.", "4.1", ["4.2(a)", "4.2(c)"]),
    # controls: a letter in its clause, a whole ID
    ("The clerk reads item (b) of clause 1 of Chapter 3 aloud.", "5.1", ["3.1(b)"]),
    ("As Chapter 3.1(b) says.", "5.1", ["3.1(b)"]),
])
def test_numbered_clauses_lettered_items_roman_sub_items(tiers, text, context, expected):
    assert targets(tiers, text, context) == expected


def test_a_level_left_out_is_a_problem_not_a_target(bracketed):
    """Strict levels: a sub-point stands in a point; "sub-point (b) of Bylaw 2(1)" names none."""
    found = cited(bracketed, "Under sub-point (b) of Bylaw 2(1) a pilot may board.", "3(1)")
    assert [(s, t) for s, t, _ in found] == [("sub-point (b) of Bylaw 2(1)", [])]
    assert "point" in found[0][2]
    # control: with the point named it is a target
    assert targets(bracketed, "Under sub-point (b) of point 2 of Bylaw 2(1) a pilot may board.", "3(1)") \
        == ["2(1)2(b)"]


def test_a_target_that_reads_as_another_law_is_a_problem(loose):
    """Levels not strict, the point glued to its container: point 2 of Bylaw 2 with no
    paragraph would be "22", law 22's ID -- a problem, never that target."""
    found = cited(loose, "Under point 2 of Bylaw 2 the fee is due.", "3(1)")
    assert [(s, t) for s, t, _ in found] == [("point 2 of Bylaw 2", [])]
    assert "22" in found[0][2]
    assert targets(loose, "Under point 2 of Bylaw 2(1) the fee is due.", "3(1)") == ["2(1)2"]  # control


@pytest.mark.parametrize("text, context, expected", [
    ("as provided in Law 40A1(b), the Director", "50A", ["40A1(b)"]),
    ("compare B1(b) of Law 73 here", "50A", ["73B1(b)"]),
    ("see Laws 53 and 56", "50A", ["53", "56"]),
    ("(a) or (b) above", "70C1(c)", ["70C1(a)", "70C1(b)"]),
])
def test_the_bridge_laws_in_english_are_read_as_before(text, context, expected):
    assert [t for _, _, ts, p in find_citations(text, context[:2], context, (1, 93), lang="en") if not p
            for t in ts] == expected


TEXT = """Bylaw 1 Scope
(1) These bylaws govern the quay.
Bylaw 2 Words
(1) In these bylaws
1. "berth" means a place at the quay;
2. "master" means the person in charge, including
(a) a deputy, and
(b) a pilot.
(2) The warden may widen point 2 of paragraph (1) by notice.
Bylaw 3 Berths
(1) A pilot under sub-point (b) of Bylaw 2(1) pays no fee.
"""


def test_a_built_corpus_links_the_heading_and_warns_where_it_cannot(tmp_path):
    root = tmp_path / "quay"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "rules.txt").write_text(TEXT, encoding="utf-8")
    (root / "profile.toml").write_text(_profile_text("quay", "Bylaw", BRACKETED), encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Quay"\nprofile = "profile.toml"\nlang = "en"\n\n'
        '[[source]]\npath = "laws/rules.txt"\nlang = "en"\nkind = "laws"\nlayout = "plain"\n', encoding="utf-8")
    corpus = build_corpus(root, strict=False)
    assert {n.id for n in corpus.nodes} >= {"2(1)2", "2(1)2(b)"}
    assert [(r.from_, r.target, r.status) for r in corpus.refs] == [("2(2)", "2(1)2", "node")]
    warned = [p for p in corpus.problems if "sub-point (b) of Bylaw 2(1)" in p.message]
    assert warned and warned[0].severity == "warning"
    assert "rules.txt:11:" in str(warned[0])


@pytest.mark.parametrize("context, present, expected", [
    ("11.1.3", {"11.1.2"}, ["11.1.2"]),  # a point of the citing node's own part
    ("11.3", {"11.2"}, ["11.2"]),  # control: points right under the article (levels not strict), as before
])
def test_a_statute_point_alone_lies_in_the_citing_part(context, present, expected):
    from lawsearch.references import _citations, citation_forms

    statute = load_profile("statute-ru")
    with activated(statute):
        found = list(_citations("как сказано в пункте 2 выше, и", citation_forms(statute, "ru"), "11", context, (1, 40),
                                False, present.__contains__))
    assert [list(c.targets) for c in found if not c.problem] == [expected]
