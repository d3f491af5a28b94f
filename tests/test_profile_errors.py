"""A profile written from the docs alone works, and every mistake in one is an error naming
the profile file, its line and the key -- never a traceback, never a raw string key on the
site (issue 9, cold read 4, findings 3 and 4).

The text is invented: the rules of a small club, in English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT
from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.model import CorpusError
from lawsearch.profile import load_profile, neutral_strings

DOCS = ROOT / "docs" / "profiles.md"

RULES = """RULE 1 - NAME
1.1 The club
(a) The club is called the Quiet Harbour Whist Circle.
(b) It meets on Thursdays.
RULE 2 - MEMBERS
2.1 Joining
(a) Anyone who has played three evenings may join.
(b) A member pays the fee set under Rule 1.
2.2 Leaving
(a) A member leaves by a note to the secretary.
"""
MANIFEST = """[code]
title = "Rules of the Quiet Harbour Whist Circle"
laws = [1, 2]
lang = "en"

[[source]]
path = "rules.txt"
lang = "en"
kind = "laws"
"""


def minimal_profile() -> str:
    """The complete minimal profile docs/profiles.md prints."""
    text = DOCS.read_text(encoding="utf-8")
    m = re.search(r"<!-- minimal-profile -->\s*```toml\n(.*?)```", text, re.S)
    assert m, "docs/profiles.md lost its minimal profile"
    return m[1]


def folder(tmp_path: Path, profile: str, rules: str = RULES, manifest: str = MANIFEST) -> Path:
    root = tmp_path / "club"
    root.mkdir(exist_ok=True)
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    (root / "rules.txt").write_text(rules, encoding="utf-8")
    (root / "profile.toml").write_text(profile, encoding="utf-8")
    return root


def build_errors(root: Path) -> str:
    """What `lawsearch build` says of a bad profile: exit 1, no traceback."""
    result = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(root.parent / "out")])
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, (KeyError, TypeError, AttributeError)), result.exception
    assert "Traceback" not in result.output
    return result.output


# -- finding 3: a code of one's own, from the docs alone --------------------------------------

def test_the_docs_minimal_profile_builds_a_site_with_no_raw_string_keys(tmp_path):
    root = folder(tmp_path, minimal_profile())
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    shown = CliRunner().invoke(main, ["show", "2.1(b)", "--corpus", str(root), "--out", str(out)])
    assert shown.exit_code == 0, shown.output
    assert "A member pays the fee" in shown.output
    law = (out / "site" / "laws" / "2.html").read_text(encoding="utf-8")
    assert "Rule 2. Members" in law or "Rule 2. MEMBERS" in law
    keys = {k for k in neutral_strings()["en"] if "_" in k}  # a raw key, not a word such as "edition"
    site = "".join(p.read_text(encoding="utf-8") for p in (out / "site").rglob("*.html"))
    shown_keys = {k for k in keys if re.search(rf">\s*{k}\s*<", site)}
    assert not shown_keys
    # search.js says every string from the data it is given: all the keys are there
    data = (out / "site" / "search-index.js").read_text(encoding="utf-8")
    assert all(f'"{k}":' in data for k in ("search_found", "search_go", "search_nothing"))


def test_a_language_without_neutral_wording_names_every_missing_string_at_once(tmp_path):
    profile = minimal_profile().replace('languages = ["en"]', 'languages = ["de"]') \
        .replace("{ en = ", "{ de = ").replace("[citations.en", "[citations.de").replace("lang = \"en\"", "lang = \"de\"") \
        .replace("[strings.en]", "[strings.de]")
    with pytest.raises(CorpusError) as e:
        load_profile("bridge", folder(tmp_path, profile))
    [problem] = [p for p in e.value.problems if "missing" in p.message]
    assert problem.path.endswith("profile.toml") and problem.line == profile.splitlines().index("[strings.de]") + 1
    missing = set(problem.message.rsplit(": ", 1)[1].split(", "))
    assert {"search_found", "search_go", "lead", "footer", "stamp", "status_full"} <= missing
    assert "law" not in missing and "brand" not in missing  # the profile gives those


def test_a_strings_table_of_a_language_the_profile_has_not_is_an_error_naming_the_line(tmp_path):
    """Issue 9, cold read 15, finding 5: [strings.fr] in a profile of languages ["en"] was
    accepted silently, its words never printed."""
    profile = minimal_profile() + '\n[strings.fr]\nlaw = "Règle {id}"\n'
    with pytest.raises(CorpusError) as e:
        load_profile("bridge", folder(tmp_path, profile))
    [problem] = e.value.problems
    assert "'fr'" in problem.message and "languages" in problem.message
    assert problem.path.endswith("profile.toml") and problem.line == profile.splitlines().index("[strings.fr]") + 1
    assert "profile.toml:" in build_errors(folder(tmp_path, profile))
    # controls: with no such table the profile loads; with the language declared the table is
    # read (and, French having no neutral wording in the engine, the strings it lacks are named)
    assert load_profile("bridge", folder(tmp_path, minimal_profile())).strings("en")
    declared = profile.replace('languages = ["en"]', 'languages = ["en", "fr"]')
    with pytest.raises(CorpusError) as e:
        load_profile("bridge", folder(tmp_path, declared))
    assert [p for p in e.value.problems if "missing in 'fr'" in p.message]
    assert not [p for p in e.value.problems if "not one of the profile's languages" in p.message]


def test_extending_the_bridge_laws_in_english_only_inherits_no_russian(tmp_path):
    profile = 'extends = "bridge"\nlanguages = ["en"]\n\n' + minimal_profile().split("\n", 2)[2].replace(
        "[strings.en]", "[strings.en]\ntoc_law = \"Rule\"")
    root = folder(tmp_path, profile)
    loaded = load_profile("bridge", root)
    assert set(loaded.data["strings"]) == {"en"} and set(loaded.data["citations"]) == {"en"}
    out = tmp_path / "out"
    build(root, out, lambda message: None)  # the shipped glossary's Russian is no error
    glossary = (out / "site" / "glossary.html").read_text(encoding="utf-8")
    assert "dummy" in glossary  # its English terms are inherited
    assert not re.search(r"[А-Яа-яЁё]", glossary)


def test_a_profile_may_drop_the_inherited_wording_and_glossary(tmp_path):
    profile = ('extends = "bridge"\nlanguages = ["en"]\nreplace = ["strings"]\n\n'
               + minimal_profile().split("\n", 2)[2] + '\n[vocabulary]\nglossary = ""\n')
    root = folder(tmp_path, profile)
    loaded = load_profile("bridge", root)
    assert loaded.vocabulary("glossary") == []
    words = loaded.strings("en")
    assert words["law"] == "Rule {id}"
    assert words["lead"] == neutral_strings()["en"]["lead"]  # not the bridge laws' "Laws {first}–{last}"
    assert "Law" not in " ".join(words.values()) and "50E" not in " ".join(words.values())


# -- finding 4: every mistake names the file, the line and the key ---------------------------

MISTAKES = [
    # (what is changed, into what, the words the error must say)
    ("strict_levels = false", "strict_level = false", ["strict_level", "strict_levels"]),
    ('clause = "a-z"', 'clause = "digitz"', ["digitz", "digits"]),
    ('clause = "a-z"', 'clause = "abca"', ["abca", "alphabet"]),
    ('levels = ["section", "clause"]', 'levels = "section"', ["levels", "list"]),
    ('default_layouts = { en = "rules" }', 'default_layouts = { en = "rulez" }', ["rulez", "rules"]),
    ("section = '\\d+\\.{label}\\s+{title}'", "section = '\\d+\\.{lable}\\s+{title}'", ["{lable}", "{label}"]),
    ("section = '\\d+\\.{label}\\s+{title}'", "section = '\\d+\\.{label}(\\s+{title}'",
     ["rules", "section", "not a valid pattern"]),
    ('law = "Rule {id}"', 'law = "Rule {idd}"', ["{idd}", "{id}"]),
    ('brand = "Club rules"', 'brnad = "Club rules"', ["brnad", "brand"]),
    ('label = "number"', 'label = "numbr"', ["numbr", "number"]),
    ('anchor = "r"', 'anchor = "r"\nitem = "({label})"', ["item", "no such level"]),
    # cold read 6, finding 3: patterns that crashed the build
    ("law = 'RULE\\s+{law}{title?}'", "law = 'RULE\\s+{title}'", ["rules", "law", "{law}"]),
    ("clause = '\\({label}\\)\\s+{title}'", "clause = '\\(\\w\\)\\s+{title}'", ["clause", "{label}"]),
    ('levels = ["section", "clause"]', 'levels = ["section", "clause", "section"]', ["section", "twice"]),
    ('levels = ["section", "clause"]', 'levels = ["section", "law"]', ["'law'", "cannot name a level"]),
    ("section = '\\d+\\.{label}\\s+{title}'", "section = '\\d+\\.{label}\\s+{title}:{title}'",
     ["section", "not a valid pattern", "redefinition"]),
    ("section = '\\d+\\.{label}\\s+{title}'", "section = '{within}\\.{label}\\s+{title}'",
     ["section", "{within}", "level above"]),
    ('anchor = "r"', 'anchor = "r"\n\n[grammar.commentary.en]\nparagraph = \'{law}\\.{para}\\s+(?P<body>.*)\'',
     ["commentary", "paragraph", "text"]),
    ('anchor = "r"', 'anchor = "r"\n\n[grammar.commentary.en]\nitem_label = \'[a-z\'', ["item_label", "not a valid pattern"]),
    ('anchor = "r"', 'anchor = "r"\n\n[[grammar.divisions.en]]\nslug = "part"\nword = "(Part"',
     ["divisions", "word", "not a valid pattern"]),
    ('anchor = "r"', 'anchor = "r"\n\n[[grammar.divisions.en]]\nslug = "part"\nword = "(?P<w>Part)"',
     ["divisions", "word", "named group"]),
    # finding 4: values of the wrong type, a layout in a language the profile has not
    ('words = ["Rule", "Rules"]', 'words = "Rule"', ["citations.en.levels", "words", "list of strings", '["Rule"]']),
    ('see = ["see"]', 'see = "see"', ["citations.en", "see", "list of strings"]),
    ("strict_levels = false", 'strict_levels = "no"', ["strict_levels", "true or false"]),
    ('cleaning = []', 'cleaning = "split_at_footer"', ["layouts.rules", "cleaning", "list of strings"]),
    ('lang = "en"', 'lang = "fr"', ["layouts.rules", "'fr'", "profile's languages"]),
]


@pytest.mark.parametrize("before, after, words", MISTAKES, ids=[m[1][:24] for m in MISTAKES])
def test_a_profile_mistake_names_the_file_line_and_key(tmp_path, before, after, words):
    profile = minimal_profile()
    assert profile.count(before) == 1, before
    profile = profile.replace(before, after)
    root = folder(tmp_path, profile)
    with pytest.raises(CorpusError) as e:
        load_profile("bridge", root)
    problem = e.value.problems[0]
    line = next(n for n, text in enumerate(profile.splitlines(), 1) if after.split("\n")[-1] in text)
    assert (problem.path, problem.line) == (str(root / "profile.toml"), line), str(problem)
    for word in words:
        assert word in problem.message
    output = build_errors(root)
    assert f"profile.toml:{line}:" in output


@pytest.mark.parametrize("alphabet", ["a-z", "A–Z", "abcdefghijklmnopqrstuvwxyz"])
def test_a_letter_alphabet_may_be_written_as_a_range(tmp_path, alphabet):
    """The docs' table prints alphabets as ranges ("A–Z"): a range is read as its letters."""
    root = folder(tmp_path, minimal_profile().replace('clause = "a-z"', f'clause = "{alphabet}"'),
                  RULES.replace("(b) It meets", "(b) It meets weekly.\n(c) It meets"))
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    shown = CliRunner().invoke(main, ["show", "1.1(c)", "--corpus", str(root), "--out", str(out)])
    assert shown.exit_code == 0 and "It meets on Thursdays" in shown.output, shown.output


