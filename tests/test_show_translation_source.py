"""`show --lang X ID` names where the text it shows stands: in a translation alone, that
language's own file and line, never the main file's (issue 9, cold reads 11 and 13: "show
58A1 --lang en" printed the Russian file's line). With --lang both, each language's source is
named; the main language alone names the main file, as before. Both ways round: a Russian
corpus with an English source, an English corpus with a Russian one. All text invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main

RU = """Правило 30. Пас над самоваром
A. Когда самовар остыл
Если самовар остыл, игрок пасует; см. правило 23.
B. Когда самовар кипит
1. Пас при кипящем самоваре аннулируется.
2. Нарушитель пасует в свою очередь.
"""
# printed lower in its file than the Russian: its lines are not the Russian file's
EN = """Law 29 - Tea Before the Bidding
Tea is poured before the bidding starts.
Law 30 - Pass Over the Samovar
A. When the Samovar Is Cold
If the samovar is cold, a player passes; see Law 23.
B. When the Samovar Boils
1. A pass over a boiling samovar is cancelled.
2. The offender passes at his turn.
"""
MANIFEST = """[code]
edition = "1987"
laws = [1, 93]
lang = "{main}"

[[source]]
path = "laws/{main}/{main_file}"
lang = "{main}"
kind = "laws"
{main_layout}
[[source]]
path = "laws/{other}/{other_file}"
lang = "{other}"
kind = "laws"
{other_layout}"""
FILES = {"ru": ("book.txt", RU, ""), "en": ("laws.txt", EN, 'layout = "en-mixed"\n')}
# 30B2's line in each file
LINE = {"ru": 6, "en": 8}


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module", params=["ru", "en"], ids=lambda m: f"main-{m}")
def pair(request, tmp_path_factory):
    main_lang = request.param
    other = "en" if main_lang == "ru" else "ru"
    root = tmp_path_factory.mktemp("pair") / "code"
    for lang in ("ru", "en"):
        name, text, _ = FILES[lang]
        (root / "laws" / lang).mkdir(parents=True)
        (root / "laws" / lang / name).write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(
        main=main_lang, other=other, main_file=FILES[main_lang][0], other_file=FILES[other][0],
        main_layout=FILES[main_lang][2], other_layout=FILES[other][2]), encoding="utf-8")
    out = root.parent / "out"
    build(root, out, lambda message: None)
    return main_lang, other, ["--corpus", str(root), "--out", str(out)]


def _sources(shown: str) -> list[str]:
    return [line for line in shown.splitlines() if line.startswith("source")]


def test_a_translation_alone_names_its_own_file_and_line(pair):
    main_lang, other, args = pair
    shown = _sources(run("show", "30B2", "--lang", other, *args))
    assert shown == [f"source: code/laws/{other}/{FILES[other][0]}:{LINE[other]}"], shown


def test_control_the_main_language_names_the_main_file(pair):
    main_lang, other, args = pair
    shown = _sources(run("show", "30B2", *args))
    assert shown == [f"source: code/laws/{main_lang}/{FILES[main_lang][0]}:{LINE[main_lang]}"], shown


def test_both_languages_name_both_files(pair):
    main_lang, other, args = pair
    shown = "\n".join(_sources(run("show", "30B2", "--lang", "both", *args)))
    assert f"laws/{main_lang}/{FILES[main_lang][0]}:{LINE[main_lang]}" in shown
    assert f"laws/{other}/{FILES[other][0]}:{LINE[other]}" in shown
