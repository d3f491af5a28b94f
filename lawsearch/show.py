"""``lawsearch show ID``: one node as a reader wants it -- heading, text with its marks,
children, footnotes, commentary, and references both ways.

    resolve(corpus, "правило 50е1")   # '50E1'
    print(describe(corpus, "50E1"))
"""

from __future__ import annotations

import difflib
from typing import Any

from . import definitions, editions, ids
from .model import Corpus, CorpusError, Node, Problem, _node_dict, _ref_dict, segments, shorten
from .plausibility import language_name
from .profile import of as profile_of


def resolve(corpus: Corpus, query: str) -> str:
    """The node ID a user means: ``50e1``, ``50Е1``, ``правило 50E1``, ``Law 50E1``, ``48.4``,
    ``fn-84-1``. Raises CorpusError with the closest IDs when there is none."""
    node_id = ids.normalize(query)
    if corpus.node(node_id) is None and not any(f.id == node_id for f in corpus.footnotes):
        # a citation as the search reads it, the level's word included ("Section 2.2.1(b)",
        # "пункт 12.1.3"): the node the search jumps to
        from .analysis import narrow
        from .patterns import citation_pattern

        cited = citation_pattern(profile_of(corpus)).fullmatch(narrow(query.strip()))
        if cited and corpus.node(ids.normalize(cited[1])) is not None:
            node_id = ids.normalize(cited[1])
    if corpus.node(node_id) is not None or any(f.id == node_id for f in corpus.footnotes):
        return node_id
    if definitions.entry(corpus, query.strip()) is not None:  # a definition: def-3
        return query.strip()
    known = [n.id for n in corpus.nodes] + [f.id for f in corpus.footnotes]
    close = difflib.get_close_matches(node_id, known, n=4, cutoff=0.5)
    # the definitions' numbered paragraphs keep their printed number as their label (1.1 is
    # defs.1, references.find_references): that number names them first
    defs_id = ids.rules().definitions_id
    printed = [n.id for n in corpus.nodes if defs_id is not None and n.law == defs_id and n.kind == "commentary"
               and n.label and ids.normalize(n.label) == node_id]
    close = printed + [c for c in close if c not in printed][:4 - len(printed)]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    parts = ids.parse_law_id(node_id)
    # the laws a bare ID names: the default edition's (another edition's are prefixed)
    laws = [n.id for n in corpus.nodes if n.kind == "law" and editions.split(n.id)[0] is None]
    if parts and parts["law"] in laws:
        hint = f"; law {parts['law']} is in the corpus, but our text of it has no {shorten(node_id)}" + hint
    elif parts and laws:
        hint = f"; law {shorten(parts['law'])} is not in this corpus, which holds laws {laws[0]}-{laws[-1]}"
    raise CorpusError(Problem("error", f"no node {shorten(query)!r} in the corpus{hint}"))


def not_in_edition(corpus: Corpus, query: str, edition: str) -> str | None:
    """What to tell of an ID one edition lacks but another has (docs/editions.md): it is
    not in that edition, which editions hold it, and, for a law the editions' comparison
    follows, where it went (renumbered) or that it was removed or added. None when no
    edition has it (the ordinary "no node" answer then)."""
    node_id = ids.normalize(query)
    holders = []
    for ed in editions.in_order(corpus):  # chronological, as the docs promise, not the manifest's order
        if ed.id == edition:
            continue
        found = corpus.node(editions.qualify(node_id, ed.id, corpus.editions_default))
        if found is not None and not found.missing:
            holders.append((ed.id, found))
    if not holders:
        return None
    groups = _provisions(corpus, holders)
    lost = editions.lost_at(corpus, editions.bare(node_id), edition)
    parts = []
    for k, group in enumerate(groups):
        # another edition's node of the same ID that the comparisons do not join to the first
        # group's is another provision: said apart, with what the comparison tells of it
        where = "; ".join(f"it is in the {ed} edition (lawsearch show {shorten(node_id)} --edition {ed})"
                          for ed, _ in group)
        if k:
            where = f"another provision numbered {shorten(node_id)} is in " + where.removeprefix("it is in ")
        parts.append(where if lost is not None else "; ".join([where, *_told(corpus, group, edition)]))
    if lost is not None:  # text lost where it would stand: neither removed nor added
        return f"{shorten(node_id)} is not in our text of the {edition} edition: {lost}; " + "; ".join(parts)
    return f"{shorten(node_id)} is not in the {edition} edition; " + "; ".join(parts)


