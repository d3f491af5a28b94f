"""The browser's search data made a chunk at a time (issue 11; lawsearch/pieces.py ``Split``):
the forms table is read from the index's file in order, never held whole, and the word
chunks (w) still cut the words into ranges in JavaScript's order -- UTF-16 code units,
where a character above U+FFFF sorts *before* one in U+E000..U+FFFF, unlike in Python's
and the table's order. Invented words."""

from __future__ import annotations

from array import array

import pytest

from lawsearch import pieces
from lawsearch.site import front_coded, packed_forms
from lawsearch.tables import WordTable

# words whose order differs between code points and UTF-16 (U+1F0A1 against U+FFFD, U+E000),
# among ordinary ones; every source holds some of them
FORMS = {
    "карта": ["карта"], "карты": ["карта"], "картой": ["карта"], "масть": ["масть"], "масти": ["масть"],
    "ход\U0001F0A1": ["ход"], "ход\uFFFD": ["ход"], "ход\uE000а": ["ход"], "ходы": ["ход"], "ход": ["ход"],
    "взятка": ["взятка"], "взятки": ["взятка"], "болван": ["болван"], "болвана": ["болван"],
    "z\U0001F0A1": ["z"], "z\uFFFF": ["z"], "zz": ["z"],
}
FAMILIES = {"карта": ["карточный", "карточка"], "ход\U0001F0A1": ["ходить"], "ход\uFFFD": ["ходок"], "масть": ["мастный"]}
REAL = ["картa", "ход\uE000", "ход\U0001F0A2", "мастер", "болваны", "карты"]


def payload(forms) -> dict:
    docs = ["1", "1A"]
    return {
        "version": 2, "build": "b1", "n": 2, "docs": docs,
        "nodes": [["1", "1", "law", "ru", "Карта", None, None], ["1A", "1", "clause", "ru", None, "1", "1"]],
        "texts": {"1": "Карта и ход\uFFFD", "1A": "Масти и взятки болвана"}, "lost_start": [], "footnotes": {},
        "notes": {}, "texts_en": {}, "titles_en": {}, "aligned": {}, "lengths": {"text": [3, 4], "title": [1, 0]},
        "postings": {"text": {"карта": array("i", [0, 1, 0]), "масть": array("i", [1, 1, 0])},
                     "title": {"карта": array("i", [0, 1, 0])}},
        "boosts": {}, "en_fields": [], "en_weights": {}, "en_text": {}, "english": "en", "editions": {}, "stop": ["и"], "grammar": {}, "lookalikes": ["", ""],
        "ids": {}, "en_stop": [], "params": {}, "forms": forms, "glossary": [], "thesaurus": [["ход", ["масть"], 1.0]],
        "families": FAMILIES, "citations": {}, "vocabulary": {"карта": 1, "масти": 1}, "real_neighbours": REAL, "strings": {},
        "other_letters": "",
    }


def js_order(words) -> list[str]:
    return sorted(words, key=pieces.utf16)


def expected_word_chunks(target: int) -> tuple[list[str], list[dict]]:
    """The w chunks as the whole-table algorithm makes them: every word's size, the ranges
    of the words in JavaScript's order (``ranges``), each word put in its range."""
    sizes: dict[str, int] = {}
    for form, terms in FORMS.items():
        sizes[form] = sizes.get(form, 0) + len(form) // 2 + 2 + sum(len(t) for t in terms) // 3
    for term, family in FAMILIES.items():
        sizes[term] = sizes.get(term, 0) + len(term) + 6 + sum(len(x) + 3 for x in family)
    for word in set(REAL):
        sizes[word] = sizes.get(word, 0) + len(word) // 2 + 1
    bounds = pieces.ranges(sizes, target)
    keys = [pieces.utf16(b) for b in bounds]
    parts = [({}, {}, []) for _ in bounds]
    for word in js_order(sizes):
        f, fam, r = parts[pieces.in_range(keys, word)]
        if word in FORMS:
            f[word] = FORMS[word]
        if word in FAMILIES:
            fam[word] = FAMILIES[word]
        if word in REAL:
            r.append(word)
    return bounds, [{"forms": packed_forms(f), "families": fam, "real": front_coded(sorted(r))} for f, fam, r in parts]


@pytest.mark.parametrize("target", [20, 45, 10_000])
def test_word_chunks_from_the_table_file_are_the_ranges_in_javascripts_order(tmp_path, monkeypatch, target):
    monkeypatch.setattr(pieces, "WORD_CHUNK_CHARS", target)
    WordTable.write(tmp_path / "forms.txt", FORMS)
    parts = pieces.Split(payload(WordTable(tmp_path / "forms.txt")), None)
    chunks = dict(parts.chunks())
    bounds, expected = expected_word_chunks(target)
    assert parts.core["word_ranges"] == bounds
    assert [chunks[f"w{k}"] for k in range(len(bounds))] == expected
    assert f"w{len(bounds)}" not in chunks
    if target == 20:
        assert len(bounds) > 3  # several ranges, some of them cut among the words JavaScript orders apart


def test_the_table_file_and_a_table_in_memory_give_the_same_chunks_and_core(tmp_path):
    WordTable.write(tmp_path / "forms.txt", FORMS)
    core, chunks = pieces.split(payload(dict(FORMS)))
    streamed = pieces.Split(payload(WordTable(tmp_path / "forms.txt")))
    assert list(streamed.chunks()) == list(chunks.items())
    assert streamed.core == core
    # the texts' chunk carries its words' forms, the core the thesaurus's
    assert "карта" in chunks["t0"]["forms"] and "взятка" in chunks["t0"]["forms"]
    assert core["forms"] == packed_forms({"ход": ["ход"], "масть": ["масть"]}) and core["no_forms"] == []
    # postings are written as lists of numbers
    assert any(c.get("text", {}).get("карта") == [0, 1, 0] for name, c in chunks.items() if name.startswith("p"))


def test_chunks_are_written_as_they_come_and_listed_in_order(tmp_path):
    made = []

    def chunks():
        for name in ("d0", "t0", "p0"):
            assert all((tmp_path / "search" / pieces.piece_file(n, "b1").split("/", 1)[1]).is_file() for n in made)
            made.append(name)
            yield name, {"x": name}

    files = pieces.write_stream("b1", chunks(), tmp_path)
    assert files == [pieces.piece_file(n, "b1") for n in ("d0", "t0", "p0")]
    assert (tmp_path / files[1]).read_text(encoding="utf-8") == pieces.piece_script("b1", "t0", {"x": "t0"})
