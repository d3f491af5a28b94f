"""The pipeline from a corpus folder to a ``Corpus``: read → clean → assemble pages →
structure → references. Each stage is called once, in order; the corpus is parsed once
per run.

    corpus = build_corpus(Path("corpus"))
    corpus.node("50E1").title        # 'Нарушителю принадлежит очередь игры'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any
from pathlib import Path

from . import furniture, placement
from .clean import clean_lines
from .coverage import (heading_shaped_text, indentation, laws_without_parts, emptied_parts, lost, lost_text,
                       numbers_removed, unread_parts)
from .formats import format_of, placed
from .grammar import default_grammar
from .structure.nodes import FRONT_MATTER, OUT_OF_RANGE, UNPLACED_KEPT
from .model import PROBLEMS_KEPT, Corpus, CorpusError, CurationNote, ParseReport, PieceReport, Problem, collapse, shorten
from .pages import assemble, split_pieces
from .patterns import FOOTER
from .profile import DEFAULT as DEFAULT_PROFILE, activated
from .references import find_references, restatus
from .sources import CorpusFolder, read_corpus_folder, user_path
from .structure import build_tree
from .structure.apparatus import Apparatus, commentary_cut, inline_commentary, placement_entries, take_apparatus, use_apparatus

Progress = Callable[[str], None]


def _quiet(message: str) -> None:
    pass


def _other_language(folder: CorpusFolder, cleaned, nodes, lang: str, ru_refs):
    """Parse a second-language law text with the same stages, merge it into the nodes'
    translations by ID, and flag where the languages differ (lawsearch/alignment.py)."""
    from .alignment import flag, merge
    from .analysis import Analysis
    from .sources import read_glossary

    sources = [s for s in folder.sources if s.kind == "laws" and s.lang == lang]
    tree, runs, problems = _law_tree(folder, cleaned, sources, [], [], {}, lang)
    main = nodes[0].lang if nodes else main_language(folder)
    merged, present = merge(nodes, tree.nodes, lang, main, folder.titles_builtin)
    refs, unresolved = find_references(tree.nodes, tree.footnotes, tree.offsets, tree.footnote_offsets, folder.law_range,
                                       lang=lang, targets=merged, first_group=max((r.group for r in ru_refs), default=0),
                                       profile=folder.profile, renumbered=_renumbered(folder, cleaned, tree.offsets))
    analysis = Analysis(folder_lexicon(folder))
    glossary = [(analysis.terms(t.term), t.translation)
                for t in read_glossary(folder.vocabulary.get("glossary"), folder.profile.languages)]
    flagged, report = flag(merged, present, ru_refs + refs, lang, glossary, analysis.terms, main)
    flagged = _translation_notes(flagged, tree, lang)
    # a piece kept for curation in the main language is no node in another (no ID merges it):
    # its lines are reported as lost (coverage.lost_text), not as kept -- but the text before a
    # file's first law (a title page, a preface) is the translation's front matter, as it is
    # in the main language: said once, not lost
    kept = [p for p in tree.problems if UNPLACED_KEPT not in p.message] + _front_matter(tree, lang, sources, cleaned)
    return flagged, refs, report, problems + kept + unresolved_problems(unresolved), tree


TITLE_WORDS = 8  # a title page's or a preface's title line is short


def _front_matter(tree, lang: str, sources, cleaned) -> list[Problem]:
    """A warning for each piece of a translation's tree that is the text before a file's
    first law (``lawtext`` says so of it) and opens as a title page or a preface does: with
    a title (a short line, no sentence: «THE CODE OF THE POND», "Preface"); its lines are
    named (``tree.named``), so that coverage.lost_text does not call them lost: no node of
    the corpus holds them, as no ID merges a piece, and the warning says so. A sentence
    before the first law (a law's text cut from its heading) stays lost: an error."""
    out = []
    lines = {s.path: cleaned[s.id].lines for s in sources}
    pieces = {(s.source, s.lines[0]): node for node in tree.nodes if node.kind == "piece" for s in node.spans}
    for p in tree.problems:
        if UNPLACED_KEPT not in p.message or not p.message.startswith(FRONT_MATTER) or \
                (node := pieces.get((p.path, p.line))) is None:
            continue
        # the first raw line of the piece (a logical line may join several: line_starts says where each begins)
        first = next((line for line in lines.get(p.path, ()) if line.first >= p.line and line.text.strip()), None)
        starts = [at for at, _ in first.line_starts()] + [len(first.text)] if first else [0, 0]
        opening = first.text[starts[0]:starts[1]].strip() if first else ""
        if not opening or len(opening.split()) > TITLE_WORDS or re.search(r"[.!?;:,…]$", opening):
            continue
        for s in node.spans:
            tree.named.update((s.source, n) for n in range(s.lines[0], s.lines[1] + 1))
        before = p.message.split(UNPLACED_KEPT)[0].strip()
        out.append(Problem("warning", f"{before} is the {lang} text's front matter (a title page, a preface?), as "
                           "in the main language; no node holds it, as no ID merges another language's piece "
                           "(remove it with [[drop]] in curation.toml to say so)", p.path, p.line))
    return out


def _translation_notes(nodes, tree, lang: str):
    """The second language's footnotes kept with the translation of the node that refers to
    them (``translations[lang]["notes"]``: their texts, one a line), so a translation's notes
    are no lost text; the tree remembers which it kept (``kept_footnotes``, for
    coverage.lost_text)."""
    by_id = {n.id: i for i, n in enumerate(nodes)}
    notes: dict[str, list[str]] = {}
    kept = []
    for f in tree.footnotes:
        owner = next((o for o in [*f.markers, f.at] if o and o in by_id), None)
        if owner is None or not f.text:
            continue
        notes.setdefault(owner, []).append(f.text)
        kept.append(f)
    tree.kept_footnotes = kept
    out = list(nodes)
    for owner, texts in notes.items():
        node = out[by_id[owner]]
        given = dict(node.translations.get(lang) or {})
        given["notes"] = "\n".join(texts)
        out[by_id[owner]] = replace(node, translations={**node.translations, lang: given})
    return out


def _placed(placed: dict, piece) -> tuple[str | None, str | None]:
    p = placed.get((piece.source, piece.first))
    return (p.law, p.rule) if p else (None, None)


def _suggestions(folder: CorpusFolder, nodes) -> list:
    """What similarity suggests for the pieces no rule placed (placement.suggest); only
    when there are any."""
    if not any(n.kind == "piece" and n.law is None for n in nodes):
        return []
    from .analysis import Analysis

    analysis = Analysis(folder_lexicon(folder))
    grammar = (folder.profile.data if folder.profile else {}).get("grammar", {})
    from .index import EN_STOP_WORDS
    from .plausibility import lemmatizer_for

    # the stop words: the profile's joining words and the stop list the index drops from the
    # Snowball language's text; and what a language's dictionary reads as a function word
    joining = {w.casefold() for words in grammar.get("joining_words", {}).values() for w in words} | set(EN_STOP_WORDS)
    # and the stop list of each of the profile's languages the index library holds (its
    # dictionary of a language's function words: "each", "its", «может», «если»), read on the
    # word as written, since a lemma can hide it («может» is the verb «мочь»'s form)
    from whoosh.lang.stopwords import stoplists

    languages = folder.profile.languages if folder.profile else ()
    written = {w.casefold() for lang in languages for w in stoplists.get(lang, ())}

    def function_word(term: str) -> bool:
        module = lemmatizer_for(term)
        return getattr(module, "function_word", None) is not None and module.function_word(term)

    # a citation says which law a text names, not what it is about: its words (the levels'
    # words, "see", "above": the profile's citation forms) and the citations themselves
    # («см. правило 63», "see Law 33") count for nothing -- a piece citing law N is no more
    # law N's for it (cold read 14 of issue 13, finding 6)
    citing = citation_words(folder.profile)

    def terms(text: str) -> list[str]:
        text = without_citations(text, folder.profile)
        lemmas = [t[0] for tok, t in analysis.analyze(text)
                  if t and tok.text.casefold() not in written and tok.text.casefold() not in citing
                  and t[0].casefold() not in citing]
        return placement.compared_terms(lemmas, joining, function_word)

    return placement.suggest(nodes, list(folder.contents), terms,
                             {s.path: s.id for s in folder.sources}, book_matter(folder, nodes))


def citation_words(profile) -> frozenset[str]:
    """The words the profile's citation forms are made of, in every language, casefolded
    with no stop: the levels' words and lemmas («правило», "Law", «пункт»), the words
    before and after a reference («см.», "see", «выше», "above"), what a query may name a
    law by ("rule")."""
    out: set[str] = set()
    for table in ((profile.data if profile else {}).get("citations") or {}).values():
        if not isinstance(table, dict):
            continue
        phrases = [*table.get("see", ()), *table.get("after", ()), *table.get("query_words", ())]
        for level in table.get("levels", ()):
            phrases += [*level.get("words", ()), *level.get("lemmas", ())]
        out |= {w.casefold() for phrase in phrases for w in re.findall(r"[^\W\d_]+", phrase)
                if len(w) > 2 or phrase.strip().rstrip(".") == w}
    return frozenset(out)


def without_citations(text: str, profile) -> str:
    """``text`` with each citation the profile's forms find in it, in any of its languages,
    blanked out (``references.find_citations``)."""
    from .references import find_citations

    if not text or profile is None:
        return text
    spans = []
    for lang in profile.languages:
        try:
            spans += [(start, start + len(surface)) for surface, start, _, _ in
                      find_citations(text, lang=lang, profile=profile)]
        except KeyError:  # a language the profile has no citation forms for
            continue
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def book_matter(folder: CorpusFolder, nodes) -> set[tuple[str, int]]:
    """The (source path, first raw line) of the pieces that are the book's own matter, not
    law text: text after the contents or the subject index (an afterword), and text before
    the first law heading of a source that starts where the book does (a file with no page
    numbers, or one that holds the book's title page, contents or index) -- a preface, a
    title page no label gave away. Similarity suggests no law for them above "low"."""
    ids = {s.id: s.path for s in folder.sources}
    out = {(ids[k], line) for k, lines in getattr(folder, "back_matter", {}).items() if k in ids for line in lines}
    out |= set(getattr(folder, "book_parts", ()))  # a page opening with a contents entry's part (an afterword)
    whole = {ids[k] for k, _ in getattr(folder, "apparatus_pages", frozenset()) if k in ids}
    first_law: dict[str, int] = {}
    paged: set[str] = set()
    for n in nodes:
        for span in n.spans:
            if span.page is not None:
                paged.add(span.source)
            if n.kind not in ("piece", "commentary", "definition") and n.law is not None:
                first_law[span.source] = min(first_law.get(span.source, span.lines[0]), span.lines[0])
    for n in nodes:
        if n.kind != "piece" or n.law is not None or not n.spans:
            continue
        span = n.spans[0]
        if span.source in first_law and span.lines[0] < first_law[span.source] \
                and (span.source not in paged or span.source in whole):
            out.add((span.source, span.lines[0]))
    return out


def anchor_problems(nodes, footnotes) -> list[Problem]:
    """An error for each two IDs the site would give one HTML anchor (``ids.anchor_clashes``):
    a link, a search hit or a reference to the second would open the first."""
    where = {x.id: x.spans[0] for x in (*nodes, *footnotes) if x.spans}
    out = []
    from .ids import anchor_clashes

    for first, second, anchor in anchor_clashes([*(n.id for n in nodes), *(f.id for f in footnotes)]):
        span = where.get(second) or where.get(first)
        out.append(Problem("error", f"the IDs {first} and {second} get one HTML anchor (#{anchor}): a link to "
                                    f"{second} would open {first} -- give their levels ID formats "
                                    "([grammar.ids]) that part them", span.source if span else None,
                           span.lines[0] if span else None))
    return out


def unresolved_problems(unresolved) -> list[Problem]:
    """A warning for each citation no target could be found for (never dropped silently)."""
    return [Problem("warning", f"reference {u.surface!r} in {u.from_}: {u.reason}", u.source, u.line)
            for u in unresolved]


def _law_tree(folder: CorpusFolder, cleaned, sources, curation, commentary, titles, lang, contents=()):
    """Pages and the tree of some law sources, each read in its own layout; ``contents``
    (the book's contents entries) place pieces no stronger rule places (placement.py).
    Sources that are copies of one text are read copy by copy and merged (overlap.py)."""
    from . import overlap

    grammar = folder.grammar or default_grammar()
    layouts = {s.id: grammar.layout_for(s.lang, folder.layouts.get(s.id)) for s in folder.sources if s.kind == "laws"}
    groups = overlap.copies(sources, cleaned, layouts)
    if len(groups) > 1:  # copies of one text: each read alone, merged by ID (lawsearch/overlap.py)
        trees, runs, problems, placements = [], [], [], {}
        about_commentary = {s.id for s, _ in commentary}
        for n, group in enumerate(groups):
            ids_here = {s.id for s in group} | (about_commentary if n == 0 else set())
            tree, more_runs, more = _copy_tree(folder, cleaned, group, [st for st in curation if st.at[0] in ids_here],
                                               commentary if n == 0 else [], titles, lang, grammar, layouts, contents)
            trees.append(tree)
            runs += more_runs
            problems += more
            placements.update(folder.placements)
        folder.placements = placements
        # a word of a script with no morphology dictionary is known by the profile's and the
        # folder's vocabulary, never by the copies' own words (overlap.misread)
        vocabulary = (doc.data for key, docs in folder.documents.items() if key != "curation" for doc in docs)
        known = furniture.known_words((), vocabulary, folder.profile, folder_languages(folder))
        return overlap.merge(trees, grammar.ids.sort_key, lexicon_words(folder), folder.raw_traces,
                             [group[-1].path for group in groups], known,
                             {s.path: s.kind for group in groups for s in group
                              if "kind" in folder.detected.get(s.id, ())}), runs, problems
    return _copy_tree(folder, cleaned, sources, curation, commentary, titles, lang, grammar, layouts, contents)


def _copy_tree(folder: CorpusFolder, cleaned, sources, curation, commentary, titles, lang, grammar, layouts,
               contents=()):
    """Pages and the tree of law sources that are one copy of the text."""
    back = getattr(folder, "back_matter", {})
    pieces = {s.id: split_pieces(s.id, cleaned[s.id].lines, layouts[s.id], back.get(s.id, frozenset()),
                                 getattr(cleaned[s.id], "feeds", frozenset())) for s in sources}
    # a statement about a commentary source names a piece of the commentary (structure/commentary.py)
    # (a whole book's own commentary: the statements about lines after its heading)
    starts = getattr(folder, "commentary_starts", {})
    commentary_ids = {s.id for s, _ in commentary}

    def about(st) -> bool:
        return st.at[0] in commentary_ids and (st.at[0] not in starts or st.at[1] > starts[st.at[0]])

    about_commentary = [st for st in curation if about(st)]
    curation = [st for st in curation if not about(st)]
    runs, problems = assemble(pieces, curation, folder.curation_path, {s.id: s.path for s in folder.sources})
    read = lambda p: layouts[p.source].read(p.lines, folder.indents.get(p.source), p.carried, p.through)  # noqa: E731
    runs, cuts = placement.split_at_lost_headings(runs, read, grammar.levels,
                                                  lambda level, label: grammar.ids.alphabet(level).position(label),
                                                  list(contents))
    disagree, withheld = placement.contents_disagree(runs, read, list(contents))
    placements = placement.place(runs, read, grammar.levels, list(contents), withheld)
    placement.statements(runs, placements)
    problems = problems + contents_disagree_notes(disagree, withheld) + \
        lost_heading_notes(cuts, placements, {s.id: s.path for s in folder.sources})
    # a page cut from the law before it and placed nowhere: that law is not known complete
    # (structure.apparatus.law_doubts; check and the site's status say so)
    by_piece = {(p.source, p.first): p for p in placements}
    folder.doubts = getattr(folder, "doubts", []) + [
        {"law": cut.law, "kind": "unplaced_after", "other": cut.lost[-1] if cut.lost else None,
         "source": cut.piece.source, "lines": [cut.piece.first, cut.piece.first]}
        for cut in cuts
        if not cut.kept and getattr(by_piece.get((cut.piece.source, cut.piece.first)), "law", None) is None] + [
        # a page kept in the law before (it finishes that law's open sentence) that the contents
        # give to a law whose heading is nowhere: the rest of it may be that law's
        {"law": cut.law, "kind": "kept", "other": cut.lost[-1], "source": cut.piece.source,
         "lines": [cut.piece.first, cut.piece.first]}
        for cut in cuts if cut.kept and cut.lost]
    folder.placements = {(p.source, p.first): p for p in placements}
    tree = build_tree(runs, commentary, folder.sources, folder.law_range, titles, folder.code, folder.curation_path,
                      grammar, layouts, folder.indents, lang, about_commentary,
                      getattr(folder, "apparatus_pages", frozenset()),
                      frozenset(getattr(folder, "commentary_starts", {})),
                      frozenset((k, n) for k, lines in back.items() for n in lines),
                      getattr(folder, "counted_sources", frozenset()), folder.truncated,
                      frozenset(s.id for s in sources if getattr(cleaned[s.id], "feeds", None)))
    return tree, runs, problems


def contents_part_headings(raw: list[str], source, apparatus: dict, layout, cut: int | None) -> list[tuple[int, str]]:
    """The (1-based raw line, title) of each line of a law source's text, after its first law
    heading and before the commentary's heading (0-based line ``cut``), that is, in the
    contents' own wording, the heading of a part of the book the contents list that is no law
    text (an afterword, an index, a preface: a contents entry of the book's scope). Such a
    line opens that part: the text from it is no law's (cold read 14 of issue 13, finding 2).
    Lines the contents, the index or the title page fill are theirs already."""
    from .structure.apparatus import _classify

    titles = {placement.fold_title(e["title"]): e["title"] for e in apparatus.get("toc", ())
              if e.get("scope") == "book" and e.get("kind") != "definitions" and e.get("title")}
    if not titles or layout is None:
        return []
    taken = [tuple(p["lines"]) for p in apparatus.get("pages", ())
             if p.get("source") == source.path and p.get("kind") in ("toc", "index", "front") and p.get("lines")]
    out, in_law = [], False
    for n, t in enumerate(raw[:cut] if cut is not None else raw, 1):
        s = re.sub(r"\s+", " ", furniture.letter_spaced_words(t, source.lang).strip())
        if not s or any(a <= n <= b for a, b in taken):
            continue
        if _classify(layout, s).kind == "law":
            in_law = True
        elif in_law and placement.fold_title(s) in titles:
            out.append((n, titles[placement.fold_title(s)]))
    return out


def _after_the_index(raw: list[str], cut: int, source, apparatus: dict, grammar) -> set[int]:
    """The 1-based lines of a whole book's text after its subject index (or contents) where
    that part follows its own commentary: pages that open with no heading or paragraph
    number of the commentary (an afterword) are no commentary paragraph's tail. Empty where
    the commentary goes on after the part."""
    ends = [p["lines"][1] for p in apparatus.get("pages", ())
            if p["source"] == source.path and p["kind"] in ("index", "toc") and p["lines"][0] > cut + 1]
    if not ends:
        return set()
    start = max(ends) + 1
    rest = [n for n in range(start, len(raw) + 1) if raw[n - 1].strip()]
    text = [n for n in rest if not _page_number_line(raw[n - 1], source.lang)]
    if not text:
        return set()
    forms = grammar.commentary_forms(source.lang)
    first = raw[text[0] - 1].strip()
    if forms.heading.match(first) or forms.paragraph.match(first):
        return set()
    return set(range(text[0], len(raw) + 1))


def _page_number_line(text: str, lang: str) -> bool:
    """A line that only numbers a page: the book's ``- 12``, ``Page 12``, a bare number."""
    s = text.strip()
    m = FOOTER.match(s)
    return bool(m and not m["rest"]) or furniture.page_of_n(s, lang) or furniture.lone_page_numbers(s, lang)


def contents_disagree_notes(disagree: list[placement.Disagreement], withheld: frozenset[str]) -> list[Problem]:
    """A warning at each contents entry whose page the text's heading contradicts
    (placement.contents_disagree), saying which laws no text is placed in by page."""
    if not disagree:
        return []
    laws = ", ".join(sorted(withheld, key=int))
    shifts = sorted({d.found - d.entry.page for d in disagree})
    off = (f"; every one of them off by {shifts[0]:+d} page{'s' if abs(shifts[0]) != 1 else ''}"
           if len(shifts) == 1 and len(disagree) > 1 else "")
    return [Problem("warning", f"the contents put law {d.entry.id} «{d.entry.title}» on page {d.entry.page}, but its "
                               f"heading stands on page {d.found} in the text{off}: the contents' pages disagree with "
                               f"the headings here, so no headless text is placed by its page in law{'s' if len(withheld) > 1 else ''} "
                               f"{laws} (such text is left unplaced, with a suggestion: confirm it in the curation file)",
                    d.entry.source, d.entry.line) for d in disagree]


def lost_heading_notes(cuts: list[placement.LostHeading], placements: list[placement.Placement],
                       paths: dict[str, str]) -> list[Problem]:
    """A warning for each page that could not go on the law before it (placement.split_at_lost_headings):
    what was seen, where the page went, and, where no rule placed it, what to write."""
    by_piece = {(p.source, p.first): p for p in placements}
    out = []
    for cut in cuts:
        piece = cut.piece
        path = paths.get(piece.source, piece.source)
        if cut.disputed:
            out.append(Problem(
                "warning", f"the contents start law {', '.join(cut.lost)} on page {piece.page} or before and no "
                f"heading of {'it' if len(cut.lost) == 1 else 'them'} is in the text, but the page opens with "
                f"{cut.level} {cut.label}, which goes on from {cut.law}{cut.seen_label} of the page before, and no "
                f"title in the contents decides: it stays in law {cut.law}, not known complete; if the page is "
                f"law {cut.lost[-1]}'s, add to the curation file [[piece]] at = \"{piece.label}\" "
                f"law = \"{cut.lost[-1]}\"", path, piece.first))
            continue
        if cut.kept:
            laws = ", ".join(cut.lost)
            out.append(Problem(
                "warning", f"the contents start law {laws} on page {piece.page} or before and no heading of "
                f"{'it' if len(cut.lost) == 1 else 'them'} is in the text, but the page begins by finishing the "
                f"sentence law {cut.law} left open on the page before, so "
                + (f"that sentence's end stays in law {cut.law} and the text after it is cut off as the lost law's"
                   if cut.tail else f"it stays in law {cut.law}")
                + f"; if the page is law {cut.lost[-1]}'s, add to the curation file [[piece]] at = \"{piece.label}\" "
                f"law = \"{cut.lost[-1]}\"", path, piece.first))
            continue
        if cut.section:
            p = by_piece.get((piece.source, piece.first))
            then = (f"placed in {cut.section} by the contents, its heading marked lost (not printed)"
                    if p is not None and p.law is not None and p.parts else
                    f"placed in law {p.law} by rule {p.rule}" if p is not None and p.law is not None else
                    f'left unplaced: if you know its place, add to the curation file [[piece]] at = "{piece.label}" '
                    f'law = "…"')
            out.append(Problem(
                "warning", f"the page does not continue the section before it in law {cut.law}: the contents start "
                f"{cut.section} on page {piece.page} or before and no heading of it is in the text, so its heading was "
                f"lost; {then}", path, piece.first))
            continue
        if cut.lost:
            laws = ", ".join(cut.lost)
            opens = (f", and its {cut.level} {cut.label} cannot go on law {cut.law}" if cut.label else "")
            why = (f"the contents start law {laws} on page {piece.page} or before and no heading of "
                   f"{'it' if len(cut.lost) == 1 else 'them'} is in the text{opens}, so a law heading was lost "
                   f"before it")
        elif cut.label is None:
            why = f"the curation names law {piece.curation.law}, not law {cut.law} the page before is in"
        else:
            where = f"line {cut.seen}" if cut.seen_source == piece.source else \
                f"{paths.get(cut.seen_source, cut.seen_source)}:{cut.seen}"
            why = (f"its {cut.level} {cut.label} repeats or goes back from {cut.law}{cut.seen_label} "
                   f"at {where}, so a law heading was lost before it")
        p = by_piece.get((piece.source, piece.first))
        if p is not None and p.law is not None:
            then = f"placed in law {p.law} by rule {p.rule}"
        else:
            then = (f"left unplaced: if you know its law, add to the curation file "
                    f'[[piece]] at = "{piece.label}" law = "…"')
        out.append(Problem("warning", f"the page does not continue law {cut.law}: {why}; {then}", path, piece.first))
    return out


def main_language(folder: CorpusFolder) -> str:
    """The corpus's own language, the one its tree is built from: ``[code] lang``, else the
    first of the profile's languages a law text of the default edition is in (a source
    naming no edition is the default's), else the first such law text's language; a corpus
    whose default edition has no law text looks at every law text the same way; else the
    profile's first language. The order the manifest lists its sources in never decides.

    ``main_language(read_corpus_folder(Path("corpus"))) == "ru"``
    """
    default = folder.code.get("edition")
    laws = [s for s in folder.sources if s.kind == "laws"]
    own = [s.lang for s in laws if default is None or (s.edition or default) == default]
    langs = own or [s.lang for s in laws]
    known = folder.profile.languages if folder.profile else ()
    return (folder.code.get("lang") or next((lang for lang in known if lang in langs), None)
            or (langs[0] if langs else known[0] if known else ""))


@dataclass
class CleaningContext:
    """What cleaning each source of a folder needs from the whole folder: the words a line
    break split are mended by, the lines its files share, the curation's drops; and the
    apparatus (contents, index, title page) taken out of the law text first."""

    words: frozenset[str]
    grammar: Any
    shared: frozenset[str]
    apparatus: dict
    changed: dict
    skip: dict
    dropped: list


def cleaning_context(folder: CorpusFolder) -> CleaningContext:
    """The folder-wide part of cleaning, as the build does it (``lawsearch clean`` runs the
    same, so ``--explain`` shows what the build does). The apparatus leaves ``folder.texts``."""
    from .sources import apply_drops

    # the words a line break split are restored by the morphology dictionary of the text's
    # language or, in a script no lemmatizer of the corpus's languages covers, by the words
    # the corpus and the profile's vocabulary hold whole
    vocabulary = (doc.data for key, docs in folder.documents.items() if key != "curation" for doc in docs)
    languages = tuple(dict.fromkeys(s.lang for s in folder.sources if s.lang)) or None
    words = lexicon_words(folder) | furniture.known_words(folder.texts.values(), vocabulary, folder.profile, languages)
    grammar = folder.grammar or default_grammar()
    # a site's header or footer in every saved page (one file each): furniture.shared_lines
    pages = frozenset(s.id for s in folder.sources if format_of(s.path.rpartition("/")[2]) in WEB_FORMATS)
    shared = furniture.shared_lines(folder.texts, lambda s: False, source_families(folder.sources), pages)
    # the book's contents, subject index and title page leave the law text first (issue 13)
    # the curated drops first: a line dropped from a contents or index page is no entry of it
    changed, skip, dropped = apply_drops(folder.texts, folder.drops, folder.curation_path,
                                         {s.id: s.path for s in folder.sources})
    apparatus = take_apparatus(folder, words, skip)
    return CleaningContext(words, grammar, shared, apparatus, changed, skip, dropped)


WEB_FORMATS = ("html", "mhtml")  # a saved web page: its site's buttons may stand over its text


def clean_source(folder: CorpusFolder, source, raw: list[str], context: CleaningContext):
    """One source's raw lines cleaned as the build cleans them (``clean.clean_lines``)."""
    grammar = context.grammar
    layout = grammar.layout_for(source.lang, folder.layouts.get(source.id)) if source.kind == "laws" else None
    if layout is not None and layout.lists:
        folder.indents[source.id] = indentation(raw)
    return clean_lines(raw, source.id, source.kind, context.words, source.lang, layout, grammar, context.shared,
                       frozenset(context.skip.get(source.id, ())), frozenset(context.changed.get(source.id, ())),
                       web=format_of(source.path.rpartition("/")[2]) in WEB_FORMATS,
                       content=folder.content.get(source.id, frozenset()))


def source_families(sources) -> dict[str, str]:
    """Each source's family, as site furniture is judged within one (``furniture.shared_lines``):
    its folder, format (a zipped one as the format it holds), language and kind -- the pages
    a user saved from one site, not the other files beside them.

    >>> from lawsearch.model import Source
    >>> f = source_families([Source("a", "corpus/laws/ru/a.html", "ru", "laws", "", "", "", ""),
    ...                      Source("b", "corpus/laws/ru/b.fb2.zip", "ru", "laws", "", "", "", "")])
    >>> f["a"], f["b"]
    ('corpus/laws/ru html ru laws', 'corpus/laws/ru fb2 ru laws')
    """
    out = {}
    for source in sources:
        folder, _, name = source.path.rpartition("/")
        kind = (format_of(name) or "txt").removesuffix(".zip")
        out[source.id] = f"{folder} {kind} {source.lang} {source.kind}"
    return out


def lexicon_words(folder: CorpusFolder) -> frozenset[str]:
    """Every form of the domain lexicon's terms: words the dictionary lacks (фальшренонс)
    that rejoining split words and the damage check must still know."""
    return frozenset(folder_lexicon(folder).forms)


def folder_languages(folder: CorpusFolder) -> tuple[str, ...]:
    """The languages the corpus has text in: its main language, then its sources' others.
    A language's own modules (plausibility.LANGUAGES) run only for these."""
    return tuple(dict.fromkeys([main_language(folder), *sorted(s.lang for s in folder.sources if s.lang)]))


def folder_lexicon(folder: CorpusFolder):
    """The domain lexicon (the profile's, extended by the folder's) of the corpus's languages:
    an entry of a language the corpus has no text in is not read (``Lexicon.load``)."""
    from .analysis import Lexicon

    return Lexicon.load(folder.vocabulary.get("lexicon"), folder_languages(folder))


def for_user(problem: Problem, root: Path) -> Problem:
    """Problems name files as the corpus JSON does ("corpus/laws/…"); a user needs the file
    itself, from the current folder, wherever the corpus folder is (``sources.user_path``).
    A line of a file read from another format than plain text is a line of its extracted
    text, and is named so (``Problem.extracted``)."""
    if not problem.path:
        return problem
    extracted = bool(problem.line) and extracted_lines(problem.path)
    return replace(problem, path=user_path(problem.path, root), extracted=extracted or problem.extracted)


def extracted_lines(path: str) -> bool:
    """Whether ``path``'s lines are those of text extracted from it (a PDF, a web page, an
    FB2 …): every format but plain text and the corpus's own TOML files.

    >>> extracted_lines("corpus/laws/ru/a.html"), extracted_lines("corpus/laws/ru/a.txt"), extracted_lines("c/x.toml")
    (True, False, False)
    """
    return format_of(path.rpartition("/")[2]) not in (None, "txt")


def duplicate_footnotes(footnotes) -> list[Problem]:
    """A warning for each footnote that stands again, word for word and on the same nodes, in
    another file -- the same book given twice in two formats (an FB2 and an RTF of it): both
    files named, so the user drops one; the footnotes are kept as read."""
    first: dict[tuple, Any] = {}
    out = []
    for note in footnotes:
        if not note.spans:
            continue
        key = (" ".join(note.text.split()), note.markers)
        seen = first.get(key)
        if seen is None:
            first[key] = note
            continue
        a, b = seen.spans[0], note.spans[0]
        if a.source == b.source:
            continue  # one file's two notes of the same words: its own
        out.append(Problem("warning", f"the footnote «{shorten(note.text, 60)}» stands twice, word for word, on "
                           f"{', '.join(note.markers) or note.at or 'the text'}: in {_at(a)} and in {_at(b)} -- the "
                           "same book in two files? remove one of them "
                           "from the manifest, or [[drop]] the lines of one in curation.toml", b.source, b.lines[0],
                           extracted=extracted_lines(b.source)))
    return out


def _at(span) -> str:
    """Where a span starts: its file and line (an extracted line for a PDF, an FB2 …)."""
    return f"{span.source} ({'extracted ' if extracted_lines(span.source) else ''}line {span.lines[0]})"


def dropped_counts(dropped: list[tuple[int, str, str]]) -> dict[str, int]:
    """How many blocks a source's reader left out, by rule (``formats.DROP_*``): ``check``
    lists them with the cleaning rules' counts."""
    out: dict[str, int] = {}
    for _, rule, _ in dropped:
        out[rule] = out.get(rule, 0) + 1
    return dict(sorted(out.items()))


def build_corpus(root: Path, progress: Progress = _quiet, strict: bool = True) -> Corpus:
    """Parse the corpus folder at ``root``. With ``strict`` (the default), raise
    ``CorpusError`` when the input has errors (a curation statement the text contradicts, a
    law outside the code's range); otherwise return the corpus with its problems listed."""
    return parse_folder(read_corpus_folder(root), progress, strict)


def parse_folder(folder: CorpusFolder, progress: Progress = _quiet, strict: bool = True) -> Corpus:
    """The pipeline after reading: clean → pages → structure → references, with the
    folder's profile active (its IDs, anchors and citations: ``profile.activated``).

    The folder's raw lines are consumed: each source's lines leave ``folder.texts`` once cleaned,
    so a 50 MB source is not held raw and cleaned at once (docs/decisions.md, "Bounded work").
    """
    with activated(folder.profile):
        return _parse_folder(folder, progress, strict)


def _parse_folder(folder: CorpusFolder, progress: Progress, strict: bool) -> Corpus:
    from . import editions, overlap

    several = editions.editions_of(folder.sources, folder.code.get("edition"))
    wrong = editions.check(folder)
    if wrong:
        raise CorpusError(wrong)  # a default no source has, several and none the default, a name unfit for IDs
    if len(several) > 1:  # one tree per edition, joined (lawsearch/editions.py)
        return _parse_editions(folder, several, progress, strict)
    progress(f"read {len(folder.sources)} sources from {folder.root}")
    context = cleaning_context(folder)
    apparatus, dropped = context.apparatus, context.dropped
    unread = apparatus.pop("unread", [])
    back = apparatus.pop("back", [])
    # text after the contents or the index that is no part of them and that no law heading
    # opens (an afterword): a piece of its own (pages.split_pieces), said with advice
    folder.back_matter, back_notes = {}, []
    for b in back:
        folder.back_matter.setdefault(b["id"], set()).add(b["line"])
        if b.get("resume"):  # the part after it (a law heading, the commentary) begins a piece of its own
            folder.back_matter[b["id"]].add(b["resume"])
        what = "contents" if b["kind"] == "toc" else "subject index"
        if b.get("lines") and set(b["lines"]) <= context.skip.get(b["id"], set()):
            continue  # every line of it dropped by the curation ([[drop]]): nothing is kept, nothing to say
        back_notes.append(Problem("warning", f"text after the {what} that is no entry of it {UNPLACED_KEPT} (an afterword? "
                                             "remove it with [[drop]] or place it with a [[piece]] statement in "
                                             "curation.toml)", b["source"], b["line"]))
    # the pages the contents, the index or the title fill: a law text's page that ends
    # before one of them ends where the law text does, no page gap (structure.build_tree)
    ids = {s.path: s.id for s in folder.sources}
    folder.apparatus_pages = frozenset((ids[p["source"]], int(p["page"])) for p in apparatus.get("pages", ())
                                       if p["source"] in ids and str(p.get("page") or "").isdigit())
    folder.counted_sources = frozenset(ids[p] for p in apparatus.pop("counted", ()) if p in ids)
    if not folder.contents:  # the contents place headless pieces (placement.py)
        folder.contents = placement_entries(apparatus)
    cleaned = {}
    inner: dict[str, object] = {}  # a whole book's own commentary, cleaned as commentary
    for source in folder.sources:
        raw = folder.texts.pop(source.id)
        if source.kind == "laws":  # what cleaning removes still tells how damaged a copy is (overlap.py)
            folder.raw_traces[source.path] = overlap.raw_traces(raw)
        layout = context.grammar.layout_for(source.lang, folder.layouts.get(source.id)) if source.kind == "laws" else None
        cut = commentary_cut(raw, Apparatus.of(folder.profile, source.lang), layout) if layout is not None else None
        for line, title in contents_part_headings(raw, source, apparatus, layout, cut) if source.kind == "laws" else ():
            if line in folder.back_matter.get(source.id, ()):
                continue
            before = next((raw[k] for k in range(line - 2, -1, -1) if raw[k].strip()), None)
            if before is None or _page_number_line(before, source.lang):
                # it begins its page: a piece of its own already, the book's own matter
                folder.book_parts = {*getattr(folder, "book_parts", ()), (source.path, line)}
                continue
            folder.back_matter.setdefault(source.id, set()).add(line)
            back_notes.append(Problem("warning", f"«{shorten(title)}», the contents' entry of a part of the book "
                                                 f"that is no law text, opens it here: the text from this line "
                                                 f"{UNPLACED_KEPT} (remove it with [[drop]] or place it with a "
                                                 "[[piece]] statement in curation.toml)", source.path, line))
        # a law's commentary set after its text («Комментарий к правилу 20» / «20.1. …»): the
        # commentary's, on the same lines, never law text
        blocks = inline_commentary(raw[:cut] if cut is not None else raw, Apparatus.of(folder.profile, source.lang),
                                   layout, context.grammar.commentary(source.lang)[0]) if layout is not None else []
        inline = {k for first, last in blocks for k in range(first + 1, last + 1)  # a page's footer stays the page's
                  if not _page_number_line(raw[k], source.lang)}
        # the block's heading is the commentary's heading: no paragraph's text, no law's (it
        # would cite its own law)
        block_headings = {first for first, _ in blocks}
        if inline:
            progress(f"read {source.path}'s " + ", ".join(f"lines {a + 1}-{b + 1}" for a, b in blocks)
                     + " (a law's commentary after its text) as the commentary")
        if cut is not None:
            # a whole book copied as one file holds its commentary after the commentary's
            # heading: the law text ends there, the rest is commentary (the same file and lines)
            progress(f"read {source.path} after its line {cut + 1} (the commentary's heading) as the commentary")
            # text after the book's index that is no part of it (an afterword) is no
            # commentary either: it stays with the law text, where it is a piece of its own
            after = {n for b in back if b["id"] == source.id and b["line"] > cut + 1
                     for n in range(b["line"], b.get("last", b["line"]) + 1)}
            tail = _after_the_index(raw, cut, source, apparatus, context.grammar)
            if tail and not tail & after:  # a piece of its own, said as the text after a part is
                folder.back_matter.setdefault(source.id, set()).add(min(tail))
                back_notes.append(Problem("warning", f"text after the subject index that is no entry of it and no "
                                                     f"commentary {UNPLACED_KEPT} (an afterword? remove it with [[drop]] "
                                                     "or place it with a [[piece]] statement in curation.toml)",
                                          source.path, min(tail)))
            after |= tail
            inner[source.id] = clean_source(folder, replace(source, kind="commentary"),
                                            [raw[k] if k in inline else "" for k in range(cut + 1)]
                                            + ["" if n in after else t
                                               for n, t in enumerate(raw[cut + 1:], cut + 2)], context)
            # the commentary's pages are the book's, present (check's page report); the law
            # text's last page before the first of them ends where the laws do, no gap
            inside = [int(m.group()) for n, t in enumerate(raw[cut:], cut + 1)
                      if n not in after and _page_number_line(t, source.lang) and (m := re.search(r"\d+", t))]
            apparatus.setdefault("pages", []).extend(
                {"source": source.path, "kind": "commentary", "page": str(page), "lines": [cut + 1, len(raw)]}
                for page in dict.fromkeys(inside))
            folder.apparatus_pages = folder.apparatus_pages | {(source.id, page) for page in inside}
            raw = raw[:cut] + ["" if n not in after else t for n, t in enumerate(raw[cut:], cut + 1)]
            folder.commentary_starts = {**getattr(folder, "commentary_starts", {}), source.id: cut + 1}
        elif inline:
            inner[source.id] = clean_source(folder, replace(source, kind="commentary"),
                                            [t if k in inline else "" for k, t in enumerate(raw)], context)
        if inline:
            raw = ["" if k in inline or k in block_headings else t for k, t in enumerate(raw)]
        cleaned[source.id] = clean_source(folder, source, raw, context)
    progress("cleaned " + ", ".join(f"{s.id.split('_')[0]}" for s in folder.sources))

    primary = main_language(folder)
    law_sources = [s for s in folder.sources if s.kind == "laws" and s.lang == primary]
    commentary = [(s, cleaned[s.id].lines) for s in folder.sources if s.kind == "commentary"]
    commentary += [(s, inner[s.id].lines) for s in folder.sources if s.id in inner and s.lang == primary]
    # every line the sources hold, the commentary of a whole book included (lost_text)
    cleaned_read = {k: replace(v, lines=v.lines + inner[k].lines) if k in inner else v for k, v in cleaned.items()}
    # the titles files' English titles are of one edition (titles-en.toml: edition)
    edition = str(folder.code.get("edition") or "")
    titles = folder.titles_en if not edition or folder.titles_edition in (None, edition) else {}
    tree, runs, problems = _law_tree(folder, cleaned, law_sources, folder.curation, commentary, titles, primary,
                                     folder.contents)
    placed_pieces = dict(folder.placements)
    progress(f"assembled {sum(len(r.pieces) for r in runs)} pieces into {len(runs)} runs of pages")
    # citations are read in the language of the text that cites (the main one here, each
    # translation's in _other_language), with the forms of the corpus's code profile
    refs, unresolved = find_references(tree.nodes, tree.footnotes, tree.offsets, tree.footnote_offsets,
                                       folder.law_range, lang=primary, profile=folder.profile,
                                       renumbered=_renumbered(folder, cleaned, tree.offsets))
    problems += folder.warnings + tree.problems + dropped + back_notes  # what the readers said of their files first
    problems += unresolved_problems(unresolved)
    nodes, alignment, trees = list(tree.nodes), [], [tree]
    others = sorted({s.lang for s in folder.sources if s.kind == "laws"} - {primary})
    for lang in others:
        nodes, more_refs, report, more_problems, other_tree = _other_language(folder, cleaned, nodes, lang, refs)
        refs += more_refs
        problems += more_problems
        trees.append(other_tree)
        alignment.append(report)
        progress(f"aligned the {lang} text: {len(report.covered_laws)} laws, "
                 + (", ".join(f"{k} {len(v)}" for k, v in report.flags.items()) or "no differences"))
    if trees[1:]:  # a law only a translation holds is in the corpus: references to it are not outside
        refs = restatus(refs, nodes)
    nodes, apparatus = use_apparatus(nodes, apparatus, problems, folder)
    emptied, emptied_problems = emptied_parts(tree.nodes, cleaned, folder.sources)
    folder.doubts = [*getattr(folder, "doubts", ()), *emptied]
    problems += emptied_problems + numbers_removed(cleaned, folder.sources)
    paths = {s.id: s.path for s in folder.sources}
    for d in getattr(folder, "doubts", ()):
        apparatus.setdefault("doubts", []).append({**d, "source": paths.get(d["source"], d["source"])})
    progress(f"built {len(nodes)} nodes, {len(tree.footnotes)} footnotes, {len(refs)} references")
    places = {s.path: folder.places[s.id] for s in folder.sources if folder.places.get(s.id)}
    footnotes = tuple(tree.footnotes)
    if places:  # sources from a PDF, a web page, …: spans say where in that file (formats.placed)
        nodes = [replace(n, spans=placed(n.spans, places)) for n in nodes]
        footnotes = tuple(replace(f, spans=placed(f.spans, places)) for f in footnotes)
    # where each translation's text stands in its own sources (``show --lang``): by language, by ID
    written = {lang: {n.id: [{"source": sp.source, "page": sp.page, "lines": list(sp.lines),
                              **({"place": sp.place} if sp.place else {})}
                             for sp in (placed(n.spans, places) if places else n.spans)]
                      for n in other.nodes if n.spans}
               for lang, other in zip(others, trees[1:])}
    if any(written.values()):
        apparatus["translation_spans"] = {lang: by_id for lang, by_id in written.items() if by_id}

    problems += duplicate_footnotes(footnotes)
    problems += anchor_problems(nodes, footnotes)
    problems += lost_text(folder, cleaned_read, trees, problems)
    bare_laws = laws_without_parts(tree.nodes)
    for source in folder.sources:  # a law heading in a form the layout does not read: said, not silent
        if source.kind == "laws":
            layout = context.grammar.layout_for(source.lang, folder.layouts.get(source.id))
            problems += heading_shaped_text(cleaned[source.id].lines, layout,
                                            context.grammar.level_words(source.lang, "law"), source.path)
            if source.lang == primary:  # the main tree's laws: a layout that reads none of their parts
                others = [other for name in context.grammar.layout_names if name != layout.name
                          and (other := _layout_or_none(context.grammar, source.lang, name)) is not None
                          and other.lang in (None, source.lang)]
                problems += unread_parts(bare_laws, cleaned[source.id].lines, layout, others, source.path)
    for part in unread:  # a contents or index page that ran on into the law text: its words in no node
        what = "contents" if part["kind"] == "toc" else "subject index"
        if part.get("headings"):  # a whole source read as contents or index holds law headings with text
            shown = ", ".join(f"line {n} «{shorten(h, 40)}»" for n, h in zip(part["heading_lines"], part["headings"]))
            if part.get("declared"):
                problems.append(lost(f"the source is read as a {what} "
                                     f"(kind = \"{part['kind']}\"), but it holds law headings with text under them "
                                     f"({shown}); their {len(part['words'])} words are in no node -- declare the "
                                     "file kind = \"laws\" (the contents and index pages in it are read as such)",
                                     part["source"], part["heading_lines"][0]))
            else:
                problems.append(lost(f"a {what} page read out of the law text "
                                     f"(lines {part['lines'][0]}-{part['lines'][1]}) holds law headings with text "
                                     f"under them ({shown}); their {len(part['words'])} words are in no node -- "
                                     "split the file where the part ends, or declare the part a source of its own",
                                     part["source"], part["heading_lines"][0]))
            continue
        problems.append(lost(f"{len(part['words'])} words read as a {what} page "
                             f"(lines {part['lines'][0]}-{part['lines'][1]}) are in none of its entries "
                             f"(«{' '.join(part['words'][:8])} …»); the part runs on into the law text -- "
                             "declare that text a source of its own, or split the file where the part ends",
                             part["source"], part["lines"][0]))
    # said once: where an error already names a line of the law sources (every law heading
    # read outside the code's range), it says why no law was read
    erred = any(p.severity == "error" and OUT_OF_RANGE in p.message and p.path in {s.path for s in law_sources}
                for p in problems)
    if not erred and not any(n.kind != "piece" for n in nodes) and \
            any(line.text.strip() for s in law_sources for line in cleaned[s.id].lines):
        problems.append(lost("the law sources hold text, but no law, section or "
                             "clause was read from it (are the law headings in a form the profile reads? "
                             "`lawsearch clean --explain FILE` shows each line's reading)",
                             law_sources[0].path, 1))

    # an absurd input repeats one problem on every line: keep a hundred of each with the count
    # of the rest, so corpus.json, the report and an error stay bounded
    problems = collapse(problems, keep=PROBLEMS_KEPT)
    suggested = _suggestions(folder, nodes)
    corpus = Corpus(
        sources=tuple(folder.sources),
        nodes=tuple(nodes),
        footnotes=footnotes,
        refs=tuple(refs),
        problems=tuple(problems),
        repairs={s.id: {**cleaned[s.id].counts(), **dropped_counts(folder.dropped.get(s.id, []))} for s in folder.sources},
        code={**{k: v for k, v in folder.code.items() if k in ("title", "edition", "laws")},
              "lang": primary, "profile": folder.profile.name if folder.profile else DEFAULT_PROFILE},
        report=ParseReport(
            pieces=tuple(PieceReport(p.source, p.first, p.page, p.page_from, p.starts_page, p.ends_page,
                                     p.joined_by, n, p.curation is not None and p.curation.rule == "curated",
                                     *_placed(placed_pieces, p))
                         for n, run in enumerate(runs) for p in run.pieces),
            verified=tuple(tree.verified),
            alignment=tuple(alignment),
            curation=tuple(CurationNote(st.at[0], st.at[1], st.reason) for st in folder.curation),
            detected=dict(folder.detected),
            commentary_headings=tuple(tree.commentary_headings),
            suggestions=tuple(vars(s) for s in suggested if s.verdict == "law"),
            unsuggested=tuple(vars(s) for s in suggested if s.verdict != "law")),
        inputs=folder.inputs,
        fingerprint=folder.fingerprint.to_dict() if folder.fingerprint else None,
        profile=folder.profile,
        apparatus=apparatus,
    )
    problems = [for_user(p, folder.root) for p in problems]
    errors = [p for p in problems if p.severity == "error"]
    if strict and errors:
        raise CorpusError(errors)
    return corpus


def _parse_editions(folder: CorpusFolder, several, progress: Progress, strict: bool) -> Corpus:
    """Each edition's sources parsed as a corpus of their own, then joined: the default
    edition keeps bare IDs, the others' are prefixed (lawsearch/editions.py)."""
    from . import editions

    parts = []
    # in the order the editions were published, not the manifest's: the joined corpus's nodes,
    # sources and code["editions"] -- what check, the stamps and corpus.json list -- follow it
    by_id = {ed.id: ed for ed in several}
    for ed in (by_id[name] for name in editions.chronological(by_id)):
        mine = [s for s in folder.sources if (s.edition or folder.code.get("edition")) == ed.id]
        ids = {s.id for s in mine}
        part = replace(
            folder, sources=mine, texts={i: folder.texts.pop(i) for i in ids if i in folder.texts},
            places={i: v for i, v in folder.places.items() if i in ids},
            detected={i: v for i, v in folder.detected.items() if i in ids},
            warnings=[w for w in folder.warnings if w.path in {s.path for s in mine}],
            curation=[st for st in folder.curation if st.at[0] in ids],
            drops=[d for d in folder.drops if d.at[0] in ids],
            # a contents source's entries are the default edition's book (placement.py)
            contents=folder.contents if ed.default else [], placements={},
            code={**folder.code, "edition": ed.id},
            layouts={i: v for i, v in folder.layouts.items() if i in ids},
            indents={i: v for i, v in folder.indents.items() if i in ids})
        progress(f"edition {ed.id}{' (default)' if ed.default else ''}: {len(mine)} sources")
        parts.append((ed, parse_folder(part, progress, strict=False)))
    corpus = editions.join(editions.absent_laws(parts), {})
    errors = [for_user(p, folder.root) for p in corpus.problems if p.severity == "error"]
    if strict and errors:
        raise CorpusError(errors)
    return corpus


# a list item's line that prints a number for its label: "+ 2. the Director …", "- 1) …"
_PRINTED_NUMBER = re.compile(r"[^\w(]*?\s*\d+[.)]\s")


def _renumbered(folder: CorpusFolder, cleaned, offsets: dict[str, list[tuple[int, str, int]]]) -> frozenset[str]:
    """The nodes read in a layout of lists numbered afresh at each level (``lists``:
    web-bullets) whose line prints a number for the label, whatever letters their IDs have
    ("+ 2." is 73B1(b)): their "1 above" is the item printed "1." beside them. An item whose
    list prints letters ("(b)" of an ``<ol type="a">``) or nothing is read as before."""
    grammar = folder.grammar or default_grammar()
    lists = [s for s in folder.sources if s.kind == "laws" and s.id in cleaned
             and getattr(_layout_or_none(grammar, s.lang, folder.layouts.get(s.id)), "lists", False)]
    printed = {(s.path, line.first) for s in lists for line in cleaned[s.id].lines
               if _PRINTED_NUMBER.match(line.text)}
    paths = {s.path for s in lists}

    def source_path(shown: str) -> str:  # the offsets name a source as the user reads it: "<folder>/laws/a.txt"
        return next((p for p in paths if shown == p or shown.endswith("/" + p)), shown)

    return frozenset(node for node, where in offsets.items()
                     if where and (source_path(where[0][1]), where[0][2]) in printed)


def _layout_or_none(grammar, lang: str, name: str):
    """The layout ``name`` for ``lang``, or None where the profile has none for it."""
    try:
        return grammar.layout_for(lang, name)
    except CorpusError:
        return None