def _provisions(corpus: Corpus, holders: list[tuple[str, Node]]) -> list[list[tuple[str, Node]]]:
    """The editions holding an ID, grouped by provision: two editions' nodes of one ID are one
    provision unless the comparisons of the texts follow one to another node of the other
    edition (or find it nowhere there) -- 2003's 3B that became 4A is not 2020's new 3B."""
    groups: list[list[tuple[str, Node]]] = []
    for ed, found in holders:
        for group in groups:
            first_ed, first = group[0]
            went = editions.node_went(corpus, first.id, ed)
            if went is None or went == found.id:
                group.append((ed, found))
                break
        else:
            groups.append([(ed, found)])
    return groups


def _told(corpus: Corpus, holders: list[tuple[str, Node]], edition: str) -> list[str]:
    """What the comparison of the texts says from each edition that has it: an edition before
    ``edition`` tells "removed" or where it went, one after it "added" -- both, when both are
    true (1C removed in 2009, back in 2021); an edition of no known date only when no dated
    one tells anything ("found nowhere" of one is no answer where another finds it merged).
    One claim is said once, from the edition nearest to ``edition`` (removed in 2014 from
    2003, not again from 1985)."""
    order = [e.id for e in editions.in_order(corpus)]
    at = order.index(edition) if edition in order else 0
    nearest = sorted(holders, key=lambda h: abs(order.index(h[0]) - at) if h[0] in order else len(order))
    dated: dict[str, tuple[int, str]] = {}
    undated: dict[str, tuple[int, str]] = {}
    for ed, found in nearest:
        went = _went(corpus, found, ed, edition)
        if went is None:
            continue
        claim = went.split(" (lawsearch ")[0]  # the same claim from two editions: once
        if claim not in dated and claim not in undated:
            rank = order.index(ed) if ed in order else len(order)
            (undated if editions.later(edition, ed) is None else dated)[claim] = (rank, went)
    told = dated or dict(list(undated.items())[:1])
    return [went for _, went in sorted(told.values())]


def _went(corpus: Corpus, found: Node, ed: str, edition: str) -> str | None:
    """Where node ``found`` of edition ``ed`` is in ``edition`` by the comparison of the two
    editions' texts (``diff``): renumbered or moved to another ID, split, merged into
    another, removed or (when ``ed`` is the later) added; None when they share no language."""
    comparison = editions.comparison(corpus, ed, edition)
    if comparison is None:
        return None
    tree = corpus.edition(ed)
    node_id = editions.bare(found.id)
    later = editions.later(edition, ed)
    for c in comparison.changes:
        if c.kind in ("split", "merged") and node_id in c.old:
            news = ", ".join(c.new)
            return f"in the {edition} edition it is {'split into' if c.kind == 'split' else 'merged into'} {news}"
    # a node goes where the comparison maps it, or its nearest mapped ancestor's split/merge
    at = node_id
    while at is not None:
        if at in comparison.mapping:
            if at == node_id:
                return f"in the {edition} edition it is {comparison.mapping[at]}"
            break  # its parent is there, it is not: removed (or added)
        if any(c.kind in ("split", "merged") and at in c.old for c in comparison.changes):
            return f"in the {edition} edition it is part of what {at} became (lawsearch diff {ed} {edition})"
        if at in comparison.unknown_old:
            return (f"the {edition} edition's text where it would stand is lost, so the comparison "
                    f"cannot tell (lawsearch diff {ed} {edition})")
        parent = tree.node(at)
        at = parent.parent if parent is not None else None
    if later is None:  # the names carry no dates to tell which came first (club, fed)
        return f"the comparison of the texts finds it nowhere in the {edition} edition (lawsearch diff {ed} {edition})"
    if later:
        return f"removed in the {edition} edition (lawsearch diff {ed} {edition})"
    return f"added in the {ed} edition (lawsearch diff {edition} {ed})"


