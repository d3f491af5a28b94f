""""above" and "below" between siblings numbered in roman numerals (issue 9, task fixCE): a
relative citation with a direction word is read as beside the citing node only where the
sibling it names is on the side the word says, and roman labels ("(i)", "(ii)", "(iv)") are
ordered by their numbers in the level's alphabet of the profile -- never left undecided, so
"(ii) below" in (iv) is not read as the sibling (ii) printed above it. Where the sibling is on
the other side, the citation before it decides, as for numbers and letters
(tests/test_reference_direction_here.py). All text invented."""

from __future__ import annotations

import pytest

from lawsearch.profile import activated, load_profile
from lawsearch.references import _sibling_order

from tests.test_reference_cold14 import _build, _refs

TEXT = """Rule 1 - Keepers
(1) The keepers tend the hives on the hill.
Rule 2 - Hives
(1) On opening a hive
(a) each keeper wears
(i) a veil;
(ii) gloves;
(iii) boots, as in sub-paragraph (ii) of paragraph (b) and sub-paragraph (i) above;
(iv) a hat, as in sub-paragraph (i) of paragraph (b) and sub-paragraph (ii) below;
(v) a coat, as in sub-paragraph (i) of paragraph (b) and sub-paragraph (vi) below;
(vi) a belt.
(b) each helper carries
(i) a smoker;
(ii) a brush.
"""


@pytest.fixture(scope="module")
def hives(tmp_path_factory):
    import tests.test_reference_cold14 as base

    old = base.TEXT
    base.TEXT = TEXT
    try:
        return _build(tmp_path_factory.mktemp("roman"), "number")
    finally:
        base.TEXT = old


def test_below_never_points_back_at_a_roman_sibling_printed_above(hives):
    # (ii) is printed before (iv): "below" cannot mean it, so it lies beside (i) of paragraph (b)
    assert _refs(hives, "2(1)(a)(iv)") == ["2(1)(b)(i)", "2(1)(b)(ii)"]


def test_control_above_names_the_roman_sibling_printed_before(hives):
    assert _refs(hives, "2(1)(a)(iii)") == ["2(1)(b)(ii)", "2(1)(a)(i)"]


def test_control_below_names_the_roman_sibling_printed_after(hives):
    assert _refs(hives, "2(1)(a)(v)") == ["2(1)(b)(i)", "2(1)(a)(vi)"]


@pytest.mark.parametrize("parent", ["21B2", "21B2(a)"])
def test_sibling_order_compares_roman_numerals_by_their_numbers(parent):
    # the bridge laws' items are "(1)" or "(i)" (digits, roman); under a clause "(i)" reads as
    # a letter of the level above where "(iii)" beside it can only be a numeral
    with activated(load_profile("bridge")):
        assert _sibling_order(f"{parent}(i)", f"{parent}(iii)") == -1
        assert _sibling_order(f"{parent}(ii)", f"{parent}(iii)") == -1
        assert _sibling_order(f"{parent}(iv)", f"{parent}(iii)") == 1
        assert _sibling_order(f"{parent}(ix)", f"{parent}(x)") == -1


def test_control_numbers_and_letters_keep_their_order():
    with activated(load_profile("bridge")):
        assert _sibling_order("21B10", "21B2") == 1
        assert _sibling_order("21A", "21C") == -1
        assert _sibling_order("21B2(a)", "21B2(b)") == -1
        assert _sibling_order("21B", "21B2") == 0  # no siblings
