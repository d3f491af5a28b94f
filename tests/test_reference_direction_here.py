"""A relative reference with a direction word ("subrule (1) above", «подпункт б) выше») after
an explicit citation of another law in the same sentence lies beside the citing node where the
corpus has such a sibling there: "under subrule (2) of rule 2 and subrule (1) above" in 4(3)
cites 2(2) and 4(1), never 2(1) (issue 9, cold read 14, stN14c/d). Where the citing node has
no such sibling -- the label would name its own item, or nothing -- the citation before it
decides, as before (tests/test_chained_references.py). All text invented."""

from __future__ import annotations

import pytest

from lawsearch.profile import activated, load_profile
from lawsearch.references import _citations, citation_forms

from tests.test_reference_cold14 import _build, _refs

TEXT = """Rule 1 - Lamps
(1) Lamps are lit at dusk.
(2) Lamps are put out at dawn.
Rule 2 - Keepers
(1) A keeper trims the wicks.
(2) A keeper fills the oil.
(3) A keeper who is late is fined under subrule (2) of rule 1 and subrule (1) above.
(4) A keeper who is ill is excused under subrule (1) of rule 1 or subrule (2) below.
(5) A keeper sends word under subrule (2) of rule 1 and subrule (1) below.
(6) A spare keeper may stand in.
"""


@pytest.fixture(scope="module", params=["number", "letter"])
def lamps(request, tmp_path_factory):
    import tests.test_reference_cold14 as base

    old = base.TEXT
    base.TEXT = TEXT
    try:
        return _build(tmp_path_factory.mktemp("lamps"), "number", request.param)
    finally:
        base.TEXT = old


def test_a_subrule_above_after_another_rules_subrule_is_the_citing_nodes_sibling(lamps):
    assert _refs(lamps, "2(3)") == ["1(2)", "2(1)"]


def test_control_below_never_points_back_at_a_sibling(lamps):
    # control: 2(2) is before 2(4), so "below" does not point at it: beside the rule named
    assert _refs(lamps, "2(4)") == ["1(1)", "1(2)"]


def test_control_a_sibling_on_the_wrong_side_leaves_it_beside_the_rule_named(lamps):
    # 2(1) is before 2(5), not "below": read as before, beside the citation before it
    assert _refs(lamps, "2(5)") == ["1(2)", "1(1)"]


def test_the_rule_named_after_of_is_always_that_rule(lamps):
    assert all(not t.startswith("2") for t in _refs(lamps, "2(3)")[:1])


def _ru(text, context, have):
    statute = load_profile("statute-ru")
    forms = citation_forms(statute, "ru")
    with activated(statute):
        return [(c.surface, list(c.targets)) for c in
                _citations(text, forms, context.split(".")[0], context, (1, 40), False, set(have).__contains__)]


RU = "как указано в подпункте «а» пункта 3 статьи 11 и подпункт б) выше"


def test_a_russian_sub_point_above_is_the_citing_sub_points_sibling():
    have = {"11", "11.3", "11.3.a", "11.3.b", "12", "12.1", "12.1.3", "12.1.3.a", "12.1.3.b", "12.1.3.v"}
    assert _ru(RU, "12.1.3.v", have) == [("подпункте «а» пункта 3 статьи 11", ["11.3.a"]),
                                          ("подпункт б", ["12.1.3.b"])]


def test_control_a_russian_sub_point_the_citing_node_lacks_lies_beside_the_one_before():
    have = {"11", "11.3", "11.3.a", "11.3.b", "12", "12.1", "12.1.3", "12.1.3.v"}
    assert _ru(RU, "12.1.3.v", have) == [("подпункте «а» пункта 3 статьи 11", ["11.3.a"]),
                                          ("подпункт б", ["11.3.b"])]