def as_dict(corpus: Corpus, node_id: str) -> dict[str, Any]:
    """The node with its neighbourhood, for ``show --json``."""
    fn = next((f for f in corpus.footnotes if f.id == node_id), None)
    if fn is not None:
        return {"footnote": {"id": fn.id, "page": fn.page, "text": fn.text, "markers": list(fn.markers),
                             "orphan": fn.orphan, "at": fn.at},
                "refs_out": [_ref_dict(r) for r in corpus.refs_from(fn.id)]}
    found = definitions.entry(corpus, node_id)
    if found is not None and _entry_node(corpus, node_id):
        return {"definition": found, "used_in": definitions.uses_of(corpus, node_id)}
    node = corpus.node(node_id)
    assert node is not None
    return {
        "node": _node_dict(node, ids.node_url(node)),
        "children": [_node_dict(c, ids.node_url(c)) for c in _children(corpus, node)],
        "footnotes": [{"id": f.id, "page": f.page, "text": f.text, "orphan": f.orphan}
                      for f in corpus.footnotes_of(node.id)],
        "commentary": [{**_node_dict(c, ids.node_url(c)), "terms": _terms(corpus, c.id)}
                       for c in corpus.commentary(node.id)] if node.kind == "law" else [],
        "refs_out": [_ref_dict(r) for r in corpus.refs_from(node.id)],
        "refs_in": [_ref_dict(r) for r in corpus.refs_to(node.id)],
        "terms": _terms(corpus, node.id),
    }


def _terms(corpus: Corpus, node_id: str) -> list[dict]:
    """The defined terms a node's own text uses, first use each (its law text or commentary)."""
    return [{k: u[k] for k in ("def", "term", "surface", "start", "end")} for u in definitions.uses_in(corpus, node_id)]


def _children(corpus: Corpus, node: Node) -> list[Node]:
    if node.kind == "division":
        return [n for n in corpus.nodes if n.parent == node.id]
    return corpus.children(node.id)


def languages(corpus: Corpus, lang: str | None) -> list[str]:
    """The languages whose text ``describe`` shows: the corpus's own (None), one by its
    code, or ``both`` -- the main language and every translation. A language the corpus
    has no text in is a CorpusError naming those it has.

    ``languages(corpus, "both") == ["ru", "en"]`` for the Russian corpus with English titles.
    """
    known = [corpus.lang, *corpus.translation_languages]
    if lang in (None, corpus.lang):
        return [corpus.lang]
    if lang == BOTH:
        return known
    if lang not in known:
        raise CorpusError(Problem("error", f"no text in {shorten(lang)!r} in this corpus; it has "
                                           + ", ".join(known) + f" (or {BOTH})"))
    return [lang]


BOTH = "both"


def _entry_node(corpus: Corpus, node_id: str) -> bool:
    """Whether ``node_id`` is a definition entry's own (its node, where the build made one,
    is the entry: shown as the definition with the nodes that use it)."""
    from .structure.apparatus import DEFINITION

    node = corpus.node(node_id)
    return node is None or node.kind == DEFINITION


