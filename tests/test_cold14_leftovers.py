"""Issue 12: items cold reads 11, 13 and 14 left open. Invented pages, Russian and English.

1. A letter-spaced heading whose number is spaced too, on a page whose spacing collapsed to
   single spaces (a saved web page): «П р а в и л о 8 8. П Р У Д», "L A W 1 2" -- the digits
   after a spaced word are its number (law 88, law 12, with the title); "8 8" in ordinary
   text stays.
2. ``add`` of files named one by one: a file it cannot read (an old .doc) stops the batch, and
   the message says plainly that nothing was added; a file of notes (no law heading, no
   sentence: «мои заметки: скачал с сайта») is skipped with the reason, told by its content
   whatever its name; a page of law text cut where no heading falls is added.
3. A translation's file that opens with a title page or a preface before its first law: front
   matter, warned as in the main language, not "text in no node" (the build failing).
4. A DOCX paragraph opening with a bold run-in heading («A. Forge.» then the clause's text in
   the same paragraph) gives clause A its title; a bold word inside a sentence stays text.
5. An RTF file cut inside an escape (``\\'e`` of ``\\'e5``, ``\\u108`` of ``\\u1089?``) leaves no
   stray Latin letter of the cut escape in the text; a whole escape at the end stays.
7. A page saved as a web archive (.mhtml, .mht) is a saved web page for cleaning too: its
   site-tool rows («Search this site» over a list of links) are furniture as in an .html;
   a list the law's text introduces stays.
8. A law source whose every heading is outside the code's range says so once (the range
   error), not again as "text in no node: no law was read"; a source whose headings are in no
   form the profile reads still gets that message. An ID query in fullwidth letters and digits
   («91Ａ１») is read as 91A1.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch import furniture
from lawsearch.cli import main


def build(tmp_path, files: dict[str, str | bytes], add_args=()) -> tuple[dict, object, object]:
    """add the files, then build: ({id: node}, add result, build result)."""
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    corpus = tmp_path / "corpus"
    added = CliRunner().invoke(main, ["add", *[str(tmp_path / n) for n in files], "--corpus", str(corpus), *add_args])
    built = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--out", str(tmp_path / "out")])
    nodes = {}
    if built.exit_code == 0:
        nodes = {n["id"]: n for n in json.loads((tmp_path / "out" / "corpus.json").read_text(encoding="utf-8"))["nodes"]}
    return nodes, added, built


def html(body: str) -> str:
    return ('<!doctype html><html><head><meta charset="utf-8"><title>Pond</title></head><body>'
            f'<div class="content">{body}</div></body></html>')


# -- 1. a letter-spaced heading with a spaced number --------------------------------------------

@pytest.mark.parametrize("lang, line, expected", [
    ("ru", "П р а в и л о 8 8. П Р У Д", "Правило 88. ПРУД"),
    ("ru", "П Р А В И Л О 1 0 7. Л О Д К И", "ПРАВИЛО 107. ЛОДКИ"),
    ("en", "L A W 1 2 - P O N D", "LAW 12 - POND"),
    ("en", "L A W 1 2. P O N D S", "LAW 12. PONDS"),
])
def test_a_spaced_number_after_a_spaced_word_is_joined(lang, line, expected):
    assert furniture.letter_spaced_words(line, lang) == expected


@pytest.mark.parametrize("lang, line", [
    ("ru", "Во дворе стоят 8 8 лодок."),
    ("ru", "Пункты а и в 8 8 раз."),
    ("en", "Boards a b c 1 2 are played first."),
    ("en", "Rows 1 2 3 of the pond."),
])
def test_spaced_digits_in_ordinary_text_stay(lang, line):
    assert furniture.letter_spaced_words(line, lang) == line


PONDS = {
    "ru": ("П р а в и л о  8 8.  П Р У Д", "П р а в и л о  8 9.  Л О Д К И", "A. Караси",
           "Карасей кормят крошками ровно в полдень.", "A. Вёсла", "Вёсла выдаёт сторож под запись.",
           "ПРУД", "ЛОДКИ"),
    "en": ("L A W  1 2.  P O N D S", "L A W  1 3.  B O A T S", "A. Carp",
           "The carp are fed crumbs at noon.", "A. Oars", "The keeper hands out the oars.",
           "PONDS", "BOATS"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_spaced_heading_on_a_web_page_makes_its_law(tmp_path, lang):
    h1, h2, a1, t1, a2, t2, title1, title2 = PONDS[lang]
    body = f"<h2>{h1}</h2><p><b>{a1}</b></p><p>{t1}</p><h2>{h2}</h2><p><b>{a2}</b></p><p>{t2}</p>"
    nodes, added, built = build(tmp_path, {"pond.html": html(body)})
    assert built.exit_code == 0, built.output
    first, second = ("88", "89") if lang == "ru" else ("12", "13")
    assert nodes[first]["title"] == title1 and nodes[second]["title"] == title2
    assert t1 in nodes[first + "A"]["text"] and t2 in nodes[second + "A"]["text"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_spaced_number_in_the_text_of_a_page_stays(tmp_path, lang):
    """The control: the law's own text with digits one space apart keeps them."""
    h1, h2, a1, t1, a2, t2, *_ = PONDS[lang]
    row = "Лунки 8 8 и 9 9 стоят рядом." if lang == "ru" else "Holes 8 8 and 9 9 stand side by side."
    body = f"<h2>{h1}</h2><p><b>{a1}</b></p><p>{t1}</p><p>{row}</p>"
    nodes, added, built = build(tmp_path, {"pond.html": html(body)})
    assert built.exit_code == 0, built.output
    first = "88" if lang == "ru" else "12"
    assert row in nodes[first + "A"]["text"]


