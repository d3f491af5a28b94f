"""The index's word tables (lawsearch/tables.py): a word is found by binary search over
the file, so every word must be found wherever it falls, and no other word."""

from lawsearch.tables import WordTable


def test_every_word_is_found_and_no_other(tmp_path):
    # prefixes of one another, both ends of the table, ё (sorted after я), Latin before Cyrillic
    rows = {"карт": ["карта"], "карта": ["карта"], "картами": ["карта"], "а": [], "яма": ["яма"], "ёж": ["еж"],
            "revoke": ["revoke"], "это-то": ["это", "то"]}
    WordTable.write(tmp_path / "t.txt", rows)
    table = WordTable(tmp_path / "t.txt")
    for word, values in rows.items():
        assert table.get(word) == values and word in table
    for absent in ["", "к", "ка", "карты", "картам", "аа", "яман", "ё", "zzz", "0", "revok"]:
        assert table.get(absent) is None and absent not in table
    assert [w for w, _ in table.items()] == sorted(rows)  # the order the browser's data were packed in


def test_an_empty_table_finds_nothing(tmp_path):
    WordTable.write(tmp_path / "t.txt", {})
    assert WordTable(tmp_path / "t.txt").get("карта") is None and list(WordTable(tmp_path / "t.txt").items()) == []



def test_an_index_of_another_version_is_refused_with_a_message(built, tmp_path):
    """An index written before the word tables (meta.json of version 1, no forms.txt) is
    named as another version's, to rebuild -- not a traceback from a table that is not there."""
    import json
    import shutil

    import pytest

    from lawsearch.model import CorpusError
    from lawsearch.output import current
    from lawsearch.query import Searcher

    index = tmp_path / "index"
    shutil.copytree(current(built) / "index", index)
    meta = json.loads((index / "meta.json").read_text(encoding="utf-8"))
    (index / "meta.json").write_text(json.dumps(dict(meta, version=1)), encoding="utf-8")
    (index / "forms.txt").unlink()
    with pytest.raises(CorpusError, match="made by another version of lawsearch; run `lawsearch build` again"):
        Searcher(index)