# -- finding 5: the corpus's main language is one of the profile's ---------------------------

@pytest.mark.parametrize("profile", ["bridge", "own"])
def test_a_main_language_the_profile_has_not_is_an_error_naming_the_line(tmp_path, profile):
    manifest = MANIFEST.replace('lang = "en"\n\n[[source]]', 'lang = "fr"\n\n[[source]]', 1)
    root = folder(tmp_path, minimal_profile(), manifest=manifest)
    if profile == "bridge":
        (root / "profile.toml").unlink()
        (root / "rules.txt").write_text("LAW 1 - NAME\nA. The Club\nThe club plays on Thursdays.\n", encoding="utf-8")
    output = build_errors(root)
    line = manifest.splitlines().index('lang = "fr"') + 1
    assert f"manifest.toml:{line}:" in output and "'fr'" in output and "en" in output


# -- finding 10: an English-only corpus's interface shows no other language -----------------

BRIDGE_EN = """LAW 50 - DISPOSITION OF A PENALTY CARD
A. Penalty Card Remains Exposed
A card prematurely exposed by a defender is a penalty card.
LAW 63 - ESTABLISHMENT OF A REVOKE
A. Revoke Becomes Established
A revoke becomes established when the offender leads to the next trick.
"""
BRIDGE_MANIFEST = """[code]
title = "An invented English code"
laws = [1, 93]
lang = "en"

[[source]]
path = "rules.txt"
lang = "en"
kind = "laws"
layout = "en-1987"
"""
CYRILLIC = re.compile("[\u0400-\u04ff]")


