"""Replays: the same positions, results and refusals as `ludex replay --json`; play(), legal
moves, drawings, planes, GNU Backgammon's IDs (checked against GNU Backgammon's own)."""
import glob
import os

import numpy as np
import pytest

import ludex
from conftest import cli_json_lines, corpus_files, repo_path


def column_name(c):
    name = ""
    c += 1
    while c:
        c, r = divmod(c - 1, 26)
        name = chr(ord("a") + r) + name
    return name


def hex_stones(game):
    planes = game.planes()
    return {colour: sorted(f"{column_name(c)}{r + 1}" for r, c in zip(*np.nonzero(planes[i])))
            for i, colour in enumerate("BW")}


def python_replay(path):
    """The records `ludex replay --json` prints, made with the binding."""
    out = []
    for tree in ludex.read(path):
        g = tree.index
        try:
            game = tree.replay()
        except ludex.IllegalMove as e:
            out.append({"game": g, "move": 0, "error": e.code})
            continue
        try:
            for player, _ in game:
                out.append({"game": g, "move": game.move_number, "player": player,
                             "stones": hex_stones(game)})
        except ludex.IllegalMove as e:
            out.append({"game": g, "move": game.move_number + 1, "error": e.code})
            continue
        out.append({"game": g, "end": True, "winner": game.winner, "result": game.result})
    return out


def cli_replay(tool, path):
    recs = cli_json_lines(tool, "replay", "--json", path)
    for r in recs:
        if "error" in r:
            r["error"] = r["error"]["code"]
        if "stones" in r:
            r["stones"] = {k: sorted(v) for k, v in r["stones"].items()}
    return recs


@pytest.mark.parametrize("path", corpus_files(".sgf")[::3] + [repo_path("examples", "hex-game.sgf")])
def test_hex_replay_matches_the_cli(tool, path):
    if ludex.read(path)[0].game != "hex":
        pytest.skip("not a Hex record")
    assert python_replay(path) == cli_replay(tool, path)


@pytest.mark.parametrize("ids", sorted(glob.glob(repo_path("tests", "gnubg", "*.ids"))))
def test_backgammon_ids_are_gnubgs(ids):
    expected = [line.split() for line in open(ids)
                if line.strip() and not line.startswith("#") and " end " not in line]
    got = []
    for tree in ludex.read(ids[:-4] + ".sgf"):
        game = tree.replay()
        for player, _ in game:
            got.append([str(tree.index), str(game.move_number), player, game.position_id, game.match_id])
    assert got == expected


def test_play_and_refusals_carry_the_cli_codes():
    game = ludex.new_game("hex", 5)
    assert (game.to_play, game.move_number, game.over) == ("B", 0, False)
    assert len(game.legal_moves()) == 25
    game.play("c3")
    assert game.to_play == "W" and "swap-pieces" in game.legal_moves() and "c3" not in game.legal_moves()
    with pytest.raises(ludex.IllegalMove) as e:
        game.play("c3")
    assert e.value.code == "HEX_CELL_OCCUPIED" and "c3" in e.value.message
    with pytest.raises(ludex.IllegalMove) as e:
        game.play("z9")
    assert e.value.code and isinstance(e.value, ludex.LudexError)
    game.play("swap-pieces")
    assert game.move_number == 2 and game.to_play == "B"


def test_a_won_game_has_a_result_and_no_legal_move():
    game = ludex.new_game("hex", 2)
    game.play("a1")
    game.play("b1")
    assert (game.over, game.winner, game.result) == (False, None, None)
    game.play("a2")  # Black joins the top and bottom rows
    assert (game.over, game.winner, game.result) == (True, "B", "B+")
    assert game.legal_moves() == []


def test_copy_is_independent_and_stepping_follows_the_main_line():
    tree = ludex.read(b"(;FF[4]GM[11]SZ[4];B[a1];W[b2](;B[c3])(;B[d4]))")[0]
    game = tree.replay()
    assert game.step() == ("B", ["a1"])
    snap = game.copy()
    assert [m for m in game] == [("W", ["b2"]), ("B", ["c3"])]
    assert game.at_end and game.step() is None
    assert snap.move_number == 1 and snap.step() == ("W", ["b2"])
    assert hex_stones(game) == {"B": ["a1", "c3"], "W": ["b2"]}
    fast = tree.replay()
    assert fast.forward(2) == 2 and fast.move_number == 2 and fast.forward() == 1 and fast.forward() == 0
    assert hex_stones(fast) == hex_stones(game)
    bad = ludex.read(b"(;FF[4]GM[11]SZ[4];B[a1];W[a1];B[b2])")[0].replay()
    with pytest.raises(ludex.IllegalMove) as e:
        bad.forward()
    assert e.value.code == "HEX_CELL_OCCUPIED" and bad.move_number == 1 and bad.at_end


def test_drawings():
    game = ludex.read(repo_path("examples", "hex-game.sgf"))[0].replay()
    for _ in game:
        pass
    svg = game.svg()
    assert svg.lstrip().startswith("<") and "<svg" in svg and svg.rstrip().endswith("</svg>")
    assert "a" in game.text() and game.svg(30) != svg


def test_twixt_long_move_and_planes():
    game = ludex.new_game("twixt", 8)
    assert game.to_play == "W"
    game.play("c3")
    game.play("f4")
    game.play("d5")  # autolinks c3-d5
    planes = game.planes()
    assert planes.shape == (11, 8, 8) and planes.dtype == np.uint8
    assert planes[0, 2, 2] == 1 and planes[0, 4, 3] == 1 and planes[1, 3, 5] == 1
    assert planes[2:6, 2, 2].sum() == 1 and planes[5, 2, 2] == 1  # c3 -> d5: (col+1, row+2)
    assert planes[10].all() == (game.to_play == "W")
    with pytest.raises(ludex.IllegalMove):
        game.play(["-d4'", "e6"])  # no such link to remove: nothing is played
    assert game.move_number == 3


def test_backgammon_legal_plays_and_planes():
    game = ludex.new_game("backgammon")
    assert game.to_play is None
    plays = game.legal_moves("W", dice=(3, 1))
    assert "31hefe" in plays and len(plays) == len(set(plays)) and all(p.startswith("31") for p in plays)
    game.play("31hefe", player="W")
    planes = game.planes()
    assert planes.shape == (2, 26) and planes[0].sum() == 15 and planes[1].sum() == 15
    with pytest.raises(ludex.IllegalMove) as e:
        game.play("64xrxt", player="W")
    assert e.value.code.startswith("BG_")


def test_main_line_planes():
    tree = ludex.read(b"(;FF[4]GM[11]SZ[3];B[a1];W[b2];B[c3])")[0]
    stack = ludex.main_line_planes(tree)
    assert stack.shape == (4, 3, 3, 3)
    assert stack[0, :2].sum() == 0 and stack[3, 0].sum() == 2 and stack[3, 1].sum() == 1


def test_no_rules_no_replay():
    with pytest.raises(ludex.LudexError):
        ludex.read(b"(;GM[1]SZ[19];B[aa])")[0].replay()
