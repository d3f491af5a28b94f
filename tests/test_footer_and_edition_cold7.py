"""What a clean corpus is told (issue 9, cold read 7, finding 8): the footer says the text
was restored from damaged sources only where something was lost or mended (a hard-wrapped
text's joined lines are no damage), and with no edition in the manifest check's first line
and the glossary's export name none ("edition not given"), never "edition ?".
The texts are invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.profile import load_profile

MANIFEST = """[code]
title = "Invented kettles"
laws = [1, 93]
profile = "bridge"
lang = "en"
{edition}
[[source]]
path = "laws/text.txt"
lang = "en"
kind = "laws"
layout = "en-mixed"
"""

CLEAN = """Law 40 – The Kettle
A. Filling
The kettle is filled before the first
round begins and boiled at once.
Law 41 – The Cups
A. Washing
Cups are washed after every round.
"""

# law 41 is lost between 40 and 42: the corpus holds a placeholder for it
LOST = CLEAN.replace("Law 41 – The Cups", "Law 42 – The Cups")


def build(tmp_path, text: str, edition: str = ""):
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "text.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(edition=edition), encoding="utf-8")
    runner = CliRunner()
    made = runner.invoke(main, ["build", "--corpus", str(root), "--out", str(tmp_path / "out")])
    assert made.exit_code == 0, made.output
    return root, tmp_path / "out"


def restored_sentence() -> str:
    return load_profile("bridge").data["strings"]["en"]["footer_restored"]


@pytest.mark.parametrize("text,said", [(CLEAN, False), (LOST, True)])
def test_footer_says_restored_only_where_text_was_lost_or_mended(tmp_path, text, said):
    _, out = build(tmp_path, text)
    for page in (out / "site" / "index.html", out / "site" / "laws" / "40.html"):
        assert (restored_sentence() in page.read_text(encoding="utf-8")) is said, page


def test_no_edition_is_not_a_question_mark(tmp_path):
    root, out = build(tmp_path, CLEAN)
    runner = CliRunner()
    checked = runner.invoke(main, ["check", "--corpus", str(root), "--out", str(out)]).output
    assert checked.splitlines()[0] == "Invented kettles; the code has laws 1-93", checked
    tbx = tmp_path / "glossary.tbx"
    exported = runner.invoke(main, ["export", "--corpus", str(root), "--out", str(out), "--format", "tbx",
                                    "-o", str(tbx)])
    assert exported.exit_code == 0, exported.output
    text = tbx.read_text(encoding="utf-8")
    assert "edition not given; sources:" in text and "editions ?" not in text


def test_a_given_edition_is_named(tmp_path):
    root, out = build(tmp_path, CLEAN, 'edition = "2017"\n')
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(out)]).output
    assert checked.splitlines()[0] == "Invented kettles, edition 2017; the code has laws 1-93", checked


BILINGUAL = """[code]
title = "Invented bilingual"
laws = [1, 93]
profile = "bridge"
lang = "ru"

[[source]]
path = "laws/ru/kniga.txt"
lang = "ru"
kind = "laws"
layout = "ru-book"

[[source]]
path = "laws/en/kettle.txt"
lang = "en"
kind = "laws"
layout = "en-1987"
"""

RU = """Правило 40. Чайник
A.Наполнение
Чайник наполняют до начала первого тура.
"""

EN = """LAW 40 - THE KETTLE
A. FILLING
The kettle is filled before the first round begins.

LAW 41 - THE CUPS
A. WASHING
Cups are washed after every round.
"""


def test_a_law_in_the_translation_alone_is_said_so_not_lost(tmp_path):
    root = tmp_path / "corpus"
    for lang, name, text in (("ru", "kniga", RU), ("en", "kettle", EN)):
        (root / "laws" / lang).mkdir(parents=True)
        (root / "laws" / lang / f"{name}.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(BILINGUAL, encoding="utf-8")
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "out")]).output
    laws = checked.split("\nLaws:\n", 1)[1].split("\n\n", 1)[0]
    line = next(x for x in laws.splitlines() if x.split()[:1] == ["41"])
    assert "[English only: THE CUPS]" in line and "only in English" in line, line
    assert "heading lost" not in line, line


def test_one_placeholder_is_counted_in_the_singular(tmp_path):
    root, out = build(tmp_path, LOST)
    runner = CliRunner()
    made = runner.invoke(main, ["build", "--corpus", str(root), "--out", str(out)]).output
    assert f"built {out}: 2 laws from the sources, 1 placeholder, " in made, made
    checked = runner.invoke(main, ["check", "--corpus", str(root), "--out", str(out)]).output
    assert "Laws from the sources: 2 of 3; 1 placeholder (" in checked, checked