@pytest.fixture(scope="module")
def english_only(tmp_path_factory):
    root = tmp_path_factory.mktemp("english") / "code"
    root.mkdir()
    (root / "manifest.toml").write_text(BRIDGE_MANIFEST, encoding="utf-8")
    (root / "rules.txt").write_text(BRIDGE_EN, encoding="utf-8")
    out = root.parent / "out"
    build(root, out, lambda message: None)
    return root, out


@pytest.mark.parametrize("query", ["revoke", "revoked", "penalty", "penalty card", "defender"])
def test_an_english_corpus_understands_a_query_in_english_only(english_only, query):
    root, out = english_only
    result = CliRunner().invoke(main, ["search", query, "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert not CYRILLIC.search(result.output), result.output


def test_an_english_corpus_glossary_page_names_its_own_language(english_only):
    _, out = english_only
    page = (out / "site" / "glossary.html").read_text(encoding="utf-8")
    assert "revoke" in page.lower()  # the shipped glossary's English terms stay
    assert not CYRILLIC.search(page)
    header = re.search(r"<thead>(.*?)</thead>", page, re.S)[1]
    # one language: the column is the terms', not named after the site's own language, and the
    # page speaks of no translation
    assert re.findall(r"<th[^>]*>([^<]*)</th>", header) == ["Term"]
    lead = re.search(r"<h1>.*?</h1>\s*<p>(.*?)</p>", page, re.S)[1]
    assert "translation" not in lead and "other language" not in lead
    # the browser's search data: the glossary and thesaurus it expands a query by
    text = (out / "site" / "search-index.js").read_text(encoding="utf-8")
    data = json.loads(text[text.index("=") + 1:].strip().rstrip(";"))
    assert data["glossary"]
    for key in ("glossary", "thesaurus"):
        assert not CYRILLIC.search(json.dumps(data[key], ensure_ascii=False)), key


def test_an_english_corpus_folder_glossary_needs_no_russian(tmp_path):
    """A corpus with English text alone: its own glossary's terms give English only (no
    ``ru`` required), each note is shown, and the page has a column of terms and one of
    notes; a term that gives no English is still an error naming the file and line."""
    root = tmp_path / "code"
    root.mkdir()
    (root / "manifest.toml").write_text(BRIDGE_MANIFEST, encoding="utf-8")
    (root / "rules.txt").write_text(BRIDGE_EN, encoding="utf-8")
    (root / "glossary.toml").write_text('[[term]]\nen = "prematurely exposed"\nnote = "shown too soon"\n\n'
                                        '[[term]]\nen = "offender"\n', encoding="utf-8")
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    page = (out / "site" / "glossary.html").read_text(encoding="utf-8")
    header = re.search(r"<thead>(.*?)</thead>", page, re.S)[1]
    assert re.findall(r"<th[^>]*>([^<]*)</th>", header) == ["Term", "Note"]
    row = re.search(r"<tr>\s*<td><a[^>]*>prematurely exposed</a></td>\s*<td>([^<]*)</td>", page)
    assert row and row[1] == "shown too soon"
    assert ">offender</a>" in page
    # the glossary's exports hold the one language too, each term a concept of its own
    csv_text = CliRunner().invoke(main, ["export", "--format", "csv-glossary", "--corpus", str(root),
                                         "--out", str(out)]).output
    rows = [line for line in csv_text.splitlines() if not line.startswith("#")]
    assert rows[0] == "concept,en,note"
    assert any(re.fullmatch(r"c\d+-prematurely-exposed,prematurely exposed,shown too soon", r) for r in rows), rows
    assert not CYRILLIC.search(csv_text)
    tbx = CliRunner().invoke(main, ["export", "--format", "tbx", "--corpus", str(root), "--out", str(out)]).output
    assert 'xml:lang="ru"' not in tbx and tbx.count("<conceptEntry") == len(rows) - 1
    (root / "glossary.toml").write_text('[[term]]\nen = "offender"\n\n[[term]]\nnote = "no term"\n',
                                        encoding="utf-8")
    with pytest.raises(CorpusError) as e:
        build(root, tmp_path / "out2", lambda message: None)
    assert f"{root / 'glossary.toml'}:4" in str(e.value) and "'en'" in str(e.value)


# -- finding 11: "heading lost" only where a heading is lost ---------------------------------

def test_an_untitled_clause_is_not_a_lost_heading_but_a_title_less_rule_is(tmp_path):
    """A clause whose words after its label are a sentence has no title by its layout: show
    and the site say nothing is lost. A rule heading with no title and no words of its own,
    among rules that have titles, lost its title, and says so."""
    rules = RULES + "RULE 3\n3.1 Fees\n(a) The fee is one coin.\n"
    manifest = MANIFEST.replace("laws = [1, 2]", "laws = [1, 3]")
    root = folder(tmp_path, minimal_profile(), rules, manifest)
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    lost = load_profile("bridge", root).text("en", "title_lost")

    def show(node_id: str) -> str:
        result = CliRunner().invoke(main, ["show", node_id, "--corpus", str(root), "--out", str(out)])
        assert result.exit_code == 0, result.output
        return result.output

    assert "heading lost" not in show("2.1(a)") and "heading lost" not in show("2.1")
    page = (out / "site" / "laws" / "2.html").read_text(encoding="utf-8")
    assert lost not in page
    assert "(heading lost)" in show("3").splitlines()[0]
    assert lost in (out / "site" / "laws" / "3.html").read_text(encoding="utf-8")
    home = (out / "site" / "index.html").read_text(encoding="utf-8")
    assert home.count(lost) == 1  # rule 3's row only


def test_a_restored_node_has_lost_its_heading(tmp_path):
    from dataclasses import replace

    from lawsearch.corpus import build_corpus

    root = folder(tmp_path, minimal_profile())
    clause = build_corpus(root).node("2.1(a)")
    assert clause.title is None and not clause.heading_lost
    assert replace(clause, missing=True, text="").heading_lost
    assert replace(clause, truncated_start=True).heading_lost
    assert not replace(clause, title="Joining fee").heading_lost


# -- finding 8: a statute's citations of a point and of a lettered sub-point ------------------

STATUTE_RULES = """RULE 1 - NAME
1.1 The club
1.1.1 The club is called the Quiet Harbour Whist Circle.
1.1.2 A guest pays the table fee
(a) in coins at the door; or
(b) by a note to the treasurer, as said in paragraph (a) above.
RULE 2 - MEMBERS
2.1 Joining
(a) Anyone who has played three evenings may join.
(b) A member may be refused under Section 2.1(a) and paragraph (b) of Section 1.1.2.
2.2 Leaving
(a) A member leaves by a note, see paragraph a above.
(b) A member who leaves pays nothing more, see Section 1.1.
"""
STATUTE_REFS = {
    ("1.1.2(b)", "paragraph (a)"): ["1.1.2(a)"],
    ("2.1(b)", "Section 2.1(a)"): ["2.1(a)"],
    ("2.1(b)", "paragraph (b) of Section 1.1.2"): ["1.1.2(b)"],
    ("2.2(a)", "paragraph a"): ["2.2(a)"],  # the letter alone: the citing node's own sub-point
    ("2.2(b)", "Section 1.1"): ["1.1"],
}


def statute_profile() -> str:
    """The docs' minimal profile with three levels, the last lettered, and citations of the
    middle and last ones, a letter in brackets and a container after "of"."""
    profile = minimal_profile()
    profile = profile.replace('levels = ["section", "clause"]', 'levels = ["section", "clause", "subclause"]')
    profile = profile.replace('section = "digits"\nclause = "a-z"', 'section = "digits"\nclause = "digits"\nsubclause = "a-z"')
    profile = profile.replace('section = ".{label}"\nclause = "({label})"',
                              'section = ".{label}"\nclause = ".{label}"\nsubclause = "({label})"')
    profile = profile.replace("clause = '\\({label}\\)\\s+{title}'",
                              "clause = '\\d+\\.\\d+\\.{label}\\s+{title}'\nsubclause = '\\({label}\\)\\s+{title}'")
    profile = profile.replace('clause = "(a) A member pays the fee."',
                              'clause = "2.1.1 A member pays the fee."\nsubclause = "(a) in coins; or"')
    profile = profile.replace('ranges = ["-", "–"]', 'ranges = ["-", "–"]\nquotes = ["()"]\nof = ["of"]')
    return profile.replace('label = "number"\n', 'label = "number"\n\n[[citations.en.levels]]\nlevel = "section"\n'
                           'words = ["Section", "Sections"]\nlabel = "number"\n\n[[citations.en.levels]]\n'
                           'level = "paragraph"\nwords = ["paragraph", "paragraphs"]\nlabel = "letter"\nbare = true\n')


def test_a_statutes_citations_of_points_and_lettered_sub_points(tmp_path):
    from lawsearch.corpus import build_corpus

    root = folder(tmp_path, statute_profile(), STATUTE_RULES)
    corpus = build_corpus(root)
    assert {"1.1.2(a)", "2.1(a)", "2.2(a)"} <= {n.id for n in corpus.nodes}
    found: dict[tuple[str, str], list[str]] = {}
    for r in corpus.refs:
        found.setdefault((r.from_, r.surface), []).append(r.target)
    for key, targets in STATUTE_REFS.items():
        assert found.get(key) == targets, (key, found)
    assert all(r.status == "node" for r in corpus.refs if (r.from_, r.surface) in STATUTE_REFS)


# -- finding 12: a reference into a law whose text is lost says so ----------------------------

def test_a_reference_into_a_lost_law_says_the_law_is_lost(tmp_path):
    rules = RULES.replace("(b) It meets on Thursdays.", "(b) It meets on Thursdays, as Rule 3 and Rule 2 say.")
    root = folder(tmp_path, minimal_profile(), rules + "RULE 4 - GAMES\n4.1 Play\n(a) Games start at seven.\n",
                  MANIFEST.replace("laws = [1, 2]", "laws = [1, 4]"))
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    from lawsearch.corpus import build_corpus

    corpus = build_corpus(root)
    lost = corpus.node("3")
    assert lost is not None and lost.missing, "rule 3 stands as a lost law between 2 and 4"
    shown = CliRunner().invoke(main, ["show", "1.1(b)", "--corpus", str(root), "--out", str(out)]).output
    assert "3 (law lost)" in shown and "2 (in the text)" in shown, shown
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(out)]).output
    assert "law lost: 3" in checked and "law present, clause lost: 3" not in checked, checked


