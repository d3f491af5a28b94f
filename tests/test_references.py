"""Reference forms with real seed lines, and references on the shipped corpus."""

import pytest

from lawsearch.references import find_citations


def targets(text, law=None, context=None, truncated_start=False):
    return [(surface, t) for surface, _, t, problem in find_citations(text, law, context, (1, 93), truncated_start)
            if not problem]


@pytest.mark.parametrize("text, law, context, expected", [
    ("нелегальна (см. правило 16A).", "50", "50D", [("правило 16A", ["16A"])]),  # 000:14
    ("как предусмотрено правилом 53, и болван выкладывается согласно правилу 41.", "54", "54B",
     [("правилом 53", ["53"]), ("правилу 41", ["41"])]),  # 000:24
    ("что являлось предметом применения правила 24), он должен", "54", "54C", [("правила 24", ["24"])]),  # 002:7
    ("и применяется правило 50E.", "56", "56", [("правило 50E", ["50E"])]),  # 001:4
    ("(правило 50), если она была сыграна", "62", "62B1", [("правило 50", ["50"])]),  # 001:21
    ("(см. правило 47F).", "62", "62C1", [("правило 47F", ["47F"])]),  # 001:26
    # look-alikes: Cyrillic С and А in IDs (003:2, 003:12, 003:42)
    ("(см. Правило 16С2).", "47", "47.7", [("Правило 16С2", ["16C2"])]),
    ("права, данные ему Правилом 12А2.", "47", "47.9", [("Правилом 12А2", ["12A2"])]),
    ("См. Правило 48А.", "48", "48.5", [("Правило 48А", ["48A"])]),
    ("по Правилу 47F, если она", "47", "47.8", [("Правилу 47F", ["47F"])]),  # 003:8
    # relative references (004:9, 004:11, 004:12, 004:22, 000:28)
    ("согласно предшествующему разделу (A), применяется правило 40C.", "47", "47E2(b)",
     [("правило 40C", ["40C"]), ("разделу (A)", ["47E2(a)"])]),
    ("отменённая согласно предшествующим разделам C, D или E, дала", "47", "47F",
     [("разделам C, D или E", ["47C", "47D", "47E"])]),
    ("В иных, нежели предусмотренные разделами A, B, C, D, E случаях", "47", "47G",
     [("разделами A, B, C, D, E", ["47A", "47B", "47C", "47D", "47E"])]),
    ("(но тогда применяется раздел B1(A) данного правила).", "51", "51B2(a)", [("раздел B1(A)", ["51B1(a)"])]),
    ("Но см. раздел C ниже.", "53", "53A", [("раздел C", ["53C"])]),
    # the wider book: lists, ranges, commentary paragraphs
    ("применяется правило 53 или 56", "60", "60A", [("правило 53 или 56", ["53", "56"])]),
    ("см. правила 12 и 13", "60", "60A", [("правила 12 и 13", ["12", "13"])]),
    ("см. правила 61-64", "60", "60A", [("правила 61-64", ["61", "62", "63", "64"])]),
    ("см. п.54.1 комментария", "54", "54.2", [("п.54.1", ["54.1"])]),
    # references split by a line break are joined by cleaning; whitespace inside is allowed
    ("(см.\nПравило 16С2)", "47", "47.7", [("Правило 16С2", ["16C2"])]),
    # not references
    ("48.2. Это Правило, однако, не есть лекарство", "48", "48.2", []),
    ("когда этого требуют Правила. Наименование карты", "49", "49.1", []),
    ("Правила 1987 года", None, None, []),
    ("в 12-й взятке", "62", "62D", []),
])
def test_citation_forms(text, law, context, expected):
    assert targets(text, law, context) == expected


