"""Roman items right under a clause (issue 9, cold read 10, finding 2). ``1. …`` then
``(i) …``, ``(ii) …``, ``(iii) …`` are three siblings, 70C1(i), 70C1(ii), 70C1(iii) -- never
(ii) nested under (i) as the sub-clause i's item. Whether ``(i)`` (``(v)``, ``(x)``) is a
letter or a roman numeral is read from the sequence at its level: after ``(h)`` it is the
next letter, with no ``(h)`` before it the first roman item. A web page's ``<ol type="i">``
nested in a clause's ``<li>`` numbers its items so: 72A1(i), 72A1(ii), never 72A1(b). The
texts are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import english_corpus
from lawsearch.corpus import build_corpus


def nodes(root: Path) -> list:
    return [n for n in build_corpus(root, strict=False).nodes if n.kind != "piece"]


def tree(root: Path) -> dict[str, tuple[str, str | None, str]]:
    """id -> (kind, parent, text), in the corpus's reading order."""
    return {n.id: (n.kind, n.parent, n.text or "") for n in nodes(root)}


CLAUSE_THEN_ROMAN = """{law} 70 - {title}
A. {section}
1. When a kettle is left on the stove, the steward takes it off if
(i) nobody has claimed it; or
(ii) it has boiled dry, see (i) above; or
(iii) the stove is needed, unlike (i)-(ii) above.
2. The steward then writes it in the book.
"""


@pytest.mark.parametrize("layout, law, title, section", [
    ("en-1987", "LAW", "KETTLES LEFT ON", "KETTLE FORGOTTEN"),
    ("en-mixed", "Law", "Kettles Left On", "Kettle Forgotten"),
    ("en-2007", "Law", "Kettles Left On", "Kettle Forgotten"),
])
def test_roman_items_right_under_a_clause_are_siblings(tmp_path, layout, law, title, section):
    text = CLAUSE_THEN_ROMAN.format(law=law, title=title, section=section)
    got = tree(english_corpus(tmp_path, {"t.txt": text}, layout))
    assert got["70A1(i)"] == ("item", "70A1", "nobody has claimed it; or")
    assert got["70A1(ii)"] == ("item", "70A1", "it has boiled dry, see (i) above; or")
    assert got["70A1(iii)"] == ("item", "70A1", "the stove is needed, unlike (i)-(ii) above.")
    assert not [i for i in got if i.startswith("70A1(i)(")]  # nothing nested under (i)
    # the reading order is the printed one: (i), (ii), (iii), then clause 2
    order = list(got)
    assert order.index("70A1") < order.index("70A1(i)") < order.index("70A1(ii)") < order.index("70A1(iii)") \
        < order.index("70A2")


def test_the_roman_series_goes_on_past_v_and_x(tmp_path):
    """(v) after (iv) and (x) after (ix) are the next numerals, not the letters v and x."""
    numerals = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi"]
    text = "Law 12 - Garden Tools\nA. Keeping Tools\n1. A tool is returned clean when\n" + \
        "".join(f"({n}) it was used on bed {k};\n" for k, n in enumerate(numerals, 1)) + \
        "2. The shed is locked at dusk.\n"
    got = tree(english_corpus(tmp_path, {"t.txt": text}, "en-mixed"))
    items = [i for i, (kind, parent, _) in got.items() if parent == "12A1"]
    assert items == [f"12A1({n})" for n in numerals]
    assert all(got[i][0] == "item" for i in items)
    assert got["12A1(v)"][2] == "it was used on bed 5;" and got["12A1(x)"][2] == "it was used on bed 10;"


def test_i_after_h_is_the_next_letter(tmp_path):
    """The other reading of the same label: (a) … (h) then (i) is the ninth sub-clause, and a
    roman series under it is its items."""
    letters = "abcdefgh"
    text = "Law 12 - Garden Tools\nA. Keeping Tools\n1. A tool is returned clean when\n" + \
        "".join(f"({c}) it was used on row {k};\n" for k, c in enumerate(letters, 1)) + \
        "(i) it was used on row 9, that is\n(i) in the morning, or\n(ii) in the evening.\n" + \
        "2. The shed is locked at dusk.\n"
    got = tree(english_corpus(tmp_path, {"t.txt": text}, "en-mixed"))
    assert got["12A1(h)"][0] == "subclause"
    assert got["12A1(i)"] == ("subclause", "12A1", "it was used on row 9, that is")
    assert got["12A1(i)(i)"] == ("item", "12A1(i)", "in the morning, or")
    assert got["12A1(i)(ii)"] == ("item", "12A1(i)", "in the evening.")


def test_roman_items_after_a_letter_stay_its_items(tmp_path):
    """(i) after (b) is still (b)'s first item, as before: the sequence reads it so."""
    text = ("Law 12 - Garden Tools\nA. Keeping Tools\n1. A tool is returned clean when\n"
            "(a) it was used on the lawn;\n(b) it was used in the orchard, that is\n"
            "(i) on the pears, or\n(ii) on the plums.\n2. The shed is locked at dusk.\n")
    got = tree(english_corpus(tmp_path, {"t.txt": text}, "en-mixed"))
    assert got["12A1(b)(i)"] == ("item", "12A1(b)", "on the pears, or")
    assert got["12A1(b)(ii)"] == ("item", "12A1(b)", "on the plums.")
    assert "12A1(i)" not in got and "12A1(ii)" not in got


