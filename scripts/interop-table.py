#!/usr/bin/env python3
"""The interoperability table in docs/interop.md, written from the JSON reports of the runs:

    interop-table.py docs/interop.md REPORT.json...           rewrite the table in place
    interop-table.py --check docs/interop.md REPORT.json...   fail when it is not current (CI)

The reports are what `pushproof run --json` wrote, one per implementation, in the order the
columns should have. The table stands between the lines `<!-- interop-table -->` and
`<!-- /interop-table -->`: first one row per implementation (what it is, passed, failed, expected
failures by the list's reasons, skipped), then one row per vector file and profile that any
implementation answered, with a column per implementation.
"""
import argparse
import collections
import json
import pathlib
import sys

START, END = "<!-- interop-table -->", "<!-- /interop-table -->"


def short_name(report):
    """The implementation's first word: `libsodium (pynacl) 1.0.20-stable ...` -> `libsodium`."""
    return report["implementation"].split(" ")[0]


def described(report):
    """What the implementation is: the hello's name and version (the reference's, pushproof's)."""
    name = report["implementation"]
    return name if " " in name else f"{name} (pushproof {report['pushproof']})"


def reasons(report):
    counts = collections.Counter()
    for test in report["tests"]:
        if test["status"] == "expectedFailure":
            counts[test.get("expectedFailureReason", "").split(":", 1)[0].strip() or "unstated"] += 1
    if not counts:
        return "none"
    return f"{report['expectedFailures']} (" + ", ".join(f"{key} {n}" for key, n in sorted(counts.items())) + ")"


def cell(row):
    """One implementation's count in one vector file and profile; `·` when it answered none."""
    if row is None or row["passed"] + row["failed"] + row["expectedFailures"] == 0:
        return "·"
    text = str(row["passed"])
    if row["expectedFailures"]:
        text += f" + {row['expectedFailures']} listed"
    if row["failed"]:
        text += f" + **{row['failed']} failed**"
    return text


def table(reports):
    lines = [
        "| implementation | name and version (its hello) | passed | failed | expected failures (by reason) | skipped |",
        "| --- | --- | ---: | ---: | --- | ---: |",
    ]
    for report in reports:
        lines.append(
            f"| {short_name(report)} | {described(report)} | {report['passed']} | {report['failed']} | "
            f"{reasons(report)} | {report['skipped']} |"
        )
    lines += [
        "",
        "By vector file and profile: tests passed, `+ N listed` for expected failures (each with its reason "
        "in the implementation's list), `·` where it answers none (it does not declare that operation in that profile).",
        "",
        "| vector file | profile | tests | " + " | ".join(short_name(r) for r in reports) + " |",
        "| --- | --- | ---: | " + " | ".join("---:" for _ in reports) + " |",
    ]
    by_report = [{(row["file"], row["profile"]): row for row in r["matrix"]} for r in reports]
    for key in sorted({key for rows in by_report for key in rows}):
        rows = [rows.get(key) for rows in by_report]
        cells = [cell(row) for row in rows]
        if all(c == "·" for c in cells):
            continue
        tests = max(sum(row[k] for k in ("passed", "failed", "skipped", "expectedFailures")) for row in rows if row)
        lines.append(f"| {key[0]} | {key[1]} | {tests} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Write or check the interoperability table in docs/interop.md.")
    parser.add_argument("--check", action="store_true", help="fail (exit 1) when the table is not what the reports give")
    parser.add_argument("doc")
    parser.add_argument("reports", nargs="+")
    args = parser.parse_args()
    reports = [json.loads(pathlib.Path(p).read_text()) for p in args.reports]
    doc = pathlib.Path(args.doc)
    text = doc.read_text()
    if START not in text or END not in text:
        print(f"interop-table: {doc} has no {START} ... {END} section", file=sys.stderr)
        sys.exit(2)
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{START}\n{table(reports)}\n{END}{tail}"
    if args.check:
        if new != text:
            print(f"interop-table: {doc}'s table is not what the runs give; run scripts/interop-table.py {doc} REPORT.json...",
                  file=sys.stderr)
            sys.exit(1)
        print(f"{doc}: the table is current ({len(reports)} implementations)")
        return
    doc.write_text(new)


if __name__ == "__main__":
    main()
