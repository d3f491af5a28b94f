"""Search: the analyzer, the query language, the relevance set, the command line."""

import json
import re
import pickle
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR, relevance_set, VOCABULARY
from lawsearch.analysis import Analysis, Lexicon, STOP_WORDS, tokenize
from lawsearch.cli import main


@pytest.fixture(scope="module")
def analysis():
    return Analysis(Lexicon.load(VOCABULARY / "lexicon.toml"))


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
    """Forms of the words typed, or their English in the glossary ("Penalty Card": law 50
    is known by its English title only)."""
    from lawsearch.morph import english_stem

    for hit in searcher.search("штрафными картами").hits:
        assert hit.highlights
        for start, end in hit.highlights:
            word = hit.snippet[start:end]
            terms = set(analysis.word_terms(word)) | {english_stem(word.lower())}
            assert terms & {"штрафной", "карта", "penalti", "card"}, (hit.id, word)


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
    # the corpus is Russian: its profile's words, as the site's search says them (cold read 11)
    assert result.exit_code == 0 and "Ничего не найдено по «ыыыыыыы»." in result.stdout
    assert "Попробуйте другие слова" in result.stdout and "Nothing" not in result.stdout
    typo = run(built, "дезинформацеи")
    assert "Таких слов нет в тексте; показано для «" in typo.stdout


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
    assert sorted(group["shown"]) == sorted(group["ids"]) and group["more"] == 0 and len(group["ids"]) > 3


def test_the_more_hint_is_a_command_that_works_in_a_shell(built):
    result = run(built, "declarer's", "card")
    hint = next(line for line in result.stdout.splitlines() if "more in law" in line)
    import shlex

    args = shlex.split(hint.split(": ", 1)[1])
    assert args[:2] == ["lawsearch", "search"] and args[2].startswith("law:")


# -- best match (issue 10) -------------------------------------------------------------------------


def test_a_word_the_corpus_lacks_does_not_empty_the_result(searcher):
    result = searcher.search("штрафная карта ыыыыыыы")
    assert result.hits and result.missing == ["ыыыыыыы"]
    assert result.to_dict()["missing"] == ["ыыыыыыы"]


def test_nodes_covering_more_of_the_query_come_first(searcher):
    """62D1 «Даже выявленный фальшренонс в 12-й взятке должен быть исправлен» holds three of
    the four words; no node holds «двенадцатой»."""
    result = searcher.search("фальшренонс в двенадцатой взятке исправлен", limit=1)
    assert [h.id for h in result.hits] == ["62D1"] and result.missing == ["двенадцатой"]


def holding(searcher, lemma: str) -> set[str]:
    """The nodes holding a form of ``lemma`` in a Russian field, read off the index."""
    return {searcher.doc_ids[d] for f in ("title", "text", "footnotes", "commentary") for d in searcher.stats.postings(f, lemma)}


def test_a_required_word_is_in_every_hit(searcher):
    with_dummy = holding(searcher, "болван")
    hits = searcher.search("+болван штрафная карта", limit=None).hits
    assert hits and {h.id for h in hits} <= with_dummy
    assert len(searcher.search("болван штрафная карта", limit=None).hits) > len(hits)
    assert searcher.search("+ыыыыыыы штрафная карта").hits == []  # a required word rules every match out


def test_an_excluded_word_is_in_no_hit(searcher):
    with_dummy = holding(searcher, "болван")
    hits = searcher.search("штрафная карта -болван", limit=None).hits
    assert hits and not {h.id for h in hits} & with_dummy


def test_a_law_whose_title_names_the_query_outranks_a_clause_that_mentions_it(searcher):
    """«ход вне очереди»: laws 53-56 are about the lead out of turn (53 by its English title,
    its Russian one is lost); 47E1 is a clause of the misinformation law."""
    hits = [h.id for h in searcher.search("ход вне очереди", limit=None).hits]
    assert "47E1" in hits
    assert all(hits.index(law) < hits.index("47E1") for law in ("53", "54", "55", "56")), hits[:8]


def test_a_clause_is_read_under_its_laws_title(searcher):
    """54B1 «Вторая карта во взятке играется с руки разыгрывающего» says nothing of the lead
    out of turn: its law's title does («Показанный первый ход вне очереди»), so the words of
    that title count for it (at ``evaluate.CONTEXT``) and it comes first, above sections of
    law 54 that hold the title's words but not the second card."""
    hits = [h.id for h in searcher.search("при показанном первом ходе вне очереди вторая карта играется с руки "
                                          "разыгрывающего", limit=5).hits]
    assert hits[0] == "54B1", hits