# -- 2. add of files named one by one ------------------------------------------------------------

LAW_PAGE = {"ru": "Правило 90. КОЛОДЕЦ\n\nA. Ведро\nВедро опускают на цепи.\n",
            "en": "LAW 90 - THE WELL\n\nA. Bucket\nThe bucket is lowered on its chain.\n"}
NOTES = {"ru": ["мои заметки: скачал с сайта", "список: колодец, ведро, цепь"],
         "en": ["my notes: saved from the site", "to do\nwell, bucket, chain"]}
# a page of a law's text where no heading falls: its sentences are law text
CONTINUED = {"ru": "цепь смазывают раз в месяц.\nКрышку колодца запирают на ночь.\n",
             "en": "the chain is oiled once a month.\nThe lid of the well is locked at night.\n"}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant", [0, 1])
def test_notes_named_with_law_pages_are_skipped_with_the_reason(tmp_path, lang, variant):
    nodes, added, built = build(tmp_path, {"page90.txt": LAW_PAGE[lang], "readme.txt": NOTES[lang][variant]})
    assert added.exit_code == 0, added.output
    assert "skipped" in added.output and "readme.txt" in added.output and "no law heading" in added.output
    manifest = (tmp_path / "corpus" / "manifest.toml").read_text(encoding="utf-8")
    assert "page90.txt" in manifest and "readme.txt" not in manifest
    assert built.exit_code == 0, built.output


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_page_of_law_text_without_a_heading_is_added(tmp_path, lang):
    """The control: sentences with no heading are a page of the law's text, not notes."""
    nodes, added, built = build(tmp_path, {"page90.txt": LAW_PAGE[lang], "page91.txt": CONTINUED[lang]})
    assert added.exit_code == 0, added.output
    assert "skipped" not in added.output
    manifest = (tmp_path / "corpus" / "manifest.toml").read_text(encoding="utf-8")
    assert "page91.txt" in manifest


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_only_notes_named_says_nothing_was_added(tmp_path, lang):
    nodes, added, built = build(tmp_path, {"notes.txt": NOTES[lang][0]})
    assert "nothing was added" in added.output
    assert not (tmp_path / "corpus").exists()


def test_an_unreadable_file_named_says_nothing_was_added(tmp_path):
    old_word = bytes.fromhex("d0cf11e0a1b11ae1") + bytes(600)  # an old Word file's signature
    nodes, added, built = build(tmp_path, {"page90.txt": LAW_PAGE["ru"], "old.doc": old_word})
    assert added.exit_code != 0
    assert "old.doc" in added.output and "nothing was added" in added.output
    assert not (tmp_path / "corpus").exists()


# -- 3. front matter of a translation's file --------------------------------------------------------

