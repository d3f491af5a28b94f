"""No silent loss: every line of a source's text lands in some node (or footnote), unless a
named cleaning rule removed it -- those are counted in ``check`` -- or a curation statement
says where it goes.

A line that lands nowhere is an error naming its file and line (``LOST`` starts the
message): ``build`` fails on it, writing nothing, and ``check`` exits 1 -- a build never
drops words in silence. A ``[[drop]]`` statement of the curation file (with its reason)
removes a line on purpose. A second language's pieces that no heading places are such
lines: its tree merges into the main one by ID, and a piece has none.

    problems = lost_text(folder, cleaned, trees)
"""

from __future__ import annotations

from .model import Problem
from .patterns import FOOTER

LOST = "text in no node"
LOST_SEVERITY = "error"  # the one place it is said: ``build`` fails on it as ``check`` does (README)


def lost(message: str, path: str | None = None, line: int | None = None) -> Problem:
    """The problem for words that land in no node: ``LOST`` starts its message and its
    severity is ``LOST_SEVERITY`` wherever it is raised -- the coverage pass, a contents page
    that ran on, a copy whose words lost to another's (``overlap``) -- so ``build`` and
    ``check`` agree on it."""
    return Problem(LOST_SEVERITY, f"{LOST}: {message}", path, line)
TAB = 4  # columns of a tab in a list's indentation


def indentation(raw: list[str]) -> dict[int, int]:
    """The indentation of each raw line (1-based) that has one, a tab as ``TAB`` spaces:
    what a list layout reads its levels from before cleaning trims it.

    >>> indentation(["- A.", "    - 1.", "\\t- 2."])
    {2: 4, 3: 4}
    """
    out = {}
    for n, text in enumerate(raw, 1):
        width = 0
        for ch in text:
            if ch == " ":
                width += 1
            elif ch == "\t":
                width += TAB
            else:
                break
        if width and text.strip():
            out[n] = width
    return out


def covered_lines(trees, pieces: bool = True) -> dict[str, set[int]]:
    """Raw lines (by source path) that some node or footnote of the corpus comes from. The
    main tree (the first) keeps every node; another language's keeps all but its pieces,
    which no ID merges into the corpus. ``pieces=False``: the lines of laws and their parts
    only (a piece is what no heading placed)."""
    covered: dict[str, set[int]] = {}
    for n, tree in enumerate(trees):
        spans = [s for node in tree.nodes if (n == 0 and pieces) or node.kind != "piece" for s in node.spans]
        # another language's footnotes kept with a translation (corpus._translation_notes)
        spans += [s for f in (tree.footnotes if n == 0 else getattr(tree, "kept_footnotes", ())) for s in f.spans]
        for span in spans:
            covered.setdefault(span.source, set()).update(range(span.lines[0], span.lines[1] + 1))
    return covered


def lost_text(folder, cleaned, trees, named: list[Problem] = ()) -> list[Problem]:
    """A problem for each cleaned line of a source that no node of ``trees`` covers and no
    problem in ``named`` already names (a heading that repeats one before it is no silent
    loss: its error says so), nor follows a line an error names with no law or part of one
    between (the text of a law whose heading is out of range: that error says it). The message is the same for every line, so that a source
    losing a thousand lines gives one line with the count (``model.collapse``)."""
    covered = covered_lines(trees)
    said = {(p.path, p.line) for p in named}.union(*(getattr(t, "named", set()) for t in trees))
    # a commentary heading («Правило 67. ДЕФЕКТНАЯ ВЗЯТКА») is read: it names the law its
    # paragraphs are about (and gives the law a title it lacks)
    said |= {(path, line) for t in trees for _, _, path, line in getattr(t, "commentary_headings", ())}
    # an error on a line (a law heading outside the code's range) already fails the build:
    # the text under it, up to the next line some node holds, is lost by that error, said once
    erred = {(p.path, p.line) for p in named if p.severity == "error"}
    placed = covered_lines(trees, pieces=False) if erred else {}
    problems = []
    for source in folder.sources:
        mine = covered.get(source.path, set())
        headed = placed.get(source.path, set())  # a law's or a part's line: the erred one's text ends there
        under_error = False
        for line in cleaned[source.id].lines:
            text = line.text.strip()
            if not text or (m := FOOTER.match(text)) and not m["rest"]:
                continue  # an empty line; a page footer, which the page model reads
            lines = range(line.first, line.last + 1)
            if any(n in mine for n in lines):
                under_error = under_error and not any(n in headed for n in lines)
                continue
            if any((source.path, n) in erred for n in lines):
                under_error = True
                continue
            if under_error or any((source.path, n) in said for n in lines):
                continue
            problems.append(lost("the line lands in no node, and no cleaning rule or "
                                 "curation statement removed it (the build would drop its words: "
                                 "place it with a [[piece]], or remove it with a [[drop]] and its "
                                 "reason, in curation.toml)", source.path, line.first))
    return problems