def test_words_only_in_a_laws_commentary_cover_it_less(searcher):
    """Law 48's commentary field holds all its paragraphs (48.1-48.5) in one: covering words
    there, spread over five paragraphs, counts half (``evaluate.ASIDE``), so the law does not
    come before the clause about the second card played after a first lead out of turn."""
    hits = [h.id for h in searcher.search("разыгрывающий играет второй картой после показанного первого хода",
                                          limit=None).hits]
    assert hits.index("54B1") < hits.index("48"), hits[:6]


def test_a_thesaurus_reading_that_is_a_glossary_term_reaches_its_english_title(searcher):
    """LOOT (the thesaurus: «ход вне очереди», a glossary term, "lead out of turn") finds
    laws 53-56 above 47E1, as «ход вне очереди» typed does: law 53's Russian title is lost,
    its English one ("Lead Out of Turn Accepted") is not."""
    hits = [h.id for h in searcher.search("LOOT", limit=None).hits]
    assert "47E1" in hits
    assert all(law in hits and hits.index(law) < hits.index("47E1") for law in ("53", "54", "55", "56")), hits[:8]


def test_the_words_typed_come_before_a_synonym(searcher):
    """Both words as typed (47.8: «невиновная сторона») before one typed and one glossary
    synonym (62C1: «ненарушившей стороной»), even in a title."""
    result = searcher.search("невиновная сторона")
    assert [h.id for h in result.hits[:2]] == ["47.8", "62C1"]
    assert result.understood_as == [{"words": "невиновная сторона", "as": ["ненарушившая сторона"], "by": "glossary"}]


def test_missing_and_understood_words_in_the_command_line(built):
    result = run(built, "невиновная", "сторона", "ыыыыыыы")
    assert result.exit_code == 0
    assert "понято как: невиновная сторона → ненарушившая сторона" in result.stdout
    assert "не найдено: ыыыыыыы" in result.stdout
    data = json.loads(run(built, "невиновная", "сторона", "ыыыыыыы", "--json").stdout)
    assert data["missing"] == ["ыыыыыыы"] and data["understood_as"][0]["by"] == "glossary"


@pytest.fixture(scope="module")
def latin_in_russian(tmp_path_factory):
    """A corpus whose Russian text holds Latin abbreviations, as a user's copy may."""
    from lawsearch.build import build
    from lawsearch.query import Searcher

    root = tmp_path_factory.mktemp("latin")
    corpus = root / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / "000_x.txt").write_text(
        "Правило 50. Штрафная карта\nA.Показ карты\nПо регламенту WBF карта, показанная игроком LHO, остаётся на столе.\n"
        "B.Другое\nКарта болвана не бывает штрафной.\n", encoding="utf-8")
    (corpus / "manifest.toml").write_text(
        '[code]\ntitle = "Test"\nedition = "1987"\nlaws = [1, 93]\n\n[[source]]\npath = "laws/ru/000_x.txt"\n'
        'lang = "ru"\nkind = "laws"\nedition = "1987"\ntranslator = "T"\n', encoding="utf-8")
    build(corpus, root / "build", lambda message: None)
    searcher = Searcher(root / "build" / "index")
    yield searcher
    searcher.close()


@pytest.mark.parametrize("query", ["WBF", "регламент wbf", "карта LHO"])
def test_latin_words_in_a_russian_query_search_the_russian_text(latin_in_russian, query):
    hits = latin_in_russian.search(query).hits
    assert hits and hits[0].id == "50A", [h.id for h in hits]
    assert hits[0].highlights


