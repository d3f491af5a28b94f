"""No code or language literal outside profiles (issue 9): a Russian word or a language
code written as a string in a module, a template or a browser script is the code's grammar
or a language hard-wired where a profile (lawsearch/profiles/<name>/profile.toml) or the
corpus's language should say it.

A module may be allowed a literal only with a reason below. The integrator tightens the
list as the other parts of issue 9 land (grammar, citations, file formats)."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "lawsearch"
TEMPLATES = ROOT / "site_templates"
CYRILLIC_WORD = re.compile(r"[\u0400-\u04ff]{2,}")
# every language a built-in profile is written in
CODES = sorted({lang for path in (PACKAGE / "profiles").glob("*/profile.toml")
                for lang in tomllib.loads(path.read_text(encoding="utf-8")).get("languages", [])})

# module -> why it may still hold such literals
ALLOWED = {
    # being converted to profiles by the other parts of issue 9 (the integrator removes these)
    # the engine's languages: what a language *is* to the program, kept per language as
    # Sphinx keeps its stemmer and stop words per language (docs/profiles.md, "Languages")
    "plausibility.py": "the registry of languages the encoding check knows: code -> name and word test",
    "morph.py": "the Russian morphology leaf (pymorphy3): its particles and stop words",
    "analysis.py": "the Russian analyzer's stop words; an example in a lexicon message",
    "families.py": "Russian word formation (suffixes, prefixes, alternations) for word families",
    "export.py": "the CoNLL-U export's Russian sentence splitter and tagger",
    "index.py": "ENGLISH, the language of the Snowball fields; the Russian alphabet of spelling corrections",
}


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def python_literals(path: Path) -> list[tuple[int, str]]:
    """String constants of a module (docstrings and comments aside) that are a language
    code or hold a Russian word."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                  and (node.value in CODES or CYRILLIC_WORD.search(node.value)))


def markup_literals(text: str, comments: re.Pattern) -> list[tuple[int, str]]:
    """Russian words and quoted language codes (``"ru"``, ``lang="en"``) of a template or a
    script, comments aside."""
    text = comments.sub(lambda m: re.sub(r"[^\n]", " ", m[0]), text)  # keep line numbers
    codes = re.compile(r"""(["'])(?:%s)\1""" % "|".join(map(re.escape, CODES)))
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        found += [(n, m[0]) for m in CYRILLIC_WORD.finditer(line)] + [(n, m[0]) for m in codes.finditer(line)]
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))
JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)
JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\\"'])//[^\n]*", re.S)


def test_the_scan_sees_what_it_looks_for(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Правило 50: a docstring may say it."""\nX = node.translations["en"]\nY = "Правило"\n'
                      '# a comment may say «раздел»\n', encoding="utf-8")
    assert python_literals(module) == [(2, "en"), (3, "Правило")]
    assert markup_literals('{# Правило #}<p lang="ru">Раздел</p>', JINJA_COMMENT) == [(1, "Раздел"), (1, '"ru"')]
    assert markup_literals('// Правило\nvar a = "en"; /* раздел */', JS_COMMENT) == [(2, '"en"')]


@pytest.mark.parametrize("path", MODULES, ids=[p.relative_to(PACKAGE).as_posix() for p in MODULES])
def test_no_code_or_language_literal_in_a_module(path):
    name = path.relative_to(PACKAGE).as_posix()
    if name in ALLOWED:
        pytest.skip(f"allowed for now: {ALLOWED[name]}")
    found = python_literals(path)
    assert not found, f"{path.name}: literals a profile or the corpus should give: {found[:8]}"


def test_every_allowed_module_still_needs_it():
    stale = [name for name in ALLOWED if not python_literals(PACKAGE / name)]
    assert not stale, f"no literal left in {stale}: take them off the allowed list"


TEMPLATE_FILES = sorted(TEMPLATES.glob("*.html"))


@pytest.mark.parametrize("path", TEMPLATE_FILES, ids=[p.name for p in TEMPLATE_FILES])
def test_no_code_or_language_literal_in_a_template(path):
    found = markup_literals(path.read_text(encoding="utf-8"), JINJA_COMMENT)
    assert not found, f"{path.name}: use the profile's strings (t, say) and main/translation: {found[:8]}"


SCRIPTS = sorted((TEMPLATES / "static").glob("*.js"))


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_no_code_or_language_literal_in_a_browser_script(path):
    found = markup_literals(path.read_text(encoding="utf-8"), JS_COMMENT)
    assert not found, f"{path.name}: use DATA.strings (say) and the search data's languages: {found[:8]}"
