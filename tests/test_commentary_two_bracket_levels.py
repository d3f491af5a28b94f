"""Cold read 15, issue 13, finding 4: a commentary paragraph numbered with two bracket levels
(«21.2.(b)(ii) Если …», "21.2.(b)(ii) If …") starts a commentary paragraph of its own,
21.2(b)(ii) -- never glued to the paragraph before it -- and a citation «ср. п. 21.2.(b)(ii)»
("see 21.2.(b)(ii)") resolves to it. Controls: one bracket level (21.3.(iii)) and a plain
number read as before; a line that only cites such a number inside a sentence stays in its
paragraph. Invented laws and commentary, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from added_books import book_folder
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder

TEXTS = {
    "ru": ("Правило 21. ПОДЪЁМ\nГруппа поднимается к приюту до начала игры.\n"
           "Правило 22. ЛАВИНЫ\nИгра не начинается при лавинной опасности.\n",
           "Правило 21. ПОДЪЁМ\n21.1. Сбор допускается и у верхней станции дороги.\n"
           "21.2.(b)(ii) Если дорога закрыта, группа идёт пешком.\n"
           "21.3.(iii) Третий случай описан отдельно, как сказано в п.\n21.2.(b)(ii) выше.\n"
           "Правило 22. ЛАВИНЫ\n22.1. Тревогу объявляет спасатель (ср. п. 21.2.(b)(ii)).\n"),
    "en": ("LAW 21 - CLIMBING\nThe group climbs to the hut before play.\n"
           "LAW 22 - AVALANCHES\nNo play starts while avalanches threaten.\n",
           "LAW 21 - CLIMBING\n21.1. The group may meet at the upper station.\n"
           "21.2.(b)(ii) If the cable car is closed, the group walks up.\n"
           "21.3.(iii) The third case is set out apart, as in\n21.2.(b)(ii) said.\n"
           "LAW 22 - AVALANCHES\n22.1. Only a rescuer sounds the alarm (see 21.2.(b)(ii)).\n"),
}
EXPECTED = {
    "ru": {"21.1": "Сбор допускается и у верхней станции дороги.",
           "21.2(b)(ii)": "Если дорога закрыта, группа идёт пешком.",
           "21.3(iii)": "Третий случай описан отдельно, как сказано в п. 21.2.(b)(ii) выше."},
    "en": {"21.1": "The group may meet at the upper station.",
           "21.2(b)(ii)": "If the cable car is closed, the group walks up.",
           "21.3(iii)": "The third case is set out apart, as in 21.2.(b)(ii) said."},
}


def build(tmp_path: Path, lang: str):
    laws, commentary = TEXTS[lang]
    root = book_folder(tmp_path, lang, sources=[("laws", "laws.txt", laws), ("commentary", "comm.txt", commentary)])
    return parse_folder(read_corpus_folder(root), strict=False)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_two_bracket_levels_start_their_own_paragraph(tmp_path, lang):
    corpus = build(tmp_path, lang)
    got = {n.id: " ".join((n.text or "").split()) for n in corpus.nodes if n.kind == "commentary" and n.law == "21"}
    assert got == EXPECTED[lang]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_citation_of_two_bracket_levels_resolves(tmp_path, lang):
    corpus = build(tmp_path, lang)
    cited = {r.target for r in corpus.refs if r.from_ == "22.1" and r.status == "node"}
    assert cited == {"21.2(b)(ii)"}, [(r.surface, r.target, r.status) for r in corpus.refs]
