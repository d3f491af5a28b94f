"""A law's title wrapped over several lines in capitals (a narrow PDF column, a typed copy)
continues the title (cold read 6 of issue 12, finding 5): «Правило 40. ОБЯЗАННОСТИ» /
«ДЕЖУРНОГО» / «САДОВОДА» is one heading, and the section after it stays a section. Every
text here is invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus

CASES = [
    ("ru", "Правило 40. ОБЯЗАННОСТИ\nДЕЖУРНОГО САДОВОДА\nA. Обход участков\nДежурный обходит участки утром.\n"
           "Правило 41. ПОЛИВ\nГРЯДОК И\nТЕПЛИЦ\nA. Часы\nГрядки поливают вечером.\n",
     {"40": "ОБЯЗАННОСТИ ДЕЖУРНОГО САДОВОДА", "41": "ПОЛИВ ГРЯДОК И ТЕПЛИЦ"}, ["40A", "41A"]),
    ("ru", "Правило 7. КЛЮЧИ ОТ\nСАРАЯ\nКлючи висят у двери сторожки.\nПравило 8. ТАЧКИ\nТачки ставят под навес.\n",
     {"7": "КЛЮЧИ ОТ САРАЯ", "8": "ТАЧКИ"}, []),
    ("en", "LAW 60 - DUTIES OF THE\nORCHARD WARDEN\nA. Morning Round\nThe warden walks the rows each morning.\n"
           "LAW 61 - WATERING\nTHE YOUNG\nTREES\nA. Hours\nYoung trees are watered after sunset.\n",
     {"60": "DUTIES OF THE ORCHARD WARDEN", "61": "WATERING THE YOUNG TREES"}, ["60A", "61A"]),
]


@pytest.mark.parametrize("lang, text, titles, sections", CASES)
def test_a_title_wrapped_over_capital_lines_is_one_title(tmp_path: Path, lang, text, titles, sections):
    root = tmp_path / "c"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "a.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(f'[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "{lang}"\n\n[[source]]\n'
                                        f'path = "laws/{lang}/a.txt"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    c = build_corpus(root)
    nodes = {n.id: n for n in c.nodes}
    for law, title in titles.items():
        assert nodes[law].title == title
        assert not (nodes[law].text or "").isupper()  # no capital line of the title left as its text
    assert all(s in nodes for s in sections)
