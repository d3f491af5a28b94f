"""Subject-index pages inside a commentary file (issue 13): a book copied as one file puts
its subject index after the commentary. The index pages are found without a declaration,
read as the golden entries say, and leave the commentary: no headword becomes commentary
text, no index target becomes a reference, the commentary's own paragraphs and references
are what they are without the index.

Index pages: the cold fixtures tests/data/structure/index; the commentary: the cold
fixture commentary/ru-66-67-refs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from test_structure_kinds import COLD, expected, fixtures

COMMENTARY = COLD / "commentary" / "ru-66-67-refs" / "source.txt"
# the commentary is Russian: the Russian index pages follow it
INDEXES = [f for f in fixtures("index") if (f / "fixture.toml").read_text(encoding="utf-8").find('lang = "ru"') >= 0]
INDEX_IDS = [f"{f.parent.parent.name}/{f.name}" for f in INDEXES]


def corpus_of(tmp_path: Path, text: str) -> Path:
    root = tmp_path / "corpus"
    (root / "book").mkdir(parents=True)
    (root / "book" / "commentary.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "t"\nlaws = [1, 93]\nlang = "ru"\n\n'
        '[[source]]\npath = "book/commentary.txt"\nlang = "ru"\nkind = "commentary"\nencoding = "utf-8"\n',
        encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def commentary_alone(tmp_path_factory):
    return build_corpus(corpus_of(tmp_path_factory.mktemp("alone"), COMMENTARY.read_text(encoding="utf-8")),
                        strict=False)


def rows(corpus) -> list[list[str]]:
    out = []
    for e in corpus.apparatus.get("index", ()):
        if e["targets"]:
            out.append(["entry", e["headword"], e.get("sub") or "-", " ".join(e["targets"]), e.get("page") or "-"])
        if e.get("see"):
            out.append(["see", e["headword"], e.get("sub") or "-", e["see"], e.get("page") or "-"])
    return out


@pytest.mark.parametrize("folder", INDEXES, ids=INDEX_IDS)
def test_an_index_after_the_commentary_is_read_and_leaves_it(tmp_path, folder, commentary_alone):
    commentary = COMMENTARY.read_text(encoding="utf-8")
    index = (folder / "source.txt").read_text(encoding="utf-8")
    # the commentary's last page ends at its footer, as in the book; the index pages follow
    corpus = build_corpus(corpus_of(tmp_path, commentary.rstrip("\n") + "\n- 299\n" + index), strict=False)
    golden = [r for r in expected(folder) if r[0] in ("entry", "see")]
    # the index as the golden file says (a page lost in a scrambled copy: the entries still there)
    assert rows(corpus) == golden
    assert [p["kind"] for p in corpus.apparatus["pages"]] and {p["kind"] for p in corpus.apparatus["pages"]} == {"index"}
    # the commentary unchanged by the index after it: the same nodes, texts and references
    def nodes(c):
        return [(n.id, n.kind, n.text) for n in c.nodes]

    def refs(c):
        return [(r.from_, r.target, r.status) for r in c.refs]

    assert nodes(corpus) == nodes(commentary_alone)
    assert refs(corpus) == refs(commentary_alone)
    # and no headword is in any commentary text
    texts = " ".join(n.text or "" for n in corpus.nodes)
    headwords = {r[1] for r in golden if len(r[1]) > 6}
    assert not [h for h in headwords if h in texts]


@pytest.mark.parametrize("folder", INDEXES, ids=INDEX_IDS)
def test_an_index_alone_in_a_commentary_file_is_no_commentary(tmp_path, folder):
    corpus = build_corpus(corpus_of(tmp_path, (folder / "source.txt").read_text(encoding="utf-8")), strict=False)
    assert corpus.refs == ()
    assert [n.id for n in corpus.nodes if n.kind == "commentary"] == []
    assert rows(corpus) == [r for r in expected(folder) if r[0] in ("entry", "see")]


@pytest.mark.parametrize("name", ["ru-ditto-letters", "ru-two-columns"])
def test_an_index_heading_opens_a_page_where_the_commentary_lost_its_footer(tmp_path, name, commentary_alone):
    """No footer between the commentary's last line and the index: the index's heading
    («ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ», «… (продолжение)») starts its page, as a part of the book does."""
    folder = COLD / "index" / name
    commentary = COMMENTARY.read_text(encoding="utf-8")
    corpus = build_corpus(corpus_of(tmp_path, commentary.rstrip("\n") + "\n" + (folder / "source.txt").read_text(
        encoding="utf-8")), strict=False)
    assert rows(corpus) == [r for r in expected(folder) if r[0] in ("entry", "see")]
    assert [(n.id, n.text) for n in corpus.nodes] == [(n.id, n.text) for n in commentary_alone.nodes]
