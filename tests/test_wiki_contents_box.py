"""A wiki page's own contents box -- «Contents» / «Содержание» and a numbered list of the
page's own headings, before the first of them -- is furniture: the law's text after it gets
its parts, nothing is an unplaced piece; the box is read after the page's furniture is left
out (a wiki's edit links), and a list of entries the page reader keeps (no links) is
compared with the headings that follow (issue 12, cold read 8 finding 4). Invented laws."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

EN = {"law": "LAW {n} - {title}", "contents": "Contents", "hide": "hide", "edit": "edit",
      "laws": {80: ("THE TEA ROOM", [("A. The Samovar", "The samovar is lit with pine cones before the first round."),
                                     ("B. The Sugar Bowl", "Lump sugar is served with tongs and never left on the tables.")]),
               81: ("LOST PROPERTY", [("A. Umbrellas", "A forgotten umbrella hangs on the hook for three weeks."),
                                      ("B. Spectacles", "Spectacles that are found go into the tin box by the window.")])}}
RU = {"law": "Правило {n}. {title}", "contents": "Содержание", "hide": "скрыть", "edit": "править | править код",
      "laws": {80: ("ЧАЙНАЯ КОМНАТА", [("A. Самовар", "Самовар разжигают шишками за полчаса до первого круга."),
                                       ("B. Сахарница", "Колотый сахар подают щипчиками, на столы его не ставят.")]),
               81: ("ЗАБЫТЫЕ ВЕЩИ", [("A. Зонты", "Забытый зонт висит на крючке у барометра три недели."),
                                     ("B. Очки", "Найденные очки кладут в жестяную коробку на подоконнике.")])}}


def page(words: dict, n: int, linked: bool) -> str:
    title, parts = words["laws"][n]
    entries = "".join(f'<li><a href="#s{k}">{k + 1} {h}</a></li>' if linked else f"<li>{k + 1} {h}</li>"
                      for k, (h, _) in enumerate(parts))
    box = (f'<div id="toc" class="toc"><div class="toctitle"><h2>{words["contents"]}</h2>'
           f'<span class="toctogglespan">[{words["hide"]}]</span></div><ul>{entries}</ul></div>')
    body = "".join(f'<h3><span id="s{k}">{h}</span><span class="mw-editsection">[<a href="e">{words["edit"]}</a>]</span>'
                   f"</h3><p>{text}</p>" for k, (h, text) in enumerate(parts))
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{n}</title></head><body>'
            f'<div id="content"><h1>{words["law"].format(n=n, title=title)}</h1>{box}{body}</div></body></html>')


@pytest.mark.parametrize("linked", [True, False], ids=["links", "plain"])
@pytest.mark.parametrize("words", [EN, RU], ids=["en", "ru"])
def test_a_wiki_contents_box_is_furniture_and_the_laws_keep_their_parts(tmp_path, words, linked):
    src = tmp_path / "in"
    src.mkdir()
    for n in words["laws"]:
        (src / f"law{n}.html").write_text(page(words, n, linked), encoding="utf-8")
    corpus, out = tmp_path / "c", tmp_path / "b"
    runner = CliRunner()
    added = runner.invoke(main, ["add", *sorted(str(p) for p in src.iterdir()), "--corpus", str(corpus)])
    assert added.exit_code == 0, added.output
    report = runner.invoke(main, ["check", "--corpus", str(corpus), "--out", str(out)]).output
    assert "Pieces no rule could place fully: 0" in report, report
    for n, (title, parts) in words["laws"].items():
        assert f"{n}  {title} -- 2 parts" in report, report
        shown = runner.invoke(main, ["show", f"{n}A", "--corpus", str(corpus), "--out", str(out)]).output
        assert parts[0][1] in shown and words["contents"] not in shown and words["hide"] not in shown, shown
