"""The code's grammar as profile data (lawsearch/grammar.py): every built-in layout reads its
own named examples as their kinds; the ID rules of each built-in profile; a corpus folder's
profile.toml extends a built-in one."""

from __future__ import annotations

import pytest

from lawsearch.grammar import Grammar
from lawsearch.model import CorpusError
from lawsearch.profile import builtin_names, load_profile


def grammars():
    return [(name, Grammar.from_profile(load_profile(name))) for name in builtin_names()]


@pytest.mark.parametrize("name,layout", [(n, lay) for n, g in grammars() for lay in g.layout_names])
def test_every_layout_reads_its_examples_as_their_kinds(name, layout):
    grammar = Grammar.from_profile(load_profile(name))
    for lang in grammar.default_layouts:
        compiled = grammar.layout(layout, lang)
        for kind, example in compiled.examples.items():
            assert compiled.classify(example).kind == kind, (layout, example)


def test_bridge_ids_are_the_contracts():
    ids = Grammar.from_profile(load_profile("bridge")).ids
    assert ids.law_id("47", "E", "2", "a") == "47E2(a)"
    assert ids.law_id("44", "A", "2", "b", "ii") == "44A2(b)(ii)"
    assert ids.label("section", "С") == "C" and ids.label("subclause", "A") == "a"  # look-alike, case
    assert ids.anchor("21B2(b)(1)") == "l21b2-b-1" and ids.anchor("48.4") == "c48-4"
    assert ids.division_id("razdel", "46") == "div-razdel-46" and ids.footnote_id(84, 1) == "fn-84-1"
    order = ["div-glava-6", "div-razdel-6", "6", "6A", "6A2", "6A2(b)", "6A10", "6B", "6.2", "6.10", "7"]
    assert sorted(reversed(order), key=ids.sort_key) == order


def test_statute_ids():
    ids = Grammar.from_profile(load_profile("statute-ru")).ids
    assert ids.law_id("12", "1", "3", ids.label("subclause", "в")) == "12.1.3.v"
    assert ids.law_id("11", None, "3") == "11.3"  # a point directly under its article
    assert ids.anchor("12.1.3.v") == "l12-1-3-v"
    assert sorted(["12.2", "12.1.3.v", "12.1.3.a", "12.1", "11"], key=ids.sort_key) == \
        ["11", "12.1", "12.1.3.a", "12.1.3.v", "12.2"]


def test_a_corpus_folder_profile_extends_the_layouts(tmp_path):
    (tmp_path / "profile.toml").write_text(
        'extends = "bridge"\n[layouts.en-mixed.headings]\nlaw = \'Rule\\s+{law}{title?}\'\n', encoding="utf-8")
    grammar = Grammar.from_profile(load_profile("bridge", tmp_path))
    layout = grammar.layout("en-mixed", "en")
    assert layout.classify("Rule 12 - Adjusted Scores").label == "12"
    assert layout.classify("A. Powers").kind == "section"  # the rest stays the built-in one's


def test_an_unknown_layout_is_a_clear_error():
    with pytest.raises(CorpusError, match="no layout 'en-2030'"):
        Grammar.from_profile(load_profile("bridge")).layout("en-2030", "en")


@pytest.mark.parametrize("code,source,message", [
    ('profile = "nope"\n', "", "manifest.toml:2: no built-in profile 'nope' (built in: bridge, statute-ru)"),
    ("", 'layout = "en-2030"\n', "manifest.toml:6: the profile has no layout 'en-2030'"),
])
def test_the_manifest_names_an_unknown_profile_or_layout(tmp_path, code, source, message):
    from lawsearch.corpus import build_corpus

    (tmp_path / "laws" / "en").mkdir(parents=True)
    (tmp_path / "laws" / "en" / "s.txt").write_text("Law 1 - A Title\n", encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(
        f'[code]\n{code}[[source]]\npath = "laws/en/s.txt"\nlang = "en"\nkind = "laws"\n{source}', encoding="utf-8")
    with pytest.raises(CorpusError) as e:
        build_corpus(tmp_path)
    assert message in str(e.value.problems[0])
