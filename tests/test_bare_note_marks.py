"""Footnote marks printed bare (issue 9 cold read 5, finding 9): ``*``, ``**`` and ``†`` glued
to the word or stop they annotate, and the note's body at the bottom opened by the same mark,
are a footnote with its marker in any layout that does not forbid them (``note_marks = []``);
a line opened by such a mark that no mark before it answers stays text, and a list layout's
``*`` bullet stays a bullet. The laws are invented."""

from __future__ import annotations

from lawsearch.corpus import build_corpus

EN = """Law 40 - Lanterns at the Table
A. Lighting
1. Each pair keeps a lantern on the table.*
2. A lantern may be blue** or green, as the Director† allows.
* The lantern is small.
** A blue lantern is rare.
† Or the Director's deputy.
B. Snuffing
The lantern is snuffed when the round ends.
* Nothing else is snuffed.
"""
MANIFEST = """[code]
title = "Invented"
edition = "2017"
laws = [1, 93]
lang = "en"

[[source]]
path = "laws.txt"
lang = "en"
kind = "laws"
layout = "{layout}"
"""


def corpus(tmp_path, text=EN, layout="en-mixed", profile=None):
    (tmp_path / "laws.txt").write_text(text, encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(MANIFEST.format(layout=layout), encoding="utf-8")
    if profile is not None:
        (tmp_path / "profile.toml").write_text(profile, encoding="utf-8")
    return build_corpus(tmp_path, strict=False)


def notes_of(c, node_id):
    node = c.node(node_id)
    by_id = {f.id: f for f in c.footnotes}
    return node, [by_id[m.footnote].text for m in node.marks if m.kind == "footnote" and m.footnote]


def test_bare_marks_and_their_bodies_are_footnotes(tmp_path):
    c = corpus(tmp_path)
    node, notes = notes_of(c, "40A1")
    assert node.text == "Each pair keeps a lantern on the table." and notes == ["The lantern is small."]
    node, notes = notes_of(c, "40A2")
    assert node.text == "A lantern may be blue or green, as the Director allows.", node.text
    assert notes == ["A blue lantern is rare.", "Or the Director's deputy."]
    assert not any(f.orphan for f in c.footnotes)
    assert all(not any(m.kind == "footnote" and m.footnote is None for m in n.marks) for n in c.nodes)
    # a line opened by a mark no mark before it answers is the text it was
    assert "* Nothing else is snuffed." in c.node("40B").text
    assert len(c.footnotes) == 3


def test_a_layout_that_forbids_bare_marks_keeps_them_as_text(tmp_path):
    profile = 'extends = "bridge"\n[layouts.en-mixed]\nnote_marks = []\n'
    c = corpus(tmp_path, profile=profile)
    assert not c.footnotes
    node = c.node("40A1")
    assert "on the table.*" in f"{node.title} {node.text}"  # the mark stays as printed
    assert "* The lantern is small." in c.node("40A2").text


def test_a_list_layouts_star_bullet_stays_a_bullet(tmp_path):
    # (a guard: the bullet is read before any note mark)
    text = "Law 40 - Lanterns\n* A. Lighting\n* B. Snuffing\n"
    c = corpus(tmp_path, text, layout="web-bullets")
    assert [(n.id, n.title) for n in c.nodes if n.kind == "section"] == [("40A", "Lighting"), ("40B", "Snuffing")]
    assert not c.footnotes
