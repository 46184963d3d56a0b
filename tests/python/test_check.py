"""ludex.check: the same verdict and diagnostics as `ludex check --json`, on every corpus record."""
import pytest

import ludex
from conftest import cli_json_lines, corpus_files, repo_path

SGF = corpus_files(".sgf", ".tsgf") + [repo_path("examples", f) for f in
                                       ("hex-game.sgf", "backgammon-match.sgf", "broken.sgf",
                                        "twixt-long-move.sgf", "littlegolem-hex.sgf")]


def as_cli(result):
    return [{"line": d.line, "col": d.column, "severity": d.severity, "code": d.code, "message": d.message}
            for d in result.diagnostics]


@pytest.mark.parametrize("path", SGF)
def test_check_matches_the_cli(tool, path):
    (cli,) = cli_json_lines(tool, "check", "--json", path)
    result = ludex.check(path)
    assert result.ok == cli["ok"]
    assert (result.games, result.nodes, result.moves, result.unchecked) == \
        (cli["games"], cli["nodes"], cli["moves"], cli["unchecked"])
    assert as_cli(result) == cli["diagnostics"]


def test_check_reports_an_illegal_move_with_its_place():
    r = ludex.check(b"(;FF[4]GM[11]SZ[5]\n;B[c3]\n;W[c3])")
    assert not r.ok and (r.games, r.nodes, r.moves) == (1, 3, 1)
    (d,) = [d for d in r.diagnostics if d.severity == "error"]
    assert (d.code, d.line, d.column) == ("HEX_CELL_OCCUPIED", 3, 2)


def test_strict_counts_warnings():
    data = b"(;GM[11]SZ[5];B[c3])"  # no FF: a warning
    loose, strict = ludex.check(data), ludex.check(data, strict=True)
    assert loose.ok and not strict.ok and [d.severity for d in loose.diagnostics] == ["warning"]


def test_all_variations():
    data = b"(;FF[4]GM[11]SZ[5];B[c3](;W[d4])(;W[e5])(;W[c3]))"
    main, every = ludex.check(data), ludex.check(data, all_variations=True)
    assert main.ok and main.moves == 2
    assert not every.ok and every.moves == 3  # B[c3] W[d4], W[e5]; W[c3] refused
