"""Exports in the formats corpus tools read: CoNLL-U (lemmas, UPOS and FEATS from the main
language's tagger -- Russian's reads pymorphy3 -- or untagged without one), TMX 1.4b (one
translation unit per node present in both languages) and TEI P5
(the tree as nested ``div``s, references as ``ref``, footnotes and commentary as ``note``,
the bilingual alignment as ``linkGrp``). Every ``xml:id`` comes from ``ids.anchor``.

    print(to_conllu(corpus))        # lawsearch export --format conllu
"""

from __future__ import annotations

import unicodedata
from xml.sax.saxutils import escape, quoteattr

from . import definitions, ids
from .glossary_export import stamp_text, version_stamp
from .model import Corpus, Node, segments
from .patterns import XML_FORBIDDEN
from .structure.apparatus import DEFINITION, named, printed
from .plausibility import language_module
from .profile import of as profile_of
# the CoNLL-U export's tokens and sentences, by the profile's data for the text's language
# (lawsearch/segmenting.py, which alignment and the browser's sentence spans share); the
# tags are the main language's tagger's (``to_conllu``)
from .segmenting import segmenter, sentences  # noqa: F401 (sentences: export's API)


# -- the writers' boundary ------------------------------------------------------------------
# Cleaning already replaced control characters in the law text (clean.replace_control_characters),
# but titles, glossary and manifest values come by other routes, and a DC4 left in law text
# is only reported: whatever reaches a writer, the file it writes must parse. A forbidden
# character becomes a space, one for one, so offsets into a text stay valid.


def xml_text(text: str) -> str:
    """Text as XML character data: ``xml_text("a\\x01<b")`` → ``"a &lt;b"``."""
    return escape(XML_FORBIDDEN.sub(" ", text))


def xml_attr(value: str) -> str:
    """A quoted XML attribute value: ``xml_attr("a\\x01b")`` → ``'"a b"'``."""
    return quoteattr(XML_FORBIDDEN.sub(" ", value))


def plain_text(text: str) -> str:
    """Text for CoNLL-U: no control characters, composed (NFC), as UD validation requires
    of every line: ``plain_text("е\\u0308\\x01")`` → ``"ё "``."""
    return unicodedata.normalize("NFC", XML_FORBIDDEN.sub(" ", text))


# -- CoNLL-U ------------------------------------------------------------------------------

def to_conllu(corpus: Corpus, lexicon: dict[str, str] | None = None) -> str:
    """Every node's text as CoNLL-U sentences with ``# sent_id``, ``# node_id`` and ``# text``.

    Syntax is not annotated: HEAD and DEPREL are ``_`` (valid at UD validation level 1).
    """
    lexicon = lexicon or {}
    cache: dict[str, tuple[str, str, str, str]] = {}  # a form's annotation, once per form
    # the main language's tagger (plausibility.LANGUAGES); a language without one: untagged
    tagger = language_module(next(iter(corpus.languages), ""), "tagger")

    def annotated(form: str) -> tuple[str, str, str, str]:
        if form not in cache:
            cache[form] = tagger.annotate(form, lexicon) if tagger is not None else untagged(form)
        return cache[form]

    out: list[str] = ["# global.columns = ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC",
                      # one comment line of valid text whatever an edition or path holds
                      "# lawsearch_stamp = " + " ".join(plain_text(stamp_text(version_stamp(corpus))).split())]
    profile = profile_of(corpus)
    for node in corpus.nodes:
        if not node.text:
            continue
        cut = segmenter(node.lang or corpus.lang, profile)
        for n, sentence in enumerate(cut.sentences(plain_text(node.text)), 1):
            tokens = cut.tokens(sentence)
            if not tokens:
                continue
            text = "".join(m.group() + (" " if i + 1 < len(tokens) and tokens[i + 1].start() > m.end() else "")
                           for i, m in enumerate(tokens))
            out.append(f"# sent_id = {ids.anchor(node.id)}-s{n}")
            out.append(f"# node_id = {node.id}")
            out.append(f"# text = {text}")
            for i, m in enumerate(tokens):
                lemma, upos, xpos, feats = annotated(m.group())
                space_after = i + 1 < len(tokens) and tokens[i + 1].start() > m.end()
                misc = "_" if space_after or i + 1 == len(tokens) else "SpaceAfter=No"
                out.append("\t".join([str(i + 1), m.group(), lemma, upos, xpos, feats, "_", "_", "_", misc]))
            out.append("")
    return "\n".join(out) + "\n"