def test_exports_of_a_one_language_corpus(tmp_path):
    """A TMX pairs two languages: of a one-language corpus it is a usage error saying so, not
    an empty file and exit 0; the glossary exports of a one-language profile work."""
    root = folder(tmp_path, minimal_profile())
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    runner = CliRunner()
    tmx = runner.invoke(main, ["export", "--format", "tmx", "--corpus", str(root), "--out", str(out)])
    assert tmx.exit_code == 2 and "one language only (en)" in tmx.output, tmx.output
    for fmt in ("tbx", "csv-glossary"):
        result = runner.invoke(main, ["export", "--format", fmt, "--corpus", str(root), "--out", str(out)])
        assert result.exit_code == 0 and result.exception is None, (fmt, result.output, result.exception)


def test_show_in_a_translation_alone_lists_the_parts_under_its_titles(tmp_path):
    root = tmp_path / "pair"
    (root / "ru").mkdir(parents=True)
    (root / "en").mkdir()
    (root / "ru" / "a.txt").write_text("Правило 45. Розыгрыш карты\nA. Порядок хода\nИгрок кладёт карту на стол.\n"
                                       "B. Карта стола\nКарту стола называет разыгрывающий.\n", encoding="utf-8")
    (root / "en" / "b.txt").write_text("LAW 45 - CARD PLAYED\nA. Order of Turn\nA player puts a card on the table.\n"
                                       "B. Table Card\nThe declarer names the table's card.\n", encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Invented"\nlaws = [1, 93]\nlang = "ru"\n\n'
        '[[source]]\npath = "ru/a.txt"\nlang = "ru"\nkind = "laws"\nlayout = "ru-book"\n\n'
        '[[source]]\npath = "en/b.txt"\nlang = "en"\nkind = "laws"\nlayout = "en-1987"\n', encoding="utf-8")
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    shown = CliRunner().invoke(main, ["show", "45", "--lang", "en", "--corpus", str(root), "--out", str(out)]).output
    contents = shown.split("Contents:")[1]
    assert "45A. Order of Turn" in contents and "45B. Table Card" in contents, shown
    assert not CYRILLIC.search(contents.split("\n\n")[0]), shown
    both = CliRunner().invoke(main, ["show", "45", "--corpus", str(root), "--out", str(out)]).output
    assert "45A. Порядок хода" in both.split("Contents:")[1]  # the main language's as before


