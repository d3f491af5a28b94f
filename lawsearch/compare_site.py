"""The compare view: one page per law showing what changed between two editions.

``write_compare(target, editions, old, new)`` writes ``compare/index.html`` (the laws with
their change counts) and ``compare/<law>.html`` per law into ``target`` (a built site's
folder, or any folder: the style sheet is copied beside). Each law page lists its change
records, then the law's text in the newer edition with what was removed in ``<del>`` and
what was added in ``<ins>`` (struck through and underlined: never told by colour alone),
each part labelled with what happened to it. Pages are escaped by the templates and use
relative links only, so they open from file://. The folder is written aside and swapped in.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup, escape

from . import ids
from .compare import Change, Comparison, compare, norm
from .edition_trees import EditionSet
from .grammar import law_text_kinds
from .model import Node

COMPARE = "compare"


@dataclass
class Row:
    """One part of a law on the compare page."""

    anchor: str
    old: Node | None
    new: Node | None
    labels: list[str] = field(default_factory=list)  # what happened, in words
    kinds: list[str] = field(default_factory=list)  # the same as classes: "added", "reworded"…
    title_html: Markup = Markup("")
    text_html: Markup = Markup("")
    link: tuple[str, str, str] | None = None  # (text, law, fragment): where a part that left went


def runs_html(runs) -> Markup:
    """A rewording's runs as HTML: kept text, ``<del>`` removed, ``<ins>`` added (escaped)."""
    out = []
    for kind, text in runs:
        if kind == "del":
            out.append(Markup("<del>{}</del>").format(text))
        elif kind == "ins":
            out.append(Markup("<ins>{}</ins>").format(text))
        else:
            out.append(escape(text))
    return Markup("").join(out)


def _law_of(node: Node) -> str:
    return node.law or node.id


# the records whose node's parts go with it to another place
FOLLOWED = ("moved", "renumbered", "split", "merged")


