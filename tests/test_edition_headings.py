"""An edition in another language than the corpus's (an English-only edition of a Russian
corpus) names its laws in its own language: "Law 2 (2016 edition)" in ``show`` and in the
law page's heading under its lang="en", not «Правило 2 (ред. 2016 г.)» (cold read 4, 8)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.profile import load_profile

RU = """Правило 1. Сад
A.Полив
Грядки поливают вечером тёплой водой из бочки.
Правило 2. Теплица
A.Проветривание
Теплицу открывают в полдень, когда солнце греет сильнее всего.
"""
EN = """LAW 1 - THE GARDEN
A. Watering
The beds are watered in the evening with warm water from the barrel.

LAW 2 - THE GREENHOUSE
A. Airing
The greenhouse is opened at noon when the sun is hottest.
"""


@pytest.fixture(scope="module")
def garden(tmp_path_factory):
    root = tmp_path_factory.mktemp("garden")
    folder = root / "corpus"
    (folder / "laws").mkdir(parents=True)
    (folder / "laws" / "2006-ru.txt").write_text(RU, encoding="utf-8")
    (folder / "laws" / "2016-en.txt").write_text(EN, encoding="utf-8")
    (folder / "manifest.toml").write_text(
        '[code]\ntitle = "Устав сада"\nedition = "2006"\nlaws = [1, 9]\n\n'
        '[[source]]\npath = "laws/2006-ru.txt"\nlang = "ru"\nkind = "laws"\nedition = "2006"\nlayout = "ru-book"\n\n'
        '[[source]]\npath = "laws/2016-en.txt"\nlang = "en"\nkind = "laws"\nedition = "2016"\nlayout = "en-2007"\n',
        encoding="utf-8")
    build(folder, root / "build", lambda message: None)
    return folder, root / "build"


def test_show_names_an_english_editions_law_in_english(garden):
    folder, out = garden
    profile = load_profile("bridge")
    law = profile.text("en", "law", id=profile.text("en", "id_in_edition", id="2", edition="2016"))
    shown = CliRunner().invoke(main, ["show", "2", "--edition", "2016", "--corpus", str(folder), "--out", str(out)])
    assert shown.exit_code == 0 and shown.output.startswith(f"{law}. "), shown.output
    own = CliRunner().invoke(main, ["show", "2", "--corpus", str(folder), "--out", str(out)])
    assert own.output.startswith(profile.text("ru", "law", id="2") + ". ")  # the corpus's own stays Russian


def test_the_law_page_heads_an_english_editions_law_in_english(garden):
    _, out = garden
    profile = load_profile("bridge")
    page = (out / "site" / "laws" / "2016~2.html").read_text(encoding="utf-8")
    article = re.search(r'<article class="law"[^>]*lang="en"[^>]*>.*?<h1[^>]*>([^<]*)', page, re.S)
    law = profile.text("en", "law", id=profile.text("en", "id_in_edition", id="2", edition="2016"))
    assert article and article[1].startswith(f"{law}. "), page[:2000]
