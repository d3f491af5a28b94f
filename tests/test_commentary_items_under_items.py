"""Cold read 13, issue 13, finding 5 (and 7, "as in"): the items of a series under a lettered
paragraph («41.2.(b) …:» then «а) …», «б) …», or (i), (ii)) are split as the items under a
plain paragraph are: each its own node, 41.2(b)(a), 41.2(b)(ii); a citation «п. 41.2.(b)(ii)»
("see 8.1.(a)(ii)", "as in 8.1.(a)") names that node. The paragraph's next item after the
series («(c)») is the paragraph's again; a plain paragraph's items stay as they were.
Invented laws and commentary, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder
from added_books import book_folder

TEXTS = {
    "ru": ("Правило 8. ПОДСТАВКИ\nПодставки для карт выдаёт дежурный.\nПравило 9. СТОЛЫ\nСтолы расставляют до начала игры.\n",
           "Правило 8. ПОДСТАВКИ\n8.1.(a) Подставку выдают так:\nа) дежурный записывает номер стола;\n"
           "б) игрок расписывается в журнале.\n(b) Подставку возвращают после игры.\n"
           "8.2. Подставок бывает два вида:\n(i) деревянные;\n(ii) пластиковые.\n"
           "Правило 9. СТОЛЫ\n9.1. Стол ставят к окну, как сказано в п. 8.1.(a)(b) и п. 8.2.(ii).\n"),
    "en": ("LAW 8 - CARD HOLDERS\nThe steward hands out card holders.\nLAW 9 - TABLES\nTables are set before play.\n",
           "LAW 8 - CARD HOLDERS\n8.1.(a) A holder is handed out thus:\n(i) the steward notes the table;\n"
           "(ii) the player signs the book.\n(b) The holder is returned after play.\n"
           "8.2. Holders come in two kinds:\n(i) wooden;\n(ii) plastic.\n"
           "LAW 9 - TABLES\n9.1. A table stands by the window, see 8.1.(a)(ii), as in 8.2.(i).\n"),
}
EXPECTED = {
    "ru": {"8.1(a)": "Подставку выдают так:", "8.1(a)(a)": "дежурный записывает номер стола;",
           "8.1(a)(b)": "игрок расписывается в журнале.", "8.1(b)": "Подставку возвращают после игры.",
           "8.2": "Подставок бывает два вида:", "8.2(i)": "деревянные;", "8.2(ii)": "пластиковые."},
    "en": {"8.1(a)": "A holder is handed out thus:", "8.1(a)(i)": "the steward notes the table;",
           "8.1(a)(ii)": "the player signs the book.", "8.1(b)": "The holder is returned after play.",
           "8.2": "Holders come in two kinds:", "8.2(i)": "wooden;", "8.2(ii)": "plastic."},
}
CITED = {"ru": {"8.1(a)(b)", "8.2(ii)"}, "en": {"8.1(a)(ii)", "8.2(i)"}}


def build(tmp_path: Path, lang: str):
    laws, commentary = TEXTS[lang]
    root = book_folder(tmp_path, lang, sources=[("laws", "laws.txt", laws), ("commentary", "comm.txt", commentary)])
    return parse_folder(read_corpus_folder(root), strict=False)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_items_own_series_is_split_and_cited_by_its_whole_number(tmp_path, lang):
    corpus = build(tmp_path, lang)
    got = {n.id: n.text for n in corpus.nodes if n.kind == "commentary" and n.law == "8"}
    assert got == EXPECTED[lang]
    cited = {r.target for r in corpus.refs if r.from_ == "9.1" and r.status == "node"}
    assert cited == CITED[lang], [(r.surface, r.target, r.status) for r in corpus.refs]
    order = [n.id for n in corpus.nodes if n.kind == "commentary" and n.law == "8"]
    assert order.index("8.1(a)") < order.index(next(i for i in EXPECTED[lang] if i.startswith("8.1(a)("))) \
        < order.index("8.1(b)") < order.index("8.2(i)")