def untagged(form: str) -> tuple[str, str, str, str]:
    """LEMMA, UPOS, XPOS and FEATS of a form of a language without a tagger (the default):
    its lemma the form lower-cased, NUM or PUNCT told by its characters, a word's UPOS ``_``
    (unspecified, as CoNLL-U writes a value not given: no part of speech is guessed, and
    ``X`` -- "other", a word of no category -- would say something false of every word),
    XPOS and FEATS empty.

    >>> untagged("Cards"), untagged("12"), untagged(";")
    (('cards', '_', '_', '_'), ('12', 'NUM', '_', '_'), (';', 'PUNCT', '_', '_'))
    """
    if not any(c.isalpha() for c in form):
        return form, ("NUM" if form[0].isdigit() else "PUNCT"), "_", "_"
    return form.lower(), "_", "_", "_"


# -- TMX ------------------------------------------------------------------------------------

ADMIN_LANG = "en-US"  # TMX's adminlang: the language of the file's own notes (props), ours


def aligned(corpus: Corpus, lang: str | None = None) -> list[tuple[Node, str, str, str]]:
    """Nodes present in both languages, one segment pair each: (node, "text" or "title",
    the main language's, the other's). The texts where both languages have text, else the
    titles (the shipped corpus: the law titles). ``lang``: the translation (default the
    corpus's first)."""
    lang = lang or next(iter(corpus.translation_languages), None)
    out = []
    for node in corpus.nodes:
        other = node.translations.get(lang) or {}
        if node.text and other.get("text"):
            out.append((node, "text", node.text, other["text"]))
        elif node.title and other.get("title"):
            out.append((node, "title", node.title, other["title"]))
    return out


def exported_editions(corpus: Corpus, units: list) -> list[str]:
    """The editions whose nodes ``units`` (``aligned``'s) hold, in the corpus's order of
    editions -- every one a multi-edition export carries, not just the default; with no
    unit, the corpus's editions. ``["2007", "2017"]``"""
    from .editions import edition_of

    order = [e.id for e in corpus.editions if e.id]
    if not units:
        return order or [str(corpus.code.get("edition") or "")]
    default = corpus.editions_default
    found = {edition_of(node.id, corpus) or default for node, *_ in units}
    return [e for e in order if e in found] or sorted(str(e) for e in found if e)


def to_tmx(corpus: Corpus, version: str = "0") -> str:
    """TMX 1.4b: one ``tu`` per aligned node, ``tuid`` its ID; a text unit carries the two
    titles as ``x-title`` properties of its variants, and says where the main language's
    text is cut. ``srclang`` is the corpus's language, the other variant its translation's."""
    main, other = corpus.lang, next(iter(corpus.translation_languages), None)
    units = aligned(corpus, other) if other else []
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<tmx version="1.4">',
             f'<header creationtool="lawsearch" creationtoolversion={xml_attr(version)} segtype="block" '
             f'o-tmf="lawsearch" adminlang={xml_attr(ADMIN_LANG)} srclang={xml_attr(main)} datatype="plaintext">',
             *(f'<prop type="x-edition">{xml_text(edition)}</prop>' for edition in exported_editions(corpus, units)),
             f'<prop type="x-lawsearch-stamp">{xml_text(stamp_text(version_stamp(corpus)))}</prop>', "</header>", "<body>"]
    for node, part, ru, en in units:
        lines.append(f"<tu tuid={xml_attr(node.id)}>")
        lines.append(f'<prop type="x-part">{part}</prop>')
        lost = [end for end, cut in (("start", node.truncated_start), ("end", node.truncated_end)) if cut]
        if part == "text" and lost:  # the main language's segment is cut by a lost page
            lines.append(f'<prop type="x-{main}-truncated">{" ".join(lost)}</prop>')
        en_title = (node.translations.get(other) or {}).get("title")
        for code, title, seg in ((main, node.title, ru), (other, en_title, en)):
            prop = f'<prop type="x-title">{xml_text(title)}</prop>' if part == "text" and title else ""
            lines.append(f'<tuv xml:lang="{code}">{prop}<seg>{xml_text(seg)}</seg></tuv>')
        lines.append("</tu>")
    lines += ["</body>", "</tmx>"]
    return "\n".join(lines) + "\n"


