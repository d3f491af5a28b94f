"""The build's one analysis pass: every text tokenized and lemmatized once, and what the
index, the concordance page and the CLI read from it is what analysing afresh gives."""

from __future__ import annotations

from collections import Counter

import pytest

from conftest import CORPUS_DIR, VOCABULARY
from lawsearch import analysis as analysis_module
from lawsearch import index as index_module
from lawsearch import query as query_module
from lawsearch.analysis import AnalysedCorpus, Analysis, Lexicon, analyse_corpus, joined, tokenize
from lawsearch.concordance import concordance, kwic
from lawsearch.index import load_glossary


@pytest.fixture(scope="module")
def analysis():
    return Analysis(Lexicon.load(VOCABULARY / "lexicon.toml"))


@pytest.fixture(scope="module")
def glossary():
    return load_glossary(VOCABULARY / "glossary.toml")


@pytest.mark.parametrize("parts, separator", [
    (["Правило 50E", "см. правило 16С2, 47E2(a) и 1,5"], "\n\n"),
    (["48.4 текст", "47.9", ""], "\n\n"),
    (["", "только текст 12-й"], " . "),
    (["заголовок 50", "50E1 текст"], " . "),
    (["какой-нибудь", "1,5 и 2.3"], "\n\n"),
])
def test_joined_analysis_is_the_analysis_of_the_joined_text(analysis, parts, separator):
    whole = separator.join(parts)
    expected = [(t.text, t.start, t.end, t.kind, t.position) for t in tokenize(whole)]
    made = joined([AnalysedCorpus(analysis).of(p) for p in parts], separator)
    assert made.text == whole
    assert [tuple(t) for t in made.tokens] == expected
    assert list(made.terms) == [analysis.token_terms(t) for t in tokenize(whole)]


def test_the_pass_has_every_text_with_the_terms_analysis_gives(corpus, analysis):
    analysed = analyse_corpus(corpus, analysis)
    fresh = Analysis(analysis.lexicon)
    texts = [t for n in corpus.nodes for t in (n.title, n.text) if t] + [f.text for f in corpus.footnotes]
    for text in texts:
        found = analysed.get(text)
        assert found is not None, text
        assert [(t, terms) for t, terms in found.pairs()] == fresh.analyze(text)


def test_one_pass_concordance_equals_kwic_for_each_glossary_term(corpus, analysis, glossary):
    phrases = list(dict.fromkeys(term.term for term in glossary))
    found = concordance(corpus, analyse_corpus(corpus, analysis), phrases, width=50)
    assert len(found) == len(phrases)
    assert sum(len(lines) for lines in found) > 100  # the glossary's terms are everywhere in the text
    for phrase, lines in zip(phrases, found):
        assert lines == kwic(corpus, Analysis(analysis.lexicon), phrase, width=50), phrase


def test_concordance_lines_show_the_matched_words_in_their_text(corpus, analysis):
    (lines,) = concordance(corpus, analyse_corpus(corpus, analysis), ["штрафная карта"], width=30)
    assert {"50B", "50C", "52A"} <= {line.node for line in lines}
    for line in lines:
        shown = corpus.node(line.node).text.replace("\n\n", " ¶ ")
        assert line.left + line.match + line.right in shown
        assert [analysis.word_terms(w) for w in line.match.split()][-1] == ("карта",)


def test_a_match_after_a_paragraph_break_is_cut_at_the_word(corpus, analysis):
    # 48.4 has two paragraphs, and "претензия" stands in both; the shown line puts " ¶ "
    # (one character longer) at the break, so every offset after it moves by one
    node = corpus.node("48.4")
    (lines,) = concordance(corpus, analyse_corpus(corpus, analysis), ["претензия"], width=20, law="48")
    here = [l for l in lines if l.node == "48.4"]
    after = [l for l in here if " ¶ " in l.left or l.left.startswith("Пример") or
             node.text.find(l.match + l.right) > node.text.index("\n\n")]
    assert after
    for line in here:
        assert "претензия" in analysis.word_terms(line.match)
        assert line.left + line.match + line.right in node.text.replace("\n\n", " ¶ ")


def test_a_build_tokenizes_each_text_once(tmp_path, monkeypatch, corpus):
    """The index, the forms table, the vocabulary, the glossary hits and the concordance
    page once each re-tokenized every text (the concordance once per glossary term)."""
    from lawsearch.build import build

    seen: Counter[str] = Counter()
    real = analysis_module.tokenize

    def spy(text):
        seen[text] += 1
        return real(text)

    for module in (analysis_module, index_module, query_module):
        monkeypatch.setattr(module, "tokenize", spy)
    build(CORPUS_DIR, tmp_path / "out", lambda message: None)
    twice = {text[:40]: n for text, n in seen.items() if n > 1}
    assert not twice
    node_texts = {n.text for n in corpus.nodes if n.text}
    assert node_texts <= set(seen)  # and each of them was analysed, by the pass


def test_the_index_schema_never_carries_the_pass(tmp_path, corpus, analysis):
    """whoosh pickles the schema into the index: the pass handed to the tokenizer while
    indexing must not go with it, and the tokenizer must analyse on its own at search time."""
    from whoosh import index

    from lawsearch.index import build_index

    build_index(corpus, tmp_path / "ix", analysis.lexicon, [], analysed=analyse_corpus(corpus, analysis))
    toc = sum(p.stat().st_size for p in (tmp_path / "ix").glob("*.toc"))
    assert toc < 20_000  # the schema alone; the pass would be megabytes
    ix = index.open_dir(str(tmp_path / "ix"))
    analyzer = ix.schema["text"].analyzer
    assert analyzer.items[0].prepared is None
    assert [t.text for t in analyzer("штрафными картами")] == ["штрафной", "карта"]
