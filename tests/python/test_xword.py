"""Crossword games: GCG and CGP checked as `ludex check --json` does, plays scored as
`ludex xword score --json` does, positions and records read and written."""
import pytest

import ludex
from conftest import cli_json_lines, corpus_files, repo_path, run_tool
from ludex import xword
from test_check import as_cli

XW_FILES = corpus_files(".gcg") + [repo_path("tests", "xword_data", f) for f in
                                   ("positions.cgp", "good.cgp", "game.gcg", "bad-score.gcg")]
CGP = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex wamerican; lm 8D.WINDY;"


@pytest.mark.parametrize("path", XW_FILES)
def test_check_matches_the_cli(tool, path):
    (cli,) = cli_json_lines(tool, "check", "--json", path)
    result = ludex.check(path)
    assert (result.ok, result.games, result.moves) == (cli["ok"], cli["games"], cli["moves"])
    assert as_cli(result) == cli["diagnostics"]


@pytest.mark.parametrize("play", ["9C AGILE", "D7 AGILE", "8A ZZZ", "H3 GLEDE", "-", "-AE", "8D.WINDYA"])
def test_score_matches_the_cli(tool, play):
    (cli,) = cli_json_lines(tool, "xword", "score", "--json", CGP, play)
    pos = xword.read_cgp(CGP)
    if "error" in cli:
        with pytest.raises(ludex.IllegalMove) as e:
            pos.score(play)
        assert e.value.code == cli["error"]["code"]
    else:
        assert pos.score(play) == cli


def test_position_reads_and_writes():
    pos = xword.read_cgp(CGP)
    assert pos.size == (15, 15) and pos.racks == ["ADEEGIL", ""] and pos.scores == [0, 32]
    assert pos.board[7][3:8] == ["W", "I", "N", "D", "Y"] and pos.board[0][0] is None
    assert pos.to_cgp() == CGP and pos.diagnostics == [] and pos.validate() == []
    assert "<svg" in pos.svg() and "8D WINDY" in pos.text()
    bad = xword.read_cgp("15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 EEEEEEEEEEEEE/ 0/0 0")
    assert any(d.severity == "error" for d in bad.diagnostics + bad.validate())
    with pytest.raises(ludex.LudexError) as e:
        xword.read_cgp("15/15 X")  # nothing usable: too few fields
    assert e.value.code == "CGP_FIELDS"
    junk = xword.read_cgp("not a position at all")  # four fields: read, with what is wrong
    assert "BOARD_ROWS" in [d.code for d in junk.diagnostics]


def test_gcg_events_positions_and_round_trip(tool):
    path = repo_path("tests", "xword_data", "game.gcg")
    game = xword.read_gcg(path)
    assert game.events and {e["kind"] for e in game.events} <= {
        "play", "exchange", "pass", "withdrawn", "challenge_bonus", "end_rack_bonus", "end_rack_penalty",
        "time_penalty"}
    first = game.events[0]
    assert first["player"] == 0 and first["cumulative"] == first["score"]
    summary, diags = game.replay()
    assert summary["events"] == len(game.events) and summary["completed"]
    assert game.position(0).to_cgp().startswith("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ")
    end = run_tool(tool, "convert", path, "--to", "cgp").stdout.decode().strip()
    assert game.position().to_cgp() == end
    again = xword.read_gcg(game.to_gcg())
    assert [e["move"] for e in again.events] == [e["move"] for e in game.events]


@pytest.mark.parametrize("args", [[], ["--rack", "AEINRST"], ["--sort", "score"], ["--rack", "QZ?"]])
def test_moves_match_the_cli(tool, args):
    (cli,) = cli_json_lines(tool, "xword", "moves", "--json", *args, CGP)
    kw = {"rack": args[1]} if args[:1] == ["--rack"] else {"sort": args[1]} if args else {}
    plays = xword.read_cgp(CGP).moves(**kw)
    assert len(plays) == cli["count"]
    assert [(p["play"], p["score"], round(p["equity"], 3), p["bingo"]) for p in plays] == \
        [(c["play"], c["score"], c["equity"], c["bingo"]) for c in cli["plays"]]


def test_best_move_is_the_first_play_and_every_play_scores():
    pos = xword.read_cgp(CGP)
    plays = pos.moves()
    assert pos.best_move() == plays[0]
    assert pos.moves(top=5) == plays[:5]
    for p in plays[:40]:
        if p["kind"] == "place":
            assert pos.score(p["play"])["score"] == p["score"]
    assert {p["kind"] for p in plays} == {"place", "exchange", "pass"}
    with pytest.raises(ValueError):
        pos.moves(rack="AB1")