# -- TEI ------------------------------------------------------------------------------------

TEI_NS = "http://www.tei-c.org/ns/1.0"


def to_tei(corpus: Corpus) -> str:
    """TEI P5: divisions, laws and their parts as nested ``div``s with ``xml:id`` from
    ``ids.anchor``; references as ``ref target``; gaps as ``gap``; footnotes and commentary
    as ``note``; English titles as parallel ``head``s linked in a ``linkGrp``."""
    refs_by_source: dict[str, list] = {}
    for r in corpus.refs:
        if r.lang == corpus.lang:  # offsets into the main language's text
            refs_by_source.setdefault(r.from_, []).append(r)
    known = {n.id for n in corpus.nodes}
    links: list[tuple[str, str]] = []
    terms: dict[str, list] = {}  # node → its defined terms' first uses (lawsearch/definitions.py)
    for u in corpus.apparatus.get("terms", ()):
        terms.setdefault(u["node"], []).append((u["start"], u["end"], u["def"]))

    def text_xml(node_id: str, text: str, marks=()) -> str:
        out = []
        for seg in segments(text, [m for m in marks if m.kind == "gap"], refs_by_source.get(node_id, [])):
            if seg.kind == "gap":
                out.append('<gap reason="lost"/>')
            elif seg.kind == "ref":  # a list ("разделам C, D или E") is one ref pointing at each target
                anchors = " ".join(f"#{ids.anchor(r.target)}" for r in seg.refs if r.target in known)
                target = f" target={xml_attr(anchors)}" if anchors else ""
                out.append(f'<ref{target} n={xml_attr(" ".join(r.target for r in seg.refs))} '
                           f'type={xml_attr(seg.refs[0].status)}>{xml_text(text[seg.start:seg.end])}</ref>')
            else:
                for a, b, def_id in definitions.pieces(seg.start, seg.end, terms.get(node_id, ())):
                    piece = xml_text(text[a:b])
                    out.append(f'<term ref="#{def_id}">{piece}</term>' if def_id else piece)
        return "".join(out).replace("\n\n", "</p><p>")

    def div(node: Node, depth: int) -> list[str]:
        attrs = f' xml:id="{ids.anchor(node.id)}" type="{node.kind}" n={xml_attr(node.id)}'
        if node.uncertain:
            attrs += ' cert="low"'
        lines = [f"{'  ' * depth}<div{attrs}>"]
        if node.title:
            lines.append(f"{'  ' * depth}  <head>{xml_text(node.title)}</head>")
        if node.text:
            lines.append(f"{'  ' * depth}  <p>{text_xml(node.id, node.text, node.marks)}</p>")
        for lang in corpus.translation_languages:
            given = node.translations.get(lang) or {}
            if not (given.get("title") or given.get("text")):
                continue
            # a translation of the node stands beside it, its language added to its anchor (CONTRACT.md)
            other_id = f"{ids.anchor(node.id)}-{lang}"
            inner = (f"<head>{xml_text(given['title'])}</head>" if given.get("title") else "") + (
                f"<p>{xml_text(given['text'])}</p>" if given.get("text") else "")
            lines.append(f'{"  " * depth}  <div type="translation" xml:lang={xml_attr(lang)} xml:id="{other_id}">{inner}</div>')
            links.append((ids.anchor(node.id), other_id))
        for f in corpus.footnotes_of(node.id):
            if f.markers and f.markers[0] != node.id:
                continue  # a footnote shared by several markers stands once, with the first
            lines.append(f'{"  " * depth}  <note type="footnote" xml:id="{ids.anchor(f.id)}">{text_xml(f.id, f.text)}</note>')
        for child in corpus.children(node.id):
            lines += div(child, depth + 1)
        if node.kind == "law":
            for c in corpus.commentary(node.id):
                lines.append(f'{"  " * depth}  <note type="commentary" xml:id="{ids.anchor(c.id)}" n={xml_attr(c.id)}>'
                             f"<p>{text_xml(c.id, c.text or '', c.marks)}</p></note>")
        lines.append(f"{'  ' * depth}</div>")
        return lines

    body: list[str] = tei_definitions(corpus)
    for node in corpus.nodes:
        if node.parent is None and node.kind not in ("commentary", DEFINITION):  # definitions: tei_definitions
            body += div(node, 3)
    title = xml_text(str(corpus.code.get("title", "Laws")))
    edition = xml_text(str(corpus.code.get("edition", "")))
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<TEI xmlns="{TEI_NS}" xml:lang={xml_attr(corpus.lang)}>',
        "  <teiHeader><fileDesc>",
        f"    <titleStmt><title>{title}, {edition}</title></titleStmt>",
        "    <publicationStmt><p>Exported by lawsearch from the damaged raw text; gaps mark lost text.</p></publicationStmt>",
        f'    <notesStmt><note type="lawsearch-stamp">{xml_text(stamp_text(version_stamp(corpus)))}</note></notesStmt>',
        "    <sourceDesc><listBibl>" + "".join(
            f'<bibl xml:id="{ids.source_anchor(s.id)}"><idno type="sha256">{s.sha256}</idno>'
            f"<edition>{xml_text(s.edition)}</edition></bibl>" for s in corpus.sources) + tei_front(corpus)
        + "</listBibl></sourceDesc>",
        "  </fileDesc></teiHeader>",
        "  <text><body>",
    ]
    tail = ["  </body>"]
    if links:
        tail.append('  <back><linkGrp type="translation">' + "".join(
            f'<link target="#{a} #{b}"/>' for a, b in links) + "</linkGrp></back>")
    tail += ["  </text>", "</TEI>"]
    return "\n".join(head + body + tail) + "\n"


