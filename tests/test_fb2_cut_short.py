"""An FB2 book cut short -- a download that stopped, its XML ending inside an element (cold
read 11, finding 11): it was refused whole. It is read as far as it is well-formed, with a
warning naming the line it stops at; an FB2 damaged inside (not at its end) is still refused
with the line named. Every sentence is invented."""

from __future__ import annotations

import pytest

from lawsearch.corpus import CorpusError
from lawsearch.formats import read_document

HEAD = ('<?xml version="1.0" encoding="{enc}"?>\n'
        '<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">\n'
        '<body>\n')
RU = ['<section><title><p>Правило 60. КОТЕЛЬНАЯ</p></title>',
      '<subtitle>A. Топливо</subtitle><p>Истопник Евграф колет дрова по субботам.</p>',
      '<subtitle>B. Зола</subtitle><p>Золу выносят в вёдрах за сарай и сыплют на грядки.</p>',
      '</section>']
EN = ['<section><title><p>LAW 60 - THE BOILER ROOM</p></title>',
      '<subtitle>A. Fuel</subtitle><p>The stoker splits the logs on Saturdays.</p>',
      '<subtitle>B. Ash</subtitle><p>The ash is carried out in buckets behind the shed.</p>',
      '</section>']
TAIL = '</body>\n</FictionBook>\n'


def book(lines: list[str], enc: str = "utf-8") -> bytes:
    return (HEAD.format(enc=enc) + "\n".join(lines) + "\n" + TAIL).encode(enc)


@pytest.mark.parametrize("lines,enc,cut_after,kept,lost", [
    (RU, "utf-8", "сыплют на", "Золу выносят в вёдрах за сарай и сыплют на", "грядки"),  # inside a paragraph's text
    (RU, "windows-1251", "<subtitle>B. Зола</subtitle><p", "Истопник Евграф колет дрова по субботам.", "Золу"),  # in a tag
    (EN, "utf-8", "The ash is carried", "The ash is carried", "bucket"),
    (EN, "utf-8", "</section>", "The ash is carried out in buckets behind the shed.", None),  # only the closing lost
])
def test_a_book_cut_short_is_read_as_far_as_it_goes(lines, enc, cut_after, kept, lost):
    data = book(lines, enc)
    marker = cut_after.encode(enc)
    data = data[: data.index(marker) + len(marker)]
    document = read_document(data, "cut.fb2")
    text = "\n".join(document.lines)
    assert kept in text
    if lost:
        assert lost not in text
    line = data.count(b"\n") + 1
    assert any("cut short" in w and f"line {line}" in w for w in document.warnings), document.warnings


def test_control_a_whole_book_has_no_warning():
    document = read_document(book(RU), "whole.fb2")
    assert not document.warnings and "Золу выносят в вёдрах за сарай и сыплют на грядки." in document.lines


def test_control_a_book_damaged_inside_is_refused_with_its_line():
    broken = RU[:1] + ['<subtitle>A. Топливо</subtitle><p>Истопник Евграф колет дрова</subtitle>'] + RU[2:]
    with pytest.raises(CorpusError) as info:
        read_document(book(broken), "broken.fb2")
    assert "line 5" in str(info.value.problems[0].message)
