"""Suggestions for pieces no rule placed (cold read 14 of issue 13, finding 6):

* a citation says which law a text names, not what it is about: a piece citing law N
  («см. правило 2», "see Law 2") is not suggested into a law for the citation's words
  (the profile's citation words, «см», «правило», "see", "Law", count for nothing, nor
  does the citation's text), while a piece whose own words are a law's still is;
* a piece most of whose words no law's text or title holds is about something else: a
  couple of common words it shares with a law do not make a suggestion;
* a piece's confidence does not move when an unrelated file is added.

Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder

BOOKS = {
    "ru": """Правило 1. ШЛЮПКИ
Шлюпки выдаёт боцман под расписку; вёсла хранятся в сарае у пристани (см. правило 2).
Правило 2. МАЯК
Смотритель маяка зажигает огонь на закате и гасит его на рассвете, отмечая время в вахтенном журнале.
Правило 3. ТУМАН
В туман колокол на мысу звонит каждые пять минут, пока видимость не станет больше кабельтова (см. правило 1).
""",
    "en": """LAW 1 - THE DINGHIES
The bosun issues the dinghies against a receipt; the oars are stored in the shed by the jetty (see Law 2).
LAW 2 - THE LIGHTHOUSE
The lighthouse keeper lights the lamp at sunset and puts it out at dawn, noting the time in the watch log.
LAW 3 - FOG
In fog the bell on the cape rings every five minutes until one can see farther than a cable (see Law 1).
""",
}

# a note citing a law, about nothing the laws speak of
CITING = {
    "ru": "Редакция благодарит читателей за письма и просит присылать поправки почтой (см. правило 2).\n",
    "en": "The editors thank readers for their letters and ask for corrections by post (see Law 2).\n",
}
# a page of law 1's own words that also cites law 2: law 1's
OWN = {
    "ru": "Боцман выдаёт шлюпки и вёсла под расписку, а шлюпки без вёсел в сарае у пристани не хранятся (см. правило 2).\n",
    "en": "The bosun issues dinghies and oars against a receipt, and no dinghy is stored in the shed by the jetty without oars (see Law 2).\n",
}
# a page about something else sharing two words with law 2
ELSEWHERE = {
    "ru": "Каждый член клуба платит взнос до заката сезона; после этого взнос вдвое возрастает, а долг пишут в журнале.\n",
    "en": "Each member of the club pays the fee by the sunset of the season; after that the fee doubles and debts go in the log.\n",
}
UNRELATED = {
    "ru": "Чай и морс подают на веранде.\n",
    "en": "Tea and juice are served on the veranda.\n",
}


def corpus(tmp_path: Path, lang: str, loose: dict[str, str]) -> Path:
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "book.txt").write_text(BOOKS[lang], encoding="utf-8")
    manifest = f'[code]\ntitle = "Test"\nlaws = [1, 3]\nlang = "{lang}"\n'
    manifest += f'\n[[source]]\npath = "laws/book.txt"\nlang = "{lang}"\nkind = "laws"\n'
    for name, text in loose.items():
        (root / "laws" / f"{name}.txt").write_text(text, encoding="utf-8")
        manifest += f'\n[[source]]\npath = "laws/{name}.txt"\nlang = "{lang}"\nkind = "laws"\n'
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    return root


def suggestions(root: Path) -> dict[str, dict]:
    report = parse_folder(read_corpus_folder(root), strict=False).report
    return {s["source"]: s for s in (*report.suggestions, *report.unsuggested)}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_citation_is_no_evidence(tmp_path, lang):
    got = suggestions(corpus(tmp_path, lang, {"citing": CITING[lang], "own": OWN[lang]}))
    citing = got["citing"]
    assert citing.get("verdict", "law") != "law", citing
    words = citing["basis"].split(", ") if citing["basis"] else []
    assert not {"см", "правило", "see", "law"} & {w.casefold() for w in words}, citing
    # control: a page in a law's own words is suggested into it, whatever it cites
    assert got["own"]["law"] == "1" and got["own"].get("verdict", "law") == "law", got["own"]
    assert not {"см", "правило", "see", "law"} & {w.casefold() for w in got["own"]["basis"].split(", ")}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_piece_mostly_of_other_words_is_suggested_nowhere(tmp_path, lang):
    got = suggestions(corpus(tmp_path, lang, {"elsewhere": ELSEWHERE[lang], "own": OWN[lang]}))
    assert got["elsewhere"].get("verdict", "law") != "law", got["elsewhere"]
    assert got["own"]["law"] == "1" and got["own"].get("verdict", "law") == "law"  # control


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_confidence_does_not_move_when_an_unrelated_file_is_added(tmp_path, lang):
    alone = suggestions(corpus(tmp_path / "a", lang, {"own": OWN[lang]}))["own"]
    more = suggestions(corpus(tmp_path / "b", lang, {"own": OWN[lang], "tea": UNRELATED[lang]}))["own"]
    assert (alone["law"], alone["confidence"]) == (more["law"], more["confidence"])
