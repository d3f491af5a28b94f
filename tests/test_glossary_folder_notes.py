"""A corpus folder's glossary entry for a term the built-in glossary has replaces the whole
entry, its note with it, on the glossary page, in TBX and in the csv glossary (issue 9, cold
read 13 finding 4; docs/profiles.md, "Vocabulary") -- in an English-only corpus (the built-in
file is written in Russian first and filtered to its English terms), in a Russian main corpus,
and under a folder profile that extends the bridge profile in English alone.

Invented text and notes."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.profile import load_profile
from lawsearch.sources import read_glossary

BRIDGE_GLOSSARY = Path(load_profile("bridge").vocabulary("glossary")[0])
NOTE = "a card withheld though the suit led could be followed (the folder's own note)"

EN_TEXT = """Law 30 – Following Suit
A. The Duty
1. Each player follows suit if he can; a player who does not commits a revoke.
B. The Remedy
The Director corrects a revoke as the Laws direct.
"""
RU_TEXT = """Правило 30. ОБЯЗАННОСТЬ ХОДИТЬ В МАСТЬ
A.Обязанность
1. Каждый игрок ходит в масть, если может; кто не ходит, совершает ренонс.
B.Исправление
Судья исправляет ренонс, как велят правила.
"""
EXTENDS = 'extends = "bridge"\nlanguages = ["en"]\n'


def _builtin(lang: str) -> str:
    """The built-in glossary's word for revoke in ``lang``: the term the folder overrides."""
    [term] = [t for t in read_glossary(BRIDGE_GLOSSARY, ("ru", "en")) if t.translation == "revoke"]
    return term.term if lang == "ru" else term.translation


@pytest.fixture(params=["en", "ru", "extends"])
def folder(request, tmp_path) -> Path:
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    kind = request.param
    lang = "ru" if kind == "ru" else "en"
    (root / "laws" / "laws.txt").write_text(RU_TEXT if lang == "ru" else EN_TEXT, encoding="utf-8")
    layout = '' if lang == "ru" else 'layout = "en-mixed"\n'
    profile = '"profile.toml"' if kind == "extends" else '"bridge"'
    if kind == "extends":
        (root / "profile.toml").write_text(EXTENDS, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Probe"\nprofile = {profile}\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/laws.txt"\nlang = "{lang}"\nkind = "laws"\n{layout}', encoding="utf-8")
    words = f'ru = "{_builtin("ru")}"\nen = "{_builtin("en")}"\n' if lang == "ru" else f'en = "{_builtin("en")}"\n'
    (root / "glossary.toml").write_text(f'[[term]]\n{words}note = "{NOTE}"\n\n'
                                        '[[term]]\nen = "session"\nnote = "a set of boards played without a break"\n'
                                        .replace('en = "session"', 'ru = "сессия"\nen = "session"' if lang == "ru"
                                                 else 'en = "session"'), encoding="utf-8")
    return root


def test_the_built_in_glossary_has_the_term():
    """The folder overrides a term the built-in glossary has, in both its languages."""
    assert _builtin("en") == "revoke" and _builtin("ru")


def test_a_folders_note_for_a_built_in_term_is_kept_everywhere(folder, tmp_path):
    out = tmp_path / "out"
    build(folder, out, lambda message: None)
    page = (out / "current" / "site" / "glossary.html").read_text(encoding="utf-8")
    assert NOTE in html.unescape(page)
    assert "a set of boards played without a break" in html.unescape(page)
    runner = CliRunner()
    for fmt in ("tbx", "csv-glossary"):
        target = tmp_path / f"glossary.{fmt}"
        result = runner.invoke(main, ["export", "--corpus", str(folder), "--out", str(out), "--format", fmt,
                                      "-o", str(target)])
        assert result.exit_code == 0, result.output
        text = html.unescape(target.read_text(encoding="utf-8"))
        assert NOTE in text, fmt
        assert text.count("revoke") >= 1
