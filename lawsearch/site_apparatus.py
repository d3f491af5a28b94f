"""The site's pages of the book's apparatus (issue 13): the subject index and the
definitions, the title page's line on the home page, and the defined terms linked in the
law text. lawsearch/site.py calls these; every string comes from the profile.

    pages = apparatus_pages(builder)          # [("subject-index.html", "subject_index.html", {...}), …]
    builder.terms_by_node["50A"]              # [(start, end, "def-5", "Штрафная карта"), …]
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from . import ids
from .structure.apparatus import named, printed

INDEX_PAGE = "subject-index.html"
DEFINITIONS_PAGE = ids.DEFINITIONS_PAGE
# the sections of the single file that stand for those pages (single.html)
INDEX_SECTION = "subject-index"
DEFINITIONS_SECTION = "definitions"
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
    if not terms:
        return escape(text[start:end])
    # the single file holds the definitions as a section: a term links to its anchor there
    page = "" if builder.single else root + DEFINITIONS_PAGE
    out, at = [], start
    for s, e, def_id, term in sorted(terms):
        if s < at or e > end or s < start:
            continue
        out.append(escape(text[at:s]))
        out.append(Markup('<a class="term" href="{}#{}" title="{}">{}</a>').format(
            page, def_id, builder.words.say("definition_of", term=term), text[s:e]))
        at = e
    out.append(escape(text[at:end]))
    return Markup("").join(out)


def front_line(builder) -> str:
    """The title page's fields in one line ("Книга: …."), or "" without a title page."""
    front = builder.corpus.apparatus.get("front") or {}
    # a name in the case its label governs, not known in the nominative: the label and name as printed
    fields = [builder.words.say("front_as_printed" if printed(front, k) else f"front_{k}", value=named(front, k))
              for k in FRONT_ORDER if front.get(k)]
    return builder.words.say("book_line", fields=", ".join(fields)) if fields else ""


def index_rows(builder, root: str = "") -> list[dict]:
    """The subject index for its page: one row per entry, targets as links."""
    rows = []
    for n, e in enumerate(builder.corpus.apparatus.get("index", ())):
        links = []
        for target in e.get("targets", ()):
            if target == "defs":
                href = (("#" + DEFINITIONS_SECTION if builder.single else f"{root}{DEFINITIONS_PAGE}")
                        if builder.corpus.apparatus.get("definitions") else None)
                label = builder.words.say("definitions")
            else:
                href = builder.href(target, root)
                if href is None:
                    law = (ids.parse_law_id(target) or {}).get("law")
                    href = builder.href(law, root) if law else None
                label = target
            links.append({"label": label, "href": href, "target": target})
        for printed_page in e.get("unplaced_pages", ()):  # a page the contents place in no law: as printed
            links.append({"label": printed_page, "href": None, "target": printed_page})
        rows.append({"anchor": f"ix-{n + 1}", "headword": e["headword"], "sub": e.get("sub"), "links": links,
                     "see": e.get("see"), "see_also": bool(e.get("see_also")), "page": e.get("page")})
    rows = headword_groups(rows)
    heads = {}
    for r in rows:
        heads.setdefault(r["headword"], r["anchor"])
    for r in rows:
        anchor = see_anchor(r["see"], heads) if r["see"] else None
        r["see_href"] = "#" + anchor if anchor else None
    return rows


def headword_groups(rows: list[dict]) -> list[dict]:
    """The rows with each headword shown once, its sub-entries under it: the headword's
    rows gathered where it first stands, its own row (no sub-heading) first; where the book
    printed none («Матч, перенос» / «" неявка команды»: the headword only with a comma, a
    dash or a ditto mark before each sub-heading), a row of the headword alone, without
    targets, stands above them. A second row of the same headword with no sub-heading (the
    headword printed again on another page) adds its targets to the first. Each row's
    ``sub_row``: it is shown as «— sub-heading» under its headword."""
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(r["headword"], []).append(r)
    out: list[dict] = []
    for headword, group in groups.items():
        own = next((r for r in group if not r["sub"]), None)
        if own is None:
            own = {"anchor": group[0]["anchor"] + "-h", "headword": headword, "sub": None, "links": [],
                   "see": None, "see_also": False, "page": group[0]["page"]}
        for r in group:
            if r is own or r["sub"]:
                continue
            known = {link["target"] for link in own["links"]}
            own["links"] += [link for link in r["links"] if link["target"] not in known]
            if r["see"] and not own["see"]:
                own["see"], own["see_also"] = r["see"], r["see_also"]
        own["sub_row"] = False
        out.append(own)
        for r in group:
            if r["sub"]:
                r["sub_row"] = True
                out.append(r)
    return out


def see_anchor(see: str, heads: dict[str, str]) -> str | None:
    """The anchor a cross-reference (``см. Карта``) leads to: the headword printed so, else
    the same headword in another case, else the first headword it begins ("Карта
    недостающая": an index printed without a comma after its main word)."""
    if see in heads:
        return heads[see]
    key = re.sub(r"\s+", " ", see).strip(" .,").casefold()
    for head, anchor in heads.items():
        if head.casefold() == key:
            return anchor
    for head, anchor in heads.items():
        h = head.casefold()
        if h.startswith(key) and h[len(key):len(key) + 1] in (" ", ","):
            return anchor
    return None


def apparatus_pages(builder) -> list[tuple[str, str, dict]]:
    """(file, template, context) of each apparatus page this corpus has."""
    say = builder.words.say
    pages = []
    if builder.corpus.apparatus.get("index"):
        pages.append((INDEX_PAGE, "subject_index.html", {"rows": index_rows(builder), "title": say("subject_index")}))
    section = builder.corpus.apparatus.get("definitions")
    commentary = definitions_commentary(builder, "")
    if section or commentary:  # the commentary of the definitions lives here (ids.page) even without them
        pages.append((DEFINITIONS_PAGE, "definitions.html",
                      {"section": section, "commentary": commentary, "title": say("definitions")}))
    return pages


def definitions_commentary(builder, root: str) -> list:
    """The views of the commentary on the definitions (``defs.1``, ``defs.2`` …), shown on
    the definitions page (the multi-page site) or its section (the single file)."""
    defs_id = ids.rules().definitions_id
    return [builder.view(c, root) for c in builder.corpus.commentary(defs_id)] if defs_id else []


def single_sections(builder) -> dict:
    """What the single file shows of the apparatus, as sections (``single.html``): the
    subject index's rows, the definitions and their commentary, each None/[] when absent."""
    return {"rows": index_rows(builder) if builder.corpus.apparatus.get("index") else [],
            "section": builder.corpus.apparatus.get("definitions"),
            "commentary": definitions_commentary(builder, ""),
            "index_id": INDEX_SECTION, "definitions_id": DEFINITIONS_SECTION}
