"""The site's compare views join each edition to the nearest one before it sharing a language
(docs/editions.md, "In the site"): a Russian 2006, an English-only 2016 and a Russian «klub»
(no year: after the dated ones) get 2006 → klub, not nothing, since 2016 → klub shares no
language (cold read 4, 8)."""

from __future__ import annotations

from lawsearch.build import build
from lawsearch.profile import load_profile
from test_edition_headings import EN, RU

KLUB = RU.replace("тёплой водой из бочки", "водой из колодца")


def test_an_edition_whose_predecessor_shares_no_language_is_compared_with_the_one_before(tmp_path):
    folder = tmp_path / "corpus"
    (folder / "laws").mkdir(parents=True)
    lines = ['[code]\ntitle = "Устав сада"\nedition = "2006"\nlaws = [1, 9]\n']
    for name, text, lang, ed, layout in (("2006-ru", RU, "ru", "2006", "ru-book"), ("2016-en", EN, "en", "2016", "en-2007"),
                                         ("klub-ru", KLUB, "ru", "klub", "ru-book")):
        (folder / "laws" / f"{name}.txt").write_text(text, encoding="utf-8")
        lines.append(f'[[source]]\npath = "laws/{name}.txt"\nlang = "{lang}"\nkind = "laws"\nedition = "{ed}"\n'
                     f'layout = "{layout}"\n')
    (folder / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    build(folder, tmp_path / "build", lambda message: None)
    site = tmp_path / "build" / "site"
    assert sorted(p.name for p in (site / "compare").iterdir()) == ["2006~klub"]  # 2006/2016 and 2016/klub share none
    assert "колодца" in (site / "compare" / "2006~klub" / "1.html").read_text(encoding="utf-8")
    link = load_profile("bridge").text("ru", "compare_link", old="2006", new="klub")
    assert link in (site / "laws" / "klub~1.html").read_text(encoding="utf-8")
