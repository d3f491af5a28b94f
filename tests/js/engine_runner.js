// static/engine.js under Node, for the tests (tests/node_engine.py): one process answers a
// whole batch. argv: the engine's file, the built search-index.js. Each line of stdin is a
// JSON request {"op": "search" | "tokenize" | "fold", ...}; each line of stdout the answer,
// {"ok": …} or {"error": "…"} when the engine threw.
"use strict";
const path = require("path");
const readline = require("readline");

global.window = {};
require(path.resolve(process.argv[3]));
const engine = require(path.resolve(process.argv[2])).build(global.window.LAWSEARCH_DATA);

const ops = {
  search: r => engine.search(r.query, r.limit),
  tokenize: r => engine.tokenize(r.text),
  fold: r => engine.fold(r.text),
  explain: r => engine.explain(r.query)
};
readline.createInterface({input: process.stdin, crlfDelay: Infinity}).on("line", line => {
  const request = JSON.parse(line);
  let answer;
  try { answer = {ok: ops[request.op](request)}; } catch (e) { answer = {error: String(e && e.stack || e)}; }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