@pytest.mark.parametrize("text, law_range, expected", [
    # a code whose range reaches four digits (the synthetic corpora past 50 copies: law 1047)
    ("(см. правило 1047E2(a)).", (1, 1993), [("правило 1047E2(a)", ["1047E2(a)"])]),
    ("применяется правило 1053 или 1056", (1, 1993), [("правило 1053 или 1056", ["1053", "1056"])]),
    ("см. правила 1061-1064", (1, 1993), [("правила 1061-1064", ["1061", "1062", "1063", "1064"])]),
    ("см. п.1054.1 комментария", (1, 1993), [("п.1054.1", ["1054.1"])]),
    # a number outside the code's range is not a law, however many digits it has
    ("Правила 1987 года", (1, 1500), []),
    ("применяется правило 1047E", (1, 93), []),
])
def test_law_numbers_as_long_as_the_code_range_allows(text, law_range, expected):
    found = [(surface, t) for surface, _, t, problem in find_citations(text, "1060", "1060A", law_range) if not problem]
    assert found == expected


def test_a_four_digit_half_reference_at_a_truncated_start():
    assert [t for _, _, t, _ in find_citations("ло 1057), есть", "1050", "1050A", (1, 1993), True)] == [["1057"]]


def test_half_reference_only_at_a_truncated_start():
    text = "ло 57), есть штрафная карта"  # 000:11, "прави|ло 57" across the lost page 79
    assert targets(text, "50", "50A", truncated_start=True) == [("ло 57", ["57"])]
    assert targets(text, "50", "50A", truncated_start=False) == []


def test_sibling_reference_needs_a_clause_context():
    problems = [p for *_, p in find_citations("согласно предшествующему разделу (A)", "47", "47E", (1, 93), False) if p]
    assert problems  # reported, not silently dropped


EXPECTED = {
    # (from, target): status, read off the seeds
    ("50D", "16A"): "outside", ("53B", "57"): "node", ("54B", "53"): "node", ("54B", "41"): "outside",
    ("fn-84-1", "53C"): "node", ("52A", "50"): "node", ("fn-82-1", "59"): "node", ("56", "50E"): "node",
    ("57B", "59"): "node", ("62B1", "50"): "node", ("62C1", "47F"): "node", ("fn-81-1", "59"): "node",
    ("54C", "24"): "outside", ("54D", "56"): "node", ("55A", "53"): "node", ("47.7", "16C2"): "outside",
    ("47.8", "47F"): "node", ("47.9", "12A2"): "outside", ("48.3", "54"): "node", ("48.4", "68"): "outside",
    ("48.5", "48A"): "law", ("47E2(b)", "47E2(a)"): "node", ("47E2(b)", "40C"): "outside",
    ("47F", "47C"): "law", ("47F", "47D"): "node", ("47F", "47E"): "node",
    ("47G", "47A"): "law", ("47G", "47B"): "law", ("47G", "47C"): "law", ("47G", "47D"): "node", ("47G", "47E"): "node",
    ("51B2(a)", "51B1(a)"): "node", ("50A", "57"): "node",
}


def test_every_seed_reference_found_with_its_status(corpus):
    found = {(r.from_, r.target): r.status for r in corpus.refs}
    assert found == EXPECTED


def test_reference_provenance_points_at_the_raw_line(corpus, raw_lines):
    for r in corpus.refs:
        line = raw_lines[r.source][r.line - 1]
        number = "".join(ch for ch in r.surface if ch.isdigit())[:2]
        assert number in line or r.surface.split()[0][:5] in line, (r, line)


def test_lists_share_surface_and_group(corpus):
    group = [r for r in corpus.refs if r.from_ == "47F"]
    assert {r.group for r in group} == {group[0].group}
    assert {r.surface for r in group} == {"разделам C, D или E"}


def test_references_are_queryable_both_ways(corpus):
    assert [r.from_ for r in corpus.refs_to("53")] == ["54B", "55A"]
    assert {r.target for r in corpus.refs_from("54B")} == {"53", "41"}


def test_footnote_reference_resolves_in_the_law_of_its_markers(corpus):
    (ref,) = corpus.refs_from("fn-84-1")
    assert ref.law == "53" and ref.target == "53C"  # page 84 has 54B2 too, but the markers are in 53A, 53B


def test_each_reference_knows_where_its_surface_stands(corpus):
    texts = {n.id: n.text for n in corpus.nodes} | {f.id: f.text for f in corpus.footnotes}
    for r in corpus.refs:
        assert texts[r.from_][r.start:r.end] == r.surface, r
