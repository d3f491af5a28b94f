"""Page numbers in the forms printed pages frame them -- «– 41 –», «— 41 —», «- 41 -»,
«[41]» alone on a line -- are the pages' footers (cold read 4 of issue 12): read as the
book's own ``- N`` so check lists the pages, and none stays in a node's text; no stray dash
is left and no page is invented. Every text here is invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.clean import framed_page_numbers, normalize_line
from lawsearch.cli import main
from lawsearch.corpus import build_corpus

PAGES = [
    "Правило 51. ЧАЙНИК\nA. Вода\nЧайник наполняют холодной водой из колодца у калитки.\n"
    "B. Огонь\nОгонь разводят сухими щепками, а сырые оставляют в сарае",
    "до утра, чтобы они просохли.\nПравило 52. ЧАШКИ\nA. Мытьё\nЧашки моют сразу после чаепития.\n"
    "B. Полка\nЧистые чашки ставят на верхнюю полку.",
    "Правило 53. САХАР\nСахар держат в банке с плотной крышкой, подальше от муравьёв.",
]
FORMS = ["– {} –", "— {} —", "- {} -", "[{}]", "‒ {} ‒", "-{}-"]


@pytest.mark.parametrize("form", FORMS)
def test_a_framed_page_number_is_a_footer(tmp_path, form):
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    text = "".join(f"{page}\n{form.format(n)}\n" for n, page in enumerate(PAGES, 71))
    (root / "laws" / "ru" / "kodeks.txt").write_text(text, encoding="utf-8")
    built = build_corpus(root, strict=False)
    for node in built.nodes:
        body = f"{node.title or ''} {node.text or ''}"
        assert not any(str(n) in body for n in (71, 72, 73)), (node.id, body)
        assert not body.rstrip().endswith(("-", "–", "—", "]")), (node.id, body)
        assert "[…]" not in body  # no page gap invented
    assert any("сырые оставляют в сарае до утра" in (n.text or "") for n in built.nodes if n.id == "51B")
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root)])
    assert "Pages: 3 present (71-73)" in checked.output, checked.output


def test_the_rule_is_idempotent_and_leaves_other_lines():
    assert framed_page_numbers("- 41") == "- 41"
    assert framed_page_numbers("[41]") == "- 41"
    for line in ("41 – 43", "[41] См. выше.", "— Пас, — сказал он.", "[a]", "- 41 - 42 -"):
        assert framed_page_numbers(line) == line
    for form in FORMS:
        once = normalize_line(form.format(12), lang="ru")
        assert normalize_line(once[0], lang="ru") == once