class ComparePages:
    def __init__(self, editions: EditionSet, old: str, new: str, langs: list[str], words, stamp: str):
        self.editions, self.old, self.new, self.langs = editions, old, new, langs
        self.words = words  # Words of the page's language (lawsearch/site.py)
        self.stamp = stamp
        self.trees = {lang: ({n.id: n for n in editions.tree(old, lang)}, {n.id: n for n in editions.tree(new, lang)})
                      for lang in langs}
        kinds = law_text_kinds(editions.profile())  # the law text's kinds by the code's profile
        self.comparisons: dict[str, Comparison] = {
            lang: compare(self.trees[lang][0].values(), self.trees[lang][1].values(), kinds) for lang in langs}
        keep = getattr(editions, "compared", None)  # a corpus's editions keep what the switch reads of them
        if keep is not None:
            for lang, found in self.comparisons.items():
                keep(old, new, lang, found)
        self._indexes: dict[str, _Index] = {}
        self._went: dict[str, dict[str, str]] = {}
        self._pages: dict[str, dict[str, list[Change]]] = {}

    def index(self, lang: str) -> "_Index":
        """The comparison in ``lang`` filed by node and by law, made once: a page per law
        reading the whole comparison made the view quadratic in the laws."""
        if lang not in self._indexes:
            self._indexes[lang] = _Index(*self.trees[lang], self.comparisons[lang])
        return self._indexes[lang]


    def laws(self) -> list[str]:
        """Every law of either edition: the newer edition's in order, then those it lost (an
        old law that went to a law of another number has its page there, not its own)."""
        seen: dict[str, None] = {}
        for lang in self.langs:
            for n in self.trees[lang][1].values():
                if n.kind == "law":
                    seen.setdefault(n.id, None)
        for lang in self.langs:
            went = self.law_went(lang)
            for n in self.trees[lang][0].values():
                if n.kind == "law" and n.id not in went:
                    seen.setdefault(n.id, None)
        return list(seen)

    def law_went(self, lang: str) -> dict[str, str]:
        """Each old law that went to a law of another number (renumbered, merged into it, split
        with it first) → that new law: its parts' changes belong on that law's page, the one
        the old law's page links to (``Site.compare_link``). Made once per language."""
        if lang not in self._went:
            self._went[lang] = self._law_went(lang)
        return self._went[lang]

    def _law_went(self, lang: str) -> dict[str, str]:
        old, new = self.trees[lang]
        comparison = self.comparisons[lang]
        out = {}
        for o in old.values():
            if o.kind != "law":
                continue
            image = comparison.mapping.get(o.id)
            if image is None:
                into = self.index(lang).gathered.get(o.id)
                image = into.new[0] if into is not None and into.new else None
            if image is not None and image in new and _law_of(new[image]) != _law_of(o):
                out[_law_of(o)] = _law_of(new[image])
        return out


    def home(self, lang: str, old_law: str) -> str:
        """The page an old law's changes are shown on: the law it went to (the page its
        edition switch links), else its own number."""
        return self.law_went(lang).get(old_law, old_law)

    def changes(self, lang: str, law: str) -> list[Change]:
        """The records of ``law``'s page: a record is on the page of each new law it lands in,
        and of the home (``home``) of each old law it comes from -- so an old law that went
        elsewhere (merged 5 + 6 -> 6, renumbered 7 -> 8) is not listed on the page of the new
        law that merely has its number, and a record added there is not on the old law's new
        page. In the comparison's order, each record once."""
        if lang not in self._pages:
            old, new = self.trees[lang]
            pages: dict[str, list[Change]] = {}
            for c in self.comparisons[lang].changes:
                here = [_law_of(new[i]) for i in c.new if i in new]
                here += [self.home(lang, _law_of(old[i])) for i in c.old if i in old]
                if not here:  # no node of either tree (none known): filed as the comparison files it
                    here = [x for x in (c.law, c.new_law) if x is not None]
                for page in dict.fromkeys(here):
                    pages.setdefault(page, []).append(c)
            self._pages[lang] = pages
        return list(self._pages[lang].get(law, ()))

    def label(self, c: Change) -> str:
        if c.kind in ("reworded",):
            # the words changed, added ones too (``Change.changed``), against the longer text
            return self.words.say("compare_reworded", share=round(c.changed * 100))
        return self.words.say(f"compare_{c.kind}")

    def rows(self, lang: str, law: str) -> tuple[list[Row], list[Row]]:
        """The law's parts in the newer edition, and the old parts that left it."""
        old, new = self.trees[lang]
        comparison = self.comparisons[lang]
        index = self.index(lang)
        back, by_new, by_old, created = index.back, index.by_new, index.by_old, index.created
        rows = []
        for n in index.new_of.get(law, ()):
            o = old.get(back[n.id]) if n.id in back else None
            changes = by_new.get(n.id, [])
            row = Row(ids.anchor(n.id), o, n)
            for c in changes:
                if c.kind == "split" and c.new[0] != n.id:
                    row.labels.append(self.label(c) + " (" + self.words.say("compare_was", id=c.old[0]) + ")")
                elif c.kind == "merged":
                    row.labels.append(self.label(c) + " (" + " + ".join(c.old) + ")")
                elif c.kind in ("renumbered", "moved"):
                    row.labels.append(self.label(c) + " (" + self.words.say("compare_was", id=c.old[0]) + ")")
                else:
                    row.labels.append(self.label(c))
                row.kinds.append(c.kind)
            if o is not None and o.id != n.id and not any(c.kind in FOLLOWED for c in changes):
                # a part carried along by its law (renumbered, merged: 6A of 5 + 6 -> 6 now 6C)
                kind = self._followed(o, old, index.by_old) or "moved"
                row.labels.append(self.words.say(f"compare_{kind}") + " ("
                                  + self.words.say("compare_was", id=o.id) + ")")
                row.kinds.append(kind)
            rewording = next((c for c in changes if c.kind == "reworded"), None)
            retitling = next((c for c in changes if c.kind == "retitled"), None)
            row.title_html = runs_html(retitling.runs) if retitling else escape(n.title or "")
            if rewording:
                row.text_html = runs_html(rewording.runs)
            elif not changes and n.id in comparison.unknown_new:
                # the older edition's text is lost where this stands: neither added nor the
                # same -- nothing can be said, as the edition switch and diff say
                row.kinds.append("lost")
                row.labels.append(self.words.say("compare_lost", edition=self.old))
                row.text_html = escape(norm(n.text))
            elif n.id not in back and n.id not in created:  # added, or a part of an added node
                row.text_html = Markup("<ins>{}</ins>").format(norm(n.text)) if norm(n.text) else Markup("")
                if "added" not in row.kinds:
                    row.kinds.append("added")
            else:
                row.text_html = escape(norm(n.text))
            if not row.kinds:
                row.kinds.append("same")
            rows.append(row)
        left = []
        # the old parts of the old laws whose home is this page (``home``): not those of an old
        # law that only had this number and went elsewhere
        came = [old_law for old_law in index.old_of if self.home(lang, old_law) == law]
        shown = [o for c in came for o in index.old_of[c] if c == law or o.kind != "law"]
        if len(came) > 1:
            order = index.old_order
            shown.sort(key=lambda o: order[o.id])
        for o in shown:
            image = comparison.mapping.get(o.id)
            if image is not None and _law_of(new[image]) == law:
                continue
            into = index.gathered.get(o.id)
            if image is None and into is not None and into.new and _law_of(new[into.new[0]]) == law:
                continue  # merged into this law (6 + 7 -> 7): shown above as part of it, never "left"
            changes = by_old.get(o.id, [])
            row = Row("old-" + ids.anchor(o.id), o, None, title_html=escape(o.title or ""))
            if image is not None:  # now in another law
                target = new[image]
                # its own record, else its parent's: children follow their parent (6A of a law
                # renumbered 6 -> 7 is renumbered with it, not moved), as diff reports them
                row.kinds.append(next((c.kind for c in changes if c.kind in FOLLOWED), None)
                                 or self._followed(o, old, by_old) or "moved")
                row.labels.append(self.words.say(f"compare_{row.kinds[0]}"))
                row.link = (self.words.say("compare_now", id=image), _law_of(target), f"{lang}-{ids.anchor(image)}")
                row.text_html = escape(norm(o.text))
            else:
                merged = index.gathered.get(o.id)
                if merged is not None:
                    row.kinds.append(merged.kind)
                    row.labels.append(self.label(merged))
                    row.link = (self.words.say("compare_now", id=merged.new[0]), _law_of(new[merged.new[0]]),
                                f"{lang}-{ids.anchor(merged.new[0])}")
                    row.text_html = escape(norm(o.text))
                elif not changes and o.id in comparison.unknown_old:  # the newer text is lost there
                    row.kinds.append("lost")
                    row.labels.append(self.words.say("compare_lost", edition=self.new))
                    row.text_html = escape(norm(o.text))
                elif any(c.kind == "removed" for c in changes) or o.id not in comparison.mapping:
                    row.kinds.append("removed")
                    row.labels.append(self.words.say("compare_removed"))
                    row.text_html = Markup("<del>{}</del>").format(norm(o.text)) if norm(o.text) else Markup("")
            left.append(row)
        return rows, left

    @staticmethod
    def _followed(o, old: dict, by_old: dict) -> str | None:
        """The kind of the nearest ancestor's record that carried ``o`` along (renumbered,
        moved, split, merged); None when none did."""
        at = old.get(o.parent) if o.parent else None
        while at is not None:
            kind = next((c.kind for c in by_old.get(at.id, []) if c.kind in FOLLOWED), None)
            if kind is not None:
                return kind
            at = old.get(at.parent) if at.parent else None
        return None

    def lost(self, lang: str, law: str) -> bool:
        """Whether part of ``law`` cannot be compared in ``lang``: it stands where the other
        edition's text is lost (``Comparison.unknown_old`` / ``unknown_new``)."""
        return law in self.index(lang).lost

    def lost_laws(self) -> set[str]:
        """The laws part of which cannot be compared in some language."""
        return {law for law in self.laws() if any(self.lost(lang, law) for lang in self.langs)}

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for law in self.laws():
            out[law] = max(len(self.changes(lang, law)) for lang in self.langs)
        return out


