"""Search: the analyzer, the query language, the relevance set, the command line."""

import json
import pickle
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR, relevance_set
from lawsearch.analysis import Analysis, Lexicon, STOP_WORDS, tokenize
from lawsearch.cli import main


@pytest.fixture(scope="module")
def analysis():
    return Analysis(Lexicon.load(CORPUS_DIR / "lexicon.toml"))


@pytest.mark.parametrize("text, tokens", [
    ("см. правило 50E.", [("см", "word"), ("правило", "word"), ("50E", "id")]),
    ("Правило 16С2)", [("Правило", "word"), ("16С2", "id")]),
    ("47E2(a) и 21B2(b)(1)", [("47E2(a)", "id"), ("и", "word"), ("21B2(b)(1)", "id")]),
    ("в 12-й взятке, 1,5 раза; п.48.4", [("в", "word"), ("12", "num"), ("й", "word"), ("взятке", "word"),
                                         ("1,5", "num"), ("раза", "word"), ("п", "word"), ("48.4", "para")]),
    ("какой-нибудь", [("какой-нибудь", "word")]),
])
def test_tokenize_keeps_ids_whole(text, tokens):
    assert [(t.text, t.kind) for t in tokenize(text)] == tokens


@pytest.mark.parametrize("form, lemma", [
    ("штрафными", "штрафной"), ("картами", "карта"), ("болваны", "болван"), ("фальшренонсом", "фальшренонс"),
    ("онером", "онер"),  # pymorphy3 says онёр: ё folded
    ("разыгрывающему", "разыгрывающий"), ("вистующего", "вистующий"),  # nouns here, not participles
    ("ненарушившей", "ненарушивший"), ("недавания", "недавание"), ("неигрой", "неигра"),
    ("впоследствие", "впоследствии"),  # the source's misspelling
    ("16С2", "16c2"), ("50Е", "50e"), ("50E", "50e"),
])
def test_word_forms_meet_at_one_term(analysis, form, lemma):
    (tok,) = tokenize(form)
    assert lemma in analysis.token_terms(tok)


@pytest.mark.parametrize("form, other", [
    ("присуждённый", "присужденного"), ("берёт", "берет"), ("онёр", "онеры"), ("штрафная", "штрафных"),
])
def test_e_and_yo_and_inflections_meet(analysis, form, other):
    assert set(analysis.word_terms(form)) & set(analysis.word_terms(other))


def test_declarer_is_not_the_verb(analysis):
    assert "разыгрывать" not in analysis.word_terms("разыгрывающего")
    assert analysis.word_terms("разыгрывает") == ("разыгрывать",)


def test_legal_small_words_are_not_stopped(analysis):
    for word in ("не", "ни", "или", "без", "вне", "кроме"):
        assert word not in STOP_WORDS and analysis.word_terms(word)
    assert analysis.word_terms("в") == ()


def test_index_filter_pickles_without_the_dictionary():
    from lawsearch.index import schema

    s = schema(Lexicon({"болваны": "болван"}))
    data = pickle.dumps(s)
    assert b"MorphAnalyzer" not in data and b"pymorphy" not in data
    again = pickle.loads(data)
    assert [t.text for t in again["text"].analyzer("болваны 50Е")] == ["болван", "50e"]


RELEVANCE = relevance_set()


def test_relevance_set_is_big_enough():
    assert len(RELEVANCE) >= 40
    assert all(1 <= len(expected) <= 5 for _, expected, _ in RELEVANCE)


def test_relevance_recall_at_5_and_mrr(searcher):
    misses, reciprocal = [], []
    for query, expected, why in RELEVANCE:
        hits = [h.id for h in searcher.search(query, limit=5).hits]
        if not set(expected) <= set(hits):
            misses.append(f"{query!r}: expected {expected} in the first five, got {hits} ({why})")
        rank = next((i for i, h in enumerate(hits, 1) if h in expected), None)
        reciprocal.append(1 / rank if rank else 0)
    mrr = sum(reciprocal) / len(reciprocal)
    assert not misses, "\n".join(misses)
    assert mrr >= 0.9, mrr


@pytest.mark.parametrize("query, expected", [(q, e) for q, e, _ in RELEVANCE])
def test_each_relevance_query(searcher, query, expected):
    hits = [h.id for h in searcher.search(query, limit=5).hits]
    assert set(expected) <= set(hits), hits


def test_citation_puts_the_node_first_then_who_cites_it(searcher):
    result = searcher.search("правило 53")
    assert result.kind == "id" and [h.id for h in result.hits] == ["53", "54B", "55A"]
    assert [h.id for h in searcher.search("59").hits][:2] == ["59", "51A"]  # fn-81-1 stands in 51A's text


def test_phrases_match_in_any_inflection(searcher):
    hits = [h.id for h in searcher.search('"старшей штрафной картой"').hits]
    assert "50E" in hits and "52A" in hits
    loose = {h.id for h in searcher.search("старшей штрафной картой").hits}
    assert set(hits) <= loose


def test_commentary_synonyms_reach_the_commentary(searcher):
    assert "48.1" in {h.id for h in searcher.search("вистующий", limit=None).hits}  # 48.1 says "защитник"
    assert searcher.search("невиновная сторона").hits[0].id == "47.8"  # the words typed come first


def test_highlights_point_at_the_matched_forms(searcher, analysis):
    for hit in searcher.search("штрафными картами").hits:
        assert hit.highlights
        for start, end in hit.highlights:
            terms = set(analysis.word_terms(hit.snippet[start:end]))
            assert terms & {"штрафной", "карта"}, (hit.id, hit.snippet[start:end])