FRONT = {"ru": "СВОД ПРАВИЛ ПРУДА\n\nИздание клуба рыболовов\n\n",
         "en": "THE CODE OF THE POND\n\nA club of anglers edition\n\n"}
PREFACE = {"ru": "Предисловие\n\nЭта книга написана для членов клуба.\n\n",
           "en": "Preface\n\nThis book is written for the members of the club.\n\n"}
POND_LAWS = {"ru": ["Правило {n}. ПРУД {n}\n\nA. Вода\nВоду пруда {n} меняют весной.\n",
                    "Правило {n}. ЛОДКИ {n}\n\nA. Вёсла\nВёсла лодки {n} выдаёт сторож.\n"],
             "en": ["LAW {n} - POND {n}\n\nA. Water\nThe water of pond {n} is changed in spring.\n",
                    "LAW {n} - BOATS {n}\n\nA. Oars\nThe keeper hands out the oars of boat {n}.\n"]}


def pond_file(lang: str, first: int, opening: str = "") -> str:
    return opening + "\n".join(POND_LAWS[lang][k].format(n=first + k) for k in (0, 1))


@pytest.mark.parametrize("opening", [FRONT, PREFACE], ids=["title page", "preface"])
@pytest.mark.parametrize("per_language", [1, 2])
def test_front_matter_of_a_translation_file_is_no_error(tmp_path, opening, per_language):
    files = {}
    for lang in ("ru", "en"):
        files[f"{lang}1.txt"] = pond_file(lang, 1, opening[lang])
        if per_language == 2:
            files[f"{lang}2.txt"] = pond_file(lang, 3)
    nodes, added, built = build(tmp_path, files)
    assert added.exit_code == 0, added.output
    assert built.exit_code == 0, built.output
    assert "text in no node" not in built.output
    assert "en1.txt:1: text before law 1" in built.output and "front matter" in built.output
    # the control: the translation's law text stays, merged into its nodes
    assert "pond 1 is changed" in nodes["1A"]["translations"]["en"]["text"]
    if per_language == 2:
        assert "boat 4" in nodes["4A"]["translations"]["en"]["text"]


@pytest.mark.parametrize("per_language", [1, 2])
def test_a_sentence_before_a_translation_files_first_law_is_still_lost(tmp_path, per_language):
    """The control: law text of a translation cut from its heading (a sentence, no title
    before it) lands in no node: the build fails on it, as before."""
    files = {}
    for lang in ("ru", "en"):
        stray = "Воду пруда меняют весной.\n" if lang == "ru" else "The water of the pond is changed in spring.\n"
        files[f"{lang}1.txt"] = pond_file(lang, 1, stray if lang == "en" else "")
        if per_language == 2:
            files[f"{lang}2.txt"] = pond_file(lang, 3)
    nodes, added, built = build(tmp_path, files)
    assert built.exit_code != 0 and "en1.txt:1: text in no node" in built.output


# -- 4. a DOCX bold run-in heading ---------------------------------------------------------------

def docx(paragraphs: list[list[tuple[str, bool]]]) -> bytes:
    """A minimal .docx: each paragraph a list of (text, bold) runs."""
    import io
    import zipfile
    from xml.sax.saxutils import escape

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    body = "".join("<w:p>" + "".join(f'<w:r>{"<w:rPr><w:b/></w:rPr>" if bold else ""}<w:t xml:space="preserve">'
                                     f"{escape(text)}</w:t></w:r>" for text, bold in runs) + "</w:p>"
                   for runs in paragraphs)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.'
                   'openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/'
                   'xml"/></Types>')
        z.writestr("word/document.xml", f'<?xml version="1.0" encoding="UTF-8"?><w:document {w}><w:body>{body}'
                   "</w:body></w:document>")
    return out.getvalue()