class _Index:
    """One language's comparison filed for the pages: the nodes of each tree by law (in tree
    order), the records by node and by law (in the comparison's order), the first split or
    merge each old node is part of, and the laws part of which stands where the other
    edition's text is lost."""

    def __init__(self, old: dict[str, Node], new: dict[str, Node], comparison: Comparison):
        self.back = {n: o for o, n in comparison.mapping.items()}
        self.by_new: dict[str, list[Change]] = {}
        self.by_old: dict[str, list[Change]] = {}
        self.by_law: dict[str, list[Change]] = {}
        self.gathered: dict[str, Change] = {}
        for c in comparison.changes:
            for i in c.new:
                self.by_new.setdefault(i, []).append(c)
            for i in c.old:
                self.by_old.setdefault(i, []).append(c)
            for law in dict.fromkeys((c.law, c.new_law)):  # as ``Comparison.for_law``: once per record
                if law is not None:
                    self.by_law.setdefault(law, []).append(c)
            if c.kind in ("merged", "split"):
                for i in c.old:
                    self.gathered.setdefault(i, c)
        self.created = {i for c in comparison.changes if c.kind in ("split", "merged") for i in c.new}
        self.change_order = {id(c): k for k, c in enumerate(comparison.changes)}
        self.old_order = {o: k for k, o in enumerate(old)}
        self.new_of: dict[str, list[Node]] = {}
        self.old_of: dict[str, list[Node]] = {}
        for tree, out in ((new, self.new_of), (old, self.old_of)):
            for n in tree.values():
                out.setdefault(_law_of(n), []).append(n)
        self.lost = ({_law_of(n) for n in new.values() if n.id in comparison.unknown_new}
                     | {_law_of(o) for o in old.values() if o.id in comparison.unknown_old})


