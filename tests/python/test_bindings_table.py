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


@pytest.mark.parametrize("case", TABLE["convert"], ids=[c["name"] for c in TABLE["convert"]])
def test_convert(case):
    data = data_of(case)
    if "sniffed" in case:
        assert ludex._ludex.sniff(data) == case["sniffed"]
    r = ludex.convert(data, case["to"], from_format=case.get("from"))
    assert (r.text, r.ok, sorted({d.code for d in r.diagnostics})) == (case["output"], case["ok"], case["codes"])
    if "file" in case and "from" not in case:  # a path: the format guessed from its name and content
        assert ludex.convert(repo_path(case["file"]), case["to"]) == r


def test_convert_guesses_by_extension_and_names_what_it_cannot_do():
    t1 = repo_path("tests", "corpus", "twixt-files", "sample.T1")
    (case,) = [c for c in TABLE["convert"] if c.get("file") == "tests/corpus/twixt-files/sample.T1"]
    assert ludex.convert(t1).text == case["output"]  # .T1: from its extension
    with pytest.raises(ludex.LudexError) as e:
        ludex.convert(repo_path("examples", "hex-game.sgf"), "sgf")
    assert e.value.code == "NO_SUCH_CONVERSION"


@pytest.mark.parametrize("case", TABLE["positions"], ids=[c["name"] for c in TABLE["positions"]])
def test_position(case):
    game = ludex.read(data_of(case))[0].replay()
    assert game.forward(case["after"]) == case["after"]
    assert game.to_play == case["toPlay"]
    moves = game.legal_moves(case.get("player"), dice=tuple(case["dice"]) if "dice" in case else None)
    assert {"count": len(moves), "first": moves[:3], "last": moves[-2:]} == case["legal"]
    planes = game.planes()
    assert {"shape": list(planes.shape), "sums": [int(p.sum()) for p in planes]} == case["planes"]


XWORD = TABLE["xword"]


@pytest.mark.parametrize("case", XWORD["checks"], ids=[c["name"] for c in XWORD["checks"]])
def test_xword_check(case):
    r = ludex.check(repo_path(case["file"]), kind=case["kind"])
    assert {"ok": r.ok, "games": r.games, "moves": r.moves, "codes": sorted({d.code for d in r.diagnostics})} \
        == case["check"]


@pytest.mark.parametrize("case", XWORD["scores"], ids=[c["play"] for c in XWORD["scores"]])
def test_xword_score(case):
    pos = ludex.xword.read_cgp(XWORD["position"])
    if "error" in case:
        with pytest.raises(ludex.IllegalMove) as e:
            pos.score(case["play"])
        assert e.value.code == case["error"]
    else:
        assert pos.score(case["play"]) == {k: case[k] for k in ("score", "words", "bingo")}


def test_xword_game():
    want = XWORD["game"]
    g = ludex.xword.read_gcg(repo_path(want["file"]))
    assert [list(p) for p in g.players] == want["players"] and len(g.events) == want["events"]
    summary, diagnostics = g.replay()
    got = {"events": summary["events"], "plays": summary["plays"], "scoresChecked": summary["scores_checked"],
           "wordsChecked": summary["words_checked"], "completed": summary["completed"], "lexicon": summary["lexicon"],
           "codes": sorted({d.code for d in diagnostics})}
    assert got == want["replay"]
    for p in want["positions"]:
        pos = g.position(p["after"])
        assert pos.to_cgp() == p["cgp"]
        if "racks" in p:
            assert (pos.racks, pos.scores) == (p["racks"], p["scores"])


def test_xword_corpus_totals():
    want = TABLE["xwordCorpus"]
    got = dict.fromkeys(("files", "ok", "moves", "errors", "warnings"), 0)
    for path in files_under(repo_path(want["dir"]), ".gcg"):
        r = ludex.check(path, kind="gcg")
        got["files"] += 1
        got["ok"] += r.ok
        got["moves"] += r.moves
        got["errors"] += sum(d.severity != "warning" for d in r.diagnostics)
        got["warnings"] += sum(d.severity == "warning" for d in r.diagnostics)
    assert got == {k: want[k] for k in got}


def _play(m):
    return {"play": m["play"], "kind": m["kind"], "score": m["score"], "leaveValue": m["leave_value"],
            "equity": m["equity"], "bingo": m["bingo"]}


@pytest.mark.parametrize("case", XWORD["moves"], ids=[json.dumps({k: v for k, v in c.items() if k != "plays"})
                                                      for c in XWORD["moves"]])
def test_xword_moves(case):
    pos = ludex.xword.read_cgp(XWORD["position"])
    plays = pos.moves(rack=case.get("rack"), sort=case.get("sort", "equity"), top=case["top"])
    assert [_play(m) for m in plays] == case["plays"]
    assert _play(pos.best_move()) == XWORD["bestMove"]