SMITHY = {"ru": ("Правило 85. КУЗНИЦА", [("A. Горн. ", "Горн разжигают берёзовым углём до рассвета.", "Горн"),
                                         ("B. Подковы: ", "Подковы куют только для клубных лошадей.", "Подковы")],
                 ("Горн разжигают ", "всегда", " до рассвета.")),
          "en": ("LAW 85 - THE SMITHY", [("A. Forge. ", "The forge is lit with birch charcoal before dawn.", "Forge"),
                                         ("B. Horse Shoes ", "Horseshoes are forged for club horses only.",
                                          "Horse Shoes")],
                 ("The forge is ", "always", " lit before dawn."))}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_bold_run_in_heading_of_a_docx_titles_its_clause(tmp_path, lang):
    heading, clauses, _ = SMITHY[lang]
    paragraphs = [[(heading, False)]] + [[(label, True), (text, False)] for label, text, _ in clauses]
    nodes, added, built = build(tmp_path, {"smithy.docx": docx(paragraphs)})
    assert built.exit_code == 0, built.output
    for (label, text, title), id_ in zip(clauses, ("85A", "85B")):
        assert nodes[id_]["title"] == title
        assert nodes[id_]["text"] == text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_bold_word_inside_a_sentence_of_a_docx_stays_text(tmp_path, lang):
    from lawsearch import formats

    heading, clauses, (before, word, after) = SMITHY[lang]
    label = clauses[0][0].split()[0]
    paragraphs = [[(heading, False)], [(label + " " + clauses[0][2], False)],
                  [(before, False), (word, True), (after, False)],
                  [(word.capitalize(), True), (after, False)]]
    lines = formats.read_docx(docx(paragraphs), "x.docx").lines
    assert before + word + after in lines and word.capitalize() + after in lines


# -- 5. an RTF cut inside an escape ----------------------------------------------------------------

RTF_HEAD = rb"{\rtf1\ansi\ansicpg1251{\fonttbl{\f0 Arial;}}\pard "
CANDLES = r"\'c2\'ee\'f1\'ea\'ee\'e2\'fb\'e5 \'f1\'e2\'e5\'f7\'e8 \'f1".encode()  # «Восковые свечи с»


@pytest.mark.parametrize("cut, expected", [
    (CANDLES + rb"\'e", "Восковые свечи с"),  # «се»: the second hex digit of \'e5 lost
    (CANDLES + rb"\'", "Восковые свечи с"),
    (CANDLES + rb"\'e" + b"\r\n", "Восковые свечи с"),
    (rb"\u1042?\u1086?\u1089?\u108", "Вос"),  # «Восл»: the code of \u1082 cut to \u108
    (rb"The candles are lit at the caf\'e", "The candles are lit at the caf"),
    (rb"The candles are lit at the caf\u23", "The candles are lit at the caf"),
])
def test_an_rtf_cut_inside_an_escape_leaves_no_stray_letter(cut, expected):
    from lawsearch.formats import rtf_text
    assert rtf_text(RTF_HEAD + cut)[0].strip() == expected


@pytest.mark.parametrize("whole, expected", [
    (CANDLES + rb"\'e5", "Восковые свечи се"),
    (rb"\u1042?\u1086?\u1089?", "Вос"),
    (rb"The candles are lit at the caf\'e9", "The candles are lit at the café"),
    (rb"The letter e", "The letter e"),
])
def test_a_whole_escape_at_the_end_of_an_rtf_stays(whole, expected):
    """The control: an escape the cut spared is read, a real one-letter word stays."""
    from lawsearch.formats import rtf_text
    head = RTF_HEAD if b"caf" not in whole else RTF_HEAD.replace(b"1251", b"1252")
    assert rtf_text(head + whole)[0].strip() == expected


# -- 7. site tools of a page saved as MHTML --------------------------------------------------------

def mhtml(page: str) -> bytes:
    """A page saved as a web archive: a MIME message with the page as its quoted-printable part."""
    import quopri

    body = quopri.encodestring(page.encode("utf-8")).decode("ascii")
    return ("From: <Saved by a browser>\r\nSubject: page\r\nMIME-Version: 1.0\r\n"
            'Content-Type: multipart/related; type="text/html"; boundary="----=_NextPart_01"\r\n\r\n'
            "------=_NextPart_01\r\nContent-Type: text/html; charset=\"utf-8\"\r\n"
            "Content-Transfer-Encoding: quoted-printable\r\nContent-Location: file:///page.htm\r\n\r\n"
            f"{body}\r\n------=_NextPart_01--\r\n").encode("ascii")


