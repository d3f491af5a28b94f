"""``lawsearch show ID``: one node as a reader wants it -- heading, text with its marks,
children, footnotes, commentary, and references both ways.

    resolve(corpus, "правило 50е1")   # '50E1'
    print(describe(corpus, "50E1"))
"""

from __future__ import annotations

import difflib
from typing import Any

from . import ids
from .model import Corpus, CorpusError, Node, Problem, _node_dict, _ref_dict, shorten


def resolve(corpus: Corpus, query: str) -> str:
    """The node ID a user means: ``50e1``, ``50Е1``, ``правило 50E1``, ``Law 50E1``, ``48.4``,
    ``fn-84-1``. Raises CorpusError with the closest IDs when there is none."""
    node_id = ids.normalize(query)
    if corpus.node(node_id) is not None or any(f.id == node_id for f in corpus.footnotes):
        return node_id
    known = [n.id for n in corpus.nodes] + [f.id for f in corpus.footnotes]
    close = difflib.get_close_matches(node_id, known, n=4, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    parts = ids.parse_law_id(node_id)
    laws = [n.id for n in corpus.nodes if n.kind == "law"]
    if parts and parts["law"] in laws:
        hint = f"; law {parts['law']} is in the corpus, but our text of it has no {shorten(node_id)}" + hint
    elif parts and laws:
        hint = f"; law {shorten(parts['law'])} is not in this corpus, which holds laws {laws[0]}-{laws[-1]}"
    raise CorpusError(Problem("error", f"no node {shorten(query)!r} in the corpus{hint}"))


def as_dict(corpus: Corpus, node_id: str) -> dict[str, Any]:
    """The node with its neighbourhood, for ``show --json``."""
    fn = next((f for f in corpus.footnotes if f.id == node_id), None)
    if fn is not None:
        return {"footnote": {"id": fn.id, "page": fn.page, "text": fn.text, "markers": list(fn.markers),
                             "orphan": fn.orphan, "at": fn.at},
                "refs_out": [_ref_dict(r) for r in corpus.refs_from(fn.id)]}
    node = corpus.node(node_id)
    assert node is not None
    return {
        "node": _node_dict(node),
        "children": [_node_dict(c) for c in _children(corpus, node)],
        "footnotes": [{"id": f.id, "page": f.page, "text": f.text, "orphan": f.orphan}
                      for f in corpus.footnotes_of(node.id)],
        "commentary": [_node_dict(c) for c in corpus.commentary(node.id)] if node.kind == "law" else [],
        "refs_out": [_ref_dict(r) for r in corpus.refs_from(node.id)],
        "refs_in": [_ref_dict(r) for r in corpus.refs_to(node.id)],
    }


def _children(corpus: Corpus, node: Node) -> list[Node]:
    if node.kind == "division":
        return [n for n in corpus.nodes if n.parent == node.id]
    return corpus.children(node.id)


def describe(corpus: Corpus, node_id: str, lang: str = "ru") -> str:
    """Plain text for the terminal; ``lang`` "ru", "en" or "both" chooses the text shown
    (the English one from the node's translations, where a source gave it)."""
    fn = next((f for f in corpus.footnotes if f.id == node_id), None)
    if fn is not None:
        markers = ", ".join(fn.markers) or "none survives (orphan)"
        return f"Footnote {fn.id}, page {fn.page}\n  {fn.text}\n  markers in: {markers}\n"
    node = corpus.node(node_id)
    assert node is not None
    out: list[str] = []
    heading = _heading(node)
    out.append(heading)
    out.append("=" * min(len(heading), 78))
    en = node.translations.get("en", {}).get("title")
    if en:
        out.append(f"English: {en}")
    facts = [f"{node.kind}", f"edition {node.edition}"]
    if node.translator:
        facts.append(f"translation {node.translator}")
    facts.append(f"placed by: {node.attribution or 'nothing (missing)'}")
    if node.uncertain:
        facts.append(f"guessed: {', '.join(node.uncertain)}")
    out.append("; ".join(facts))
    pages = sorted({s.page for s in node.spans if s.page is not None})
    where = ", ".join(f"{s.source}:{s.lines[0]}" + (f"-{s.lines[1]}" if s.lines[1] != s.lines[0] else "")
                      + (f" ({s.place})" if s.place else "") for s in node.spans)
    if where:
        out.append(f"source: {where}" + (f" (book page {', '.join(map(str, pages))})" if pages else ""))
    if node.parent:
        parent = corpus.node(node.parent)
        out.append(f"in: {_heading(parent) if parent else node.parent}")
    out.append("")
    english = node.translations.get("en") or {}
    if lang in ("ru", "both"):
        if node.missing:
            out.append("[the text of this law is not in the sources]")
        if node.text:
            out.append(_render_text(node))
        elif node.truncated_start and not node.missing:
            out.append("[… its heading and opening text are lost]")
        elif node.truncated_end:
            out.append("[… text lost after the heading]")
        elif node.lang == "ru" and not node.title and english.get("text"):
            out.append("[not in the Russian text]")
    if lang in ("en", "both"):
        if lang == "both":
            out.append("")
            out.append("English:")
        if english.get("text"):
            out.append(english["text"])
        else:
            out.append("[no English text in the corpus" + (f"; English title: {english['title']}]" if english.get("title") else "]"))
    if node.alignment:
        out.append("")
        out.append("Languages differ: " + ", ".join(node.alignment))
    children = _children(corpus, node)
    if children:
        out.append("")
        out.append("Contents:")
        for child in children:
            out.append(f"  {_heading(child)}")
    notes = corpus.footnotes_of(node.id)
    if notes:
        out.append("")
        out.append("Footnotes:")
        for f in notes:
            out.append(f"  [{f.id}] {f.text}" + (" (orphan: its marker is lost)" if f.orphan else ""))
    if node.kind == "law":
        commentary = corpus.commentary(node.id)
        if commentary:
            out.append("")
            out.append("Commentary:")
            for c in commentary:
                gap = "[…] " if c.truncated_start else ""
                out.append(f"  {c.id}. {gap}" + (c.text or "").replace("\n\n", "\n\n      "))
    for which in (["ru", "en"] if lang == "both" else [lang]):
        label = " (English text)" if which == "en" else ""
        refs_out = corpus.refs_from(node.id, which)
        if refs_out:
            out.append("")
            out.append(f"Refers to{label}: " + ", ".join(f"{r.target} ({_status(r.status)})" for r in refs_out))
        cited = corpus.cited_by(which).get(node.id)
        if cited:
            out.append(f"Cited by{label}: " + ", ".join(cited))
    return "\n".join(out) + "\n"


def _heading(node: Node) -> str:
    english = (node.translations.get("en") or {})
    if node.kind not in ("division", "commentary", "piece") and not node.title and not node.text \
            and english.get("text") and node.title_from is None:
        return f"{node.id}. [only in English: {english.get('title') or 'no title'}]"
    return _russian_heading(node)


def _russian_heading(node: Node) -> str:
    if node.kind == "law":
        label = f"Правило {node.id}"
    elif node.kind == "division":
        label = node.label or node.id
    elif node.kind == "commentary":
        label = f"Комментарий {node.id}"
    else:
        label = node.id
    title = node.title or ("(heading lost)" if node.kind not in ("commentary", "piece") else "")
    return f"{label}. {title}".rstrip(". ") if title else label


def _status(status: str) -> str:
    return {"node": "in the text", "law": "law present, clause lost", "outside": "not in the corpus"}[status]


def _render_text(node: Node) -> str:
    """The text with gaps as ``[…]``, footnote markers as ``[fn-84-1]``."""
    text = node.text or ""
    inserts: list[tuple[int, str]] = []
    for m in node.marks:
        if m.kind == "gap":
            inserts.append((m.start, "[…]"))
        elif m.kind == "footnote":
            inserts.append((m.start, f"[{m.footnote or 'footnote lost'}]"))
    for pos, mark in sorted(inserts, reverse=True):
        pad_left = "" if pos == 0 or text[pos - 1] in " \n" or mark.startswith("[fn") else " "
        pad_right = "" if pos >= len(text) or text[pos] in " \n" or mark != "[…]" else " "
        text = text[:pos] + pad_left + mark + pad_right + text[pos:]
    return text