def pair_folder(old: str, new: str) -> str:
    """Where a site keeps the compare view of two editions: ``compare/2007~2017`` (``~`` is
    in no edition's name, so the two names read back unambiguously). A name that is no
    edition name (two corpus folders compared: a folder's name, a manifest's free text)
    has its other characters made ``_`` and a short hash appended, so it stays one folder
    inside ``compare/``.

    >>> pair_folder("2007", "2017"), pair_folder("../x", "2017")
    ('compare/2007~2017', 'compare/x-d6b96a~2017')
    """
    from .editions import EDITION_NAME, SEPARATOR

    def safe(name: str) -> str:
        if EDITION_NAME.fullmatch(name):
            return name
        import hashlib

        kept = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "edition"
        return f"{kept}-{hashlib.sha256(name.encode()).hexdigest()[:6]}"

    return f"{COMPARE}/{safe(old)}{SEPARATOR}{safe(new)}"


class CompareView:
    """One pair's compare view, ready to render: its pages' records and rows (``ComparePages``),
    its stamp and the values every page of it shows. The site's pages (``write_compare``) and
    the single file's sections of them (``SiteBuilder.write_single``) render the same view."""

    def __init__(self, editions: EditionSet, old: str, new: str, langs: list[str], profile,
                 build_id: str | None = None, words=None):
        from .site import Words, own_title

        main = next((lang for lang in profile.languages if lang in langs), langs[0])
        words = words or Words(profile, main)
        kept = getattr(editions, "stamp_sources", None)  # a corpus's editions: its sources' recorded hashes
        if kept is not None:
            sources = ", ".join(sorted({f"{name} {sha[:12]}" for e in (old, new) for name, sha in kept.get(e, [])}))
            build_id = build_id or getattr(editions, "stamp_build", None)
        else:
            sources = ", ".join(sorted({f"{Path(s['path']).name} {(s.get('sha256') or _sha(s['path']))[:12]}"
                                        for e in (old, new) for s in editions.get(e).sources if s.get("path") is not None}))
        if build_id is None and sources:  # compared in memory: the hash of the inputs stands for a build
            import hashlib

            build_id = hashlib.sha256(sources.encode()).hexdigest()[:12]
        self.old, self.new, self.langs, self.words, self.build_id = old, new, langs, words, build_id
        self.stamp = words.say("compare_stamp", old=old, new=new, sources=sources or "—", build=build_id or "—")
        self.pages = ComparePages(editions, old, new, langs, words, self.stamp)
        self.laws = self.pages.laws()
        brand = own_title(editions.code, words.profile) or words.table["brand"]  # the code's own name, as the site's
        self.common = dict(old=old, new=new, stamp=self.stamp, langs=langs, laws=self.laws,
                           counts=self.pages.counts(), lost=self.pages.lost_laws(), brand=brand,
                           lang_names={lang: words.profile.text(lang, "name") for lang in langs})

    def index_title(self) -> str:
        return self.words.say("compare_index", old=self.old, new=self.new)

    def title(self, law: str) -> str:
        return self.words.say("compare_title", law=law, old=self.old, new=self.new)

    def sections(self, law: str) -> list[dict]:
        """Per language: the law's records (with their labels), its rows and the rows that left it."""
        out = []
        for lang in self.langs:
            rows, left = self.pages.rows(lang, law)
            out.append({"lang": lang, "changes": [(c, self.pages.label(c)) for c in self.pages.changes(lang, law)],
                        "rows": rows, "left": left, "lost": self.pages.lost(lang, law)})
        return out


