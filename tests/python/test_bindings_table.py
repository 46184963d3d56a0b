"""The table both bindings answer (tests/bindings/cases.json; tests/js/bindings.test.mjs reads it
too): check's counts and codes, a tree's game, and its main line replayed up to the code that
stopped it, so that the Python and JavaScript bindings cannot drift apart."""
import json
import os

import pytest

import ludex
from conftest import files_under, repo_path

with open(repo_path("tests", "bindings", "cases.json"), encoding="utf-8") as f:
    TABLE = json.load(f)


def data_of(case):
    if "file" in case:
        with open(repo_path(case["file"]), "rb") as f:
            return f.read()
    return case["text"].encode("utf-8")


def replayed(tree):
    """(moves played, the code that stopped the main line or None), as the table writes it."""
    try:
        game = tree.replay()
    except ludex.LudexError as e:
        return {"moves": 0, "error": e.code}
    try:
        for _ in game:
            pass
    except ludex.LudexError as e:
        return {"moves": game.move_number, "error": e.code}
    return {"moves": game.move_number, "error": None}


def checked(data):
    r = ludex.check(data)
    return {"ok": r.ok, "games": r.games, "nodes": r.nodes, "moves": r.moves, "unchecked": r.unchecked,
            "codes": sorted({d.code for d in r.diagnostics})}


@pytest.mark.parametrize("case", TABLE["cases"], ids=[c["name"] for c in TABLE["cases"]])
def test_case(case):
    data = data_of(case)
    assert checked(data) == case["check"]
    coll = ludex.read(data)
    if "tree0" not in case:
        assert len(coll) == 0
        return
    t = coll[0]
    want = case["tree0"]
    assert (t.gm, t.game, t.gm_name) == (want["gm"], want["game"], want["gmName"])
    assert replayed(t) == want["replay"]


def test_every_error_carries_a_code_and_a_message():
    (case,) = [c for c in TABLE["cases"] if c["name"].startswith("Go")]
    with pytest.raises(ludex.LudexError) as e:
        ludex.loads(case["text"])[0].replay()
    assert e.value.code == "UNSUPPORTED_GAME" and e.value.message.startswith("GM[1] (Go)")
    assert str(e.value) == f"{e.value.message} [{e.value.code}]"


def test_corpus_totals():
    want = TABLE["corpus"]
    got = dict.fromkeys(("files", "ok", "games", "nodes", "moves", "unchecked", "replayMoves", "replayErrors"), 0)
    for path in files_under(repo_path(want["dir"]), *want["extensions"]):
        with open(path, "rb") as f:
            data = f.read()
        c = checked(data)
        got["files"] += 1
        got["ok"] += c["ok"]
        for k in ("games", "nodes", "moves", "unchecked"):
            got[k] += c[k]
        for tree in ludex.read(data):
            r = replayed(tree)
            got["replayMoves"] += r["moves"]
            got["replayErrors"] += r["error"] is not None
    assert got == {k: want[k] for k in got}
    assert got["replayMoves"] == got["moves"]  # check replays the main lines, as replay does
