"""Cold read 11 (issue 12), findings 3-6: a web page's reader widgets are furniture, each by
a named rule (shown by ``clean --explain``, counted in check), found by shape and the
profile's words: a cookie notice with its buttons (``consent_notices``) or shared by the
corpus's pages at their edge (``consent_edges``), readers' comments after the law text
(``comment_blocks``), a reading-progress counter alone or glued inside a sentence
(``reading_progress``, ``glued_progress``), a rating row (``rating_rows``) and the prompt to
report an error (``error_prompts``). Each with a control: the text's own sentence of the
same shape stays. Invented pages, Russian and English."""

import re

import pytest

from lawsearch.furniture import prepare, shared_lines

RU = re.compile(r"^Правило \d+\.|^[A-Z]\. ")
EN = re.compile(r"^LAW \d+ |^[A-Z]\. ")


def ru_heading(s):
    return RU.match(s) is not None


def en_heading(s):
    return EN.match(s) is not None


def run(raw, lang, shared=frozenset()):
    heading = ru_heading if lang == "ru" else en_heading
    return prepare(raw, "laws", lang, heading, shared=shared, web=True)


def rules_at(changes, n):
    return {rule for k, rule in changes if k == n}


# -- 3. consent notices ----------------------------------------------------------------------

@pytest.mark.parametrize("lang,notice", [
    ("en", "This site uses cookies. By continuing to browse you agree to our use of cookies. Accept More info"),
    ("en", "We use cookies to improve the site. OK"),
    ("en", "Cookies help us run this club's pages. Got it | Learn more"),
    ("ru", "Мы используем файлы cookie, чтобы сайт работал лучше. Хорошо"),
    ("ru", "Сайт использует куки для удобства читателей. Принять Подробнее"),
])
def test_cookie_notice_with_buttons_is_furniture(lang, notice):
    head = "Правило 7. ЧАЙНАЯ" if lang == "ru" else "LAW 7 - THE TEA ROOM"
    text = "Самовар ставят в полдень." if lang == "ru" else "The samovar is lit at noon."
    lines, changes = run([notice, head, text], lang)
    assert lines[0] == "" and "consent_notices" in rules_at(changes, 1)
    assert lines[2] == text


@pytest.mark.parametrize("lang,sentence", [
    ("en", "The tin of cookies stands on the shelf by the samovar."),
    ("en", "Cookies are served after the third round. Players may accept one each."),
    ("ru", "Печенье (cookies) подают после третьего тура. Хорошо заваренный чай подают к нему."),
])
def test_sentence_about_cookies_stays(lang, sentence):
    head = "Правило 7. ЧАЙНАЯ" if lang == "ru" else "LAW 7 - THE TEA ROOM"
    lines, changes = run([head, sentence, "Споры решает правление." if lang == "ru" else "The committee decides."], lang)
    assert lines[1] == sentence
    assert not rules_at(changes, 2) & {"consent_notices", "consent_edges"}


def test_cookie_notice_shared_by_pages_at_their_foot_is_furniture():
    notice = "Мы используем файлы cookie, чтобы сайт работал лучше."
    pages = {f"p{k}": [f"Правило {k}. ЗАЛ", f"Стол номер {k} стоит у окна.", notice] for k in (1, 2, 3)}
    shared = shared_lines(pages, ru_heading, pages=frozenset(pages))
    lines, changes = run(pages["p2"], "ru", shared)
    assert lines[2] == "" and "consent_edges" in rules_at(changes, 3)
    # one page's own sentence about cookies, not shared by the others, stays
    alone = ["Правило 5. БУФЕТ", "Буфетчица хранит файлы cookie клуба в жестяной банке.", "Споры решает правление."]
    lines, changes = run(alone, "ru", shared)
    assert lines[1] == alone[1]


# -- 4. readers' comments ------------------------------------------------------------------------

@pytest.mark.parametrize("lang,block", [
    ("ru", ["Комментарии (2)", "Иван пишет:", "12 марта 2021 в 22:10", "А у нас самовар электрический.",
            "Ответить", "Мария Петровна пишет:", "13.03.2021 09:15", "Согласна с Иваном.", "Оставить комментарий"]),
    ("ru", ["Пётр пишет:", "14 марта 2021 в 22:12", "У нас в клубе калоши давно не носят."]),
    ("en", ["2 comments", "Anna says:", "March 12, 2021 at 10:10 pm", "Our samovar is electric.", "Reply",
            "Leave a reply"]),
    ("en", ["John Smith wrote:", "2019-05-04 18:22", "Tea at noon is too early."]),
])
def test_comments_after_the_law_text_are_furniture(lang, block):
    if lang == "ru":
        law = ["Правило 7. ЧАЙНАЯ", "A. Самовар", "Самовар ставят в полдень и гасят к вечеру."]
    else:
        law = ["LAW 7 - THE TEA ROOM", "A. Samovar", "The samovar is lit at noon and put out by evening."]
    lines, changes = run(law + block, lang)
    assert lines[:3] == law
    assert all(line == "" for line in lines[3:]), lines
    assert all(rules_at(changes, k + 1) for k in range(3, len(lines)))
    assert "comment_blocks" in {rule for _, rule in changes}