def test_a_numbered_item_right_under_a_clause_is_still_text_with_a_warning(tmp_path):
    """Only a series whose first label the skipped level writes too is read by its sequence:
    ``(1)`` right under a clause has no such reading, and strict levels keep it text, said."""
    text = ("Law 12 - Garden Tools\nA. Keeping Tools\n1. A tool is returned clean when\n"
            "(1) it was used on the lawn.\n2. The shed is locked at dusk.\n")
    root = english_corpus(tmp_path, {"t.txt": text}, "en-mixed")
    built = build_corpus(root, strict=False)
    ids = {n.id for n in built.nodes}
    assert "12A1(1)" not in ids
    assert "it was used on the lawn." in next(n for n in built.nodes if n.id == "12A1").text
    assert any("no subclause above it" in p.message for p in built.problems)


def test_russian_book_roman_items_right_under_a_clause(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "ru.txt").write_text(
        "Правило 70. ЧАЙНИКИ\nA.Забытый чайник\n1.Дежурный снимает чайник с плиты, если:\n"
        "(i).Никто его не забрал.\n(ii).Он выкипел, см. (i) выше.\n(iii).Плита нужна другим.\n"
        "2.Дежурный записывает это в журнал.\n", encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Чайники"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\npath = "laws/ru.txt"\n'
        'lang = "ru"\nkind = "laws"\nlayout = "ru-book"\n', encoding="utf-8")
    got = tree(root)
    assert got["70A1(i)"] == ("item", "70A1", "Никто его не забрал.")
    assert got["70A1(ii)"] == ("item", "70A1", "Он выкипел, см. (i) выше.")
    assert got["70A1(iii)"] == ("item", "70A1", "Плита нужна другим.")
    assert not [i for i in got if i.startswith("70A1(i)(")]


def page(body: str) -> str:
    return f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>Rules</title></head><body><main>{body}</main></body></html>'


def web_law(kind: str) -> str:
    return page('<h2>Law 72 - Sheds</h2><ol type="A"><li><p>Keys</p><ol>'
                '<li><p>A key may be lent when</p>'
                f'<ol type="{kind}"><li><p>the borrower signs for it;</p></li>'
                '<li><p>he returns it by dusk, see the first above;</p></li>'
                '<li><p>he locks the shed behind him.</p></li></ol></li>'
                '<li><p>A lost key is paid for.</p></li></ol></li></ol>')


@pytest.mark.parametrize("kind", ["i", "I"])
def test_a_roman_list_in_a_clause_item_numbers_its_items_roman(tmp_path, kind):
    got = tree(english_corpus(tmp_path, {"law72.html": web_law(kind)}, "web-bullets"))
    assert got["72A1(i)"] == ("item", "72A1", "the borrower signs for it;")
    assert got["72A1(ii)"] == ("item", "72A1", "he returns it by dusk, see the first above;")
    assert got["72A1(iii)"] == ("item", "72A1", "he locks the shed behind him.")
    assert "72A1(b)" not in got and "72A1(c)" not in got
    assert got["72A2"] == ("clause", "72A", "A lost key is paid for.")


@pytest.mark.parametrize("kind", ["a", "A", "1"])
def test_a_list_of_letters_or_numbers_in_a_clause_item_is_its_sub_clauses(tmp_path, kind):
    """The list's nesting gives the level: letters keep their letters, numbers are renumbered
    as the level writes them (a list renumbered from 1), as before."""
    got = tree(english_corpus(tmp_path, {"law72.html": web_law(kind)}, "web-bullets"))
    assert got["72A1(a)"] == ("subclause", "72A1", "the borrower signs for it;")
    assert got["72A1(b)"] == ("subclause", "72A1", "he returns it by dusk, see the first above;")
    assert got["72A1(c)"] == ("subclause", "72A1", "he locks the shed behind him.")
    assert "72A1(i)" not in got and "72A1(ii)" not in got


def test_a_roman_list_under_a_sub_clause_stays_its_items(tmp_path):
    html = page('<h2>Law 72 - Sheds</h2><ol type="A"><li><p>Keys</p><ol><li><p>A key may be lent</p>'
                '<ol type="a"><li><p>to a member, when</p><ol type="i"><li><p>he signs;</p></li>'
                '<li><p>he pays.</p></li></ol></li><li><p>to a guest.</p></li></ol></li></ol></li></ol>')
    got = tree(english_corpus(tmp_path, {"law72.html": html}, "web-bullets"))
    assert got["72A1(a)(i)"] == ("item", "72A1(a)", "he signs;")
    assert got["72A1(a)(ii)"] == ("item", "72A1(a)", "he pays.")
    assert got["72A1(b)"] == ("subclause", "72A1", "to a guest.")


def test_a_citation_of_a_roman_item_goes_on_with_its_sibling(tmp_path):
    """"Law 70A1(i) or (ii)" cites the two roman items right under clause 70A1, the (ii) a
    sibling of the (i) -- not the (i)'s own item, which is no node ("cannot tell which")."""
    text = CLAUSE_THEN_ROMAN.format(law="Law", title="Kettles Left On", section="Kettle Forgotten") + \
        "Law 71 - Stoves\nA. Stove Needed\nThe stove is cleared as in Law 70A1(i) or (ii).\n"
    built = build_corpus(english_corpus(tmp_path, {"t.txt": text}, "en-mixed"), strict=False)
    cited = sorted(r.target for r in built.refs if r.from_ == "71A")
    assert cited == ["70A1(i)", "70A1(ii)"]
    assert not [p for p in built.problems if "cannot tell" in p.message]
