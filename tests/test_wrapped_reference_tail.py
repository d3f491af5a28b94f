"""A level's line whose words are a sentence stopped by a wrap, with the sentence's last
words a short reference on the next line (``2.2 A member … may lend it to a guest under`` /
``Section 2.3.``), is one line of text, also in a folder's own profile written from
docs/profiles.md with no ``joining_words`` (issue 9, cold read 7, finding 2): the "title"
is no title (its last word in lower case, most of its words in lower case, no stop) and the
next line is a citation word of the profile's ``[citations.<lang>.levels]``, a label with a
digit, a stop, at most four words. A real title followed by such a line keeps its heading.

Every text here is invented."""

from __future__ import annotations

from test_wrapped_law_line import OWN_PROFILE, node, parse, targets

from lawsearch.grammar import Layout

assert "joining_words" not in OWN_PROFILE  # the minimal profile this is about

WRAPPED = """RULE 2 - MEMBERS
2.1 Joining
2.2 A member may fly a kite from the east hill and may lend the kite to a guest under
Section 2.3.
2.3 Guests of members
Section 2.1.
2.4 Spools
(a) A spool is counted each spring and may be lent to a guest as laid down in
section 2.3.
(b) Lost spools are paid for.
RULE 3 - GUESTS
Guests fly with a member.
"""


def test_a_sentence_wrapped_onto_a_reference_line_is_one_text(tmp_path):
    corpus = parse(tmp_path, WRAPPED, "rules", profile="kites", own=OWN_PROFILE, last=9)
    wrapped = node(corpus, "2.2")
    assert wrapped.title is None
    assert wrapped.text == ("A member may fly a kite from the east hill and may lend the kite to a guest "
                            "under Section 2.3.")
    assert targets(corpus, "2.2") == ["2.3"]
    item = node(corpus, "2.4(a)")
    assert item.text.endswith("as laid down in section 2.3.") and targets(corpus, "2.4(a)") == ["2.3"]


def test_a_title_before_a_reference_line_keeps_its_heading(tmp_path):
    corpus = parse(tmp_path, WRAPPED, "rules", profile="kites", own=OWN_PROFILE, last=9)
    titled = node(corpus, "2.3")
    assert titled.title == "Guests of members"
    assert titled.text == "Section 2.1."
    assert node(corpus, "2.1").title == "Joining"


def test_sentence_left_open_tells_a_stopped_sentence_from_a_title():
    assert Layout.sentence_left_open("The warden keeps the keys of the hall and may lend them under")
    for title in ("Procedure after Establishment of a Revoke", "Guests of members", "THE KEYS OF THE HALL AND",
                  "The warden keeps the keys of the hall and may lend them.", "Joining"):
        assert not Layout.sentence_left_open(title), title
