/* lawsearch's page script: the search box, its results, reference previews and the language
   switch. It only draws: every answer, its groups and its words come from the engine
   (static/engine.js, the same answers as `lawsearch search`), over the index exported to
   search-index.js and the chunks static/pieces.js loads when a query needs them (script
   elements, so it works from file://).
   Results are built from DOM text nodes only. No framework, no build step. */
(function () {
  "use strict";
  var DATA = window.LAWSEARCH_DATA;
  // A rebuild switched build/ between this page and its search data (docs/decisions.md, "The
  // output folder"): load the page again, once per build, so both come from one build.
  var STAMP = document.querySelector('meta[name="lawsearch-build"]');
  if (STAMP && DATA && DATA.build && STAMP.content !== DATA.build) {
    var first = false;
    try {
      first = !window.sessionStorage.getItem("lawsearch-reloaded-" + STAMP.content);
      window.sessionStorage.setItem("lawsearch-reloaded-" + STAMP.content, "1");
    } catch (e) { /* no storage: no retry, rather than a loop */ }
    if (first) { window.location.reload(); return; }
  }
  var ROOT = document.body.getAttribute("data-root") || "";
  var engine = LawsearchEngine.create(DATA, DATA ? LawsearchPieces.loader(ROOT, DATA.build) : null);
  var SINGLE = document.body.hasAttribute("data-single");
  // a node's page address; in the single file every node is an anchor of the one page
  function href(url) { return SINGLE ? "#" + url.split("#")[1] : ROOT + url; }
  // this file's address with the query and an anchor: in the single file, a jump inside it that
  // keeps the query in the address (the same serialization as remember(), so no reload)
  function hereWith(q, anchor) {
    var u = new URL(window.location.href);
    u.searchParams.set("q", q);
    u.hash = anchor;
    return u.href;
  }
  // a hit's address carrying the query: the page it opens keeps it in its box and marks its words
  function withQuery(url, q) {
    if (!q) return url;
    if (SINGLE) return hereWith(q, url.split("#")[1] || "");
    var cut = url.indexOf("#"), path = cut < 0 ? url : url.slice(0, cut), hash = cut < 0 ? "" : url.slice(cut);
    return path + "?q=" + encodeURIComponent(q) + hash;
  }
  // a node's title, else its English one (a law whose Russian heading is lost)
  function titleOf(id, title) { var e = engine.now(); return title || (e ? e.translationTitle(id) : "") || ""; }

  // for tests and the console: the engine's answers (promises), as the page gets them
  window.lawsearch = {
    search: function (q, limit) { return engine.search(q, limit); },
    engine: engine
  };

  // every string the page prints comes from the code's profile, in the corpus's language
  // (search data "strings"; docs/profiles.md, "Strings"): say("law", {id: "50"}) is "Правило 50"
  var STRINGS = (DATA && DATA.strings) || {};
  // an ID as a reader sees it: bare in the default edition, "50 (2017 edition)" in another (site.Words.shown_id)
  function shownId(id) {
    if (DATA && DATA.names && Object.prototype.hasOwnProperty.call(DATA.names, id)) return DATA.names[id];  // a piece: its file and page
    var sep = ((DATA && DATA.editions) || {}).separator, at = sep ? String(id).indexOf(sep) : -1;
    if (at <= 0 || !/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(id.slice(0, at))) return id;
    var v = {id: id.slice(at + sep.length), edition: id.slice(0, at)}, own = editionStrings(id);
    return own ? sayIn(own, "id_in_edition", v) : say("id_in_edition", v);
  }
  // the labels of an edition in another language than the site's (an English-only edition on a
  // Russian site: "Law 6 (2020 edition)", as its pages say), where the profile speaks it; else null
  function editionStrings(id) {
    var eds = (DATA && DATA.editions) || {}, sep = eds.separator, at = sep ? String(id).indexOf(sep) : -1;
    var lang = at > 0 ? (eds.langs || {})[String(id).slice(0, at)] : null;
    return lang && DATA.edition_strings && DATA.edition_strings[lang] ? DATA.edition_strings[lang] : null;
  }
  function say(key, values) { return sayIn(null, key, values); }
  // as say, from another table of strings (editionStrings), the site's own for a key it lacks
  function sayIn(table, key, values) {
    var own = table || STRINGS;
    if (values && values.id !== undefined && key !== "id_in_edition") values = Object.assign({}, values, {id: shownId(values.id)});
    // profile.template_for: the "_named" variant for an edition named otherwise than by a year
    if (values && values.edition !== undefined && !/^[0-9]+$/.test(String(values.edition)) &&
        own[key + "_named"] !== undefined) key = key + "_named";
    var text = own[key] !== undefined ? own[key] : STRINGS[key] === undefined ? key : STRINGS[key];
    return text.replace(/\{(\w+)\}/g, function (all, name) { return values && name in values ? String(values[name]) : all; });
  }
  // an error the engine answers with, in the site's language (its error_say; the English `error`
  // is the command line's message, for a page whose data has no such string)
  function errorText(result) {
    var e = result.error_say || {}, v = e.values || {};
    var text = e.key === "law" ? say("search_error_law", v) : e.key === "law_no_text" ? say("search_error_law_no_text", v)
      : e.key === "law_elsewhere" ? say("search_error_law_elsewhere", v) : e.key === "kind" ? say("search_error_kind", v)
      : e.key === "law_in_edition" ? say("search_error_law_in_edition", v)
      : e.key === "law_in_edition_elsewhere" ? say("search_error_law_in_edition_elsewhere", v)
      : e.key === "lang" ? say("search_error_lang", v) : e.key === "edition" ? say("search_error_edition", v) : null;
    return text !== null && STRINGS["search_error_" + e.key] !== undefined ? text : result.error;
  }
  // the ID asked for is not in the edition searched: «6C нет в редакции 1987 г.; есть в редакции 2017»,
  // each edition that has it a link to it there (the engine's elsewhere, query.Searcher.elsewhere)
  function elsewhere(e) {
    var p = el("p", "info elsewhere"), mark = "\u0000";
    var v = {id: e.id, edition: e.edition, found: mark};  // «есть в редакциях 2014, 2020»: the plural for several
    var parts = (e.found.length > 1 && STRINGS.search_elsewhere_many !== undefined ? say("search_elsewhere_many", v)
                 : say("search_elsewhere", v)).split(mark);
    p.appendChild(document.createTextNode(parts[0]));
    e.found.forEach(function (f, k) {
      if (k) p.appendChild(document.createTextNode(", "));
      var a = el("a", null, f.edition);
      a.href = href(f.url);
      p.appendChild(a);
    });
    p.appendChild(document.createTextNode(parts.slice(1).join("")));
    if (e.went) {  // where the comparison of the texts says it is in the edition searched: a link to it
      var went = say("search_went", {edition: e.edition, target: mark}).split(mark);
      p.appendChild(document.createTextNode("; " + went[0]));
      var sep = ((DATA && DATA.editions) || {}).separator, cut = sep ? String(e.went.id).indexOf(sep) : -1;
      var to = el("a", null, cut > 0 ? e.went.id.slice(cut + sep.length) : e.went.id);  // its edition is named before it
      to.href = href(e.went.url);
      p.appendChild(to);
      p.appendChild(document.createTextNode(went.slice(1).join("")));
    }
    return p;
  }
  // the search could not run (its data did not load, or failed): said in the site's language --
  // from the data's strings, else from the page itself (no data, no strings: data-search-failed)
  function failedText() {
    return STRINGS.search_failed !== undefined ? say("search_failed") : document.body.getAttribute("data-search-failed") || "";
  }
  // the definitions' ID ("defs"): their group is headed by their name, no law's label
  function definitionsId() { return ((DATA && DATA.ids) || {}).definitions; }
  function lawLabel(id) { var own = editionStrings(id); return own ? sayIn(own, "law", {id: id}) : say("law", {id: id}); }
  function heading(id, kind, title) { return (kind === "law" ? lawLabel(id) : shownId(id)) + (title ? ". " + title : ""); }

  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
  // a snippet's piece between two offsets, which count code points (as Python does)
  function piece(text, start, end) {
    return /[\uD800-\uDFFF]/.test(text) ? Array.from(text).slice(start, end).join("") : text.slice(start, end);
  }

  // -- the search box ---------------------------------------------------------------------------
  var box = document.getElementById("q"), panel = document.getElementById("results");
  // the search's panel shut (by the marks' bar, before it scrolls): set by searchBox()
  var closeResults = function () {};
  // the texts of a law's page (not the single file's) that a query in its address marks
  // the texts of a law that the query's words are marked in: its parts' text in both languages,
  // footnotes, commentary, and the headings' titles (a hit may be found by its title alone)
  var MARKED = "article.law .law-heading, article.law .translation, article.law .node-heading .title, article.law .translation-heading, " +
    "article.law .translation-title, article.law .text, .commentary-box .text, article.law .footnote, article.law .lang-translation";
  function marksTexts() {
    return SINGLE ? [] : document.querySelectorAll(MARKED);
  }
  if (box && panel) searchBox();

  function searchBox() {
    // every hit of a query: the results page (search.html) in its main; the single file in a
    // section of its own, shown while the address points at it (lawsearch.html?q=…#that section);
    // elsewhere the panel under the box
    var list = document.getElementById("all-results"), section = SINGLE && list ? list.closest("section") : null;
    function isFull() { return !!list && (!section || window.location.hash === "#" + section.id); }
    var full = isFull(), out = full ? list : panel;
    // the results page's heading names the query it lists («Результаты поиска: «штраф»»)
    var fullHeading = document.getElementById("search-results-h");
    // and so does the results page's title (the tab, the history, a screen reader's first words):
    // «Результаты поиска: «штраф» — <site>»; the site's part is what the page's own title adds
    var pageTitle = full && !section && fullHeading && document.title.indexOf(fullHeading.textContent) === 0
      ? document.title.slice(fullHeading.textContent.length) : null;
    function render(result, nodes) {
      while (out.firstChild) out.removeChild(out.firstChild);
      out.scrollTop = 0;
      if (full && fullHeading) fullHeading.textContent = box.value.trim() ? say("results_for", {query: box.value.trim()}) : say("results_title");
      if (full && pageTitle !== null) document.title = fullHeading.textContent + pageTitle;
      if (!box.value.trim()) { panel.hidden = true; return; }
      if (!full && !closed) panel.hidden = false;
      if (result.error) { out.appendChild(el("p", "info error", errorText(result))); return; }
      if (result.elsewhere) out.appendChild(elsewhere(result.elsewhere));
      if (result.corrected_query) out.appendChild(el("p", "info corrected", say("search_corrected", {query: result.corrected_query})));
      // other corrections: each a link that runs it
      if (result.suggestions.length) {
        var maybe = el("p", "info suggestions", say("search_maybe"));
        result.suggestions.forEach(function (s, k) {
          if (k) maybe.appendChild(document.createTextNode(", "));
          var a = el("a", "suggestion", s);
          a.href = "?q=" + encodeURIComponent(s);
          a.addEventListener("click", function (e) { e.preventDefault(); box.value = s; run(); box.focus(); });
          maybe.appendChild(a);
        });
        out.appendChild(maybe);
      }
      if (!result.hits.length && result.foreign && result.foreign.length) {
        // words of a script the corpus has no text in: say that, not "try other words"
        out.appendChild(el("p", "info foreign", say("search_foreign", {words: result.foreign.map(function (w) { return "«" + w + "»"; }).join(", ")})));
        return;
      }
      if (!result.hits.length && result.unsearchable) {  // only symbols: not "try other words" of none
        out.appendChild(el("p", "info unsearchable", say("search_unsearchable", {query: result.query})));
        return;
      }
      if (!result.hits.length) {
        out.appendChild(el("p", "info", say("search_nothing", {query: result.corrected_query || result.query})));
        out.appendChild(el("p", "info hint", say("search_try")));  // the hint: said on the page, never announced
        return;
      }
      // how the query was read: looser readings applied, words no hit shown covers
      (result.understood_as || []).forEach(function (u) {
        out.appendChild(el("p", "info understood", say("search_understood") + u.words + " → " + u.as.join(", ")));
      });
      // some words found, some not: both said, so a partial match reads as one («найдено: связь;
      // не найдено: мобильная»), as the command line prints it
      if (result.missing && result.missing.length) out.appendChild(el("p", "info missing",
        (result.found && result.found.length ? say("search_found_words") + result.found.join(", ") + "; " : "")
        + say("search_missing") + result.missing.join(", ")));
      var list = el("ol"), byId = {}, shown = 0;
      list.setAttribute("aria-label", say("results_for", {query: box.value.trim()}));
      result.hits.forEach(function (h) { byId[h.id] = h; });
      if (result.kind === "text") {
        // the engine's groups, as the command line prints them, every one headed alike
        result.groups.forEach(function (g) {
          var n = g.law ? nodes.node(g.law) : null, title = g.law ? titleOf(g.law, n && n.title) : "";
          list.appendChild(el("li", "group", !g.law ? say("search_no_law") : g.law === definitionsId()
            ? title || say("definitions") : heading(g.law, "law", title)));
          var members = full ? g.ids : g.shown;
          members.forEach(function (id) { list.appendChild(item(byId[id], id === g.law, true)); });
          shown += members.length;
          var rest = g.total - members.length;
          // the law's matches beyond these hits count too: "law:N …" shows them all
          if (rest > 0 && g.law && result.groups.length > 1) list.appendChild(more(g.law, rest, result));
        });
      } else {
        result.hits.forEach(function (h) { list.appendChild(item(h, false, false)); });
        shown = result.hits.length;
      }
      out.appendChild(list);
      var found = nodes.node(result.target) || nodes.note(result.target);
      // the count: under the list in the panel, at the top of the results page, where a phone
      // shows it without a scroll (a long list would push it far below)
      var count = el("p", "info count", result.kind === "id" ?
        (found ? say("search_go", {id: result.target})
         // another edition has it (said above, result.elsewhere): not "not in the text", only where Enter goes
         : result.elsewhere ? say("search_go_law", {id: result.hits[0].id})
         : say("search_not_there", {id: result.target, law: result.hits[0].id}))
        : say("search_found", {total: result.total}) + (shown < result.total ? say("search_shown", {shown: shown}) : ""));
      if (full) out.insertBefore(count, out.firstChild); else out.appendChild(count);
      if (result.kind !== "text" || full || result.total <= shown) return;
      // every hit: the results page, or the single file's own section for them
      var page = el("a", "all-results", say("all_results", {n: result.total}) + " →"), q = box.value.trim();
      page.href = section ? hereWith(q, section.id) : ROOT + "search.html?q=" + encodeURIComponent(q);
      out.appendChild(page);
    }
    // a hit; the law's own hit under its group's heading says only which law it is; a hit of
    // words (not of an ID) carries the query to the page it opens
    function item(h, own, words) {
      var label = h.kind === "law" ? lawLabel(h.id) : shownId(h.id), title = titleOf(h.id, h.title);
      var li = el("li"), a = el("a", null, label + (title && !own ? ". " + title : ""));
      a.href = words ? withQuery(href(h.url), box.value.trim()) : href(h.url);
      a.setAttribute("data-id", h.id);
      li.appendChild(a);
      // found only through the subject index (query.Hit.via_subject_index): said so
      if (h.via_subject_index) li.appendChild(el("span", "via-index", " " + say("search_via_subject_index")));
      if (h.snippet && h.snippet !== h.title) {
        var p = el("p", "snippet"), pos = 0;
        h.highlights.forEach(function (s) {
          p.appendChild(document.createTextNode(piece(h.snippet, pos, s[0])));
          p.appendChild(el("mark", null, piece(h.snippet, s[0], s[1])));
          pos = s[1];
        });
        p.appendChild(document.createTextNode(piece(h.snippet, pos)));
        li.appendChild(p);
      }
      if (h.aligned && h.aligned.text) {  // the other language's aligned sentence (query.Hit.aligned)
        var other = el("p", "aligned", h.aligned.text);
        other.setAttribute("lang", h.aligned.lang);
        li.appendChild(other);
      }
      return li;
    }
    function more(law, rest, result) {
      var q = "law:" + law + " " + (result.corrected_query || result.query);
      var li = el("li", "more"), button = el("button", "more-button", say("search_more", {count: rest, law: law}));
      button.type = "button";
      button.addEventListener("click", function () { box.value = q; run(null); box.focus(); });
      li.appendChild(button);
      return li;
    }
    // the query in the address, so Back to this page (or a shared link) brings it back
    function remember(q) {
      try {
        var u = new URL(window.location.href);
        if (q) u.searchParams.set("q", q); else u.searchParams.delete("q");
        if (u.href !== window.location.href) window.history.replaceState(window.history.state, "", u.href);
      } catch (e) { /* an address this browser won't rewrite: the query just isn't kept */ }
    }

    // closed: the reader shut the panel (Escape, a click away); an answer still on its way leaves it shut
    var timer = null, last = null, asked = 0, closed = false;
    // the answer to what the box holds now; an answer to an older query is dropped
    function run(limit) {
      var q = box.value.trim(), ticket = ++asked;
      remember(q);
      if (!q) { last = null; render({hits: [], suggestions: []}, null); return Promise.resolve(null); }
      return engine.search(q, limit === undefined ? (full ? null : 10) : limit).then(function (result) {
        if (ticket !== asked) return null;
        last = result;
        render(result, engine.now());
        announce();
        return result;
      }).catch(function (e) {
        if (ticket !== asked) return null;
        if (e && e.stale) stale(); else failed();
        return null;
      });
    }
    // said to a screen reader once the typing rests: the answer's summary (found, nothing, where
    // Enter goes, an error), the panel's last line -- not the whole list at every key
    var status = document.getElementById("search-status"), said = null;
    function announce() {
      if (!status) return;
      clearTimeout(said);
      said = setTimeout(function () {
        // the summary, not the hint under it: the page says a no-hit's hint once, the status never
        var lines = out.querySelectorAll(":scope > p.info:not(.hint)");
        status.textContent = box.value.trim() && lines.length ? lines[lines.length - 1].textContent : "";
      }, 700);
    }
    // the site was rebuilt since this page was opened: its data are gone; never mix two builds
    function stale() {
      while (panel.firstChild) panel.removeChild(panel.firstChild);
      panel.hidden = false;
      panel.appendChild(el("p", "info error stale", say("search_stale")));
      var again = el("button", "more-button", say("search_reload"));
      again.type = "button";
      again.addEventListener("click", function () { window.location.reload(); });
      panel.appendChild(again);
    }
    // the search failed otherwise (no search data, a chunk that threw): say so, not nothing
    function failed() {
      while (out.firstChild) out.removeChild(out.firstChild);
      if (!full) panel.hidden = false;
      out.appendChild(el("p", "info error failed", failedText()));
    }
    function close() { closed = true; panel.hidden = true; hidePreview(); }
    function open() { closed = false; if (!full && box.value.trim() && panel.firstChild) panel.hidden = false; }
    box.addEventListener("input", function () { closed = false; clearTimeout(timer); timer = setTimeout(function () { run(); }, 60); });
    box.addEventListener("focus", open);
    // a result may be on this very page (or in the single file): close the panel once it is chosen
    panel.addEventListener("click", function (e) { if (e.target.closest("a") && !e.target.closest("a.suggestion")) close(); });
    // a hit of words (not of an ID) chosen: once the jump to it is made, its law gets the query's
    // words marked (in the single file; or a hit on the very page the reader is on)
    [panel, list].forEach(function (where) {
      if (where) where.addEventListener("click", function (e) {
        var a = e.target.closest("a[data-id]");
        if (a) chose(a.href);
        if (a && last && last.kind === "text") arriving(a.href);
      });
    });
    window.addEventListener("hashchange", function () {
      close();
      // the single file's section of every hit: shown while the address points at it, filled anew
      if (!section || isFull() === full) { backToChosen(); return; }
      full = !full;
      out = full ? list : panel;
      section.hidden = !full;
      if (full) { run().then(function () { section.scrollIntoView(); focusChosen(); }); return; }
      while (list.firstChild) list.removeChild(list.firstChild);
      // the section gone from above the target moved it: back to it
      var target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      if (target) target.scrollIntoView();
    });
    document.addEventListener("click", function (e) {
      // (a "more" button re-renders the panel: its target is gone from the page by now)
      if (e.target.isConnected && !e.target.closest("form.search")) close();
    });
    // what the arrow keys walk, in the order shown
    function targets() { return Array.prototype.slice.call(out.querySelectorAll("a, button")); }
    box.addEventListener("keydown", function (e) {
      if (e.key === "Enter") {
        clearTimeout(timer);
        e.preventDefault();
        // the first hit shown, as the reader sees it (a group's own law heads it)
        run().then(function (result) {
          var first = result && out.querySelector("a[data-id]");
          if (!first) return;
          close();
          chose(first.href);
          if (result.kind === "text") arriving(first.href);
          window.location.href = first.href;
        });
      } else if (e.key === "ArrowDown") {
        // the panel's hits, or the results page's: in the order shown
        e.preventDefault();
        if (!full && panel.hidden && box.value.trim()) { open(); return; }
        var all = targets();
        if (all.length) all[0].focus();
      } else if (e.key === "Escape") {
        // the query stays (a search field's own Escape would clear it): Escape only closes
        e.preventDefault();
        e.stopPropagation();
        close();
      }
    });
    // from one hit to the next or back (to the box above the first); Enter on one opens it (a link's own)
    [panel, list].forEach(function (where) {
      if (where) where.addEventListener("keydown", function (e) {
        if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
        var all = targets(), at = all.indexOf(document.activeElement);
        if (at < 0) return;
        e.preventDefault();
        if (e.key === "ArrowUp" && at === 0) box.focus();
        else all[Math.max(0, Math.min(all.length - 1, at + (e.key === "ArrowDown" ? 1 : -1)))].focus();
      });
    });
    // focus leaving the search for another control (Tab past the last result) closes the panel
    box.form.addEventListener("focusout", function (e) {
      if (e.relatedTarget && !box.form.contains(e.relatedTarget)) close();
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape") {
        // to the box first: its focus would open the panel again after closing it
        if (panel.contains(document.activeElement)) box.focus();
        close();
      }
      if (e.key === "/" && document.activeElement !== box && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        // the header scrolled away (a phone, mid-page): held at the screen's top as «Поиск» in the
        // context bar holds it, not the page scrolled back to its top to show the box
        var head = box.closest("header"), toSearch = document.querySelector(".context-bar .to-search");
        if (head && toSearch && head.getBoundingClientRect().bottom < 0) { toSearch.click(); return; }
        box.focus(); box.select();
      }
    });
    // back to a page from the browser's cache: its panel was closed when a hit was chosen
    window.addEventListener("pageshow", function (e) { if (e.persisted && box.value.trim()) { closed = false; run().then(focusChosen); } });
    var initial = new URLSearchParams(window.location.search).get("q");
    if (section) section.hidden = !(full && initial);
    // landed on a hit (an anchor): the query stays in the box, the panel stays shut over the text
    if (initial) {
      box.value = initial;
      // a law's page opened with a query and no anchor (a shared link): its words are marked
      // and the marks' bar walks them; the answers wait shut (the box's focus opens them), or on
      // a phone the panel, in the page's flow, would push the text down and lie over the bar
      if (!full && marksTexts().length) closed = true;
      if (full || !window.location.hash) run().then(function () { if (section && full) section.scrollIntoView(); focusChosen(); });
    }
    // Back to the answers a hit was chosen from: the focus on that hit (the reader goes on from
    // there, Tab or the arrows), not on the page's body. The hit is kept in the page's own entry
    // of the history, the one Back returns to.
    function chose(href) {
      try { window.history.replaceState(Object.assign({}, window.history.state, {hit: href}), ""); } catch (e) { /* no history: no focus back */ }
    }
    // (the single file: Back inside the one page to the entry a hit was chosen from -- the
    // answers open again with its query, as the site's page of them comes back)
    function backToChosen() {
      if (!SINGLE || full || !(window.history.state && window.history.state.hit)) return;
      var q = new URLSearchParams(window.location.search).get("q");
      if (q) box.value = q;
      if (box.value.trim()) run().then(focusChosen);
    }
    function focusChosen() {
      var hit = window.history.state && window.history.state.hit;
      // (a law's page opened at an anchor is a landing; the single file's entry is the one chosen from)
      if (!hit || (window.location.hash && !SINGLE)) return;
      var links = Array.prototype.slice.call(out.querySelectorAll("a[data-id]"));
      var back = links.filter(function (a) { return a.href === hit; })[0];
      if (!back) return;
      if (!full) { closed = false; panel.hidden = false; }
      back.focus({preventScroll: !full});
      if (full) back.scrollIntoView({block: "center"});
    }
    closeResults = close;
  }

  // -- the law being read: a law page's one; in the single file the article.law (with the
  // commentary that follows it) at the reading line near the screen's top, or none (the contents,
  // the glossary). The context bar names it and the outline shown is its own.
  var ARTICLES = Array.prototype.slice.call(document.querySelectorAll("article.law"));
  function lawEnd(article) {  // the law's last element: its commentary when one follows
    var end = article, next = article.nextElementSibling;
    while (next && next.matches("section.commentary-box, nav.outline")) { if (next.matches("section")) end = next; next = next.nextElementSibling; }
    return end;
  }
  // (a jump's target while it is on screen and the reader has not scrolled by hand since: the
  // law it stands in is the one read, whatever heading of the next law the screen also shows --
  // a law's last part lands with the next law below it, or with the page's end)
  var jumpedTo = SINGLE && window.location.hash ? window.location.hash : null;
  if (SINGLE) {
    window.addEventListener("hashchange", function () { jumpedTo = window.location.hash || null; }, true);
    ["wheel", "touchmove", "keydown"].forEach(function (type) {
      window.addEventListener(type, function (e) { if (!(e.key && /^(Tab|Shift|Enter)$/.test(e.key))) jumpedTo = null; }, {passive: true});
    });
  }
  function lawOf(target) {
    var box = target.closest("section.commentary-box"), law = box ? box.previousElementSibling : target.closest("article.law");
    return law && law.matches("article.law") ? law : null;
  }
  function jumpLaw() {
    var target = jumpedTo && document.getElementById(decodeURIComponent(jumpedTo.slice(1)));
    if (!target) return null;
    var r = target.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight ? lawOf(target) : null;
  }
  // (else the law at the reading line: the first lines the reader sees, just below what stands
  // over the screen's top -- the header held there, the context bar -- not a quarter down the
  // screen, where a law's last part read at the top shares the screen with the next law's heading.
  // The room between two laws is the upper one's: the reader still reads it, as its drawer does)
  function readingTop() {
    var top = 0;
    document.querySelectorAll("header.site, .context-bar").forEach(function (e) {
      if (e.hidden) return;
      var r = e.getBoundingClientRect();
      if (r.height > 0 && r.top <= 1 && r.bottom > top) top = r.bottom;
    });
    return top;
  }
  function lawAt() {
    if (!SINGLE) return ARTICLES[0] || null;
    var jumped = jumpLaw();
    if (jumped) return jumped;
    var rem = parseFloat(window.getComputedStyle(document.documentElement).fontSize) || 16;
    var line = readingTop() + 3 * rem, found = null, k;
    for (k = 0; k < ARTICLES.length && ARTICLES[k].getBoundingClientRect().top <= line; k++) found = ARTICLES[k];
    if (!found) return null;
    var end = lawEnd(found), next = end.nextElementSibling;
    if (end.getBoundingClientRect().bottom > line) return found;
    while (next && next.matches("nav.outline")) next = next.nextElementSibling;
    return next && next === ARTICLES[k] ? found : null;
  }
  function lawAnchor(article) { var s = article.querySelector("section.node.law"); return s ? s.id : ""; }

  // -- the single file's header names the edition of the law being read (as that law's own page
  // does), the file's own edition away from any law (the contents, the glossary)
  var brandEdition = SINGLE ? document.querySelector("header.site .brand .edition") : null;
  if (brandEdition) {
    var ownEdition = brandEdition.textContent, editionTimer = null;
    var nameEdition = function () {
      var article = lawAt(), edition = (article && article.getAttribute("data-edition")) || ownEdition;
      if (brandEdition.textContent !== edition) brandEdition.textContent = edition;
    };
    // (after the jump's own scroll, which the hashchange comes before)
    window.addEventListener("hashchange", function () { window.requestAnimationFrame(nameEdition); });
    window.addEventListener("scroll", function () { clearTimeout(editionTimer); editionTimer = setTimeout(nameEdition, 80); }, {passive: true});
    window.addEventListener("load", function () { window.requestAnimationFrame(nameEdition); });
  }

  // -- the focus where the reader lands: a page opened at an anchor (a hit, a shared link, Back to
  // it) or a jump inside the page puts the focus on the part landed on -- its heading's link, a
  // law's heading, else the element itself -- so the next Tab goes on from there and a screen
  // reader says where the reader is, not on the page's body. (No scroll: the browser has put it
  // in place.)
  function landingPoint(target) {
    var own = target.querySelector(".node-heading a.id");
    if (own && own.closest("section.node") === target) return own;
    var law = target.matches("section.node.law") ? target.closest("article.law") : null;
    var heading = law && law.querySelector(".law-heading");
    // (the single file's compare view: its own heading, as the site's compare page opens)
    if (target.matches("section.compare-view")) heading = target.querySelector("h2");
    var point = heading || target;
    if (!point.matches("a[href], button, input, select, textarea, summary, [tabindex]")) point.setAttribute("tabindex", "-1");
    return point;
  }
  function focusLanding() {
    var hash = window.location.hash, main = document.getElementById("main");
    var target = hash.length > 1 && document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target || !main || !main.contains(target)) return;
    var point = landingPoint(target);
    if (document.activeElement !== point) point.focus({preventScroll: true});
  }
  // (at load, after the browser's own move to the anchor, which gives the focus to the page)
  if (document.readyState === "complete") focusLanding();
  else window.addEventListener("load", function () { window.setTimeout(focusLanding, 0); });
  window.addEventListener("hashchange", focusLanding);
  // a link to the part the address already points at (the single file's «правило 20B1» read from
  // 20B1's hit) makes no jump, no hashchange: the browser scrolls to it, the focus falls to the
  // page's body -- on the part instead, and it in view, as after any jump
  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a[href]") : null;
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    var here = window.location;
    if (a.hash.length < 2 || a.hash !== here.hash || a.pathname !== here.pathname || a.search !== here.search) return;
    window.setTimeout(function () {
      if (e.defaultPrevented) return;  // a handler of its own took the click (a hit, a switch)
      var target = document.getElementById(decodeURIComponent(a.hash.slice(1)));
      if (!target) return;
      var law = target.matches("article.law > section.node.law") ? target.closest("article.law") : null;
      (law || target).scrollIntoView({block: "start"});
      focusLanding();
    }, 0);
  });

  // -- the header's real height (--header-h), for what must stand below it while it is held at the
  // screen's top (style.css): a jump's target (scroll-margin) and the outline beside the text. A
  // code's long title wraps it to two rows or more, and a fixed 5rem hid the part jumped to under it
  var siteHeader = document.querySelector("header.site");
  if (siteHeader) {
    var headerHeight = function () {
      var h = Math.ceil(siteHeader.getBoundingClientRect().height) + "px";
      if (document.documentElement.style.getPropertyValue("--header-h") !== h) document.documentElement.style.setProperty("--header-h", h);
    };
    headerHeight();
    // the context bar's real height (--bar-h): what a phone's scroll-padding keeps clear
    var ctxBar = document.querySelector(".context-bar");
    if (ctxBar && window.ResizeObserver) new window.ResizeObserver(function () {
      var h = Math.ceil(ctxBar.getBoundingClientRect().height);
      if (h > 0 && document.documentElement.style.getPropertyValue("--bar-h") !== h + "px") document.documentElement.style.setProperty("--bar-h", h + "px");
    }).observe(ctxBar);
    window.addEventListener("resize", headerHeight);
    if (window.ResizeObserver) new window.ResizeObserver(headerHeight).observe(siteHeader);
    // opened at an anchor: the browser may have scrolled to it before the height was known
    window.addEventListener("load", function () {
      headerHeight();
      var hash = window.location.hash, target = hash.length > 1 && document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target || target.closest("[hidden]")) return;
      var held = window.getComputedStyle(siteHeader).position === "sticky" ? siteHeader.getBoundingClientRect().bottom : 0;
      var top = target.getBoundingClientRect().top;
      if (top >= 0 && top < held) target.scrollIntoView({block: "start"});
    });
  }

  // -- the context bar: the law and the search, back in reach after a jump or on scroll-up ------
  var bar = document.querySelector(".context-bar"), header = document.querySelector("header.site");
  if (bar && header) contextBar();
  function contextBar() {
    var lastY = window.scrollY, landed = !!window.location.hash, label = bar.querySelector(".context-law");
    var toSearch = bar.querySelector(".to-search");
    function name() {
      var article = lawAt();
      label.hidden = !article;
      if (!article) return;
      if (label.textContent !== article.getAttribute("data-context")) label.textContent = article.getAttribute("data-context");
      label.setAttribute("href", "#" + lawAnchor(article));
    }
    function update(up) {
      bar.hidden = header.classList.contains("pinned") || !(header.getBoundingClientRect().bottom < 0 && (up || landed));
      if (!bar.hidden) name();
    }
    // a jump scrolls too: only the reader's own scrolling ends "just landed"
    ["wheel", "touchmove", "keydown"].forEach(function (type) {
      window.addEventListener(type, function () { landed = false; }, {passive: true});
    });
    window.addEventListener("scroll", function () {
      var y = window.scrollY;
      if (Math.abs(y - lastY) < 4) { if (!bar.hidden) name(); return; }
      update(y < lastY);
      lastY = y;
    }, {passive: true});
    window.addEventListener("hashchange", function () {
      unpin(false);
      landed = true;
      window.requestAnimationFrame(function () { update(false); });
    });
    window.addEventListener("load", function () { update(false); });
    // «Поиск»: the site's header, with its search box, held at the screen's top where the reader
    // is (on a phone it scrolls away with the page), not the page scrolled back to its top; it
    // goes back to its place once the search is left: a hit chosen, Escape, focus elsewhere
    toSearch.addEventListener("click", function () {
      header.classList.add("pinned");
      bar.hidden = true;
      if (box) { box.focus({preventScroll: true}); box.select(); }
    });
    function unpin(back) {
      if (!header.classList.contains("pinned")) return;
      header.classList.remove("pinned");
      if (!back) { update(true); return; }
      bar.hidden = false;
      name();
      toSearch.focus();
    }
    // (capture: the box's own Escape goes no further than the box; it still closes the panel after this)
    header.addEventListener("keydown", function (e) { if (e.key === "Escape") unpin(true); }, true);
    header.addEventListener("focusout", function () {
      window.setTimeout(function () { if (!header.contains(document.activeElement)) unpin(false); }, 0);
    });
  }

  // -- the query's words marked on the page a hit opened, with next and previous -------------------
  // (the single file: in the law a hit opened inside it, at each jump from the search; a law's
  // page: its texts, at its opening or at a jump to a hit of this very page -- the query kept in
  // the address makes that hit's address differ from the page's by its anchor only)
  var asked = new URLSearchParams(window.location.search).get("q"), marked = null, arrival = null, marking = 0;
  function arrivedTexts() { return SINGLE ? textsAt(window.location.hash) : marksTexts(); }
  markLongWords(document.getElementById("main"));
  if (asked && (!SINGLE || window.location.hash) && arrivedTexts().length) markWords(asked, arrivedTexts());
  window.addEventListener("hashchange", function () {
    if (arrival !== window.location.href) return;
    arrival = null;
    window.dispatchEvent(new Event("lawsearch-arrive"));
  });
  // a hit of words chosen: the jump to it (a hashchange, when it is on this page) marks its words
  function arriving(href) {
    arrival = href;
    // the very place already open: no jump will come
    if (href === window.location.href) { arrival = null; window.dispatchEvent(new Event("lawsearch-arrive")); }
  }
  window.addEventListener("lawsearch-arrive", function () {
    var q = new URLSearchParams(window.location.search).get("q"), texts = arrivedTexts();
    if (q && texts.length) markWords(q, texts);
  });
  // the texts of the law an anchor of the single file stands in: the law and its commentary
  function textsAt(hash) {
    var target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return [];
    var law = lawOf(target);
    var own = ".law-heading, .translation, .node-heading .title, .translation-heading, .translation-title, .text, .footnote, .lang-translation";
    if (!law) return target.querySelectorAll(own);
    var next = law.nextElementSibling, found = Array.prototype.slice.call(law.querySelectorAll(own));
    if (next && next.matches("section.commentary-box")) found = found.concat(Array.prototype.slice.call(next.querySelectorAll(".text")));
    return found;
  }
  window.addEventListener("lawsearch-language", function () { if (marked) marked.recount(); });
  // Escape closes the marks' bar, unless it closes something else first, an inner box: the search's
  // panel or header, an open drawer or box of evidence (a reference's preview before all: below).
  // (The outline beside the text on a wide screen is open for good:
  // no box to close.)
  var closeMarks = null, besideText = window.matchMedia("(min-width: 80rem)");
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || !marked || e.defaultPrevented || !closeMarks) return;
    var focus = document.activeElement, inBar = focus && focus.closest && focus.closest(".hl-bar");
    if (focus && focus.closest && focus.closest("header.site, details[open], .outline") && !inBar && !besideText.matches) return;
    if (focus && focus.closest && focus.closest("header.site, details.evidence[open]") && !inBar) return;
    var open = Array.prototype.filter.call(document.querySelectorAll("details[open]:not(.evidence)"), function (d) {
      return !(besideText.matches && d.closest(".outline"));
    });
    if (open.length && !inBar) return;
    closeMarks();
  });
  // (the marks' bar: the page scrolled by a step through the marks, not by the reader's hand)
  var stepping = false;
  ["wheel", "touchmove", "keydown"].forEach(function (type) {
    window.addEventListener(type, function (e) { if (!(e.target.closest && e.target.closest(".hl-bar"))) stepping = false; }, {passive: true});
  });
  // a floating control kept clear of the page's end (the pager's links, the footer): where they
  // pass its place it stands just above them. (Where the outline is a drawer the controls stand in
  // a strip at the screen's foot the page ends with room for, style.css: nothing to lift there --
  // lifted, the control would stand over the text above the strip.)
  var DOCKED = window.matchMedia("(max-width: 80rem)");
  function clearOfEnds(elem) {
    elem.style.bottom = "";
    if (elem.classList.contains("tucked") || DOCKED.matches) return;
    var r = elem.getBoundingClientRect(), margin = parseFloat(window.getComputedStyle(elem).bottom) || 0;
    var ends = Array.prototype.map.call(document.querySelectorAll("footer.site, .pager a"), function (e) { return e.getBoundingClientRect(); });
    var bottom = window.innerHeight - margin;
    for (var k = 0; k <= ends.length; k++) {
      var under = ends.filter(function (e) {
        return e.height > 0 && e.top < bottom && e.bottom > bottom - r.height && e.left < r.right && e.right > r.left;
      });
      if (!under.length) break;
      bottom = Math.min.apply(null, under.map(function (e) { return e.top; })) - margin;
    }
    if (bottom < window.innerHeight - margin) elem.style.bottom = (window.innerHeight - bottom) + "px";
  }
  // the marks and their bar gone: the text as it was
  function unmark() {
    if (!marked) return;
    marked.marks.forEach(function (m) {
      var parent = m.parentNode;
      if (!parent) return;
      parent.replaceChild(document.createTextNode(m.textContent), m);
      parent.normalize();
    });
    if (marked.bar.parentNode) marked.bar.parentNode.removeChild(marked.bar);
    marked = null;
  }
  // the words the engine matched -- the query's own, and what it read them as (an English term's
  // Russian, a glossary synonym, a family's lemma): engine.marks, over the nodes' text as shown
  function markWords(q, texts) {
    unmark();
    var ticket = ++marking, nodes = [], ids = new Set(), roots = Array.prototype.slice.call(texts);
    // (the English text holds its own footnotes: each text node once)
    roots = roots.filter(function (root) { return !roots.some(function (o) { return o !== root && o.contains(root); }); });
    roots.forEach(function (root) {
      var node = root.closest("[data-node]");
      if (node) ids.add(node.getAttribute("data-node"));
      var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) if (!walker.currentNode.parentNode.closest("button, .visually-hidden")) nodes.push(walker.currentNode);
    });
    engine.marks(q, Array.from(ids), nodes.map(function (n) { return n.nodeValue; })).then(function (spans) {
      if (ticket === marking) showMarks(q, nodes, spans);
    }, function () { /* no marks: the page reads as it is */ });
  }
  function showMarks(q, nodes, spans) {
    // stops: what next and previous step to -- a word, or a quoted phrase's marks together
    // (the engine numbers each occurrence of a phrase in a text: its third value)
    var marks = [], stops = [];
    nodes.forEach(function (node, k) {
      var text = node.nodeValue, hits = spans[k];
      if (!hits.length || !node.parentNode) return;
      var frag = document.createDocumentFragment(), pos = 0, phrase = null;
      hits.forEach(function (span) {
        frag.appendChild(document.createTextNode(text.slice(pos, span[0])));
        var m = el("mark", "hl", text.slice(span[0], span[1]));
        frag.appendChild(m);
        marks.push(m);
        if (span[2] !== undefined && phrase && phrase.n === span[2]) phrase.marks.push(m);
        else {
          phrase = span[2] !== undefined ? {n: span[2], marks: [m]} : null;
          stops.push(phrase ? phrase.marks : [m]);
        }
        pos = span[1];
      });
      frag.appendChild(document.createTextNode(text.slice(pos)));
      node.parentNode.replaceChild(frag, node);
    });
    if (!marks.length) return;
    var bar = document.createElement("div"), current = null, count = el("span", "hl-count");
    bar.className = "hl-bar";
    bar.setAttribute("role", "region");
    bar.setAttribute("aria-label", q);
    // the marks a reader can see: a language the page hides (the switch «English») has its marks
    // left out of the count and the walk
    function shown() { return stops.filter(function (s) { return s[0].getClientRects().length > 0; }); }
    function go(step) {
      var list = shown(), at = list.indexOf(current);
      if (current) current.forEach(function (m) { m.classList.remove("current"); });
      current = null;
      if (!list.length) { recount(); return; }
      at = at < 0 ? landed(list, step) : (at + step + list.length) % list.length;
      current = list[at];
      current.forEach(function (m) { m.classList.add("current"); });
      // the panel shut first: closing it after (the page's click) would move the word away
      closeResults();
      current[0].scrollIntoView({block: "center"});
      recount();
    }
    // the first step from a page opened at a part (a hit's clause, #l50d): next is the first mark
    // at or after that part, previous the last before it -- not the law's title at the top
    function landed(list, step) {
      var id = decodeURIComponent(location.hash.slice(1)), part = id && document.getElementById(id);
      var first = part ? list.findIndex(function (s) {
        return part.contains(s[0]) || (part.compareDocumentPosition(s[0]) & Node.DOCUMENT_POSITION_FOLLOWING);
      }) : 0;
      if (first < 0) first = list.length;
      return step > 0 ? first % list.length : (first - 1 + list.length) % list.length;
    }
    function recount() {
      var list = shown(), at = list.indexOf(current);
      if (at >= 0) counted(function (query) { return say("marks_at", {query: query, at: at + 1, count: list.length}); });
      else counted(function (query) { return say("marks_count", {query: query, count: list.length}); });
    }
    var back = el("button", null, "←"), next = el("button", null, "→"), done = el("button", null, "×");
    // a name in the corpus's language: the glyph alone reads as "left arrow", "multiplication sign"
    [[back, say("marks_previous")], [next, say("marks_next")], [done, say("marks_clear")]].forEach(function (b) {
      b[0].type = "button";
      b[0].setAttribute("aria-label", b[1]);
      b[0].title = b[1];
    });
    back.addEventListener("click", function () { go(-1); });
    next.addEventListener("click", function () { go(1); });
    // closed (× or Escape): focus on the heading link of the part the reader was at, not lost to
    // the page's body
    function close() {
      var at = (current || shown()[0] || [])[0], node = at && at.closest("[data-node]");
      var link = node && node.querySelector(".node-heading a.id");
      unmark();
      if (link) link.focus({preventScroll: true});
    }
    done.addEventListener("click", close);
    closeMarks = close;
    // the query may be cut short on a narrow screen, its numbers never (the whole in the title)
    // (text: the words said with the query given -- each string named where it is said, so the
    // build finds it for the search data)
    function counted(text) {
      var chars = Array.from(q), n = chars.length;
      count.title = count.textContent = text(q);
      while (n > 1 && count.scrollWidth > count.clientWidth) {
        n = Math.max(1, n - Math.max(1, Math.ceil(n / 6)));
        count.textContent = text(chars.slice(0, n).join("") + "…");
      }
    }
    bar.appendChild(count); bar.appendChild(back); bar.appendChild(next); bar.appendChild(done);
    document.getElementById("main").appendChild(bar);
    // On a narrow screen the bar floats over the text, as the drawer's button does: it stands out
    // of the way (below the screen's edge, still reached by Tab) while the reader reads on down,
    // comes back on a scroll-up and at the page's end (which keeps room for it, style.css), and
    // never stands over the pager's links. Stepping through the marks scrolls the page: that
    // leaves it shown, till the reader scrolls by hand.
    var narrow = window.matchMedia("(max-width: 80rem)"), lastY = window.scrollY;
    stepping = true;
    function placeBar(up) {
      var end = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      bar.classList.toggle("tucked", narrow.matches && !up && !end);
      clearOfEnds(bar);
    }
    window.addEventListener("scroll", function () {
      if (!bar.parentNode) return;
      var y = window.scrollY;
      if (Math.abs(y - lastY) < 4 || stepping) { if (stepping) lastY = y; clearOfEnds(bar); return; }
      placeBar(y < lastY);
      lastY = y;
    }, {passive: true});
    bar.addEventListener("click", function () { stepping = true; bar.classList.remove("tucked"); });
    recount();
    marked = {marks: marks, bar: bar, recount: recount};
  }

  // a long run of letters with a soft hyphen every few letters: where the line (or the paper's) breaks
  // it, the break shows a hyphen, the word reads as going on (the browsers' own hyphenation
  // needs a dictionary they may lack); a word's terms drop soft hyphens (analysis.fold), so its
  // search and its marks are the word's, and a copy drops them (below)
  // (called before this point is reached: a function's own constants)
  function breakable(word) {
    return word.replace(/\p{L}{12,}/gu, function (run) {
      var letters = Array.from(run), out = "";
      letters.forEach(function (c, i) { out += c; if ((i + 1) % 8 === 0 && letters.length - i > 4) out += "\u00ad"; });
      return out;
    });
  }
  document.addEventListener("copy", function (e) {
    var text = String(window.getSelection ? window.getSelection() : "");
    if (text.indexOf("\u00ad") < 0 || !e.clipboardData) return;
    e.clipboardData.setData("text/plain", text.split("\u00ad").join(""));
    e.preventDefault();
  });
  // -- a word too long for a phone's line (style.css .long-word): that word alone may break anywhere
  // (called before the query's words are marked: it replaces the text nodes they are looked for in)
  function markLongWords(root) {
    var LONG = /[^\s]{24,}/g;
    if (!root || !/[^\s]{24,}/.test(root.textContent)) return;
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT), nodes = [];
    while (walker.nextNode()) if (/[^\s]{24,}/.test(walker.currentNode.nodeValue)) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      var text = node.nodeValue, frag = document.createDocumentFragment(), pos = 0, m;
      LONG.lastIndex = 0;
      while ((m = LONG.exec(text)) !== null) {
        frag.appendChild(document.createTextNode(text.slice(pos, m.index)));
        frag.appendChild(el("span", "long-word", breakable(m[0])));
        pos = m.index + m[0].length;
      }
      frag.appendChild(document.createTextNode(text.slice(pos)));
      node.parentNode.replaceChild(frag, node);
    });
  }

  // -- the single file's compare view: a section per compare page of the site (a law's records and
  // text in two editions, or the laws of the pair), shown while the address points at it or into
  // it -- the law's switch, a row's "now 61B4" -- the others hidden, as the site opens that page and
  // Back leaves it. (Capture: before the landing's focus and the other jumps' handlers, which need
  // the target shown; the browser found nothing to scroll to in a hidden section, so the target is
  // scrolled to here; and a section hidden above a target moved it: back to it.)
  var COMPARES = SINGLE ? Array.prototype.slice.call(document.querySelectorAll("section.compare-view")) : [];
  if (COMPARES.length) {
    var showCompare = function () {
      var hash = window.location.hash, target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      var own = target ? target.closest("section.compare-view") : null, hid = false;
      COMPARES.forEach(function (s) {
        if (s !== own && !s.hidden) hid = true;
        s.hidden = s !== own;
      });
      if (target && (own || hid)) target.scrollIntoView();
      // the landing's focus, now that the view it lands in is shown (focus() finds no place in a
      // hidden section): on the view's heading, as the site's compare page opens
      if (own) focusLanding();
    };
    window.addEventListener("hashchange", showCompare, true);
    showCompare();
  }

  // -- a jump to a whole law (the contents' row, a law-level hit, the outline, a cross-reference,
  // another edition's switch) lands on the law's heading, its edition and its switch -- on a law's
  // own page as in the single file --, not on its first part with the heading above the screen
  {
    var toLaw = function () {
      var target = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      var law = target && target.matches("article.law > section.node.law") ? target.closest("article.law") : null;
      if (law) law.scrollIntoView({block: "start"});
    };
    window.addEventListener("hashchange", toLaw);
    // opened at a law's anchor: after the browser's own scroll to it, which comes with the load
    window.addEventListener("load", function () { if (window.location.hash) window.requestAnimationFrame(toLaw); });
  }

  // -- printing from the single file: the view on screen -- the law read (with its commentary),
  // the contents, the glossary, the sources, a compare view --, not the whole file from its top.
  // The view's blocks of <main> carry .print-view, kept as the reader moves, and the print style
  // hides the others while the file is marked (html[data-print]); with no script, all prints.
  if (SINGLE) printViews();
  function printViews() {
    var main = document.getElementById("main"), printing = window.matchMedia("print"), queued = false;
    if (!main) return;
    function shown(e) { return !e.hidden && e.getClientRects().length > 0; }
    function lawBlocks(law) {
      var out = [law], end = lawEnd(law), e = law;
      while (e !== end) { e = e.nextElementSibling; out.push(e); }
      return out;
    }
    function visible() {
      return Array.prototype.filter.call(main.children, function (c) { return shown(c) && !c.matches(".context-bar, #preview"); });
    }
    function viewOf(block, kids) {  // the view a block of <main> belongs to
      var e = block;
      if (block.matches("section.commentary-box, nav.outline")) {  // a law's commentary, its outline: the law
        while (e && !e.matches("article.law")) e = e.previousElementSibling;
        return e ? lawBlocks(e) : [block];
      }
      if (block.matches("p.division")) {  // a division's line: the law that follows it
        while (e && !e.matches("article.law")) e = e.nextElementSibling;
        return e ? lawBlocks(e) : [block];
      }
      if (block.matches("article.law")) return lawBlocks(block);
      if (block.matches("section")) return [block];
      // the contents: the file's title, its lead and the table, up to the first section or law
      var home = [], k;
      for (k = 0; k < kids.length && !kids[k].matches("section, article, nav, p.division"); k++) home.push(kids[k]);
      return home.indexOf(block) >= 0 ? home : [block];
    }
    function blocksAt() {
      var kids = visible(), focused = document.activeElement, block;
      // the focus in a block on screen (a part's link Tab reached): the reader is there
      if (focused && focused !== main && main.contains(focused)) {
        var r = focused.getBoundingClientRect();
        for (block = focused; block.parentElement !== main; block = block.parentElement) { /* up to main's child */ }
        if (r.height > 0 && r.bottom > 0 && r.top < window.innerHeight && kids.indexOf(block) >= 0) return viewOf(block, kids);
      }
      var law = lawAt();
      if (law) return lawBlocks(law);
      var rem = parseFloat(window.getComputedStyle(document.documentElement).fontSize) || 16;
      var line = readingTop() + 3 * rem, found = kids[0] || null;
      kids.forEach(function (c) { if (c.getBoundingClientRect().top <= line) found = c; });
      return found ? viewOf(found, kids) : [];
    }
    function mark(force) {
      if (printing.matches && !force) return;  // (the print's own layout moves everything)
      var blocks = blocksAt();
      Array.prototype.forEach.call(main.children, function (e) {
        e.classList.toggle("print-view", blocks.indexOf(e) >= 0);
      });
      document.documentElement.toggleAttribute("data-print", blocks.length > 0);
    }
    function later() {
      if (queued) return;
      queued = true;
      window.requestAnimationFrame(function () { queued = false; mark(false); });
    }
    window.addEventListener("scroll", later, {passive: true});
    window.addEventListener("hashchange", later);
    window.addEventListener("resize", later);
    window.addEventListener("load", later);
    document.addEventListener("focusin", later);
    window.addEventListener("beforeprint", function () { mark(true); });
    mark(false);
  }

  // -- the outline: open beside the text on a wide screen; on a phone a drawer that closes once a
  // part is chosen, or on Escape (focus back on its button). The single file holds one for each law:
  // the one of the law being read is shown (lawAt), the others stay hidden.
  var NAVS = Array.prototype.slice.call(document.querySelectorAll("nav.outline"));
  if (NAVS.length) outlines(NAVS);
  function outlines(navs) {
    var wide = window.matchMedia("(min-width: 80rem)"), current = {nav: null, details: null};
    navs.forEach(function (nav) {
      var details = nav.querySelector("details");
      details.open = wide.matches;
      details.addEventListener("click", function (e) {
        var a = e.target.closest("a");
        if (!a || wide.matches) return;
        details.open = false;
        // the part the reader is on chosen: no jump (no hashchange) puts the focus on it, and the
        // closed drawer took it from its link -- on the part, as after any jump, not on the body
        if (decodeURIComponent(a.getAttribute("href")) === decodeURIComponent(window.location.hash)) window.setTimeout(focusLanding, 0);
      });
    });
    function choose() {
      var article = SINGLE ? lawAt() : null, nav = !SINGLE ? navs[0] : null;
      if (article) nav = navs.filter(function (n) { return n.getAttribute("data-law") === lawAnchor(article); })[0] || null;
      if (nav === current.nav) return false;
      if (current.nav) {
        if (!wide.matches) current.details.open = false;
        if (SINGLE) current.nav.hidden = true;
      }
      current.nav = nav;
      current.details = nav ? nav.querySelector("details") : null;
      if (nav) nav.hidden = false;
      return true;
    }
    choose();
    document.addEventListener("keydown", function (e) {
      if (e.key !== "Escape" || !current.details || !current.details.open || wide.matches) return;
      current.details.open = false;
      current.details.querySelector("summary").focus();
    });
    // a tap (or click) outside the open drawer closes it, as Escape does: the focus back on its
    // button, unless the tap chose a control of its own (a link, a field) that takes it
    document.addEventListener("click", function (e) {
      if (!current.details || !current.details.open || wide.matches || current.nav.contains(e.target)) return;
      current.details.open = false;
      var control = e.target.closest && e.target.closest("a[href], button, input, select, textarea, summary, label");
      if (!control) current.details.querySelector("summary").focus({preventScroll: true});
    });
    drawer(current, wide, choose);
  }
  // On a phone the drawer's button stands in the strip at the screen's foot (style.css): it goes
  // out of the way (below the screen's edge, still reached by Tab) while the reader reads on down
  // or has just jumped, and comes back on the reader's scroll-up, at the page's end (the page
  // keeps room below the footer for it) and while the drawer is open. Opened, the drawer shows the part being read.
  // (current: the outline shown, which choose() may change as the reader moves on)
  function drawer(current, wide, choose) {
    var lastY = window.scrollY, jumped = false;
    function atEnd() { return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2; }
    function place(up) {
      if (!current.nav) return;
      current.nav.classList.toggle("tucked", !(wide.matches || current.details.open || up || atEnd()));
    }
    ["wheel", "touchmove", "keydown"].forEach(function (type) {
      window.addEventListener(type, function () { jumped = false; }, {passive: true});
    });
    window.addEventListener("hashchange", function () { jumped = true; });
    window.addEventListener("scroll", function () {
      var y = window.scrollY, changed = choose();
      if (Math.abs(y - lastY) < 4 && !atEnd() && !changed) return;
      place(y < lastY && !jumped);
      lastY = y;
    }, {passive: true});
    window.addEventListener("resize", function () { place(false); });
    if (current.nav) place(false);
    document.addEventListener("toggle", function (e) {
      if (!current.details || e.target !== current.details) return;
      place(false);
      if (current.details.open && !wide.matches) showCurrent(current.details);
    }, true);
  }
  // the drawer scrolled to the part on screen: the part jumped to while it is in the upper half,
  // else the last one whose heading has passed the upper fifth of the screen
  function showCurrent(details) {
    var links = Array.prototype.slice.call(details.querySelectorAll("a[href^='#']")), current = null, jumped = null;
    var hash = window.location.hash ? decodeURIComponent(window.location.hash.slice(1)) : null;
    links.forEach(function (a) {
      a.removeAttribute("aria-current");
      var id = decodeURIComponent(a.getAttribute("href").slice(1)), target = document.getElementById(id);
      if (!target) return;
      var top = target.getBoundingClientRect().top;
      if (top <= window.innerHeight / 5) current = a;
      if (id === hash && top >= 0 && top < window.innerHeight / 2) jumped = a;
    });
    current = jumped || current;
    if (!current) return;
    current.setAttribute("aria-current", "location");
    var box = details.getBoundingClientRect(), at = current.getBoundingClientRect();
    details.scrollTop += at.top - box.top - (details.clientHeight - at.height) / 2;
  }

  // -- installable and offline where browsers allow it: https, or this machine (lawsearch serve) --
  var local = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(window.location.hostname);
  if (!SINGLE && "serviceWorker" in navigator && (window.location.protocol === "https:" || local)) {
    var manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = ROOT + "manifest.webmanifest";
    document.head.appendChild(manifest);
    navigator.serviceWorker.register(ROOT + "sw.js").catch(function () { /* online reading goes on as before */ });
  }

  // -- copy a clause's citation and address --------------------------------------------------------
  var copyStatus = document.getElementById("copy-status");
  document.querySelectorAll("button.copy-cite").forEach(function (button) {
    button.addEventListener("click", function () {
      var here = window.location.href.split("#")[0].split("?")[0];
      var text = button.getAttribute("data-cite") + " — " + here + "#" + button.getAttribute("data-anchor");
      button.setAttribute("data-copied", text);
      copy(text).then(function () { copied(button); });
    });
  });
  // «Скопировано: Правило 50E» said (a polite live region) and shown a moment beside the button,
  // laid over the page: nothing around it moves. Where the floating controls stand in the strip at
  // the screen's foot (a phone, a narrow window: style.css) it stands there too, beside the drawer's
  // button, the strip opaque under it -- below the button it lay over the clause's first line
  var copyTimer = null, docked = window.matchMedia("(max-width: 80rem)");
  function copied(button) {
    if (!copyStatus) return;
    copyStatus.textContent = (copyStatus.getAttribute("data-copied") || "{text}").replace("{text}", button.getAttribute("data-cite"));
    copyStatus.classList.toggle("docked", docked.matches);
    copyStatus.classList.add("shown");
    var width = document.documentElement.clientWidth;
    if (docked.matches) {
      var left = 8, top = window.innerHeight;
      document.querySelectorAll("nav.outline:not([hidden]) summary, .hl-bar").forEach(function (e) {
        var b = e.getBoundingClientRect();
        if (b.width > 0 && b.top < window.innerHeight && b.right + 8 > left) left = b.right + 8;
        if (b.width > 0 && b.top < window.innerHeight) top = Math.min(top, b.top);
      });
      // no room beside them: just above them a moment, never over the marks' next and previous,
      // the strip raised to hold it (style.css) -- its own row in the strip, not over a line of text
      var above = width - left - 8 < copyStatus.offsetWidth;
      copyStatus.style.left = (above ? 8 : left) + "px";
      copyStatus.style.top = "";
      copyStatus.style.bottom = above ? (window.innerHeight - top + 6) + "px" : "";
      copyStatus.classList.toggle("raised", above);
      if (above) document.body.style.setProperty("--strip-raised", (window.innerHeight - top + 12 + copyStatus.offsetHeight) + "px");
    } else {
      var r = button.getBoundingClientRect(), w = copyStatus.offsetWidth;
      copyStatus.style.left = (window.scrollX + Math.max(8, Math.min(r.left, width - w - 8))) + "px";
      copyStatus.style.top = (window.scrollY + r.bottom + 6) + "px";
      copyStatus.style.bottom = "";
    }
    clearTimeout(copyTimer);
    copyTimer = setTimeout(function () { copyStatus.classList.remove("shown"); copyStatus.textContent = ""; }, 2500);
  }
  // the clipboard where the browser grants it; from file:// often not: a selected text field then
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text).catch(function () { fallbackCopy(text); });
    fallbackCopy(text);
    return Promise.resolve();
  }
  function fallbackCopy(text) {
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed"; field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    try { document.execCommand("copy"); } catch (e) { /* the text is still on the button (data-copied) */ }
    document.body.removeChild(field);
  }

  // -- one language or both, where a law has text in a translation -------------------------------------
  function showLanguage(value) {
    var main = document.getElementById("main");
    main.classList.remove("show-main", "show-translation");  // values: both, main, translation
    if (value !== "both") main.classList.add("show-" + value);
    // (the query's marks count again: only those of the language shown)
    window.dispatchEvent(new Event("lawsearch-language"));
  }
  var saved = null;
  try { saved = window.localStorage.getItem("lawsearch-lang"); } catch (e) { /* storage may be off */ }
  document.querySelectorAll(".lang-switch input").forEach(function (input) {
    if (saved && input.value === saved) { input.checked = true; showLanguage(saved); }
    input.addEventListener("change", function () {
      showLanguage(input.value);
      try { window.localStorage.setItem("lawsearch-lang", input.value); } catch (e) { /* the choice just won't stay */ }
    });
  });

  // -- reference previews --------------------------------------------------------------------
  var preview = document.getElementById("preview");
  function showPreview(a, nodes) {
    var id = a.getAttribute("data-target"), n = nodes.node(id);
    if (!preview || !n) return;
    while (preview.firstChild) preview.removeChild(preview.firstChild);
    preview.appendChild(el("strong", null, heading(id, n.kind, n.title)));
    // a fragment says so: the book's text of it begins where a page is lost
    var gap = a.hasAttribute("data-gap-start") ? "[…] " : "";
    var t = nodes.text(id) ? gap + nodes.text(id) : previewOf(id, nodes, gap);
    preview.appendChild(el("span", null, t.length > 320 ? t.slice(0, 320) + "…" : (t || say("search_no_text"))));
    place(a);
  }
  // the preview box under the element it explains, kept inside the screen: above it where there is
  // no room below (a link near the screen's foot, reached by Tab or pointed at) and room above
  function place(a) {
    var r = a.getBoundingClientRect(), width = document.documentElement.clientWidth;
    var height = document.documentElement.clientHeight;
    preview.hidden = false;
    var w = preview.offsetWidth, h = preview.offsetHeight;
    preview.style.left = (window.scrollX + Math.max(8, Math.min(r.left, width - w - 8))) + "px";
    var below = r.bottom + 6, above = r.top - 6 - h;
    var top = below + h <= height - 8 || above < 8 && height - r.bottom >= r.top ? below : Math.max(8, above);
    preview.style.top = (window.scrollY + top) + "px";
    preview.hidden = false;
  }
  function hidePreview() { if (preview) preview.hidden = true; }
  // a node with no text of its own (a law whose heading is lost): show its first part
  function previewOf(id, nodes, gap) {
    var child = nodes.firstChild(id);
    var commentary = nodes.commentaryOf(id);
    if (child === null) return commentary.length ? say("search_commentary") + nodes.text(commentary[0]) : "";
    var c = nodes.node(child);
    return child + (c.title ? ". " + c.title : "") + (nodes.text(child) ? " — " + gap + nodes.text(child) : "");
  }
  // a gap mark's meaning, by touch or keyboard (a tooltip alone reaches neither)
  function showNote(button) {
    if (!preview) return;
    while (preview.firstChild) preview.removeChild(preview.firstChild);
    preview.appendChild(el("span", null, button.title));
    place(button);
  }
  document.querySelectorAll("button.gap").forEach(function (button) {
    button.setAttribute("aria-describedby", "preview");
    button.addEventListener("click", function (e) { e.stopPropagation(); if (preview.hidden) showNote(button); else hidePreview(); });
    button.addEventListener("blur", hidePreview);
  });
  document.addEventListener("click", function (e) { if (!e.target.closest("button.gap")) hidePreview(); });
  // Escape with a preview shown closes the preview alone, the innermost box: not the marks' bar, the
  // search's panel or a drawer under it (capture: before their handlers); the focus stays
  window.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || !preview || preview.hidden) return;
    hidePreview();
    e.preventDefault();
    e.stopPropagation();
  }, true);
  // a law's long title, clamped to two lines on a phone (style.css) so the rule's first line stays
  // high on the screen: a button after it shows it whole (the heading's whole text is in the page
  // all along, read by a screen reader); none where the title fits
  document.querySelectorAll("article.law").forEach(function (law) {
    var titles = Array.prototype.filter.call(law.children, function (c) { return c.matches(".law-heading, p.translation"); });
    if (!titles.some(function (t) { return t.scrollHeight > t.clientHeight + 2; })) return;
    var more = el("button", "title-more", say("title_more"));
    more.type = "button";
    more.setAttribute("aria-expanded", "false");
    more.addEventListener("click", function () {
      var open = law.classList.toggle("title-open");
      more.setAttribute("aria-expanded", String(open));
      more.textContent = open ? say("title_less") : say("title_more");
    });
    titles[titles.length - 1].after(more);
  });
  document.querySelectorAll("a[data-target]").forEach(function (a) {
    a.setAttribute("aria-describedby", "preview");
    function show() { engine.about([a.getAttribute("data-target")]).then(function (e) { showPreview(a, e); }, function () {}); }
    a.addEventListener("mouseenter", show);
    a.addEventListener("focus", show);
    a.addEventListener("mouseleave", hidePreview);
    a.addEventListener("blur", hidePreview);
  });
})();
