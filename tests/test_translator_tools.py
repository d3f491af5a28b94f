"""The translator's tools (issue 15): bilingual kwic, the glossary as TBX and CSV, and the
corpus version stamp in every export.

The TBX checks below are the rules of TBX's core structure (ISO 30042:2019) and of the
TBX-Basic dialect that this export uses, written as code (no schema file, no network)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR
from lawsearch.cli import main
from lawsearch.glossary_export import TBX_NS, to_tbx, version_stamp
from lawsearch.sources import GlossaryTerm

etree = pytest.importorskip("lxml.etree")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
T = "{%s}" % TBX_NS
NCNAME = re.compile(r"^[^\W\d][\w.\-]*$")
# TBX-Basic's data categories (the dialect's termNote, descrip and admin types)
BASIC_TERM_NOTES = {"partOfSpeech", "administrativeStatus", "termType", "grammaticalGender", "geographicalUsage",
                    "termLocation"}
TERM_SEC_CHILDREN = {"term", "termNote", "descrip", "descripGrp", "admin", "adminGrp", "note", "ref", "xref",
                     "transacGrp"}


def tbx_problems(text: str, langs: tuple[str, ...]) -> list[str]:
    """What breaks TBX core structure or TBX-Basic in a document (empty: valid)."""
    problems = []
    root = etree.fromstring(text.encode("utf-8"))
    for e in root.iter():
        if isinstance(e.tag, str) and not e.tag.startswith(T):
            problems.append(f"element {e.tag} outside the TBX namespace")
    if root.tag != T + "tbx":
        return problems + [f"root is {root.tag}, not tbx"]
    if root.get("type") != "TBX-Basic":
        problems.append("tbx/@type is not TBX-Basic")
    if root.get("style") not in ("dca", "dct"):
        problems.append("tbx/@style is neither dca nor dct")
    if not root.get(XML_LANG):
        problems.append("tbx has no xml:lang")
    if [c.tag for c in root] != [T + "tbxHeader", T + "text"]:
        problems.append(f"tbx holds {[c.tag for c in root]}, not tbxHeader then text")
    header = root.find(T + "tbxHeader")
    if header is None or header.find(f"{T}fileDesc/{T}sourceDesc") is None:
        problems.append("tbxHeader/fileDesc/sourceDesc is missing")
    body = root.find(f"{T}text/{T}body")
    if body is None:
        return problems + ["text/body is missing"]
    seen = set()
    for entry in body:
        if entry.tag != T + "conceptEntry":
            problems.append(f"body holds {entry.tag}")
            continue
        ident = entry.get("id") or ""
        if not NCNAME.match(ident) or ident in seen:
            problems.append(f"conceptEntry id {ident!r} is no unique NCName")
        seen.add(ident)
        secs = entry.findall(T + "langSec")
        if not secs:
            problems.append(f"{ident}: no langSec")
        if sorted(s.get(XML_LANG) for s in secs) != sorted(langs):
            problems.append(f"{ident}: languages {[s.get(XML_LANG) for s in secs]}")
        for sec in secs:
            terms = sec.findall(T + "termSec")
            if not terms:
                problems.append(f"{ident}/{sec.get(XML_LANG)}: no termSec")
            for ts in terms:
                kids = [c.tag.removeprefix(T) for c in ts]
                if not kids or kids[0] != "term" or kids.count("term") != 1:
                    problems.append(f"{ident}: a termSec must start with its one term: {kids}")
                if set(kids) - TERM_SEC_CHILDREN:
                    problems.append(f"{ident}: termSec holds {set(kids) - TERM_SEC_CHILDREN}")
                if not (ts.findtext(T + "term") or "").strip():
                    problems.append(f"{ident}: an empty term")
                for note in ts.findall(T + "termNote"):
                    if note.get("type") not in BASIC_TERM_NOTES:
                        problems.append(f"{ident}: termNote type {note.get('type')} is not TBX-Basic")
    return problems


def test_the_checks_catch_what_they_check():
    good = to_tbx([GlossaryTerm("карта", "card", "", True)], "ru", "en", build_corpus_stub(), "G")
    assert tbx_problems(good, ("ru", "en")) == []
    assert tbx_problems(good.replace('type="TBX-Basic"', 'type="TBX-Min"'), ("ru", "en"))
    assert tbx_problems(good.replace("<term>card</term>", "<term> </term>"), ("ru", "en"))
    assert tbx_problems(good.replace('id="c1-card"', 'id="1card"'), ("ru", "en"))
    assert tbx_problems(good.replace("<term>card</term>", "<note>x</note><term>card</term>"), ("ru", "en"))


def build_corpus_stub():
    from lawsearch.model import Corpus

    return Corpus(sources=(), nodes=(), footnotes=(), refs=(), code={"edition": "1987"})


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("exports")
    texts = {}
    for fmt in ("tbx", "csv-glossary", "tmx", "tei", "conllu"):
        path = out / f"export.{fmt}"
        result = CliRunner().invoke(main, ["export", "--corpus", str(CORPUS_DIR), "--out", str(out / "build"),
                                           "--format", fmt, "-o", str(path)])
        assert result.exit_code == 0, result.stderr
        texts[fmt] = path.read_text(encoding="utf-8")
    return texts


def test_the_glossary_as_tbx_is_valid_tbx_basic(exported):
    assert tbx_problems(exported["tbx"], ("ru", "en")) == []
    root = etree.fromstring(exported["tbx"].encode())
    dummy = next(e for e in root.iter(T + "conceptEntry")
                 if [t.text for t in e.iterfind(f"{T}langSec/{T}termSec/{T}term")][-1] == "dummy")
    ru = [t.text for t in dummy.iterfind(f"{T}langSec[@{{http://www.w3.org/XML/1998/namespace}}lang='ru']/{T}termSec/{T}term")]
    assert "болван" in ru and len(ru) > 1  # synonyms of one English term are one concept


def test_the_glossary_as_csv(exported):
    text = exported["csv-glossary"]
    assert text.startswith("# lawsearch glossary; editions 1987; sources: ")
    rows = list(csv.reader(io.StringIO(text.split("\n", 1)[1])))
    assert rows[0] == ["concept", "ru", "en", "note"]
    assert ["c1-declarer", "разыгрывающий", "declarer", ""] in rows
    assert all(len(r) == 4 for r in rows)


def test_every_export_carries_the_version_stamp(exported, corpus):
    stamp = version_stamp(corpus)
    assert stamp["editions"] == ["1987"] and len(stamp["sources"]) == len(corpus.sources)
    for fmt, text in exported.items():
        head = text[:20000]
        assert "editions 1987" in head, fmt
        for s in corpus.sources:
            assert f"{s.path} sha256:{s.sha256}" in head, (fmt, s.path)
        assert "parsed in memory, inputs " in head or "build " in head, fmt
    # the JSON export carries the same as data: the edition, each source's hash, the build
    data = json.loads(CliRunner().invoke(main, ["export", "--corpus", str(CORPUS_DIR)]).stdout)
    assert data["code"]["edition"] == "1987" and "build" in data
    assert {s["sha256"] for s in data["sources"]} == {s.sha256 for s in corpus.sources}


RU = """Правило 50. Штрафная карта
Карту, открытую защитником, кладут на стол.
A.Открытая карта
Открытая карта остаётся на столе. Судья решает, как её сыграть.
B.Крупная карта
Крупную карту играют при первой возможности. Судья следит за этим. Игрок не спорит.
"""
EN = """Law 50 - Penalty Card
A card exposed by a defender is placed on the table.
A. Exposed Card
The exposed card stays on the table. The Director decides how it is played.
B. Major Card
A major card is played at the first legal opportunity, and the Director sees to it.
"""


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("bilingual") / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "ru.txt").write_text(RU, encoding="utf-8")
    (root / "laws" / "en.txt").write_text(EN, encoding="utf-8")
    entry = '\n[[source]]\npath = "laws/{0}.txt"\nlang = "{0}"\nkind = "laws"\nedition = "2000"\ntranslator = ""\nencoding = "auto"\n'
    (root / "manifest.toml").write_text('[code]\nedition = "2000"\n' + entry.format("ru") + entry.format("en")
                                        + 'layout = "en-2007"\n', encoding="utf-8")
    return root


def kwic(root: Path, *args: str):
    result = CliRunner().invoke(main, ["kwic", "--corpus", str(root), "--out", str(root.parent / "build"), *args])
    assert result.exit_code == 0, result.stderr
    return result


def test_bilingual_kwic_pairs_each_line_with_its_aligned_sentence(bilingual):
    lines = json.loads(kwic(bilingual, "судья", "--aligned", "--json").stdout)
    assert [(l["node"], l["aligned"]) for l in lines] == [
        ("50A", {"lang": "en", "text": "The Director decides how it is played.", "by": "sentence"}),
        # three Russian sentences, one English: the English one that stands where it stands
        ("50B", {"lang": "en", "text": "A major card is played at the first legal opportunity, and the Director "
                                       "sees to it.", "by": "position"}),
    ]
    lines = json.loads(kwic(bilingual, "карта", "--aligned", "en", "--json").stdout)
    first = {l["node"]: l["aligned"]["text"] for l in lines}
    assert first["50"] == "A card exposed by a defender is placed on the table."
    assert first["50A"] == "The exposed card stays on the table."


def test_bilingual_kwic_as_text_and_without_a_second_language(bilingual):
    out = kwic(bilingual, "судья", "--aligned").stdout.splitlines()
    assert out[1].strip() == "en: The Director decides how it is played."
    result = CliRunner().invoke(main, ["kwic", "--corpus", str(bilingual), "судья", "--aligned", "de"])
    assert result.exit_code == 2 and "no text in 'de'" in result.stderr
    # without --aligned the JSON shape is the contract's
    assert set(json.loads(kwic(bilingual, "судья", "--json").stdout)[0]) == {"node", "left", "match", "right", "url"}


# -- search results with the aligned text of the other language ------------------------------

# CONTRACT.md's, and the hit's edition (docs/contract-additions.md)
HIT_KEYS = {"id", "law", "kind", "title", "score", "snippet", "highlights", "url", "edition"}


def built_bilingual(root: Path, tmp_path_factory, en: str = EN) -> tuple[Path, Path]:
    corpus = tmp_path_factory.mktemp("bilingual-search") / "corpus"
    (corpus / "laws").mkdir(parents=True)
    (corpus / "laws" / "ru.txt").write_text(RU, encoding="utf-8")
    (corpus / "laws" / "en.txt").write_text(en, encoding="utf-8")
    (corpus / "manifest.toml").write_text((root / "manifest.toml").read_text(encoding="utf-8"), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "-q", "--corpus", str(corpus), "--out", str(corpus.parent / "build")])
    assert result.exit_code == 0, result.output
    return corpus, corpus.parent / "build"


@pytest.fixture(scope="module")
def searched(bilingual, tmp_path_factory) -> tuple[Path, Path]:
    return built_bilingual(bilingual, tmp_path_factory)


def search_json(built: tuple[Path, Path], query: str) -> dict:
    corpus, out = built
    result = CliRunner().invoke(main, ["search", "--corpus", str(corpus), "--out", str(out), query, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_search_hits_carry_the_aligned_sentence_of_the_other_language(searched):
    hits = {h["id"]: h for h in search_json(searched, "судья")["hits"]}
    assert hits["50A"]["aligned"] == {"lang": "en", "text": "The Director decides how it is played.", "by": "sentence"}
    # three Russian sentences, one English: the one at the same place
    assert hits["50B"]["aligned"] == {"lang": "en", "text": "A major card is played at the first legal opportunity, "
                                                            "and the Director sees to it.", "by": "position"}
    # the first match's sentence, not the node's first: «судья» is in 50A's second sentence
    first = {h["id"]: h for h in search_json(searched, "открытая карта")["hits"]}
    assert first["50A"]["aligned"]["text"] == "The exposed card stays on the table."
    # matched in the English text only: the snippet is English, the aligned sentence the corpus's own
    english = {h["id"]: h for h in search_json(searched, "lang:en decides")["hits"]}
    assert english["50A"]["snippet"].startswith("The exposed card")
    assert english["50A"]["aligned"] == {"lang": "ru", "text": "Судья решает, как её сыграть.", "by": "sentence"}
    # the contract's keys are all there, unchanged; "aligned" is added where there is a pair
    for hit in hits.values():
        assert set(hit) == HIT_KEYS | {"aligned"} and hit["edition"] == "2000"


def test_a_hit_with_no_other_language_has_no_aligned_key(corpus, searcher):
    """The shipped corpus has English titles but no English text: its hits keep the
    contract's keys (and their edition: the one edition's, 1987, as a default edition's)."""
    assert not any((n.translations.get("en") or {}).get("text") for n in corpus.nodes)
    hits = searcher.search("штрафная карта", 60).to_dict()["hits"]
    assert hits and all(set(h) == HIT_KEYS and h["edition"] == "1987" for h in hits)


