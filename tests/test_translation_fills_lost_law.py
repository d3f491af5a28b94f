"""Issue 12, cold read 15, finding 5: a law whose heading and text are lost in the corpus's own
language (its number lies between laws that survive) but whose English text is there is no
"MISSING: nothing of it survives" in check nor «утрачено» / "not in the sources" on its page:
it is said to be in English only and its English text is shown, as for a law past the Russian
text's end. The control: a law between with no text in either language is still missing.
Invented text."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from test_footer_and_edition_cold7 import BILINGUAL

RU = """Правило 60. Лодки
A.Покраска
Лодки красят весной.

Правило 62. Вёсла
A.Хранение
Вёсла хранят в сарае.

Правило 64. Флаги
A.Подъём
Флаг поднимают утром.
"""
EN_ALONE = """LAW 61 - THE PIER
A. MOORING
A boat is moored with two lines to the rings of the pier.
B. NIGHT
At night the pier is lit by a lantern.
"""
EN_MORE = """LAW 60 - THE BOATS
A. PAINTING
Boats are painted in spring.

""" + EN_ALONE + """
LAW 62 - THE OARS
A. KEEPING
Oars are kept in the shed.
"""


@pytest.mark.parametrize("english", [EN_ALONE, EN_MORE], ids=["61-alone", "60-62"])
def test_a_law_lost_in_russian_but_in_english_is_english_only(tmp_path, english):
    root = tmp_path / "corpus"
    for lang, name, text in (("ru", "kniga", RU), ("en", "kettle", english)):
        (root / "laws" / lang).mkdir(parents=True)
        (root / "laws" / lang / f"{name}.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(BILINGUAL, encoding="utf-8")
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "chk")]).output
    laws = checked.split("\nLaws:\n", 1)[1].split("\n\n", 1)[0]
    line = next(x for x in laws.splitlines() if x.split()[:1] == ["61"])
    assert "English only" in line and "only in English" in line and "MISSING" not in line, line
    # the control: 63, in neither language, is still missing
    assert "MISSING" in next(x for x in laws.splitlines() if x.split()[:1] == ["63"])
    out = tmp_path / "out"
    built = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert built.exit_code == 0, built.output
    nodes = {n["id"]: n for n in json.loads((out / "corpus.json").read_text(encoding="utf-8"))["nodes"]}
    assert not nodes["61"]["missing"] and nodes["63"]["missing"]
    page = (out / "site" / "laws" / "61.html").read_text(encoding="utf-8")
    assert "A boat is moored with two lines" in page
    assert "Текста этого правила нет в источниках" not in page and "утрачено" not in page
    assert "Текста этого правила нет в источниках" in (out / "site" / "laws" / "63.html").read_text(encoding="utf-8")