def heading_shaped_text(lines, layout, law_words: list[str], path: str) -> list[Problem]:
    """A warning for each cleaned line read as text that is shaped like a law heading in a
    form the layout does not read: the law word and a number at its start, then a
    separator or a title in capitals, and no sentence end («Правило 71 : ОТКАЗ …»). Its
    text goes on the law before it; the warning names the line and the form the layout
    reads (its example), so the heading is not lost without a word."""
    import re

    if not law_words:
        return []
    words = "|".join(re.escape(w) for w in law_words)
    shape = re.compile(rf"^(?:{words})\s+\d{{1,3}}(?P<sep>\s*[-–—:,;=_/|]\s*|\s+)(?P<title>[^\W\d_].*)$", re.I)
    example = layout.examples.get("law")
    out = []
    for line in lines:
        text = line.text.strip()
        m = shape.match(text)
        if not m or len(text.split()) > 12 or re.search(r"[.;!?]$", text):
            continue
        title = m["title"]
        if not m["sep"].strip() and not (title.upper() == title and sum(c.isalpha() for c in title) >= 3):
            continue  # "Правило 12 применяется, если": a sentence that cites a law
        if layout.classify(text).kind != "text":
            continue
        out.append(Problem("warning", f"a line shaped like a law heading is read as text, on the law before it: "
                                      f"«{text}»" + (f" (layout {layout.name} reads law headings as «{example}»)"
                                                     if example else ""), path, line.first))
    return out


def laws_without_parts(nodes) -> list:
    """The laws of ``nodes`` with text of their own and no part (section, clause …) under them."""
    with_parts = {n.law for n in nodes if n.kind not in ("law", "commentary", "piece") and n.law}
    return [n for n in nodes if n.kind == "law" and n.spans and n.id not in with_parts]


def unread_parts(laws, cleaned_lines, layout, others, path: str) -> list[Problem]:
    """An error for each of ``laws`` (``laws_without_parts``) from the source at ``path``
    whose lines read as part headings (a section «A. Title», a clause
    «1. …») in another layout of its language (``others``) and not in ``layout``, the one the
    source is read with: every part of the law would be lost in its text without a word
    (a book read with a web page's layout). The error names the first such line and the
    layout that reads it, so the manifest's ``layout`` can be corrected."""
    from bisect import bisect_left, bisect_right

    if not others or not any(s.source == path for law in laws for s in law.spans):
        return []
    lines = sorted((line for line in cleaned_lines if line.text.strip()), key=lambda line: line.first)
    firsts = [line.first for line in lines]
    out = []
    for law in laws:
        within = [line for s in law.spans if s.source == path
                  for line in lines[bisect_left(firsts, s.lines[0]):bisect_right(firsts, s.lines[1])]]
        for line in within:
            found = next(((raw, other) for raw in _raw_parts(line) for other in others
                          if layout.classify(raw).kind not in (*layout.levels, "law", "division")
                          and other.classify(raw).kind in other.levels), None)
            if found:
                raw, other = found
                out.append(Problem("error", f"law {law.id} has text but no part, while its line «{raw}» reads as a "
                                            f"{other.classify(raw).kind} heading in layout {other.name}: the layout the "
                                            f"source is read with ({layout.name}) does not read its parts, and they are "
                                            f"lost in the law's text -- set layout = \"{other.name}\" for the source "
                                            "in the manifest (or drop a wrong one)", path, line.first))
                break
    return out


