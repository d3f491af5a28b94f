"""The code's vocabulary ships with its profile: a corpus folder of raw files and a manifest
gets the lexicon, glossary and English titles without copying them, and a folder's own file
of a role extends and overrides the profile's."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import one_file_corpus
from lawsearch.analysis import Lexicon
from lawsearch.corpus import build_corpus
from lawsearch.model import CorpusError
from lawsearch.profile import BUILTIN
from lawsearch.sources import read_corpus_folder, read_glossary

# invented text in the book's layout: a heading and one clause naming the declarer
LAW_TEXT = "Правило 50. Судьба открытой карты\n1. Разыгрывающий решает, как поступить со столом.\n"


@pytest.fixture
def bare(tmp_path) -> Path:
    """Raw file + manifest naming the built-in profile, nothing else."""
    root = one_file_corpus(tmp_path, LAW_TEXT)
    manifest = root / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("[code]\n", '[code]\nprofile = "bridge"\n'),
                        encoding="utf-8")
    assert sorted(p.name for p in root.iterdir()) == ["laws", "manifest.toml"]
    return root


def test_a_bare_folder_gets_the_profiles_lexicon_glossary_and_titles(bare):
    folder = read_corpus_folder(bare)
    for role in ("lexicon", "glossary", "titles", "thesaurus"):
        assert [p.parent for p in folder.vocabulary[role]] == [BUILTIN / "bridge"], role
    assert folder.titles_en["50"] == "Disposition of Penalty Card"
    # the lexicon keeps the participle-noun apart from the verb: its forms lead to the noun
    assert Lexicon.load(folder.vocabulary["lexicon"]).forms["разыгрывающему"] == "разыгрывающий"
    assert any(t.translation == "declarer" for t in read_glossary(folder.vocabulary["glossary"]))
    law = build_corpus(bare).node("50")
    assert law.translations["en"]["title"] == "Disposition of Penalty Card"


def test_a_folders_own_file_extends_and_overrides_the_profiles(bare):
    (bare / "glossary.toml").write_text('[[term]]\nru = "болван"\nen = "the dummy"\n\n'
                                        '[[term]]\nru = "открытая карта"\nen = "exposed card"\n', encoding="utf-8")
    (bare / "titles-en.toml").write_text('[titles]\n50 = "Exposed Card"\n', encoding="utf-8")
    folder = read_corpus_folder(bare)
    assert folder.vocabulary["glossary"] == [BUILTIN / "bridge" / "glossary.toml", bare / "glossary.toml"]
    terms = {t.term: t.translation for t in read_glossary(folder.vocabulary["glossary"])}
    assert terms["болван"] == "the dummy"            # overridden
    assert terms["открытая карта"] == "exposed card"  # added
    assert terms["разыгрывающий"] == "declarer"       # kept from the profile
    assert folder.titles_en["50"] == "Exposed Card" and folder.titles_en["51"] == "Two or More Penalty Cards"


def test_a_folders_own_vocabulary_file_is_checked_with_its_line(bare):
    (bare / "lexicon.toml").write_text('[terms]\n"неигра" = { lik = "игра" }\n', encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(bare)
    assert f"{bare / 'lexicon.toml'}:2: " in str(info.value) and "lik" in str(info.value)


def test_an_unknown_profile_is_named_at_its_manifest_line(bare):
    manifest = bare / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('profile = "bridge"', 'profile = "chess"'),
                        encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(bare)
    assert f"{manifest}:2: " in str(info.value) and "no built-in profile 'chess'" in str(info.value)


def test_the_glossary_file_is_keyed_by_the_profiles_languages(tmp_path):
    """The glossary's keys are the language codes the profile declares: a code written in
    other languages keys its terms by them, and a file keyed otherwise says which key is missing."""
    path = tmp_path / "glossary.toml"
    path.write_text('[[term]]\nde = "Strafkarte"\nfr = "carte pénalisée"\nnote = "Regel 50"\n', encoding="utf-8")
    [term] = read_glossary(path, ("de", "fr"))
    assert (term.term, term.translation, term.note) == ("Strafkarte", "carte pénalisée", "Regel 50")
    with pytest.raises(CorpusError) as e:
        read_glossary(path, ("fr", "it"))
    assert "'it'" in str(e.value) and "glossary.toml" in str(e.value.problems[0].path)