def test_search_text_prints_the_aligned_sentence_under_the_snippet(searched):
    corpus, out = searched
    lines = CliRunner().invoke(main, ["search", "--corpus", str(corpus), "--out", str(out), "судья"]).stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("50A"))
    assert "Судья решает" in lines[at + 1]
    assert lines[at + 2].strip() == "en: The Director decides how it is played."


def test_the_browser_engine_aligns_as_the_command_line(searched):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    _, out = searched
    queries = ["судья", "открытая карта", "lang:en decides", "карта", "card", "50A", "игрок -судья", "director OR судья"]
    engine, searcher = NodeEngine(out / "site" / "search-index.js"), Searcher(out / "index")
    try:
        answers = engine.search(queries, 10)
        found = {q: differences(python_answer(searcher, q, 10), js) for q, js in zip(queries, answers)}
        assert {q: d for q, d in found.items() if d} == {}
        assert sum(1 for a in answers for h in a["hits"] if h.get("aligned")) >= 8
        assert {h["aligned"]["by"] for a in answers for h in a["hits"] if h.get("aligned")} == {"sentence", "position"}
    finally:
        engine.close()
        searcher.close()


HOSTILE = "The Director <b>decides</b> & <i>how</i> it is played."


@pytest.fixture(scope="module")
def hostile_site(bilingual, tmp_path_factory) -> Path:
    _, out = built_bilingual(bilingual, tmp_path_factory,
                             EN.replace("The Director decides how it is played.", HOSTILE))
    return out / "site"


