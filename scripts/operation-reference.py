#!/usr/bin/env python3
"""Writes docs/operations.md, the operation reference, from the vectors, their schemas and the
hand-written notes in docs/operations-notes.md.

Usage:
  python3 scripts/operation-reference.py --write docs/operations.md   # write the reference
  python3 scripts/operation-reference.py --check [docs/operations.md] # exit 1 if it is stale
  python3 scripts/operation-reference.py                              # print it

For every operation found in vectors/*_test.json: the files, profiles and test counts; its input
and output as tables of fields, read from the `<operation>.test` definition of the file's schema
(`input`, and the `output` branch of `expected`); every error code the vectors expect, allow
(`alsoAccepted`) or name as the wire code (`wireError`), per profile; then the operation's
section of docs/operations-notes.md (`## <operation>`). An operation without a notes section, or
a notes section that names no operation, stops the script with exit status 2. The output depends
only on the files read, so the same files always give the same bytes.
"""
import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "vectors"
SCHEMAS = VECTORS / "schemas"
NOTES = ROOT / "docs" / "operations-notes.md"
DEFAULT_OUT = ROOT / "docs" / "operations.md"
COMMAND = "python3 scripts/operation-reference.py --write docs/operations.md"

# How deep the field tables go: `a.b.c.d` is depth 4. Deeper objects are summarised by their
# member names.
MAX_DEPTH = 4

# Patterns of the schemas, in words.
PATTERN_WORDS = {
    "^(?:[0-9a-f]{2})*$": "hex (lower case, whole bytes)",
    "^[0-9a-f]{64}$": "hex, 32 bytes",
    "^[0-9a-f]{48}$": "hex, 24 bytes",
    "^04[0-9a-f]{128}$": "hex, 65 bytes starting `04` (uncompressed point)",
    "^0x[0-9a-f]{40}$": "`0x` and 40 lower-case hex digits",
    "^[A-Za-z0-9_-]{43}$": "base64url without padding, 43 characters",
    "^([0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$": "hex, 32, 48 or 64 bytes",
    "^v2/": "a path starting `v2/`",
    "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]": "an absolute http or https URL with a host",
    "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$": "standard base64 with padding",
    "^-?(0|[1-9][0-9]*)$": "decimal integer as a string",
}

# Shared definitions of the schemas, in words (a `$ref` to one of them).
REF_WORDS = {
    "base64": "string: standard base64 with padding",
    "hex": "string: hex (lower case, whole bytes)",
    "hex32": "string: hex, 32 bytes",
    "decimalInt64": "string: a signed 64-bit integer in decimal",
}

NAMED_NUMBERS = {
    2**32 - 1: "2^32 - 1",
    2**63 - 1: "2^63 - 1",
    -(2**63): "-2^63",
    2**64 - 1: "2^64 - 1",
}


class Failure(Exception):
    """A problem with the files read; the message says which and what to do."""


# --- reading ---------------------------------------------------------------------------------