def describe(corpus: Corpus, node_id: str, lang: str | None = None) -> str:
    """Plain text for the terminal; ``lang`` chooses the text shown: the corpus's own
    language (None), a translation's code (from the node's translations, where a source
    gave it) or ``both`` (``languages``)."""
    shown = languages(corpus, lang)
    fn = next((f for f in corpus.footnotes if f.id == node_id), None)
    if fn is not None:
        markers = ", ".join(fn.markers) or "none survives (orphan)"
        return f"Footnote {fn.id}, page {fn.page}\n  {fn.text}\n  markers in: {markers}\n"
    found = definitions.entry(corpus, node_id)
    if found is not None and _entry_node(corpus, node_id):
        used = ", ".join(definitions.uses_of(corpus, node_id)) or "none"
        return f"{found['id']}. {found['term']}\n  {found['text']}\n  used in: {used}\n"
    node = corpus.node(node_id)
    assert node is not None
    words = profile_of(corpus)
    main = corpus.lang

    from .site import Words

    names = Words(words, main, corpus.translation_languages)
    names.name_pieces(n for n in corpus.nodes if n.kind == "piece")

    def shown_id(other_id: str) -> str:  # another edition's ID as the site prints it: "60 (2017 edition)"
        return names.names.get(other_id) or editions.readable(other_id, words, main)  # a piece: its file and page
    out: list[str] = []
    # shown in a translation alone (--lang en): the headings in that language's words and titles
    alone = shown[0] if len(shown) == 1 and main not in shown else None
    heading = _heading_in(node, corpus, words, alone)
    out.append(heading)
    out.append("=" * min(len(heading), 78))
    for other in ([main] if alone else []) + [o for o in corpus.translation_languages if o != alone]:
        title = node.title if other == main else (node.translations.get(other) or {}).get("title")
        if title:
            out.append(f"{language_name(other)}: {title}")
    facts = [f"{node.kind}"] + ([f"edition {node.edition}"] if node.edition else [])
    if node.translator:
        facts.append(f"translation {node.translator}")
    facts.append(f"placed by: {node.attribution or 'nothing (missing)'}")
    if node.title_from == "contents":
        facts.append("title from the contents")
    if node.uncertain:
        facts.append(f"guessed: {', '.join(node.uncertain)}")
    out.append("; ".join(facts))
    # the sources of the text shown: shown in a translation alone, that language's own file
    for which in ([alone] if alone and alone != (node.lang or main) else [None]) \
            + [o for o in shown if len(shown) > 1 and o != (node.lang or main)]:
        spans = node.spans if which is None else _translated_spans(corpus, node, which)
        pages = sorted({s.page for s in spans if s.page is not None})
        where = ", ".join(_span_where(s) for s in spans)
        if where:
            label = f"source ({language_name(which)} text)" if which is not None and len(shown) > 1 else "source"
            out.append(f"{label}: {where}" + (f" (book page {', '.join(map(str, pages))})" if pages else ""))
    if node.parent:
        parent = corpus.node(node.parent)
        out.append(f"in: {_heading_in(parent, corpus, words, alone) if parent else shown_id(node.parent)}")
    out.append("")
    translated = _translated(node, corpus)
    # the node's own language: an English-only edition's node in a Russian corpus is English,
    # its text shown as the main text is, and Russian is the other language there
    own = node.lang or main
    if lang is None:
        shown = [own]
    if own in shown:
        if node.missing:
            out.append("[the text of this law is not in the sources]")
        if node.text:
            out.append(render_text(node.text, node.marks))
        elif node.truncated_start and not node.missing:
            out.append("[… its heading and opening text are lost]")
        elif node.truncated_end:
            out.append("[… text lost after the heading]")
        elif node.lang == main and not node.title and translated.get("text"):
            out.append(f"[not in the {language_name(main)} text]")
    edition_langs = {e.id: e.langs for e in corpus.editions} if len(corpus.editions) > 1 else {}
    for other in (o for o in shown if o != own):
        given = node.translations.get(other) or {}
        if len(shown) > 1:
            out.append("")
            out.append(f"{language_name(other)}:")
        if given.get("text"):
            out.append(given["text"])
            for note in (given.get("notes") or "").splitlines():  # the translation's own footnotes
                out.append(f"  * {note}")
        elif node.text or not (given.get("title") or any(other in c.translations for c in _children(corpus, node))):
            # a node whose words are all in its parts (a law with sections) lacks no text: its
            # parts in this language are listed below
            title = f"; {language_name(other)} title: {given['title']}]" if given.get("title") else "]"
            # an edition with no text in that language says so of itself, not of the corpus
            held = edition_langs.get(node.edition or "")
            where = f"the {node.edition} edition" if held is not None and other not in held else "the corpus"
            out.append(f"[no {language_name(other)} text in {where}" + title)
    terms = definitions.uses_in(corpus, node.id) if main in shown else []
    if terms:
        out.append("")
        out.append("Defined terms: " + "; ".join(f"{u['surface']} → {u['def']} ({u['term']})" for u in terms))
    if node.alignment:
        out.append("")
        out.append("Languages differ: " + ", ".join(node.alignment))
    children = _children(corpus, node)
    if children:
        out.append("")
        out.append("Contents:")
        for child in children:  # shown in a translation alone: its parts under that language's titles
            title = (child.translations.get(alone) or {}).get("title") if alone else None
            if title:
                label = words.text(alone, "law", id=editions.bare(child.id)) if child.kind == "law" \
                    else editions.bare(child.id)
                out.append(f"  {label}. {title}")
            else:
                out.append(f"  {_heading(child, corpus, words, bare=True)}")  # its edition is in the heading
    notes = corpus.footnotes_of(node.id)
    if notes:
        out.append("")
        out.append("Footnotes:")
        for f in notes:
            out.append(f"  [{shown_id(f.id)}] {f.text}" + (" (orphan: its marker is lost)" if f.orphan else ""))
    if node.kind == "law":
        commentary = corpus.commentary(node.id)
        if commentary:
            out.append("")
            out.append("Commentary:")
            for c in commentary:
                gap = "[…] " if c.truncated_start else ""
                out.append(f"  {shown_id(c.id)}. {gap}" + (c.text or "").replace("\n\n", "\n\n      "))
                used = definitions.uses_in(corpus, c.id) if main in shown else []
                if used:  # its defined terms, as the law text's above
                    out.append("      Defined terms: " + "; ".join(f"{u['surface']} → {u['def']} ({u['term']})" for u in used))
    for which in shown:
        label = f" ({language_name(which)} text)" if which != main else ""
        refs_out = corpus.refs_from(node.id, which)
        if refs_out:
            out.append("")
            out.append(f"Refers to{label}: " + ", ".join(f"{shown_id(r.target)} ({reference_meaning(corpus, r)})"
                                                         for r in refs_out))
        cited = corpus.cited_by(which).get(node.id)
        if cited:
            out.append(f"Cited by{label}: " + ", ".join(map(shown_id, cited)))
    return "\n".join(out) + "\n"


