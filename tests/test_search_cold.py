"""What a cold `lawsearch search` reads and imports (issue 11): meta.json by sections, and
none of the modules only a build needs."""

from __future__ import annotations

import json
import subprocess
import sys

from lawsearch.index import Meta, write_meta


def test_meta_reads_as_json_and_by_sections(tmp_path):
    """meta.json stays one JSON document any reader reads whole, and ``Meta`` gives the
    same data section by section -- strings holding line breaks, U+2028, braces and the
    section separator itself included."""
    data = {"build": "x", "nodes": {"1": {"title": "a\nb\r\u2028c", "text": '"},\n"docs": [1]'}},
            "empty": {}, "list": [1, 2.5, None, True], "last": "}"}
    path = tmp_path / "meta.json"
    write_meta(path, data)
    assert json.loads(path.read_text(encoding="utf-8")) == data
    meta = Meta.read(path)
    assert list(meta) == list(data) and len(meta) == len(data)
    assert {k: meta[k] for k in meta} == data
    assert "nodes" in meta and "went" not in meta and meta.get("went", {}) == {}


def test_meta_section_names_of_any_letters(tmp_path):
    """A section is found by its name as JSON writes it: a name in Cyrillic, and one that
    holds the ``": `` that separates a name from its value (written with an escaped quote)."""
    data = {"ключ": ["значение"], 'a": b': {"c": "d"}, "z": 1}
    path = tmp_path / "meta.json"
    write_meta(path, data)
    meta = Meta.read(path)
    assert list(meta) == list(data)
    assert meta['a": b'] == {"c": "d"} and meta["ключ"] == ["значение"] and meta["z"] == 1


def test_meta_of_one_line_is_read_whole(tmp_path):
    """A meta.json in another layout (one line, as any JSON writer makes it) is read whole."""
    data = {"version": 1, "nodes": {"1": {"title": "t"}}}
    path = tmp_path / "meta.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert dict(Meta.read(path)) == data


def test_search_modules_import_no_corpus_model():
    """The CLI and the searcher import neither the corpus's dataclasses (``model``) nor the
    data files' schemas: a cold search would compile their generated methods for nothing."""
    code = ("import sys, lawsearch.cli, lawsearch.query, lawsearch.freshness, lawsearch.output; "
            "print(sorted(m for m in ('lawsearch.model', 'lawsearch.schema', 'lawsearch.corpus', "
            "'lawsearch.sources') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_phrase_words_within_slop():
    """A phrase's next word stands 1..SLOP positions after the previous one, never at the
    same place or before it, never further."""
    from lawsearch.evaluate import SLOP, Phrase, Stats

    class Positions(Stats):
        n = 1

        def __init__(self, where):
            self.where = where

        def postings(self, field, term):
            return {0: self.where.get(term, [])}

    phrase = Phrase([["a"], ["b"], ["c"]], {"text": 1.0})
    assert phrase.occurs(Positions({"a": [3], "b": [4], "c": [4 + SLOP]}), "text", 0)
    assert phrase.occurs(Positions({"a": [3, 20], "b": [9, 20 + SLOP], "c": [21 + SLOP]}), "text", 0)
    assert not phrase.occurs(Positions({"a": [3], "b": [3 + SLOP + 1], "c": [4 + SLOP + 1]}), "text", 0)
    assert not phrase.occurs(Positions({"a": [5], "b": [5], "c": [6]}), "text", 0)
    assert not phrase.occurs(Positions({"a": [5], "b": [4], "c": [6]}), "text", 0)
