/* English stemming: Snowball's English stemmer ("Porter2"), the one the index uses for the
   English fields (lawsearch/morph.py, the snowballstemmer package), so a word typed in the
   browser meets the stems the index holds.

   Written for lawsearch from the algorithm's published definition (Snowball's English
   stemmer, version 3.1: regions R1 and R2 with the exceptional prefixes, the exceptional
   forms, steps 0 to 5, y as a consonant). tests/test_stem_en.py runs it under Node against
   the Python package, word by word, on the corpus and a large English word list.

   Plain and dependency-free, no DOM: the page loads it with a script tag (a global
   ``stemEnglish``), Node with require(). It takes a lower-case word; characters are UTF-16
   units, which are the letters themselves for every word the search gives it ([a-z]+).

       stemEnglish("generously") === "generous"; stemEnglish("cries") === "cri" */
var stemEnglish = (function () {
  "use strict";

  var VOWELS = "aeiouy";
  var SHORT_SYLLABLE_END_EXCLUDES = "aeiouywxY";  // a short syllable never ends in these
  var VALID_LI = "cdeghkmnrt";  // letters before which -li is an ending (Step 2)
  var DOUBLES = ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"];

  // Whole words the rules would stem wrongly, and what they become.
  var EXCEPTIONS = new Map([
    ["skis", "ski"], ["skies", "sky"],
    ["idly", "idl"], ["gently", "gentl"], ["ugly", "ugli"], ["early", "earli"], ["only", "onli"],
    ["singly", "singl"],
    ["sky", "sky"], ["news", "news"], ["howe", "howe"],
    ["atlas", "atlas"], ["cosmos", "cosmos"], ["bias", "bias"], ["andes", "andes"]  // no plurals
  ]);
  // Beginnings after which R1 starts, so that their families meet (generous/general,
  // communism/community, universe/university, organ/organic, intern/international …).
  var R1_PREFIXES = ["gener", "commun", "arsen", "past", "univers", "later", "emerg", "organ", "inter"];

  function isVowel(ch) { return ch !== undefined && VOWELS.indexOf(ch) >= 0; }
  function hasVowel(s) { for (var i = 0; i < s.length; i++) if (isVowel(s[i])) return true; return false; }
  function endsWith(w, suffix) { return w.length >= suffix.length && w.slice(w.length - suffix.length) === suffix; }

  // The longest of `suffixes` that `w` ends with, or null: a step looks at that one only.
  function longestSuffix(w, suffixes) {
    var best = null;
    suffixes.forEach(function (s) { if (endsWith(w, s) && (best === null || s.length > best.length)) best = s; });
    return best;
  }

  // The prelude: a leading apostrophe goes; a y that begins the word or follows a vowel is a
  // consonant, written Y until the end.
  function markConsonantY(word) {
    if (word[0] === "'") word = word.slice(1);
    var letters = word.split(""), found = false;
    for (var i = 0; i < letters.length; i++) {
      if (letters[i] === "y" && (i === 0 || isVowel(letters[i - 1]))) { letters[i] = "Y"; found = true; }
    }
    return {word: letters.join(""), yFound: found};
  }

  // Where a region starts: just after the first non-vowel that follows a vowel, at or
  // after `from`; the word's end when there is none.
  function afterVowelThenConsonant(w, from) {
    var i = from;
    while (i < w.length && !isVowel(w[i])) i++;
    i++;
    while (i < w.length && isVowel(w[i])) i++;
    i++;
    return Math.min(i, w.length);
  }

  // R1 and R2, as positions in the word: a suffix is "in R1" when it starts at p1 or later.
  function regions(w) {
    var prefix = longestPrefix(w, R1_PREFIXES);
    var p1 = prefix !== null ? prefix.length : afterVowelThenConsonant(w, 0);
    return {p1: p1, p2: afterVowelThenConsonant(w, p1)};
  }
  function longestPrefix(w, prefixes) {
    var best = null;
    prefixes.forEach(function (p) { if (w.slice(0, p.length) === p && (best === null || p.length > best.length)) best = p; });
    return best;
  }

  // Whether w[0:end] ends in a short syllable: non-vowel, vowel, non-vowel other than w, x
  // and Y; or a vowel and a non-vowel that are the whole word; or "past" (pasted, pasting).
  function endsInShortSyllable(w, end) {
    var a = w[end - 3], b = w[end - 2], c = w[end - 1];
    if (end >= 3 && !isVowel(a) && isVowel(b) && SHORT_SYLLABLE_END_EXCLUDES.indexOf(c) < 0) return true;
    if (end === 2 && isVowel(b) && !isVowel(c)) return true;
    return end >= 4 && w.slice(end - 4, end) === "past";
  }

  // Steps 0 and 1a: possessive apostrophes, then plural endings.
  function step1a(w) {
    var apostrophe = longestSuffix(w, ["'", "'s", "'s'"]);
    if (apostrophe !== null) w = w.slice(0, w.length - apostrophe.length);
    var suffix = longestSuffix(w, ["sses", "ied", "ies", "us", "ss", "s"]);
    var stem = suffix === null ? w : w.slice(0, w.length - suffix.length);
    if (suffix === "sses") return stem + "ss";
    if (suffix === "ied" || suffix === "ies") return stem + (stem.length >= 2 ? "i" : "ie");  // cries → cri, ties → tie
    // -s goes when a vowel stands before the letter that precedes it (gaps → gap, gas stays)
    if (suffix === "s" && stem.length >= 1 && hasVowel(stem.slice(0, stem.length - 1))) return stem;
    return w;
  }

  // Step 1b: -eed, -ed, -ing and their -ly forms.
  function step1b(w, r) {
    var suffix = longestSuffix(w, ["eed", "eedly", "ed", "edly", "ing", "ingly"]);
    if (suffix === null) return w;
    var stem = w.slice(0, w.length - suffix.length);
    if (suffix === "eed" || suffix === "eedly") {
      if (stem.length < r.p1 || stem === "proc" || stem === "exc" || stem === "succ") return w;  // proceed, exceed
      return stem + "ee";
    }
    if (suffix === "ing") {
      if (stem.length === 2 && stem[1] === "y" && !isVowel(stem[0])) return stem[0] + "ie";  // dying → die
      if (["inn", "out", "cann", "herr", "earr", "even"].indexOf(stem) >= 0) return w;  // inning, evening …
    }
    if (!hasVowel(stem)) return w;  // sing, bed: the ending is the word
    if (longestSuffix(stem, ["at", "bl", "iz"]) !== null) return stem + "e";  // luxuriating → luxuriate
    if (longestSuffix(stem, DOUBLES) !== null) {
      if (stem.length === 3 && "aeo".indexOf(stem[0]) >= 0) return stem;  // added → add, egged → egg
      return stem.slice(0, stem.length - 1);  // hopping → hop
    }
    if (stem.length === r.p1 && endsInShortSyllable(stem, stem.length)) return stem + "e";  // hoped → hope
    return stem;
  }

  // Step 1c: a final y after a non-vowel that is not the first letter becomes i (cry → cri).
  function step1c(w) {
    var n = w.length, last = w[n - 1];
    if ((last === "y" || last === "Y") && n >= 3 && !isVowel(w[n - 2])) return w.slice(0, n - 1) + "i";
    return w;
  }

  // A step of suffix → replacement in a region: the longest suffix the word ends with is
  // the only one tried; `check(stem)` may refuse it, a null replacement deletes it.
  function replaceInRegion(w, start, table, check) {
    var suffix = longestSuffix(w, Object.keys(table));
    if (suffix === null) return w;
    var stem = w.slice(0, w.length - suffix.length);
    if (stem.length < start || (check && !check(suffix, stem))) return w;
    return stem + table[suffix];
  }

  var STEP2 = {
    tional: "tion", enci: "ence", anci: "ance", abli: "able", entli: "ent", izer: "ize", ization: "ize",
    ational: "ate", ation: "ate", ator: "ate", alism: "al", aliti: "al", alli: "al", fulness: "ful",
    ousli: "ous", ousness: "ous", iveness: "ive", iviti: "ive", biliti: "ble", bli: "ble",
    ogist: "og", ogi: "og", fulli: "ful", lessli: "less", li: ""
  };
  function step2(w, r) {
    return replaceInRegion(w, r.p1, STEP2, function (suffix, stem) {
      if (suffix === "ogi") return endsWith(stem, "l");  // -logi → -log
      if (suffix === "li") return stem.length > 0 && VALID_LI.indexOf(stem[stem.length - 1]) >= 0;  // -li after c, d, e …
      return true;
    });
  }

  var STEP3 = {tional: "tion", ational: "ate", alize: "al", icate: "ic", iciti: "ic", ical: "ic",
               ful: "", ness: "", ative: ""};
  function step3(w, r) {
    return replaceInRegion(w, r.p1, STEP3, function (suffix, stem) {
      return suffix !== "ative" || stem.length >= r.p2;  // -ative in R2 only
    });
  }

  var STEP4 = {al: "", ance: "", ence: "", er: "", ic: "", able: "", ible: "", ant: "", ement: "",
               ment: "", ent: "", ism: "", ate: "", iti: "", ous: "", ive: "", ize: "", ion: ""};
  function step4(w, r) {
    return replaceInRegion(w, r.p2, STEP4, function (suffix, stem) {
      return suffix !== "ion" || endsWith(stem, "s") || endsWith(stem, "t");  // adoption → adopt
    });
  }

  // Step 5: a final e in R2, or in R1 after no short syllable; a final l after l in R2.
  function step5(w, r) {
    var n = w.length, stem = w.slice(0, n - 1);
    if (w[n - 1] === "e" && (stem.length >= r.p2 || (stem.length >= r.p1 && !endsInShortSyllable(stem, stem.length))))
      return stem;
    if (w[n - 1] === "l" && stem.length >= r.p2 && endsWith(stem, "l")) return stem;
    return w;
  }

  function stem(word) {
    if (EXCEPTIONS.has(word)) return EXCEPTIONS.get(word);
    if (word.length < 3) return word;
    var marked = markConsonantY(word), w = marked.word, r = regions(w);
    w = step5(step4(step3(step2(step1c(step1b(step1a(w), r)), r), r), r), r);
    return marked.yFound ? w.replace(/Y/g, "y") : w;
  }

  return stem;
})();

if (typeof module !== "undefined" && module.exports) module.exports = stemEnglish;
