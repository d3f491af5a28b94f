"""Screenshots of the site for a reviewer who does not run the tests: home, law 50, the
results page, a search in the panel and law 50 after a jump to 50D (its context bar), at
phone width (390 × 844) and on a desktop (1366 × 900), light and dark, in headless Chromium
from file:// (the browser tests' setup: Debian's chromium through Playwright, no browser
download).

    lawsearch build --single-file
    python benchmarks/screenshots.py                          # build/ -> benchmarks/out/screenshots/
    python benchmarks/screenshots.py BUILD_DIR OUT_DIR

The pictures are not committed (benchmarks/out/ is ignored): the script is, so anyone can
make them from any build. Names: ``{phone|desktop}-{light|dark}-{home|law50|results|search|jump}.png``.
The query is the profile's example word (``example_word`` of the corpus's main language),
so the pictures show the corpus's own language.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
VIEWS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def example(build: Path) -> tuple[str, str]:
    """The profile's example query, in the language the index was built in, and the address
    of the first part (not a whole law) it finds: read from the build, so any corpus works."""
    sys.path.insert(0, str(ROOT))
    from lawsearch.profile import load_profile
    from lawsearch.query import Searcher

    searcher = Searcher(build / "index")
    try:
        profile = load_profile(searcher.meta.get("profile") or "bridge")
        query = profile.text(searcher.meta.get("lang") or profile.languages[0], "example_word")
        hits = [h for h in searcher.search(query, 10).hits if h.kind != "law"]
    finally:
        searcher.close()
    return query, hits[0].url if hits else ""


def shoot(build: Path, out: Path) -> list[Path]:
    """Write the screenshots into ``out``; return their paths."""
    site = build / "site"
    out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise SystemExit("no chromium on this machine (apt-get install chromium)")
    query, jump = example(build)
    law = jump.split("#")[0] or "index.html"
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        for view, size in VIEWS.items():
            for scheme in ("light", "dark"):
                page = browser.new_page(viewport=size, color_scheme=scheme)

                def snap(name: str) -> None:
                    written.append(out / f"{view}-{scheme}-{name}.png")
                    page.screenshot(path=str(written[-1]))

                page.goto(site.joinpath("index.html").as_uri())
                snap("home")
                page.goto(site.joinpath(law).as_uri())
                snap("law50")
                page.goto(site.joinpath("search.html").as_uri() + "?q=" + quote(query))
                page.locator("#all-results li a").first.wait_for()
                snap("results")
                page.goto(site.joinpath("index.html").as_uri())
                page.fill("#q", query)
                page.locator("#results li a").first.wait_for()
                snap("search")
                if jump:  # the first hit chosen: the page lands on the clause, with the context bar
                    page.keyboard.press("Enter")
                    page.wait_for_url(lambda url: url.endswith("#" + jump.split("#")[-1]))
                    page.wait_for_timeout(300)
                    snap("jump")
                page.close()
        browser.close()
    return written


if __name__ == "__main__":
    if len(sys.argv) not in (1, 3):
        raise SystemExit("usage: python benchmarks/screenshots.py [BUILD_DIR OUT_DIR]")
    build, out = (Path(sys.argv[1]), Path(sys.argv[2])) if len(sys.argv) == 3 else (
        ROOT / "build", ROOT / "benchmarks" / "out" / "screenshots")
    for path in shoot(build, out):
        print(path)
