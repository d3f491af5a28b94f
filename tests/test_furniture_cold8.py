"""Web furniture a cold read of issue 12 (cold read 8, findings 2, 3, 4, 6) found read as
law text: a post's listing rows («Теги: устав, клуб», ``Posted in Rules | Tagged tea,
club | Leave a comment``, ``Like this: Like Loading...``), share rows («Поделиться:
ВКонтакте · Телеграм»), tool rows with the formats offered («Версия для печати · PDF ·
RTF»), «↑ Наверх», ``← Previous | Index | Next →``, a block of links after the text
(«Похожие записи:», ``Related posts``) whose titles read as law headings and made laws, and
a wiki's edit links after a heading (``A. The Samovar[edit]``) that kept it from reading
as a section. Each is a named rule with the profile's words, counted, shown by clean
--explain; the text's own lines of the same look stay. Every text here is invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.furniture import prepare

from test_furniture_cold4 import EN_HEAD, RU_HEAD, _rule  # the rule that empties a line under a law's heading


@pytest.mark.parametrize("line, lang, rule", [
    ("Теги: устав, клуб, чай", "ru", "listing_rows"),
    ("Метки: лодки, вёсла", "ru", "listing_rows"),
    ("Рубрика: Документы | Метки: чай, зонты | Оставить комментарий", "ru", "listing_rows"),
    ("Поделиться: ВКонтакте · Одноклассники · Телеграм", "ru", "listing_rows"),
    ("Posted in Rules | Tagged tea, club | Leave a comment", "en", "listing_rows"),
    ("Filed under Papers | Tagged oars", "en", "listing_rows"),
    ("Tags: boats, oars, rowing", "en", "listing_rows"),
    ("Like this: Like Loading...", "en", "listing_rows"),
    ("Share this:", "en", "listing_rows"),
    ("Версия для печати · PDF · RTF", "ru", "action_rows"),
    ("Print | PDF | TXT", "en", "action_rows"),
    ("↑ Наверх", "ru", "link_rows"),
    ("↑ Top", "en", "link_rows"),
    ("← Previous | Index | Next →", "en", "link_rows"),
    ("« Предыдущая | Архив | Следующая »", "ru", "link_rows"),
])
def test_web_furniture_is_removed_by_its_named_rule(line, lang, rule):
    assert _rule(line, lang) == rule


@pytest.mark.parametrize("line, lang", [
    ("Метки ставят мелом на борту лодки.", "ru"),
    ("Теги: каждая лодка несёт свой номер на корме, и судья его записывает.", "ru"),
    ("Share the boards equally between the tables.", "en"),
    ("Tagged boats go to the far pier, untagged ones stay.", "en"),
    ("Posted in the hall, the list binds every member.", "en"),
    ("Лодки: весельные, парусные", "ru"),
    ("Судья | Игрок | Капитан", "ru"),
    ("Law 4 | Index | Law 6", "en"),
    ("North | Index | South", "en"),
])
def test_the_texts_own_lines_of_the_same_look_stay(line, lang):
    assert _rule(line, lang) is None


@pytest.mark.parametrize("line, lang, heading", [
    ("A. The Samovar[edit]", "en", "A. The Samovar"),
    ("B. Spectacles [edit source]", "en", "B. Spectacles"),
    ("A. Самовар[править]", "ru", "A. Самовар"),
    ("B. Очки[править | править код]", "ru", "B. Очки"),
    ("C. Лодки [ редактировать ]", "ru", "C. Лодки"),
])
def test_a_wikis_edit_links_leave_the_heading(line, lang, heading):
    kept, changes = prepare([RU_HEAD if lang == "ru" else EN_HEAD, line], "laws", lang)
    assert kept[1] == heading and (2, "edit_links") in changes


def test_brackets_inside_the_text_stay():
    line = "The scorer may [edit] the sheet before it is signed."
    kept, _ = prepare([EN_HEAD, line], "laws", "en")
    assert kept[1] == line


def _add_and_build(tmp_path, pages: dict[str, bytes]):
    src = tmp_path / "in"
    src.mkdir()
    for name, data in pages.items():
        (src / name).write_bytes(data)
    corpus = tmp_path / "c"
    added = CliRunner().invoke(main, ["add", *[str(src / n) for n in pages], "--corpus", str(corpus)])
    assert added.exit_code == 0, added.output
    return corpus, build_corpus(corpus, strict=False)


RU_LAWS = {40: ("ЛОДКИ", ("Вёсла", "Вёсла хранят в сарае под замком до начала сезона."),
                ("Лодки", "Каждую лодку осматривает боцман перед выходом на воду.")),
           41: ("ПРИЧАЛ", ("Швартовка", "Лодку привязывают к кольцу двойным узлом."),
                ("Сходни", "Сходни убирают на ночь, чтобы их не унесло течением."))}
EN_LAWS = {40: ("BOATS", ("Oars", "Oars are kept in the shed under lock until the season opens."),
                ("Hulls", "The boatswain inspects every hull before it goes on the water.")),
           41: ("THE PIER", ("Mooring", "A boat is tied to the ring with a double knot."),
                ("Gangway", "The gangway is taken in at night so the current does not carry it off."))}


def _ru_post(n: int, tail: str) -> bytes:
    title, *parts = RU_LAWS[n]
    body = "".join(f"{k}. {t}<br>\n{x}<br>\n" for k, (t, x) in zip("AB", parts))
    return (f'<html><head><meta charset="koi8-r"></head><body>Правило {n}. {title}<br>\n{body}'
            f"<hr>{tail}</body></html>").encode("koi8-r", "xmlcharrefreplace")


def _en_post(n: int, tail: str) -> bytes:
    title, *parts = EN_LAWS[n]
    body = "".join(f"<p><strong>{k}. {t}</strong></p><p>{x}</p>\n" for k, (t, x) in zip("AB", parts))
    return (f'<html><head><meta charset="utf-8"></head><body><h2>LAW {n} - {title}</h2>\n{body}'
            f"{tail}</body></html>").encode("utf-8")


RU_TAILS = [
    "Похожие записи:<br>\n<a href=x>Правило 7. Курение в бильярдной</a><br>\n<a href=y>Правило 9. Шляпы</a><br>\n"
    "Рубрика: Документы | Метки: лодки, вёсла | Оставить комментарий<br>\n",
    "Читайте также:<br>\n<a href=x>Правило 12. Шахматы</a><br>\n<a href=y>Правило 3. Самовар</a><br>\n"
    "Теги: устав, клуб<br>\nПоделиться: ВКонтакте · Одноклассники · Телеграм<br>\n",
    "Теги: устав, клуб, чай<br>\nПоделиться: ВКонтакте · Телеграм<br>\n↑ Наверх<br>\nВерсия для печати · PDF · RTF<br>\n",
]
EN_TAILS = [
    "<h3>Related posts</h3><p><a href=x>LAW 7 - Smoking in the Billiard Room</a></p>"
    "<p><a href=y>LAW 9 - Hats</a></p><p>Posted in Rules | Tagged boats, oars | Leave a comment</p>",
    "<h3>Share this:</h3><p>Facebook Twitter Email</p><p>Like this: Like Loading...</p>"
    "<p>Posted in Rules | Tagged tea, club | Leave a comment</p><p>← Previous | Index | Next →</p>",
    "<p>You may also like</p><p><a href=x>LAW 12 - Chess</a></p><p><a href=y>LAW 3 - The Samovar</a></p>",
]


def _text_of(corpus) -> str:
    return " ".join(f"{n.title or ''} {n.text or ''}" for n in corpus.nodes)


@pytest.mark.parametrize("lang, tail", [("ru", t) for t in RU_TAILS] + [("en", t) for t in EN_TAILS])
def test_a_posts_furniture_after_its_text_makes_no_law_no_text_and_no_gap(tmp_path, lang, tail):
    post = _ru_post if lang == "ru" else _en_post
    laws = RU_LAWS if lang == "ru" else EN_LAWS
    _, corpus = _add_and_build(tmp_path, {f"post{n}.html": post(n, tail) for n in laws})
    assert [n.id for n in corpus.nodes if n.kind == "law"] == ["40", "41"]
    assert sorted(n.id for n in corpus.nodes if n.kind == "section") == ["40A", "40B", "41A", "41B"]
    assert not any(n.missing for n in corpus.nodes) and not any(n.kind == "piece" for n in corpus.nodes)
    assert not any(m.kind == "gap" for n in corpus.nodes for m in n.marks)
    text = _text_of(corpus)
    for word in ("Похожие", "Курение", "Шахматы", "Рубрика", "Теги", "Поделиться", "ВКонтакте", "Наверх", "печати",
                 "Related", "Smoking", "Chess", "Posted", "Tagged", "Facebook", "Loading", "Previous", "Index"):
        assert word not in text, word
    assert laws[41][2][1] in corpus.node("41B").text  # the text before the furniture stays whole


def test_a_related_posts_heading_the_text_goes_on_after_is_kept(tmp_path):
    """A heading of the profile's ``link_blocks`` with a sentence under it is the text's own."""
    tail = "<p>See the related posts:</p><p>Related posts</p><p>Every member reads them before the season opens.</p>"
    _, corpus = _add_and_build(tmp_path, {f"post{n}.html": _en_post(n, tail if n == 41 else "") for n in EN_LAWS})
    assert "Every member reads them before the season opens." in _text_of(corpus)


@pytest.mark.parametrize("lang, edit", [("en", "[edit]"), ("en", "[edit source]"), ("ru", "[править]"),
                                        ("ru", "[править | править код]")])
def test_wiki_headings_with_edit_links_are_read_as_sections(tmp_path, lang, edit):
    laws = RU_LAWS if lang == "ru" else EN_LAWS
    word = "Правило" if lang == "ru" else "LAW"

    def page(n):
        title, *parts = laws[n]
        body = "".join(f'<h3><span class="mw-headline">{k}. {t}</span><span>{edit}</span></h3><p>{x}</p>\n'
                       for k, (t, x) in zip("AB", parts))
        return f'<html><head><meta charset="utf-8"></head><body><h1>{word} {n} - {title}</h1>{body}</body></html>'

    _, corpus = _add_and_build(tmp_path, {f"law{n}.html": page(n).encode() for n in laws})
    assert sorted(n.id for n in corpus.nodes if n.kind == "section") == ["40A", "40B", "41A", "41B"]
    assert corpus.node("40A").title == laws[40][1][0]
    assert not any(n.kind == "piece" for n in corpus.nodes)
    assert "править" not in _text_of(corpus) and "edit" not in _text_of(corpus)


def test_the_rules_are_counted_and_shown_by_clean_explain(tmp_path):
    corpus, _ = _add_and_build(tmp_path, {f"post{n}.html": _ru_post(n, RU_TAILS[0]) for n in RU_LAWS})
    path = next((corpus / "laws").rglob("post41.html"))
    explained = CliRunner().invoke(main, ["clean", str(path), "--explain"])
    assert explained.exit_code == 0, explained.output
    assert "[link_blocks]" in explained.stdout and "[listing_rows]" in explained.stdout


EN_LISTS = [
    "<h3>Share this:</h3><ul><li>Facebook</li><li>Twitter</li><li>Email</li></ul>",
    "<ul><li>Facebook</li><li>Twitter</li><li>Email</li><li>Print</li></ul>",
    "<p>Tags:</p><ul><li>tea</li><li>club</li><li>rules</li><li>boats</li></ul>",
    "<h3>Related posts</h3><ul><li>LAW 7 - Smoking</li><li>LAW 9 - Hats</li><li>LAW 12 - Chess</li></ul>",
]


@pytest.mark.parametrize("tail", EN_LISTS)
def test_a_short_list_after_the_text_does_not_make_add_pick_the_list_layout(tmp_path, tail):
    """The share buttons' <ul> after a post (cold read 8, finding 2) is no law text: ``add``
    keeps the default layout, so the parts printed as bold lines are read as sections."""
    corpus, built = _add_and_build(tmp_path, {f"post{n}.html": _en_post(n, tail) for n in EN_LAWS})
    assert "web-bullets" not in (corpus / "manifest.toml").read_text(encoding="utf-8")
    assert sorted(n.id for n in built.nodes if n.kind == "section") == ["40A", "40B", "41A", "41B"]
    if "<h3>" in tail or "<p>" in tail:  # under a heading of the profile's link_blocks: no text either
        assert not any(w in _text_of(built) for w in ("Facebook", "Twitter", "Smoking"))


def _doc_page(n: int, lang: str, sidebar: str) -> bytes:
    laws, word = (RU_LAWS, "Правило") if lang == "ru" else (EN_LAWS, "LAW")
    title, *parts = laws[n]
    body = "".join(f'<h2>{k}. {t}<a class="headerlink" href="#x">¶</a></h2><p>{x}</p>' for k, (t, x) in zip("AB", parts))
    side = sidebar.format(word=word, before=n - 1, after=n + 1)
    return (f'<html><head><meta charset="utf-8"></head><body><div class="body"><h1>{word} {n} - {title}'
            f'<a class="headerlink" href="#l">¶</a></h1>{body}</div><div class="sphinxsidebar">{side}</div></body></html>'
            ).encode("utf-8")


SIDEBARS = [
    ("en", "<h4>Previous topic</h4><p>{word} {before}</p><h4>Next topic</h4><p>{word} {after}</p><h3>Quick search</h3>"),
    ("en", "<h4>Next topic</h4><p>{word} {after}</p><h3>This Page</h3><ul><li>Show Source</li></ul>"),
    ("ru", "<h4>Предыдущий раздел</h4><p>{word} {before}</p><h4>Следующий раздел</h4><p>{word} {after}</p>"
           "<h3>Быстрый поиск</h3>"),
]


@pytest.mark.parametrize("lang, sidebar", SIDEBARS)
def test_a_documentation_sites_sidebar_makes_no_law(tmp_path, lang, sidebar):
    """A doc site's sidebar after the text names the neighbouring laws under «Previous topic»
    (cold read 8, finding 1): no law 39 or 42, no law titled «Quick search», no conflict."""
    corpus, built = _add_and_build(tmp_path, {f"l{n}.html": _doc_page(n, lang, sidebar) for n in (40, 41)})
    assert [n.id for n in built.nodes if n.kind == "law"] == ["40", "41"]
    assert sorted(n.id for n in built.nodes if n.kind == "section") == ["40A", "40B", "41A", "41B"]
    assert not any(p.severity == "error" for p in built.problems), [p.message for p in built.problems]
    assert not any(w in _text_of(built) for w in ("topic", "search", "раздел", "поиск", "¶"))
