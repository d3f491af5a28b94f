/* lawsearch's search engine: the query language, normalisation, ranking, grouping, snippets
   and corrections of lawsearch/query.py and lawsearch/evaluate.py, without a page. The page
   (static/search.js) draws what it returns; the tests run this very file under Node and
   compare every answer with Python's (tests/test_engine.py).

   Plain, dependency-free JS, no DOM: in a page it is the global LawsearchEngine (load
   static/stem-en.js first), in Node require("./engine.js"). The tokenizer, the query
   syntax and the citations are not written here: they come with the data, as the sources
   of lawsearch/patterns.py's search grammar, compiled as they are.

       var engine = LawsearchEngine.create(window.LAWSEARCH_DATA, load);   // the core, or a promise of it
       engine.search("штрафными картами", 10).then(function (result) { … });

   The data comes in pieces (lawsearch/pieces.py): the core, and chunks that `load(names)`
   brings -- a promise of {name: data}; in a page static/pieces.js adds script elements.
   Every read of the data goes through chunk(): a search that reads a chunk not yet loaded
   notes its name and is run again once the named chunks are in, so the answer is the
   same as over the whole data at once. */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./stem-en.js"));
  else root.LawsearchEngine = factory(root.stemEnglish);
}(typeof self !== "undefined" ? self : this, function (stemEnglish) {
  "use strict";

  // An engine that answers once its data is there: `source` is the core or a promise of it,
  // `load` brings chunks. search() answers with a promise.
  function create(source, load) {
    var store = Object.create(null), engine = null;
    var loading = Promise.resolve(source).then(function (core) { engine = build(core, store); return engine; });
    // the chunks named, each asked of load() once: two tasks at a time (a search and the page's
    // marks) wait for the same loading, rather than ask again for what load() gave the first
    // (it keeps nothing it gave away; the single file has nowhere else to get it)
    var pending = Object.create(null);
    function bring(names) {
      var asked = names.filter(function (name) { return store[name] === undefined && !pending[name]; });
      if (asked.length) {
        var loaded = Promise.resolve(load(asked)).then(function (chunks) {
          asked.forEach(function (name) {
            delete pending[name];
            if (!Object.prototype.hasOwnProperty.call(chunks, name)) throw new Error("the search data lacks " + name);
            store[name] = chunks[name];
          });
        }, function (error) {
          asked.forEach(function (name) { delete pending[name]; });
          throw error;
        });
        asked.forEach(function (name) { pending[name] = loaded; });
      }
      return Promise.all(names.map(function (name) { return store[name] === undefined ? pending[name] : null; }));
    }
    // task(engine), run again until it read no chunk that was missing (each round loads them all)
    function run(task) {
      return loading.then(function attempt(e) {
        var value, error = null;
        e.missing(true);
        try { value = task(e); } catch (x) { error = x; }
        var names = e.missing(false);
        if (!names.length) { if (error) throw error; return value; }
        if (!load) throw new Error("the search data lacks " + names.join(", "));
        return bring(names).then(function () { return attempt(e); });
      });
    }
    return {
      ready: function () { return loading; },
      search: function (query, limit) { return run(function (e) { return e.search(query, limit); }); },
      // where the words the query matched stand in each of texts (strings of the nodes `ids`)
      marks: function (query, ids, texts) { return run(function (e) { return e.marks(query, ids, texts); }); },
      // the engine, with what a preview of these nodes shows loaded
      about: function (ids) { return run(function (e) { ids.forEach(e.touch); return e; }); },
      now: function () { return engine; }  // the built engine, or null while the core is on its way
    };
  }

  // The engine over the core and the chunks in `STORE` (name → data), which create() fills.
  function build(DATA, STORE) {
  // -- the data's pieces (lawsearch/pieces.py) -----------------------------------------------
  var MISSING = new Set(), misses = 0;  // misses counts reads of absent chunks: nothing read then is cached
  function chunk(name) {
    var c = STORE[name];
    if (c === undefined) { MISSING.add(name); misses++; return null; }
    return c;
  }
  // pieces.shard: FNV-1a over UTF-16 code units
  function shardOf(kind, key) {
    var h = 0x811c9dc5;
    for (var i = 0; i < key.length; i++) { h = (h ^ key.charCodeAt(i)) >>> 0; h = Math.imul(h, 0x01000193) >>> 0; }
    return kind + (h % DATA.shards[kind]);
  }
  function unpackForms(packed) {  // site.packed_forms: "term stemLength ending ending …" a line
    var out = Object.create(null);
    packed.split("\n").forEach(function (line) {
      if (!line) return;
      var parts = line.split(" "), term = parts[0], stem = term.slice(0, +parts[1]);
      for (var k = 2; k < parts.length; k++) {
        var form = stem + parts[k];
        (out[form] = out[form] || []).push(term);
      }
    });
    return out;
  }
  function frontDecoded(coded) {  // site.front_coded: each word as letters shared with the one before (0-9) and the rest
    var out = new Set(), previous = "";
    coded.split(" ").forEach(function (code) {
      if (!code) return;
      previous = previous.slice(0, +code[0]) + code.slice(1);
      out.add(previous);
    });
    return out;
  }
  var WORDS = new Map();
  // pieces.ranges: the chunk of kind whose range (from its first key, in code unit order) holds key
  function rangeOf(kind, ranges, key) {
    var lo = 0, hi = ranges.length - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (ranges[mid] <= key) lo = mid; else hi = mid - 1; }
    return kind + lo;
  }
  function words(key) {  // the w chunk of a word: its forms, family, whether it is a real word
    var name = rangeOf("w", DATA.word_ranges, key), w = WORDS.get(name);
    if (w !== undefined) return w;
    var c = chunk(name);
    if (c === null) return null;
    w = {forms: unpackForms(c.forms), families: c.families, real: frontDecoded(c.real)};
    WORDS.set(name, w);
    return w;
  }
  // the thesaurus's words, in the core: their rows of the forms table, and those it lacks
  // and each t chunk's, for its texts' words (added as it comes: see textsOf)
  var SEED_FORMS = unpackForms(DATA.forms), NO_FORMS = new Set(DATA.no_forms);
  function formsOf(w) {  // the forms table: a form's terms, or undefined
    if (SEED_FORMS[w] !== undefined) return SEED_FORMS[w];
    if (NO_FORMS.has(w)) return undefined;
    var s = words(w);
    return s === null ? undefined : s.forms[w];
  }
  function familyOf(term) { var s = words(term); return s !== null && has(s.families, term) ? s.families[term] : undefined; }
  function isReal(w) { var s = words(w); return s !== null && s.real.has(w); }
  var LENGTHS_HELD = new Set(DATA.lengths_held), STARTS_HELD = new Set(DATA.starts_held);
  function vocabulary(n) {  // the corpus words of n letters (UTF-16 units) → count
    return LENGTHS_HELD.has(n) ? chunk("v" + n) || {} : {};
  }
  var NO_IDS = {doc: {}, node: {}, citations: {}, commentary: {}, notes: {}, child: {}};
  function ids(id) { return typeof id === "string" && chunk(rangeOf("i", DATA.id_ranges, id)) || NO_IDS; }  // (null: no ID asked)
  var PER = DATA.docs_per_chunk, FIELD = {}, DOC_NODES = new Map();
  DATA.fields.forEach(function (f, k) { FIELD[f] = k; });
  // what ranking reads of a document: id, law, kind, lang, reading order, field lengths, the
  // documents above it (nearest first: a title there counts for it, evaluate.CONTEXT); null while its chunk is out
  function docNode(doc) {
    var n = DOC_NODES.get(doc);
    if (n !== undefined) return n;
    var rows = chunk("d" + Math.floor(doc / PER));
    if (rows === null) return null;
    var r = rows[doc % PER];
    n = {id: r[0], law: r[1], kind: r[2], lang: r[3], order: r[4], lengths: r[5], above: r[6], placeholder: r[7] || 0,
         url: urlOf(r[0], r[1]),
         title: null, parent: null};
    DOC_NODES.set(doc, n);
    return n;
  }
  function docOf(id) { var c = ids(id); return has(c.doc, id) ? c.doc[id] : undefined; }
  var TEXTS_SEEN = new Set(), NO_TEXTS = {texts: {}, footnotes: {}, texts_en: {}, titles_en: {}, texts_tr: {}, titles: {}, parents: {}};
  function textsOf(doc) {  // the t chunk of a document: texts, footnotes, English, titles, parents
    var name = "t" + Math.floor(doc / DATA.texts_per_chunk), t = chunk(name);
    if (t === null) return NO_TEXTS;
    if (!TEXTS_SEEN.has(name)) {  // the forms of its words join the core's
      TEXTS_SEEN.add(name);
      var forms = unpackForms(t.forms);
      for (var w in forms) SEED_FORMS[w] = forms[w];
      t.no_forms.forEach(function (x) { NO_FORMS.add(x); });
    }
    return t;
  }
  // a node as the page shows it (title and parent too); null for an ID of no node
  function nodeOf(id) {
    var c = ids(id);
    if (has(c.node, id)) {
      var r = c.node[id];
      return {id: r[0], law: r[1], kind: r[2], lang: r[3], title: r[4], parent: r[5], order: r[6], url: urlOf(r[0], r[1])};
    }
    if (!has(c.doc, id)) return null;
    var n = docNode(c.doc[id]), t = textsOf(c.doc[id]);
    if (n === null) return null;
    n.title = has(t.titles, id) ? t.titles[id] : null;
    n.parent = has(t.parents, id) ? t.parents[id] : null;
    return n;
  }
  function exists(id) { var c = ids(id); return has(c.doc, id) || has(c.node, id); }
  function field(key, id) {  // a document's text of one kind ("texts", "footnotes", "texts_en", "titles_en", "texts_tr"), or ""
    var doc = docOf(id);
    if (doc === undefined) return "";
    var t = textsOf(doc)[key] || {};
    return has(t, id) ? t[id] : "";
  }
  function lostStartOf(id) {  // its text begins where the book is lost (query.starts_lost)
    var doc = docOf(id);
    return doc !== undefined && (textsOf(doc).lost_start || []).indexOf(id) !== -1;
  }
  function noteOf(id) { var c = ids(id); return has(c.notes, id) ? c.notes[id] : null; }
  function citationsOf(id) { var c = ids(id); return has(c.citations, id) ? c.citations[id] : []; }
  function commentaryOf(law) { var c = ids(law); return has(c.commentary, law) ? c.commentary[law] : []; }
  function firstChild(id) { var c = ids(id); return has(c.child, id) ? c.child[id] : null; }

  // -- analysis (lawsearch/analysis.py; patterns: lawsearch/patterns.py's search grammar) -----
  var G = DATA.grammar;
  var TOKEN = new RegExp(G.token, "gu"), KINDS = G.token_kinds;
  function whole(source) { return new RegExp("^(?:" + source + ")$", "u"); }
  var MARKS = new RegExp("[" + G.marks + "]", "gu"), CYRILLIC = new RegExp("[" + G.cyrillic + "]", "u");
  var EDGE_SPACES = new RegExp("^[" + G.spaces + "]+|[" + G.spaces + "]+$", "gu");
  var LOOK_FROM = DATA.lookalikes[0], LOOK_TO = DATA.lookalikes[1];
  var STOP = new Set(DATA.stop);

  // analysis.narrow: NFKC's one-for-one forms of letters and digits ("ＡＢＣ１２" as "ABC12"),
  // the same length, so a token's offsets are the text's
  var NARROW_FROM = G.narrow[0], NARROW_TO = G.narrow[1];
  var NARROW_CLASS = NARROW_FROM.split("").map(function (c) { return "\\u" + ("000" + c.charCodeAt(0).toString(16)).slice(-4); }).join("");
  var NARROWABLE = new RegExp("[" + NARROW_CLASS + "]", "u"), NARROW_ALL = new RegExp("[" + NARROW_CLASS + "]", "gu");
  function narrow(s) {
    return NARROWABLE.test(s) ? s.replace(NARROW_ALL, function (c) { return NARROW_TO[NARROW_FROM.indexOf(c)]; }) : s;
  }
  // patterns.plain_letters: mathematical letters and digits (U+1D400-1D7FF) as NFKC writes them
  var MATH_ALPHANUMERICS = /[\u{1D400}-\u{1D7FF}]/gu;
  function plainLetters(s) {
    return s.replace(MATH_ALPHANUMERICS, function (c) { return c.normalize("NFKC"); });
  }
  // analysis.spelt_out: the ligatures spelt out ("ﬁ" as "fi"), one character for several:
  // words' terms and English words only, never offsets
  var LIGATURE_FROM = G.ligatures[0], LIGATURE_TO = G.ligatures[1];
  var LIGATURE_ALL = LIGATURE_FROM.length ? new RegExp("[" + LIGATURE_FROM.split("").map(function (c) {
    return "\\u" + ("000" + c.charCodeAt(0).toString(16)).slice(-4); }).join("") + "]", "gu") : null;
  function spelledOut(s) {
    s = narrow(s);
    return LIGATURE_ALL ? s.replace(LIGATURE_ALL, function (c) { return LIGATURE_TO[LIGATURE_FROM.indexOf(c)]; }) : s;
  }
  // query.foreign_words: a query's words of a script the text has no word in: a letter of
  // another script than ours (patterns.FOREIGN_LETTERS, the same class), none of them, folded,
  // among the other scripts' letters the text's words hold (the index's other_letters)
  var FOREIGN_LETTER = new RegExp("[" + G.foreign_letters + "]", "u"), OTHER_LETTERS = DATA.other_letters || "";
  var QUERY_SPACES = new RegExp("[" + G.spaces + "]+", "u"), WORD_EDGES = /^["+\-*()]+|["+\-*()]+$/g;
  function foreignWords(query) {
    var out = [];
    query.split(QUERY_SPACES).forEach(function (part) {
      var word = part.replace(WORD_EDGES, "");
      if (!word || out.indexOf(word) >= 0) return;
      if (FOREIGN_LETTER.test(word) && !Array.from(fold(word)).some(function (c) {
        return FOREIGN_LETTER.test(c) && OTHER_LETTERS.indexOf(c) >= 0; })) out.push(word);
    });
    return out;
  }
  function tokenize(text) {
    var out = [], m, n = 0;
    text = narrow(text);
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(text)) !== null) {
      var k = 1;
      while (m[k] === undefined) k++;
      out.push({text: m[0], start: m.index, end: m.index + m[0].length, kind: KINDS[k - 1], position: n++});
    }
    return out;
  }
  function lookalikes(s) {
    var out = "";
    for (var i = 0; i < s.length; i++) { var k = LOOK_FROM.indexOf(s[i]); out += k >= 0 ? LOOK_TO[k] : s[i]; }
    return out;
  }
  // analysis.fold: NFKC's one-for-one forms, ligatures spelt out, lower case, decomposed й and ё composed, ё as е, no stress marks
  // nor any script's diacritics (й aside), a letter case folding reads as another as that one (ς as σ)
  // analysis.one_script: a word mixing Cyrillic and Latin look-alikes in its main script
  function isCyrillic(c) { return c >= "\u0400" && c <= "\u052f"; }
  function isLatin(c) { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z"); }
  function oneScript(w) {
    var cyr = 0, lat = 0, i;
    for (i = 0; i < w.length; i++) { if (isCyrillic(w[i])) cyr++; else if (isLatin(w[i])) lat++; }
    if (!cyr || !lat || cyr === lat) return w;
    var from = cyr > lat ? LOOK_TO : LOOK_FROM, to = cyr > lat ? LOOK_FROM : LOOK_TO;
    var minor = cyr > lat ? isLatin : isCyrillic, out = "";
    for (i = 0; i < w.length; i++) {
      if (!minor(w[i])) { out += w[i]; continue; }
      var k = from.indexOf(w[i]);
      if (k < 0) return w;
      out += to[k];
    }
    return out;
  }
  // patterns.UNMARK_FROM/TO: a letter with a diacritic, in any script, as its bare letter ("ό" as "ο")
  var UNMARK_FROM = G.unmark[0], UNMARK_TO = G.unmark[1];
  var UNMARK_ALL = UNMARK_FROM.length ? new RegExp("[" + UNMARK_FROM.split("").map(function (c) {
    return "\\u" + ("000" + c.charCodeAt(0).toString(16)).slice(-4); }).join("") + "]", "gu") : null;
  function fold(w) {
    w = oneScript(spelledOut(w)).toLowerCase();
    G.fold.forEach(function (pair) { w = w.split(pair[0]).join(pair[1]); });
    if (UNMARK_ALL) w = w.replace(UNMARK_ALL, function (c) { return UNMARK_TO[UNMARK_FROM.indexOf(c)]; });
    return w.replace(MARKS, "");
  }
  function normalizeId(t) { return lookalikes(narrow(t)).toLowerCase(); }
  function hasCyrillic(s) { return CYRILLIC.test(s); }
  function strip(s) { return s.replace(EDGE_SPACES, ""); }  // patterns.strip_spaces

  function wordTerms(word) {
    var w = fold(word);
    if (STOP.has(w)) return [];
    var terms = formsOf(w);
    return terms !== undefined ? terms : [w];
  }
  function phraseTerms(text) {
    var out = [];
    tokenize(text).forEach(function (tok) {
      var terms = tok.kind === "word" ? wordTerms(tok.text) : tok.kind === "id" ? [normalizeId(tok.text)] : [tok.text.replace(",", ".")];
      if (terms.length) out.push(terms);
    });
    return out;
  }

  // -- IDs and citations (lawsearch/ids.py, query.CITATION) -------------------------------
  var CITATION = whole(G.citation), FILTER = whole(G.filter), QUERY_PART = new RegExp(G.query_part, "gu");
  // grammar.IdRules.normalize: a typed law-text ID written as the code writes it (the
  // corpus's profile: levels, their formats and alphabets, from the data)
  var IDS = DATA.ids, TYPED = whole(IDS.typed), LOOSE = whole(IDS.loose), COMMENTARY = whole(IDS.commentary);
  function idLabel(level, s) {
    for (var i = 0; i < level.kinds.length; i++) {
      var kind = level.kinds[i];
      if (kind === "roman") { if (IDS.roman.indexOf(s.toLowerCase()) >= 0) return s.toLowerCase(); continue; }
      if (kind === "digits") { if (/^[0-9]+$/.test(s)) return s; continue; }
      var candidates = [s, s.toUpperCase(), s.toLowerCase()];
      for (var j = 0; j < candidates.length; j++)
        if (kind.indexOf(candidates[j]) >= 0) return has(IDS.translit, candidates[j]) ? IDS.translit[candidates[j]] : candidates[j];
    }
    var values = Object.keys(IDS.translit).map(function (k) { return IDS.translit[k]; });
    if (values.indexOf(s.toLowerCase()) >= 0) return s.toLowerCase();
    return has(IDS.translit, s) ? IDS.translit[s] : s;
  }
  // grammar.IdRules.skips: a label of a series that may stand with the level above missing
  function skips(level, label) {
    return level.skipping.some(function (kind) {
      if (kind === "roman") return IDS.roman.indexOf(label) >= 0;
      if (kind === "digits") return /^[0-9]+$/.test(label);
      return kind.indexOf(label) >= 0;
    });
  }
  function typedId(s) {
    var m = TYPED.exec(s) || LOOSE.exec(s);
    if (!m) return null;
    var parts = m.slice(2);
    var labels = IDS.levels.map(function (level, i) { return parts[i] === undefined ? undefined : idLabel(level, parts[i]); });
    if (IDS.strict) for (var k = 1; k < parts.length; k++) {
      if (parts[k] === undefined || parts[k - 1] !== undefined) continue;
      for (var j = 0; j < k - 1; j++) if (parts[j] === undefined) return null;
      if (!skips(IDS.levels[k], labels[k])) return null;
    }
    var out = IDS.law.split("{law}").join(m[1]);
    IDS.levels.forEach(function (level, i) {
      if (labels[i] !== undefined) out += level.format.split("{label}").join(labels[i]);
    });
    return {id: out, law: m[1]};
  }
  // ids.normalize of what the citation pattern took: the ID and its law (null: no law-text ID)
  function normalizeCitation(raw) {
    var s = lookalikes(raw).replace(/ /g, "");
    var typed = typedId(s);
    if (typed) return typed;
    return {id: COMMENTARY.test(s) ? s : raw, law: null};
  }

  // -- the query language (query.parse) ----------------------------------------------------
  function parse(query) {
    var clauses = [], filters = {}, negateNext = false, orNext = false;
    var m;
    QUERY_PART.lastIndex = 0;
    while ((m = QUERY_PART.exec(query)) !== null) {
      if (m[2] !== undefined) {
        var t = strip(m[2]);
        var toks = tokenize(t);
        if (toks.length === 1 && toks[0].kind === "word") {
          // one quoted word has no order to keep: it is that word, read as a plain word (query.parse)
          clauses.push({kind: hasCyrillic(toks[0].text) ? "word" : "english", text: toks[0].text,
                        negated: m[1] === "-" || negateNext, orPrevious: orNext, required: m[1] === "+"});
          negateNext = orNext = false;
          continue;
        }
        if (t) clauses.push({kind: "phrase", text: t, negated: m[1] === "-" || negateNext, orPrevious: orNext, required: m[1] === "+"});
        negateNext = orNext = false;
        continue;
      }
      var word = m[3];
      if (word === "OR") { orNext = clauses.length > 0; continue; }
      if (word === "NOT" || word === "AND") { negateNext = word === "NOT"; continue; }
      var f = FILTER.exec(narrow(word));  // typed full-width («ｌａｗ:９») it is the filter, as query.parse
      if (f) { filters[f[1]] = f[2]; continue; }
      var negated = negateNext, required = false;
      if (word.charAt(0) === "-" && word.length > 1) { negated = true; word = word.slice(1); }
      else if (word.charAt(0) === "+" && word.length > 1) { required = true; word = word.slice(1); }
      tokenize(word).forEach(function (tok) {
        var kind;
        if (tok.kind === "id") kind = "id";
        else if (tok.kind === "word" && word.charAt(word.length - 1) === "*" && tok.end === word.length - 1) kind = "prefix";
        else if (tok.kind === "word" && !hasCyrillic(tok.text)) kind = "english";
        else kind = "word";
        clauses.push({kind: kind, text: tok.text, negated: negated, orPrevious: orNext, required: required});
        orNext = false;
      });
      negateNext = orNext = false;
    }
    return {clauses: clauses, filters: filters};
  }

  // -- nodes: anchors and URLs as lawsearch/ids.py makes them
  // editions.split: another edition's ID ("2017~50E1") → [edition, bare ID]; a bare ID → [null, id]
  function editionSplit(id) {
    var sep = (DATA.editions || {}).separator, at = sep ? id.indexOf(sep) : -1;
    return at > 0 && /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(id.slice(0, at)) ? [id.slice(0, at), id.slice(at + sep.length)] : [null, id];
  }
  // grammar.IdRules.anchor: a law-text ID, a commentary paragraph, a division (the profile's)
  var LAW_TEXT = whole(IDS.law_text), DIVISION = whole(IDS.division);
  function anchor(id) {
    var ed = editionSplit(id);
    if (ed[0] !== null) return ("e" + ed[0] + "-").replace(/\./g, "-") + anchor(ed[1]);  // editions.anchor_prefix
    if (LAW_TEXT.test(id))
      // a label glued after a bracketed one keeps its boundary (2(1)2 → h2-1_2, 2(12) → h2-12)
      return IDS.anchor + id.replace(/\)(?=[A-Za-z0-9])/g, ")_")
        .replace(/\(([A-Za-z0-9_]+)\)|\.([A-Za-z0-9_]+)/g, function (_, a, b) { return "-" + (a || b); }).toLowerCase();
    var c = COMMENTARY.exec(id), g = IDS.commentary_groups;
    return c ? "c" + c[g.law] + "-" + c[g.para] + (c[g.item] ? "-" + c[g.item] : "") + (c[g.sub] ? "-" + c[g.sub] : "") : id;
  }
  function urlOf(id, law) {
    var ed = editionSplit(id), d = DIVISION.exec(ed[1]);
    if (d) return "laws/" + (ed[0] === null ? "" : ed[0] + DATA.editions.separator) + d[IDS.division_law] + ".html#" + anchor(id);
    if (law !== null && law === IDS.definitions) return IDS.definitions_page + "#" + anchor(id);  // ids.page
    return law === null ? "unattributed.html#" + anchor(id) : "laws/" + law + ".html#" + anchor(id);
  }
  function tokenTerms(tok) {
    if (tok.kind === "id") return [normalizeId(tok.text)];
    if (tok.kind === "para" || tok.kind === "num") return [tok.text.replace(/,/g, ".")];
    return wordTerms(tok.text);
  }

  // -- the ranking model (lawsearch/evaluate.py) ---------------------------------------------
  var K1 = DATA.params.k1, B = DATA.params.b, PHRASE_BONUS = DATA.params.phrase_bonus, SLOP = DATA.params.slop;
  var cache = {}, EMPTY = new Map();
  function postings(field, term) {
    var key = field + "\u0000" + term, p = cache[key];
    if (p !== undefined) return p;
    var c = chunk(shardOf("p", term));
    if (c === null) return EMPTY;
    p = new Map();
    var table = c[field] || {}, flat = has(table, term) ? table[term] : null;
    if (flat) {  // delta-coded: [doc gap, n, position gaps …] …
      var doc = 0;
      for (var i = 0; i < flat.length;) {
        doc += flat[i];
        var n = flat[i + 1], positions = [], pos = 0;
        for (var k = 0; k < n; k++) { pos += flat[i + 2 + k]; positions.push(pos); }
        p.set(doc, positions);
        i += 2 + n;
      }
    }
    cache[key] = p;
    return p;
  }
  var AVG = {};  // as evaluate.WhooshStats: the sum of a field's lengths over their count
  Object.keys(DATA.length_sums).forEach(function (f) {
    var v = DATA.length_sums[f];
    AVG[f] = v[1] ? v[0] / v[1] : 0;
  });
  function bm25All(field, term) {  // evaluate.Stats.bm25_all: term's bm25 in every document holding it
    var key = field + "\u0000" + term, out = BM25_CACHE.get(key);
    if (out !== undefined) return out;
    var before = misses, p = postings(field, term);
    out = new Map();
    if (p.size) {
      var df = p.size, idf = Math.log(1 + (DATA.n - df + 0.5) / (df + 0.5)), avg = AVG[field] || 1, k = FIELD[field];
      p.forEach(function (positions, doc) {
        var n = docNode(doc);
        if (n === null) return;
        var tf = positions.length, norm = 1 - B + B * n.lengths[k] / avg;
        out.set(doc, idf * tf * (K1 + 1) / (tf + K1 * norm));
      });
    }
    if (misses === before) BM25_CACHE.set(key, out);
    return out;
  }
  var BM25_CACHE = new Map();
  var P = DATA.params, COVER = P.cover, TITLE = P.title, QUALITY = P.quality, BM25 = P.bm25, LEVEL = P.level;
  var TITLE_FIELDS = P.title_fields, ASIDE = P.aside, CONTEXT = P.context, GROUP = P.group;
  // each scores() gives a Map document → [score, where]: IN_TITLE and/or IN_BODY (any field
  // but a law's commentary, which holds all its paragraphs in one)
  var IN_TITLE = 1, IN_BODY = 2;
  function where(f) { return (TITLE_FIELDS.indexOf(f) >= 0 ? IN_TITLE : 0) | (f !== "commentary" ? IN_BODY : 0); }
  function bestOf(field, terms) {
    var best = new Map();
    terms.forEach(function (t) {
      bm25All(field, t).forEach(function (s, doc) { if (s > (best.has(doc) ? best.get(doc) : -1)) best.set(doc, s); });
    });
    return best;
  }
  function Word(terms, fields) { this.terms = terms; this.fields = fields; }
  Word.prototype.scores = function () {
    var total = new Map(), places = new Map(), self = this;
    Object.keys(this.fields).forEach(function (f) {
      var boost = self.fields[f], best = bestOf(f, self.terms), w = where(f);
      best.forEach(function (s, doc) {
        total.set(doc, (total.has(doc) ? total.get(doc) : 0) + boost * s);
        places.set(doc, (places.get(doc) || 0) | w);
      });
    });
    var out = new Map();
    total.forEach(function (s, doc) { out.set(doc, [s, places.get(doc)]); });
    return out;
  };
  function Phrase(words, fields) { this.words = words; this.fields = fields; }
  Phrase.prototype.occurs = function (f, doc) {
    var starts = null;
    for (var i = 0; i < this.words.length; i++) {
      var positions = new Set();
      this.words[i].forEach(function (t) { (postings(f, t).get(doc) || []).forEach(function (p) { positions.add(p); }); });
      if (starts === null) starts = positions;
      else {
        var prev = starts, next = new Set();
        positions.forEach(function (p) { prev.forEach(function (s) { if (p - s > 0 && p - s <= SLOP) next.add(p); }); });
        starts = next;
      }
      if (!starts.size) return false;
    }
    return starts.size > 0;
  };
  Phrase.prototype.scores = function () {
    var total = new Map(), places = new Map(), self = this;
    Object.keys(this.fields).forEach(function (f) {
      var boost = self.fields[f];
      var perWord = self.words.map(function (terms) { return bestOf(f, terms); });
      if (!perWord.length) return;
      var docs = [];
      perWord[0].forEach(function (_, doc) { if (perWord.every(function (b) { return b.has(doc); })) docs.push(doc); });
      docs.sort(function (a, b) { return a - b; }).forEach(function (doc) {
        if (!self.occurs(f, doc)) return;
        var s = 0;
        perWord.forEach(function (b) { s += b.get(doc); });
        total.set(doc, (total.has(doc) ? total.get(doc) : 0) + boost * s);
        places.set(doc, (places.get(doc) || 0) | where(f));
      });
    });
    var out = new Map();
    total.forEach(function (s, doc) { out.set(doc, [PHRASE_BONUS * s, places.get(doc)]); });
    return out;
  };
  function AllOf(children) { this.children = children; }
  AllOf.prototype.scores = function () {
    var out = null;
    this.children.forEach(function (c) {
      var here = c.scores();
      if (out === null) { out = here; return; }
      var next = new Map();
      out.forEach(function (v, doc) { if (here.has(doc)) next.set(doc, [v[0] + here.get(doc)[0], v[1] & here.get(doc)[1]]); });
      out = next;
    });
    return out || new Map();
  };
  function Flag(field, term) { this.field = field; this.term = term; }
  Flag.prototype.scores = function () {
    var out = new Map();
    postings(this.field, this.term).forEach(function (_, doc) { out.set(doc, [1.0, IN_BODY]); });
    return out;
  };

  function round6(s) { return Math.floor(s * 1e6 + 0.5) / 1e6; }
  // evaluate.Query.run: every document the query allows, best first, ties in reading order
  function runQuery(q) {
    var n = q.units.length, found = new Map();
    if (!n) for (var d = 0; d < DATA.ndocs; d++) found.set(d, [[], [], [], [], [], []]);
    q.alternatives.forEach(function (alt) {
      var span = alt.last - alt.first + 1;
      alt.match.scores().forEach(function (v, doc) {
        var rec = found.get(doc);
        if (rec === undefined) {
          // per word: quality, bm25 share, title quality, own, body (1, or ASIDE: only a law's commentary), context
          rec = [[], [], [], [], [], []];
          for (var u = 0; u < n; u++) { rec[0].push(0); rec[1].push(0); rec[2].push(0); rec[3].push(false); rec[4].push(0); rec[5].push(0); }
          found.set(doc, rec);
        }
        var q = v[1] & IN_BODY ? alt.quality : alt.quality * ASIDE, value = q * v[0] / span;
        var body = v[1] & IN_BODY ? 1.0 : ASIDE;
        for (u = alt.first; u <= alt.last; u++) {
          if (body > rec[4][u]) rec[4][u] = body;
          if (q > rec[0][u]) rec[0][u] = q;
          if (value > rec[1][u]) rec[1][u] = value;
          if (v[1] & IN_TITLE && q > rec[2][u]) rec[2][u] = q;
          if (alt.own) rec[3][u] = true;
        }
      });
    });
    var excluded = new Set();
    q.negative.forEach(function (m) { m.scores().forEach(function (_, doc) { excluded.add(doc); }); });
    var required = [], weight = [];
    q.units.forEach(function (unit, u) { if (unit.required) required.push(u); weight.push(1.0); });
    if (P.cover_idf && n) {  // how much covering each word counts: less for a word most nodes hold
      var df = weight.map(function () { return 0; }), top = Math.log(1 + DATA.ndocs);
      found.forEach(function (rec) { for (var u = 0; u < n; u++) if (rec[0][u] > 0) df[u]++; });
      weight = df.map(function (x) { return Math.log(1 + DATA.ndocs / (1 + x)) / top; });
    }
    // a word the title of a part names covers the documents below it that do not match it
    // themselves, at CONTEXT (evaluate.Query._add_context); only documents that match something
    // (evaluate.mark_below's pairs read from below: each document's documents above it, in its d chunk)
    found.forEach(function (r, d) {
      var node = docNode(d);
      if (node === null) return;  // its chunk is on its way: the search runs again
      node.above.forEach(function (top) {
        var rec = found.get(top);
        if (rec === undefined) return;
        for (var u = 0; u < n; u++)
          if (rec[2][u] > 0 && !(r[0][u] > 0) && rec[2][u] > r[5][u]) r[5][u] = rec[2][u];
      });
    });
    // a law's coverage: the weights of the words any of its documents matches (evaluate.Query.law_cover)
    var lawCover = new Map(), docs = Array.from(found.keys()).sort(function (a, b) { return a - b; });
    for (var w = 0; w < n; w++) {
      var laws = new Set();
      docs.forEach(function (d) { var node = docNode(d); if (node !== null && node.law && found.get(d)[0][w] > 0) laws.add(node.law); });
      Array.from(laws).sort(byCodeUnits).forEach(function (law) { lawCover.set(law, (lawCover.has(law) ? lawCover.get(law) : 0) + weight[w]); });
    }
    var out = [];
    docs.forEach(function (doc) {
      var meta = docNode(doc);
      if (meta === null || excluded.has(doc)) return;
      for (var k in q.filters) if (!passes(meta, k, q.filters[k])) return;
      var rec = found.get(doc);
      for (var i = 0; i < required.length; i++) if (!rec[3][required[i]]) return;
      var covered = rec[0].map(function (x) { return x > 0; });
      var cover = 0, titled = 0, good = 0, bm = 0;
      for (var u = 0; u < n; u++) {
        if (covered[u]) cover += weight[u] * rec[4][u];
        else if (rec[5][u] > 0) cover += weight[u] * CONTEXT;
        titled += rec[2][u];
        good += rec[0][u];
        if (!covered[u] && rec[5][u] > 0) good += CONTEXT * rec[5][u];
        bm += rec[1][u];
      }
      var level = Object.prototype.hasOwnProperty.call(LEVEL, meta.kind) ? LEVEL[meta.kind] : 0;
      var score = COVER * cover + TITLE * level * titled + QUALITY * good + BM25 * bm +
        GROUP * (meta.law && lawCover.has(meta.law) ? lawCover.get(meta.law) : 0);
      out.push({score: round6(score), doc: doc, covered: covered});
    });
    // evaluate.best (twin_rank): a placeholder law after every law of the sources; a document of a
    // named edition scored as at most its default edition's twin where that matched too, and after it
    var scoreOf = new Map();
    out.forEach(function (r) { scoreOf.set(docNode(r.doc).id, r.score); });
    function rankOf(r) {
      var named = editionSplit(docNode(r.doc).id), twin = named[0] !== null && scoreOf.has(named[1]) ? scoreOf.get(named[1]) : null;
      return {score: twin === null ? r.score : Math.min(r.score, twin), after: twin === null ? 0 : 1};
    }
    out.forEach(function (r) { r.rank = rankOf(r); });
    out.sort(function (a, b) {
      var na = docNode(a.doc), nb = docNode(b.doc);
      return na.placeholder - nb.placeholder || b.rank.score - a.rank.score || a.rank.after - b.rank.after || na.order - nb.order;
    });
    out.forEach(function (r) { delete r.rank; });
    return out;
  }

  // -- building the plan (query.Searcher.plan) ---------------------------------------------
  var RU = DATA.boosts, EN_FIELDS = DATA.en_fields, PREFIX_FIELDS = ["title", "text"];
  var ENGLISH = DATA.english;  // the language the English fields analyse (index.ENGLISH)
  // the English fields and their weights (a footnote's less); the English titles and text themselves
  var EN_WEIGHTS = DATA.en_weights, EN_TEXT = DATA.en_text;
  var SYNONYM = P.synonym, TRANSLATION = P.translation;
  function equalSeq(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function meets(a, b) { return a.some(function (x) { return b.indexOf(x) >= 0; }); }
  function sequenceNode(seq) { return seq.length === 1 ? new Word(seq[0].slice(), RU) : new Phrase(seq.map(function (t) { return t.slice(); }), RU); }
  // query.TRANSLATION_FIELDS and query.in_fields: a match read in these fields alone (their
  // boosts kept); null when it reads none; an ID names the node whatever its language
  var TRANSLATIONS = DATA.translations || [], TRANSLATION_FIELDS = ["translation"];
  function inFields(m, fields) {
    if (m instanceof Word || m instanceof Phrase) {
      var kept = {}, any = false;
      Object.keys(m.fields).forEach(function (f) { if (fields.indexOf(f) >= 0) { kept[f] = m.fields[f]; any = true; } });
      if (!any) return null;
      return m instanceof Word ? new Word(m.terms, kept) : new Phrase(m.words, kept);
    }
    if (m instanceof AllOf) {
      var children = m.children.map(function (c) { return inFields(c, fields); });
      return children.some(function (c) { return c === null; }) ? null : new AllOf(children);
    }
    return m;
  }
  // query.SUBJECT_FIELDS and query.without_fields: a match read in every field but these (the
  // subject index's headwords); null when it reads only those
  var SUBJECT_FIELDS = ["subject"];
  function withoutFields(m, fields) {
    if (m instanceof Word || m instanceof Phrase) {
      var kept = {}, any = false;
      Object.keys(m.fields).forEach(function (f) { if (fields.indexOf(f) < 0) { kept[f] = m.fields[f]; any = true; } });
      if (!any) return null;
      return m instanceof Word ? new Word(m.terms, kept) : new Phrase(m.words, kept);
    }
    if (m instanceof AllOf) {
      var children = m.children.map(function (c) { return withoutFields(c, fields); });
      return children.some(function (c) { return c === null; }) ? null : new AllOf(children);
    }
    return m;
  }
  function Alternative(match, first, last, quality, own) {
    this.match = match; this.first = first; this.last = last;
    this.quality = quality === undefined ? 1.0 : quality; this.own = own === undefined ? true : own;
  }
  var EN_STOP = new Set(DATA.en_stop), LATIN_WORD = new RegExp(G.latin_word, "gu");
  // as the index: whoosh's English stop words and one-letter words dropped, then Snowball's
  // English stems (stemEnglish: static/stem-en.js)
  function englishStems(text) {
    return (spelledOut(text).match(LATIN_WORD) || []).map(function (w) { return w.toLowerCase(); })
      .filter(function (w) { return !EN_STOP.has(w) && w.length >= 2; })
      .map(function (w) { return stemEnglish(w); });
  }
  // the field's terms beginning with prefix: the x chunk of its first character (every one for "")
  function termsWithPrefix(field, prefix) {
    var starts = prefix ? [prefix.codePointAt(0).toString(16)].filter(function (c) { return STARTS_HELD.has(c); }) : DATA.starts_held;
    var keys = [];
    starts.forEach(function (c) { var x = chunk("x" + c); if (x !== null && x[field]) keys = keys.concat(x[field]); });
    return keys.filter(function (t) { return t.indexOf(prefix) === 0; });
  }
  function byCodeUnits(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  // what matches the clause's own words, any inflection: [] for stop words only
  function ownMatches(c, englishOnly, highlight, prefixes) {
    if (c.kind === "id") { var term = normalizeId(c.text); highlight.add(term); return [new Flag("ids", term)]; }
    if (c.kind === "prefix" && !englishOnly) {
      var stem = fold(c.text); prefixes.add(stem);
      var set = new Set();
      PREFIX_FIELDS.forEach(function (f) { termsWithPrefix(f, stem).forEach(function (t) { set.add(t); }); });
      var terms = Array.from(set).sort(byCodeUnits), fl = {};
      PREFIX_FIELDS.forEach(function (f) { fl[f] = RU[f]; });
      var own = terms.length ? [new Word(terms, fl)] : [new Word([stem], RU)];
      if (!hasCyrillic(stem)) {
        // query.Searcher._own_matches: a Latin prefix reaches the English fields' stems too
        var en = new Set();
        EN_FIELDS.forEach(function (f) { termsWithPrefix(f, stem).forEach(function (t) { en.add(t); }); });
        if (en.size) own.push(new Word(Array.from(en).sort(byCodeUnits), EN_WEIGHTS));
      }
      return own;
    }
    if (c.kind === "english" || englishOnly) {
      var stems = englishStems(c.text), out = [];
      if (stems.length) out.push(stems.length > 1 ? new AllOf(stems.map(function (s) { return new Word([s], EN_WEIGHTS); })) : new Word(stems, EN_WEIGHTS));
      stems.forEach(function (s) { highlight.add(s); });
      if (c.kind === "english" && !englishOnly) {
        // a Latin word in Russian text (WBF, LHO) is a term of the Russian fields as written
        var own = wordTerms(c.text);
        if (own.length) { out.push(new Word(own.slice(), RU)); own.forEach(function (t) { highlight.add(t); }); }
      }
      return out;
    }
    var seq = (c.kind === "word" ? [wordTerms(c.text)] : phraseTerms(c.text)).filter(function (t) { return t.length; });
    seq.forEach(function (t) { t.forEach(function (x) { highlight.add(x); }); });
    var nodes = seq.length ? [sequenceNode(seq)] : [];
    if (c.kind === "phrase" && !hasCyrillic(c.text)) {
      // an English phrase in any inflection: its words' stems in order in the English text
      var enStems = englishStems(c.text);
      if (enStems.length > 1) {
        enStems.forEach(function (x) { highlight.add(x); });
        nodes.push(new Phrase(enStems.map(function (x) { return [x]; }), EN_TEXT));
      }
    }
    return nodes;
  }
  // what a glossary or thesaurus phrase can be matched against
  function slotOf(c, englishOnly) {
    if (englishOnly) return null;
    if (c.kind === "word") return ["word", wordTerms(c.text)];
    if (c.kind === "phrase") return ["phrase", phraseTerms(c.text).filter(function (t) { return t.length; })];
    if (c.kind === "english") return ["english", englishStems(c.text)];
    return null;
  }
  // the thesaurus as index.py compiles it (thesaurus.compiled), read through the forms table,
  // which holds every word of every say and means phrase
  // (compiled at the first query; kept once no chunk it read was missing)
  var COMPILED = null;
  function thesaurus() {
    if (COMPILED !== null) return COMPILED;
    var before = misses;
    var entries = DATA.thesaurus.map(function (row) {
      return {say: tokenize(row[0]).map(function (tok) { return {form: fold(tok.text), terms: tokenTerms(tok)}; }),
              means: row[1], weight: row[2],
              means_terms: row[1].map(function (m) {
                return tokenize(m).map(tokenTerms).filter(function (t) { return t.length; });
              })};
    });
    // query.say_index: the thesaurus entries by what their first word can be
    var index = new Map();
    entries.forEach(function (entry, k) {
      var first = entry.say[0];
      (first.terms.length ? first.terms : ["=" + first.form]).forEach(function (key) {
        if (!index.has(key)) index.set(key, []);
        index.get(key).push(k);
      });
    });
    var compiled = {entries: entries, index: index};
    if (misses === before) COMPILED = compiled;
    return compiled;
  }
  // the other lemmas of the word's family (сыграл → играть, игра) at FAMILY
  function familyAlternatives(c, u, understood, highlight) {
    if (Array.from(fold(c.text)).length < 2) return [];  // a letter alone: query.Searcher._family_alternatives
    var terms = wordTerms(c.text), set = new Set();
    terms.forEach(function (t) { (familyOf(t) || []).forEach(function (f) { set.add(f); }); });
    terms.forEach(function (t) { set.delete(t); });
    var family = Array.from(set).sort(byCodeUnits);
    if (!family.length) return [];
    family.forEach(function (f) { highlight.add(f); });
    understood.push({words: c.text, as: family, by: "family"});
    return [new Alternative(new Word(family, RU), u, u, P.family, false)];
  }
  // a thesaurus phrase that is a glossary term also matches the term's English in the English
  // titles and text (query.Searcher._translations)
  function sameTerms(a, b) {
    var x = new Set(a), y = new Set(b);
    return x.size === y.size && a.every(function (t) { return y.has(t); });
  }
  function translations(phrase, first, last, quality) {
    var out = [];
    DATA.glossary.forEach(function (g) {
      if (!g.en_stems.length || g.terms.length !== phrase.length) return;
      for (var i = 0; i < phrase.length; i++) if (!sameTerms(g.terms[i], phrase[i])) return;
      var stems = g.en_stems;
      var match = stems.length === 1 ? new Word(stems.slice(), EN_TEXT)
        : new AllOf(stems.map(function (x) { return new Word([x], EN_TEXT); }));
      out.push(new Alternative(match, first, last, quality * (phrase.length > 1 ? 1.0 : TRANSLATION), false));
    });
    return out;
  }
  // each thesaurus say spelt by plain words in a row (any form: by their terms; a stop word of
  // the say as typed) adds its means phrases for those words, at the entry's weight × THESAURUS
  function thesaurusAlternatives(said, understood) {
    var out = [], compiled = thesaurus(), THESAURUS = compiled.entries, SAY_INDEX = compiled.index;
    for (var start = 0; start < said.length; start++) {
      if (said[start] === null) continue;
      // only entries whose first word this word can be (in file order)
      var ks = new Set();
      ["=" + said[start][1]].concat(said[start][2]).forEach(function (key) {
        if (SAY_INDEX.has(key)) SAY_INDEX.get(key).forEach(function (k) { ks.add(k); });
      });
      Array.from(ks).sort(function (a, b) { return a - b; }).forEach(function (k) {
        var entry = THESAURUS[k];
        var say = entry.say, run = said.slice(start, start + say.length);
        if (run.length < say.length || run.some(function (w) { return w === null; })) return;
        for (var k = 0; k < say.length; k++) {
          var s = say[k], w = run[k];
          if (!s.terms.length ? w[1] !== s.form : !meets(w[2], s.terms)) return;
        }
        var words = run.filter(function (w) { return w[3] !== null; }).map(function (w) { return w[3]; });
        var means = entry.means_terms.filter(function (m) { return m.length; });
        if (!words.length || !means.length) return;
        means.forEach(function (m) {
          out.push(new Alternative(sequenceNode(m), words[0], words[words.length - 1], entry.weight * P.thesaurus, false));
          translations(m, words[0], words[words.length - 1], entry.weight * P.thesaurus).forEach(function (a) { out.push(a); });
        });
        understood.push({words: run.map(function (w) { return w[0]; }).join(" "), as: entry.means, by: "thesaurus"});
      });
    }
    return out;
  }
  function synonymsOf(entry) {
    var out = [];
    DATA.glossary.forEach(function (o) {
      if (o.translation === entry.translation && o !== entry && o.terms.length && !equalSeq(o.terms, entry.terms) && (o.terms.length > 1 || o.expand)
          && !out.some(function (x) { return equalSeq(x, o.terms); })) out.push(o.terms);
    });
    return out;
  }
  function spelt(terms) {
    for (var k = 0; k < DATA.glossary.length; k++) if (equalSeq(DATA.glossary[k].terms, terms)) return DATA.glossary[k].term;
    return terms.map(function (t) { return t[0]; }).join(" ");
  }
  function wordsOf(units, first, count) { return units.slice(first, first + count).map(function (u) { return u.text; }).join(" "); }
  function glossaryAlternatives(units, slots, understood, highlight) {
    var out = [], i = 0;
    while (i < units.length) {
      var slot = slots[i];
      if (slot === null) { i++; continue; }
      if (slot[0] === "english") { i = englishRun(units, slots, i, out, understood); continue; }
      var best = 0, entry = null;
      if (slot[0] === "phrase") {
        var seq = slot[1];
        for (var k = 0; k < DATA.glossary.length && entry === null; k++) {
          var g = DATA.glossary[k];
          if (g.terms.length === seq.length && seq.length > 1 && g.terms.every(function (t, x) { return meets(t, seq[x]); })) entry = g;
        }
        best = entry ? 1 : 0;
      } else {
        DATA.glossary.forEach(function (g) {
          var n = g.terms.length, run = slots.slice(i, i + n);
          if (n <= best || run.length < n || (n === 1 && !g.expand)) return;
          if (run.every(function (r, x) { return r !== null && r[0] === "word" && meets(r[1], g.terms[x]); })) { best = n; entry = g; }
        });
        if (best > 1) out.push(new Alternative(new Phrase(slots.slice(i, i + best).map(function (r) { return r[1].slice(); }), RU), i, i + best - 1));
      }
      if (entry === null) { i++; continue; }
      if (entry.en_stems.length) {  // the same term in the English fields
        var stems = entry.en_stems;
        stems.forEach(function (x) { highlight.add(x); });
        // (not terms_en: the glossary terms found in the Russian text, synonyms included, are no translation)
        var english = stems.length === 1 ? new Word(stems, EN_TEXT) : new AllOf(stems.map(function (x) { return new Word([x], EN_TEXT); }));
        // (a quoted phrase's English: found as the command line finds it, marked on a page where
        // its words stand in a row, as the phrase itself is -- never «card» alone)
        if (slot[0] === "phrase" && stems.length > 1) english.inRow = true;
        out.push(new Alternative(english, i, i + best - 1, entry.terms.length > 1 ? 1.0 : TRANSLATION, false));
      }
      var synonyms = synonymsOf(entry);
      synonyms.forEach(function (terms) { out.push(new Alternative(sequenceNode(terms), i, i + best - 1, SYNONYM, false)); });
      if (synonyms.length) understood.push({words: wordsOf(units, i, best), as: synonyms.map(spelt), by: "glossary"});
      i += best;
    }
    return out;
  }
  // English words from i spelling a glossary term: its Russian phrase, for the run
  function englishRun(units, slots, i, out, understood) {
    var best = 0, entries = [];
    DATA.glossary.forEach(function (g) {
      if (!g.terms.length || !(g.expand || g.terms.length > 1) || !g.en_stems.length) return;
      var stems = [], j = i;
      while (j < slots.length && stems.length < g.en_stems.length && slots[j] !== null && slots[j][0] === "english") {
        stems = stems.concat(slots[j][1]); j++;
      }
      if (equalSeq(stems, g.en_stems) && j - i >= best) {
        if (j - i > best) { best = j - i; entries = []; }
        entries.push(g);
      }
    });
    if (!best) return i + 1;
    entries.forEach(function (g) {
      out.push(new Alternative(sequenceNode(g.terms), i, i + best - 1));
      if (g.terms.length > 1) out.push(new Alternative(new AllOf(g.terms.map(function (t) { return sequenceNode([t]); })), i, i + best - 1));
    });
    understood.push({words: wordsOf(units, i, best), as: entries.map(function (g) { return g.term; }), by: "glossary"});
    return i + best;
  }
  function plan(query) {
    var parsed = parse(query), filters = parsed.filters, englishOnly = filters.lang === ENGLISH;
    // ... and the translation field for a language the nodes hold as a translation (Russian
    // beside an English main text): every match read in that field alone (query.Searcher.plan)
    var translated = filters.lang !== undefined && TRANSLATIONS.indexOf(filters.lang) >= 0;
    var units = [], alternatives = [], negative = [], slots = [], highlight = new Set(), prefixes = new Set(), understood = [];
    // the plain words in a row, stop words too, for the thesaurus's phrases:
    // [as typed, folded, terms, query word or null]; null where a row breaks
    var said = [];
    parsed.clauses.forEach(function (c) {
      var matches = ownMatches(c, englishOnly, c.negated ? new Set() : highlight, c.negated ? new Set() : prefixes);
      var plain = (c.kind === "word" || c.kind === "english") && !c.negated && !c.orPrevious;
      if (!matches.length) { said.push(plain ? [c.text, fold(c.text), [], null] : null); return; }  // stop words only
      if (c.negated) { negative = negative.concat(matches); said.push(null); return; }
      var u;
      if (c.orPrevious && units.length) {
        u = units.length - 1;
        units[u].text += " OR " + c.text;
        slots[u] = null;  // an OR spells no phrase
        if (said.length) said[said.length - 1] = null;
        said.push(null);
      } else {
        units.push({text: c.text, required: c.required});
        slots.push(slotOf(c, englishOnly));
        u = units.length - 1;
        said.push(plain ? [c.text, fold(c.text), wordTerms(c.text), u] : null);
      }
      if (c.kind === "phrase") units[u].quoted = true;  // (marks: a quoted phrase's marks are one stop on the page)
      matches.forEach(function (m) { alternatives.push(new Alternative(m, u, u)); });
      if (c.kind === "word" && !englishOnly) alternatives = alternatives.concat(familyAlternatives(c, u, understood, highlight));
    });
    if (!englishOnly) {
      alternatives = alternatives.concat(glossaryAlternatives(units, slots, understood, highlight));
      alternatives = alternatives.concat(thesaurusAlternatives(said, understood));
    }
    var kept = {}, scoped = editionFilters(filters);
    ["law", "kind", "edition"].forEach(function (k) { if (scoped[k] !== undefined) kept[k] = scoped[k]; });
    var named = kept.law !== undefined ? nodeOf(kept.law) : null;
    var part = kept.law !== undefined && !(named !== null && named.kind === "law") ? partOfLaw(kept.law) : null;
    if (part !== null) { kept.law = part.law; kept.within = part.id; }  // law:3.2: within that part of its law
    if (filters.lang !== undefined && filters.lang !== ENGLISH && !translated) kept.lang = filters.lang;
    if (translated) {
      alternatives = alternatives.map(function (a) {
        var m = inFields(a.match, TRANSLATION_FIELDS);
        return m === null ? null : new Alternative(m, a.first, a.last, a.quality, a.own);
      }).filter(function (a) { return a !== null; });
      negative = negative.map(function (m) { return inFields(m, TRANSLATION_FIELDS); }).filter(function (m) { return m !== null; });
    }
    if (!units.length && !Object.keys(kept).length) return null;
    return {query: {units: units, alternatives: alternatives, negative: negative, filters: kept},
            highlight: highlight, prefixes: prefixes, understood: understood, translated: translated};
  }

  // -- search (query.Searcher.search) ------------------------------------------------------
  // user input as a message repeats it (model.shorten): code points, as Python counts them
  function shorten(text) {
    var chars = Array.from(text), limit = DATA.params.echo_chars;
    return chars.length <= limit ? text : chars.slice(0, limit).join("") + "…";
  }
  function sortedSet(values) {
    return Array.from(new Set(values)).sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
  }
  // evaluate.filter_value: edition:X compares the edition prefix of a document's law (or ID), "" in the default
  function filterValue(meta, k) {
    if (k !== "edition") return String(meta[k] || "");
    return editionSplit(meta.law || meta.id || "")[0] || "";
  }
  // query.Searcher.edition_of: a hit's edition, its ID's prefix, else the default edition (null: none named)
  function editionOf(id) {
    return editionSplit(id)[0] || (DATA.editions || {})["default"] || null;
  }
  // evaluate.passes: within (law:3.2) holds the node and the documents below it
  function passes(meta, k, value) {
    if (k !== "within") return filterValue(meta, k) === value;
    if (meta.id === value) return true;
    var doc = docOf(value);
    return doc !== undefined && meta.above.indexOf(doc) >= 0;
  }
  // query.Searcher.part_of_law: the node a law: filter names when it is a part of a law (dotted IDs only)
  function partOfLaw(value) {
    if (!IDS.dotted) return null;
    var node = nodeOf(normalizeCitation(value).id);
    if (node === null || node.kind === "law" || node.kind === "commentary" || node.kind === "division" || !node.law) return null;
    return node;
  }
  // query.Searcher.edition_filters: edition:X as the documents' prefix, law:N with it as that edition's law
  function editionFilters(filters) {
    if (filters.edition === undefined) return filters;
    var eds = DATA.editions || {}, out = Object.assign({}, filters);
    out.edition = filters.edition === eds["default"] ? "" : filters.edition;
    // law:2017~50 names that edition's law already (as the hits' law reads)
    if (out.edition && out.law !== undefined && editionSplit(out.law)[0] === null) out.law = out.edition + eds.separator + out.law;
    return out;
  }
  // query.Searcher.check_filters: a filter value the corpus does not have is an error, not "nothing found".
  // {text, key, values}: `text` is the command line's message (English, as `search` prints it);
  // `key` and `values` what the page says in the site's language (profile strings "search_error_<key>")
  function filterError(filters) {
    var known = (DATA.editions || {}).list || [];
    function error(text, key, values) { return {text: text, key: key, values: values}; }
    // law:N edition:X names law N of edition X
    var scoped = filters.edition !== undefined && known.indexOf(filters.edition) >= 0 ? editionFilters(filters) : filters;
    var law = filters.law !== undefined ? nodeOf(scoped.law) : null, laws = DATA.law_range;
    if (filters.law !== undefined && !(law !== null && law.kind === "law") && partOfLaw(scoped.law) === null &&
        filters.edition !== undefined && known.indexOf(filters.edition) >= 0 && known.length > 1) {
      // query.Searcher._no_law_in_edition: law:N edition:X naming no law of X: X's laws, and where law N is
      var eds0 = DATA.editions || {}, number = editionSplit(filters.law)[1], own = (DATA.law_ranges || {})[filters.edition];
      var there = known.filter(function (ed) {
        if (ed === filters.edition) return false;
        var n = nodeOf(ed === eds0["default"] ? number : ed + eds0.separator + number);
        return n !== null && n.kind === "law";
      });
      var ownHeld = own ? "which holds laws " + own[0] + "-" + own[1] : "which holds no law text";
      return error("law:" + shorten(filters.law) + " names no law of the " + filters.edition + " edition, " + ownHeld +
        (there.length ? "; " + there.map(function (ed) {
          return "law " + shorten(number) + " of edition " + ed + ": law:" + shorten(number) + " edition:" + ed;
        }).join("; ") : ""), there.length ? "law_in_edition_elsewhere" : "law_in_edition",
        {law: shorten(filters.law), edition: filters.edition, first: own ? own[0] : "", last: own ? own[1] : "",
         filters: there.map(function (ed) { return "law:" + shorten(number) + " edition:" + ed; }).join("; ")});
    }
    if (filters.law !== undefined && !(law !== null && law.kind === "law") && partOfLaw(scoped.law) === null) {
      var held = laws ? "which holds laws " + laws[0] + "-" + laws[1] : "which holds no law text";
      var range = laws ? {law: shorten(filters.law), first: laws[0], last: laws[1]} : {law: shorten(filters.law)};
      // a bare law:N is the default edition's law N, as a bare ID is; say where else it is
      var eds = DATA.editions || {}, elsewhere = filters.edition !== undefined ? [] : known.filter(function (ed) {
        var n = nodeOf(ed + eds.separator + filters.law);
        return n !== null && n.kind === "law";
      });
      if (elsewhere.length)
        return error("law:" + shorten(filters.law) + " names no law of the default edition " + eds["default"] + ", " + held +
          "; " + elsewhere.map(function (ed) {
            return "law " + shorten(filters.law) + " of edition " + ed + ": law:" + shorten(filters.law) + " edition:" + ed;
          }).join("; "), "law_elsewhere", Object.assign({}, range, {default: eds["default"], filters: elsewhere.map(function (ed) {
            return "law:" + shorten(filters.law) + " edition:" + ed;
          }).join("; ")}));
      return error("law:" + shorten(filters.law) + " names no law of this corpus, " + held, laws ? "law" : "law_no_text", range);
    }
    var kinds = sortedSet(DATA.kinds);
    if (filters.kind !== undefined && kinds.indexOf(filters.kind) < 0)
      return error("kind:" + shorten(filters.kind) + " is not a kind of node in this corpus; use one of " + kinds.join(", "),
        "kind", {value: shorten(filters.kind), known: kinds.join(", ")});
    var langs = sortedSet(DATA.langs.concat([ENGLISH], TRANSLATIONS));
    if (filters.lang !== undefined && langs.indexOf(filters.lang) < 0)
      return error("lang:" + shorten(filters.lang) + " is not a language of this corpus; use one of " + langs.join(", "),
        "lang", {value: shorten(filters.lang), known: langs.join(", ")});
    if (filters.edition !== undefined && known.indexOf(filters.edition) < 0)
      return error("edition:" + shorten(filters.edition) + " is not an edition of this corpus; use one of " + (known.join(", ") || "none"),
        "edition", {value: shorten(filters.edition), known: known.join(", ")});
    return null;
  }
  function jump(query, id, order, limit) {
    var hl = new Set([normalizeId(id)]);
    return {query: query, kind: "id", total: order.length, target: id,
            hits: order.slice(0, limit).map(function (n, rank) { return hit(n, order.length - rank, hl, new Set(), true); })};
  }
  // query.Searcher.asked_in_edition: the query's words, its edition: filter and an edition's prefix
  // aside, and the edition they name ([rest, null] when none is); null: another filter, or two editions
  function askedInEdition(query) {
    var filters = parse(query).filters, keys = Object.keys(filters);
    if (keys.some(function (k) { return k !== "edition"; })) return null;
    var rest = keys.length ? query.split(/\s+/).filter(function (w) { return w && !FILTER.test(narrow(w)); }).join(" ") : query;
    var split = editionSplit(strip(narrow(rest))), known = (DATA.editions || {}).list || [];
    if (split[0] !== null && known.indexOf(split[0]) < 0) return null;
    if (split[0] !== null) rest = split[1];
    var edition = filters.edition !== undefined ? filters.edition : null;
    if (split[0] !== null && edition !== null && split[0] !== edition) return null;
    return [rest, edition !== null ? edition : split[0]];
  }
  // query.Searcher._in_edition / _of_edition: a bare ID in the edition named; the IDs of that edition
  function inEdition(id, edition) {
    var eds = DATA.editions || {};
    return edition === null || id === null || edition === eds["default"] ? id : edition + eds.separator + id;
  }
  function ofEdition(list, edition) {
    if (edition === null) return list;
    var prefix = edition === (DATA.editions || {})["default"] ? null : edition;
    return list.filter(function (n) { return editionSplit(n)[0] === prefix; });
  }
  function citation(query, limit) {
    var asked = askedInEdition(query);
    if (asked === null) return null;
    var rest = asked[0], edition = asked[1];
    var m = CITATION.exec(narrow(rest));  // an ID typed full-width ("５０Ｅ") is an ID
    if (!m) return idJump(query, rest, edition, limit);
    var found = normalizeCitation(m[1]), id = inEdition(found.id, edition), law = inEdition(found.law, edition);
    // a citation of a law the edition searched lacks and others have: nothing here (the hint
    // names where it is), not a text search for its words -- as query.Searcher._citation
    var other = exists(id) ? null : elsewhere(query);
    if (other !== null) {
      // an ID the edition searched lacks and others have: where the comparison of the texts says
      // it is in this edition, else nothing here -- never a law that only shares its number
      if (!other.went) return {query: query, kind: "id", total: 0, hits: []};
      id = other.went.id;
      var moved = [id];
      ofEdition(citationsOf(id), edition).forEach(function (n) { if (moved.indexOf(n) < 0) moved.push(n); });
      return jump(query, id, moved, limit);
    }
    if (!exists(id) && !(law && exists(law))) return null;
    var order = [exists(id) ? id : law];
    ofEdition(citationsOf(id), edition).forEach(function (n) { if (order.indexOf(n) < 0) order.push(n); });
    return jump(query, id, order, limit);
  }
  // every other ID `lawsearch show` takes: a division, a piece, a footnote (then its owners)
  function idJump(query, rest, edition, limit) {
    var id = inEdition(strip(narrow(rest)), edition);
    var note = noteOf(id);
    if (note !== null) return jump(query, id, [id].concat(ofEdition(note.owners, edition)), limit);
    if (!exists(id)) return null;
    var order = [id];
    ofEdition(citationsOf(id), edition).forEach(function (n) { if (n !== id) order.push(n); });
    return jump(query, id, order, limit);
  }
  function textSearch(query, limit) {
    var p = plan(query);
    if (!p) return {query: query, kind: "text", total: 0, hits: [], by_law: {}, missing: [], found: [], understood_as: []};
    var ranked = runQuery(p.query), byLaw = {}, shown = ranked.slice(0, limit);
    ranked.forEach(function (r) { var law = docNode(r.doc).law || ""; byLaw[law] = (byLaw[law] || 0) + 1; });
    var missing = p.query.units.filter(function (u, i) { return !shown.some(function (r) { return r.covered[i]; }); })
      .map(function (u) { return u.text; });
    var found = p.query.units.filter(function (u, i) { return shown.some(function (r) { return r.covered[i]; }); })
      .map(function (u) { return u.text; });
    // each reading of the same words as the same phrases once (the glossary and the thesaurus may both say it)
    var readings = [];
    p.understood.forEach(function (u) {
      if (!readings.some(function (o) { return o.words === u.words && equalSeq(o.as, u.as); })) readings.push(u);
    });
    var via = viaSubjectIndex(p, shown.map(function (r) { return r.doc; }));
    return {query: query, kind: "text", total: ranked.length, by_law: byLaw, missing: missing, found: found, understood_as: readings,
            hits: shown.map(function (r, i) {
              var h = hit(docNode(r.doc).id, r.score, p.highlight, p.prefixes, false, p.translated);
              if (via[i]) h.via_subject_index = true;  // the key only where true (query.Hit.to_dict)
              return h;
            })};
  }
  // query.Searcher.via_subject_index: for each of docs, whether the query found it only through
  // the subject index (its words in a headword naming the node, in none of its other fields)
  function viaSubjectIndex(p, docs) {
    var wanted = new Set(docs), alternatives = p.query.alternatives.map(function (a) { return a.match; });
    var subject = matchedBy(alternatives.map(function (m) { return inFields(m, SUBJECT_FIELDS); }), wanted);
    var own = matchedBy(alternatives.map(function (m) { return withoutFields(m, SUBJECT_FIELDS); }), subject);
    return docs.map(function (d) { return subject.has(d) && !own.has(d); });
  }
  // query.matched_by: of docs, those some of the matches (null: none) reads
  function matchedBy(matches, docs) {
    var out = new Set();
    matches.forEach(function (m) {
      if (m === null || out.size >= docs.size) return;
      m.scores().forEach(function (_, doc) { if (docs.has(doc)) out.add(doc); });
    });
    return out;
  }
  function editDistance(a, b, bound) {
    var prev2 = null, prev = [];
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      var cur = [i];
      for (j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0));
        if (prev2 !== null && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], prev2[j - 2] + 1);
      }
      if (Math.min.apply(null, cur) > bound) return bound + 1;
      prev2 = prev; prev = cur;
    }
    return prev[b.length];
  }
  // query.Speller: corpus words within two edits, closest, then most frequent, then alphabetical
  var SPELL_BOUND = 1, BY_LENGTH = new Map(), SPELL_CACHE = new Map();
  function ofLength(n) {  // the corpus words of n letters: [word, its letters, count]
    if (BY_LENGTH.has(n)) return BY_LENGTH.get(n);
    var before = misses, table = vocabulary(n), out = Object.keys(table).map(function (c) { return [c, letterSet(c), table[c]]; });
    if (misses === before) BY_LENGTH.set(n, out);
    return out;
  }
  function letterSet(w) { var out = new Set(); for (var i = 0; i < w.length; i++) out.add(w[i]); return out; }
  function missingFrom(a, b) { var n = 0; a.forEach(function (x) { if (!b.has(x)) n++; }); return n; }
  function closeWords(word, limit) {
    limit = limit || 3;
    var key = limit + ":" + word;
    if (SPELL_CACHE.has(key)) return SPELL_CACHE.get(key);
    var letters = letterSet(word), scored = [], bound = SPELL_BOUND, before = misses;
    for (var n = word.length - bound; n <= word.length + bound; n++) {
      ofLength(n).forEach(function (entry) {
        // each edit brings in or takes out at most one distinct letter: a cheap bound first
        if (missingFrom(entry[1], letters) > bound || missingFrom(letters, entry[1]) > bound) return;
        var d = editDistance(word, entry[0], bound);
        if (d <= bound) scored.push([d, -entry[2], entry[0]]);
      });
    }
    scored.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0); });
    var out = scored.slice(0, limit).map(function (x) { return x[2]; });
    if (SPELL_CACHE.size > 10000) SPELL_CACHE.clear();
    if (misses === before) SPELL_CACHE.set(key, out);
    return out;
  }
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  // query.Searcher.corrections: each word the corpus does not know replaced by its closest
  // corpus word, then by the second and third closest; [] when there is nothing to correct
  function corrections(query) {
    var replacements = [];
    parse(query).clauses.forEach(function (c) {
      var w = c.text;
      if ((c.kind !== "word" && c.kind !== "english") || replacements.some(function (r) { return r[0] === w; }) ||
          w.length < P.min_corrected || known(c)) return;
      var cands = closeWords(fold(w));
      if (cands.length) replacements.push([w, cands]);
    });
    var variants = [];
    for (var k = 0; k < 3; k++) {
      var q = query;
      replacements.forEach(function (r) {
        var by = r[1][Math.min(k, r[1].length - 1)];
        q = q.replace(new RegExp("(?<![" + G.word_chars + "])" + escapeRe(r[0]) + "(?![" + G.word_chars + "])", "gu"),
                      function () { return by; });
      });
      if (variants.indexOf(q) < 0 && q !== query) variants.push(q);
    }
    return variants;
  }
  // query.Searcher.known: a form of a corpus lemma, a word of its text or glossary, a stop
  // word, an English word whose stem its English fields hold
  function known(c) {
    var w = fold(c.text), before = misses;
    if (STOP.has(w) || formsOf(w) !== undefined) return true;
    if (misses !== before) return true;  // (the search runs again once the forms are in)
    // the forms' chunk holds the families and real words too
    if (familyOf(w) !== undefined || isReal(w) || has(vocabulary(w.length), w)) return true;
    return c.kind === "english" && englishStems(c.text).some(function (s) {
      return EN_FIELDS.some(function (f) { return postings(f, s).size > 0; });
    });
  }
  function has(table, key) { return Object.prototype.hasOwnProperty.call(table, key); }
  function search(query, limit) {
    query = plainLetters(query);  // patterns.plain_letters: "𝐋𝐚𝐰" typed is "Law", as the text holds it
    limit = limit === undefined ? 10 : limit === null ? Infinity : limit;
    var error = filterError(parse(query).filters);
    if (error !== null) return {query: query, kind: "text", total: 0, hits: [], error: error.text, corrected_query: null, suggestions: [],
                                error_say: {key: error.key, values: error.values}};
    var result = citation(query, limit);
    if (result === null) {
      var variants = corrections(query);  // before ranking: a misspelt word would miss, not rank lower
      result = textSearch(variants.length ? variants[0] : query, limit);
      result.query = query;
      if (variants.length) { result.corrected_query = variants[0]; result.suggestions = variants.slice(1); }
      // a word of another script is searched nowhere: named, and not covered by any hit
      result.foreign = foreignWords(query);
      result.foreign.forEach(function (w) { if (result.missing.indexOf(w) < 0) result.missing.push(w); });
      // query.unsearchable: something typed, but no word, number, ID or filter in it («🂡»)
      var parsed = parse(query);
      result.unsearchable = !parsed.clauses.length && !Object.keys(parsed.filters).length && strip(query) !== "";
    }
    result.unsearchable = !!result.unsearchable;
    result.foreign = result.foreign || [];
    result.corrected_query = result.corrected_query || null;
    result.suggestions = result.suggestions || [];
    result.target = result.target || null;
    result.missing = result.missing || [];
    result.found = result.found || [];
    result.understood_as = result.understood_as || [];
    result.by_law = result.by_law || {};
    result.groups = result.kind === "text" ? groups(result.hits, result.by_law) : [];
    // what the page draws beside the hits: each group's law, the ID asked for
    result.groups.forEach(function (g) { if (g.law) nodeOf(g.law); });
    if (result.target) { nodeOf(result.target); noteOf(result.target); }
    result.reach = reach(result.by_law);
    var other = elsewhere(query);
    if (other !== null) result.elsewhere = other;
    return result;
  }
  // query.Searcher.elsewhere: the ID a query asks for (the whole query, its filters aside, a citation or
  // an ID, or its one ID beside filters) when the edition searched lacks it and others have it; null otherwise
  function elsewhere(query) {
    var eds = DATA.editions || {}, known = eds.list || [];
    if (known.length < 2) return null;
    var parsed = parse(query), clauses = parsed.clauses, id;
    // the query's words but its filters: «правило 6 edition:1987» cites 6 as «правило 6» does
    var rest = Object.keys(parsed.filters).length ? query.split(/\s+/).filter(function (w) { return w && !FILTER.test(narrow(w)); }).join(" ") : query;
    var m = CITATION.exec(rest);
    if (m) id = normalizeCitation(m[1]).id;
    else if (clauses.length === 1 && clauses[0].kind === "id" && !clauses[0].negated) id = normalizeCitation(clauses[0].text).id;
    else return null;
    var split = editionSplit(id), bare = split[1], edition = parsed.filters.edition || split[0] || eds["default"];
    function qualified(ed) { return ed === eds["default"] ? bare : ed + eds.separator + bare; }  // editions.qualify
    if (known.indexOf(edition) < 0 || exists(qualified(edition))) return null;
    var found = known.filter(function (ed) { return ed !== edition && exists(qualified(ed)); }).map(function (ed) {
      return {edition: ed, id: qualified(ed), url: nodeOf(qualified(ed)).url};
    });
    if (!found.length) return null;
    var out = {id: bare, edition: edition, found: found};
    // where the comparison of the texts says that node is in the edition searched (index.went_entries)
    var went = ((eds.went || {})[edition] || {})[bare], target = went ? (edition === eds["default"] ? went : edition + eds.separator + went) : null;
    if (target && exists(target)) out.went = {id: target, url: nodeOf(target).url};
    return out;
  }

  // -- groups (query.groups, query.reach) ----------------------------------------------------
  // Hits by law, laws in order of their best hit; each law shows its best PER_LAW, its own
  // node first when it is among them (it heads the group); hits in no law are all shown.
  function groups(hits, totals) {
    var laws = [], members = {};
    hits.forEach(function (h) {
      var law = h.law || "";
      if (!Object.prototype.hasOwnProperty.call(members, law)) { laws.push(law); members[law] = []; }
      members[law].push(h.id);
    });
    return laws.map(function (law) {
      var ids = members[law], cap = laws.length === 1 || !law ? ids.length : PER_LAW, shown = ids.slice(0, cap);
      if (shown.indexOf(law) >= 0) shown = [law].concat(shown.filter(function (id) { return id !== law; }));
      return {law: law || null, ids: ids, shown: shown, more: Math.max(0, ids.length - cap),
              total: Math.max(ids.length, totals[law] || 0)};
    });
  }
  // how many hits the groups show when every match is fetched: a bigger limit helps only up to this
  function reach(byLaw) {
    var laws = Object.keys(byLaw), n = 0;
    laws.forEach(function (law) { n += laws.length === 1 || !law ? byLaw[law] : Math.min(byLaw[law], PER_LAW); });
    return n;
  }

  // -- hits and snippets (query.Searcher._hit / snippet) ---------------------------------------
  var SNIPPET = DATA.params.snippet, PER_LAW = DATA.params.per_law, GAP_START = "[…] ";  // query.GAP_START
  // query.Searcher._matched: an ID, a form of a lemma, a word with a prefix, an English word with a stem of the query
  var LATIN_WHOLE = whole(G.latin_word);
  function matched(tok, highlight, prefixes) {
    if (!highlight.size && !prefixes.size) return false;  // (a footnote asked for by its ID: nothing to mark)
    if (tok.kind === "id") return highlight.has(normalizeId(tok.text));
    if (tok.kind !== "word") return false;
    if (wordTerms(tok.text).some(function (t) { return highlight.has(t); }) ||
        Array.from(prefixes).some(function (p) { return fold(tok.text).indexOf(p) === 0; })) return true;
    return LATIN_WHOLE.test(tok.text) && highlight.has(stemEnglish(tok.text.toLowerCase()));
  }
  // a snippet text's tokens, kept: the same few texts come back query after query
  var TOKENS = new Map();
  function tokensOf(text) {
    var tokens = TOKENS.get(text);
    if (tokens === undefined) {
      if (TOKENS.size > 20000) TOKENS.clear();
      TOKENS.set(text, tokens = tokenize(text));
    }
    return tokens;
  }
  function snippet(text, highlight, prefixes, lostStart) {
    text = text.split("\n\n").join(" ¶ ");
    var matches = [];
    tokensOf(text).forEach(function (tok) { if (matched(tok, highlight, prefixes)) matches.push([tok.start, tok.end]); });
    // offsets as Python counts them, in code points: a character beyond the BMP is two units here
    var seq = text;
    if (/[\uD800-\uDFFF]/.test(text)) {
      seq = Array.from(text);
      var at = [], u = 0;
      seq.forEach(function (ch, i) { for (var k = 0; k < ch.length; k++) at[u++] = i; });
      at[u] = seq.length;
      matches = matches.map(function (m) { return [at[m[0]], at[m[1]]]; });
    }
    var start = 0;
    if (matches.length && matches[0][0] > Math.floor(SNIPPET / 3)) start = seq.lastIndexOf(" ", matches[0][0] - Math.floor(SNIPPET / 4) - 1) + 1;
    var end = seq.length;
    if (end - start > SNIPPET) { var cut = seq.indexOf(" ", start + SNIPPET); end = cut !== -1 ? cut : end; }
    var prefix = start > 0 ? "…" : lostStart ? GAP_START : "", suffix = end < seq.length ? "…" : "", shift = prefix.length - start;
    var middle = seq.slice(start, end);
    return {text: prefix + (typeof middle === "string" ? middle : middle.join("")) + suffix,
            spans: matches.filter(function (m) { return m[0] >= start && m[1] <= end; }).map(function (m) { return [m[0] + shift, m[1] + shift]; })};
  }
  // byId: a node asked for by its ID (query.Searcher._jump): its own text, the English aligned under it
  // translated: the words were matched in the translation field alone (plan): its snippet first
  function hit(id, score, highlight, prefixes, byId, translated) {
    var note = noteOf(id);
    if (note !== null) {  // a footnote asked for by its ID
      var s = snippet(note.text, new Set(), new Set());
      return {id: id, law: note.law, kind: "footnote", title: null, score: score, snippet: s.text, highlights: s.spans, url: note.url,
              edition: editionOf(id)};
    }
    var n = nodeOf(id) || {law: null, kind: null, title: null, url: ""}, english = field("texts_en", id);
    var own = field("texts", id);
    var text = own || field("footnotes", id) || n.title || english || field("titles_en", id) || "";
    var lost = !!own && text === own && lostStartOf(id);
    var sn = snippet(text, highlight, prefixes, lost), fromEnglish = false;
    if (!sn.spans.length && !byId && english && text !== english) {
      // matched in the English only: show that; a node that matched no word (filters alone:
      // law:2, edition:2016-fed) shows its own text, as one asked for by its ID
      var en = snippet(english, highlight, prefixes);
      if (en.spans.length) { sn = en; fromEnglish = true; }
    }
    var other = field("texts_tr", id);
    if ((translated || !sn.spans.length) && !byId && other) {
      // matched in a translation other than English only (lang:ru beside an English main text):
      // show that, with nothing aligned under it (query.Searcher._hit)
      var tr = snippet(other, highlight, prefixes);
      translated = tr.spans.length > 0;
      if (translated) sn = tr;
    }
    var out = {id: id, law: n.law, kind: n.kind, title: n.title, score: score, snippet: sn.text, highlights: sn.spans, url: n.url,
               edition: editionOf(id)};
    var pair = own && !translated ? alignedAt(id, fromEnglish ? english : text, fromEnglish ? own : english, fromEnglish, highlight, prefixes) : null;
    if (pair !== null) out.aligned = {lang: fromEnglish ? n.lang : ENGLISH, text: pair[0], by: pair[1]};
    return out;
  }
  // query.Searcher.aligned / alignment.aligned_text: the other text's sentence aligned with the one
  // the first match stands in, from both texts' sentence spans (code points of the texts as
  // shown, the build's: the t chunk's "aligned"); null when the node has no other text
  function alignedAt(id, text, other, fromEnglish, highlight, prefixes) {
    if (!other || other === text || !text) return null;
    var t = textsOf(docOf(id)), spans = t.aligned && has(t.aligned, id) ? t.aligned[id] : null;
    if (spans === null) return null;
    var line = Array.from(text.split("\n\n").join(" ¶ ")), shown = Array.from(other.split("\n\n").join(" ¶ "));
    var units = line.join(""), first = 0, at = [], u = 0;
    line.forEach(function (ch, i) { for (var k = 0; k < ch.length; k++) at[u++] = i; });
    var tokens = tokensOf(units);
    for (var k = 0; k < tokens.length; k++) if (matched(tokens[k], highlight, prefixes)) { first = at[tokens[k].start]; break; }
    var mine = pairsOf(spans[fromEnglish ? 1 : 0]), theirs = pairsOf(spans[fromEnglish ? 0 : 1]);
    if (!mine.length || !theirs.length || !line.length) return null;
    var i = 0;
    while (i < mine.length - 1 && !(first < mine[i][1])) i++;
    if (mine.length === theirs.length) return [shown.slice(theirs[i][0], theirs[i][1]).join(""), "sentence"];
    var middle = (mine[i][0] + mine[i][1]) / 2 / line.length * shown.length;
    var j = 0;
    while (j < theirs.length - 1 && !(middle < theirs[j][1])) j++;
    return [shown.slice(theirs[j][0], theirs[j][1]).join(""), "position"];
  }
  function pairsOf(flat) { var out = []; for (var i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]); return out; }

  // -- the words a query matched, marked in a page's own text (search.js) -----------------------
  // Every term of every reading the plan made of the query -- its own words, their families, the
  // glossary's synonyms, the Russian term an English phrase spells, the thesaurus's phrases, the
  // English stems -- and its prefixes: a snippet marks only the query's own words (as the
  // command line does), but a page opened from a hit of «penalty card» must show where
  // «штрафная карта» stands. The query is read as search() reads it (a misspelt word corrected);
  // a query naming an ID marks nothing. The forms of the page's words come with the t chunks
  // of its nodes (`ids`), as a snippet's do. texts: strings; each gets its marks' [start, end)
  // in UTF-16 units, as a page's text node counts them.
  // a reading's words: single terms (a word, an ID) and phrases, each a sequence of term sets
  function readingsOf(match, singles, phrases) {
    if (match instanceof Word) match.terms.forEach(function (t) { singles.add(t); });
    else if (match instanceof Flag) singles.add(match.term);
    else if (match instanceof Phrase) phrases.push(match.words);
    else if (match instanceof AllOf && match.inRow) phrases.push(match.children.map(function (c) { return c.terms; }));
    else if (match instanceof AllOf) match.children.forEach(function (c) { readingsOf(c, singles, phrases); });
  }
  // a phrase's words where they stand in a row, as Phrase.occurs finds them (each within SLOP
  // tokens of the one before): «карта стола» marks «карты стола», not every «карта»
  function phraseAt(words, termsAt, out, numbered) {
    for (var i = 0; i < termsAt.length; i++) {
      if (!meets(termsAt[i], words[0])) continue;
      var at = [i];
      for (var w = 1; w < words.length && at.length === w; w++) {
        var last = at[at.length - 1];
        for (var j = last + 1; j < termsAt.length && j - last <= SLOP; j++) if (meets(termsAt[j], words[w])) { at.push(j); break; }
      }
      // (each occurrence of a quoted phrase numbered: the page steps through its marks phrase by phrase)
      if (at.length !== words.length) continue;
      if (numbered) { var n = (out.phrases = (out.phrases || 0) + 1); at.forEach(function (k) { out[k] = n; }); }
      else at.forEach(function (k) { if (!out[k]) out[k] = true; });
    }
  }
  function marks(query, ids, texts) {
    var before = misses, none = texts.map(function () { return []; });
    ids.forEach(function (id) { var d = docOf(id); if (d !== undefined) textsOf(d); });
    // the texts' forms first (run() comes back once they are in): else every word of the page
    // would ask for its w chunk, most of the forms table
    if (misses !== before) return none;
    if (!strip(query) || citation(query, 0) !== null) return none;
    var variants = corrections(query), p = plan(variants.length ? variants[0] : query);
    if (!p) return none;
    // (a quoted phrase's words are marked where they stand in a row, never one alone: the plan's
    // highlight holds them for snippets, as the command line marks them, and is left out for them)
    var singles = new Set(), phrases = [];
    var quoted = new Set();  // the query's own phrases (quoted), not a glossary's or thesaurus's reading
    p.query.alternatives.forEach(function (a) {
      var before = phrases.length;
      readingsOf(a.match, singles, phrases);
      // (any reading of a quoted phrase alone: its own words, its glossary term's English)
      var inQuotes = true;
      for (var k = a.first; k <= a.last; k++) if (!p.query.units[k].quoted) inQuotes = false;
      if (inQuotes) phrases.slice(before).forEach(function (words) { quoted.add(words); });
    });
    var inPhrases = new Set();
    phrases.forEach(function (words) { words.forEach(function (terms) { terms.forEach(function (t) { inPhrases.add(t); }); }); });
    p.highlight.forEach(function (t) { if (!inPhrases.has(t)) singles.add(t); });
    return texts.map(function (text) {
      var toks = tokenize(text).filter(function (tok) { return tok.kind === "word" || tok.kind === "id"; }), marked = [];
      toks.forEach(function (tok, k) { if (matched(tok, singles, p.prefixes)) marked[k] = true; });
      if (phrases.length) {
        // (an English word: its Snowball stem too, as an English phrase's words are read)
        var termsAt = toks.map(function (tok) {
          if (tok.kind === "id") return [normalizeId(tok.text)];
          var terms = wordTerms(tok.text);
          return LATIN_WHOLE.test(tok.text) ? terms.concat([stemEnglish(tok.text.toLowerCase())]) : terms;
        });
        phrases.forEach(function (words) { phraseAt(words, termsAt, marked, quoted.has(words)); });
      }
      // [start, end], and a third, the phrase's occurrence in this text, for a word of a quoted phrase
      var out = [];
      toks.forEach(function (tok, k) {
        if (marked[k]) out.push(typeof marked[k] === "number" ? [tok.start, tok.end, marked[k]] : [tok.start, tok.end]);
      });
      return out;
    });
  }

  // what a page shows of a node: it, its text, its first part or commentary (a reference preview)
  function touch(id) {
    nodeOf(id); field("texts", id);
    var child = firstChild(id);
    if (child !== null) { nodeOf(child); field("texts", child); }
    commentaryOf(id).slice(0, 1).forEach(function (c) { field("texts", c); });
  }
  // (the chunks read since missing(true); names to load)
  function missing(reset) {
    var names = Array.from(MISSING).sort();
    if (reset) MISSING.clear();
    return names;
  }
    return {search: search, tokenize: tokenize, fold: fold, wordTerms: wordTerms, parse: parse, missing: missing, touch: touch,
            marks: marks,
            node: nodeOf, commentaryOf: commentaryOf, firstChild: firstChild,
            text: function (id) { return field("texts", id); }, note: noteOf,
            // the title in the translation of a node known by it only (a law whose heading is lost)
            translationTitle: function (id) { return field("titles_en", id); }};
  }

  return {create: create, build: build};
}));
