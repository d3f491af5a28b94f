/* lawsearch's search engine: the query language, normalisation, ranking, grouping, snippets
   and corrections of lawsearch/query.py and lawsearch/evaluate.py, without a page. The page
   (static/search.js) draws what it returns; the tests run this very file under Node and
   compare every answer with Python's (tests/test_engine.py).

   Plain, dependency-free JS, no DOM: in a page it is the global LawsearchEngine (load
   static/stem-en.js first), in Node require("./engine.js"). The tokenizer, the query
   syntax and the citations are not written here: they come with the data, as the sources
   of lawsearch/patterns.py's search grammar, compiled as they are.

       var engine = LawsearchEngine.create(window.LAWSEARCH_DATA);   // or a promise of the data
       engine.search("штрафными картами", 10).then(function (result) { … });
       LawsearchEngine.build(data).search("штрафными картами", 10)  // at once, data in hand */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./stem-en.js"));
  else root.LawsearchEngine = factory(root.stemEnglish);
}(typeof self !== "undefined" ? self : this, function (stemEnglish) {
  "use strict";

  // An engine that answers once its data is there: `source` is the data or a promise of it
  // (a page may load the index in pieces). search() answers with a promise.
  function create(source) {
    var engine = null;
    var loading = Promise.resolve(source).then(function (data) { engine = build(data); return engine; });
    return {
      ready: function () { return loading; },
      search: function (query, limit) { return loading.then(function (e) { return e.search(query, limit); }); },
      now: function () { return engine; }  // the built engine, or null while the data is on its way
    };
  }

  // The engine over data in hand (site.search_payload's LAWSEARCH_DATA).
  function build(DATA) {
  // -- analysis (lawsearch/analysis.py; patterns: lawsearch/patterns.py's search grammar) -----
  var G = DATA.grammar;
  var TOKEN = new RegExp(G.token, "gu"), KINDS = G.token_kinds;
  function whole(source) { return new RegExp("^(?:" + source + ")$", "u"); }
  var MARKS = new RegExp("[" + G.marks + "]", "gu"), CYRILLIC = new RegExp("[" + G.cyrillic + "]", "u");
  var EDGE_SPACES = new RegExp("^[" + G.spaces + "]+|[" + G.spaces + "]+$", "gu");
  var LOOK_FROM = DATA.lookalikes[0], LOOK_TO = DATA.lookalikes[1];
  var STOP = new Set(DATA.stop);

  function tokenize(text) {
    var out = [], m, n = 0;
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
  // analysis.fold: lower case, decomposed й and ё composed, ё as е, no stress marks
  function fold(w) {
    w = w.toLowerCase();
    G.fold.forEach(function (pair) { w = w.split(pair[0]).join(pair[1]); });
    return w.replace(MARKS, "");
  }
  function normalizeId(t) { return lookalikes(t).toLowerCase(); }
  function hasCyrillic(s) { return CYRILLIC.test(s); }
  function strip(s) { return s.replace(EDGE_SPACES, ""); }  // patterns.strip_spaces

  function wordTerms(word) {
    var w = fold(word);
    if (STOP.has(w)) return [];
    var t = DATA.forms[w];
    return t !== undefined ? t : [w];
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
  function lawId(law, section, clause, sub, item) {
    var out = law;
    if (section) out += section.toUpperCase();
    if (clause) out += clause;
    if (sub) out += "(" + sub.toLowerCase() + ")";
    if (item) out += "(" + item + ")";
    return out;
  }
  // ids.normalize of what the citation pattern took: digits, maybe a space, letters, brackets
  function normalizeCitation(raw) {
    var s = lookalikes(raw).replace(/ /g, "");
    var m = /^(\d+)([A-Za-z])?(\d+)?(?:\(([A-Za-z])\))?(?:\((\d+)\))?$/.exec(s);
    if (m) {
      if (m[4] && !m[3] && !m[2]) return raw;
      return lawId(m[1], m[2], m[3], m[4], m[5]);
    }
    if (/^\d+\.\d+$/.test(s)) return s;
    return raw;
  }
  function lawOf(id) { var m = /^(\d+)[A-Z]/.exec(id); return m ? m[1] : null; }

  // -- the query language (query.parse) ----------------------------------------------------
  function parse(query) {
    var clauses = [], filters = {}, negateNext = false, orNext = false;
    var m;
    QUERY_PART.lastIndex = 0;
    while ((m = QUERY_PART.exec(query)) !== null) {
      if (m[2] !== undefined) {
        var t = strip(m[2]);
        if (t) clauses.push({kind: "phrase", text: t, negated: m[1] === "-" || negateNext, orPrevious: orNext});
        negateNext = orNext = false;
        continue;
      }
      var word = m[3];
      if (word === "OR") { orNext = clauses.length > 0; continue; }
      if (word === "NOT" || word === "AND") { negateNext = word === "NOT"; continue; }
      var f = FILTER.exec(word);
      if (f) { filters[f[1]] = f[2]; continue; }
      var negated = negateNext;
      if (word.charAt(0) === "-" && word.length > 1) { negated = true; word = word.slice(1); }
      tokenize(word).forEach(function (tok) {
        var kind;
        if (tok.kind === "id") kind = "id";
        else if (tok.kind === "word" && word.charAt(word.length - 1) === "*" && tok.end === word.length - 1) kind = "prefix";
        else if (tok.kind === "word" && !hasCyrillic(tok.text)) kind = "english";
        else kind = "word";
        clauses.push({kind: kind, text: tok.text, negated: negated, orPrevious: orNext});
        orNext = false;
      });
      negateNext = orNext = false;
    }
    return {clauses: clauses, filters: filters};
  }

  // -- nodes and the Russian fields' postings, built here from the texts -------------------
  // anchors and URLs as lawsearch/ids.py makes them
  function anchor(id) {
    if (/^\d+(?:[A-Z]\d*(?:\([a-z]\))?(?:\(\d+\))?)?$/.test(id)) return "l" + id.replace(/\((\w+)\)/g, "-$1").toLowerCase();
    var c = /^(\d+)\.(\d+)$/.exec(id);
    return c ? "c" + c[1] + "-" + c[2] : id;
  }
  function urlOf(id, law) {
    var d = /^div-(?:glava|chast|razdel)-(\d+)$/.exec(id);
    if (d) return "laws/" + d[1] + ".html#" + id;
    return law === null ? "unattributed.html#" + anchor(id) : "laws/" + law + ".html#" + anchor(id);
  }
  var NODES = {}, COMMENTARY = {};
  DATA.nodes.forEach(function (r, order) {
    NODES[r[0]] = {id: r[0], law: r[1], kind: r[2], lang: r[3], title: r[4], parent: r[5], order: order, url: urlOf(r[0], r[1])};
    if (r[2] === "commentary") (COMMENTARY[r[1]] = COMMENTARY[r[1]] || []).push(r[0]);
  });
  function tokenTerms(tok) {
    if (tok.kind === "id") return [normalizeId(tok.text)];
    if (tok.kind === "para" || tok.kind === "num") return [tok.text.replace(/,/g, ".")];
    return wordTerms(tok.text);
  }
  var BUILT = {}, LENGTHS = {};
  Object.keys(DATA.lengths).forEach(function (f) { LENGTHS[f] = DATA.lengths[f]; });
  (function index() {  // what lawsearch/index.py's documents() gives whoosh, field by field
    var fields = {
      title: function (id) { return NODES[id].title || ""; },
      text: function (id) { return DATA.texts[id] || ""; },
      footnotes: function (id) { return DATA.footnotes[id] || ""; },
      commentary: function (id) {
        return NODES[id].kind === "law" ? (COMMENTARY[id] || []).map(function (c) { return DATA.texts[c] || ""; }).join("\n\n") : "";
      }
    };
    Object.keys(fields).forEach(function (f) {
      var table = BUILT[f] = new Map(), lengths = LENGTHS[f] = [];
      DATA.docs.forEach(function (id, doc) {
        var n = 0;
        tokenize(fields[f](id)).forEach(function (tok) {
          var terms = tokenTerms(tok);
          if (!terms.length) return;
          n++;
          terms.forEach(function (t) {
            var p = table.get(t);
            if (p === undefined) table.set(t, p = new Map());
            var positions = p.get(doc);
            if (positions === undefined) p.set(doc, positions = []);
            positions.push(tok.position);
          });
        });
        lengths.push(n);
      });
    });
  })();

  // -- the ranking model (lawsearch/evaluate.py) ---------------------------------------------
  var K1 = DATA.params.k1, B = DATA.params.b, PHRASE_BONUS = DATA.params.phrase_bonus, SLOP = DATA.params.slop;
  var cache = {}, EMPTY = new Map();
  function postings(field, term) {
    if (BUILT[field]) return BUILT[field].get(term) || EMPTY;
    var key = field + "\u0000" + term, p = cache[key];
    if (p !== undefined) return p;
    p = new Map();
    var flat = (DATA.postings[field] || {})[term];
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
  var AVG = {};
  Object.keys(LENGTHS).forEach(function (f) {
    var v = LENGTHS[f], s = 0;
    for (var i = 0; i < v.length; i++) s += v[i];
    AVG[f] = v.length ? s / v.length : 0;
  });
  function bm25(field, term, doc) {
    var p = postings(field, term), positions = p.get(doc);
    if (!positions || !positions.length) return 0;
    var df = p.size, idf = Math.log(1 + (DATA.n - df + 0.5) / (df + 0.5)), tf = positions.length;
    var norm = 1 - B + B * LENGTHS[field][doc] / (AVG[field] || 1);
    return idf * tf * (K1 + 1) / (tf + K1 * norm);
  }
  function union(a, b) { b.forEach(function (x) { a.add(x); }); return a; }
  function intersect(a, b) { var out = new Set(); a.forEach(function (x) { if (b.has(x)) out.add(x); }); return out; }

  function Word(terms, fields, weight) { this.terms = terms; this.fields = fields; this.weight = weight === undefined ? 1 : weight; }
  Word.prototype.candidates = function () {
    var out = new Set(), self = this;
    Object.keys(this.fields).forEach(function (f) { self.terms.forEach(function (t) { postings(f, t).forEach(function (_, d) { out.add(d); }); }); });
    return out;
  };
  Word.prototype.score = function (doc) {
    var total = 0, found = false, self = this;
    Object.keys(this.fields).forEach(function (f) {
      var best = 0;
      self.terms.forEach(function (t) {
        if (postings(f, t).has(doc)) { found = true; best = Math.max(best, bm25(f, t, doc)); }
      });
      total += self.fields[f] * best;
    });
    return found ? this.weight * total : null;
  };

  function Phrase(words, fields, weight) { this.words = words; this.fields = fields; this.weight = weight === undefined ? 1 : weight; }
  Phrase.prototype.candidates = function () {
    var out = new Set(), self = this;
    Object.keys(this.fields).forEach(function (f) {
      var docs = null;
      self.words.forEach(function (terms) {
        var here = new Set();
        terms.forEach(function (t) { postings(f, t).forEach(function (_, d) { here.add(d); }); });
        docs = docs === null ? here : intersect(docs, here);
      });
      if (docs) union(out, docs);
    });
    return out;
  };
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
  Phrase.prototype.score = function (doc) {
    var total = 0, found = false, self = this;
    Object.keys(this.fields).forEach(function (f) {
      if (!self.occurs(f, doc)) return;
      found = true;
      self.words.forEach(function (terms) {
        var best = -Infinity;
        terms.forEach(function (t) { best = Math.max(best, bm25(f, t, doc)); });
        total += self.fields[f] * best;
      });
    });
    return found ? PHRASE_BONUS * this.weight * total : null;
  };

  function Flag(field, term, weight) { this.field = field; this.term = term; this.weight = weight === undefined ? 1 : weight; }
  Flag.prototype.candidates = function () { var out = new Set(); postings(this.field, this.term).forEach(function (_, d) { out.add(d); }); return out; };
  Flag.prototype.score = function (doc) { return postings(this.field, this.term).has(doc) ? this.weight : null; };

  function Every(n) { this.n = n; }
  Every.prototype.candidates = function () { var out = new Set(); for (var d = 0; d < this.n; d++) out.add(d); return out; };
  Every.prototype.score = function () { return 0; };

  function AllOf(children) { this.children = children; }
  AllOf.prototype.candidates = function () {
    var out = null;
    this.children.forEach(function (c) { var here = c.candidates(); out = out === null ? here : intersect(out, here); });
    return out || new Set();
  };
  AllOf.prototype.score = function (doc) {
    var total = 0;
    for (var i = 0; i < this.children.length; i++) {
      var s = this.children[i].score(doc);
      if (s === null) return null;
      total += s;
    }
    return total;
  };
  function AnyOf(children) { this.children = children; }
  AnyOf.prototype.candidates = function () { var out = new Set(); this.children.forEach(function (c) { union(out, c.candidates()); }); return out; };
  AnyOf.prototype.score = function (doc) {
    var total = 0, found = false;
    this.children.forEach(function (c) { var s = c.score(doc); if (s !== null) { found = true; total += s; } });
    return found ? total : null;
  };

  function round6(s) { return Math.floor(s * 1e6 + 0.5) / 1e6; }
  function runQuery(q) {
    var out = [];
    Array.from(q.positive.candidates()).sort(function (a, b) { return a - b; }).forEach(function (doc) {
      var meta = NODES[DATA.docs[doc]];
      for (var k in q.filters) if (String(meta[k] || "") !== q.filters[k]) return;
      for (var i = 0; i < q.negative.length; i++) if (q.negative[i].score(doc) !== null) return;
      var s = q.positive.score(doc);
      if (s !== null) out.push([round6(s), doc]);
    });
    out.sort(function (a, b) { return b[0] - a[0] || NODES[DATA.docs[a[1]]].order - NODES[DATA.docs[b[1]]].order; });
    return out;
  }

  // -- building the plan (query.Searcher.plan) ---------------------------------------------
  var RU = DATA.boosts, EN_FIELDS = DATA.en_fields, PREFIX_FIELDS = ["title", "text"], SYNONYM = DATA.synonym_boost;
  function sameSets(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (!a[i].some(function (x) { return b[i].indexOf(x) >= 0; })) return false;
    return true;
  }
  function equalSeq(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function englishPhrases(clauses) {
    var out = [];
    clauses.forEach(function (c) {
      var last = out[out.length - 1];
      if (c.kind === "english" && last && last.kind === "english" && !c.negated && !last.negated && !c.orPrevious)
        out[out.length - 1] = {kind: "english", text: last.text + " " + c.text, negated: false, orPrevious: last.orPrevious};
      else out.push(c);
    });
    return out;
  }
  function glossaryPhrases(clauses) {
    var out = [], i = 0;
    while (i < clauses.length) {
      var best = 0;
      DATA.glossary.forEach(function (g) {
        var n = g.terms.length, run = clauses.slice(i, i + n);
        if (n < 2 || n <= best || run.length < n) return;
        for (var k = 0; k < run.length; k++) if (run[k].kind !== "word" || run[k].negated || (k && run[k].orPrevious)) return;
        for (k = 0; k < run.length; k++) {
          var wt = wordTerms(run[k].text);
          if (!wt.some(function (x) { return g.terms[k].indexOf(x) >= 0; })) return;
        }
        best = n;
      });
      if (best) {
        var run = clauses.slice(i, i + best);
        out.push({kind: "term", text: run.map(function (c) { return c.text; }).join(" "), negated: false, orPrevious: run[0].orPrevious});
        i += best;
      } else { out.push(clauses[i]); i += 1; }
    }
    return out;
  }
  function synonyms(sequence) {
    var out = [];
    DATA.glossary.forEach(function (g) {
      if (!sameSets(g.terms, sequence)) return;
      if (g.terms.length === 1 && !g.expand) return;
      DATA.glossary.forEach(function (o) {
        if (o.en === g.en && o !== g && o.terms.length && !equalSeq(o.terms, g.terms) && (o.terms.length > 1 || o.expand)
            && !out.some(function (x) { return equalSeq(x, o.terms); })) out.push(o.terms);
      });
    });
    return out;
  }
  function sequenceNode(seq, weight) { return seq.length === 1 ? new Word(seq[0], RU, weight) : new Phrase(seq, RU, weight); }
  var EN_STOP = new Set(DATA.en_stop), LATIN_WORD = new RegExp(G.latin_word, "gu");
  // as the index: whoosh's English stop words and one-letter words dropped, then Snowball's
  // English stems (stemEnglish: static/stem-en.js, loaded before this script)
  function englishStems(text) {
    return (text.match(LATIN_WORD) || []).map(function (w) { return w.toLowerCase(); })
      .filter(function (w) { return !EN_STOP.has(w) && w.length >= 2; })
      .map(function (w) { return stemEnglish(w); });
  }
  function englishNode(text, highlight, englishOnly) {
    var stems = englishStems(text);
    if (!stems.length) return null;
    var parts = EN_FIELDS.map(function (f) { var fl = {}; fl[f] = 1.0; return new AllOf(stems.map(function (s) { return new Word([s], fl); })); });
    (englishOnly ? [] : DATA.glossary).forEach(function (g) {
      if (equalSeq(g.en_stems, stems) && (g.expand || g.terms.length > 1) && g.terms.length) {
        var terms = g.terms;
        parts.push(terms.length === 1 ? sequenceNode(terms) :
          new AnyOf([new AllOf(terms.map(function (t) { return sequenceNode([t]); })), sequenceNode(terms)]));
        terms.forEach(function (t) { t.forEach(function (x) { highlight.add(x); }); });
      }
    });
    stems.forEach(function (s) { highlight.add(s); });
    return new AnyOf(parts);
  }
  function termsWithPrefix(field, prefix) {
    var keys = BUILT[field] ? Array.from(BUILT[field].keys()) : Object.keys(DATA.postings[field] || {});
    return keys.filter(function (t) { return t.indexOf(prefix) === 0; });
  }
  function clauseNode(c, englishOnly, highlight, prefixes) {
    if (c.kind === "id") { var term = normalizeId(c.text); highlight.add(term); return new Flag("ids", term); }
    if (c.kind === "prefix") {
      var stem = fold(c.text); prefixes.add(stem);
      var set = new Set();
      PREFIX_FIELDS.forEach(function (f) { termsWithPrefix(f, stem).forEach(function (t) { set.add(t); }); });
      var terms = Array.from(set).sort(), fl = {};
      PREFIX_FIELDS.forEach(function (f) { fl[f] = RU[f]; });
      return terms.length ? new Word(terms, fl) : new Word([stem], RU);
    }
    if (c.kind === "english" || englishOnly) return englishNode(c.text, highlight, englishOnly);
    var seq = (c.kind === "word" ? [wordTerms(c.text)] : phraseTerms(c.text)).filter(function (t) { return t.length; });
    if (!seq.length) return null;
    seq.forEach(function (t) { t.forEach(function (x) { highlight.add(x); }); });
    var syn = synonyms(seq);  // found, but not highlighted: the words typed are
    var extra = syn.map(function (s) { return sequenceNode(s, SYNONYM); });
    if (c.kind === "term") {
      var words = new AllOf(seq.map(function (t) { return sequenceNode([t]); }));
      return new AnyOf([words, sequenceNode(seq)].concat(extra));
    }
    var node = sequenceNode(seq);
    return extra.length ? new AnyOf([node].concat(extra)) : node;
  }
  function plan(query) {
    var parsed = parse(query), filters = parsed.filters, englishOnly = filters.lang === "en";
    var positive = [], negative = [], highlight = new Set(), prefixes = new Set();
    var clauses = englishOnly ? parsed.clauses : englishPhrases(parsed.clauses);
    glossaryPhrases(clauses).forEach(function (c) {
      var node = clauseNode(c, englishOnly, c.negated ? new Set() : highlight, c.negated ? new Set() : prefixes);
      if (node === null) return;
      if (c.negated) negative.push(node);
      else if (c.orPrevious && positive.length) positive[positive.length - 1] = new AnyOf([positive[positive.length - 1], node]);
      else positive.push(node);
    });
    var kept = {};
    ["law", "kind"].forEach(function (k) { if (filters[k] !== undefined) kept[k] = filters[k]; });
    if (filters.lang === "ru") kept.lang = "ru";
    if (!positive.length) {
      if (!Object.keys(kept).length) return null;
      positive = [new Every(DATA.docs.length)];  // filters alone: everything they allow, in reading order
    }
    return {query: {positive: new AllOf(positive), negative: negative, filters: kept}, highlight: highlight, prefixes: prefixes};
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
  // query.Searcher.check_filters: a filter value the corpus does not have is an error, not "nothing found"
  function filterError(filters) {
    var laws = DATA.nodes.filter(function (r) { return r[2] === "law"; }).map(function (r) { return r[0]; });
    var docs = DATA.docs.map(function (id) { return NODES[id]; });
    if (filters.law !== undefined && laws.indexOf(filters.law) < 0)
      return "law:" + shorten(filters.law) + " names no law of this corpus, " +
        (laws.length ? "which holds laws " + laws[0] + "-" + laws[laws.length - 1] : "which holds no law text");
    var kinds = sortedSet(docs.map(function (n) { return n.kind; }));
    if (filters.kind !== undefined && kinds.indexOf(filters.kind) < 0)
      return "kind:" + shorten(filters.kind) + " is not a kind of node in this corpus; use one of " + kinds.join(", ");
    var langs = sortedSet(docs.map(function (n) { return n.lang; }).filter(Boolean).concat(["en"]));
    if (filters.lang !== undefined && langs.indexOf(filters.lang) < 0)
      return "lang:" + shorten(filters.lang) + " is not a language of this corpus; use one of " + langs.join(", ");
    return null;
  }
  function jump(query, id, order, limit) {
    var hl = new Set([normalizeId(id)]);
    return {query: query, kind: "id", total: order.length, target: id,
            hits: order.slice(0, limit).map(function (n, rank) { return hit(n, order.length - rank, hl, new Set()); })};
  }
  function citation(query, limit) {
    var m = CITATION.exec(query);
    if (!m) return idJump(query, limit);
    var id = normalizeCitation(m[1]), law = lawOf(id);
    if (!NODES[id] && !(law && NODES[law])) return null;
    var order = [NODES[id] ? id : law];
    (DATA.citations[id] || []).forEach(function (n) { if (order.indexOf(n) < 0) order.push(n); });
    return jump(query, id, order, limit);
  }
  // every other ID `lawsearch show` takes: a division, a piece, a footnote (then its owners)
  function idJump(query, limit) {
    var id = strip(query);
    if (Object.prototype.hasOwnProperty.call(DATA.notes, id)) return jump(query, id, [id].concat(DATA.notes[id].owners), limit);
    if (!Object.prototype.hasOwnProperty.call(NODES, id)) return null;
    var order = [id];
    (DATA.citations[id] || []).forEach(function (n) { if (n !== id) order.push(n); });
    return jump(query, id, order, limit);
  }
  function textSearch(query, limit) {
    var p = plan(query);
    if (!p) return {query: query, kind: "text", total: 0, hits: [], by_law: {}};
    var ranked = runQuery(p.query), byLaw = {};
    ranked.forEach(function (r) { var law = NODES[DATA.docs[r[1]]].law || ""; byLaw[law] = (byLaw[law] || 0) + 1; });
    return {query: query, kind: "text", total: ranked.length, by_law: byLaw,
            hits: ranked.slice(0, limit).map(function (r) { return hit(DATA.docs[r[1]], r[0], p.highlight, p.prefixes); })};
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
  var SPELL_BOUND = 2, BY_LENGTH = null, SPELL_CACHE = new Map();
  function letterSet(w) { var out = new Set(); for (var i = 0; i < w.length; i++) out.add(w[i]); return out; }
  function missingFrom(a, b) { var n = 0; a.forEach(function (x) { if (!b.has(x)) n++; }); return n; }
  function closeWords(word, limit) {
    limit = limit || 3;
    var key = limit + ":" + word;
    if (SPELL_CACHE.has(key)) return SPELL_CACHE.get(key);
    if (BY_LENGTH === null) {
      BY_LENGTH = new Map();
      Object.keys(DATA.vocabulary).forEach(function (c) {
        if (!BY_LENGTH.has(c.length)) BY_LENGTH.set(c.length, []);
        BY_LENGTH.get(c.length).push([c, letterSet(c), DATA.vocabulary[c]]);
      });
    }
    var letters = letterSet(word), scored = [];
    for (var n = word.length - SPELL_BOUND; n <= word.length + SPELL_BOUND; n++) {
      (BY_LENGTH.get(n) || []).forEach(function (entry) {
        // each edit brings in or takes out at most one distinct letter: a cheap bound first
        if (missingFrom(entry[1], letters) > SPELL_BOUND || missingFrom(letters, entry[1]) > SPELL_BOUND) return;
        var d = editDistance(word, entry[0], SPELL_BOUND);
        if (d <= SPELL_BOUND) scored.push([d, -entry[2], entry[0]]);
      });
    }
    scored.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0); });
    var out = scored.slice(0, limit).map(function (x) { return x[2]; });
    if (SPELL_CACHE.size > 10000) SPELL_CACHE.clear();
    SPELL_CACHE.set(key, out);
    return out;
  }
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function correct(result, query, limit) {
    var words = parse(query).clauses.filter(function (c) { return ["word", "english", "prefix"].indexOf(c.kind) >= 0 && !c.negated; })
      .map(function (c) { return c.text; });
    var replacements = [];
    words.forEach(function (w) {
      if (DATA.vocabulary[fold(w)] !== undefined || w.length < DATA.params.min_corrected) return;  // short tokens are not typos
      var cands = closeWords(fold(w));
      if (cands.length && !replacements.some(function (r) { return r[0] === w; })) replacements.push([w, cands]);
    });
    if (!replacements.length) return;
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
    for (var v = 0; v < variants.length; v++) {
      var retry = textSearch(variants[v], limit);
      if (retry.hits.length) {
        result.corrected_query = variants[v]; result.hits = retry.hits; result.total = retry.total; result.by_law = retry.by_law;
        result.suggestions = variants.filter(function (x) { return x !== variants[v]; });
        return;
      }
    }
    result.suggestions = variants;
  }
  function search(query, limit) {
    limit = limit === undefined ? 10 : limit === null ? Infinity : limit;
    var error = filterError(parse(query).filters);
    if (error !== null) return {query: query, kind: "text", total: 0, hits: [], error: error, corrected_query: null, suggestions: []};
    var result = citation(query, limit);
    if (result === null) {
      result = textSearch(query, limit);
      if (!result.hits.length) correct(result, query, limit);
    }
    result.corrected_query = result.corrected_query || null;
    result.suggestions = result.suggestions || [];
    result.target = result.target || null;
    result.by_law = result.by_law || {};
    result.groups = result.kind === "text" ? groups(result.hits, result.by_law) : [];
    result.reach = reach(result.by_law);
    return result;
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
  var SNIPPET = DATA.params.snippet, PER_LAW = DATA.params.per_law;
  function snippet(text, highlight, prefixes) {
    text = text.split("\n\n").join(" ¶ ");
    var matches = [];
    tokenize(text).forEach(function (tok) {
      var hitWord = tok.kind === "word" && (wordTerms(tok.text).some(function (t) { return highlight.has(t); }) ||
        Array.from(prefixes).some(function (p) { return fold(tok.text).indexOf(p) === 0; }));
      if (hitWord || (tok.kind === "id" && highlight.has(normalizeId(tok.text)))) matches.push([tok.start, tok.end]);
    });
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
    var prefix = start > 0 ? "…" : "", suffix = end < seq.length ? "…" : "", shift = prefix.length - start;
    var middle = seq.slice(start, end);
    return {text: prefix + (typeof middle === "string" ? middle : middle.join("")) + suffix,
            spans: matches.filter(function (m) { return m[0] >= start && m[1] <= end; }).map(function (m) { return [m[0] + shift, m[1] + shift]; })};
  }
  function hit(id, score, highlight, prefixes) {
    if (Object.prototype.hasOwnProperty.call(DATA.notes, id)) {  // a footnote asked for by its ID
      var note = DATA.notes[id], s = snippet(note.text, new Set(), new Set());
      return {id: id, law: note.law, kind: "footnote", title: null, score: score, snippet: s.text, highlights: s.spans, url: note.url};
    }
    var n = NODES[id], text = DATA.texts[id] || DATA.footnotes[id] || n.title || DATA.texts_en[id] || "";
    var sn = snippet(text, highlight, prefixes);
    if (!sn.spans.length && DATA.texts_en[id] && text !== DATA.texts_en[id]) sn = snippet(DATA.texts_en[id], highlight, prefixes);
    return {id: id, law: n.law, kind: n.kind, title: n.title, score: score, snippet: sn.text, highlights: sn.spans, url: n.url};
  }

  // the index the browser built, for tests that compare it with the command line's
  function builtIndex() {
    var out = {};
    Object.keys(BUILT).forEach(function (f) {
      var table = out[f] = {};
      BUILT[f].forEach(function (p, term) { table[term] = Array.from(p.entries()); });
    });
    return {postings: out, lengths: LENGTHS};
  }
    return {search: search, tokenize: tokenize, fold: fold, wordTerms: wordTerms, parse: parse, builtIndex: builtIndex,
            node: function (id) { return NODES[id] || null; }, commentaryOf: function (law) { return COMMENTARY[law] || []; },
            text: function (id) { return DATA.texts[id] || ""; }, note: function (id) { return DATA.notes[id] || null; },
            nodes: NODES};
  }

  return {create: create, build: build};
}));