def test_no_hits_is_retried_with_a_correction(searcher):
    result = searcher.search("фальшренонсм")
    assert result.corrected_query == "фальшренонсом" or result.corrected_query == "фальшренонса"
    assert result.hits
    nothing = searcher.search("ыыыыыыы")
    assert nothing.hits == [] and nothing.corrected_query is None


def test_filters(searcher):
    assert {h.kind for h in searcher.search("kind:commentary разыгрывающий", limit=None).hits} == {"commentary"}
    assert {h.law for h in searcher.search("law:50 карта", limit=None).hits} == {"50"}
    en = searcher.search("lang:en revoke", limit=None).hits
    assert en and all(h.law in ("61", "62", "54", "50") for h in en)


def test_results_grouped_by_law_in_order_of_their_best_hit(searcher):
    result = searcher.search("штрафная карта", limit=None)
    groups = result.to_dict()["groups"]
    first_rank = {}
    for rank, h in enumerate(result.hits):
        first_rank.setdefault(h.law, rank)
    assert [g["law"] for g in groups] == sorted(first_rank, key=first_rank.get)
    for g in groups:
        assert g["ids"] == [h.id for h in result.hits if h.law == g["law"]]


# -- command line ---------------------------------------------------------------------------------


def run(built, *args, color=False):
    return CliRunner().invoke(main, ["search", "--corpus", str(CORPUS_DIR), "--out", str(built), *args], color=color)


def test_search_json_follows_the_contract(built):
    result = run(built, "штрафными", "картами", "--json", "--limit", "3")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["query"] == "штрафными картами" and data["corrected_query"] is None and data["suggestions"] == []
    assert len(data["hits"]) == 3
    for hit in data["hits"]:
        assert set(hit) >= {"id", "law", "kind", "title", "score", "snippet", "highlights", "url"}
        assert hit["url"].startswith(f"laws/{hit['law']}.html#")


def test_search_text_is_plain_when_piped_and_coloured_on_a_terminal(built):
    plain = run(built, "онером")
    assert plain.exit_code == 0 and "\x1b[" not in plain.stdout and "50C" in plain.stdout
    coloured = run(built, "онером", color=True)
    assert "\x1b[" in coloured.stdout


def test_search_with_no_hits_says_so_and_exits_0(built):
    result = run(built, "ыыыыыыы")
    assert result.exit_code == 0 and "Nothing matches" in result.stdout
    typo = run(built, "дезинформацеи")
    assert "showing results for" in typo.stdout


def test_search_without_an_index_says_to_build(tmp_path):
    result = CliRunner().invoke(main, ["search", "--corpus", str(CORPUS_DIR), "--out", str(tmp_path), "болван"])
    assert result.exit_code == 1 and "lawsearch build" in result.stderr


def test_a_search_does_not_load_the_dictionary(built):
    code = ("import sys; from click.testing import CliRunner; from lawsearch.cli import main;"
            f"r = CliRunner().invoke(main, ['search', '--corpus', {str(CORPUS_DIR)!r}, '--out', {str(built)!r}, 'болваны']);"
            "assert r.exit_code == 0 and '54B2' in r.stdout, r.output;"
            "print('pymorphy3' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_help_does_not_load_the_dictionary_or_whoosh():
    code = ("import sys; from click.testing import CliRunner; from lawsearch.cli import main;"
            "r = CliRunner().invoke(main, ['search', '--help']); assert r.exit_code == 0;"
            "print(sorted(m for m in sys.modules if m.startswith(('pymorphy3', 'whoosh'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_python_api(built):
    import lawsearch

    result = lawsearch.search("онером", index_dir=built / "index")
    assert result.hits[0].id in ("50C", "50D")


def test_filters_alone_list_what_they_allow_in_reading_order(searcher):
    hits = searcher.search("law:50", limit=None).hits
    assert [h.id for h in hits][:3] == ["50", "50A", "50B"] and {h.law for h in hits} == {"50"}
    assert {h.kind for h in searcher.search("kind:commentary", limit=None).hits} == {"commentary"}


@pytest.mark.parametrize("query", ["ст. 50", "law:", "foo:bar"])
def test_short_tokens_are_not_corrected_into_nonsense(searcher, query):
    result = searcher.search(query)
    assert result.corrected_query is None


def test_lang_en_searches_only_the_english_fields(searcher):
    english = searcher.search("lang:en penalty card", limit=None)
    assert english.hits and all(h.law for h in english.hits)
    assert searcher.search("lang:en штрафными", limit=None).hits == []
    plain = {h.id for h in searcher.search("penalty card", limit=None).hits}
    assert {h.id for h in english.hits} <= plain


def test_one_law_does_not_flood_the_page(searcher):
    result = searcher.search("штрафная карта", limit=10)
    fifty = next(g for g in result.to_dict()["groups"] if g["law"] == "50")
    best_three = [h.id for h in result.hits if h.law == "50"][:3]
    assert fifty["shown"] == best_three and fifty["more"] > 0


def test_a_search_within_one_law_is_not_capped(searcher):
    result = searcher.search("law:50 штрафная карта", limit=10)
    (group,) = result.to_dict()["groups"]
    assert group["shown"] == group["ids"] and group["more"] == 0 and len(group["ids"]) > 3


def test_the_more_hint_is_a_command_that_works_in_a_shell(built):
    result = run(built, "declarer's", "card")
    hint = next(line for line in result.stdout.splitlines() if "more in law" in line)
    import shlex

    args = shlex.split(hint.split(": ", 1)[1])
    assert args[:2] == ["lawsearch", "search"] and args[2].startswith("law:")
