"""Exports parsed back with standard parsers: CoNLL-U (conllu, and udvalidate level 1 from
the PyPI package udtools), TMX 1.4b and TEI P5 (lxml, with the structural checks that can be
done offline)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CORPUS_DIR, VOCABULARY
from lawsearch import ids
from lawsearch.analysis import Lexicon
from lawsearch.export import aligned, sentences, to_conllu, to_tei, to_tmx

conllu = pytest.importorskip("conllu")
etree = pytest.importorskip("lxml.etree")
XML = "{http://www.w3.org/XML/1998/namespace}"
TEI = "{http://www.tei-c.org/ns/1.0}"


@pytest.fixture(scope="module")
def conllu_text(corpus) -> str:
    return to_conllu(corpus, Lexicon.load(VOCABULARY / "lexicon.toml").forms)


def test_sentences_do_not_split_after_abbreviations():
    assert sentences("Ни одна карта не может стать штрафной. См. Правило 48А.") == [
        "Ни одна карта не может стать штрафной.", "См. Правило 48А."]
    assert sentences("(см. правило 16A). E.Распоряжение") == ["(см. правило 16A).", "E.Распоряжение"]
    assert sentences("Первый абзац.\n\nВторой абзац.") == ["Первый абзац.", "Второй абзац."]
    assert sentences("Он сказал стоп. Игра продолжается.") == ["Он сказал стоп.", "Игра продолжается."]


def test_sentences_and_tokens_follow_the_profiles_data_for_the_language():
    from lawsearch.profile import Profile
    from lawsearch.segmenting import segmenter

    # the abbreviations are the language's: Russian's «см.» holds, English has none of them
    text = "Карта открыта, см. Правило 50. Судья решает."
    assert segmenter("ru").sentences(text) == ["Карта открыта, см. Правило 50.", "Судья решает."]
    assert segmenter("en").sentences(text) == ["Карта открыта, см.", "Правило 50.", "Судья решает."]
    # a code's own profile: its abbreviations and ordinals, and no ID token of the bridge laws
    own = Profile("club", {"segmenting": {"en": {"abbreviations": ["cf", "e. g"], "ordinal": r"\d+-(?:st|nd|th)"}}})
    cut = segmenter("en", own)
    assert cut.sentences("Play on, cf. Rule 4. Then e.g. Stop. Next one.") == [
        "Play on, cf. Rule 4.", "Then e.g. Stop.", "Next one."]
    assert [m.group() for m in cut.tokens("the 2-nd card, 47E2(a)")] == [
        "the", "2-nd", "card", ",", "47", "E", "2", "(", "a", ")"]
    assert [m.group() for m in segmenter("en").tokens("47E2(a) and 12-й")] == ["47E2(a)", "and", "12", "-", "й"]
    assert [m.group() for m in segmenter("ru").tokens("47E2(a) и 12-й")] == ["47E2(a)", "и", "12-й"]
    # a sentence opens with a capital of any script, a quote or a bracket
    assert segmenter("en", own).sentences("It ends. Él sigue. «Ещё». (Then) more.") == [
        "It ends.", "Él sigue.", "«Ещё».", "(Then) more."]


def test_conllu_parses_back_with_every_node_and_its_text(corpus, conllu_text):
    parsed = conllu.parse(conllu_text)
    assert {s.metadata["node_id"] for s in parsed} == {n.id for n in corpus.nodes if n.text}
    assert len({s.metadata["sent_id"] for s in parsed}) == len(parsed)
    for s in parsed:
        rebuilt = "".join(t["form"] + ("" if (t["misc"] or {}).get("SpaceAfter") == "No" else " ") for t in s).rstrip()
        assert rebuilt == s.metadata["text"]


@pytest.mark.parametrize("form, lemma, upos", [
    ("болвана", "болван", "NOUN"), ("штрафной", "штрафной", "ADJ"),
    ("разыгрывающего", "разыгрывающий", "NOUN"),  # the lexicon: a noun here, not a participle
    ("50E", "50E", "PROPN"), ("12-й", "12-й", "ADJ"), (",", ",", "PUNCT"),
])
def test_conllu_lemmas_and_parts_of_speech(conllu_text, form, lemma, upos):
    tokens = [t for s in conllu.parse(conllu_text) for t in s if t["form"] == form]
    assert tokens, form
    assert {(t["lemma"], t["upos"]) for t in tokens} == {(lemma, upos)}


def test_conllu_passes_ud_validation_level_1(conllu_text, tmp_path):
    validator = shutil.which("udvalidate") or str(Path(sys.executable).parent / "udvalidate")
    if not Path(validator).exists():
        pytest.skip("udvalidate (pip install udtools, the test extra) is not installed")
    path = tmp_path / "laws.conllu"
    path.write_text(conllu_text, encoding="utf-8")
    result = subprocess.run([validator, "--lang", "ud", "--level", "1", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, (result.stdout + result.stderr)[-2000:]


def test_tmx_is_tmx_1_4b_with_a_unit_per_aligned_node(corpus):
    root = etree.fromstring(to_tmx(corpus, "1").encode())
    assert root.tag == "tmx" and root.get("version") == "1.4"
    header = root.find("header")
    for attr in ("creationtool", "creationtoolversion", "segtype", "o-tmf", "adminlang", "srclang", "datatype"):
        assert header.get(attr), attr
    units = root.findall("body/tu")
    assert [u.get("tuid") for u in units] == [n.id for n, _, _, _ in aligned(corpus)]
    for u in units:
        assert [t.get(f"{XML}lang") for t in u.findall("tuv")] == ["ru", "en"]
        assert all(t.find("seg").text for t in u.findall("tuv"))
    fifty = next(u for u in units if u.get("tuid") == "51")
    assert [t.find("seg").text for t in fifty.findall("tuv")] == ["Две или более штрафных карт", "Two or More Penalty Cards"]


def test_tei_tree_refs_notes_and_alignment(corpus):
    root = etree.fromstring(to_tei(corpus).encode())
    assert root.tag == f"{TEI}TEI" and root.find(f"{TEI}teiHeader/{TEI}fileDesc/{TEI}titleStmt/{TEI}title") is not None
    xml_ids = [e.get(f"{XML}id") for e in root.iter() if e.get(f"{XML}id")]
    assert len(xml_ids) == len(set(xml_ids))
    divs = [d for d in root.findall(f".//{TEI}div") if d.get("type") != "translation"]
    assert {d.get(f"{XML}id") for d in divs} == {ids.anchor(n.id) for n in corpus.nodes if n.kind != "commentary"}
    notes = root.findall(f".//{TEI}note")
    assert len([n for n in notes if n.get("type") == "commentary"]) == sum(1 for n in corpus.nodes if n.kind == "commentary")
    assert {n.get(f"{XML}id") for n in notes if n.get("type") == "footnote"} == {f.id for f in corpus.footnotes}
    targets = [t for r in root.iter(f"{TEI}ref") if r.get("target") for t in r.get("target").split()]
    assert targets and all(t[1:] in xml_ids for t in targets)
    assert {"#l47c", "#l47d", "#l47e"} <= set(targets) or {"#l47d", "#l47e"} <= set(targets)  # 47F's list
    # one <ref> per citation as written: a list ("разделам C, D или E") is one ref, to its first target
    assert len(list(root.iter(f"{TEI}ref"))) == len({(r.from_, r.start) for r in corpus.refs})
    links = root.findall(f".//{TEI}linkGrp/{TEI}link")
    assert len(links) == sum(1 for n in corpus.nodes if n.translations["en"]["title"] or n.translations["en"]["text"])
    for link in links:
        assert all(t[1:] in xml_ids for t in link.get("target").split())
