#!/usr/bin/env python3
"""Checks that the Markdown files under a folder refer only to files inside it.

Usage:
  python3 scripts/check-doc-links.py DIR                    # the repository: DIR is .
  python3 scripts/check-doc-links.py /tmp/relcheck          # what a release ships, unpacked
  python3 scripts/check-doc-links.py --paths /tmp/relcheck  # also paths such as scripts/test.sh

For every `.md` file under DIR (hidden folders such as .git and .build are skipped):

- every relative Markdown link or image, `[text](path)`, `![alt](path)`, a reference definition
  `[label]: path` and an HTML `href`/`src`, whatever the target's type, must name a file or
  folder inside DIR, relative to the referring file (`/path` relative to DIR). A `#anchor` after
  a Markdown file, or alone, must name a heading of that file (GitHub's heading ids) or an
  explicit `id`/`name` in it.
- every other mention of a `.md` file, in backticks or in plain text (`docs/envelope.md`,
  `envelope.md`, `../README.md#usage`), must name a file inside DIR, relative to the referring
  file or to DIR itself (so `docs/envelope.md` reads from the top of the tree).

URLs (`https://...`, `mailto:`) are not checked, nor are mentions inside them, nor fenced code
blocks (a command's output file is not a reference). A path glued to `:` or `@`
(`owner/repo@commit:docs/x.md`) names another repository's file and is not checked; any other
mention of a file outside the tree (another project's, a note kept elsewhere) is kept off the
check by `<!-- not-a-link: NAME.md -->` on its line (several names: separated by commas).

With `--paths`, every mention of a path under one of this repository's top-level folders
(`scripts/test.sh`, `Sources/PushProofCore/`, `adapters/python/adapter.py`), in text, code spans
and fenced code alike, must also exist under DIR, read from DIR's root: what a reader of an
unpacked release cannot open. Code citations make this noisy, so it is a report to read, not a
gate.

Each reference that does not resolve is printed as `FILE:LINE: REF` (FILE as DIR/path) and the
exit status is 1; when all resolve, one summary line and exit status 0. Status 2: DIR is not a
folder.
"""
import os
import re
import sys
import unicodedata
from urllib.parse import unquote

