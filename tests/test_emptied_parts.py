"""A law part whose whole text a cleaning rule removed (issue 12, cold read 11, finding 10): a
clause «1 2 3 4 5» taken for a pager leaves its part empty; the law is never "complete":
check names the part, the rule and the line. The pages are invented for these tests."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus

EN = ('<h2>LAW 6 - THE PORCH</h2><h3>A. Mats</h3><p>Mats are beaten on the porch rail every Saturday.</p>'
      '<h3>B. Steps</h3>{b}')
RU = ('<h2>Правило 6. КРЫЛЬЦО</h2><h3>A. Коврики</h3><p>Коврики выбивают на перилах крыльца по субботам.</p>'
      '<h3>B. Ступени</h3>{b}')


def page(body: str) -> str:
    return (f'<html><head><meta charset="utf-8"><title>Law 6</title></head><body><div class="content">{body}</div>'
            '<div class="pg">« Previous | Next »</div></body></html>')


def checked(tmp_path, body: str) -> tuple[str, str]:
    (tmp_path / "law6.html").write_text(page(body), encoding="utf-8")
    corpus = tmp_path / "corpus"
    added = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(tmp_path / "law6.html")])
    assert added.exit_code == 0, added.output
    out = CliRunner().invoke(main, ["check", "--corpus", str(corpus), "--out", str(tmp_path / "out")]).output
    law = next(line for line in out.split("\nLaws:\n")[1].splitlines() if line.strip().startswith("6 "))
    return law, out


@pytest.mark.parametrize("text", [EN, RU], ids=["en", "ru"])
@pytest.mark.parametrize("b", ["<p>1 2 3 4 5</p>", "<p>1 2 3 4 5 6 7</p>", "<p>1 | 2 | 3</p>"])
def test_a_part_emptied_by_a_rule_is_not_complete(tmp_path, text, b):
    law, out = checked(tmp_path, text.format(b=b))
    assert "complete" not in law, law
    assert "6B emptied by the cleaning rule" in law and "law6.html" in law, law
    assert "6B's whole text was removed by the cleaning rule" in out


@pytest.mark.parametrize("text", [EN, RU], ids=["en", "ru"])
@pytest.mark.parametrize("b", ["<p>1 2 3 4 5</p>", "<p>1 | 2 | 3</p>"])
def test_a_part_emptied_by_a_rule_fails_check_and_build(tmp_path, text, b):
    """Words lost, as text in no node is (cold read 13 of issue 12, finding 1): check exits 1
    naming the file and the line, and build fails."""
    checked(tmp_path, text.format(b=b))
    corpus = tmp_path / "corpus"
    out = CliRunner().invoke(main, ["check", "--corpus", str(corpus), "--out", str(tmp_path / "out")])
    assert out.exit_code == 1
    assert "text in no node: 6B's whole text was removed" in out.output and "law6.html" in out.output
    built = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--out", str(tmp_path / "site")])
    assert built.exit_code != 0 and "6B's whole text was removed" in built.output


@pytest.mark.parametrize("text", [EN, RU], ids=["en", "ru"])
def test_a_part_with_its_text_is_complete(tmp_path, text):
    law, _ = checked(tmp_path, text.format(b="<p>Steps are swept with a birch broom before the meeting.</p>"
                                                if text is EN else "<p>Ступени метут берёзовым веником.</p>"))
    assert law.endswith("complete as far as the sources go"), law


def test_the_doubt_is_in_the_built_corpus(tmp_path):
    checked(tmp_path, EN.format(b="<p>1 2 3 4 5</p>"))
    built = build_corpus(tmp_path / "corpus", strict=False)
    doubts = [d for d in built.apparatus.get("doubts", ()) if d["kind"] == "emptied"]
    assert [(d["law"], d["node"]) for d in doubts] == [("6", "6B")]
