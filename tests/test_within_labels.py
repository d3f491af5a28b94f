"""The {within} heading form: a sub-clause printed with its clause's number on one label
(``1.(a)``, ``1(a)``) opens item 1 and its sub-clause (a) together, ``1.(b)`` goes on in
item 1 and ``2.(a)`` opens item 2; ``1. (a)`` / ``1. (b)`` (the clause's label again before
each sub-clause) is read the same way, never as a doubled heading. A relative citation in
that form (``see 1.(a) above``) is the sub-clause of the citing section's clause (issue 9,
cold read 6, finding 2). Invented text: English mixed case (en-mixed) and a folder's own
profile with a Russian layout that prints the same form (the bridge's sub-clause letters are
Latin, as the book prints them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus

MANIFEST = """[code]
title = "Invented"
laws = [1, 93]
profile = "bridge"
lang = "{lang}"

[[source]]
path = "laws/text.txt"
lang = "{lang}"
kind = "laws"
layout = "{layout}"
"""

RU_PROFILE = """extends = "bridge"

[layouts.ru-plain]
lang = "ru"
cleaning = []
wrapping = "sentences"
capitals = "А-ЯЁ"
[layouts.ru-plain.headings]
law = 'Правило\\s+{law}\\.\\s+{Title}'
section = '{label}\\.\\s+{Title}'
clause = '{label}\\.\\s+{title}'
subclause = '(?:{within}\\.?)?\\({label}\\)\\s+{title}'
item = '\\({label}\\)\\s+{title}'

[[citations.ru.levels]]
level = "law"
words = ["правило", "правила", "правилу", "правилом"]
label = "law"

[[citations.ru.levels]]
level = "section"
words = ["раздел", "раздела"]
label = "section"
bare = true                            # this club's text cites its parts by their labels alone
"""

EXPECTED = ["7", "7A", "7B", "7B1", "7B1(a)", "7B1(b)", "7B2", "7B2(a)", "7C"]

EN = """Law 7 - Care of the Kites
A. Winding
Lines are wound on the spool after each flight, never left on the grass.
B. Drying
{one}(a) A wet kite is hung on the north rail until the cloth is stiff again.
{one}(b) A kite hung to dry is not flown on the same afternoon.
{two}(a) The rail is wiped each spring; see {one}(a) above.
C. Mending
A torn sail is mended with the green thread kept in the tin.
"""

RU = """Правило 7. Уход за змеями
A. Намотка
Леску наматывают на катушку после каждого полёта и не оставляют на траве.
B. Сушка
{one}(a) Мокрого змея вешают на северную перекладину, пока ткань снова не станет жёсткой.
{one}(b) Змея, повешенного сушиться, в тот же день не запускают.
{two}(a) Перекладину протирают каждой весной; см. {one}(a) выше.
C. Починка
Порванный парус зашивают зелёной ниткой из жестяной банки.
"""

FORMS = {"dotted": ("1.", "2."), "bare": ("1", "2"), "spaced": ("1. ", "2. ")}


def parse(tmp_path: Path, text: str, layout: str, lang: str = "en", own: str | None = None):
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "text.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(lang=lang, layout=layout), encoding="utf-8")
    if own:
        (root / "profile.toml").write_text(own, encoding="utf-8")
    return build_corpus(root)


def check(corpus, first_words: str) -> None:
    nodes = {n.id: n for n in corpus.nodes}
    assert [n.id for n in corpus.nodes if n.law == "7"] == EXPECTED
    for untitled in ("7B1", "7B2"):  # opened by the label printed with its sub-clause: untitled, not lost
        assert nodes[untitled].title is None and not nodes[untitled].text and not nodes[untitled].truncated_start
    assert nodes["7B"].title and not nodes["7B"].text
    assert nodes["7B1(a)"].text.startswith(first_words)
    assert [(r.from_, r.target) for r in corpus.refs] == [("7B2(a)", "7B1(a)")]


@pytest.mark.parametrize("form", sorted(FORMS))
def test_english_number_and_letter_on_one_label(tmp_path, form):
    one, two = FORMS[form]
    check(parse(tmp_path, EN.format(one=one, two=two), "en-mixed"), "A wet kite is hung")


@pytest.mark.parametrize("form", ["dotted", "bare"])
def test_russian_layout_of_a_folder_profile(tmp_path, form):
    one, two = FORMS[form]
    check(parse(tmp_path, RU.format(one=one, two=two), "ru-plain", lang="ru", own=RU_PROFILE), "Мокрого змея")


def test_a_container_label_running_back_is_not_believed(tmp_path):
    """``1.(a)`` under item 2 (a list renumbered, or a sub-numbering): item 2 stays open."""
    text = ("Law 7 - Care of the Kites\nA. Winding\n1. Lines are wound on the spool.\n"
            "2. A spool is checked when\n1.(a) its handle is loose, or\n1.(b) its line is frayed.\n")
    corpus = parse(tmp_path, text, "en-mixed")
    assert [n.id for n in corpus.nodes if n.law == "7"] == ["7", "7A", "7A1", "7A2", "7A2(a)", "7A2(b)"]
