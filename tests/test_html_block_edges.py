"""A web page's blocks that stand apart as a whole never run into the text around them
(issue 9, cold read 13, enL13; task fixCE):

* a <pre>, <blockquote>, <figure>/<figcaption>, <dl>/<dt>/<dd>, <section>, <aside>, <details>
  and <summary> end a paragraph before and after them: the line before such a block and the
  block's last line are never joined with what follows ("N  S" / "x  y" / "Text after …"
  never becomes "N S x y Text after …"), whatever the layout's wrapping;
* a <pre>'s own line breaks are lines, one paragraph each;
* a <details>' <summary> is a line of its own: left out (``page_toggle``, counted) when it is
  one of the profile's toggle labels ("More", «Подробнее»), else text of its own.

Controls: two plain paragraphs the first of which stops mid-sentence still join as before.
The pages are invented."""

from __future__ import annotations

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.formats import read_html

DROP_TOGGLE = "page_toggle"  # the rule check counts a toggle's label under


def page(body: str, lang: str) -> str:
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>Rules</title></head>'
            f'<body><main>{body}</main></body></html>')


def built(tmp_path, body: str, lang: str, layout: str) -> dict[str, str]:
    root = tmp_path / f"{lang}-{layout}"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "p.html").write_text(page(body, lang), encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Tea"\nlaws = [1, 93]\nlang = "{lang}"\n\n[[source]]\npath = "laws/p.html"\n'
        f'lang = "{lang}"\nkind = "laws"\nlayout = "{layout}"\n', encoding="utf-8")
    corpus = build_corpus(root, strict=False)
    return {n.id: n.text for n in corpus.nodes}


HEAD = {"en": "<h2>Law 74 - Seating at Tea</h2><h3>A. The Table</h3>",
        "ru": "<h2>Правило 74. Места за чаем</h2><h3>A. Стол</h3>"}
# (layout, the text before the block (no stop), the block, the block's paragraphs, the text after)
BLOCKS = {
    "en": [
        ("<p>The seats at the tea table are shown thus</p>", "<pre>N  S\nE  W</pre>", ["N S", "E W"],
         "<p>Each guest keeps the seat the host shows him.</p>", "Each guest keeps the seat the host shows him."),
        ("<p>An old saying of the club goes</p>", "<blockquote>The kettle waits for no guest</blockquote>",
         ["The kettle waits for no guest"], "<p>Guests are seated before the water boils.</p>",
         "Guests are seated before the water boils."),
        ("<p>The picture shows the usual table</p>",
         '<figure><img src="t.png" alt="a table"><figcaption>Figure 2: four cups</figcaption></figure>',
         ["Figure 2: four cups"], "<p>Cups are set before the pot.</p>", "Cups are set before the pot."),
        ("<p>Two words are used at the table</p>",
         "<dl><dt>Pourer</dt><dd>the guest holding the pot</dd><dt>Taster</dt><dd>the guest after him</dd></dl>",
         ["Pourer", "the guest holding the pot", "Taster", "the guest after him"],
         "<p>Both words are used in the rules below.</p>", "Both words are used in the rules below."),
        ("<p>The seating is decided by the host</p>", "<section><p>A late guest sits nearest the door</p></section>",
         ["A late guest sits nearest the door"], "<p>The host may change seats once.</p>",
         "The host may change seats once."),
    ],
    "ru": [
        ("<p>Места за столом обозначают так</p>", "<pre>С  Ю\nВ  З</pre>", ["С Ю", "В З"],
         "<p>Каждый гость занимает место, которое укажет хозяин.</p>",
         "Каждый гость занимает место, которое укажет хозяин."),
        ("<p>Старая поговорка клуба гласит</p>", "<blockquote>Чайник не ждёт гостей</blockquote>",
         ["Чайник не ждёт гостей"], "<p>Гостей сажают до того, как закипит вода.</p>",
         "Гостей сажают до того, как закипит вода."),
        ("<p>На рисунке обычный стол</p>",
         '<figure><img src="t.png" alt="стол"><figcaption>Рисунок 2: четыре чашки</figcaption></figure>',
         ["Рисунок 2: четыре чашки"], "<p>Чашки ставят раньше чайника.</p>", "Чашки ставят раньше чайника."),
        ("<p>За столом говорят два слова</p>",
         "<dl><dt>Разливающий</dt><dd>гость с чайником</dd><dt>Пробующий</dt><dd>гость после него</dd></dl>",
         ["Разливающий", "гость с чайником", "Пробующий", "гость после него"],
         "<p>Оба слова встречаются в правилах ниже.</p>", "Оба слова встречаются в правилах ниже."),
        ("<p>Места распределяет хозяин</p>", "<section><p>Опоздавший садится ближе к двери</p></section>",
         ["Опоздавший садится ближе к двери"], "<p>Хозяин может пересадить гостей один раз.</p>",
         "Хозяин может пересадить гостей один раз."),
    ],
}
LAYOUTS = {"en": ["web-bullets", "en-mixed"], "ru": ["web-bullets", "ru-book"]}
CASES = [(lang, layout, n) for lang in BLOCKS for layout in LAYOUTS[lang] for n in range(len(BLOCKS[lang]))]


