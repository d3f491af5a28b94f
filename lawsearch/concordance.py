"""Key word in context and lemma frequencies: the morphological annotation made visible.

    lines = kwic(corpus, analysis, "штрафная карта")     # every form of either lemma, in context
    freq(corpus, analysis, law="50")[:3]                   # [("карта", 21), ("штрафной", 17), …]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass

from .analysis import Analysis, tokenize
from .model import Corpus, Node


@dataclass(frozen=True)
class Line:
    node: str
    left: str
    match: str
    right: str
    url: str

    def to_dict(self) -> dict:
        return asdict(self)


def texts(corpus: Corpus, law: str | None = None) -> list[Node]:
    """The nodes whose text is counted: law text and commentary, in reading order."""
    return [n for n in corpus.nodes if n.text and (law is None or n.law == law)]


def kwic(corpus: Corpus, analysis: Analysis, word: str, width: int = 40, sort: str = "node",
         law: str | None = None) -> list[Line]:
    """Every occurrence of any form of the lemmas of ``word`` (all its words must be the
    same lemma set token by token when it is a phrase), with ``width`` characters each side.

    ``sort``: "node" (reading order), "left" (by the words before, nearest first) or "right".
    """
    wanted = analysis.terms(word)
    if not wanted:
        return []
    lines: list[Line] = []
    for node in texts(corpus, law):
        text = node.text.replace("\n\n", " ¶ ")
        tokens = [(t, analysis.token_terms(t)) for t in tokenize(text)]
        tokens = [(t, terms) for t, terms in tokens if terms]
        for i in range(len(tokens) - len(wanted) + 1):
            if all(set(w) & set(tokens[i + k][1]) for k, w in enumerate(wanted)):
                start, end = tokens[i][0].start, tokens[i + len(wanted) - 1][0].end
                left = text[max(0, start - width):start]
                right = text[end:end + width]
                lines.append(Line(node.id, left, text[start:end], right, node.url))
    if sort == "left":
        lines.sort(key=lambda l: (l.left.split()[::-1] if l.left.strip() else [""]))
    elif sort == "right":
        lines.sort(key=lambda l: l.right.split() or [""])
    return lines


def freq(corpus: Corpus, analysis: Analysis, law: str | None = None) -> list[tuple[str, int]]:
    """Lemma frequencies (each word counted once, under pymorphy3's best lemma), most
    frequent first, ties alphabetical."""
    counts: Counter[str] = Counter()
    for node in texts(corpus, law):
        for tok in tokenize(node.text):
            if tok.kind == "word":
                terms = analysis.word_terms(tok.text)
                if terms:
                    counts[terms[0]] += 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
