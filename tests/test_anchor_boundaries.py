"""Anchors keep the levels' boundaries (issue 9, cold read 15, finding 2): in a code whose
paragraphs are IDed "({label})" and points "{label}", 2(1)2 (point 2 of paragraph 1) and
2(12) (paragraph 12) both got the anchor #h2-12 -- two parts with one HTML id, and a search
hit or link to 2(12) opened 2(1)2. A label glued after a bracket is now parted by "_"
(h2-1_2), in Python and in the browser's script alike; every bridge anchor stays as it was;
a clash no format parts is a build error naming both IDs.

All text invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch import ids
from lawsearch.corpus import build_corpus
from lawsearch.model import CorpusError
from lawsearch.profile import activated, load_profile

PROFILE = """extends = ""
name = "mooring"
languages = ["en"]
laws = [1, 9]

[grammar]
levels = ["paragraph", "point", "subpoint"]
strict_levels = {strict}
default_layouts = {{ en = "plain" }}

[grammar.labels]
paragraph = "digits"
point = "digits"
subpoint = "a-z"

[grammar.ids]
law = "{{law}}"
paragraph = "({{label}})"
point = "{point}"
subpoint = "({{label}})"
footnote = "fn-{{page}}-{{n}}"
division = "div-{{slug}}-{{law}}"
piece = "piece-{{source}}-{{line}}"
anchor = "h"

[layouts.plain]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.plain.headings]
law = 'Rule\\s+{{law}}\\s+{{title}}'
paragraph = '\\({{label}}\\)\\s+{{title}}'
point = '{{label}}\\.\\s+{{title}}'
subpoint = '\\({{label}}\\)\\s+{{title}}'

[citations.en]
see = ["see"]
conjunctions = ["and", "or"]
ranges = ["-"]
quotes = ["()"]
of = ["of"]

[[citations.en.levels]]
level = "rule"
words = ["Rule", "Rules"]
label = "number"

[strings.en]
law = "Rule {{id}}"
code_title = "Mooring rules"
brand = "Mooring rules"
app_name = "Mooring rules"
"""

# paragraphs (1) to (12) of Rule 2, paragraph (1) with points 1 and 2: 2(1)1, 2(1)2 beside 2(11), 2(12)
TEXT = "Rule 1 Scope\n(1) These rules govern the moorings.\nRule 2 Buoys\n(1) A buoy is\n" \
       "1. painted yellow, and\n2. numbered on both sides.\n" \
       + "".join(f"({n}) Buoy row {n} is checked by the warden every week.\n" for n in range(2, 13)) \
       + "Rule 3 Fees\n(1) A fee is due as Rule 2(12) says.\n"


def _profile(root: Path, strict: bool = True, point: str = "{label}"):
    (root / "profile.toml").write_text(PROFILE.format(strict="true" if strict else "false", point=point),
                                       encoding="utf-8")
    return load_profile("mooring", root)


def _corpus_folder(root: Path, text: str, strict: bool = True, point: str = "{label}") -> Path:
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "rules.txt").write_text(text, encoding="utf-8")
    _profile(root, strict, point)
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Moorings"\nprofile = "profile.toml"\nlang = "en"\n\n'
        '[[source]]\npath = "laws/rules.txt"\nlang = "en"\nkind = "laws"\nlayout = "plain"\n', encoding="utf-8")
    return root


def test_a_label_glued_after_a_bracket_keeps_its_boundary(tmp_path):
    with activated(_profile(tmp_path)):
        assert ids.anchor("2(1)2") != ids.anchor("2(12)")
        assert ids.anchor("2(1)1") != ids.anchor("2(11)")
        assert ids.anchor("2(1)2(b)") != ids.anchor("2(12)(b)")
        assert (ids.anchor("2(12)"), ids.anchor("2(1)2"), ids.anchor("2(1)2(b)")) == ("h2-12", "h2-1_2", "h2-1_2-b")
        assert ids.anchor_clashes(["2(1)2", "2(12)", "2(1)1", "2(11)"]) == []


@pytest.mark.parametrize("node_id, expected", [
    # the bridge laws' anchors as they always were (old links, the golden file)
    ("50", "l50"), ("50E", "l50e"), ("47E2(a)", "l47e2-a"), ("44A2(b)(i)", "l44a2-b-i"), ("21B2(b)(1)", "l21b2-b-1"),
    ("48.4", "c48-4"), ("div-razdel-46", "div-razdel-46"),
])
def test_the_bridge_anchors_are_unchanged(node_id, expected):
    assert ids.anchor(node_id) == expected


def test_the_statute_anchors_are_unchanged():
    with activated(load_profile("statute-ru")):
        assert [ids.anchor(i) for i in ("12", "12.1", "12.1.3", "12.1.3.zh")] == ["l12", "l12-1", "l12-1-3", "l12-1-3-zh"]


def test_a_built_page_has_one_part_per_anchor(tmp_path):
    corpus = build_corpus(_corpus_folder(tmp_path / "c", TEXT))
    law2 = [n.id for n in corpus.nodes if n.law == "2"]
    assert {"2(1)1", "2(1)2", "2(11)", "2(12)"} <= set(law2)
    with activated(corpus.profile):
        assert len({ids.anchor(i) for i in law2}) == len(law2)
    assert not [p for p in corpus.problems if "anchor" in p.message]


def test_a_clash_no_format_parts_is_a_build_error_naming_both_ids(tmp_path):
    """Levels not strict, the point after a dot: point 1 right under Rule 2 is 2.1, paragraph
    (1) is 2(1); both would be #h2-1."""
    text = "Rule 1 Scope\n(1) These rules govern the moorings.\nRule 2 Buoys\n1. A buoy is painted yellow.\n" \
           "(1) A buoy is numbered on both sides.\n"
    with pytest.raises(CorpusError) as e:
        build_corpus(_corpus_folder(tmp_path / "c", text, strict=False, point=".{label}"))
    message = str(e.value)
    assert "2.1" in message and "2(1)" in message and "#h2-1" in message and "rules.txt:" in message


