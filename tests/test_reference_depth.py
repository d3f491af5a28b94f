"""References resolved to the depth they are written at (issue 9 cold read 5, finding 5): a
bare "(i) above" in an item cites its sibling item, not a sub-clause of the clause, and
"(b) above" in a sub-clause its sibling sub-clause; a citation written to an item ("Law 12C1(e)(ii)")
is kept whole. The law text is invented."""

from __future__ import annotations

from lawsearch.corpus import build_corpus

MANIFEST = """[code]
edition = "2017"
laws = [1, 93]
profile = "bridge"
lang = "en"

[[source]]
path = "laws/en/book.txt"
lang = "en"
kind = "laws"
edition = "2017"
layout = "en-mixed"
"""

TEXT = """Law 40 - Kettle Agreements
A. Agreements of the Pair
1. (a) A pair may agree on how its kettle is filled, and a badger may watch.
(b) It tells the table how, as the club specifies:
(i) on a kettle card;
(ii) when asked; and
(iii) before the round, see (i) above.
(c) A pair that forgets (b) above is reminded.
2. Each pair keeps its kettle card on the table.
B. Other Agreements
The club may restrict agreements; see Law 12C1(e)(ii) and Law 16B1(a).
"""


def refs(tmp_path):
    (tmp_path / "laws" / "en").mkdir(parents=True)
    (tmp_path / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    (tmp_path / "laws" / "en" / "book.txt").write_text(TEXT, encoding="utf-8")
    corpus = build_corpus(tmp_path, strict=False)
    assert {"40A1(b)(i)", "40A1(b)(iii)", "40A1(c)"} <= {n.id for n in corpus.nodes}
    return {(r.from_, r.target) for r in corpus.refs}


def test_a_bare_label_cites_at_the_depth_of_its_context(tmp_path):
    found = refs(tmp_path)
    assert ("40A1(b)(iii)", "40A1(b)(i)") in found  # an item's sibling item
    assert ("40A1(c)", "40A1(b)") in found  # a sub-clause's sibling sub-clause
    assert not any(f == "40A1(b)(iii)" and t == "40A1(i)" for f, t in found), found


def test_a_citation_to_an_item_is_kept_whole(tmp_path):
    found = refs(tmp_path)
    assert ("40B", "12C1(e)(ii)") in found, found
    assert ("40B", "16B1(a)") in found
