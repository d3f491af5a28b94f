"""A law the contents list whose text is lost wholly -- past the text's last law, where no
placeholder between two surviving laws stands for it -- keeps its row in the site's
contents, marked lost and its heading marked as the contents' («из оглавления»), with a
placeholder page, and check names it (issue 13 cold read 8, finding 7: the site's contents
left such a law out). Only where the sources reach past it: its page is among the pages
read, or a part the contents put after it (the subject index) was read; an excerpt whose
contents list laws it never held gets no rows for them. The books are invented."""

from __future__ import annotations

import html
import re

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

BOOKS = {
    "ru": dict(footer="Страница {n}", contents="СОДЕРЖАНИЕ", law="Правило {n}. {t}", entry="Правило {n}. {t}",
               index_title="Предметный указатель", index="ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", index_entry="Колокол 1",
               laws=[("ШВАРТОВКА", "Лодки швартуются носом к колоколу, если смотритель не просит иначе."),
                     ("КАНАТЫ НА ПРИЧАЛЕ", "Канаты, оставленные на причале после отлива, передают смотрителю."),
                     ("ОГНИ НА ПИРСЕ", "Огни на пирсе зажигает смотритель в сумерки.")],
               lost_title="Огни на пирсе", marker="из оглавления", status="утрачено"),
    "en": dict(footer="Page {n}", contents="CONTENTS", law="LAW {n} - {t}", entry="Law {n} - {t}",
               index_title="Index", index="INDEX", index_entry="Bell 1",
               laws=[("MOORING", "Boats moor facing the bell unless the keeper asks otherwise."),
                     ("ROPES LEFT ON THE QUAY", "Ropes left on the quay after the tide are handed to the keeper."),
                     ("LIGHTS ON THE PIER", "The lights on the pier are lit at dusk by the keeper.")],
               lost_title="Lights on the Pier", marker="from the contents", status="lost"),
}


def book(lang: str, index: bool = True, footers: bool = True) -> str:
    b = BOOKS[lang]
    foot = (lambda n: [b["footer"].format(n=n)]) if footers else (lambda n: [""])
    toc = [b["contents"]] + [f"{b['entry'].format(n=n, t=t.capitalize() if lang == 'ru' else t.title())} "
                             f"{'.' * 20} {2 + (n > 2)}" for n, (t, _) in enumerate(b["laws"], 1)]
    if index:
        toc.append(f"{b['index_title']} {'.' * 20} 4")
    lines = ["THE HARBOUR CODE" if lang == "en" else "ЗАКОНЫ ГАВАНИ", *foot(1), *toc, *foot(2)]
    for n, (title, text) in enumerate(b["laws"][:2], 1):  # law 3's page is lost
        lines += [b["law"].format(n=n, t=title), text]
    lines += foot(3)
    if index:
        lines += [b["index"], b["index_entry"], *foot(4)]
    return "\n".join(lines) + "\n"


def built(tmp_path, text):
    (tmp_path / "book.txt").write_text(text, encoding="utf-8")
    corpus, out = tmp_path / "corpus", tmp_path / "out"
    runner = CliRunner()
    result = runner.invoke(main, ["add", "--corpus", str(corpus), str(tmp_path / "book.txt")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["build", "--corpus", str(corpus), "--out", str(out)])
    assert result.exit_code == 0, result.output
    check = runner.invoke(main, ["check", "--corpus", str(corpus)])
    return out, check.output


def rows(out) -> dict[str, str]:
    page = html.unescape((out / "site" / "index.html").read_text(encoding="utf-8"))
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return {re.search(r">(\d+)</a>", r).group(1): re.sub(r"\s+", " ", r) for r in body.split("<tr>")[1:]}


@pytest.mark.parametrize("footers", [True, False], ids=["pages", "no-footers"])
@pytest.mark.parametrize("lang", sorted(BOOKS))
def test_a_lost_last_law_has_its_row_and_placeholder(tmp_path, lang, footers):
    b = BOOKS[lang]
    out, check = built(tmp_path, book(lang, footers=footers))
    row = rows(out).get("3")
    assert row is not None, rows(out)
    assert b["lost_title"].casefold() in row.casefold() and b["marker"] in row and b["status"] in row, row
    assert (out / "site" / "laws" / "3.html").is_file() and 'href="laws/3.html' in row
    law_line = next(t for t in check.split("\nLaws:", 1)[1].splitlines() if re.match(r"\s+3\s", t))
    assert "MISSING" in law_line and "contents" in law_line, law_line


@pytest.mark.parametrize("lang", sorted(BOOKS))
def test_an_excerpt_does_not_lose_the_laws_it_never_held(tmp_path, lang):
    out, check = built(tmp_path, book(lang, index=False, footers=False))
    assert "3" not in rows(out)
    assert not (out / "site" / "laws" / "3.html").exists()
