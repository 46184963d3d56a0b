#!/usr/bin/env python3
"""jsoncheck.py - JSON assertions for tests/cli/run (Python standard library only).

  jsoncheck.py same ACTUAL EXPECTED
      Both files hold JSON lines; every line of ACTUAL must parse as a JSON
      object and equal the line of EXPECTED, keys in the same order.
  jsoncheck.py contract ACTUAL [--no-fatal]
      Every line of ACTUAL is a `ludex check --json` object exactly as
      DESIGN.md says (keys, their order, their types); with --no-fatal, no
      diagnostic is fatal.  Names the offending files.
  jsoncheck.py get ACTUAL LINE EXPR
      Print EXPR (a Python expression over `o`, the parsed line LINE, 0-based).
"""
import json
import sys

CHECK_KEYS = ["file", "ok", "games", "nodes", "moves", "unchecked", "diagnostics"]
DIAG_KEYS = ["line", "col", "severity", "code", "message"]


def ordered(text):
    """Parse JSON keeping key order: objects become lists of pairs."""
    return json.loads(text, object_pairs_hook=lambda pairs: [("{}", k, v) for k, v in pairs])


def lines(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def same(actual, expected):
    a, e = lines(actual), lines(expected)
    if len(a) != len(e):
        print(f"{len(a)} JSON lines, expected {len(e)}")
        return 1
    for i, (x, y) in enumerate(zip(a, e)):
        try:
            px = ordered(x)
        except ValueError as err:
            print(f"line {i + 1} is not JSON ({err}): {x}")
            return 1
        if not isinstance(json.loads(x), dict):
            print(f"line {i + 1} is not a JSON object: {x}")
            return 1
        if px != ordered(y):
            print(f"line {i + 1} differs:\n  got      {x}\n  expected {y}")
            return 1
    return 0


def contract_problem(o, no_fatal):
    if not isinstance(o, dict) or list(o) != CHECK_KEYS:
        return f"keys {list(o) if isinstance(o, dict) else o!r}"
    if not isinstance(o["file"], str) or not isinstance(o["ok"], bool):
        return "file or ok of the wrong type"
    for count in ("games", "nodes", "moves", "unchecked"):
        if not isinstance(o[count], int) or isinstance(o[count], bool) or o[count] < 0:
            return f"{count} is not a count"
    if o["unchecked"] > o["games"]:
        return "more trees unchecked than read"
    for d in o["diagnostics"]:
        if not isinstance(d, dict) or list(d) != DIAG_KEYS:
            return f"diagnostic keys {list(d)}"
        if d["severity"] not in ("fatal", "error", "warning"):
            return f"severity {d['severity']!r}"
        if not all(isinstance(d[k], int) and d[k] >= 0 for k in ("line", "col")):
            return "line/col"
        if not d["code"] or not d["code"].replace("_", "").isalnum() or d["code"] != d["code"].upper():
            return f"code {d['code']!r}"
        if not isinstance(d["message"], str) or not d["message"]:
            return "empty message"
        if no_fatal and d["severity"] == "fatal":
            return f"fatal diagnostic {d['code']}: {d['message']}"
    errors = any(d["severity"] in ("error", "fatal") for d in o["diagnostics"])
    if o["ok"] == errors:
        return "ok does not match the diagnostics"
    return None


def contract(actual, no_fatal):
    bad = 0
    for i, text in enumerate(lines(actual)):
        try:
            o = json.loads(text)
        except ValueError as err:
            print(f"line {i + 1} is not JSON: {err}")
            bad += 1
            continue
        problem = contract_problem(o, no_fatal)
        if problem:
            print(f"{o.get('file', '?') if isinstance(o, dict) else '?'}: {problem}")
            bad += 1
    return 1 if bad else 0


def main(argv):
    if len(argv) >= 4 and argv[1] == "same":
        return same(argv[2], argv[3])
    if len(argv) >= 3 and argv[1] == "contract":
        return contract(argv[2], "--no-fatal" in argv[3:])
    if len(argv) == 5 and argv[1] == "get":
        o = json.loads(lines(argv[2])[int(argv[3])])
        print(eval(argv[4], {"o": o, "len": len}))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
