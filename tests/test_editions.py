"""Several editions of one code in one corpus (docs/editions.md): the cold fixtures of
tests/data/editions/ build as two-edition corpora, one tree per edition; the default
edition keeps bare IDs, anchors and URLs, the other's are prefixed; ``show --edition`` and
``edition:`` in queries (the command line's engine and the browser's alike)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from editions_fixtures import ROOT as FIXTURES, corpus_of, default_edition, meta, names
from lawsearch import editions, ids
from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.model import CorpusError


def _fixture_parser():
    """The fixtures' own tiny parser (tests/data/editions/_check.py), which knows nothing of lawsearch."""
    spec = importlib.util.spec_from_file_location("editions_check", FIXTURES / "_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.parse


PARSE = _fixture_parser()


@pytest.fixture(scope="module")
def two_edition_corpora(tmp_path_factory):
    root = tmp_path_factory.mktemp("editions")
    return {name: build_corpus(corpus_of(name, root)) for name in names()}


def expected_nodes(name: str, edition: str, lang: str) -> dict:
    source = next(s for e in meta(name)["editions"] if e["id"] == edition for s in e["sources"] if s["lang"] == lang)
    return PARSE((FIXTURES / name / source["path"]).read_text(encoding="utf-8"), lang)


def own(node, lang: str, main: str) -> tuple:
    """A node's title and text in ``lang``: its own, or its translation's."""
    if lang == main:
        return node.title, node.text or ""
    given = node.translations.get(lang) or {}
    return given.get("title"), given.get("text") or ""


@pytest.mark.parametrize("name", names())
def test_every_fixture_builds_one_tree_per_edition_with_the_right_ids(two_edition_corpora, name):
    corpus = two_edition_corpora[name]
    listed = [e["id"] for e in meta(name)["editions"]]
    assert [e.id for e in corpus.editions] == listed
    assert [e.id for e in corpus.editions if e.default] == [default_edition(name)]
    for ed in meta(name)["editions"]:
        tree = corpus.edition(ed["id"])
        main = tree.lang
        for source in ed["sources"]:
            lang = source["lang"]
            want = expected_nodes(name, ed["id"], lang)
            got = {n.id: n for n in tree.nodes if n.kind != "division" and any(own(n, lang, main))}
            wanted = want
            assert set(wanted) <= set(got), f"{ed['id']} {lang}: missing {sorted(set(wanted) - set(got))}"
            assert not {i for i in got if i not in want}, f"{ed['id']} {lang}: nodes the text has not"
            for i, w in wanted.items():
                title, text = own(got[i], lang, main)
                assert (title, text) == (w["title"], w["text"]), (ed["id"], lang, i)


def test_russian_untitled_subclauses_are_nodes(two_edition_corpora):
    """«(a) Текст…» (no dot, a sentence after the label) is a sub-clause too, as «(A).Заголовок» is."""
    tree = two_edition_corpora["ru-subclauses-damage"].edition("1987")
    assert [c.id for c in tree.children("20A1")] == ["20A1(a)", "20A1(b)", "20A1(c)"]
    assert tree.node("20A1(a)").title is None and tree.node("20A1(a)").text.startswith("До своей первой заявки")


@pytest.mark.parametrize("name", names())
def test_the_default_edition_is_bare_and_the_others_prefixed(two_edition_corpora, name):
    corpus = two_edition_corpora[name]
    default = corpus.editions_default
    for node in corpus.nodes:
        edition, bare = editions.split(node.id)
        if node.edition == default:
            assert edition is None and "~" not in node.id and not ids.anchor(node.id).startswith("e")
            continue
        assert edition == node.edition and node.id == f"{node.edition}~{bare}"
        assert ids.anchor(node.id) == f"e{node.edition}-{ids.anchor(bare)}"
        if node.law is not None:
            assert ids.node_url(node) == f"laws/{node.edition}~{editions.bare(node.law)}.html#{ids.anchor(node.id)}"
        # the tree hangs together inside its edition
        if node.parent is not None:
            assert corpus.node(node.parent).edition == node.edition


def test_a_second_law_of_the_same_number_in_another_edition_is_no_error(two_edition_corpora):
    corpus = two_edition_corpora["ru-sections-shift"]
    assert corpus.node("30").title == corpus.node("1997~30").title
    assert not [p for p in corpus.problems if p.severity == "error"]
    assert [s.edition for s in corpus.edition("1997").sources] == ["1997"]


def test_the_default_edition_reads_as_it_would_alone(tmp_path):
    """Adding an edition changes nothing of the default one: IDs, anchors, URLs, titles,
    texts, spans (the shipped single-edition corpus: tests/test_golden.py)."""
    name = "ru-en-both"
    alone = build_corpus(corpus_of(name, tmp_path / "alone", [default_edition(name)]))
    both = build_corpus(corpus_of(name, tmp_path / "both"))
    assert len(alone.editions) == 1 and alone.code.get("editions") is None
    shown = lambda c: [(n.id, ids.node_url(n), n.title, n.text, n.translations, [s.lines for s in n.spans])  # noqa: E731
                       for n in c.nodes if n.edition == default_edition(name)]
    assert shown(alone) == shown(both)


def test_one_editions_tree_has_bare_ids_for_other_code(two_edition_corpora):
    corpus = two_edition_corpora["ru-split-merge-move"]
    tree = corpus.edition("2007")
    assert [n.id for n in tree.nodes if n.kind == "law"] == ["40", "41", "42", "43", "44", "45"]
    assert tree.node("42").title == corpus.node("2007~42").title == "Права болвана"
    assert [c.id for c in tree.children("41")] == ["41A", "41B", "41C", "41D"]
    assert all(r.from_ and "~" not in r.from_ for r in tree.refs)
    with pytest.raises(KeyError):
        corpus.edition("1999")


def test_the_corpus_json_round_trip_keeps_the_editions(two_edition_corpora):
    from lawsearch.model import Corpus

    corpus = two_edition_corpora["ru-en-both"]
    again = Corpus.from_dict(json.loads(json.dumps(corpus.to_dict(url=ids.node_url))))
    assert again.editions == corpus.editions
    assert [n.id for n in again.edition("2017").nodes] == [n.id for n in corpus.edition("2017").nodes]


def _manifest(tmp_path: Path, code: str, editions_of_sources: list[str]) -> Path:
    text = (FIXTURES / "ru-sections-shift" / "edition-A" / "laws-ru.txt").read_text(encoding="utf-8")
    lines = ["[code]", code, ""]
    for n, ed in enumerate(editions_of_sources):
        (tmp_path / f"s{n}.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "s{n}.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{ed}"', ""]
    (tmp_path / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("code, eds, says", [
    ("", ["1987", "1997"], "names no default"),
    ('edition = "2007"', ["1987", "1997"], "2007"),
    ('edition = "1987"', ["1987", "19 97"], "19 97"),
])
def test_a_manifest_with_editions_but_no_clear_default_is_refused(tmp_path, code, eds, says):
    with pytest.raises(CorpusError) as e:
        build_corpus(_manifest(tmp_path, code, eds))
    assert says in str(e.value) and "manifest.toml" in str(e.value)


@pytest.mark.parametrize("eds", [["2001"], ["2001", "2011"]])
def test_a_default_edition_no_source_has_is_refused_naming_the_line(tmp_path, eds):
    """``[code] edition`` naming an edition of no source would relabel the sources' edition:
    an error naming manifest.toml, the line of that key and the editions the sources have."""
    with pytest.raises(CorpusError) as e:
        build_corpus(_manifest(tmp_path, 'title = "x"\nedition = "1999"', eds))
    problem = e.value.problems[0]
    assert problem.path.endswith("manifest.toml") and problem.line == 3
    assert "1999" in problem.message and all(ed in problem.message for ed in eds)


def test_a_source_naming_no_edition_is_of_the_default_one(tmp_path):
    folder = _manifest(tmp_path, 'edition = "1999"', ["1999"])
    manifest = folder / "manifest.toml"
    lines = manifest.read_text(encoding="utf-8").splitlines()
    manifest.write_text("\n".join(lines[:3] + [line for line in lines[3:] if not line.startswith("edition")]),
                        encoding="utf-8")
    assert [e.id for e in build_corpus(folder).editions] == ["1999"]


# -- the command line -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def built_editions(tmp_path_factory):
    """ru-en-both (2007 default, 2017) built: corpus.json, index, site."""
    root = tmp_path_factory.mktemp("built-editions")
    folder = corpus_of("ru-en-both", root)
    build(folder, root / "build", lambda message: None)
    return folder, root / "build"


def run(built, *args):
    folder, out = built
    return CliRunner().invoke(main, [args[0], "--corpus", str(folder), "--out", str(out), *args[1:]])


def test_show_finds_an_id_in_the_edition_asked_for(built_editions):
    # 60B is "Игра после фальшренонса" in 2007; 2017 removed it, and 60C became 60B
    old = run(built_editions, "show", "60B")
    new = run(built_editions, "show", "60b", "--edition", "2017")
    assert old.exit_code == new.exit_code == 0, new.output
    assert "Игра после фальшренонса" in old.output and "Игра партнёра нарушителя" in new.output
    data = json.loads(run(built_editions, "show", "60B", "--edition", "2017", "--json").output)
    assert data["node"]["id"] == "2017~60B" and data["node"]["url"] == "laws/2017~60.html#e2017-l60b"
    assert run(built_editions, "show", "60B", "--edition", "2007").output == old.output


def test_show_prints_another_editions_ids_as_the_site_does(built_editions):
    """No raw ``2017~60`` in ``show``'s text: the profile's ``law`` and ``id_in_edition``
    strings, as on the site; the parts listed under a heading naming the edition stay bare."""
    from lawsearch.profile import load_profile as load

    profile = load("bridge")
    law = profile.text("ru", "law", id=profile.text("ru", "id_in_edition", id="60", edition="2017"))
    shown = run(built_editions, "show", "60", "--edition", "2017")
    assert shown.exit_code == 0, shown.output
    assert "~" not in shown.output
    assert shown.output.startswith(f"{law}. ")
    assert "\n  60B. Игра партнёра нарушителя\n" in shown.output
    part = run(built_editions, "show", "2017~61A").output
    assert "~" not in part and part.startswith(profile.text("ru", "id_in_edition", id="61A", edition="2017") + ". ")
    assert f"in: {profile.text('ru', 'law', id=profile.text('ru', 'id_in_edition', id='61', edition='2017'))}. " in part
    # the default edition's IDs are unchanged
    assert run(built_editions, "show", "60").output.startswith(profile.text("ru", "law", id="60") + ". ")


def test_show_says_which_editions_there_are_and_what_an_edition_lacks(built_editions):
    wrong = run(built_editions, "show", "60B", "--edition", "1999")
    assert wrong.exit_code == 2 and "2007, 2017" in wrong.output
    lacking = run(built_editions, "show", "61B4", "--edition", "2007")  # added in 2017
    assert lacking.exit_code == 1 and "61B4" in lacking.output
    # not in that edition, but in the other -- no hint of damage ("our text of it has no")
    assert "61B4 is not in the 2007 edition" in lacking.output and "--edition 2017" in lacking.output
    assert "our text" not in lacking.output and "did you mean" not in lacking.output
    assert run(built_editions, "show", "61B4", "--edition", "2017").exit_code == 0


def search(built, query: str) -> dict:
    result = run(built, "search", query, "--json", "--limit", "50")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_an_edition_filter_keeps_that_editions_nodes(built_editions):
    new = [h["id"] for h in search(built_editions, "карта edition:2017")["hits"]]
    old = [h["id"] for h in search(built_editions, "карта edition:2007")["hits"]]
    both = [h["id"] for h in search(built_editions, "карта")["hits"]]
    assert new and all(i.startswith("2017~") for i in new)
    assert old and not any("~" in i for i in old)
    assert sorted(both) == sorted(new + old)
    # law:N inside an edition; an ID of that edition by its bare form
    assert {h["law"] for h in search(built_editions, "карта law:61 edition:2017")["hits"]} == {"2017~61"}
    assert [h["id"] for h in search(built_editions, "61B4 edition:2017")["hits"]][0] == "2017~61B4"



def test_every_hit_names_its_edition_the_default_too(built_editions):
    """search --json: each hit's ``edition`` is its edition's key, the default edition's
    for a bare ID (docs/contract-additions.md)."""
    hits = search(built_editions, "карта")["hits"]
    assert {h["edition"] for h in hits} == {"2007", "2017"}
    assert all(h["edition"] == ("2017" if h["id"].startswith("2017~") else "2007") for h in hits)
    assert search(built_editions, "2017~60B")["hits"][0]["edition"] == "2017"


def test_search_hints_work_as_printed(built_editions):
    """Every "… and N more in law X: lawsearch search '…'" hint, run as printed, answers;
    another edition's law reads law:N edition:E, and law:E~N edition:E is the same filter."""
    import shlex

    folder, out = built_editions
    hints = []
    for query in ("карта", "карта edition:2017"):
        shown = run(built_editions, "search", query, "--limit", "4")
        assert shown.exit_code == 0, shown.output
        hints += [line.split(": ", 1)[1] for line in shown.output.splitlines() if "more in law" in line]
    assert any("edition:2017" in h for h in hints)
    for printed in hints:
        words = shlex.split(printed)
        assert words[:2] == ["lawsearch", "search"] and "~" not in words[2]
        again = CliRunner().invoke(main, words[1:])
        assert again.exit_code == 0 and "hit" in again.output, (printed, again.output)
    same = search(built_editions, "карта law:2017~61 edition:2017")["hits"]
    assert same and same == search(built_editions, "карта law:61 edition:2017")["hits"]


def test_an_unknown_edition_is_an_error_naming_the_editions(built_editions):
    result = run(built_editions, "search", "карта edition:1999")
    assert result.exit_code != 0 and "edition:1999" in result.output and "2007, 2017" in result.output


EDITION_QUERIES = ["карта edition:2017", "карта edition:2007", "edition:2017", "edition:2007 law:61",
                   "law:61 edition:2017 карта", "edition:1999 карта", "61B4 edition:2017", "edition:2017 -болван карта",
                   "revoke edition:2017", "lang:en edition:2017 card", "edition:2017 law:99", "kind:clause edition:2017",
                   "фальшренонс", "60B", "2017~60B", "edition:2007 болван OR карта", "law:2017~61 edition:2017 карта"]


def test_the_browser_engine_filters_editions_as_the_cli(built_editions):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    _, out = built_editions
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        answers = engine.search(EDITION_QUERIES, 10)
        found = {q: differences(python_answer(searcher, q, 10), js) for q, js in zip(EDITION_QUERIES, answers)}
        assert {q: d for q, d in found.items() if d} == {}
        assert answers[0]["hits"] and all(h["id"].startswith("2017~") for h in answers[0]["hits"])
        # each hit's edition, the default's included, as the command line names it
        assert answers[1]["hits"] and {h["edition"] for h in answers[1]["hits"]} == {"2007"}
        assert {h["edition"] for h in answers[0]["hits"]} == {"2017"}
        assert answers[5]["error"] and "edition:1999" in answers[5]["error"]
    finally:
        engine.close()
        searcher.close()


# -- the site -----------------------------------------------------------------------------

def test_every_page_states_its_own_edition_in_header_and_footer(built_editions):
    import re

    from lawsearch.profile import load_profile as load

    profile = load("bridge")
    site = built_editions[1] / "site"
    for page, edition, contents in (("laws/2017~61.html", "2017", "index~2017.html"), ("laws/61.html", "2007", "index.html"),
                                    ("index~2017.html", "2017", "index~2017.html"), ("index.html", "2007", "index.html")):
        html = (site / page).read_text(encoding="utf-8")
        brand = re.search(r'<a class="brand" href="([^"]*)">.*?<span class="edition">([^<]*)</span>', html, re.S)
        assert brand.group(2) == edition and brand.group(1).endswith(contents), page
        footer = re.search(r"<footer.*?<p>(.*?)</p>", html, re.S).group(1)  # its first line: code and edition
        other = "2007" if edition == "2017" else "2017"
        assert profile.text("ru", "footer", title="", edition=edition).strip(", ") in footer, page
        assert other not in footer, page


def test_every_law_page_has_an_edition_switch_and_every_link_resolves(built_editions):
    from test_site import site_links

    _, out = built_editions
    site = out / "site"
    checked, broken = site_links(site)
    assert checked > 100 and not broken, "\n".join(broken)
    for law in ("60", "2017~60"):
        html = (site / "laws" / f"{law}.html").read_text(encoding="utf-8")
        assert 'class="edition-switch"' in html and 'aria-current="page"' in html
    assert (site / "index~2017.html").is_file()


def test_a_single_edition_corpus_answers_its_edition_filter_as_no_filter(searcher):
    from lawsearch.query import QueryError

    plain = [h.id for h in searcher.search("штрафная карта", None).hits]
    assert plain and [h.id for h in searcher.search("штрафная карта edition:1987", None).hits] == plain
    with pytest.raises(QueryError, match="edition:2017 is not an edition of this corpus; use one of 1987"):
        searcher.search("штрафная карта edition:2017", 10)


def test_diff_compares_two_editions_the_corpus_holds_as_their_description_does(built_editions):
    """``lawsearch diff 2007 2017`` on a corpus holding both reads its trees through
    ``corpus.edition`` and reports what the editions description (fixture.toml) gives."""
    folder, _ = built_editions
    runner = CliRunner()
    own = runner.invoke(main, ["diff", "2007", "2017", "--json"], env={"LAWSEARCH_CORPUS": str(folder)})
    described = runner.invoke(main, ["diff", "2007", "2017", "--json", "--editions",
                                     str(FIXTURES / "ru-en-both" / "fixture.toml")])
    assert own.exit_code == described.exit_code == 0, own.output
    assert json.loads(own.output)["changes"] == json.loads(described.output)["changes"]
    assert json.loads(own.output)["changes"]["en"]


def test_diff_takes_corpus_and_names_the_unknown_edition(built_editions, tmp_path, monkeypatch):
    """``diff --corpus DIR --out DIR`` as every other command; a mistyped edition is the one
    named, with the corpus's editions, whichever argument it is."""
    folder, out = built_editions
    monkeypatch.chdir(tmp_path)  # no corpus/ here: only --corpus says which corpus
    runner = CliRunner()
    own = runner.invoke(main, ["diff", "2007", "2017", "--json", "--corpus", str(folder), "--out", str(out)],
                        env={"LAWSEARCH_CORPUS": None})
    assert own.exit_code == 0, own.output
    assert json.loads(own.output)["from"] == "2007" and json.loads(own.output)["changes"]["ru"]
    for args in (("2007", "1999"), ("1999", "2017")):
        wrong = runner.invoke(main, ["diff", *args, "--corpus", str(folder), "--out", str(out)],
                              env={"LAWSEARCH_CORPUS": None})
        assert wrong.exit_code == 1 and "'1999'" in wrong.output and "2007, 2017" in wrong.output, wrong.output
        assert "'2007'" not in wrong.output and "'2017'" not in wrong.output


def _description(tmp_path: Path, ids: list[str], diff: str = "") -> Path:
    """ru-en-both's two editions' sources under the edition ids given (repeating the last
    edition's sources for a third), with an optional ``[diff]`` table."""
    source = FIXTURES / "ru-en-both"
    folders = ["edition-A", "edition-B", "edition-B"]
    lines = []
    for ident, folder in zip(ids, folders):
        lines += ["[[editions]]", f'id = "{ident}"', "sources = ["]
        lines += [f'  {{ path = "{(source / folder / f"laws-{lang}.txt").as_posix()}", lang = "{lang}", '
                  f'layout = "{layout}" }},' for lang, layout in (("ru", "ru-book"), ("en", "en-2007"))]
        lines += ["]", ""]
    path = tmp_path / "editions.toml"
    path.write_text("\n".join(lines) + diff, encoding="utf-8")
    return path


def test_diff_without_editions_named_compares_the_only_two_the_older_first(built_editions, tmp_path):
    folder, _ = built_editions
    runner = CliRunner()
    named_ = runner.invoke(main, ["diff", "2007", "2017", "--json"], env={"LAWSEARCH_CORPUS": str(folder)})
    unnamed = runner.invoke(main, ["diff", "--json"], env={"LAWSEARCH_CORPUS": str(folder)})
    assert unnamed.exit_code == named_.exit_code == 0, unnamed.output
    assert json.loads(unnamed.output) == json.loads(named_.output)
    # a description of two editions, listed newer first: still the older first
    listed = _description(tmp_path, ["2017", "2007"])
    result = runner.invoke(main, ["diff", "--editions", str(listed), "--json"])
    assert result.exit_code == 0, result.output
    assert (json.loads(result.output)["from"], json.loads(result.output)["to"]) == ("2007", "2017")
    # only one of the two named is a usage error; --help says what no names do
    assert runner.invoke(main, ["diff", "2007"], env={"LAWSEARCH_CORPUS": str(folder)}).exit_code == 2
    assert "Without FROM and TO" in runner.invoke(main, ["diff", "--help"]).output


def test_diff_without_editions_named_takes_the_descriptions_diff_table(tmp_path):
    runner = CliRunner()
    three = _description(tmp_path, ["2007", "2017", "2017-fed"])
    refused = runner.invoke(main, ["diff", "--editions", str(three)])
    assert refused.exit_code == 1 and "2007, 2017, 2017-fed" in refused.output and "[diff]" in refused.output
    chosen = _description(tmp_path, ["2007", "2017", "2017-fed"], '[diff]\nfrom = "2017-fed"\nto = "2007"\n')
    result = runner.invoke(main, ["diff", "--editions", str(chosen), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["from"], data["to"]) == ("2017-fed", "2007")
    assert {c["kind"] for c in data["changes"]["en"]} >= {"added", "renumbered"}  # 60B comes back, 61B3 goes
    wrong = _description(tmp_path, ["2007", "2017"], '[diff]\nfrom = "1999"\nto = "2007"\n')
    bad = runner.invoke(main, ["diff", "--editions", str(wrong)])
    assert bad.exit_code == 1 and "1999" in bad.output and "editions.toml" in bad.output


@pytest.mark.parametrize("names, ordered", [
    (["2017", "2007"], ["2007", "2017"]),
    (["fed-2021", "2017"], ["2017", "fed-2021"]),     # the year, wherever in the name
    (["2017.11", "2017.3"], ["2017.3", "2017.11"]),   # a month after the year
    (["2017-fed", "2017"], ["2017-fed", "2017"]),     # one year: as the description lists them
    (["club", "1987"], ["1987", "club"]),             # no date: after the dated ones
    (["b", "a"], ["b", "a"]),
])
def test_editions_with_no_pair_named_are_compared_in_chronological_order(names, ordered):
    """The older first by the date the names carry (docs/editions.md), else as listed: a
    name's letters say nothing of when it was published (the names' order put "2017" after
    "1987-rev" and "b" before "a")."""
    from lawsearch.edition_trees import EditionEntry, EditionSet

    pair = EditionSet([EditionEntry(n, False, ()) for n in names]).default_pair()
    assert list(pair) == ordered


@pytest.mark.parametrize("ids, says", [
    (["2004", "2014", "2004"], "same id '2004'"),
    (["fed", "2014", "FED"], "'fed' and 'FED' differ by case only"),
    (["v2.0", "2014", "v2-0"], "'v2.0' and 'v2-0' differ only by '.' against '-'"),  # one anchor ev2-0-
    (["2004", "2014", "20~14"], "'20~14' is no name"),    # ~ parts an edition from an ID
    (["2004", "2014", "fed 2"], "'fed 2' is no name"),
    (["2004", "2014", "<b>x"], "'<b>x' is no name"),
])
def test_a_description_repeating_an_id_names_it_and_its_line(tmp_path, ids, says):
    """Two editions of one id -- or of ids differing by case only, whose files would clash
    on Windows and macOS -- are refused, naming the ids and the line of the second."""
    path = _description(tmp_path, ids)
    result = CliRunner().invoke(main, ["diff", "--editions", str(path)])
    assert result.exit_code == 1 and says in result.output, result.output
    lines = path.read_text(encoding="utf-8").splitlines()
    third = [n for n, line in enumerate(lines, 1) if line.startswith("id = ")][2]
    assert f"editions.toml:{third}:" in result.output


def test_a_description_with_two_defaults_is_refused_naming_both(tmp_path):
    path = _description(tmp_path, ["2004", "2014"])
    text = path.read_text(encoding="utf-8").replace('id = "2004"', 'id = "2004"\ndefault = true')
    path.write_text(text.replace('id = "2014"', 'id = "2014"\ndefault = true'), encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", "--editions", str(path)])
    line = text.replace('id = "2014"', 'id = "2014"\ndefault = true').splitlines().index('id = "2014"') + 2
    assert result.exit_code == 1 and "2004, 2014" in result.output and f"editions.toml:{line}:" in result.output


def test_editions_differing_by_case_only_are_refused_naming_the_line(tmp_path):
    """'Fed' and 'fed' would write laws/Fed~1.html and laws/fed~1.html: one file where
    names ignore case. The build refuses, naming manifest.toml and the second one's line."""
    folder = _manifest(tmp_path, 'edition = "2002"', ["2002", "Fed", "fed"])
    with pytest.raises(CorpusError) as e:
        build_corpus(folder)
    problem = next(p for p in e.value.problems if "case" in p.message)
    lines = (folder / "manifest.toml").read_text(encoding="utf-8").splitlines()
    assert "'Fed' and 'fed'" in problem.message and problem.path.endswith("manifest.toml")
    assert problem.line == lines.index('edition = "fed"') + 1


def test_editions_whose_anchors_would_be_one_are_refused_naming_the_line(tmp_path):
    """'v2.0' and 'v2-0' are two file names but one anchor prefix (ev2-0-): a page holding
    both (the single file) would repeat every id. The build refuses, naming the line."""
    folder = _manifest(tmp_path, 'edition = "v1"', ["v1", "v2.0", "v2-0"])
    with pytest.raises(CorpusError) as e:
        build_corpus(folder)
    problem = next(p for p in e.value.problems if "anchors" in p.message)
    lines = (folder / "manifest.toml").read_text(encoding="utf-8").splitlines()
    assert "'v2.0' and 'v2-0'" in problem.message and problem.path.endswith("manifest.toml")
    assert problem.line == lines.index('edition = "v2-0"') + 1


@pytest.mark.parametrize("name, says", [
    ("v" * 250, "250 characters long"),   # laws/<name>~1.html: past the 255 bytes a file name may hold
    ("fed-" + "x" * 61, "65 characters long"),
    ("v2.", "ends with '.'"),             # compare/v1~v2./ is compare/v1~v2/ on Windows
])
def test_an_edition_name_no_file_system_takes_is_refused_by_check_naming_the_line(tmp_path, name, says):
    """A name that makes file or folder names a file system refuses (too long, or losing its
    final dot on Windows) is refused by ``check``, naming manifest.toml and its line: not at
    build, halfway through writing the pages."""
    folder = _manifest(tmp_path, 'edition = "v1"', ["v1", name])
    result = CliRunner().invoke(main, ["check", "--corpus", str(folder)], env={"LAWSEARCH_CORPUS": None})
    lines = (folder / "manifest.toml").read_text(encoding="utf-8").splitlines()
    assert result.exit_code != 0 and says in result.output, result.output
    line = lines.index(f'edition = "{name}"') + 1
    assert f"manifest.toml:{line}:" in result.output
    # an editions description says the same of its id
    path = _description(tmp_path, ["2004", name])
    refused = CliRunner().invoke(main, ["diff", "--editions", str(path)])
    assert refused.exit_code == 1 and says in refused.output, refused.output


def test_an_edition_name_of_the_longest_length_allowed_is_taken(tmp_path):
    from lawsearch.editions import NAME_MAX

    folder = _manifest(tmp_path, 'edition = "v1"', ["v1", "f" * NAME_MAX])
    assert [e.id for e in build_corpus(folder).editions] == ["v1", "f" * NAME_MAX]


# -- show and law: in a corpus whose editions moved, merged, removed and added things --------

OLD_SKI = """Правило 1. Подъёмники
A.Очередь
Лыжники встают в очередь по двое и не обгоняют друг друга.
B.Посадка
На кресло садятся по команде контролёра, сняв рюкзак.
C.Сезонные абонементы
Абонемент предъявляют у турникета каждый раз при проходе.
Правило 2. Трассы
A.Цвета трасс
Синяя трасса лёгкая, красная средняя, чёрная трудная для всех.
B.Закрытые трассы
Закрытую трассу обозначают натянутой верёвкой с флажками.
C.Ограждения
Сетки ставят на крутых поворотах вдоль всей трассы.
Правило 3. Инструкторы
A.Группы
В группе инструктора не больше восьми учеников любого возраста.
B.Жетоны
Инструктор носит жетон с номером на левом рукаве куртки.
"""
NEW_SKI = """Правило 1. Подъёмники
A.Очередь
Лыжники встают в очередь по двое и не обгоняют друг друга.
B.Посадка
На кресло садятся по команде контролёра, сняв рюкзак.
Правило 2. Трассы
A.Цвета трасс
Синяя трасса лёгкая, красная средняя, чёрная трудная для всех. Закрытую трассу обозначают натянутой верёвкой с флажками.
Правило 3. Инструкторы
A.Группы
В группе инструктора не больше восьми учеников любого возраста.
B.Жетоны
Инструктор носит жетон с номером на левом рукаве куртки.
C.Ограждения
Сетки ставят на крутых поворотах вдоль всей трассы.
Правило 4. Спасатели
A.Вызов
Спасателя вызывают по телефону, указанному на каждой опоре.
"""


@pytest.fixture(scope="module")
def ski(tmp_path_factory):
    """Two Russian editions, 2005 (default) and 2015: 1C removed, 2A and 2B merged into 2A,
    2C moved to 3C, law 4 added."""
    root = tmp_path_factory.mktemp("ski")
    corpus = root / "corpus"
    lines = ["[code]", 'title = "Правила катания"', 'edition = "2005"', "laws = [1, 9]", ""]
    for ed, text in (("2005", OLD_SKI), ("2015", NEW_SKI)):
        (corpus / "laws").mkdir(parents=True, exist_ok=True)
        (corpus / "laws" / f"{ed}-ski.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "laws/{ed}-ski.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{ed}"',
                  'layout = "ru-book"', ""]
    (corpus / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    build(corpus, root / "build", lambda message: None)
    return corpus, root / "build"


@pytest.mark.parametrize("args, says", [
    (["2C", "--edition", "2015"], "in the 2015 edition it is 3C"),
    (["2B", "--edition", "2015"], "in the 2015 edition it is merged into 2A"),
    (["1C", "--edition", "2015"], "removed in the 2015 edition"),
    (["2005~1c"], None),  # the default edition's ID with its name: 1C itself
    (["4"], "4 is not in the 2005 edition; it is in the 2015 edition"),
    (["4A", "--edition", "2005"], "added in the 2015 edition"),
])
def test_show_says_where_a_part_went_as_diff_finds_it(ski, args, says):
    """``show`` of an ID one edition lacks says where the comparison of the texts found it
    (docs/editions.md), for sections as for laws; a bare ID only another edition has (law 4)
    is no "not in this corpus"; the default edition's name as a prefix names its own node."""
    result = run(ski, "show", *args)
    if says is None:
        assert result.exit_code == 0 and "Сезонные абонементы" in result.output, result.output
        return
    assert result.exit_code == 1 and says in result.output, result.output
    assert "not in this corpus" not in result.output and "~" not in result.output


def test_a_bare_law_filter_names_the_default_editions_law_and_says_where_else_it_is(ski):
    """``law:4`` is the default edition's law 4, as a bare ID is; law 4 only in 2015 is a
    usage error saying so and giving the filter that finds it (which works as printed)."""
    result = run(ski, "search", "law:4 спасатель")
    assert result.exit_code == 2 and "law:4 edition:2015" in result.output, result.output
    assert "names no law of the default edition 2005" in result.output
    assert json.loads(run(ski, "search", "law:4 edition:2015 спасатель", "--json").output)["hits"]


def test_the_browser_engine_says_the_same_of_a_bare_law_filter(ski):
    from lawsearch.query import QueryError, Searcher
    from node_engine import NodeEngine

    _, out = ski
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        js = engine.search(["law:4 спасатель"], 10)[0]
        with pytest.raises(QueryError) as python:
            searcher.search("law:4 спасатель", limit=10)
        assert js["error"] == str(python.value) and "law:4 edition:2015" in js["error"]
    finally:
        engine.close()
        searcher.close()


@pytest.mark.parametrize("edition, ru, en", [
    ("2017", "4 (ред. 2017 г.)", "4 (2017 edition)"),
    ("club", "4 (ред. «club»)", "4 (club edition)"),
    ("2017-fed", "4 (ред. «2017-fed»)", "4 (2017-fed edition)"),
])
def test_an_edition_named_otherwise_than_by_a_year_is_not_read_as_one(edition, ru, en):
    """«г.» says "year": an edition named `club` reads «ред. «club»», never «ред. club г.»
    (the profile's ``_named`` variants), in every string that names an edition."""
    from lawsearch.profile import load_profile as load

    for name in ("bridge", "statute-ru"):
        profile = load(name)
        assert profile.text("ru", "id_in_edition", id="4", edition=edition) == ru
        for key in ("edition", "edition_contents", "edition_removed", "footer", "stamp", "lead"):
            said = profile.text("ru", key, edition=edition, id="4", title="T", sources=1, build="b", date="d",
                                first=1, last=2)
            assert edition in said and ((edition + " г.") in said) == edition.isdigit()
    assert load("bridge").text("en", "id_in_edition", id="4", edition=edition) == en


def test_the_header_names_the_corpus_own_code_and_the_page_script_gets_the_named_strings(ski):
    """The brand is the manifest's title of its own code, not the profile's «Законы бриджа»;
    the search data carries the ``_named`` variants of the strings the page script says."""
    _, out = ski
    page = (out / "site" / "laws" / "2015~4.html").read_text(encoding="utf-8")
    assert 'class="brand"' in page and "Правила катания" in page.split('class="brand"', 1)[1].split("</a>", 1)[0]
    from lawsearch.site import page_script_strings
    from lawsearch.profile import load_profile as load

    carried = page_script_strings(load("bridge").strings("ru"))
    assert "id_in_edition" in carried and "id_in_edition_named" in carried


def test_the_compare_pages_of_a_corpus_editions_carry_its_sources_and_build(ski, tmp_path):
    """``diff 2005 2015 --html`` of a corpus's own editions stamps every compare page with
    each source's file and SHA-256 and the build (no «—» for either)."""
    import hashlib

    corpus, out = ski
    result = run(ski, "diff", "2005", "2015", "--html", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    sha = {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:12] for p in (corpus / "laws").iterdir()}
    pages = list((tmp_path / "site" / "compare" / "2005~2015").glob("*.html"))
    assert pages
    for page in pages:
        footer = page.read_text(encoding="utf-8").rsplit("<footer", 1)[1]
        assert all(f"{name} {h}" in footer for name, h in sha.items()), footer
        assert "—" not in footer


@pytest.mark.parametrize("query", ["law:61", "edition:2017", "law:62 edition:2007"])
def test_a_search_by_filters_alone_shows_the_own_text_with_the_english_under_it(built_editions, query):
    """A query of filters only matches no word: each hit shows the corpus's own text as its
    snippet and the English under it (as an ID query does), never the English as the
    snippet -- in the command line's engine and the browser's alike."""
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    hits = search(built_editions, query)["hits"]
    with_english = [h for h in hits if h.get("aligned")]
    assert with_english, hits
    for hit in with_english:
        assert re.search("[а-яё]", hit["snippet"], re.I) and hit["aligned"]["lang"] == "en", hit
    _, out = built_editions
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        js = engine.search([query], 50)[0]
        assert differences(python_answer(searcher, query, 50), js) == []
        assert [h["snippet"] for h in js["hits"]] == [h["snippet"] for h in hits]
    finally:
        engine.close()
        searcher.close()


@pytest.mark.parametrize("query", ["правило 61A", "62A"])
def test_a_node_asked_for_by_its_id_shows_its_own_text_with_the_english_under_it(built_editions, query):
    """An ID query's hit is the corpus's own text as the snippet and the aligned English
    sentence under it -- never the English as the snippet and the own text as "ru:" --
    in the command line's engine and the browser's alike."""
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    hit = search(built_editions, query)["hits"][0]
    assert re.search("[а-яё]", hit["snippet"], re.I) and hit["aligned"]["lang"] == "en", hit
    _, out = built_editions
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        js = engine.search([query], 10)[0]
        assert differences(python_answer(searcher, query, 10), js) == []
        assert js["hits"][0]["snippet"] == hit["snippet"]
    finally:
        engine.close()
        searcher.close()