def _raw_parts(line) -> list[str]:
    """The raw lines a cleaned (joined) line was made of, by its ``starts``; else its text."""
    starts = [at for at, _ in line.starts] if line.starts else [0]
    bounds = [*starts[1:], len(line.text)]
    return [t for a, b in zip(starts, bounds) if (t := line.text[a:b].strip())]


UNEMPTIED_KINDS = ("division", "law", "commentary", "piece")  # what is no part of a law's text


def emptied_parts(nodes, cleaned, sources) -> tuple[list[dict], list[Problem]]:
    """The law parts whose whole text a cleaning rule removed (a clause «1 2 3 4 5» taken for
    a pager): a part with no text and no parts under it whose heading's next raw lines, up to
    the next line the cleaning kept, were each removed by a named rule. Such a part is never
    complete: a doubt on its law (``structure.apparatus.law_doubts``, kind ``emptied``: check
    and the site's status say so) and a warning naming the rule and the line. ``cleaned``: each
    source's ``clean.Cleaned`` by its id; ``sources``: the corpus's sources."""
    parents = {n.parent for n in nodes if n.parent}
    by_path = {s.path: s.id for s in sources}
    kept: dict[str, list[int]] = {}
    removed: dict[str, dict[int, str]] = {}
    doubts, problems = [], []
    for n in nodes:
        if n.kind in UNEMPTIED_KINDS or n.id in parents or (n.text or "").strip() or not n.spans or n.missing:
            continue
        span = n.spans[-1]
        source = by_path.get(span.source)
        if source is None or source not in cleaned:
            continue
        if source not in kept:
            kept[source] = sorted({k for line in cleaned[source].lines for k in range(line.first, line.last + 1)})
            covered = set(kept[source])
            removed[source] = {}
            for c in cleaned[source].changes:
                if c.line not in covered:
                    removed[source].setdefault(c.line, c.rule)
        end = span.lines[1]
        after = next((k for k in kept[source] if k > end), None)
        gone = [(k, rule) for k, rule in sorted(removed[source].items()) if k > end and (after is None or k < after)]
        if not gone:
            continue
        line, rule = gone[0]
        doubts.append({"law": n.law, "kind": "emptied", "node": n.id, "rule": rule, "source": span.source,
                       "lines": [line, line]})
        # words lost, as any text landing in no node is: check exits 1 and build fails on it
        problems.append(lost(f"{n.id}'s whole text was removed by the cleaning rule {rule}: the "
                             "part stands empty, not complete (`lawsearch clean FILE --explain` "
                             "shows the line); if it is the code's text, the rule took it for the "
                             "page's furniture", span.source, line))
    return doubts, problems


def numbers_removed(cleaned, sources) -> list[Problem]:
    """A run of numbers a pager rule removed inside a law's text (after a line of it, not at
    the page's edge: ``furniture.bare_number_runs``) is words lost, named by file and line:
    the rule may have taken the law's own row of numbers for a pager (cold read 13 of issue 12,
    finding 1). ``cleaned``: each source's ``clean.Cleaned`` by its id."""
    from .furniture import COUNTER_IN_TEXT, NUMBERS_IN_TEXT

    paths = {s.id: s.path for s in sources}
    out = []
    for source, result in cleaned.items():
        for c in result.changes:
            if c.rule == NUMBERS_IN_TEXT:
                out.append(lost("a run of numbers inside the law text was removed as a pager (rule pager_rows: it "
                                "stands by the page's navigation or repeats); if it is the code's text, it is lost "
                                "-- `lawsearch clean FILE --explain` shows the line; if it is the site's pager, "
                                "drop it with a [[drop]] statement in curation.toml", paths.get(source, source), c.line))
            elif c.rule == COUNTER_IN_TEXT:
                out.append(lost("a page counter inside a sentence of the law text was removed as the page's counter "
                                "(rule page_of_n: the sentence goes on after it and no other page of the file is "
                                "numbered); if it is the code's text, it is lost -- `lawsearch clean FILE --explain` "
                                "shows the line", paths.get(source, source), c.line))
    return out