@pytest.mark.parametrize("lang, layout, n", CASES, ids=lambda v: str(v))
def test_a_block_set_apart_runs_into_neither_the_text_before_nor_after(tmp_path, lang, layout, n):
    before, block, inside, after, after_text = BLOCKS[lang][n]
    text = built(tmp_path, HEAD[lang] + before + block + after, lang, layout)["74A"]
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
    lead = " ".join(before.removeprefix("<p>").removesuffix("</p>").split())
    assert paragraphs == [lead, *inside, after_text], paragraphs


PRE = {"en": ("<pre>N  S\nx  y\nand so on</pre>", ["N S", "x y", "and so on"]),
       "ru": ("<pre>С  Ю\nх  у\nи так далее</pre>", ["С Ю", "х у", "и так далее"])}


@pytest.mark.parametrize("lang, layout", [(lang, layout) for lang in LAYOUTS for layout in LAYOUTS[lang]])
def test_a_pre_keeps_its_line_breaks_as_lines(tmp_path, lang, layout):
    # its lines start in lower case and stop nowhere: read as wrapped text, they would join
    block, lines = PRE[lang]
    text = built(tmp_path, HEAD[lang] + block, lang, layout)["74A"]
    assert [" ".join(p.split()) for p in text.split("\n\n")] == lines, text


CONTROL = {"en": ("<p>The host pours for the guest on his</p><p>left, then for the others.</p>",
                  "The host pours for the guest on his left, then for the others."),
           "ru": ("<p>Хозяин наливает гостю слева от</p><p>себя, затем остальным.</p>",
                  "Хозяин наливает гостю слева от себя, затем остальным.")}


@pytest.mark.parametrize("lang, layout", [(lang, layout) for lang in LAYOUTS for layout in LAYOUTS[lang]])
def test_control_plain_paragraphs_cut_mid_sentence_still_join(tmp_path, lang, layout):
    body, joined = CONTROL[lang]
    assert built(tmp_path, HEAD[lang] + body, lang, layout)["74A"] == joined


SUMMARY = {"en": ("<p>A guest may ask for more tea</p>", "Until the pot is empty, the host pours on request.",
                  ["More", "More ▸", "Show more"], "Exceptions for the host"),
           "ru": ("<p>Гость может попросить ещё чаю</p>", "Пока чайник не пуст, хозяин наливает по просьбе.",
                  ["Подробнее", "Подробнее…", "Показать ещё"], "Исключения для хозяина")}


@pytest.mark.parametrize("lang", sorted(SUMMARY))
@pytest.mark.parametrize("label", [0, 1, 2])
def test_a_toggle_label_is_left_out_and_counted(tmp_path, lang, label):
    before, inside, toggles, _ = SUMMARY[lang]
    body = HEAD[lang] + before + f"<details><summary>{toggles[label]}</summary><p>{inside}</p></details>"
    text = built(tmp_path, body, lang, "web-bullets")["74A"]
    lead = before.removeprefix("<p>").removesuffix("</p>")
    assert text.split("\n\n") == [lead, inside], text


@pytest.mark.parametrize("lang", sorted(SUMMARY))
def test_the_reader_counts_a_toggle_label_under_its_rule(lang):
    from lawsearch.sources import page_reading

    before, inside, toggles, _ = SUMMARY[lang]
    body = HEAD[lang] + f"<details><summary>{toggles[0]}</summary><p>{inside}</p></details>"
    reading = page_reading(None, None, {"lang": lang, "kind": "laws"})
    doc = read_html(page(body, lang).encode(), "p.html", **reading)
    assert [(rule, text) for _, rule, text in doc.dropped] == [(DROP_TOGGLE, toggles[0])]
    assert toggles[0] not in doc.lines


@pytest.mark.parametrize("lang", sorted(SUMMARY))
def test_control_a_summary_of_words_of_the_code_is_text_of_its_own(tmp_path, lang):
    before, inside, _, label = SUMMARY[lang]
    body = HEAD[lang] + before + f"<details><summary>{label}</summary><p>{inside}</p></details>"
    text = built(tmp_path, body, lang, "web-bullets")["74A"]
    lead = before.removeprefix("<p>").removesuffix("</p>")
    assert text.split("\n\n") == [lead, label, inside], text