def page_links() -> dict:
    """How a compare page's ids and links read in a folder of pages: ``cid`` an element's id,
    ``law_href`` a law's page, ``at`` a place on a law's page (the single file's differ:
    ``SiteBuilder.write_single``)."""
    return {"cid": lambda name: name, "law_href": lambda law: f"{law}.html",
            "at": lambda law, fragment: f"{law}.html#{fragment}", "index_href": "index.html"}


def write_compare(target: Path, editions: EditionSet, old: str, new: str, langs: list[str], profile,
                  build_id: str | None = None, folder: str = COMPARE, home: str | None = None,
                  words=None, search: bool = False, view: CompareView | None = None) -> list[Path]:
    """Write the compare pages into ``target/folder/`` (``compare/`` for ``diff --html``; a
    site keeps each pair in ``pair_folder``), swapped in whole; return the files. ``home``:
    the site's contents page, as a link from the folder (None outside a site). ``words``:
    the site's ``Words`` (the strings in the site's language), else the profile's.
    ``search``: the folder is in a site whose search data is at its root: the pages carry
    the site's header with its search box, as its law pages do. ``view``: the pair's view,
    made already (else made here)."""
    from .site import environment, template_dir

    view = view or CompareView(editions, old, new, langs, profile, build_id, words)
    env = environment(view.words)
    env.globals["build_id"] = view.build_id
    target = Path(target)
    final = target / folder
    final.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".compare-", dir=final.parent))
    os.chmod(stage, 0o777 & ~_umask())  # mkdtemp makes it private (0700); a site is for readers, as laws/ is
    root = "../" * len(Path(folder).parts)
    written = []
    try:
        template = env.get_template("compare.html")
        common = dict(root=root, home=home, search=search, hl=1, anchor=ids.anchor, **page_links(), **view.common)
        (stage / "index.html").write_text(template.render(law=None, title=view.index_title(), **common),
                                          encoding="utf-8")
        written.append("index.html")
        for law in view.laws:
            html = template.render(law=law, sections=view.sections(law), title=view.title(law), **common)
            (stage / f"{law}.html").write_text(html, encoding="utf-8")
            written.append(f"{law}.html")
        if final.exists():
            aside = Path(tempfile.mkdtemp(prefix=".compare-old-", dir=final.parent))
            os.replace(final, aside / COMPARE)
            os.replace(stage, final)
            shutil.rmtree(aside)
        else:
            os.replace(stage, final)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    static = target / "static"
    if not (static / "style.css").is_file():
        static.mkdir(exist_ok=True)
        shutil.copyfile(template_dir() / "static" / "style.css", static / "style.css")
    return [final / name for name in written]


def _umask() -> int:
    from .build import _umask as umask

    return umask()


def _sha(path) -> str:
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
