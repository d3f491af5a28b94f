"""Canonical IDs, the one anchor function, URLs and reading order (CONTRACT.md).

Everything that names a node -- the parser, URLs, the index, the site, the exports --
goes through here; nothing else invents an ID or an anchor.

    >>> law_id("50", "E", "2", "a")
    '50E2(a)'
    >>> anchor("47E2(a)"), anchor("48.4"), anchor("div-razdel-46")
    ('l47e2-a', 'c48-4', 'div-razdel-46')
    >>> normalize("правило 50е1")
    '50E1'
"""

from __future__ import annotations

import hashlib
import re

# Cyrillic capitals that look like Latin ones; OCR and typists mix them in IDs
# ("Правило 16С2", "Правилом 12А2", "Правило 48А").
LOOKALIKES = str.maketrans("АВСЕНКМОРТХаеорсх", "ABCEHKMOPTXaeopcx")

LAW_ID = re.compile(
    r"""
    ^(?P<law>\d+)
    (?:(?P<section>[A-Z])
      (?:(?P<clause>\d+))?
      (?:\((?P<subclause>[a-z])\))?
      (?:\((?P<item>\d+)\))?
    )?$
    """,
    re.VERBOSE,
)
COMMENTARY_ID = re.compile(r"^(?P<law>\d+)\.(?P<para>\d+)$")
# "правило 50E1", "Правилом 50E1", "Law 50E1", "Laws 50", "п. 54.1", "ст. 50" (as for a statute)
CITATION_PREFIX = re.compile(r"^\s*(?:правил\w*|стать\w*|ст\.?|laws?|rules?|п\.)\s*", re.IGNORECASE)


def law_id(law: str, section: str | None = None, clause: str | None = None,
           subclause: str | None = None, item: str | None = None) -> str:
    """The ID of a law-text node from its parts: ``law_id("47", "E", "2", "a") == "47E2(a)"``."""
    out = law
    if section:
        out += section.upper()
    if clause:
        out += clause
    if subclause:
        out += f"({subclause.lower()})"
    if item:
        out += f"({item})"
    return out


def commentary_id(law: str, para: int) -> str:
    return f"{law}.{para}"


def division_id(level: str, first_law: str) -> str:
    """``division_id("razdel", "46") == "div-razdel-46"``: a numeral can repeat, the law can't."""
    return f"div-{level}-{first_law}"


def piece_id(source_id: str, first_line: int) -> str:
    return f"piece-{source_id}-{first_line}"


def footnote_id(page: int | str, n: int) -> str:
    return f"fn-{page}-{n}"


def parse_law_id(node_id: str) -> dict[str, str | None] | None:
    """Parts of a law-text ID, or None: ``parse_law_id("50E1")["clause"] == "1"``."""
    m = LAW_ID.match(node_id)
    return m.groupdict() if m else None


def normalize(text: str) -> str:
    """Turn what a user or a reference writes into a canonical ID where it looks like one.

    Folds Cyrillic look-alikes, case and citation words: ``50e1``, ``50Е1``,
    ``правило 50E1`` and ``Law 50E1`` all give ``50E1``; ``47e2(A)`` gives ``47E2(a)``.
    Anything else is returned stripped and unchanged.
    """
    raw = text.strip()
    s = CITATION_PREFIX.sub("", raw).translate(LOOKALIKES).replace(" ", "")
    m = re.match(r"^(\d+)([A-Za-z])?(\d+)?(?:\(([A-Za-z])\))?(?:\((\d+)\))?$", s)
    if m:
        law, section, clause, sub, item = m.groups()
        if sub and not clause and not section:
            return raw
        return law_id(law, section, clause, sub, item)
    if COMMENTARY_ID.match(s):
        return s
    return raw


