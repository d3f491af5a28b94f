"""A list item that opens a sentence its sub-items finish is text, not a title; a line of
running text after a semicolon that goes on in lower case continues its paragraph (issue 9,
cold read 11, finding 9: enX11 64A2, an <li> with no stop read as a title; 56A, a line
wrapped after ";" read as a new paragraph). Titles stay titles: a short one, or one whose
sub-items start with a capital. All text invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import english_corpus
from lawsearch.corpus import build_corpus


def page(body: str, lang: str = "en") -> str:
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>Rules</title></head>'
            f'<body><main>{body}</main></body></html>')


def tree(root: Path) -> dict[str, tuple[str | None, str]]:
    built = build_corpus(root, strict=False)
    return {n.id: (n.title, n.text or "") for n in built.nodes if n.kind != "piece"}


LEAD_IN = "One more spoon is returned when the guest kept a second spoon"
HTML = page(
    "<h2>Law 44 - Returning Spoons</h2><h3>A. Spoons Lent</h3><ul>"
    "<li>A spoon lent for tea is returned after the cup is empty.</li>"
    "<li>{lead}<ul><li>{first}</li><li>{second}</li></ul></li></ul>"
    "<h3>B. Spoons Lost</h3><p>Nothing is owed for a spoon lost in the garden.</p>")
TEXT = """Law 44 - Returning Spoons
A. Spoons Lent
- A spoon lent for tea is returned after the cup is empty.
- {lead}
  - {first}
  - {second}
B. Spoons Lost
Nothing is owed for a spoon lost in the garden.
"""
FORMS = [("html", HTML, "p.html"), ("text", TEXT, "p.txt")]


@pytest.mark.parametrize("form, template, name", FORMS)
@pytest.mark.parametrize("lead", [LEAD_IN, "A guest returns one more spoon whenever he has taken the sugar tongs as well"])
def test_a_list_item_whose_sub_items_finish_its_sentence_is_text(tmp_path, form, template, name, lead):
    text = template.format(lead=lead, first="with the very spoon it took;", second="with a spoon of the same set.")
    got = tree(english_corpus(tmp_path, {name: text}, "web-bullets"))
    assert got["44A2"] == (None, lead)
    assert got["44A2(a)"] == (None, "with the very spoon it took;")


@pytest.mark.parametrize("form, template, name", FORMS)
@pytest.mark.parametrize("lead, first, second", [
    # a title in title case whose sub-items are sentences of their own
    ("Incomplete Return of the Spoons", "The guest returns what is left.", "The host counts them."),
    # a short title, its sub-items in lower case
    ("Spoon to Return", "the guest returns it;", "the host counts it."),
])
def test_control_a_title_over_its_items_stays_a_title(tmp_path, form, template, name, lead, first, second):
    got = tree(english_corpus(tmp_path, {name: template.format(lead=lead, first=first, second=second)},
                              "web-bullets"))
    assert got["44A2"] == (lead, "")


RU_HTML = page(
    "<h2>Правило 44. Возврат ложек</h2><h3>A. Ложки, данные взаймы</h3><ul>"
    "<li>Ложка, данная к чаю, возвращается после того, как чашка пуста.</li>"
    "<li>{lead}<ul><li>в той же ложке, что он взял;</li><li>в ложке того же набора.</li></ul></li></ul>", "ru")


@pytest.mark.parametrize("lead, expected", [
    ("Ещё одна ложка возвращается хозяину в случае если гость взял вторую ложку со стола", None),
    ("Неполный возврат ложек", "Неполный возврат ложек"),  # control: a title in sentence case
])
def test_a_russian_list_item_whose_sub_items_finish_its_sentence_is_text(tmp_path, lead, expected):
    root = tmp_path / "ru"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "p.html").write_text(RU_HTML.format(lead=lead), encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Ложки"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\npath = "laws/p.html"\n'
        'lang = "ru"\nkind = "laws"\nlayout = "web-bullets"\n', encoding="utf-8")
    got = tree(root)
    assert got["44A2"][0] == expected
    if expected is None:
        assert got["44A2"][1] == lead


SEMICOLON = """Law 56 - Spoons at Dinner
A. Spoon Laid Wrongly
A spoon laid on the wrong side is moved as in Law 55B1(a) through (b);
{second}
B. Spoon Dropped
1. A dropped spoon is replaced at once.
"""


@pytest.mark.parametrize("layout", ["en-mixed", "en-2007"])
@pytest.mark.parametrize("second", ["see also Laws 12 and 13, and Law 13B2(a).", "and no one is fined for it."])
def test_a_line_after_a_semicolon_in_lower_case_continues_its_paragraph(tmp_path, layout, second):
    got = tree(english_corpus(tmp_path, {"laws.txt": SEMICOLON.format(second=second)}, layout))
    assert got["56A"][1] == "A spoon laid on the wrong side is moved as in Law 55B1(a) through (b); " + second


@pytest.mark.parametrize("layout", ["en-mixed", "en-2007"])
def test_control_a_capital_after_a_semicolon_starts_a_paragraph(tmp_path, layout):
    got = tree(english_corpus(tmp_path, {"laws.txt": SEMICOLON.format(second="See also Laws 12 and 13.")}, layout))
    assert got["56A"][1] == "A spoon laid on the wrong side is moved as in Law 55B1(a) through (b);\n\nSee also Laws 12 and 13."
