"""The site's pages of the book's apparatus (issue 13): the subject index and the
definitions, the title page's line on the home page, and the defined terms linked in the
law text. lawsearch/site.py calls these; every string comes from the profile.

    pages = apparatus_pages(builder)          # [("subject-index.html", "subject_index.html", {...}), …]
    builder.terms_by_node["50A"]              # [(start, end, "def-5", "Штрафная карта"), …]
"""

from __future__ import annotations

from markupsafe import Markup, escape

from . import ids

INDEX_PAGE = "subject-index.html"
DEFINITIONS_PAGE = "definitions.html"
FRONT_ORDER = ("title", "edition", "translator", "editor", "original", "publisher", "city", "year")


def terms_by_node(corpus) -> dict[str, list[tuple[int, int, str, str]]]:
    """Node ID → the defined terms used in its own text: (start, end, definition ID, term)."""
    section = corpus.apparatus.get("definitions") or {}
    names = {e["id"]: e["term"] for e in section.get("entries", ())}
    out: dict[str, list[tuple[int, int, str, str]]] = {}
    for u in corpus.apparatus.get("terms", ()):
        out.setdefault(u["node"], []).append((u["start"], u["end"], u["def"], names.get(u["def"], "")))
    return out


def text_with_terms(builder, text: str, start: int, end: int, terms, root: str) -> Markup:
    """``text[start:end]`` escaped, each defined term inside it a link to its definition."""
    if not terms or builder.single:
        return escape(text[start:end])
    out, at = [], start
    for s, e, def_id, term in sorted(terms):
        if s < at or e > end or s < start:
            continue
        out.append(escape(text[at:s]))
        out.append(Markup('<a class="term" href="{}{}#{}" title="{}">{}</a>').format(
            root, DEFINITIONS_PAGE, def_id, builder.words.say("definition_of", term=term), text[s:e]))
        at = e
    out.append(escape(text[at:end]))
    return Markup("").join(out)


def front_line(builder) -> str:
    """The title page's fields in one line ("Книга: …."), or "" without a title page."""
    front = builder.corpus.apparatus.get("front") or {}
    fields = [builder.words.say(f"front_{k}", value=front[k]) for k in FRONT_ORDER if front.get(k)]
    return builder.words.say("book_line", fields=", ".join(fields)) if fields else ""


def index_rows(builder, root: str = "") -> list[dict]:
    """The subject index for its page: one row per entry, targets as links."""
    rows = []
    for n, e in enumerate(builder.corpus.apparatus.get("index", ())):
        links = []
        for target in e.get("targets", ()):
            if target == "defs":
                href = f"{root}{DEFINITIONS_PAGE}" if builder.corpus.apparatus.get("definitions") else None
                label = builder.words.say("definitions")
            else:
                href = builder.href(target, root)
                if href is None:
                    law = (ids.parse_law_id(target) or {}).get("law")
                    href = builder.href(law, root) if law else None
                label = target
            links.append({"label": label, "href": href, "target": target})
        rows.append({"anchor": f"ix-{n + 1}", "headword": e["headword"], "sub": e.get("sub"), "links": links,
                     "see": e.get("see"), "page": e.get("page")})
    heads = {}
    for r in rows:
        heads.setdefault(r["headword"], r["anchor"])
    for r in rows:
        r["see_href"] = "#" + heads[r["see"]] if r["see"] in heads else None
    return rows


def apparatus_pages(builder) -> list[tuple[str, str, dict]]:
    """(file, template, context) of each apparatus page this corpus has."""
    say = builder.words.say
    pages = []
    if builder.corpus.apparatus.get("index"):
        pages.append((INDEX_PAGE, "subject_index.html", {"rows": index_rows(builder), "title": say("subject_index")}))
    section = builder.corpus.apparatus.get("definitions")
    if section:
        pages.append((DEFINITIONS_PAGE, "definitions.html", {"section": section, "title": say("definitions")}))
    return pages