TOOLS = {"ru": ("Поиск по сайту", ["Главная", "Правила", "Бланки"], "Правило {n}. ЗАЛ {n}", "A. Столы",
                "Столы зала {n} накрывают сукном.", "В шкафу лежат:", ["Карандаши", "Колоды", "Бланки протоколов"]),
         "en": ("Search this site", ["Home", "Rules", "Forms"], "LAW {n} - HALL {n}", "A. Tables",
                "The tables of hall {n} are covered with baize.", "The cupboard holds:", ["Pencils", "Decks", "Scorecards"])}


def tool_page(lang: str, n: int, listed: bool = False) -> str:
    tools, links, head, clause, sentence, intro, items = TOOLS[lang]
    side = f"<b>{tools}</b><br><form><input name=q></form>" + "".join(f'<br><a href="/{k}">{w}</a>'
                                                                        for k, w in enumerate(links))
    text = f"<h2>{head.format(n=n)}</h2><h3>{clause}</h3><p>{sentence.format(n=n)}</p>"
    if listed:
        closing = "Больше там ничего не держат." if lang == "ru" else "Nothing else is kept there."
        text += f"<p>{intro}</p>" + "".join(f"<p>{w}</p>" for w in items) + f"<p>{closing}</p>"
    return (f'<html><head><meta charset="utf-8"><title>{n}</title></head><body><table><tr>'
            f'<td valign="top">{side}</td><td valign="top">{text}</td></tr></table></body></html>')


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("suffix", ["mhtml", "mht"])
def test_site_tools_of_mhtml_pages_are_furniture(tmp_path, lang, suffix):
    files = {f"page{n}.{suffix}": mhtml(tool_page(lang, n, listed=n == 91)) for n in (90, 91, 92)}
    nodes, added, built = build(tmp_path, files)
    assert built.exit_code == 0, built.output
    tools, links, *_, intro, items = TOOLS[lang]
    assert not [n for n in nodes.values() if n["kind"] == "piece"], [n["text"] for n in nodes.values()]
    assert all(tools not in (n["text"] or "") for n in nodes.values())
    # the control: a list the law's text introduces is the law's
    assert all(w in nodes["91A"]["text"] for w in items), nodes["91A"]["text"]


# -- 8. a law outside the code's range said once; a fullwidth ID ------------------------------------

OUTSIDE = {"ru": "Правило 150. ЛОДКИ\n\nA. Вёсла\nВёсла выдаёт сторож.\n",
           "en": "LAW 150 - THE BOATS\n\nA. Oars\nThe keeper hands out the oars.\n"}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("fmt", ["txt", "html"])
def test_a_law_outside_the_range_is_said_once(tmp_path, lang, fmt):
    text = OUTSIDE[lang]
    if fmt == "html":
        head, _, rest = text.partition("\n\n")
        label, _, sentence = rest.strip().partition("\n")
        text = html(f"<h2>{head}</h2><h3>{label}</h3><p>{sentence}</p>")
    nodes, added, built = build(tmp_path, {f"law150.{fmt}": text})
    assert built.exit_code != 0
    assert "outside the code's range" in built.output
    assert "no law, section or clause was read" not in built.output, built.output


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_headings_in_no_form_the_profile_reads_still_say_no_law_was_read(tmp_path, lang):
    """The control: no range error names the file, so the message says why no law was read."""
    text = OUTSIDE[lang].replace("150", "сто" if lang == "ru" else "one hundred")
    nodes, added, built = build(tmp_path, {"law.txt": text})
    assert built.exit_code != 0 and "no law, section or clause was read" in built.output


@pytest.mark.parametrize("query", ["91Ａ１", "９１Ａ１", "91A１", "91a1"])
def test_a_fullwidth_id_query_is_read_as_the_id(tmp_path, query):
    text = "Правило 91. ПРУД\n\nA. Вода\n1. Воду меняют весной.\n2. Воду проверяют летом.\n\nB. Лёд\nЛёд колют зимой.\n"
    nodes, added, built = build(tmp_path, {"ru.txt": text})
    assert built.exit_code == 0, built.output
    found = CliRunner().invoke(main, ["search", "--corpus", str(tmp_path / "corpus"), "--out", str(tmp_path / "out"),
                                      query])
    assert found.exit_code == 0, found.output
    assert found.output.splitlines()[0].endswith("91A1, nothing in the corpus cites it"), found.output
    assert "no 91A1" not in found.output