SKIPPED_FOLDERS = {"node_modules"}
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FENCE = re.compile(r"^\s{0,3}(```|~~~)")
# [text](target "title"), ![alt](target); the target may be wrapped in <...>.
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^()\s]+(?:\([^()\s]*\)[^()\s]*)*)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_ATTRIBUTE = re.compile(r"""\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
HTML_ANCHOR = re.compile(r"""<[a-zA-Z][^>]*\b(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
URL = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s)>\]`'\"]*|\bmailto:[^\s)>\]`]*|\bwww\.[^\s)>\]`]*")
# A mention of a Markdown file: a path of letters, digits, `_`, `-`, `.` and `/`, ending `.md`,
# optionally followed by an anchor; not preceded by a path character (so `x/y.md` is one
# mention), nor by `:` or `@` (`owner/repo@commit:path.md` names another repository's file).
MENTION = re.compile(r"(?<![\w./~:@-])((?:\.{1,2}/|/)?(?:[\w.-]+/)*[\w-][\w.-]*\.md)(#[\w-]+)?(?![\w/])")
CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)")
NOT_A_LINK = re.compile(r"<!--\s*not-a-link:\s*(.*?)\s*-->")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def markdown_files(root):
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and d not in SKIPPED_FOLDERS)
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(folder, name)


def github_slug(text, seen):
    """The id GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens, and
    `-1`, `-2`, ... for repeats."""
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links keep their text
    text = text.strip().lower()
    kept = []
    for c in text:
        category = unicodedata.category(c)
        if c in " -_" or category[0] in "LN" or category == "Mn":
            kept.append(c)
    slug = "".join(kept).replace(" ", "-")
    count = seen.get(slug, 0)
    seen[slug] = count + 1
    return slug if count == 0 else f"{slug}-{count}"


class Document:
    """One Markdown file: its lines outside and inside code, and its anchors."""

    def __init__(self, path):
        with open(path, encoding="utf-8", errors="replace") as f:
            self.lines = f.read().splitlines()
        self.in_code = []
        fence = None
        for line in self.lines:
            match = FENCE.match(line)
            if fence is None and match:
                fence = match.group(1)
                self.in_code.append(True)
            elif fence is not None:
                self.in_code.append(True)
                if line.strip().startswith(fence):
                    fence = None
            else:
                self.in_code.append(False)
        self._anchors = None

    @property
    def anchors(self):
        if self._anchors is None:
            seen, anchors = {}, set()
            for line, code in zip(self.lines, self.in_code):
                for match in HTML_ANCHOR.finditer(line):
                    anchors.add(match.group(1) if match.group(1) is not None else match.group(2))
                if code:
                    continue
                heading = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
                if heading:
                    anchors.add(github_slug(heading.group(1), seen))
            self._anchors = anchors
        return self._anchors


class Checker:
    def __init__(self, root, top_folders=None):
        self.root = os.path.realpath(root)
        # --paths: the repository's top-level folders whose paths are checked when mentioned.
        self.top_folders = top_folders
        if top_folders:
            names = "|".join(re.escape(name) for name in sorted(top_folders, key=len, reverse=True))
            self.path_mention = re.compile(rf"(?<![\w./~:@-])((?:{names})/[\w./+-]*)")
        self.shown_root = root
        self.documents = {}
        self.problems = []
        self.checked = 0

    def document(self, path):
        if path not in self.documents:
            self.documents[path] = Document(path)
        return self.documents[path]

    def inside(self, path):
        real = os.path.realpath(path)
        return (real == self.root or real.startswith(self.root + os.sep)) and os.path.exists(real)

    def report(self, path, number, ref):
        shown = os.path.normpath(os.path.join(self.shown_root, os.path.relpath(path, self.root)))
        self.problems.append(f"{shown}:{number}: {ref}")

    def check_link(self, path, number, target):
        """A Markdown or HTML link's target, relative to the file (or to the root with `/`)."""
        if target.startswith("<") and target.endswith(">"):
            target = target[1:-1]
        if not target or SCHEME.match(target) or target.startswith("//"):
            return
        self.checked += 1
        file_part, _, anchor = target.partition("#")
        file_part = unquote(file_part.partition("?")[0])
        if not file_part:
            resolved = path
        elif file_part.startswith("/"):
            resolved = os.path.join(self.root, file_part.lstrip("/"))
        else:
            resolved = os.path.join(os.path.dirname(path), file_part)
        if not self.inside(resolved):
            self.report(path, number, target)
            return
        if anchor and resolved.endswith(".md") and os.path.isfile(resolved):
            if unquote(anchor) not in self.document(os.path.realpath(resolved)).anchors:
                self.report(path, number, target)

    def check_mention(self, path, number, mention):
        """A `.md` file named in text: relative to the file, or to the root."""
        self.checked += 1
        if mention.startswith("/"):
            candidates = [os.path.join(self.root, mention.lstrip("/"))]
        else:
            candidates = [os.path.join(os.path.dirname(path), mention), os.path.join(self.root, mention)]
        if not any(self.inside(c) and os.path.isfile(c) for c in candidates):
            self.report(path, number, mention)

    def check_path_mention(self, path, number, mention):
        """`--paths`: a path under one of the repository's top-level folders, named in text or
        code (`scripts/test.sh`, `Sources/PushProofCore/`), relative to the root. The path is
        cut at its first character that is not a path character (`corpora/<target>/` checks
        `corpora/`, `X.swift:12-30` checks `X.swift`)."""
        self.checked += 1
        if not self.inside(os.path.join(self.root, mention)):
            self.report(path, number, mention)

    def check_file(self, path):
        document = self.document(os.path.realpath(path))
        for number, (line, code) in enumerate(zip(document.lines, document.in_code), 1):
            exempt = set()
            for match in NOT_A_LINK.finditer(line):
                exempt.update(name.strip() for name in match.group(1).split(","))
            rest = NOT_A_LINK.sub(" ", line)
            if self.top_folders is not None:
                for match in self.path_mention.finditer(URL.sub(" ", rest)):
                    mention = match.group(1).rstrip(".")  # a sentence's full stop
                    if mention not in exempt and not (mention.endswith(".md") and not code):
                        self.check_path_mention(path, number, mention)
            if code:
                continue
            # Links, outside code spans (`[k](-A)` in backticks is not a link).
            prose = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), rest)
            for match in INLINE_LINK.finditer(prose):
                self.check_link(path, number, match.group(1))
            definition = REFERENCE_DEFINITION.match(prose)
            if definition:
                self.check_link(path, number, definition.group(1))
            for match in HTML_ATTRIBUTE.finditer(prose):
                self.check_link(path, number, match.group(1) if match.group(1) is not None else match.group(2))
            # Mentions, in code spans too: the text without link targets, definitions and URLs.
            for match in INLINE_LINK.finditer(prose):
                start, end = match.span()
                text_end = start + match.group(0).rfind("](") + 1
                rest = rest[:text_end] + " " * (end - text_end) + rest[end:]
            if definition:
                rest = ""
            rest = HTML_ATTRIBUTE.sub(lambda m: " " * len(m.group(0)), rest)
            rest = URL.sub(" ", rest)
            for match in MENTION.finditer(rest):
                if match.group(1) in exempt:
                    continue
                self.check_mention(path, number, match.group(1))

    def run(self):
        files = list(markdown_files(self.root))
        for path in files:
            self.check_file(path)
        return files


def repository_folders():
    """The top-level folders of the repository this script belongs to (hidden ones included,
    but not .git and build output)."""
    return {
        name
        for name in os.listdir(REPOSITORY)
        if os.path.isdir(os.path.join(REPOSITORY, name))
        and name != ".git"
        and not name.startswith(".build")
        and name not in SKIPPED_FOLDERS
    }


def main(argv):
    args = argv[1:]
    paths = "--paths" in args
    args = [a for a in args if a != "--paths"]
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    root = args[0]
    if not os.path.isdir(root):
        print(f"check-doc-links: {root} is not a folder", file=sys.stderr)
        return 2
    checker = Checker(root, repository_folders() if paths else None)
    files = checker.run()
    for problem in checker.problems:
        print(problem)
    if checker.problems:
        print(
            f"check-doc-links: {len(checker.problems)} of {checker.checked} references in {len(files)} Markdown "
            f"files under {root} do not resolve inside it",
            file=sys.stderr,
        )
        return 1
    print(f"check-doc-links: {checker.checked} references in {len(files)} Markdown files under {root}, all resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
