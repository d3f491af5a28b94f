"""A web page's list items and the text around its lists (issue 9, cold read 8, findings 1,
2 and 6). An item whose text sits in a <p> or a <div> (<li><p>…</p></li>, several <p> in one
<li>) is the same item as a bare <li>: same level, same label, the later paragraphs its text.
The pages are invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import english_corpus
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_html


def corpus(root: Path, pages: dict[str, str], layout: str = "web-bullets") -> Path:
    return english_corpus(root, pages, layout, title="Pages")


def page(body: str) -> str:
    return f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>Rules</title></head><body><main>{body}</main></body></html>'


def tree(root: Path) -> dict[str, tuple[str | None, str]]:
    built = build_corpus(root)
    return {n.id: (n.title, n.text or "") for n in built.nodes if n.kind != "piece"}


# one law's items, each wrapped as ``wrap`` says: "{}" a bare <li>, else the text's wrapper
LAW = ('<h2>Law 44 - Pruning Hedges</h2><ol type="A"><li><strong>Season</strong><ol>'
       '<li>{wrap1}</li><li>{wrap2}<ol type="a"><li>{wrap3}</li><li>{wrap4}</li></ol></li></ol></li>'
       '<li><strong>Tools</strong><ol><li>{wrap5}</li></ol></li></ol>')
SENTENCES = ["A hedge is cut after the birds have nested.", "The cut is made level with the path.",
             "Clippings are raked at once.", "Clippings go to the compost heap.",
             "Shears are cleaned after each use."]


def law(wrap: str) -> str:
    return page(LAW.format(**{f"wrap{n}": wrap.format(s) for n, s in enumerate(SENTENCES, 1)}))


@pytest.mark.parametrize("wrap", [
    "<p>{}</p>", "\n  <p>{}</p>\n  ", "<div>{}</div>", "<div><p>{}</p></div>", '<p class="item">{}</p>\n',
    "<span>{}</span>",
])
def test_an_item_in_a_paragraph_is_read_as_a_bare_item(tmp_path, wrap):
    bare = tree(corpus(tmp_path / "bare", {"p.html": law("{}")}))
    assert bare["44A1"] == (None, SENTENCES[0]) and bare["44A2(b)"] == (None, SENTENCES[3])
    assert tree(corpus(tmp_path / "wrapped", {"p.html": law(wrap)})) == bare


def test_an_item_of_several_paragraphs_keeps_them_its_text():
    html = page('<h2>Law 44 - Pruning Hedges</h2><ol><li><p>A hedge is cut in autumn.</p>'
                '<p>It is cut again in spring.</p></li><li><p>Shears are cleaned.</p></li></ol>')
    lines = read_html(html.encode(), "p.html", bullet="-").lines
    # the item's later paragraph hangs under its text, deeper than its bullet
    assert lines == ["Law 44 - Pruning Hedges", "    - A hedge is cut in autumn.", "      It is cut again in spring.",
                     "    - Shears are cleaned."]


def test_an_empty_item_passes_its_bullet_to_nothing_after_it():
    html = page('<h2>Law 44 - Pruning Hedges</h2><ul><li><p>A hedge is cut.</p></li><li> </li></ul>'
                '<p>The warden keeps the shears.</p>')
    lines = read_html(html.encode(), "p.html", bullet="-").lines
    assert lines == ["Law 44 - Pruning Hedges", "    - A hedge is cut.", "The warden keeps the shears."]


# a law whose sections are headings (any of h2-h4), clauses an <ol>, sub-clauses <ol type="a">
SECTIONED = ('<h1>Law 51 - Sharing Wheelbarrows</h1>'
             '<{h}>A. Booking</{h}><p>A barrow is booked on the board by the shed.</p>'
             '<{h}>B. Returning</{h}><ol><li>A barrow comes back by dusk.</li>'
             '<li>A barrow comes back empty, and{nested}</li></ol>'
             '<{h}>C. Repairs</{h}><p>A flat tyre is reported to the warden.</p>')
NESTED = '<ol type="a"><li>its tyres are checked;</li><li>its handles are wiped.</li></ol>'


@pytest.mark.parametrize("h", ["h2", "h3", "h4"])
@pytest.mark.parametrize("wrap", ["{}", "<p>{}</p>"])
def test_section_headings_with_lists_of_clauses(tmp_path, h, wrap):
    html = SECTIONED.format(h=h, nested=NESTED).replace("<li>", "<li>" + wrap.split("{}")[0]) \
        .replace("</li>", wrap.split("{}")[1] + "</li>") if wrap != "{}" else SECTIONED.format(h=h, nested=NESTED)
    got = tree(corpus(tmp_path / "c", {"p.html": page(html)}))
    assert {k: v for k, v in got.items() if k != "51"} == {
        "51A": ("Booking", "A barrow is booked on the board by the shed."),
        "51B": ("Returning", ""),
        "51B1": (None, "A barrow comes back by dusk."),
        "51B2": (None, "A barrow comes back empty, and"),
        "51B2(a)": (None, "its tyres are checked;"),
        "51B2(b)": (None, "its handles are wiped."),
        "51C": ("Repairs", "A flat tyre is reported to the warden."),
    }


def test_a_clause_heading_puts_its_list_at_the_sub_clause_level(tmp_path):
    html = page('<h2>Law 51 - Sharing Wheelbarrows</h2><h3>B. Returning</h3><h4>1. On Time</h4>'
                '<ul><li>A barrow comes back by dusk.</li><li>A late barrow is reported.</li></ul>'
                '<h4>2. Clean</h4><p>A barrow comes back empty.</p>')
    got = tree(corpus(tmp_path / "c", {"p.html": html}))
    assert got["51B1"] == ("On Time", "") and got["51B1(a)"] == (None, "A barrow comes back by dusk.")
    assert got["51B1(b)"] == (None, "A late barrow is reported.") and got["51B2"] == ("Clean", "A barrow comes back empty.")


# text after a list, outside every <li>: the container's, whatever its words
AFTER = {
    "a paragraph after the law's list": (
        '<h2>Law 52 - Lending Ladders</h2><ul><li>Short Ladders<ul><li>A short ladder is lent for a day.</li></ul></li>'
        '<li>Long Ladders<ul><li>A long ladder is lent with a helper.</li></ul></li></ul>'
        '<p>Remember: the warden keeps the key to the ladder shed.</p>',
        "52", "52B1", "A long ladder is lent with a helper."),
    "a div after a section's clauses": (
        '<h2>Law 52 - Lending Ladders</h2><h3>A. Short Ladders</h3><ol><li>A short ladder is lent for a day.</li>'
        '<li>It comes back before dusk.</li></ol><div>The warden keeps the key to the ladder shed.</div>'
        '<h3>B. Long Ladders</h3><p>A long ladder is lent with a helper.</p>',
        "52A", "52A2", "It comes back before dusk."),
    "a paragraph after a nested list, inside the outer item": (
        '<h2>Law 52 - Lending Ladders</h2><ul><li>Short Ladders<ul><li>A short ladder is lent for a day.</li>'
        '<li>It comes back before dusk.</li></ul><p>The warden keeps the key to the ladder shed.</p></li></ul>',
        "52A", "52A2", "It comes back before dusk."),
}


@pytest.mark.parametrize("case", sorted(AFTER))
def test_text_after_a_list_is_its_containers(tmp_path, case):
    body, container, last, last_text = AFTER[case]
    got = tree(corpus(tmp_path / "c", {"p.html": page(body)}))
    assert got[last][1] == last_text
    assert got[container][1].endswith("keeps the key to the ladder shed."), got[container]


def test_a_plain_text_list_keeps_a_line_after_its_item(tmp_path):
    # a typed list (no markup): a line set flush under an item at the same indentation is the item's
    text = "Law 52 - Lending Ladders\n\n- A. Short Ladders\nA short ladder is lent for a day.\n"
    got = tree(corpus(tmp_path / "c", {"p.txt": text}))
    assert got["52A"] == ("Short Ladders", "A short ladder is lent for a day.")


def test_a_list_nested_deeper_than_the_levels_is_said(tmp_path):
    # under a section heading the lists are clause, sub-clause, item: a fourth list has no level
    html = page('<h2>Law 53 - Ponds</h2><h3>A. Fish</h3><ol><li>Fish are fed daily.<ol type="a">'
                '<li>with pellets,<ol type="i"><li>bought by the society,<ul><li>in spring only.</li></ul>'
                '</li></ol></li></ol></li></ol>')
    root = corpus(tmp_path / "c", {"p.html": html})
    built = build_corpus(root)
    assert built.node("53A1(a)(i)").text.startswith("bought by the society,")
    said = [p.message for p in built.problems if "deeper than the profile's levels" in p.message]
    assert len(said) == 1 and "in spring only." in said[0] and "53A1(a)(i)" in said[0], said


LISTED = ('<h2>Law 54 - Bonfires</h2><h3>A. Lighting</h3><ol><li>{one}A fire is lit after the harvest.</li>'
          '<li>{two}The warden stands by with water.</li></ol>')


@pytest.mark.parametrize("layout, labels, said", [
    ("en-mixed", ("", ""), True),  # the items' numbers were the markup's alone: lost, and said
    ("en-mixed", ("1. ", "2. "), False),  # typed in the items: the layout reads them
    ("web-bullets", ("", ""), False),  # a list layout reads the markup
])
def test_list_items_a_layout_cannot_read_are_said(tmp_path, layout, labels, said):
    html = page(LISTED.format(one=labels[0], two=labels[1]))
    built = build_corpus(corpus(tmp_path / "c", {"p.html": html}, layout))
    warned = [p for p in built.problems if "list item(s) (<li>)" in p.message]
    assert bool(warned) == said, warned
    if said:
        assert "p.html" in warned[0].path and "A fire is lit after the harvest." in warned[0].message
        assert "2 list item(s)" in warned[0].message
    else:
        assert built.node("54A2") is not None and built.node("54A2").text == "The warden stands by with water."


# -- cold read 9, finding 5: an <ol type> numbers its items in its own kind -------------------

def test_an_ol_type_numbers_its_items_in_its_kind(tmp_path):
    html = page('<h2>Law 46 - Mending Nets</h2><h3>A. Knots</h3><ol><li>A net is checked weekly.</li>'
                '<li>A torn net is mended, and<ol type="a"><li>the twine is tarred;</li>'
                '<li>the knot is pulled tight, see (a) above.<ol type="i"><li>a reef knot slips;</li>'
                '<li>a sheet bend holds, unlike (i) above.</li></ol></li></ol></li></ol>')
    lines = read_html(html.encode(), "p.html", bullet="-").lines
    assert "            - (i) a reef knot slips;" in lines and "            - (ii) a sheet bend holds, unlike (i) above." in lines
    built = build_corpus(corpus(tmp_path / "c", {"p.html": html}))
    assert built.node("46A2(b)(i)").text.startswith("a reef knot slips")
    assert built.node("46A2(b)(ii)").text.startswith("a sheet bend holds")
    assert built.node("46A2(b)(1)") is None
    assert [(r.surface, r.target) for r in built.refs if r.from_ == "46A2(b)(ii)"] == [("(i)", "46A2(b)(i)")]


@pytest.mark.parametrize("kind, start, labels", [
    ("i", None, ["i", "ii", "iii", "iv"]), ("I", None, ["I", "II", "III", "IV"]), ("a", None, ["a", "b", "c", "d"]),
    ("A", "3", ["C", "D", "E", "F"]), ("1", "2", ["2", "3", "4", "5"]),
])
def test_list_numbers_of_each_ol_type(kind, start, labels):
    from lawsearch.formats import list_number
    first = int(start or 1)
    assert [list_number(kind, n) for n in range(first, first + 4)] == labels
