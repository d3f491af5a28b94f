"""No furniture rule takes law text's words silently (cold read 6 of issue 12, finding 1).

* A list of links set between the main text's own blocks -- a section listing the laws it
  relates to, «Правило 41 — перерывы» -- is the text's: it stays, as a list item (a bullet
  before it, so a cited law's name is never read as that law's heading); a pager or a row of
  one-word links at the main text's top or bottom is still navigation.
* A lone URL or file name that finishes a sentence left open («…отправляются по адресу» /
  ``http://…``), ends with a full stop or is carried on by the next line stays, and a text
  ending with one does not stop mid-sentence (no false gap mark).

Every text here is invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.formats import read_document
from lawsearch.furniture import prepare


def _page(body: str, wrap: str | None, lang: str) -> bytes:
    opening, closing = {"main": ("<main>", "</main>"), "article": ("<article>", "</article>"),
                        None: ("", "")}[wrap]
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>t</title></head><body>'
            f'<header><a href="/">Home</a></header>{opening}{body}{closing}'
            f'<footer><a href="p1.html">‹ prev</a> | <a href="p3.html">next ›</a></footer></body></html>').encode()


# (page body, lines that must stay in order, link text that must go)
PAGES = {
    "ru-list": ('<h1>Правило 40. ОБЯЗАННОСТИ КЛАДОВЩИКА</h1><h2>A. Приём</h2>'
                '<p>Кладовщик принимает ящики по описи.</p><h2>B. Смежные правила</h2>'
                '<ul><li><a href="41.html">Правило 41 — сушка сена</a></li>'
                '<li><a href="42.html">Правило 42 — учёт овса</a></li></ul>'
                '<h2>C. Ключи</h2><p>Ключи хранятся у сторожа.</p>',
                ["B. Смежные правила", "• Правило 41 — сушка сена", "• Правило 42 — учёт овса", "C. Ключи"], None),
    "ru-ol-pager": ('<h1>Правило 12. ФОНАРИ</h1><p><a href="11.html">‹ Правило 11</a> | <a href="13.html">Правило 13 ›</a></p>'
                    '<h2>A. Зажигание</h2><p>Фонарь зажигают в сумерках.</p>'
                    '<ol><li><a href="#a">Смотри порядок смены фитиля</a></li></ol>'
                    '<p>Сторож гасит фонари на рассвете.</p>',
                    ["• Смотри порядок смены фитиля", "Сторож гасит фонари на рассвете."], "Правило 13 ›"),
    "en-list": ('<h1>LAW 60 - THE BOATHOUSE</h1><h2>A. Oars</h2><p>Oars are counted each evening.</p>'
                '<h2>B. Related Laws</h2><ul><li><a href="61.html">Law 61 - Rope Knots</a></li>'
                '<li><a href="62.html">Law 62 - Lost Paddles</a></li></ul>'
                '<h2>C. Keys</h2><p>The keys hang by the door.</p>',
                ["• Law 61 - Rope Knots", "• Law 62 - Lost Paddles", "C. Keys"], None),
    "en-menu": ('<h1>LAW 8 - LADDERS</h1><ul><li><a href="/">Home</a></li><li><a href="/laws">Laws</a></li></ul>'
                '<p>A ladder is checked before use.</p><p>Broken rungs are reported at once.</p>'
                '<ul><li><a href="7.html">Previous</a></li><li><a href="9.html">Next</a></li></ul>',
                ["A ladder is checked before use.", "Broken rungs are reported at once."], "Previous"),
}


@pytest.mark.parametrize("wrap", ["main", "article", None])
@pytest.mark.parametrize("name", list(PAGES))
def test_a_list_of_links_between_the_texts_blocks_is_kept_and_navigation_goes(name, wrap):
    body, kept, gone = PAGES[name]
    doc = read_document(_page(body, wrap, name[:2]), "page.html")
    at = [doc.lines.index(line) for line in kept]  # every line there ...
    assert at == sorted(at)  # ... in its order
    if gone:
        assert not any(gone in line for line in doc.lines)
        assert any(gone in text and rule == "page_navigation" for _, rule, text in doc.dropped)
    assert not any("Home" == line for line in doc.lines)


def _html_corpus(root: Path, lang: str, pages: dict[str, bytes]) -> Path:
    (root / "laws" / lang).mkdir(parents=True)
    entries = []
    for name, data in pages.items():
        (root / "laws" / lang / name).write_bytes(data)
        entries += ["", "[[source]]", f'path = "laws/{lang}/{name}"', f'lang = "{lang}"', 'kind = "laws"']
    (root / "manifest.toml").write_text("\n".join(['[code]', 'title = "T"', 'laws = [1, 93]', f'lang = "{lang}"']
                                                  + entries) + "\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("name, law, section, words", [
    ("ru-list", "40", "40B", ["сушка сена", "учёт овса"]),
    ("en-list", "60", "60B", ["Rope Knots", "Lost Paddles"]),
])
def test_the_kept_list_is_its_sections_text_not_the_cited_laws_headings(tmp_path, name, law, section, words):
    lang = name[:2]
    c = build_corpus(_html_corpus(tmp_path / "c", lang, {"p.html": _page(PAGES[name][0], "article", lang)}))
    assert {n.law for n in c.nodes if n.law} == {law}  # no law 41/61 made of a list item
    node = next(n for n in c.nodes if n.id == section)
    assert all(w in node.text for w in words)


ADDRESS_TEXTS = [
    # (lines, the address line (0-based) that must stay)
    (["Правило 42. ЗАБЫТЫЕ ВЕЩИ", "B. Адрес", "Невостребованные зонтики пересылаются по адресу",
      "http://zontik.example/stol-nakhodok"], 3),
    (["Правило 9. ПИСЬМА", "Жалобы пишут в файл, который называется", "zhaloby_2020.txt", "и кладут у входа."], 2),
    (["LAW 42 - LOST UMBRELLAS", "B. Address", "Unclaimed umbrellas are posted to", "umbrellas.example/desk"], 3),
    (["LAW 12 - FORMS", "The form to fill in is", "www.forms.example/f12.", "Law 13 - Ink"], 2),
    (["LAW 14 - NOTICES", "Notices stand in", "notices.txt", "on the main board."], 2),
]


@pytest.mark.parametrize("lines, kept", ADDRESS_TEXTS)
def test_an_address_finishing_or_carrying_a_sentence_stays(lines, kept):
    lang = "ru" if any("а" <= ch <= "я" for ch in lines[0].lower()) else "en"
    out, changes = prepare(lines, "laws", lang, heading=lambda s: s.isupper() or s[:4].isupper())
    assert out[kept] == lines[kept]
    assert (kept + 1, "lone_urls") not in changes and (kept + 1, "lone_file_names") not in changes


PRINTED_ADDRESSES = [
    # (lines, the address lines (0-based) that go): a copy printed from a site has its page's
    # address at each page's edge, also where a page break cuts a sentence
    (["Правило 8. КОСТРЫ", "Разводить костёр разрешается только", "www.lesnik.example/kodeks/8.html",
      "на поляне у реки.", "http://www.lesnik.example/kodeks/9.html", "Правило 9. ПАЛАТКИ"], [2, 4]),
    (["LAW 4 - OARS", "Each rower keeps", "www.oars.example/code/p2", "two oars in the boat.",
      "https://oars.example/code/p3", "LAW 5 - ROPES"], [2, 4]),
    (["Правило 2. КОРЗИНЫ", "Корзины сдают", "kodeks_grib_2.txt", "старшему по лагерю.",
      "Правило 3. НОЖИ", "Нож носят в чехле.", "kodeks_grib_3.txt"], [2, 6]),
]


@pytest.mark.parametrize("lines, gone", PRINTED_ADDRESSES)
def test_the_copys_own_address_at_each_page_goes_even_inside_a_sentence(lines, gone):
    lang = "ru" if any("а" <= ch <= "я" for ch in lines[0].lower()) else "en"
    out, changes = prepare(lines, "laws", lang, heading=lambda s: s.isupper() or s[:4].isupper())
    assert [n for n in gone if out[n].strip()] == []
    assert {n + 1 for n in gone} <= {k for k, rule in changes if rule in {"lone_urls", "lone_file_names"}}


@pytest.mark.parametrize("lines, gone", [
    (["Правило 3. ВЁДРА", "Вёдра ставят у колодца.", "http://vedro.example/pravila/3.html", "Правило 4. ВЕРЁВКИ"], 2),
    (["LAW 3 - BUCKETS", "Buckets stand by the well.", "buckets_law3.html"], 2),
    (["Клуб садоводов", "http://sad.example", "Правило 5. ГРАБЛИ", "Грабли убирают в сарай."], 1),
])
def test_an_address_after_a_whole_sentence_or_a_name_still_goes(lines, gone):
    lang = "en" if lines[0].startswith("LAW") else "ru"
    out, _ = prepare(lines, "laws", lang, heading=lambda s: s[:3].isupper() and any(ch.isdigit() for ch in s))
    assert out[gone] == ""


@pytest.mark.parametrize("lang, text, address", [
    ("ru", "Правило 40. ЯЩИКИ\nA. Приём\nЯщики принимают по описи.\nB. Адрес\nНевостребованные ящики отправляются по адресу\n"
           "http://yashchik.example/sklad\n", "http://yashchik.example/sklad"),
    ("en", "LAW 40 - CRATES\nA. Receiving\nCrates are received by list.\nB. Address\nUnclaimed crates are sent to\n"
           "crates_store.txt\n", "crates_store.txt"),
])
def test_a_text_ending_with_an_address_keeps_it_and_has_no_gap_mark(tmp_path, lang, text, address):
    root = tmp_path / "c"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "t.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(f'[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "{lang}"\n\n[[source]]\n'
                                        f'path = "laws/{lang}/t.txt"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    c = build_corpus(root)
    node = next(n for n in c.nodes if n.id == "40B")
    assert address in node.text
    assert not node.truncated_end and not any(m.kind == "gap" for m in node.marks)
