"""The browser's search engine (site_templates/static/engine.js) run by Node inside pytest:
one long-lived process answers batches of requests, one JSON line each way, so ten thousand
queries cost one start-up. The command line never needs Node; only the tests do."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE_JS = ROOT / "site_templates" / "static" / "engine.js"
RUNNER_JS = Path(__file__).resolve().parent / "js" / "engine_runner.js"


def node_or_skip() -> str:
    """Node's path; a developer machine may lack it (skip and say how to get it), CI may not."""
    node = shutil.which("node")
    if node:
        return node
    if os.environ.get("CI"):
        pytest.fail("node is missing; .ci/run must install it (apt-get install nodejs)")
    pytest.skip("node is not on this machine (apt-get install nodejs); .ci/run installs it")


class NodeEngine:
    """``engine.js`` over the data of one built site (``site/search-index.js``)."""

    def __init__(self, search_index: Path):
        self.process = subprocess.Popen([node_or_skip(), str(RUNNER_JS), str(ENGINE_JS), str(search_index)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, encoding="utf-8", bufsize=1 << 20)

    def run(self, requests: list[dict]) -> list:
        """The answers to ``requests``, in order; an engine exception is raised here."""
        lines = "".join(json.dumps(r) + "\n" for r in requests)
        # write from a thread: a big batch would fill the pipe while nobody reads the answers
        writer = threading.Thread(target=self._write, args=(lines,))
        writer.start()
        answers = []
        for _ in requests:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"node stopped: {self.process.stderr.read()}")
            answers.append(json.loads(line))
        writer.join()
        for request, answer in zip(requests, answers):
            if "error" in answer:
                raise AssertionError(f"engine.js threw on {request!r}: {answer['error']}")
        return [a["ok"] for a in answers]

    def _write(self, lines: str) -> None:
        self.process.stdin.write(lines)
        self.process.stdin.flush()

    def search(self, queries: list[str], limit: int | None = 10) -> list[dict]:
        return self.run([{"op": "search", "query": q, "limit": limit} for q in queries])

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=10)


# -- comparing the two runtimes ---------------------------------------------------------------------

FIELDS = ("query", "corrected_query", "suggestions", "total", "kind", "target", "by_law", "reach", "groups",
          "missing", "found", "understood_as", "elsewhere", "foreign", "unsearchable")
HIT_FIELDS = ("id", "law", "kind", "title", "score", "snippet", "highlights", "url", "edition", "aligned",
              "via_subject_index")


def python_answer(searcher, query: str, limit: int | None = 10) -> dict:
    """What ``lawsearch search --json`` says, or ``{"error": …}`` for a query it refuses."""
    from lawsearch.query import QueryError

    try:
        return searcher.search(query, limit).to_dict()
    except QueryError as e:
        return {"error": str(e)}


def differences(python: dict, js: dict) -> list[str]:
    """Every way the browser's answer differs from the command line's: the fields of the
    answer, then hit by hit. Scores are rounded to 6 decimals by both (evaluate.round6), so
    they must be equal, not close."""
    if "error" in python or js.get("error"):
        return [] if python.get("error") == js.get("error") else [f"error: {python.get('error')!r} vs {js.get('error')!r}"]
    out = [f"{k}: {python.get(k)!r} vs {js.get(k)!r}" for k in FIELDS if python.get(k) != js.get(k)]
    if len(python["hits"]) != len(js["hits"]):
        out.append(f"hits: {[h['id'] for h in python['hits']]} vs {[h['id'] for h in js['hits']]}")
        return out
    for rank, (p, j) in enumerate(zip(python["hits"], js["hits"])):
        out += [f"hit {rank} {k}: {p.get(k)!r} vs {j.get(k)!r}" for k in HIT_FIELDS if p.get(k) != j.get(k)]
    return out