def _translated(node: Node, corpus: Corpus) -> dict:
    """The node's first translation that has text or a title ({} when none has)."""
    return next((given for other in corpus.translation_languages
                 if any((given := node.translations.get(other) or {}).values())), {})


def _heading(node: Node, corpus: Corpus, words, bare: bool = False) -> str:
    translated = _translated(node, corpus)
    if node.kind not in ("division", "commentary", "piece") and not node.title and not node.text \
            and translated.get("text") and node.title_from is None:
        other = next(o for o in corpus.translation_languages if node.translations.get(o) is translated)
        shown = editions.bare(node.id) if bare else editions.readable(node.id, words, corpus.lang)
        return f"{shown}. [only in {language_name(other)}: {translated.get('title') or 'no title'}]"
    return _own_heading(node, corpus.lang, words, bare)


def _heading_in(node: Node, corpus: Corpus, words, lang: str | None) -> str:
    """The heading in a translation's language ``lang`` (``Law 30. Pass Out of Rotation``: the
    profile's string of that language and the translation's title; its label alone where the
    translation has no title); in the corpus's own (``_heading``) where ``lang`` is None or
    the node is no law text."""
    if lang is None or node.kind in ("division", "commentary", "piece") or lang not in words.languages:
        return _heading(node, corpus, words)
    shown = editions.readable(node.id, words, lang)
    label = words.text(lang, "law", id=shown) if node.kind == "law" else shown
    title = (node.translations.get(lang) or {}).get("title")
    return f"{label}. {title}" if title else label


def _own_heading(node: Node, lang: str, words, bare: bool = False) -> str:
    """``Правило 50. Распоряжение штрафной картой``, in the corpus's language (the profile's
    strings ``law``, ``commentary``, ``piece``)."""
    # in the node's own language where the profile speaks it (an English-only edition's "Law 3
    # (2020 edition)"), else the corpus's
    lang = node.lang if node.lang and node.lang in getattr(words, "languages", ()) else lang
    # another edition's ID: "60 (2017 edition)"; bare (bare=True) where the heading above names it
    shown = editions.bare(node.id) if bare else editions.readable(node.id, words, lang)
    if node.kind == "law":
        label = words.text(lang, "law", id=shown)
    elif node.kind == "division":
        label = node.label or shown
    elif node.kind == "commentary":
        # the definitions' numbered paragraph: its ID and the number printed (defs.1 (1.1))
        label = words.text(lang, "commentary", id=shown + (f" ({node.label})" if node.label else ""))
    else:
        label = shown
    title = node.title or ("(heading lost)" if node.heading_lost else "")
    return f"{label}. {title}".rstrip(". ") if title else label