# -- finding 9: English by any inflection, in a phrase and in kwic ---------------------------

ENGLISH_FORMS = """LAW 55 - DECLARER'S LEAD OUT OF TURN
A. Declarer's Lead Accepted
If declarer leads out of turn from his hand, either defender may accept the lead.
LAW 50 - DISPOSITION OF A PENALTY CARD
A. Penalty Card Remains Exposed
A penalty card stays face up until it is played.
LAW 12 - DIRECTOR'S POWERS
A. Discretion
The director may award an adjusted score when a player has revoked in a way no law foresees.
"""
# a phrase typed in one inflection, and a node that has it only in another
PHRASES = [('"lead out"', "55A"), ('"penalty cards remain"', "50A"), ('"awarding adjusted scores"', "12A")]


@pytest.fixture(scope="module")
def english_forms(tmp_path_factory):
    root = tmp_path_factory.mktemp("forms") / "code"
    root.mkdir()
    (root / "manifest.toml").write_text(BRIDGE_MANIFEST, encoding="utf-8")
    (root / "rules.txt").write_text(ENGLISH_FORMS, encoding="utf-8")
    out = root.parent / "out"
    build(root, out, lambda message: None)
    return root, out


def test_an_english_phrase_matches_in_any_inflection_in_both_engines(english_forms):
    from lawsearch.query import Searcher

    from node_engine import NodeEngine, differences, python_answer

    root, out = english_forms
    searcher = Searcher(out / "index")
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        queries = [q for q, _ in PHRASES] + ['"lead accepted"', '"out lead"']
        answers = engine.search(queries)
        for (query, node), answer in zip(PHRASES, answers):
            python = python_answer(searcher, query)
            assert node in [h["id"] for h in python["hits"]], (query, python["hits"])
            assert differences(python, answer) == [], query
        # the words in their order: "out lead" is no phrase of 55A's text
        assert "55A" not in [h["id"] for h in python_answer(searcher, '"out lead"')["hits"]]
        assert differences(python_answer(searcher, '"out lead"'), answers[-1]) == []
    finally:
        engine.close()
        searcher.close()


