// static/engine.js under Node, for the tests (tests/node_engine.py): one process answers a
// whole batch. argv: the engine's file, the built search-index.js (the core; its chunks are
// read from search/ beside it when a query asks for them, as a page loads them). Each line of
// stdin is a JSON request {"op": "search" | "tokenize" | "fold", ...}; each line of stdout
// the answer, {"ok": …} or {"error": "…"} when the engine threw. Answers keep the order.
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const vm = require("vm");

global.window = global.self = global;
const core = path.resolve(process.argv[3]);
vm.runInThisContext(fs.readFileSync(core, "utf-8"));
const data = global.LAWSEARCH_DATA;
// as static/pieces.js: run the chunk's script, take it from the queue, check its build
function load(names) {
  const out = {};
  for (const name of names) {
    global.LAWSEARCH_PIECES = [];
    vm.runInThisContext(fs.readFileSync(path.join(path.dirname(core), "search", `${name}-${data.build}.js`), "utf-8"));
    const [build, got, chunk] = global.LAWSEARCH_PIECES[0];
    if (build !== data.build || got !== name) throw new Error(`chunk ${name} is of build ${build}`);
    out[name] = chunk;
  }
  return Promise.resolve(out);
}
const engine = require(path.resolve(process.argv[2])).create(data, load);

const ops = {
  search: r => engine.search(r.query, r.limit),
  tokenize: r => engine.ready().then(e => e.tokenize(r.text)),
  fold: r => engine.ready().then(e => e.fold(r.text))
};
let chain = Promise.resolve();
readline.createInterface({input: process.stdin, crlfDelay: Infinity}).on("line", line => {
  const request = JSON.parse(line);
  chain = chain.then(() => ops[request.op](request))
    .then(ok => ({ok}), e => ({error: String(e && e.stack || e)}))
    .then(answer => { process.stdout.write(JSON.stringify(answer) + "\n"); });
});
