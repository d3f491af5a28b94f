"""The pipeline from a corpus folder to a ``Corpus``: read → clean → assemble pages →
structure → references. Each stage is called once, in order; the corpus is parsed once
per run.

    corpus = build_corpus(Path("corpus"))
    corpus.node("50E1").title        # 'Нарушителю принадлежит очередь игры'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from . import furniture
from .clean import clean_lines
from .formats import placed
from .model import PROBLEMS_KEPT, Corpus, CorpusError, Problem, collapse
from .pages import assemble, split_pieces
from .references import find_references
from .sources import CorpusFolder, read_corpus_folder, user_path
from .structure import build_tree

Progress = Callable[[str], None]


def _quiet(message: str) -> None:
    pass


def _other_language(folder: CorpusFolder, cleaned, nodes, lang: str, ru_refs):
    """Parse a second-language law text with the same stages, merge it into the nodes'
    translations by ID, and flag where the languages differ (lawsearch/alignment.py)."""
    from .alignment import flag, merge
    from .analysis import Analysis, Lexicon
    from .sources import read_glossary

    sources = [s for s in folder.sources if s.kind == "laws" and s.lang == lang]
    pieces = {s.id: split_pieces(s.id, cleaned[s.id].lines) for s in sources}
    runs, problems = assemble(pieces, [], folder.curation_path, {s.id: s.path for s in folder.sources})
    tree = build_tree(runs, [], folder.sources, folder.law_range, {}, folder.code, folder.curation_path)
    merged, present = merge(nodes, tree.nodes, lang)
    refs, _ = find_references(tree.nodes, tree.footnotes, tree.offsets, tree.footnote_offsets, folder.law_range,
                              lang=lang, targets=merged, first_group=max((r.group for r in ru_refs), default=0))
    analysis = Analysis(Lexicon.load(folder.data_files.get("lexicon")))
    glossary = [(analysis.terms(t.ru), t.en) for t in read_glossary(folder.data_files.get("glossary"))]
    flagged, report = flag(merged, present, ru_refs + refs, lang, glossary, analysis.terms)
    unplaced = [Problem("warning", f"{lang} text that no heading places (a piece before any LAW heading) is left out",
                        n.spans[0].source if n.spans else None, n.spans[0].lines[0] if n.spans else None)
                for n in tree.nodes if n.kind == "piece"]
    return flagged, refs, report, problems + tree.problems + unplaced


def lexicon_words(folder: CorpusFolder) -> frozenset[str]:
    """Every form of the domain lexicon's terms: words the dictionary lacks (фальшренонс)
    that rejoining split words and the damage check must still know."""
    from .analysis import Lexicon

    path = folder.data_files.get("lexicon")
    return frozenset(Lexicon.load(path).forms) if path else frozenset()


def for_user(problem: Problem, root: Path) -> Problem:
    """Problems name files as the corpus JSON does ("corpus/laws/…"); a user needs the file
    itself, from the current folder, wherever the corpus folder is (``sources.user_path``)."""
    return replace(problem, path=user_path(problem.path, root)) if problem.path else problem


def build_corpus(root: Path, progress: Progress = _quiet, strict: bool = True) -> Corpus:
    """Parse the corpus folder at ``root``. With ``strict`` (the default), raise
    ``CorpusError`` when the input has errors (a curation statement the text contradicts, a
    law outside the code's range); otherwise return the corpus with its problems listed."""
    return parse_folder(read_corpus_folder(root), progress, strict)


def parse_folder(folder: CorpusFolder, progress: Progress = _quiet, strict: bool = True) -> Corpus:
    """The pipeline after reading: clean → pages → structure → references.

    The folder's raw lines are consumed: each source's lines leave ``folder.texts`` once cleaned,
    so a 50 MB source is not held raw and cleaned at once (docs/decisions.md, "Bounded work").
    """
    progress(f"read {len(folder.sources)} sources from {folder.root}")
    words = lexicon_words(folder)
    # a site's header or footer in every saved page (one file each): furniture.shared_lines
    shared = furniture.shared_lines(folder.texts, lambda s: False)
    cleaned = {}
    for source in folder.sources:
        cleaned[source.id] = clean_lines(folder.texts.pop(source.id), source.id, source.kind, words, source.lang,
                                         shared)
    progress("cleaned " + ", ".join(f"{s.id.split('_')[0]}" for s in folder.sources))

    # the language of the corpus: [code] lang, else Russian when a Russian law text is there
    langs = [s.lang for s in folder.sources if s.kind == "laws"]
    primary = folder.code.get("lang") or ("ru" if "ru" in langs else langs[0] if langs else "ru")
    law_sources = [s for s in folder.sources if s.kind == "laws" and s.lang == primary]
    pieces = {s.id: split_pieces(s.id, cleaned[s.id].lines) for s in law_sources}
    runs, problems = assemble(pieces, folder.curation, folder.curation_path, {s.id: s.path for s in folder.sources})
    progress(f"assembled {sum(len(p) for p in pieces.values())} pieces into {len(runs)} runs of pages")

    commentary = [(s, cleaned[s.id].lines) for s in folder.sources if s.kind == "commentary"]
    tree = build_tree(runs, commentary, folder.sources, folder.law_range, folder.titles_en, folder.code,
                      folder.curation_path)
    refs, unresolved = find_references(tree.nodes, tree.footnotes, tree.offsets, tree.footnote_offsets,
                                       folder.law_range)
    problems += tree.problems
    problems += [Problem("warning", f"reference {u.surface!r} in {u.from_}: {u.reason}", u.source, u.line)
                 for u in unresolved]
    nodes, alignment = list(tree.nodes), []
    for lang in sorted({s.lang for s in folder.sources if s.kind == "laws"} - {primary}):
        nodes, more_refs, report, more_problems = _other_language(folder, cleaned, nodes, lang, refs)
        refs += more_refs
        problems += more_problems
        alignment.append(report)
        progress(f"aligned the {lang} text: {len(report['covered_laws'])} laws, "
                 + (", ".join(f"{k} {len(v)}" for k, v in report["flags"].items()) or "no differences"))
    progress(f"built {len(nodes)} nodes, {len(tree.footnotes)} footnotes, {len(refs)} references")
    places = {s.path: folder.places[s.id] for s in folder.sources if folder.places.get(s.id)}
    if places:  # sources from a PDF, a web page, …: spans say where in that file (formats.placed)
        nodes = [replace(n, spans=placed(n.spans, places)) for n in nodes]

    # an absurd input repeats one problem on every line: keep a hundred of each with the count
    # of the rest, so corpus.json, the report and an error stay bounded
    problems = collapse(problems, keep=PROBLEMS_KEPT)
    corpus = Corpus(
        sources=tuple(folder.sources),
        nodes=tuple(nodes),
        footnotes=tuple(tree.footnotes),
        refs=tuple(refs),
        problems=tuple(problems),
        repairs={s.id: cleaned[s.id].counts() for s in folder.sources},
        code={**{k: v for k, v in folder.code.items() if k in ("title", "edition", "laws")},
              "pieces": [
                  {"source": p.source, "first": p.first, "page": p.page, "page_from": p.page_from,
                   "starts_page": p.starts_page, "ends_page": p.ends_page,
                   "joined_by": p.joined_by, "run": n, "curated": p.curation is not None}
                  for n, run in enumerate(runs) for p in run.pieces],
              "verified": tree.verified,
              "alignment": alignment,
              "curation": [{"source": st.at[0], "line": st.at[1], "reason": st.reason} for st in folder.curation],
              "detected": folder.detected},
        inputs=folder.inputs,
        fingerprint=folder.fingerprint.to_dict() if folder.fingerprint else None,
    )
    problems = [for_user(p, folder.root) for p in problems]
    errors = [p for p in problems if p.severity == "error"]
    if strict and errors:
        raise CorpusError(errors)
    return corpus
