"""A page that finishes the sentence a numbered clause left open on the page before stays
with that clause, though the contents start a later law (whose heading is lost) on that
page (issue 13 cold read 7, finding 2): the sentence's end went to the next law by the
page rule, the clause ended mid-sentence. The text after the sentence's end, before any
heading, is where the lost law begins: it goes to that law. The books are invented."""

from __future__ import annotations

import pytest

from added_books import built, law_text


def book(footer, rest: bool = True, clause: str = "2. Участник, пропустивший ход дважды, получает замечание; при третьем") -> str:
    lines = [
        "ПРАВИЛА ШАШЕЧНОГО КЛУБА", footer(1),
        "ОГЛАВЛЕНИЕ",
        "Правило 1. Доски .......... 3",
        "Правило 2. Ходы .......... 3",
        "Правило 3. Запись партии .......... 4",
        "Правило 4. Итоги .......... 5",
        footer(2),
        "Правило 1. ДОСКИ",
        "Каждая доска проверяется дежурным до начала партии.",
        "Правило 2. ХОДЫ",
        "A. Первый ход",
        "Первый ход делает участник, играющий светлыми фигурами.",
        "B. Пропуск хода",
        "1. Участник, пропустивший ход, получает предупреждение дежурного.",
        clause,
        footer(3),
        "пропуске ему засчитывается поражение в партии.",
    ]
    if rest:
        lines += ["Каждый ход записывается в бланк обоими участниками. Бланк сдаётся дежурному после партии."]
    lines += [footer(4), "Правило 4. ИТОГИ", "Итоги объявляются после последнего тура.", footer(5), ""]
    return "\n".join(lines)


FOOTERS = {"framed": lambda n: f"- {n} -", "own": lambda n: f"- {n}", "dashes": lambda n: f"— {n} —"}


@pytest.mark.parametrize("footer", sorted(FOOTERS))
def test_the_sentence_end_stays_with_its_clause_and_the_rest_goes_to_the_lost_law(tmp_path, footer):
    corpus = built(tmp_path, book(FOOTERS[footer]))
    clause = next(n for n in corpus.nodes if n.id == "2B2")
    # one sentence, the clause's text: its start is no title of the clause
    assert clause.title is None and clause.text == ("Участник, пропустивший ход дважды, получает замечание; при "
                                                    "третьем пропуске ему засчитывается поражение в партии."), clause
    assert "засчитывается поражение" not in law_text(corpus, "3")
    assert "записывается в бланк" in law_text(corpus, "3"), [(n.id, n.law, n.text) for n in corpus.nodes]
    assert "записывается в бланк" not in law_text(corpus, "2")
    said = [p.message for p in corpus.problems if p.line == 18]
    assert any("finishing the sentence" in m for m in said), [str(p) for p in corpus.problems]


@pytest.mark.parametrize("clause", ["2. Участник, пропустивший ход дважды, получает замечание; при третьем",
                                    "2. Участник пропустивший ход дважды получает замечание дежурного при третьем"])
def test_a_page_that_is_only_the_sentence_end_stays_whole_in_the_clause(tmp_path, clause):
    corpus = built(tmp_path, book(FOOTERS["framed"], rest=False, clause=clause))
    clause_node = next(n for n in corpus.nodes if n.id == "2B2")
    assert clause_node.title is None and clause_node.text.startswith(clause[3:]), clause_node
    assert clause_node.text.endswith("при третьем пропуске ему засчитывается поражение в партии."), clause_node
    assert "засчитывается поражение" not in law_text(corpus, "3")
