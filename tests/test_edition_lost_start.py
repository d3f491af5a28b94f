"""A law of a one-language edition that starts at its B (cold read 12 of issue 16, finding 2):
``check`` says its A is lost, as the site's status does («с пропусками»), not "complete"; the
site's placeholder names the lost part as headings show IDs -- «1A (ред. 2006 г.)» -- never the
internal ``2006~1A``."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from editions_fixtures import two_editions
from lawsearch.cli import main

# invented: 2016 (default) whole; 2006's law 1 survives from its B only (its first page lost)
CURRENT = """Правило 1. Печь
A.Растопка
Печь растапливают берёзовыми дровами за час до рассвета.
B.Заслонка
Заслонку закрывают, когда угли перестают светиться.
Правило 2. Тесто
A.Замес
Тесто месят руками на дубовом столе.
"""
OLD = """Правило 1. Печь
B.Заслонка
Заслонку закрывают, когда угли погаснут.
Правило 2. Тесто
A.Замес
Тесто месят руками на столе.
"""


@pytest.fixture(scope="module")
def stove(tmp_path_factory):
    root = tmp_path_factory.mktemp("stove-lost")
    return two_editions(root, OLD, CURRENT)


def test_check_says_the_lost_first_part_of_an_editions_law(stove):
    corpus, out = stove
    shown = CliRunner().invoke(main, ["check", "--corpus", str(corpus), "--out", str(out)])
    line = next(l for l in shown.output.splitlines() if l.strip().startswith("2006~1 "))
    assert "2006~1A lost" in line and "complete" not in line, line
    whole = next(l for l in shown.output.splitlines() if l.strip().startswith("1 "))
    assert "complete" in whole, whole  # the current law 1, whole, stays so


def test_the_sites_placeholder_shows_the_lost_part_as_headings_do(stove):
    _, out = stove
    page = next((out / "site" / "laws").glob("2006*1.html")).read_text(encoding="utf-8")
    notes = re.findall(r'<p class="lost-parts[^>]*>(.*?)</p>', page, re.S)
    assert len(notes) == 1 and "1A (ред. 2006 г.): нет в тексте книги" in notes[0], notes
    assert "~" not in notes[0], notes
    assert "с пропусками" in page
