"""Lookups a build makes once per node are indexed, not scans of the whole corpus (a scan
per node made the build quadratic): they must still answer exactly as the scans did."""

from __future__ import annotations

from lawsearch import ids
from lawsearch.site import SiteBuilder


def test_footnotes_and_references_of_a_node_are_those_the_definitions_name(corpus):
    assert any(len(f.markers) > 1 for f in corpus.footnotes)  # fn-84-1: markers in 53A and 53B
    assert any(f.orphan for f in corpus.footnotes)  # fn-81-1
    for node in corpus.nodes:
        assert corpus.footnotes_of(node.id) == [
            f for f in corpus.footnotes if node.id in f.markers or (f.orphan and f.at == node.id)]
        for lang in (None, "ru", "en"):
            assert corpus.refs_from(node.id, lang) == [r for r in corpus.refs if r.from_ == node.id and lang in (None, r.lang)]
            assert corpus.refs_to(node.id, lang) == [r for r in corpus.refs if r.target == node.id and lang in (None, r.lang)]
    assert [f.id for f in corpus.footnotes_of("53B")] == ["fn-84-1"]


def test_the_site_shows_a_shared_footnote_once_and_divisions_on_their_law_page(corpus):
    site = SiteBuilder(corpus)
    for node in corpus.nodes:
        assert site.view(node, "../").footnotes == [
            f for f in corpus.footnotes if (f.markers and f.markers[0] == node.id) or (f.orphan and f.at == node.id)]
    assert [f.id for f in site.view(corpus.node("53A"), "../").footnotes] == ["fn-84-1"]
    assert site.view(corpus.node("53B"), "../").footnotes == []
    for law in site.laws():
        assert site.divisions_by_page.get(f"laws/{law.id}.html", []) == [
            d for d in corpus.nodes if d.kind == "division" and ids.node_url(d).startswith(f"laws/{law.id}.html")]
    assert [d.id for d in site.divisions_by_page["laws/46.html"]] == ["div-razdel-46"]
