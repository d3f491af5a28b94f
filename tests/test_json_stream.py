"""corpus.json is written piece by piece (a large corpus is never held as one text), and the
file is the same, byte for byte, as the whole document dumped at once."""

from __future__ import annotations

import json

import pytest

from lawsearch.build import corpus_document, json_chunks
from lawsearch.model import Streamed

CASES = [
    {},
    {"a": 1},
    {"empty": Streamed(lambda: iter(())), "b": [], "c": {}},
    {"rows": Streamed(lambda: ({"id": f"{n}A", "text": "строка\nс переводом «и» \"кавычками\"", "n": [n, {"x": None}]}
                                for n in range(3))),
     "after": {"nested": [1, [2, {"deep": "ё"}]]}, "last": "z"},
    [1, 2, {"list": "at the top"}],
    "a string",
]


def plain(value):
    """The same document with every Streamed list made whole."""
    if isinstance(value, dict):
        return {k: list(v) if isinstance(v, Streamed) else v for k, v in value.items()}
    return value


@pytest.mark.parametrize("doc", CASES)
def test_chunks_spell_exactly_what_one_dump_would(doc):
    assert "".join(json_chunks(doc)) == json.dumps(plain(doc), ensure_ascii=False, indent=1) + "\n"


def test_the_shipped_corpus_document_streams_to_the_same_text(corpus):
    streamed = corpus_document(corpus, "b1", streamed=True)
    whole = corpus_document(corpus, "b1")
    assert isinstance(streamed["nodes"], Streamed) and isinstance(whole["nodes"], list)
    text = "".join(json_chunks(streamed))
    assert text == json.dumps(whole, ensure_ascii=False, indent=1) + "\n"
    assert len(json.loads(text)["nodes"]) == len(corpus.nodes) > 50


def test_a_build_writes_corpus_json_as_it_always_read(built):
    """The build's corpus.json reads back as the document of the corpus it built."""
    data = json.loads((built / "corpus.json").read_text(encoding="utf-8"))
    assert data["nodes"] and data["refs"] and data["build"]
