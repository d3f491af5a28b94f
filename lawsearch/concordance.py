"""Key word in context and lemma frequencies: the morphological annotation made visible.

    lines = kwic(corpus, analysis, "штрафная карта")     # every form of either lemma, in context
    freq(corpus, analysis, law="50")[:3]                   # [("карта", 21), ("штрафной", 17), …]

The site's concordance page asks for every glossary term at once: ``concordance`` finds
all of them in one pass over the analysed corpus (the build's ``AnalysedCorpus``), looking
each token's terms up among the phrases' first words; ``kwic`` is that pass for one phrase.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import asdict, dataclass

from . import alignment, ids
from .analysis import AnalysedCorpus, Analysis
from .model import Corpus, Node

PARAGRAPH = "\n\n"
PARAGRAPH_SHOWN = alignment.PARAGRAPH_SHOWN  # a paragraph break inside a context line


@dataclass(frozen=True)
class Line:
    node: str
    left: str
    match: str
    right: str
    url: str
    lang: str | None = None  # set on a line of a node's translation (its main text's lines have None)

    def to_dict(self) -> dict:
        """The contract's keys; ``lang`` only on a translation's line."""
        out = asdict(self)
        if out["lang"] is None:
            del out["lang"]
        return out


def texts(corpus: Corpus, law: str | None = None) -> list[Node]:
    """The nodes whose text is counted: law text and commentary, in reading order."""
    return [n for n in corpus.nodes if n.text and (law is None or n.law == law)]


def _analysed(corpus_or_pass: AnalysedCorpus | None, analysis: Analysis) -> AnalysedCorpus:
    return corpus_or_pass if corpus_or_pass is not None else AnalysedCorpus(analysis)


def kwic(corpus: Corpus, analysis: Analysis, word: str, width: int = 40, sort: str = "node",
         law: str | None = None, analysed: AnalysedCorpus | None = None, translations: bool = False) -> list[Line]:
    """Every occurrence of any form of the lemmas of ``word`` (all its words must be the
    same lemma set token by token when it is a phrase), with ``width`` characters each side.

    ``sort``: "node" (reading order), "left" (by the words before, nearest first) or "right".
    ``analysed``: the build's analysis pass, when there is one. ``translations``: the nodes'
    translation texts too (a line of one carries its ``lang``), after the node's own lines.
    """
    analysed = _analysed(analysed, analysis)
    return sort_lines(concordance(corpus, analysed, [word], width, law, translations)[0], sort)


def sort_lines(lines: list[Line], sort: str) -> list[Line]:
    if sort == "left":
        return sorted(lines, key=lambda l: (l.left.split()[::-1] if l.left.strip() else [""]))
    if sort == "right":
        return sorted(lines, key=lambda l: l.right.split() or [""])
    return lines


def concordance(corpus: Corpus, analysed: AnalysedCorpus, phrases: list[str], width: int = 40,
                law: str | None = None, translations: bool = False) -> list[list[Line]]:
    """The kwic lines of each phrase, in reading order, from one pass over the texts.

    A phrase matches where its words' term sets each share a term with consecutive
    tokens (stop words left out). The pass keeps, for each term that starts a phrase,
    the phrases it starts; a token is checked only against those.

        card, honour = concordance(corpus, analysed, ["штрафная карта", "онер"])
    """
    stemmed = _stemmed_language(corpus)
    wanted = [[_with_stem(tok, terms, stemmed) for tok, terms in analysed.of(p).indexed()] for p in phrases]
    starting: dict[str, list[int]] = {}
    for n, words in enumerate(wanted):
        for term in (words[0] if words else ()):
            starting.setdefault(term, []).append(n)
    found: list[list[Line]] = [[] for _ in phrases]
    if not starting:
        return found
    for node in (corpus.nodes if translations else texts(corpus, law)):
        if law is not None and node.law != law:
            continue
        own = [(None, node.text)] if node.text else []
        extra = [(lang, t["text"]) for lang, t in sorted((node.translations or {}).items())
                 if translations and (t or {}).get("text")]
        for lang, body in own + extra:
            _scan(node, lang, body, analysed, wanted, starting, stemmed, width, found)
    return found


def _scan(node: Node, lang: str | None, body: str, analysed: AnalysedCorpus, wanted, starting, stemmed,
          width: int, found: list[list[Line]]) -> None:
    """The lines of ``body`` (the node's text, or its translation in ``lang``) for each phrase."""
    tokens = [(tok, _with_stem(tok, terms, stemmed)) for tok, terms in analysed.of(body).indexed()]
    shown = None
    for i, (_, terms) in enumerate(tokens):
        candidates = {n for term in terms for n in starting.get(term, ())}
        for n in sorted(candidates):
            words = wanted[n]
            if i + len(words) > len(tokens):
                continue
            if all(set(w) & set(tokens[i + k][1]) for k, w in enumerate(words)):
                shown = shown or _Shown(body)
                start, end = shown.offset(tokens[i][0].start), shown.offset(tokens[i + len(words) - 1][0].end)
                text = shown.text
                found[n].append(Line(node.id, text[max(0, start - width):start], text[start:end],
                                     text[end:end + width], ids.node_url(node), lang))
    return found


STEM = "\x00"  # a Snowball stem among a word's terms: no lemma or form begins so


def _stemmed_language(corpus: Corpus) -> str | None:
    """The corpus's language the index analyses by Snowball stems (``plausibility``'s
    ``snowball``: English), where it has no lemmatizer: its words match by their stems too,
    so a kwic of "revoke" finds "revoked", as a search does. None otherwise."""
    from .plausibility import SNOWBALL, language_module

    return SNOWBALL if SNOWBALL in corpus.languages and language_module(SNOWBALL, "lemmatizer") is None else None


def _with_stem(tok, terms: tuple[str, ...], lang: str | None) -> tuple[str, ...]:
    from .plausibility import word_language

    if lang is None or tok.kind != "word" or word_language(tok.text, [lang]) is None:
        return terms
    from .morph import english_stem

    return (*terms, STEM + english_stem(tok.text.lower()))


class _Shown:
    """A node's text as a context line shows it (paragraph breaks as " ¶ "), and the
    offset there of an offset in the text."""

    def __init__(self, text: str):
        self.text = text.replace(PARAGRAPH, PARAGRAPH_SHOWN)
        # where each replaced break started, left to right without overlaps, as str.replace finds them
        self.breaks: list[int] = []
        at = text.find(PARAGRAPH)
        while at != -1:
            self.breaks.append(at)
            at = text.find(PARAGRAPH, at + len(PARAGRAPH))

    def offset(self, position: int) -> int:
        # a token never starts or ends inside a break, so every break before it is whole
        return position + bisect_left(self.breaks, position) * (len(PARAGRAPH_SHOWN) - len(PARAGRAPH))


def freq(corpus: Corpus, analysis: Analysis, law: str | None = None,
         analysed: AnalysedCorpus | None = None) -> list[tuple[str, int]]:
    """Lemma frequencies (each word counted once, under pymorphy3's best lemma), most
    frequent first, ties alphabetical."""
    analysed = _analysed(analysed, analysis)
    counts: Counter[str] = Counter()
    for node in texts(corpus, law):
        for tok, terms in analysed.of(node.text).pairs():
            if tok.kind == "word" and terms:
                counts[terms[0]] += 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


# -- bilingual kwic: each line with the aligned sentence of another language ----------------------


def aligned_sentence(corpus: Corpus, line: Line, lang: str) -> dict:
    """The sentence of ``lang`` aligned with the one ``line`` stands in: {lang, text, by}.

    Nodes are aligned by ID (lawsearch/alignment.py: a translation is merged into the node
    of its ID); inside a node, sentences pair by order when both texts have as many
    (``by`` "sentence"), else by their relative position in the text ("position"); a node
    with no text in ``lang`` gives ``text`` None ("none"). ``search`` pairs its hits alike."""
    node = corpus.node(line.node)
    if node is None:
        return {"lang": lang, "text": None, "by": "none"}

    def text_in(language: str | None) -> str | None:  # None: the node's own text
        own = node.lang or corpus.lang
        if language is None or language == own:
            return node.text
        return ((node.translations or {}).get(language) or {}).get("text")

    source, other = text_in(line.lang), text_in(lang)
    if not other or not source or line.lang == lang:
        return {"lang": lang, "text": None, "by": "none"}
    at = alignment.shown(source).find(line.left + line.match + line.right)
    found = alignment.aligned_text(source, other, at + len(line.left) if at >= 0 else 0)
    if found is None:
        return {"lang": lang, "text": None, "by": "none"}
    return {"lang": lang, "text": found[0], "by": found[1]}