def test_a_query_is_never_empty_while_a_word_of_it_occurs(searcher):
    """Any mix of corpus words and words the corpus lacks: hits whenever one word occurs."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    forms = sorted(w for w, _ in searcher.forms.items())[::7]
    occurring = {w for w in forms if any(searcher.stats.postings(f, t) for t in searcher.word_terms(w)
                                         for f in ("title", "text", "footnotes", "commentary"))}

    @settings(max_examples=150, deadline=None, database=None, derandomize=True)
    @given(st.lists(st.sampled_from(forms) | st.sampled_from(["ыыыыыыы", "щщщщщщ", "zzzqx", "ъъъъ"]), min_size=1, max_size=6))
    def check(words):
        result = searcher.search(" ".join(words))
        if occurring & set(words):
            assert result.hits, words

    check()


# -- did you mean (issue 10) ---------------------------------------------------------------------------


def test_a_misspelt_word_is_corrected_before_ranking(searcher):
    """«картами» alone would find hits; «штрафнми» is still corrected, not just missed."""
    result = searcher.search("штрафнми картами")
    assert result.corrected_query == "штрафными картами" and result.missing == []
    assert {h.id for h in result.hits[:5]} >= {"50B", "50C"}


@pytest.mark.parametrize("word", ["декларант", "декларанта", "четырехкартной", "нижеописанных", "LHO", "revoked"])
def test_a_word_the_corpus_or_the_thesaurus_knows_is_never_corrected(searcher, word):
    assert searcher.search(f"{word} карта").corrected_query is None


def test_corrections_are_words_of_the_corpus_the_dictionary_knows(searcher):
    """Fragments damaged text leaves («ло», «см») and words no dictionary has are no
    proposals; neither are two-letter words."""
    from lawsearch.morph import is_known

    vocabulary = searcher.vocabulary
    lexicon = searcher.meta["lexicon"]
    assert {"карта", "фальшренонс", "revoke"} <= set(vocabulary)
    assert not {"ло", "см", "нижеописанных", "c", "й"} & set(vocabulary)
    russian = [w for w in vocabulary if re.search("[а-я]", w)]
    assert all(len(w) >= 3 and (w in lexicon or is_known(w)) for w in russian)


def test_every_correction_proposes_corpus_words(searcher):
    """Misspellings of the corpus's own words, made at random: whatever replaces a word is a
    word of the correction vocabulary."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    vocabulary = searcher.vocabulary
    forms = sorted(w for w, _ in searcher.forms.items() if len(w) >= 4)

    @settings(max_examples=200, deadline=None, database=None, derandomize=True)
    @given(st.sampled_from(forms), st.integers(0, 30), st.sampled_from("аоеиклмнпрст"))
    def check(word, at, letter):
        typo = word[:at % len(word)] + letter + word[at % len(word) + 1:]
        result = searcher.search(typo)
        for proposal in filter(None, [result.corrected_query, *result.suggestions]):
            assert proposal in vocabulary, (typo, proposal)

    check()


def test_a_typo_is_one_edit_from_a_corpus_word(searcher):
    assert searcher.search("крата").corrected_query == "карта"  # a transposition
    assert searcher.search("карьа").corrected_query in {"карта", "карты"}
    assert searcher.search("дезинформацеи").corrected_query == "дезинформации"
    assert searcher.search("краьа").corrected_query is None  # two edits: too far


@pytest.mark.parametrize("word", ["явно", "бить", "класть", "выходить", "заказывает", "нереально", "велеть"])
def test_a_word_of_the_language_is_no_typo(searcher, word):
    """Real words the corpus lacks, one or two edits from corpus words (ясно, быть, масть,
    выложить, показывает, нелегально, видеть): never "corrected" into them."""
    assert searcher.search(f"{word} карта").corrected_query is None


def test_one_quoted_word_is_read_as_the_word(searcher):
    """A director quotes what was said («declarer said "low"»): one quoted word has no order
    to keep, so it is searched as the word typed bare -- its language's fields and its
    readings (the thesaurus's "low" → «младшая»), required or excluded as marked."""
    def ids(query):
        return [h.id for h in searcher.search(query, limit=None).hits]

    assert ids('declarer said "low" from dummy') == ids("declarer said low from dummy")
    assert "46B1" in ids('"low"')
    assert ids('+"болван" карта') == ids("+болван карта")
    assert ids('-"болван" карта') == ids("-болван карта")


def test_a_law_whose_parts_jointly_cover_the_query_lifts_its_documents(monkeypatch):
    """Two documents match the same word equally; the one whose law also holds the query's
    other word (in a sibling) ranks above the other (``evaluate.GROUP``), though the other
    comes first in reading order; without the law's credit reading order decides."""
    from lawsearch import evaluate
    from lawsearch.evaluate import Alternative, Query, Stats, Unit, Word, best

    class Table(Stats):
        n = 3
        table = {"x": {0: [0], 2: [0]}, "y": {1: [0]}}

        def postings(self, field, term):
            return self.table.get(term, {})

        def length(self, field, doc):
            return 4

        def avglen(self, field):
            return 4.0

    docs = [{"id": "2A", "law": "2", "kind": "section", "order": 0, "below": []},
            {"id": "1B", "law": "1", "kind": "section", "order": 1, "below": []},
            {"id": "1A", "law": "1", "kind": "section", "order": 2, "below": []}]
    fields = {"text": 1.0}

    def order():
        query = Query([Unit("x"), Unit("y")], [Alternative(Word(["x"], fields), 0, 0),
                                              Alternative(Word(["y"], fields), 1, 1)])
        return [docs[r.doc]["id"] for r in best(query.run(Table(), docs), docs, None)]

    ranked = order()
    assert ranked.index("1A") < ranked.index("2A"), ranked
    monkeypatch.setattr(evaluate, "GROUP", 0.0)
    ranked = order()
    assert ranked.index("2A") < ranked.index("1A"), ranked
