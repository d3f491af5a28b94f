"""A blog's share-button list with no heading over it (a <ul> of Facebook / Twitter / Email /
Print, as links or plain items) after or before a law's text is furniture by its shape --
short labels, no sentence, at the page's edge -- never law items or a law's text (issue 12,
cold read 8 finding 2). A list the text introduces, of words as short, stays. Invented posts."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.furniture import prepare

LAWS = {
    80: ("THE TEA ROOM", "A. The Samovar", "The samovar is lit with pine cones half an hour before the first round.",
         "B. The Sugar Bowl", "Lump sugar is served with tongs and never left on the playing tables."),
    81: ("LOST PROPERTY", "A. Umbrellas", "A forgotten umbrella hangs on the hook by the barometer for three weeks.",
         "B. Spectacles", "Spectacles that are found go into the tin box on the library windowsill."),
}
SHARE = ["Facebook", "Twitter", "Email", "Print"]


def post(law: int, share: str, where: str) -> str:
    title, *parts = LAWS[law]
    items = "".join(f'<li><a href="https://share.example/{s.lower()}?p={law}">{s}</a></li>' if share == "links"
                    else f"<li>{s}</li>" for s in SHARE)
    buttons = f"<ul>{items}</ul>"
    body = f"<h2>LAW {law} - {title}</h2>" + "".join(f"<p>{p}</p>" for p in parts)
    body = buttons + body if where == "before" else body + buttons
    return f'<!doctype html><html><head><meta charset="utf-8"></head><body>{body}<p>Posted in Rules</p></body></html>'


@pytest.mark.parametrize("share", ["links", "plain"])
@pytest.mark.parametrize("where", ["after", "before"])
def test_a_share_list_with_no_heading_is_furniture(tmp_path, share, where):
    src = tmp_path / "in"
    src.mkdir()
    for law in LAWS:
        (src / f"post-{law}.html").write_text(post(law, share, where), encoding="utf-8")
    corpus, out = tmp_path / "c", tmp_path / "b"
    runner = CliRunner()
    added = runner.invoke(main, ["add", *sorted(str(p) for p in src.iterdir()), "--corpus", str(corpus)])
    assert added.exit_code == 0, added.output
    report = runner.invoke(main, ["check", "--corpus", str(corpus), "--out", str(out)]).output
    assert "80  THE TEA ROOM -- 2 parts" in report and "81  LOST PROPERTY -- 2 parts" in report, report
    for node in ("80A", "80B", "81A", "81B"):
        shown = runner.invoke(main, ["show", node, "--corpus", str(corpus), "--out", str(out)]).output
        assert not any(s in shown for s in SHARE), shown
    assert "Pieces no rule could place fully: 0" in report


def test_the_rule_leaves_a_list_the_text_introduces():
    lines = ["LAW 4 - SUITS", "A. Order", "The suits rank from the top as follows:", "Spades", "Hearts", "Diamonds", "Clubs"]
    out, changes = prepare(lines, "laws", "en", lambda s: s.startswith(("LAW", "A.")), web=True)
    assert out[3:] == ["Spades", "Hearts", "Diamonds", "Clubs"], changes


def test_two_short_lines_are_not_a_button_list():
    lines = ["LAW 4 - SUITS", "The table stands by the window.", "Oak Club", "Rules Committee"]
    out, changes = prepare(lines, "laws", "en", lambda s: s.startswith("LAW"), web=True)
    assert not [rule for _, rule in changes if rule == "button_lists"]


def test_a_books_title_page_of_short_lines_is_no_button_list():
    """A typed book's title page -- short capitalised lines before the first heading -- is
    no list of buttons: the rule is a saved web page's only."""
    lines = ["Клуб Ольха", "Перевод с английского", "Издательство Заводь", "Правило 1. СТОЛЫ", "Столы ставят у окна.",
             "Стулья", "Скамьи", "Табуреты"]
    heading = lambda s: s.startswith("Правило")  # noqa: E731
    out, changes = prepare(lines, "laws", "ru", heading)
    assert not [rule for _, rule in changes if rule == "button_lists"]
    out, changes = prepare(lines, "laws", "ru", heading, web=True)
    assert [n for n, rule in changes if rule == "button_lists"] == [1, 2, 3, 6, 7, 8]