def tei_definitions(corpus: Corpus) -> list[str]:
    """The definitions as a ``div type="definitions"`` of labelled items, each label's
    ``xml:id`` the definition's ID (the target of the text's ``term ref``)."""
    section = corpus.apparatus.get("definitions")
    if not section:
        return []
    items = "".join(f'<label xml:id={xml_attr(e["id"])}>{xml_text(e["term"])}</label><item>{xml_text(e["text"])}</item>'
                    for e in section["entries"])
    return [f'      <div type="definitions" xml:id={xml_attr(section["id"])}><head>{xml_text(section["title"])}</head>'
            f'<list type="gloss">{items}</list></div>']


def tei_front(corpus: Corpus) -> str:
    """The title page (lawsearch/structure/apparatus.py) as a ``bibl`` of the printed book."""
    front = corpus.apparatus.get("front") or {}
    if not front:
        return ""
    tags = (("title", "title", ""), ("edition", "edition", ""), ("translator", "editor", ' role="translator"'),
            ("editor", "editor", ' role="editor"'), ("original", "title", ' type="original"'),
            ("publisher", "publisher", ""), ("city", "pubPlace", ""), ("year", "date", ""))
    # an element holds the name itself: as printed where its nominative is unknown (not the label's line)
    return '<bibl type="print">' + "".join(
        f"<{tag}{attr}>{xml_text(front[key] if printed(front, key) else named(front, key))}</{tag}>"
        for key, tag, attr in tags if front.get(key)) + "</bibl>"