def load_json(path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise Failure(f"cannot read {path.relative_to(ROOT)}: {error}")


def collect_operations():
    """operation -> {"files": {file: {profile: Counter(result)}}, "protocols", "schemas", "tests",
    "headers"}, every file's data in sorted order."""
    operations = {}
    paths = sorted(VECTORS.glob("*_test.json"))
    if not paths:
        raise Failure(f"no vector files in {VECTORS.relative_to(ROOT)}")
    for path in paths:
        document = load_json(path)
        name = path.name[: -len("_test.json")]
        for group in document.get("testGroups", []):
            op = group["operation"]
            entry = operations.setdefault(
                op, {"files": {}, "protocols": set(), "schemas": set(), "tests": [], "headers": []}
            )
            entry["protocols"].add(document.get("protocol", "?"))
            entry["schemas"].add(document["schema"])
            results = entry["files"].setdefault(name, {}).setdefault(group["profile"], Counter())
            for test in group["tests"]:
                results[test["result"]] += 1
                entry["tests"].append((name, group["profile"], test))
            for line in document.get("header", []):
                if line not in entry["headers"]:
                    entry["headers"].append(line)
    return operations


def test_definition(op, entry):
    """The operation's `<op>.test` and `<op>.group` definitions and the schema's `$defs`."""
    if len(entry["schemas"]) != 1:
        raise Failure(f"{op}: its vector files name different schemas: {sorted(entry['schemas'])}")
    schema_name = next(iter(entry["schemas"]))
    schema = load_json(SCHEMAS / schema_name)
    defs = schema.get("$defs", {})
    if f"{op}.test" not in defs:
        raise Failure(f"{op}: no `{op}.test` definition in vectors/schemas/{schema_name}")
    return defs[f"{op}.test"], defs.get(f"{op}.group", {}), defs, schema_name


def output_schema(expected):
    """The `output` branch of an `expected` subschema (the other branch is the errorAnswer)."""
    for branch in expected.get("oneOf", [expected]):
        if isinstance(branch, dict) and "output" in branch.get("properties", {}):
            return branch["properties"]["output"]
    return None


def read_notes():
    """`## <operation>` sections of docs/operations-notes.md: {operation: text}."""
    try:
        text = NOTES.read_text(encoding="utf-8")
    except OSError as error:
        raise Failure(f"cannot read {NOTES.relative_to(ROOT)}: {error}")
    sections, current, lines = {}, None, []
    in_fence = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
        if not in_fence and line.startswith("## "):
            if current is not None:
                sections[current] = "\n".join(lines).strip()
            current = line[3:].strip().strip("`").strip()
            if current in sections:
                raise Failure(f"{NOTES.relative_to(ROOT)}: two sections headed `## {current}`")
            lines = []
        elif current is not None:
            lines.append(line)
    if current is not None:
        sections[current] = "\n".join(lines).strip()
    return sections


# --- describing schemas ----------------------------------------------------------------------


def number(n):
    if n in NAMED_NUMBERS:
        return NAMED_NUMBERS[n]
    if abs(n) >= 100000:
        return f"{n:,}"
    return str(n)


def literal(value):
    return "`" + json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "`"


def enum_words(values):
    if all(isinstance(v, str) for v in values):
        return ", ".join(f"`{v}`" for v in values)
    return ", ".join(literal(v) for v in values)


def json_type(values):
    kinds = []
    for v in values:
        kind = {str: "string", bool: "boolean", int: "integer", float: "number", type(None): "null"}.get(
            type(v), "object" if isinstance(v, dict) else "array"
        )
        if kind not in kinds:
            kinds.append(kind)
    return " or ".join(kinds)


def resolve(schema, defs):
    """Follows a local `$ref`; returns (schema, name of the shared definition or None)."""
    if isinstance(schema, dict) and "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return defs.get(name, {}), name
    return schema, None


def variants(schema, defs):
    """The alternatives of a `oneOf`, resolved."""
    return [resolve(v, defs)[0] for v in schema.get("oneOf", [])]


def discriminator(variant, siblings):
    """A short label for one alternative of a oneOf, told apart from its siblings: a constant
    member whose value no sibling shares, else the required members the siblings lack (with the
    constant or enum members that narrow it)."""
    props = variant.get("properties", {})
    required = variant.get("required", [])

    def constant(v, name):
        sub = v.get("properties", {}).get(name)
        return sub.get("const") if isinstance(sub, dict) and "const" in sub else None

    others = [s for s in siblings if s is not variant]
    for name in sorted(props, key=lambda n: (n not in required, n)):
        value = constant(variant, name)
        if value is not None and all(constant(o, name) != value for o in others):
            return f"`{name}` = {literal(value)}"
    words, named = [], set()
    for name in sorted(props, key=lambda n: (n not in required, n)):
        sub = props[name]
        if isinstance(sub, dict) and "const" in sub:
            words.append(f"`{name}` = {literal(sub['const'])}")
            named.add(name)
        elif isinstance(sub, dict) and "enum" in sub and name in required:
            words.append(f"`{name}` one of {enum_words(sub['enum'])}")
            named.add(name)
    own = [r for r in required if r not in named and not all(r in o.get("required", []) for o in others)]
    if own:
        words.append("with " + ", ".join(f"`{r}`" for r in own))
    return ", ".join(words) or "an object"


def describe(schema, defs):
    """(type in words, constraints in words) of one schema."""
    if schema is True or schema == {}:
        return "any JSON value", ""
    schema, ref = resolve(schema, defs)
    if ref in REF_WORDS:
        return REF_WORDS[ref], ""
    parts = []
    if "allOf" in schema:
        # A shared definition narrowed by the other pieces (a length, say).
        base_type = "any JSON value"
        for piece in schema["allOf"]:
            t, n = describe(piece, defs)
            if t != "any JSON value":
                base_type = t
            if n:
                parts.append(n)
        return base_type, "; ".join(parts)
    if "const" in schema:
        return json_type([schema["const"]]), f"always {literal(schema['const'])}"
    if "enum" in schema:
        return json_type(schema["enum"]), f"one of {enum_words(schema['enum'])}"
    if "oneOf" in schema:
        alternatives = variants(schema, defs)
        if all(v.get("type") == "object" for v in alternatives):
            return f"object, one of {len(alternatives)} shapes (below)", ""
        words = [describe(v, defs)[0] for v in alternatives]
        return " or ".join(words), ""
    kind = schema.get("type")
    if isinstance(kind, list):
        kind_words = " or ".join(kind)
    else:
        kind_words = kind or "any JSON value"
    if "pattern" in schema:
        pattern = schema["pattern"]
        if pattern in PATTERN_WORDS:
            kind_words = f"{kind_words}: {PATTERN_WORDS[pattern]}"
        else:
            parts.append(f"matches `{pattern}`")
    if "minLength" in schema or "maxLength" in schema:
        lo, hi = schema.get("minLength"), schema.get("maxLength")
        parts.append(f"{lo} characters" if lo == hi else f"{lo or 0} to {hi if hi is not None else 'any'} characters")
    if kind in ("integer", "number") or (isinstance(kind, list) and "integer" in kind):
        lo, hi = schema.get("minimum"), schema.get("maximum")
        if lo == 0 and hi == 2**32 - 1:
            parts.append("uint32 (0 to 2^32 - 1)")
        elif lo == 0 and hi == 2**64 - 1:
            parts.append("uint64 (0 to 2^64 - 1)")
        elif lo == -(2**63) and hi == 2**63 - 1:
            parts.append("int64")
        elif lo is not None and hi is not None:
            parts.append(f"{number(lo)} to {number(hi)}")
        elif lo is not None:
            parts.append(f"at least {number(lo)}")
        elif hi is not None:
            parts.append(f"at most {number(hi)}")
    if kind == "array":
        items = schema.get("items", True)
        item_type, item_note = describe(items, defs)
        resolved = resolve(items, defs)[0]
        if isinstance(resolved, dict) and (resolved.get("properties") or "oneOf" in resolved):
            kind_words = "array of objects"
            if "oneOf" in resolved:
                kind_words += f", each one of {len(variants(resolved, defs))} shapes (below)"
        else:
            kind_words = f"array of {item_type}"
            if item_note:
                parts.append(f"each item {item_note}")
        if "minItems" in schema:
            parts.append(f"at least {schema['minItems']} item{'s' if schema['minItems'] != 1 else ''}")
    if kind == "object":
        extra = schema.get("additionalProperties", True)
        if not schema.get("properties"):
            if isinstance(extra, dict):
                value_type, _ = describe(extra, defs)
                kind_words = f"object: member names of your choice, each value a {value_type}"
                if "propertyNames" in schema and "enum" in schema["propertyNames"]:
                    kind_words = f"object, each value a {value_type}"
                    parts.append("member names among " + enum_words(schema["propertyNames"]["enum"]))
            else:
                kind_words = "object (any members)"
        elif extra is not False:
            parts.append("other members allowed")
        if schema.get("minProperties") == 1 and schema.get("maxProperties") == 1:
            parts.append("exactly one of its members")
    if schema.get("description"):
        parts.append(schema["description"])
    return kind_words, "; ".join(parts)


def rows(schema, defs, path, depth, present_words):
    """Table rows (field, type, presence, notes) for the members of an object schema."""
    schema = resolve(schema, defs)[0]
    out = []
    props = schema.get("properties", {})
    required = schema.get("required", [])
    for name in props:
        sub = props[name]
        field = f"{path}{name}"
        presence = present_words[0] if name in required else present_words[1]
        out.extend(field_rows(sub, defs, field, depth, presence, present_words))
    return out


def field_rows(sub, defs, field, depth, presence, present_words):
    out = []
    kind, note = describe(sub, defs)
    resolved = resolve(sub, defs)[0]
    nested_object = None
    nested_path = None
    if isinstance(resolved, dict):
        if resolved.get("type") == "object" and resolved.get("properties"):
            nested_object, nested_path = resolved, f"{field}."
        elif resolved.get("type") == "array":
            items = resolve(resolved.get("items", True), defs)[0]
            if isinstance(items, dict) and (items.get("properties") or "oneOf" in items):
                nested_object, nested_path = items, f"{field}[]."
        elif "oneOf" in resolved and all(v.get("type") == "object" for v in variants(resolved, defs)):
            nested_object, nested_path = resolved, f"{field}."
    if nested_object is not None and depth >= MAX_DEPTH:
        names = list(nested_object.get("properties", {}))
        if names:
            note = "; ".join(p for p in [note, "members " + ", ".join(f"`{n}`" for n in names)] if p)
        nested_object = None
    out.append((field, kind, presence, note))
    if nested_object is None:
        return out
    if "oneOf" in nested_object:
        alternatives = variants(nested_object, defs)
        for number_, variant in enumerate(alternatives, 1):
            out.append(
                (
                    f"{nested_path.rstrip('.')}",
                    f"shape {number_} of {len(alternatives)}",
                    "",
                    discriminator(variant, alternatives),
                )
            )
            out.extend(rows(variant, defs, nested_path, depth + 1, present_words))
    else:
        out.extend(rows(nested_object, defs, nested_path, depth + 1, present_words))
    return out


def escape(cell):
    return str(cell).replace("|", "\\|").replace("\n", " ")


def table(header, body):
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    for row in body:
        lines.append("| " + " | ".join(escape(c) for c in row) + " |")
    return lines


def field_table(body):
    """A table of fields, each field name set as code."""
    header = ["field", "JSON type and format", "presence", "values and notes"]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    for field, kind, presence, note in body:
        lines.append("| " + " | ".join(escape(c) for c in [f"`{field}`", kind, presence, note]) + " |")
    return lines


def object_section(schema, defs, present_words, empty_text):
    """Markdown lines for an input or output schema: one table, or one per shape of a oneOf."""
    if schema is None:
        return [empty_text]
    schema = resolve(schema, defs)[0]
    if "oneOf" in schema and not schema.get("properties"):
        alternatives = variants(schema, defs)
        lines = [f"One of {len(alternatives)} shapes."]
        for number_, variant in enumerate(alternatives, 1):
            lines += ["", f"Shape {number_} of {len(alternatives)}: {discriminator(variant, alternatives)}.", ""]
            body = rows(variant, defs, "", 1, present_words)
            lines += field_table(body) if body else ["An object with no members."]
            if variant.get("additionalProperties", True) is not False:
                lines += ["", "Other members are allowed."]
        return lines
    body = rows(schema, defs, "", 1, present_words)
    if not body:
        kind, note = describe(schema, defs)
        return [f"{kind}{': ' + note if note else ''}."]
    lines = field_table(body)
    if schema.get("type") == "object" and schema.get("additionalProperties", True) is not False:
        lines += ["", "Other members are allowed."]
    return lines


# --- the error codes the vectors use -------------------------------------------------------------


def error_rows(entry, profiles):
    """Rows (code, how, count per profile...) for every error code in the operation's vectors."""
    counts = defaultdict(Counter)
    messages = Counter()
    for _, profile, test in entry["tests"]:
        expected = test.get("expected", {})
        if "error" in expected:
            counts[(expected["error"], "expected")][profile] += 1
            if "message" in expected:
                messages[(expected["error"], profile)] += 1
        seen = set()
        for answer in test.get("alsoAccepted", []):
            code = answer.get("error") if isinstance(answer, dict) else None
            if code and code not in seen:
                seen.add(code)
                counts[(code, "alsoAccepted")][profile] += 1
        if test.get("wireError"):
            counts[(test["wireError"], "wireError")][profile] += 1
    order = {"expected": 0, "alsoAccepted": 1, "wireError": 2}
    body = []
    for (code, how) in sorted(counts, key=lambda k: (k[0], order[k[1]])):
        cells = [f"`{code}`", how]
        for profile in profiles:
            n = counts[(code, how)][profile]
            text = str(n) if n else ""
            if how == "expected" and messages[(code, profile)]:
                text += f" ({messages[(code, profile)]} with `message`)"
            cells.append(text)
        body.append(cells)
    return body


def output_error_rows(entry, profiles):
    """Rows (name, count per profile...) for the `error` members inside outputs (a trace's step
    results, say): the number of tests whose expected or accepted outputs hold each name."""
    counts = defaultdict(Counter)

    def names(value, found):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "error" and isinstance(inner, str):
                    found.add(inner)
                else:
                    names(inner, found)
        elif isinstance(value, list):
            for inner in value:
                names(inner, found)

    for _, profile, test in entry["tests"]:
        found = set()
        for answer in [test.get("expected", {})] + list(test.get("alsoAccepted", [])):
            if isinstance(answer, dict) and "output" in answer:
                names(answer["output"], found)
        for name in found:
            counts[name][profile] += 1
    body = []
    for name in sorted(counts):
        body.append([f"`{name}`"] + [str(counts[name][p]) if counts[name][p] else "" for p in profiles])
    return body


# --- the document ----------------------------------------------------------------------------

INTRO = """\
_Generated by `{command}`; do not edit this file by hand._

It is made from `vectors/*_test.json`, `vectors/schemas/` and `docs/operations-notes.md`: change
the notes (or the vectors) and run the command again. With `--check` instead of `--write` the
script fails when this file is out of date.

# Operation reference

Everything an adapter needs to answer one operation, without reading a vector file: where the
operation's vectors are, the fields of its input and output, the error codes the vectors expect,
and the conventions the schema cannot state. The adapter protocol itself (hello, capabilities,
wire error codes, time-outs) is in [adapter-protocol.md](adapter-protocol.md); the vector format
and the judging rules in full are in [vector-format.md](vector-format.md).

## Requests and answers

The runner sends one JSON object per line:

```json
{{"type":"request","id":7,"operation":"envelope.receive","input":{{...,"profile":"deployed"}}}}
```

`input` is the test's `input` with one member added by the runner: `profile`, the profile of the
test's group (`deployed`, `hardened`, `proposal`, `legacy`, `strict` or `rfc9420`). The adapter
answers `{{"type":"response","id":7,"output":{{...}}}}`, or
`{{"type":"response","id":7,"error":{{"code":"CODE","message":"..."}}}}` (`message` optional), or
`{{"type":"response","id":7,"unimplemented":true}}`.

How an answer is judged, by the test's `result`:

- `valid`: the answer must be an output equal to `expected.output` as JSON values. Member order
  and string escaping do not matter. Everything else does: JSON types (`"1"` is not `1`, an
  absent member is not a `null` one), array order (`[1,2]` is not `[2,1]`), and the spelling of
  numbers: an integer must be written as a plain integer literal (`1.0` and `1e0` do not equal
  `1`; only `-0` equals `0`), and a large integer must keep all its digits, so read and write
  64-bit values without passing them through a double.
- `invalid`: the answer must be an error whose `code` equals `expected.error`; where the test
  gives `expected.message`, the message must equal it too (the tables below count those tests).
- `acceptable`: the answer may match `expected` or any entry of `alsoAccepted` (each an output
  or an error, judged as above).
- An adapter in front of a real server declares `"errorCodes":"wire"` in its hello; a refusal
  then also passes when its code is the test's `wireError` (the "wireError" rows below).
- `HARNESS_INPUT_ERROR` is the code for an input the harness itself cannot use (a field of the
  wrong type, a value the operation's input contract excludes). No vector expects it; an
  implementation answers it only where the input breaks the contract stated below.

Four operations are **judged by meaning** (`envelope.encrypt`, `envelope.seal`,
`identity.keychainEncode`, `explode.metadataEncode`): the protocol does not fix their bytes, so
the runner reduces the adapter's answer to its meaning before comparing, and the vectors'
`expected.output` holds that meaning. For them the "Output" table below describes the meaning;
the notes say what the adapter returns and how it is reduced.

## Reading the tables

- **Input** lists the members of `input` (without `profile`). "required" members are in every
  test; an "optional" one may be absent, and the notes say what its absence means. Where a
  member is an object or an array of objects its members follow as `name.member` or
  `name[].member`; where it may take several shapes, a "shape k of n" row names what tells
  them apart and its members follow it.
- **Output** lists the members of `expected.output` the same way: "always" members are in every
  output of that shape; "optional" ones only when the notes say.
- A "required" member inside an optional one is required whenever the optional one is present.
- **Error codes** lists every code the operation's vectors use, per profile, with the number of
  tests: "expected" (the test's `expected.error`), "alsoAccepted" (an alternative answer of an
  `acceptable` test) and "wireError" (the wire code for `"errorCodes":"wire"` adapters). Trace
  operations report some refusals inside their output (a step's `error` member); those names
  are listed in a second table.
- Binary values are lower-case hex unless a field says base64; 64-bit values that do not fit a
  JavaScript number are decimal strings; times are integers in Unix seconds unless the notes
  say otherwise.
"""


def slug(text):
    text = re.sub(r"[^a-z0-9 _-]", "", text.lower())
    return text.replace(" ", "-")


def generate():
    operations = collect_operations()
    notes = read_notes()
    missing = sorted(op for op in operations if op not in notes)
    unknown = sorted(name for name in notes if name not in operations)
    problems = []
    if missing:
        problems.append("no `## <operation>` section for " + ", ".join(missing))
    if unknown:
        problems.append(
            "sections naming no operation of the vectors: " + ", ".join(f"`## {name}`" for name in unknown)
        )
    if problems:
        raise Failure(f"{NOTES.relative_to(ROOT)}: " + "; ".join(problems))
    empty = sorted(op for op in operations if not notes[op])
    if empty:
        raise Failure(f"{NOTES.relative_to(ROOT)}: empty section for " + ", ".join(empty))

    # Group by the first vector file an operation appears in.
    by_file = defaultdict(list)
    file_protocol = {}
    for op, entry in operations.items():
        first = sorted(entry["files"])[0]
        by_file[first].append(op)
        file_protocol[first] = sorted(entry["protocols"])
    lines = [INTRO.format(command=COMMAND).rstrip("\n"), "", "## Contents", ""]
    for name in sorted(by_file):
        ops = sorted(by_file[name])
        lines.append(
            f"- `{name}` ({', '.join(file_protocol[name])}): "
            + ", ".join(f"[`{op}`](#{slug(op)})" for op in ops)
        )
    total_tests = sum(len(e["tests"]) for e in operations.values())
    lines += ["", f"{len(operations)} operations, {total_tests} tests.", ""]

    for name in sorted(by_file):
        lines += [f"## Vector file `{name}`", ""]
        lines += [f"Protocol: {', '.join(f'`{p}`' for p in file_protocol[name])}.", ""]
        for op in sorted(by_file[name]):
            lines += operation_section(op, operations[op], notes[op])
    text = "\n".join(lines).rstrip("\n") + "\n"
    return re.sub(r"\n{3,}", "\n\n", text)


def operation_section(op, entry, note_text):
    test_def, group_def, defs, schema_name = test_definition(op, entry)
    props = test_def.get("properties", {})
    lines = [f"### {op}", ""]

    # Where the tests are.
    profiles = []
    body = []
    for name in sorted(entry["files"]):
        for profile in sorted(entry["files"][name]):
            results = entry["files"][name][profile]
            if profile not in profiles:
                profiles.append(profile)
            body.append(
                [
                    f"`vectors/{name}_test.json`",
                    f"`{profile}`",
                    str(results["valid"]),
                    str(results["invalid"]),
                    str(results["acceptable"]),
                    str(sum(results.values())),
                ]
            )
    lines += table(["vector file", "profile", "valid", "invalid", "acceptable", "tests"], body)
    allowed = group_def.get("properties", {}).get("profile", {}).get("enum")
    unused = [p for p in (allowed or []) if p not in profiles]
    lines += ["", f"Schema: `vectors/schemas/{schema_name}`, definition `{op}.test`."]
    if unused:
        lines[-1] += " The schema also allows the profile(s) " + ", ".join(f"`{p}`" for p in unused)
        lines[-1] += ", which no vector uses."
    lines.append("")

    # Input.
    lines += ["#### Input", ""]
    lines += object_section(props.get("input"), defs, ("required", "optional"), "Any JSON value.")
    lines.append("")

    # Output.
    meaning = [h for h in entry["headers"] if op in h and "judged by meaning" in h]
    lines += ["#### Output", ""]
    if meaning:
        lines += [
            "**Judged by meaning.** The table describes `expected.output`, the meaning the runner "
            "compares, not the adapter's answer; the notes give the answer's shape. From the "
            "vector file's header: " + " ".join(meaning),
            "",
        ]
    expected = props.get("expected", {})
    lines += object_section(
        output_schema(resolve(expected, defs)[0]), defs, ("always", "optional"), "No output: every test expects an error."
    )
    lines.append("")

    # Error codes.
    lines += ["#### Error codes", ""]
    errors = error_rows(entry, profiles)
    if errors:
        lines += table(["code", "how", *[f"`{p}`" for p in profiles]], errors)
    else:
        lines.append("No vector of this operation expects or allows an error.")
    inner = output_error_rows(entry, profiles)
    if inner:
        lines += [
            "",
            "Error names inside outputs (an `error` member of a step result, not an error answer), "
            "with the number of tests whose expected or accepted output holds each:",
            "",
        ]
        lines += table(["name", *[f"`{p}`" for p in profiles]], inner)
    lines.append("")

    # Notes.
    lines += ["#### Notes", ""]
    for line in note_text.splitlines():
        # Headings inside a notes section sit below the operation's own.
        if line.startswith("#"):
            line = "###" + line
        lines.append(line)
    lines.append("")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", metavar="PATH", help="write the reference to PATH")
    mode.add_argument(
        "--check",
        metavar="PATH",
        nargs="?",
        const="",
        help="exit 1 if PATH (default docs/operations.md) differs from what --write would write",
    )
    args = parser.parse_args()
    try:
        text = generate()
    except Failure as failure:
        print(f"operation-reference: {failure}", file=sys.stderr)
        return 2
    if args.write:
        path = Path(args.write)
        path = path if path.is_absolute() else Path.cwd() / path
        path.write_text(text, encoding="utf-8")
        return 0
    if args.check is not None:
        if args.check:
            path, shown = Path(args.check), args.check
            path = path if path.is_absolute() else Path.cwd() / path
        else:
            path, shown = DEFAULT_OUT, str(DEFAULT_OUT.relative_to(ROOT))
        try:
            current = path.read_text(encoding="utf-8")
        except OSError:
            print(f"operation-reference: {shown} does not exist; run `{COMMAND}`")
            return 1
        if current != text:
            print(f"operation-reference: {shown} differs from what the vectors and notes give; run `{COMMAND}`")
            return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
