"""Counters and meta lines of saved web pages, and lines every page has near its edge
(cold read 6 of issue 12, findings 6 and 7): «Опубликовано: … | Автор: … | Просмотров: N»,
«Сегодня на сайте: N гостей», "This page has been viewed N times." are furniture by the
named rule ``meta_rows`` (its words the profile's), so a counter at a page's end is no
mid-sentence cut; a tagline one line under the site's name, a row of links one line above
the footer, standing alike in every page, go as repeated_lines. Law text stays whole.
Every text here is invented."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.furniture import meta_rows


@pytest.mark.parametrize("line, lang", [
    ("Опубликовано: 10.03.2011 | Автор: admin | Просмотров: 1543", "ru"),
    ("Добавлено: 02.02.2012 · Категория: Правила", "ru"),
    ("Сегодня на сайте: 12 гостей", "ru"),
    ("Сейчас на сайте 3 гостя и 1 пользователь", "ru"),
    ("This page has been viewed 4021 times.", "en"),
    ("Posted by admin · Category: Laws · Comments: 0", "en"),
    ("Published: 3 May 2019 | Views: 220", "en"),
    ("7 users online", "en"),
])
def test_meta_lines_and_counters_are_furniture(line, lang):
    assert meta_rows(line, lang)


@pytest.mark.parametrize("line, lang", [
    ("Автор заявки подписывает её у судьи.", "ru"),
    ("Категория турнира определяется по числу пар: 12 и более.", "ru"),
    ("На сайте клуба публикуются итоги каждого из 3 туров, а протоколы хранятся у секретаря.", "ru"),
    ("The director, by 2 votes, decides.", "en"),
    ("Comments made at the table during the 3 boards are not allowed.", "en"),
    ("Автор: admin", "ru"),
])
def test_law_text_with_those_words_is_not(line, lang):
    assert not meta_rows(line, lang)


SITES = {
    "ru": ("Клуб «Старая мельница»", "Настольные игры с 1998 года", "Главная » Документы » Устав",
           "Опубликовано: 0{n}.04.2012 | Автор: admin | Просмотров: 1{n}43", "Сегодня на сайте: 1{n} гостей",
           "[ Наверх ] [ На главную ] [ Гостевая книга ]", "© 2012 Старая мельница",
           [("Правило 5{n}. ЖЕРНОВА", [("A. Помол", "Жернова смазывают раз в неделю, перед помолом."),
                                        ("B. Остановка", "Мельник останавливает колесо, если вода спала.")])]),
    "en": ("Old Mill Society", "Board games since 1998", "Home > Documents > Rules",
           "Published: 0{n} April 2012 | Views: 1{n}43", "This page has been viewed 4{n}21 times.",
           "[ Top ] [ Home ] [ Guestbook ]", "© 2012 Old Mill Society",
           [("LAW 5{n} - MILLSTONES", [("A. Grinding", "Millstones are greased once a week, before grinding."),
                                        ("B. Stopping", "The miller stops the wheel when the water falls.")])]),
}


def _page(lang: str, n: int) -> bytes:
    site, tagline, crumbs, meta, counter, links, footer, laws = SITES[lang]
    body = ""
    for heading, sections in laws:
        body += f"<h1>{escape(heading.format(n=n))}</h1>"
        for title, text in sections:
            body += f"<h2>{escape(title)}</h2><p>{escape(text)}</p>"
    return (f'<html><head><meta charset="utf-8"><title>{escape(site)}</title></head><body>'
            f"<div><b>{escape(site)}</b><br>{escape(tagline)}</div><div>{escape(crumbs)}</div>"
            f"<div>{escape(meta.format(n=n))}</div>{body}<div>{escape(counter.format(n=n))}</div>"
            f"<div>{escape(links)}</div><div>{escape(footer)}</div></body></html>").encode()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_saved_pages_lose_their_meta_counters_and_edge_lines_and_keep_the_law_text(tmp_path: Path, lang):
    root = tmp_path / "c"
    (root / "laws" / lang).mkdir(parents=True)
    entries = []
    for n in (1, 2, 3):
        (root / "laws" / lang / f"p{n}.html").write_bytes(_page(lang, n))
        entries.append(f'\n[[source]]\npath = "laws/{lang}/p{n}.html"\nlang = "{lang}"\nkind = "laws"\n')
    (root / "manifest.toml").write_text(f'[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "{lang}"\n' + "".join(entries),
                                        encoding="utf-8")
    c = build_corpus(root)
    site, tagline, crumbs, meta, counter, links, footer, laws = SITES[lang]
    text = " ".join(" ".join(filter(None, (x.title, x.text))) for x in c.nodes)
    for furniture in (tagline, links, meta.split(":")[0], counter.split("1")[0].split("4")[0].strip()):
        assert furniture not in text, furniture
    for _, sections in laws:
        for title, sentence in sections:
            assert title.split(". ", 1)[1] in text and sentence in text
    assert not [x.id for x in c.nodes if x.truncated_end or any(m.kind == "gap" for m in x.marks)]
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root)])
    assert "meta_rows" in checked.output
