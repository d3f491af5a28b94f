"""Screenshots of the site for a reviewer who does not run the tests: home, law 50, the
results page and a search, at phone width (390 × 844) and on a desktop (1366 × 900), light
and dark, in headless Chromium from file:// (the browser tests' setup: Debian's chromium
through Playwright, no browser download).

    python benchmarks/screenshots.py build/ docs/screenshots/     # after lawsearch build
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

VIEWS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def shoot(build: Path, out: Path) -> list[Path]:
    """Write the screenshots into ``out``; return their paths."""
    site = build / "site"
    out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise SystemExit("no chromium on this machine (apt-get install chromium)")
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        for view, size in VIEWS.items():
            for scheme in ("light", "dark"):
                page = browser.new_page(viewport=size, color_scheme=scheme)
                for name, address in (("home", "index.html"), ("law50", "laws/50.html"),
                                      ("results", "search.html?q=%D1%88%D1%82%D1%80%D0%B0%D1%84%D0%BD%D0%B0%D1%8F%20%D0%BA%D0%B0%D1%80%D1%82%D0%B0")):
                    page.goto(site.joinpath(address.split("?")[0]).as_uri() + ("?" + address.split("?")[1] if "?" in address else ""))
                    if name == "results":
                        page.locator("#all-results li a").first.wait_for()
                    written.append(out / f"{view}-{scheme}-{name}.png")
                    page.screenshot(path=str(written[-1]))
                page.goto(site.joinpath("index.html").as_uri())
                page.fill("#q", "штрафная карта")
                page.locator("#results li a").first.wait_for()
                written.append(out / f"{view}-{scheme}-search.png")
                page.screenshot(path=str(written[-1]))
                page.close()
        browser.close()
    return written


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: python benchmarks/screenshots.py BUILD_DIR OUT_DIR")
    for path in shoot(Path(sys.argv[1]), Path(sys.argv[2])):
        print(path)
