"""Shared fixtures of the Python binding's tests (run by `make check-python`).

The tests import the installed package (PYTHONPATH=build/python/site, set by the
Makefile) and compare it with the CLI (LUDEX_TOOL, default build/ludex) where the
CLI states a contract: `ludex check --json`, `ludex replay --json`, `ludex fmt`."""
import json
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Real records written by other programs, copied into the repository with their sources and
# licences (tests/corpus/README.md): the tests read nothing from outside the repository.
IN_REPO_CORPUS = os.path.join(ROOT, "tests", "corpus")
TOOL = os.environ.get("LUDEX_TOOL", os.path.join(ROOT, "build", "ludex"))


def files_under(top, *exts):
    found = []
    for d, _, names in os.walk(top):
        found += [os.path.join(d, n) for n in names if n.lower().endswith(exts)]
    return sorted(found)


def corpus_files(*exts):
    """Record files of the repository's corpus (tests/corpus), sorted."""
    return files_under(IN_REPO_CORPUS, *exts)


@pytest.fixture
def tool():
    if not os.access(TOOL, os.X_OK):
        pytest.skip(f"no ludex tool at {TOOL} (make build/ludex)")
    return TOOL


def run_tool(tool, *args, stdin=None):
    return subprocess.run([tool, *args], input=stdin, capture_output=True, check=False)


def cli_json_lines(tool, *args):
    out = run_tool(tool, *args).stdout.decode()
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def repo_path(*parts):
    return os.path.join(ROOT, *parts)
