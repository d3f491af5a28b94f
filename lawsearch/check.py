"""The corpus quality report (``lawsearch check``) and the damage scan it rests on.

Damage left in the output -- a ``?`` run, a box-drawing character, a page footer, a
``(DC4)`` mark, a ``..page`` directive, an ``=`` underline or a word split by a line
break -- is an error: the report says where, and ``check`` exits 1.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import editions, ids
from .corpus import for_user
from .coverage import LOST
from .model import ONLY, Corpus, Problem, collapse
from .pages import source_names
from .placement import confidence_label, curation_lines
from .sources import user_path
from .structure.apparatus import law_doubts
from .site import labelled, lost_in_one_language, lost_parts
from .patterns import DAMAGE, WORD_PAIR
from .plausibility import LANGUAGES, language_module, language_name, no_morphology_warning, without_morphology

@dataclass(frozen=True)
class Damage:
    where: str  # node or footnote id, and field
    what: str
    excerpt: str



DROPS_SHOWN = 12  # the [[drop]] statements check writes out for one piece; the rest are named by their lines


def drop_lines(corpus, name: str, first: int) -> list[int]:
    """The raw lines of the unplaced piece ``name:first`` (a piece's curation name), each
    a ``[[drop]]`` would name to remove the whole piece: its spans' lines, in order."""
    wanted = {ids.rules().piece_id(source.id, first) for source in corpus.sources if source.id.split("_")[0] == name}
    node = next((n for n in corpus.nodes if n.id in wanted), None)
    if node is None:
        return []
    return sorted({k for span in node.spans for k in range(span.lines[0], span.lines[1] + 1)})

def find_damage(corpus: Corpus, lexicon: frozenset[str] = frozenset()) -> list[Damage]:
    """Every trace of raw damage left in titles, texts and footnotes."""
    found: list[Damage] = []
    lemmatizers = [language_module(lang, "lemmatizer") for lang in corpus.languages
                   if lang in LANGUAGES and LANGUAGES[lang].lemmatizer]
    fields = [(f"{n.id} title", n.title) for n in corpus.nodes] + [(f"{n.id} text", n.text) for n in corpus.nodes]
    fields += [(f"{f.id} text", f.text) for f in corpus.footnotes]
    for where, text in fields:
        if not text:
            continue
        for what, pattern in DAMAGE:
            for m in pattern.finditer(text):
                found.append(Damage(where, what, _excerpt(text, m.start(), m.end())))
        for m in WORD_PAIR.finditer(text):
            left, right = m.group(1), m.group(2)
            # a split word is told by the dictionary of the corpus's languages (none: not told)
            lemmatizer = next((module for module in lemmatizers if module.covers(left)), None)
            if lemmatizer is None:
                continue
            if not lemmatizer.is_known(left) and left not in lexicon and lemmatizer.join_split_word(left, right, lexicon):
                found.append(Damage(where, f"word split across lines ({left}|{right})",
                                    _excerpt(text, m.start(), m.end() + 1 + len(right))))
    return found


def _excerpt(text: str, start: int, end: int, width: int = 30) -> str:
    s = text[max(0, start - width): end + width].replace("\n", " ")
    return ("…" if start > width else "") + s + ("…" if end + width < len(text) else "")


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def add(self, line: str = "") -> None:
        self.lines.append(line)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def quality_report(corpus: Corpus, lexicon: frozenset[str] = frozenset(), root: Path | None = None) -> Report:
    """What the corpus holds, what is missing from the book and why, what was repaired,
    and every error; ``report.errors`` is empty when the corpus is sound. With ``root``
    (the corpus folder as the user gave it), files are named as they open from the
    current folder."""
    r = Report()
    code = corpus.code
    low, high = code.get("laws", [1, 93])
    edition = f", edition {code['edition']}" if code.get("edition") else ""  # none given: nothing to say
    r.add(f"{code.get('title', 'Corpus')}{edition}; the code has laws {low}-{high}")

    r.add("")
    r.add(f"Sources ({len(corpus.sources)}):")
    for s in corpus.sources:
        repaired = corpus.repairs.get(s.id, {})
        fixes = ", ".join(f"{rule} {n}" for rule, n in repaired.items()) or "nothing repaired"
        r.add(f"  {user_path(s.path, root) if root else s.path}  {s.lang} {s.kind}, {s.encoding}; lines changed: {fixes}")
    guessed = corpus.report.detected
    if guessed:
        r.add("Guessed, not declared (lawsearch add; correct the manifest and drop `detected` where wrong):")
        for s in corpus.sources:
            if guessed.get(s.id):
                values = ", ".join(f"{key} {getattr(s, key, '') or '?'}" for key in guessed[s.id])
                r.add(f"  {user_path(s.path, root) if root else s.path}: {values}")

    from .structure.apparatus import report_lines  # the title page, contents, index, definitions (issue 13)

    for line in report_lines(corpus.apparatus, lambda p: user_path(p, root) if root else p):
        r.add(line)

    pieces = corpus.report.pieces
    # each piece by its curation name (``book-2:6``, what ``[[piece]] at`` takes) and where it
    # opens: the file and line a reader looks at
    paths = {s.id: (user_path(s.path, root) if root else s.path) for s in corpus.sources}
    short = source_names(s.id for s in corpus.sources)  # no two files' pieces named alike
    opens = {f"{short.get(p.source, p.source)}:{p.first}": _line_of(paths.get(p.source, p.source), p.first)
             for p in pieces}
    for p in pieces:
        for source_id in {p.source, p.source.split("_")[0]}:
            opens.setdefault(ids.piece_id(source_id, p.first), opens[f"{short.get(p.source, p.source)}:{p.first}"])
    pages = {p.page for p in pieces if p.page is not None}
    # pages read as the book's apparatus (contents, index, definitions, title) are present too
    read_as: dict[int, str] = {}
    for p in (corpus.apparatus or {}).get("pages", ()):
        if str(p.get("page") or "").isdigit() and int(p["page"]) not in pages:
            read_as.setdefault(int(p["page"]), {"toc": "contents", "index": "subject index"}.get(p["kind"], p["kind"]))
    pages = sorted(pages | set(read_as))
    r.add("")
    # a page a form feed ends: no number printed (pages.split_pieces), read as a page all the same
    fed = sum(1 for p in pieces if p.ends_page and p.page is None and p.page_from is None)
    feeds = f"; {_count(fed, 'page end')} at form feeds (no number printed)" if fed else ""
    r.add((f"Pages: {len(pages)} present ({_ranges(pages)})" if pages else "Pages: no page numbers in the sources")
          + feeds)
    if read_as:
        by_kind: dict[str, list[int]] = {}
        for n, kind in sorted(read_as.items()):
            by_kind.setdefault(kind, []).append(n)
        r.add("  read as the book's apparatus: " + "; ".join(f"{_ranges(v)} {k}" for k, v in by_kind.items()))
    if pages:
        lost = [n for n in range(pages[0], pages[-1] + 1) if n not in pages]
        if lost:
            r.add(f"  missing between them: {_ranges(lost)} -- not in the sources; text there is shown as a gap")
    # a file whose only page ends are form feeds numbers no page: its pieces are said so, each page
    # a form feed ends or begins named as such
    paged = {p.source for p in pieces if p.page_from == "footer" or p.starts_page and p.page is not None}
    for p in pieces:
        where = "a file with no page numbers" + (", a page a form feed began" if p.starts_page else "") + \
            (", its page ended by a form feed" if p.ends_page else "") if p.source not in paged else \
            "whole page" if p.starts_page and p.ends_page else \
            "end of a page (start truncated)" if p.ends_page else \
            "start of a page (end truncated)" if p.starts_page else "fragment (both ends truncated)"
        page = f"page {p.page}" + (" (curated)" if p.page_from == "curated" else "") if p.page is not None else "page unknown"
        join = f", joins the piece before it ({p.joined_by})" if p.joined_by else ""
        name = f"{short.get(p.source, p.source)}:{p.first}"
        r.add(f"  piece {name} ({opens[name]}): {where}, {page}{join}")
    r.add(f"Pieces: {len(pieces)} in {_count(len({p.run for p in pieces}), 'run')} of joined pages")

    kinds = Counter(n.kind for n in corpus.nodes)
    r.add("")
    # the profile's own levels in its order, then whatever other kind the corpus holds: none left out
    order = list(dict.fromkeys(("division", "law", *ids.rules().levels, "commentary", "piece", "definition", *kinds)))
    r.add("Nodes by kind: " + (", ".join(f"{k} {kinds[k]}" for k in order if kinds[k]) or "none"))
    rules = Counter(n.attribution or "none (missing law)" for n in corpus.nodes if n.kind != "division")
    r.add("Nodes by placement rule: " + (", ".join(f"{k} {v}" for k, v in sorted(rules.items())) or "none"))
    guesses = [n for n in corpus.nodes if n.uncertain]
    if guesses:
        r.add("  uncertain parts of IDs (not printed in the text, restored from the neighbouring parts; a "
              "[[piece]] statement in curation.toml can state them): "
              + ", ".join(f"{n.id} ({'/'.join(n.uncertain)})" for n in guesses))
    truncated = [n for n in corpus.nodes if n.truncated_start or n.truncated_end]
    gaps = sum(1 for n in corpus.nodes for m in n.marks if m.kind == "gap")
    r.add(f"Gaps: {_count(gaps, 'gap mark')}; {_count(len(truncated), 'node')} with text lost at a start or end")

    laws = [n for n in corpus.nodes if n.kind == "law"]
    bare = corpus.placeholder_laws()
    r.add(f"Laws from the sources: {len(laws) - len(bare)} of {len(laws)}"
          + (f"; {_count(len(bare), 'placeholder')} (a number between laws that survive, with a title at most)"
             if bare else ""))
    r.add("")
    r.add("Laws:")
    translations = corpus.translation_languages  # scanned once: every law asks
    bare_missing: list[str] = []  # a run of laws of which nothing is known: one line for the run

    def flush() -> None:
        if len(bare_missing) >= 3:
            r.add(f"  {bare_missing[0] + '-' + bare_missing[-1]:>4}  [headings lost] -- MISSING: nothing of these "
                  f"{len(bare_missing)} laws survives (their numbers lie between laws that do)")
        else:
            for i in bare_missing:
                r.add(f"  {i:>4}  [heading lost] -- MISSING: nothing of it survives (its number lies between laws that do)")
        bare_missing.clear()

    # a text cut at the end of a file with no page numbers, in the last law its edition's
    # sources hold, was cut where the file was broken off (a download cut mid-word), not at a
    # page gap; a book's file (page numbers in it), or one ending before later laws, ends at a
    # page gap (the pages after are not in the sources)
    ends: dict[str, int] = {}
    paged: set[str] = set()
    last_law: dict[str | None, str] = {}
    for n in corpus.nodes:
        for span in n.spans:
            ends[span.source] = max(ends.get(span.source, 0), span.lines[1])
            if span.page is not None:
                paged.add(span.source)
        if n.kind == "law" and not n.missing:
            last_law[editions.edition_of(n.id, corpus)] = n.law or n.id

    def at_file_end(node) -> bool:
        return bool(node.spans) and node.truncated_end and not node.truncated_start \
            and node.spans[-1].source not in paged and node.spans[-1].lines[1] >= ends.get(node.spans[-1].source, 0) \
            and last_law.get(editions.edition_of(node.id, corpus)) == node.law

    by_path_of = {s.path: (user_path(s.path, root) if root else s.path) for s in corpus.sources}
    # laws the contents list that have no node at all (none of their text placed, their
    # number past the last law read): listed too, in their place, never left out of the list
    have = {n.law or n.id for n in laws}
    listed = {e["id"]: e for e in corpus.apparatus.get("toc", ())
              if e.get("scope") == "laws" and e.get("kind") == "law" and e.get("id") and e["id"] not in have}
    listed_all = {e["id"]: e for e in corpus.apparatus.get("toc", ()) if e.get("scope") == "laws" and e.get("id")}
    survive = [int(n.law) for n in laws if not n.missing and (n.law or "").isdigit()]

    def beyond(number: str) -> bool:  # past the first or last law of the text
        return bool(survive) and number.isdigit() and not min(survive) <= int(number) <= max(survive)
    unplaced_after = {d["other"]: d for d in corpus.apparatus.get("doubts", ()) if d.get("kind") == "unplaced_after"}
    run_on_into = {d["other"]: d for d in corpus.apparatus.get("doubts", ()) if d.get("kind") in ("run_on", "kept")}

    def contents_only(before: str | None) -> None:
        for key in sorted(listed, key=ids.sort_key):
            if before is not None and ids.sort_key(key) >= ids.sort_key(before):
                break
            e = listed.pop(key)
            d = unplaced_after.get(key)
            at = _line_of(by_path_of.get(d["source"], d["source"]), d["lines"][0]) if d else ""
            where = f"; its text may be the unplaced page at {at}" if d else \
                "; its text, if any survives, is in no law (see the pieces below)"
            if d is None and (r_on := run_on_into.get(key)) is not None and r_on["kind"] == "run_on":
                span = _line_of(by_path_of.get(r_on["source"], r_on["source"]), r_on["lines"][0]) + \
                    (f"-{r_on['lines'][1]}" if r_on["lines"][1] != r_on["lines"][0] else "")
                where = (f"; its text, if any survives, may be at the end of {r_on['node']} ({span}), read as law "
                         f"{r_on['law']}'s")
            page = f", p. {e['page']}" if e.get("page") else ""
            flush()
            r.add(f"  {key:>4}  {e.get('title') or '[heading lost]'} [title from the contents] -- NOT PLACED: "
                  f"listed in the contents{page}, no heading of it in the text{where}")

    for law in laws:
        contents_only(law.law or law.id)
        commentary = corpus.commentary(law.id)
        if law.missing and commentary:
            why = f"no law text in the sources; known from the commentary ({_count(len(commentary), 'paragraph')})"
        elif law.missing and (d := run_on_into.get(law.law or law.id)):
            where = _line_of(by_path_of.get(d["source"], d["source"]), d["lines"][0]) + \
                (f"-{d['lines'][1]}" if d["lines"][1] != d["lines"][0] else "")
            at = f"at the end of {d['node']} ({where})" if d["kind"] == "run_on" else f"on the page at {where}"
            why = (f"MISSING: no heading of it in the text; its text, if any survives, may be {at}, "
                   f"read as law {d['law']}'s")
        elif law.missing and law.title_from == "contents" and beyond(law.law or law.id):
            # a placeholder the contents gave a law past the text's laws (apparatus.apply_contents)
            entry = listed_all.get(law.id) or {}
            page = f", p. {entry['page']}" if entry.get("page") else ""
            d = unplaced_after.get(law.id)
            where = (f"; its text may be the unplaced page at "
                     f"{_line_of(by_path_of.get(d['source'], d['source']), d['lines'][0])}") if d else \
                "; its text, if any survives, is in no law (see the pieces below)"
            why = f"NOT PLACED: listed in the contents{page}, no heading of it in the text{where}"
        elif law.missing:
            why = "MISSING: nothing of it survives (its number lies between laws that do)"
        else:
            parts = [n for n in corpus.nodes if n.law == law.id and n.kind not in ("law", "commentary")]
            lost = []
            only = [flag[len(ONLY):] for flag in law.alignment if flag.startswith(ONLY) and flag != ONLY + law.lang]
            if only and not law.title:  # the law is in another language only: absent here, nothing lost
                lost.append(f"only in {language_name(only[0])}")
            elif law.title is None:
                lost.append("heading lost")
            elif law.heading_replaced:
                # no heading line of its own (no line, or placed by the contents): its heading
                # is lost, not printed bare («Правило 5.»)
                lost.append(f"heading lost (its title from the {law.title_from})")
            # a gap mark says text went with a page; a start truncated for a lost heading alone
            # (structure.freeze.mark_lost_headings) says no page is missing
            cut = [n for n in [law, *parts]
                   if n.truncated_end or n.truncated_start and any(m.kind == "gap" for m in n.marks)]
            if any(not at_file_end(n) for n in cut):
                lost.append("text lost at a page gap")
            if any(at_file_end(n) for n in cut):
                lost.append("text cut at the end of its file")
            # parts whose labels skip (a law of one language starting at its B: its A is lost), as
            # the site's status says («с пропусками»): named, not "complete"
            for n in [law, *parts]:
                for run in lost_parts(n, [c for c in corpus.children(n.id) if labelled(c.kind)]).values():
                    lost.append(f"{run} lost")
            # parts one language lacks while the other has them (law 31 from C in Russian, A-D in
            # English): named so, not "complete"
            for n in [law, *parts]:
                kids = [c for c in corpus.children(n.id) if labelled(c.kind)]
                for run, side in lost_in_one_language(n, kids).values():
                    languages = (law.lang, next(iter(law.translations), "translation"))
                    missing, other = languages if side == "main" else languages[::-1]
                    lost.append(f"the {missing} text lacks {run} (in {other} only)")
            for d in law_doubts(corpus.apparatus, law.id):
                where = _line_of(by_path_of.get(d["source"], d["source"]), d["lines"][0])
                if d["lines"][1] != d["lines"][0]:
                    where += f"-{d['lines'][1]}"
                if d["kind"] == "emptied":  # coverage.emptied_parts
                    lost.append(f"{d['node']} emptied by the cleaning rule {d['rule']} ({where})")
                elif d["kind"] == "run_on":
                    lost.append(f"law {d['other']}'s text, if any survives, may be at its end ({d['node']}, {where})")
                elif d["kind"] == "lost_part":
                    lost.append(f"{d['other']}'s heading lost (the contents list it, {where}): its text, if any "
                                "survives, was read elsewhere or is gone")
                elif d["kind"] == "kept":
                    lost.append(f"law {d['other']}'s text, if any survives, may be on the page kept in it at {where}")
                else:
                    lost.append(f"the page after it ({where}) is left unplaced: it may be this law's or "
                                + (f"law {d['other']}'s" if d.get("other") else "another law's"))
            why = _count(len(parts), "part") + (f"; {', '.join(lost)}" if lost else "; complete as far as the sources go")
            if commentary:
                why += f"; {_count(len(commentary), 'commentary paragraph')}"
        other = next(((lang, given) for lang in translations
                      if (given := (law.translations.get(lang) or {}).get("title"))), None)
        alone = any(flag.startswith(ONLY) and flag != ONLY + law.lang for flag in law.alignment)
        if other and not law.title:  # its own heading lost, or the law is in the other language alone
            title = f"[{language_name(other[0])} only: {other[1]}]" if alone else \
                f"[heading lost; {language_name(other[0])}: {other[1]}]"
        else:
            title = law.title or "[heading lost]"
        if law.title and law.title_from in ("contents", "commentary", "titles"):  # the heading itself is lost
            title += f" [title from the {law.title_from}{' file' if law.title_from == 'titles' else ''}]"
        if law.missing and not commentary and title == "[heading lost]" and law.id.isdigit():
            if bare_missing and int(bare_missing[-1]) != int(law.id) - 1:
                flush()
            bare_missing.append(law.id)
            continue
        flush()
        r.add(f"  {law.id:>4}  {title} -- {why}")
    flush()
    contents_only(None)

    notes: list[Problem] = []  # warnings of the report itself, collapsed with the corpus's problems
    unplaced = [n for n in corpus.nodes if n.kind == "piece"]
    # a commentary's piece is no page of the law text: where it opens, by its first span
    by_path = {s.path: (user_path(s.path, root) if root else s.path) for s in corpus.sources}
    for n in unplaced:
        if n.id not in opens and n.spans:
            opens[n.id] = _line_of(by_path.get(n.spans[0].source, n.spans[0].source), n.spans[0].lines[0])
    r.add("")
    r.add(f"Pieces no rule could place fully: {len(unplaced)}")
    for n in unplaced:
        at = f" -- {opens[n.id]}" if n.id in opens else ""
        if n.law:  # its law known (by page, contents, …), its place inside the law not
            r.add(f"  {n.id}: law {n.law} (by {n.attribution}; where in the law unknown: shown after its text){at}")
        else:
            r.add(f"  {n.id}: law unknown (unattributed){at}")
        if n.attribution == "unattributed":
            notes.append(Problem("warning", f"{n.id}{' at ' + opens[n.id] if n.id in opens else ''} is unattributed: "
                                            "add a curation statement if you know its law"))
    # what similarity suggests: never a placement, a curation statement confirms it
    for s in corpus.report.suggestions:
        name = f"{s['source']}:{s['first']}"
        r.add(f"  suggestion for piece {name}{' (' + opens[name] + ')' if name in opens else ''}: "
              f"law {s['law']}, confidence {s['confidence']:.2f} ({confidence_label(s['confidence'])}"
              + ("; read the piece first" if confidence_label(s["confidence"]) == "low" else "") + ")"
              + f", shared words: {s['basis'] or '-'}"
              + "; to confirm it, add to the curation file:")
        r.add(textwrap.indent(curation_lines(s), "      "))
    for s in corpus.report.unsuggested:  # the pieces it suggests no law for, and why
        name = f"{s['source']}:{s['first']}"
        where = f" ({opens[name]})" if name in opens else ""
        if s.get("verdict") == "matter":
            r.add(f"  no suggestion for piece {name}{where}: not law text (it reads as the book's own matter: "
                  "a preface, an afterword, a title page); no law is suggested")
        else:
            best = f" (the best, law {s['law']}, at confidence {s['confidence']:.2f} ({confidence_label(s['confidence'])}))" \
                if s.get("law") and s["confidence"] else " (its words are no law's)"
            r.add(f"  no suggestion for piece {name}{where}: no likely place{best}; read it, and place it with "
                  "a [[piece]] statement if you know its law")
        drops = drop_lines(corpus, s["source"], s["first"])
        if drops:  # a [[drop]] removes the one line it names: the block takes one for each of its lines
            r.add(f"    if it is no law text, remove it: add to the curation file (one [[drop]] for each of its {len(drops)} "
                  f"line{'s' if len(drops) > 1 else ''}; a [[drop]] removes only the line it names):")
            for line in drops[:DROPS_SHOWN]:
                r.add("      [[drop]]")
                r.add(f'      at = "{s["source"]}:{line}"')
                r.add('      reason = "…"')
            if len(drops) > DROPS_SHOWN:
                r.add(f"      … and the same for lines {drops[DROPS_SHOWN]}-{drops[-1]}")

    statuses = Counter(ref.status for ref in corpus.refs)
    r.add("")
    r.add(f"References: {len(corpus.refs)} ({', '.join(f'{k} {statuses[k]}' for k in ('node', 'law', 'outside') if statuses[k])})")
    from .show import reference_meaning, reference_status

    # each missing target once, by what it is: "law present, section lost" (the level by the
    # code's grammar), "law lost", "law not in the corpus"
    meanings = {ref.target: (reference_status(corpus, ref), reference_meaning(corpus, ref))
                for ref in corpus.refs if ref.status != "node"}
    for status in ("law", "law_lost", "outside"):
        for meaning in dict.fromkeys(m for s, m in sorted(meanings.values()) if s == status):
            targets = sorted({t for t, sm in meanings.items() if sm == (status, meaning)}, key=ids.sort_key)
            r.add(f"  {'law not in the corpus' if status == 'outside' else meaning}: {', '.join(targets)}")
    partial = [ref for ref in corpus.refs if ref.partial]
    for ref in partial:
        r.add(f"  half a reference cut by a lost page: {ref.surface!r} in {ref.from_} -> {ref.target}")
    orphans = [f for f in corpus.footnotes if f.orphan]
    # a second language's footnotes, kept with the translation of the node that refers to them
    kept = Counter(lang for n in corpus.nodes for lang, given in n.translations.items() if lang != corpus.lang
                   for line in ((given or {}).get("notes") or "").splitlines() if line.strip())
    r.add(f"Footnotes: {len(corpus.footnotes) + sum(kept.values())}"
          + (f" ({', '.join(f'{lang} {n}' for lang, n in sorted(kept.items()))} kept with the translation)" if kept else "")
          + (f"; orphans (no surviving marker): {', '.join(f.id for f in orphans)}" if orphans else ""))
    lost_bodies = [(n.id, m.start) for n in corpus.nodes for m in n.marks if m.kind == "footnote" and m.footnote is None]
    if lost_bodies:
        r.add("  markers whose footnote body is lost: " + ", ".join(n for n, _ in lost_bodies))

    for report in corpus.report.alignment:
        r.add("")
        covered = report.covered_laws
        r.add(f"{report.lang} text: {_count(len(covered), 'law')} covered ({', '.join(covered)})")
        meaning = {f"only-{corpus.lang}": f"only in {language_name(corpus.lang)}",
                   f"only-{report.lang}": f"only in {report.lang}",
                   "structure": "parts differ", "title": "titles disagree with the glossary", "refs": "cite different targets"}
        for flag_name, node_ids in report.flags.items():
            r.add(f"  {meaning.get(flag_name, flag_name)}: {', '.join(node_ids)}")
        if not report.flags:
            r.add("  the two languages agree")

    verified = corpus.report.verified
    if verified:
        r.add("")
        r.add(f"Curation confirmed by the text ({len(verified)}):")
        for v in verified:
            r.add(f"  {v}")

    damage = find_damage(corpus, lexicon)
    damage_errors = [Problem("error", f"damage left in {d.where}: {d.what}: {d.excerpt!r}") for d in damage]
    problems = notes + [lost_is_an_error(for_user(p, root) if root else p) for p in corpus.problems] + damage_errors
    errors = 0
    for p in collapse(problems):  # one line for an error repeated on 78,155 lines, with the count
        (r.errors if p.severity == "error" else r.warnings).append(str(p))
        errors += (1 + p.repeats) if p.severity == "error" else 0
    # once per language: a corpus language without a lemmatizer gets the default analysis -- a
    # line of the report where a Snowball stemmer stands in (English), a warning where only
    # folding does (a word's other forms are not found)
    # (the languages some text of the corpus is in: not one only a built-in titles file
    # gives its laws' titles in -- a Russian book alone has no English to search)
    texts = {corpus.lang, *(s.lang for s in corpus.sources), *(n.lang for n in corpus.nodes)}
    for lang in without_morphology([lang for lang in corpus.languages if lang in texts]):
        language = LANGUAGES.get(lang)
        if language is not None and language.snowball:
            r.add(f"Search analysis: {no_morphology_warning(lang)}")
        else:
            r.warnings.append(no_morphology_warning(lang))
    r.add("")
    r.add(f"Damage left in the output: {len(damage)}")
    for w in r.warnings:
        r.add(f"Warning: {w}")
    if r.errors and len(r.errors) != errors:  # stderr gives one error repeated on many lines once, with the count
        r.add(f"Errors on stderr: {len(r.errors):,} line{'' if len(r.errors) == 1 else 's'} for {errors:,} errors "
              "(one repeated on many lines is given once: \"(and N more lines like this)\")")
    r.add("OK" if not r.errors else f"{errors:,} error{'' if errors == 1 else 's'} (listed on stderr)")
    return r


def lost_is_an_error(problem: Problem) -> Problem:
    """Text that lands in no node is an error, in ``build`` as here: the corpus would
    silently lack it (lawsearch/coverage.py). (A corpus.json written before that made it
    one holds it as a warning.)"""
    return replace(problem, severity="error") if problem.message.startswith(LOST) else problem


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _ranges(numbers: list[int]) -> str:
    """``[76, 77, 78, 80]`` → ``"76-78, 80"``."""
    out: list[str] = []
    for n in numbers:
        if out and int(out[-1].split("-")[-1]) == n - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


def _line_of(path: str, line: int) -> str:
    """``a.txt:3``, or ``b.html, extracted line 3`` for a file read from another format
    (its lines are those of the extracted text, as ``lawsearch clean`` numbers them)."""
    from .corpus import extracted_lines

    return f"{path}, extracted line {line}" if extracted_lines(path) else f"{path}:{line}"