def test_comments_stop_at_the_next_law():
    raw = ["Правило 7. ЧАЙНАЯ", "Самовар ставят в полдень.", "Иван пишет:", "12 марта 2021 в 22:10", "Хорошо.",
           "Правило 8. БУФЕТ", "Буфет открыт до полуночи."]
    lines, changes = run(raw, "ru")
    assert lines[2:5] == ["", "", ""]
    assert lines[5:] == raw[5:]


@pytest.mark.parametrize("lang,raw", [
    # the law's own sentence ending with «пишет:», no date under it
    ("ru", ["Правило 7. ЧАЙНАЯ", "Секретарь пишет:", "«Самовар ставят в полдень».", "Споры решает правление."]),
    # a book's commentary heading, no commenter over a date
    ("ru", ["Правило 7. ЧАЙНАЯ", "Самовар ставят в полдень.", "Комментарии", "Правление разъясняет, что самовар гасят."]),
    ("en", ["LAW 7 - THE TEA ROOM", "The secretary says:", "the samovar is lit at noon.", "Comments",
            "The committee explains the rule."]),
])
def test_law_text_shaped_like_comments_stays(lang, raw):
    lines, changes = run(raw, lang)
    assert lines == raw
    assert "comment_blocks" not in {rule for _, rule in changes}


# -- 5. reading progress ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang,counter", [("en", "Read: 33%"), ("en", "Progress: 99 %"), ("ru", "Прочитано: 99%"),
                                          ("ru", "Прочитано: 12,5%")])
def test_progress_counter_alone_is_furniture(lang, counter):
    head = "Правило 7. ЧАЙНАЯ" if lang == "ru" else "LAW 7 - THE TEA ROOM"
    text = "Самовар ставят в полдень." if lang == "ru" else "The samovar is lit at noon."
    lines, changes = run([head, text, counter], lang)
    assert lines[2] == "" and "reading_progress" in rules_at(changes, 3)


@pytest.mark.parametrize("lang,glued,mended", [
    ("en", "A stray galosh is kept in the chest Read: 66% until the first snowfall.",
     "A stray galosh is kept in the chest until the first snowfall."),
    ("en", "A stray galosh is kept in the chest until the first Read: 33%",
     "A stray galosh is kept in the chest until the first"),
    ("ru", "Забытая калоша хранится в ларе Прочитано: 66% до первого снега.",
     "Забытая калоша хранится в ларе до первого снега."),
])
def test_progress_counter_glued_inside_a_sentence_goes(lang, glued, mended):
    head = "Правило 7. ЧАЙНАЯ" if lang == "ru" else "LAW 7 - THE TEA ROOM"
    lines, changes = run([head, glued], lang)
    assert lines[1] == mended and "glued_progress" in rules_at(changes, 2)


@pytest.mark.parametrize("lang,sentence", [
    ("ru", "Прочитано: 33% книги учёта, остальное сверяет ревизор."),
    ("en", "Read: 33% of the ledger is checked by the auditor."),
    ("en", "The auditor has read: 33% of the ledger, no more."),
])
def test_law_sentence_with_a_percentage_stays(lang, sentence):
    head = "Правило 7. ЧАЙНАЯ" if lang == "ru" else "LAW 7 - THE TEA ROOM"
    lines, changes = run([head, sentence], lang)
    assert lines[1] == sentence


# -- 6. rating rows and error prompts ----------------------------------------------------------------

@pytest.mark.parametrize("lang,row", [
    ("ru", "Рейтинг: 4.5 из 5 (12 голосов)"), ("ru", "Оценка: 3 из 5"), ("en", "Rating: 4/5 (12 votes)"),
    ("en", "Rating: 4.2 of 5 (7 votes)"),
    ("ru", "Нашли ошибку? Выделите текст и нажмите Ctrl+Enter."),
    ("en", "Found a typo? Select the text and press Ctrl+Enter."),
])
def test_rating_row_and_error_prompt_are_furniture(lang, row):
    head = "Правило 7. ЧАЙНАЯ" if lang == "ru" else "LAW 7 - THE TEA ROOM"
    text = "Самовар ставят в полдень." if lang == "ru" else "The samovar is lit at noon."
    lines, changes = run([head, text, row], lang)
    assert lines[2] == "" and rules_at(changes, 3) & {"rating_rows", "error_prompts"}


@pytest.mark.parametrize("lang,sentence", [
    ("ru", "Оценка 4 из 5 ставится судьёй за чистоту заварки."),
    ("ru", "Нашли ошибку? Сообщите секретарю клуба письменно."),
    ("en", "A rating of 4/5 entitles the pair to a second samovar."),
    ("en", "Found a typo? The secretary corrects the minutes in ink."),
])
def test_law_sentence_shaped_like_a_rating_or_prompt_stays(lang, sentence):
    head = "Правило 7. ЧАЙНАЯ" if lang == "ru" else "LAW 7 - THE TEA ROOM"
    lines, changes = run([head, sentence], lang)
    assert lines[1] == sentence
