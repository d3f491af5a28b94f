/* The search data's chunks (lawsearch/pieces.py) in a page: each is a script that adds
   [build, name, data] to self.LAWSEARCH_PIECES; loading one adds a script element, which
   works from file:// (fetch does not). The single file holds every chunk inline, already
   in the queue. A chunk of another build -- or one missing, because build/ was switched
   under an open tab -- is refused: the promise fails with `stale` set, and the page offers
   a reload rather than mixing two builds.

       var load = LawsearchPieces.loader("../", "20261201T020426Z-9164c9");
       load(["w3", "p12"]).then(function (chunks) { … chunks.w3 … });   */
(function (root) {
  "use strict";

  function staleError(name) {
    var e = new Error("the search data " + name + " is not of this page's build; reload the page");
    e.stale = true;
    return e;
  }

  // base: the site's root as the page links it; build: the build id of the core
  function loader(base, build) {
    var queue = root.LAWSEARCH_PIECES = root.LAWSEARCH_PIECES || [];
    var held = Object.create(null), waiting = Object.create(null), stale = Object.create(null);
    function drain() {  // the chunks whose scripts have run, each checked against the build
      while (queue.length) {
        var piece = queue.shift();
        if (piece[0] === build) held[piece[1]] = piece[2];
        else stale[piece[1]] = true;
      }
    }
    function take(name) { var data = held[name]; delete held[name]; return data; }  // kept by the engine, not twice
    function one(name) {
      drain();
      if (held[name] !== undefined) return Promise.resolve(take(name));
      if (waiting[name]) return waiting[name];
      waiting[name] = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = base + "search/" + name + "-" + build + ".js";
        script.onload = function () {
          drain();
          delete waiting[name];
          script.remove();
          if (held[name] !== undefined) resolve(take(name));
          else reject(staleError(name));
        };
        script.onerror = function () { delete waiting[name]; script.remove(); reject(staleError(name)); };
        document.head.appendChild(script);
      });
      return waiting[name];
    }
    return function load(names) {
      return Promise.all(names.map(one)).then(function (values) {
        var out = {};
        names.forEach(function (name, k) { out[name] = values[k]; });
        return out;
      });
    };
  }

  root.LawsearchPieces = {loader: loader};
}(typeof self !== "undefined" ? self : this));