def test_control_the_same_text_with_bracketed_points_builds(tmp_path):
    text = "Rule 1 Scope\n(1) These rules govern the moorings.\nRule 2 Buoys\n(1) A buoy is\n1. painted yellow.\n"
    corpus = build_corpus(_corpus_folder(tmp_path / "c", text, strict=False))
    assert "2(1)1" in {n.id for n in corpus.nodes}


def test_a_search_hit_opens_the_part_it_names_in_chromium(tmp_path, page):
    from lawsearch.build import build

    out = tmp_path / "out"
    build(_corpus_folder(tmp_path / "c", TEXT), out, lambda _: None)
    site = out / "site"
    for query, node_id in (("2(12)", "2(12)"), ("2(1)2", "2(1)2"), ("2(11)", "2(11)"), ("2(1)1", "2(1)1")):
        page.goto((site / "index.html").as_uri())
        page.fill("#q", query)
        page.keyboard.press("Enter")
        page.wait_for_url("**/laws/2.html#*")
        anchor = page.url.split("#", 1)[1]
        # the element the address opens is that part, and the only one with that id
        assert page.evaluate("a => document.querySelectorAll('[id=\"' + a + '\"]').length", anchor) == 1
        assert page.evaluate("a => document.getElementById(a).getAttribute('data-node')", anchor) == node_id
    # a reference's link lands on its part too (Rule 3 cites 2(12))
    page.goto((site / "laws" / "3.html").as_uri())
    href = page.evaluate("() => [...document.querySelectorAll('a')].map(a => a.getAttribute('href'))"
                         ".find(h => h && h.includes('2.html#'))")
    assert href.endswith("#h2-12")


def test_a_heading_id_is_no_other_parts_anchor(tmp_path):
    """A heading's id is its part's anchor and "-h": the heading of point 2(1)2 (h2-1_2-h)
    and the sub-point 2(1)2(h) (h2-1_2-h) were one id. Where they would be, the heading's is
    "--h"; elsewhere it stays "-h" (the bridge pages' heading ids, #l50d-h, as they were)."""
    import re

    from lawsearch.build import build

    letters = "abcdefgh"
    text = "Rule 1 Scope\n(1) These rules govern the moorings.\nRule 2 Buoys\n(1) A buoy is\n1. painted yellow;\n" \
           "2. marked\n" + "".join(f"({c}) with mark {c} on its side;\n" for c in letters) \
           + "(2) A buoy is checked every week.\n"
    out = tmp_path / "out"
    build(_corpus_folder(tmp_path / "c", text), out, lambda _: None)
    page = (out / "site" / "laws" / "2.html").read_text(encoding="utf-8")
    every = re.findall(r'\sid="([^"]+)"', page)
    assert len(every) == len(set(every))
    assert 'id="h2-1_2-h"' in page and 'data-node="2(1)2(h)"' in page  # the sub-point's own anchor
    assert 'id="h2-1_2--h"' in page  # the point's heading
    assert 'id="h2-1_2-a-h"' in page and 'id="h2-h"' in page  # control: no clash, "-h" as before
    labelled = set(re.findall(r'aria-labelledby="([^"]+)"', page))
    assert labelled <= set(every)