def test_kwic_finds_an_english_word_in_any_inflection(english_forms):
    root, out = english_forms
    result = CliRunner().invoke(main, ["kwic", "revoke", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert re.search(r"12A .* revoked ", result.output), result.output


def test_an_inner_level_word_before_a_whole_id_jumps_in_both_engines(tmp_path):
    """In a code whose IDs separate their levels, "Section 2.1" goes to 2.1 as "2.1" does;
    "Section 2" names no section and stays a search."""
    from lawsearch.query import Searcher

    from node_engine import NodeEngine, differences, python_answer

    root = folder(tmp_path, statute_profile(), STATUTE_RULES)
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    searcher = Searcher(out / "index")
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        queries = ["Section 2.1", "section 1.1.2", "Section 2", "paragraph 1.1.2"]
        answers = engine.search(queries)
        for query, answer in zip(queries, answers):
            assert differences(python_answer(searcher, query), answer) == [], query
        jumps = [(a.get("kind"), a.get("target")) for a in answers]
        assert jumps[:2] == [("id", "2.1"), ("id", "1.1.2")] and jumps[2][0] != "id", jumps
        assert jumps[3] == ("id", "1.1.2")
    finally:
        engine.close()
        searcher.close()


def test_every_citation_key_docs_profiles_md_names_is_accepted(tmp_path):
    """docs/profiles.md documents `earlier` and `later` in [citations.<lang>] (which words
    of `after` point back or forward); a profile written from the docs gives them and loads."""
    profile = minimal_profile()
    assert profile.count('see = ["see"]') == 1
    profile = profile.replace('see = ["see"]', 'see = ["see"]\nearlier = ["above"]\nlater = ["below"]')
    load_profile("bridge", folder(tmp_path, profile))  # raises on an unknown key
    with pytest.raises(CorpusError) as e:  # and the type is checked as for the other word lists
        load_profile("bridge", folder(tmp_path, profile.replace('earlier = ["above"]', 'earlier = "above"')))
    assert "earlier" in e.value.problems[0].message and "list of strings" in e.value.problems[0].message


def test_a_profile_toml_syntax_error_names_the_line_the_bracket_opens_on(tmp_path):
    """An unclosed list in profile.toml: the error names that line, as a manifest's does, not
    the next line where the parser noticed (issue 9, cold read 11, finding 9)."""
    profile = minimal_profile()
    assert profile.count('see = ["see"]') == 1
    profile = profile.replace('see = ["see"]', 'see = ["see", "as in"')
    line = next(n for n, text in enumerate(profile.splitlines(), 1) if '"as in"' in text)
    root = folder(tmp_path, profile)
    with pytest.raises(CorpusError) as e:
        load_profile("bridge", root)
    problem = e.value.problems[0]
    assert (problem.path, problem.line) == (str(root / "profile.toml"), line), str(problem)
    assert "the profile is not valid TOML" in problem.message
    assert f"profile.toml:{line}: the profile is not valid TOML" in build_errors(root)
