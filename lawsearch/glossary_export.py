"""The translator's exports: the glossary as TBX and CSV, and the corpus version stamp every
export carries.

* **Stamp** (``version_stamp``): which corpus an export came from -- the code's editions,
  each source's path and SHA-256, the build id (or, for a corpus parsed in memory, the hash
  of every input, ``inputs``). JSON carries it as data; TMX, TEI and TBX in their headers;
  CoNLL-U and CSV as leading ``#`` comment lines.
* **TBX** (ISO 30042:2019, the TBX-Basic dialect, DCA style): one ``conceptEntry`` per
  concept -- the profile's glossary groups the main-language terms sharing one term of the
  other language (synonyms: «вистующий», «защитник» → defender) -- with a ``langSec`` per
  language and a ``termSec`` per term; a term's note becomes its ``note``.
* **CSV** (RFC 4180 quoting, lines ending in LF): one row per term pair: concept, each language's term, note.

Terms come from ``read_glossary`` (the profile's glossary, extended by the corpus folder's);
the languages from its file format (a main-language term and the other language's).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from .model import Corpus

TBX_NS = "urn:iso:std:iso:30042:ed-2"
TBX_DIALECT = "TBX-Basic"


def version_stamp(corpus: Corpus) -> dict:
    """The corpus version an export came from: editions, sources with their hashes, build."""
    # every edition the corpus holds, in its order of editions (the default's first among equals)
    named = {str(e) for e in [corpus.code.get("edition"), *(s.edition for s in corpus.sources)] if e}
    editions = list(dict.fromkeys([*(e.id for e in corpus.editions if e.id), *sorted(named)]))
    return {"editions": editions, "sources": [{"path": s.path, "sha256": s.sha256} for s in corpus.sources],
            "build": corpus.build, "inputs": corpus.inputs.split(":")[0] or None}


def stamp_text(stamp: dict) -> str:
    """The stamp in one line (for a comment or a header note)."""
    sources = ", ".join(f"{s['path']} sha256:{s['sha256']}" for s in stamp["sources"]) or "none"
    built = f"build {stamp['build']}" if stamp["build"] else f"parsed in memory, inputs {stamp['inputs'] or '?'}"
    editions = f"editions {', '.join(stamp['editions'])}" if stamp["editions"] else "edition not given"
    return f"{editions}; sources: {sources}; {built}"


def concepts(terms: Iterable, main: str, other: str) -> list[dict]:
    """Glossary terms grouped into concepts by their ``other``-language term: {id, terms:
    {lang: [(term, note)]}}, in the glossary's order."""
    grouped: dict[str, dict] = {}
    for t in terms:
        if not other:  # a glossary of one language: each term its own concept
            grouped.setdefault(t.term.strip().lower(), {"id": "", "terms": {main: []}})["terms"][main].append(
                (t.term.strip(), (t.note or "").strip()))
            continue
        key = t.translation.strip().lower()
        concept = grouped.setdefault(key, {"id": "", "terms": {main: [], other: [(t.translation.strip(), "")]}})
        concept["terms"][main].append((t.term.strip(), (t.note or "").strip()))
    out = []
    for n, concept in enumerate(grouped.values(), 1):
        concept["id"] = f"c{n}-{_slug(concept['terms'][other or main][0][0])}"
        out.append(concept)
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-") or "term"


def to_tbx(terms: Iterable, main: str, other: str, corpus: Corpus, title: str) -> str:
    """The glossary as a TBX-Basic document (DCA style)."""
    stamp = version_stamp(corpus)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tbx type="{TBX_DIALECT}" style="dca" xml:lang={quoteattr(main)} xmlns="{TBX_NS}">',
             "  <tbxHeader>", "    <fileDesc>",
             f"      <titleStmt><title>{escape(title)}</title></titleStmt>",
             "      <sourceDesc>",
             f"        <p>Exported by lawsearch from the corpus glossary.</p>",
             f'        <p>{escape(stamp_text(stamp))}</p>',
             "      </sourceDesc>", "    </fileDesc>", "  </tbxHeader>", "  <text>", "    <body>"]
    for concept in concepts(terms, main, other):
        lines.append(f"      <conceptEntry id={quoteattr(concept['id'])}>")
        for lang in (main, other) if other else (main,):
            lines.append(f"        <langSec xml:lang={quoteattr(lang)}>")
            for term, note in concept["terms"][lang]:
                lines.append(f"          <termSec><term>{escape(term)}</term>"
                             + (f"<note>{escape(note)}</note>" if note else "") + "</termSec>")
            lines.append("        </langSec>")
        lines.append("      </conceptEntry>")
    lines += ["    </body>", "  </text>", "</tbx>"]
    return "\n".join(lines) + "\n"


def to_glossary_csv(terms: Iterable, main: str, other: str, corpus: Corpus) -> str:
    """The glossary as CSV: a ``#`` line with the stamp, a header, a row per term pair."""
    buffer = io.StringIO()
    buffer.write(f"# lawsearch glossary; {stamp_text(version_stamp(corpus))}\n")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["concept", main, other, "note"] if other else ["concept", main, "note"])
    for concept in concepts(terms, main, other):
        for term, note in concept["terms"][main]:
            writer.writerow([concept["id"], term, concept["terms"][other][0][0], note] if other
                            else [concept["id"], term, note])
    return buffer.getvalue()
