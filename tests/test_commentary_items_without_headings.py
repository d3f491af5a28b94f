"""Cold read 8, issue 13, finding 3: a commentary with no law headings -- its paragraphs
numbered «21.2.» alone -- keeps a short paragraph that introduces a series («21.2. A
concession stands when:») and gives its items their own nodes, 21.2, 21.2(a), 21.2(b), as it
does with a law heading above and in Russian: the paragraph's line is never read as a site's
counter (a short line with a number at the file's edge), and an item that ends in a mark and
the language's conjunction («; or», «; и») does not swallow the next. Invented books, a whole
book's own commentary and a commentary file of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder

LAWS = {
    "en": ["LAW 20 - BOARDS PLAYED OUT OF TURN", "A board played out of turn is scored as usual.",
           "LAW 21 - CLAIMS AND CONCESSIONS", "A claim made after the last trick is void.",
           "LAW 22 - LEAVING THE TABLE", "A player may leave the table with the steward's permission."],
    "ru": ["Правило 20. ИГРА НЕ В СВОЙ ЧЕРЁД", "Сдача, сыгранная не в свой черёд, засчитывается как обычно.",
           "Правило 21. ПРЕТЕНЗИИ И УСТУПКИ", "Претензия после последней взятки недействительна.",
           "Правило 22. УХОД ИЗ-ЗА СТОЛА", "Игрок может выйти из-за стола с разрешения судьи."],
}
COMMENTARY = {
    "en": ("COMMENTARY", "LAW 21 - CLAIMS AND CONCESSIONS",
           ["21.1. A claim after the last trick is void even if both sides agree to it.",
            "21.2. A concession stands when:", "(a) the travelling sheet has been signed{join}",
            "(b) the steward has seen the board."], ["; or", "; and", ";", ","]),
    "ru": ("КОММЕНТАРИЙ", "Правило 21. ПРЕТЕНЗИИ И УСТУПКИ",
           ["21.1. Претензия недействительна, даже если обе стороны согласны.",
            "21.2. Уступка остаётся в силе, если:", "а) протокол подписан{join}", "б) судья видел сдачу."],
           ["; или", "; и", ";", ","]),
}


def corpus(tmp_path: Path, lang: str, laws: str, commentary: str | None) -> Path:
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "book.txt").write_text(laws, encoding="utf-8")
    manifest = (f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
                f'[[source]]\npath = "laws/{lang}/book.txt"\nlang = "{lang}"\nkind = "laws"\n')
    if commentary is not None:
        (root / "commentary" / lang).mkdir(parents=True)
        (root / "commentary" / lang / "notes.txt").write_text(commentary, encoding="utf-8")
        manifest += f'\n[[source]]\npath = "commentary/{lang}/notes.txt"\nlang = "{lang}"\nkind = "commentary"\n'
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    return root


def commentary_nodes(root: Path) -> dict[str, str]:
    c = parse_folder(read_corpus_folder(root))
    return {n.id: n.text for n in c.nodes if n.kind == "commentary"}


CASES = [(lang, join, heading, whole) for lang in ("en", "ru") for join in COMMENTARY[lang][3]
         for heading in (False, True) for whole in (True, False)]


@pytest.mark.parametrize("lang,join,heading,whole", CASES)
def test_a_paragraph_that_opens_a_series_and_its_items(tmp_path, lang, join, heading, whole):
    title, law_heading, paragraphs, _ = COMMENTARY[lang]
    body = ([law_heading] if heading else []) + [p.format(join=join) for p in paragraphs]
    laws = "\n".join(LAWS[lang]) + "\n"
    if whole:
        root = corpus(tmp_path, lang, laws + "\n" + "\n".join([title] + body) + "\n", None)
    else:
        root = corpus(tmp_path, lang, laws, "\n".join(body) + "\n")
    got = commentary_nodes(root)
    assert ["21.1", "21.2", "21.2(a)", "21.2(b)"] == sorted(got), got
    assert got["21.2"].rstrip().endswith(":")
    assert paragraphs[3].split(maxsplit=1)[1] not in got["21.2(a)"], got  # (b) is not (a)'s tail
