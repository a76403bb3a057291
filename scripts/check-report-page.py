#!/usr/bin/env python3
"""Opens the results page `pushproof report` wrote in a real headless browser (Debian's
`chromium`), saves a screenshot, and checks from the DOM the browser built that every count equals
the JSON reports' it was made from:

    check-report-page.py PAGE.html --screenshot PAGE.png REPORT.json...

(the reports in the order given to `pushproof report`). For each implementation: the totals row,
every matrix cell (passed / failed / skipped / expected failures per vector file and profile), and
one entry per test that did not pass. Exits 1 on the first count that differs, 2 when the browser
cannot be run.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

COUNTS = ("passed", "failed", "skipped", "expectedFailures")


class PageDOM(HTMLParser):
    """The cells and entries the page marks with data- attributes, as the browser serialised them."""

    def __init__(self):
        super().__init__()
        self.cells = {}  # (impl, row) -> counts
        self.totals = {}  # impl -> counts
        self.entries = {}  # impl -> [test names]
        self._total_row = None
        self._total_key = None
        self.title = None
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "title":
            self._in_title = True
        if tag == "td" and "data-row" in a and "data-passed" in a:
            self.cells[(a["data-impl"], a["data-row"])] = {
                "passed": int(a["data-passed"]),
                "failed": int(a["data-failed"]),
                "skipped": int(a["data-skipped"]),
                "expectedFailures": int(a["data-expected-failures"]),
            }
        if tag == "tr" and "data-impl" in a:
            self._total_row = a["data-impl"]
            self.totals[self._total_row] = {}
        if tag == "td" and self._total_row is not None and "data-count" in a:
            self._total_key = a["data-count"]
        if tag == "details" and "data-test" in a:
            self.entries.setdefault(a["data-impl"], []).append(a["data-test"])

    def handle_endtag(self, tag):
        if tag == "tr":
            self._total_row = None
        if tag == "td":
            self._total_key = None
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title = data
        if self._total_row is not None and self._total_key is not None and data.strip():
            self.totals[self._total_row][self._total_key] = int(data)


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    print("check-report-page: no chromium on the PATH (apt-get install chromium)", file=sys.stderr)
    sys.exit(2)


def run_browser(args, profile):
    command = [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               f"--user-data-dir={profile}", *args]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        print(f"check-report-page: {' '.join(command[:2])} failed: {result.stderr.strip()[-500:]}", file=sys.stderr)
        sys.exit(2)
    return result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--screenshot", required=True)
    args = parser.parse_args()
    url = pathlib.Path(args.page).resolve().as_uri()
    with tempfile.TemporaryDirectory() as profile:
        dom_text = run_browser(["--dump-dom", url], profile)
        run_browser(["--window-size=1400,2400", f"--screenshot={pathlib.Path(args.screenshot).resolve()}", url], profile)
    if not pathlib.Path(args.screenshot).is_file():
        print("check-report-page: the browser wrote no screenshot", file=sys.stderr)
        sys.exit(2)
    dom = PageDOM()
    dom.feed(dom_text)
    problems = []
    checked = 0
    for index, path in enumerate(args.reports):
        report = json.loads(pathlib.Path(path).read_text())
        impl = str(index)
        name = report["implementation"]
        totals = {k: report[k] for k in COUNTS}
        if dom.totals.get(impl) != totals:
            problems.append(f"{name}: the page's totals {dom.totals.get(impl)} are not the report's {totals}")
        for row in report["matrix"]:
            key = f"{row['file']} {row['profile']}"
            want = {k: row[k] for k in COUNTS}
            got = dom.cells.get((impl, key))
            checked += 1
            if got != want:
                problems.append(f"{name}: {key}: the page shows {got}, the report {want}")
        not_passing = [f"{t['suite']}:{t['tcId']}" for t in report["tests"] if t["status"] not in ("passed", "skipped")]
        if dom.entries.get(impl, []) != not_passing:
            problems.append(f"{name}: the page lists {len(dom.entries.get(impl, []))} tests that did not pass, the report {len(not_passing)}")
    shown = {i for i, _ in dom.cells}
    if len(shown) != len(args.reports):
        problems.append(f"the page has {len(shown)} implementations with results, {len(args.reports)} reports were given")
    if problems:
        print("\n".join(problems[:20]), file=sys.stderr)
        sys.exit(1)
    print(f"report page: {len(args.reports)} implementations, {checked} matrix cells and every failure as the JSON has them "
          f"(rendered by {pathlib.Path(browser()).name}; screenshot {args.screenshot})")


if __name__ == "__main__":
    main()
