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

from .grammar import NAME_CHARS, NAME_OTHER, active_grammar  # noqa: F401  (NAME_*: re-exported)
# what a citation puts before an ID ("правило 50E1", "Law 50E1", "п. 54.1", "Статья 12"): the
# citation words of the profiles
from .patterns import citation_prefix


def rules():
    """The ID rules of the active profile (``profile.activated``: the corpus being built,
    shown or searched), else of the default one (the bridge laws')."""
    return active_grammar().ids


def lookalikes() -> dict[int, str]:
    """Capitals of another script that look like the ID alphabet's; OCR and typists mix them
    in IDs ("Правило 16С2", "Правилом 12А2"): the active profile's [grammar.lookalikes]."""
    return rules()._fold


def law_id(law: str, *parts: str | None) -> str:
    """The ID of a law-text node from its parts, one per level of the active profile,
    outermost first (None: a level the path skips): ``law_id("47", "E", "2", "a") == "47E2(a)"``."""
    r = rules()
    return r.law_id(law, *(r.label(level, p) if p else None for level, p in zip(r.levels, parts)))


def commentary_id(law: str, para: int) -> str:
    return rules().commentary_id(law, para)


def division_id(level: str, first_law: str) -> str:
    """``division_id("razdel", "46") == "div-razdel-46"``: a numeral can repeat, the law can't."""
    return rules().division_id(level, first_law)


def piece_id(source_id: str, first_line: int) -> str:
    return rules().piece_id(source_id, first_line)


def footnote_id(page: int | str, n: int) -> str:
    return rules().footnote_id(page, n)


def parse_law_id(node_id: str) -> dict[str, str | None] | None:
    """Parts of a law-text ID, or None: ``parse_law_id("50E1")["clause"] == "1"``."""
    return rules().parse(node_id)


def normalize(text: str) -> str:
    """Turn what a user or a reference writes into a canonical ID where it looks like one.

    Folds Cyrillic look-alikes, case and citation words: ``50e1``, ``50Е1``,
    ``правило 50E1`` and ``Law 50E1`` all give ``50E1``; ``47e2(A)`` gives ``47E2(a)``.
    Anything else is returned stripped and unchanged. Another edition's ID keeps its
    edition: ``2017~50e1`` gives ``2017~50E1`` (docs/editions.md).
    """
    from . import editions

    edition, bare = editions.split(text.strip())
    if edition is not None:
        return f"{edition}{editions.SEPARATOR}{normalize(bare)}"
    from .profile import active

    raw = text.strip()
    r = rules()
    s = citation_prefix(active()).sub("", raw).translate(r._fold).replace(" ", "")
    found = r.normalize(s)
    if found is not None:
        return found
    if r.commentary_pattern.match(s):
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
    return rules().anchor(node_id)


def anchor_clashes(node_ids) -> list[tuple[str, str, str]]:
    """Each pair of different IDs that ``anchor`` writes alike, as (first ID, second ID,
    anchor): two parts of one page would share an HTML id and a link would open the first
    (``anchor`` keeps the levels' boundaries; what it still cannot part is reported, the
    build refuses it -- corpus.anchor_problems).

    >>> anchor_clashes(["50E1", "50E2", "50E1"])
    []
    """
    seen: dict[str, str] = {}
    out = []
    for node_id in dict.fromkeys(node_ids):
        a = anchor(node_id)
        if a in seen and seen[a] != node_id:
            out.append((seen[a], node_id, a))
        seen.setdefault(a, node_id)
    return out


def source_anchor(source_id: str) -> str:
    """The HTML id / xml:id of a raw source (``sources.html``, the TEI header): ``src-`` and
    its file's stem, made safe by ``anchor`` as a piece's is.

    >>> source_anchor("000_58dbb1f2fde933c1"), source_anchor("my file (2)")
    ('src-000_58dbb1f2fde933c1', 'src-my_file__2_-e948f7')
    """
    return anchor(f"src-{source_id}")




def url(node_id: str, law: str | None, kind: str) -> str:
    """Where a node lives in the site: ``laws/50.html#l50e1``; a division on the page of its
    first law; unplaced pieces on their own page."""
    # a division's anchor is its ID (another edition's: with the edition's prefix, e2017-div-…)
    return f"{page(node_id, law, kind)}#{anchor(node_id)}"


# the site's page of the definitions (site_apparatus.py writes it); their commentary is on it
DEFINITIONS_PAGE = "definitions.html"


def page(node_id: str, law: str | None, kind: str) -> str:
    """The site page a node is on: ``laws/50.html``, ``unattributed.html``; a division is
    on the page of its first law; the commentary of the definitions (``defs.1``, law
    ``defs``) beside the definitions, on ``definitions.html``."""
    first = rules().division_law(node_id)
    if first is not None:
        return f"laws/{first}.html"
    if law is None:
        return "unattributed.html"
    if law == rules().definitions_id:
        return DEFINITIONS_PAGE
    return f"laws/{law}.html"


def is_division(node_id: str) -> bool:
    return rules().division_law(node_id) is not None


def node_url(node) -> str:
    """``url`` of a ``model.Node``: computed where a URL is written (the site, corpus.json,
    the search data), never stored in the node."""
    return url(node.id, node.law, node.kind)


def sort_key(node_id: str, law: str | None = None, kind: str | None = None) -> tuple:
    """Reading order of the code: law, section, clause, sub-clause, item; a division before
    its first law; pieces placed in a law after its text; commentary after them, by number
    (47.9 before 47.10); unplaced pieces and anything else last.
    """
    return rules().sort_key(node_id, law, kind)