REFERENCE_MEANINGS = {"node": "in the text", "law": "law present, {level} lost", "law_lost": "law lost",
                      "outside": "not in the corpus"}


def reference_status(corpus, ref) -> str:
    """A reference's status, a law whose own text is lost (its node restored, ``missing``)
    told apart: "law_lost" where "law" would say the law is present."""
    if ref.status == "law":
        law = corpus.node(law_of_target(ref.target))
        if law is not None and law.kind == "law" and law.missing:
            return "law_lost"
    return ref.status


def reference_meaning(corpus, ref) -> str:
    """What a reference's target is, in the CLI's words: a reference into a law whose own
    text is lost says so, not "law present"; a lost part of a present law is named by its
    level in the code's grammar ("section", "paragraph"; ``missing_level``)."""
    status = reference_status(corpus, ref)
    return REFERENCE_MEANINGS[status].format(level=missing_level(ref.target))


def missing_level(target: str) -> str:
    """The grammar's name of the deepest level a target ID names (``47C`` → section in the
    bridge profile, ``2.1.1`` → paragraph in a code whose levels are section, paragraph,
    item); "part" where the ID is none of the grammar's."""
    rules = ids.rules()
    parts = rules.parse(target)
    present = [lv for lv in rules.levels if parts and parts.get(lv)]
    return present[-1] if present else "part"


def law_of_target(target: str) -> str:
    """A target ID's law: its leading number (``47E2(a)`` → 47, ``12.2.3`` → 12)."""
    return target[:len(target) - len(target.lstrip("0123456789"))] or target


def render_text(text: str, marks) -> str:
    """The text with gaps as ``[…]``, footnote markers as ``[fn-84-1]`` (``model.segments``)."""
    out: list[str] = []
    for seg in segments(text, marks):
        if seg.kind == "gap":
            out.append(_set_in(text, seg.start, "[…]", right=True))
        elif seg.kind == "footnote":
            out.append(f"[{seg.footnote}]" if seg.footnote else _set_in(text, seg.start, "[footnote lost]"))
        else:
            out.append(text[seg.start:seg.end])
    return "".join(out)


def _set_in(text: str, pos: int, mark: str, right: bool = False) -> str:
    """A mark set into running text, a space between it and a word it would touch."""
    left = " " if pos > 0 and text[pos - 1] not in " \n" else ""
    after = " " if right and pos < len(text) and text[pos] not in " \n" else ""
    return left + mark + after


def _translated_spans(corpus: Corpus, node, lang: str) -> list:
    """Where a node's text in another language stands in that language's own source (the
    build keeps them in the apparatus, ``translation_spans``), none where it gave none."""
    from .model import Span

    given = ((corpus.apparatus or {}).get("translation_spans") or {}).get(lang) or {}
    return [Span(source=d["source"], page=d.get("page"), lines=(d["lines"][0], d["lines"][1]), place=d.get("place"))
            for d in given.get(node.id, ())]


def _span_where(span) -> str:
    """``a.txt:3-7``; for a file read from another format, its extracted lines (as ``lawsearch
    clean`` numbers them) and where they stand in it: ``b.pdf, extracted lines 3-7 (page 1,
    line 3 - page 1, line 7)``."""
    from .corpus import extracted_lines

    lines = f"{span.lines[0]}" + (f"-{span.lines[1]}" if span.lines[1] != span.lines[0] else "")
    place = f" ({span.place})" if span.place else ""
    if extracted_lines(span.source):
        word = "lines" if span.lines[1] != span.lines[0] else "line"
        return f"{span.source}, extracted {word} {lines}{place}"
    return f"{span.source}:{lines}{place}"