def anchor(node_id: str) -> str:
    """The HTML id / CSS selector / xml:id of a node (CONTRACT.md).

    ``l`` + lower-case ID with ``(x)`` as ``-x`` for law text, ``c48-4`` for commentary,
    the ID itself for divisions, pieces and footnotes -- where it holds only letters,
    digits, "_", "-" and "."; other characters become "_" and a short hash is appended.

    >>> anchor("piece-копия (2)-14")
    'piece-копия__2_-14-f8a0a5'
    """
    if LAW_ID.match(node_id):
        return "l" + re.sub(r"\((\w+)\)", r"-\1", node_id).lower()
    m = COMMENTARY_ID.match(node_id)
    if m:
        return f"c{m['law']}-{m['para']}"
    if NAME_CHARS.fullmatch(node_id):
        return node_id
    # a piece named after a file like "копия (2).txt": characters an id, a selector or an
    # xml:id cannot hold become "_", and a hash of the ID keeps two such names apart
    digest = hashlib.sha1(node_id.encode("utf-8")).hexdigest()[:6]
    return f"{NAME_OTHER.sub('_', node_id)}-{digest}"


def source_anchor(source_id: str) -> str:
    """The HTML id / xml:id of a raw source (``sources.html``, the TEI header): ``src-`` and
    its file's stem, made safe by ``anchor`` as a piece's is.

    >>> source_anchor("000_58dbb1f2fde933c1"), source_anchor("my file (2)")
    ('src-000_58dbb1f2fde933c1', 'src-my_file__2_-e948f7')
    """
    return anchor(f"src-{source_id}")


# what an anchor may hold as it is: letters, digits, "_", "-", "." (an XML NCName after the
# ID's own letter prefix, and a CSS identifier once the dot is escaped, as cssEscape does)
NAME_CHARS = re.compile(r"[^\W\d][\w.-]*")
NAME_OTHER = re.compile(r"[^\w.-]")


def url(node_id: str, law: str | None, kind: str) -> str:
    """Where a node lives in the site: ``laws/50.html#l50e1``; a division on the page of its
    first law; unplaced pieces on their own page."""
    return f"{page(node_id, law, kind)}#{node_id if is_division(node_id) else anchor(node_id)}"


def page(node_id: str, law: str | None, kind: str) -> str:
    """The site page a node is on: ``laws/50.html``, ``unattributed.html``."""
    m = re.match(r"^div-(?:glava|chast|razdel)-(\d+)$", node_id)
    if m:
        return f"laws/{m[1]}.html"
    if law is None:
        return "unattributed.html"
    return f"laws/{law}.html"


def is_division(node_id: str) -> bool:
    return re.match(r"^div-(?:glava|chast|razdel)-(\d+)$", node_id) is not None


def node_url(node) -> str:
    """``url`` of a ``model.Node``: computed where a URL is written (the site, corpus.json,
    the search data), never stored in the node."""
    return url(node.id, node.law, node.kind)


_KIND_RANK = {"division": 0, "law": 1, "section": 1, "clause": 1, "subclause": 1, "item": 1,
              "piece": 2, "commentary": 3}


def sort_key(node_id: str, law: str | None = None, kind: str | None = None) -> tuple:
    """Reading order of the code: law, section, clause, sub-clause, item; a division before
    its first law; pieces placed in a law after its text; commentary after them, by number
    (47.9 before 47.10); unplaced pieces and anything else last.
    """
    m = LAW_ID.match(node_id)
    if m:
        return (0, int(m["law"]), 1, m["section"] or "", int(m["clause"] or 0),
                m["subclause"] or "", int(m["item"] or 0), "")
    m = COMMENTARY_ID.match(node_id)
    if m:
        return (0, int(m["law"]), 3, "", int(m["para"]), "", 0, "")
    m = re.match(r"^div-(glava|chast|razdel)-(\d+)$", node_id)
    if m:
        level = {"glava": 0, "chast": 1, "razdel": 2}[m[1]]
        return (0, int(m[2]), 0, "", level, "", 0, "")
    if law is not None and law.isdigit():
        return (0, int(law), _KIND_RANK.get(kind or "piece", 2), "\uffff", 0, "", 0, node_id)
    return (1, 0, 0, "", 0, "", 0, node_id)