@pytest.mark.parametrize("where", ["panel", "results page"])
def test_the_site_shows_the_aligned_sentence_under_the_snippet_escaped(browser, hostile_site, where):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if where == "panel":
        page.goto((hostile_site / "index.html").as_uri())
        page.fill("#q", "судья")
        box = "#results"
    else:
        page.goto((hostile_site / "search.html").as_uri() + "?q=" + "судья")
        box = "#all-results"
    aligned = page.locator(f'{box} li:has(a[data-id="50A"]) p.aligned')
    aligned.wait_for()
    assert aligned.get_attribute("lang") == "en"
    assert aligned.inner_text() == HOSTILE  # shown as text: no element made of it
    assert aligned.locator("b, i").count() == 0
    # under the snippet, in the same hit
    assert page.locator(f'{box} li:has(a[data-id="50A"]) p.snippet + p.aligned').count() == 1
    assert not errors, errors
    page.close()


def test_kwic_aligned_with_no_aligned_text_says_so_once(tmp_path):
    """A Russian-only corpus whose English is the profile's titles only: every line is
    printed, no line is followed by an empty pair, and stderr says so once; exit 0."""
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "ru.txt").write_text(RU, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\nedition = "1987"\n\n[[source]]\npath = "laws/ru.txt"\nlang = "ru"\nkind = "laws"\n'
        'edition = "1987"\ntranslator = ""\nencoding = "auto"\n', encoding="utf-8")  # the built-in titles' edition
    result = kwic(root, "карта", "--aligned")
    plain = kwic(root, "карта")
    assert result.stdout == plain.stdout and len(plain.stdout.splitlines()) >= 2
    assert "no aligned text" not in result.stdout
    notes = [line for line in result.stderr.splitlines() if "titles only" in line]
    assert len(notes) == 1 and "en" in notes[0]
    lines = json.loads(kwic(root, "карта", "--aligned", "--json").stdout)
    assert lines and all(l["aligned"] == {"lang": "en", "text": None, "by": "none"} for l in lines)


def test_the_tmx_header_names_every_edition_exported(tmp_path):
    """A corpus of two bilingual editions (2007 default, 2017): the TMX carries units of
    both, so its header names both, in the corpus's order, as does the version stamp."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from editions_fixtures import corpus_of

    root = corpus_of("ru-en-both", tmp_path)
    path = tmp_path / "export.tmx"
    result = CliRunner().invoke(main, ["export", "--corpus", str(root), "--out", str(tmp_path / "build"),
                                       "--format", "tmx", "-o", str(path)])
    assert result.exit_code == 0, result.stderr
    header = etree.fromstring(path.read_bytes()).find("header")
    assert [p.text for p in header.iterfind("prop[@type='x-edition']")] == ["2007", "2017"]
    assert header.find("prop[@type='x-lawsearch-stamp']").text.startswith("editions 2007, 2017; ")
    units = {u.get("tuid").partition("~")[0] if "~" in u.get("tuid") else "2007"
             for u in etree.fromstring(path.read_bytes()).iter("tu")}
    assert units == {"2007", "2017"}  # both are in the body the header describes
