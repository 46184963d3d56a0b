"""The binding's objects behave as Python's own (issue 35, item 6): a GameTree iterates over its
nodes, a Node is a collections.abc.Mapping, Diagnostic and CheckResult are real named tuples,
IllegalMove is a ValueError, C methods have signatures, and node.move reads a move as sgfmill's
get_move() does."""
import collections.abc
import inspect
import pickle

import pytest

import ludex
from conftest import repo_path


def hex_tree():
    return ludex.read(repo_path("examples", "hex-game.sgf"))[0]


def test_a_game_tree_iterates_over_its_nodes_in_document_order():
    tree = ludex.loads("(;GM[11]SZ[5];B[c3](;W[d4];B[e5])(;W[a1]))")[0]
    assert [n.index for n in tree] == [n.index for n in tree.nodes()] == [0, 1, 2, 3, 4]
    assert [n.get("W") or n.get("B") for n in tree][1:] == [["c3"], ["d4"], ["e5"], ["a1"]]
    assert len(list(iter(tree))) == len(tree) == 5


def test_a_node_is_a_registered_read_only_mapping():
    root = hex_tree().root
    assert isinstance(root, collections.abc.Mapping)
    assert not isinstance(root, collections.abc.MutableMapping)
    assert dict(root.items()) == {k: root[k] for k in root} and "SZ" in root and "XX" not in root
    assert root.get("XX", 7) == 7


def test_diagnostic_and_check_result_are_named_tuples():
    r = ludex.check(repo_path("examples", "broken.sgf"))
    assert type(r).__name__ == "CheckResult" and r._fields == ("ok", "games", "nodes", "moves", "unchecked",
                                                               "diagnostics")
    d = r.diagnostics[0]
    assert isinstance(d, tuple) and isinstance(d, ludex.Diagnostic)
    assert d._asdict() == {"code": "JUNK_OUTSIDE_TREE", "severity": "warning", "line": 1, "column": 1,
                           "message": d.message, "offset": 0}
    assert d._replace(line=9).line == 9
    assert pickle.loads(pickle.dumps(d)) == d
    assert r._asdict()["moves"] == 2 and r == pickle.loads(pickle.dumps(r))


def test_illegal_move_is_a_value_error_and_a_ludex_error():
    game = ludex.new_game("hex", 5)
    game.play("c3")
    with pytest.raises(ValueError) as e:
        game.play("c3")
    assert isinstance(e.value, ludex.IllegalMove) and isinstance(e.value, ludex.LudexError)
    assert e.value.code == "HEX_CELL_OCCUPIED"


@pytest.mark.parametrize("fn, params", [
    (ludex.Replay.play, ["self", "move", "player"]),
    (ludex.Replay.legal_moves, ["self", "player", "dice"]),
    (ludex.GameTree.to_sgf, ["self", "drop_unknown"]),
    (ludex.Node.get, ["self", "id", "default"]),
    (ludex._ludex.check, ["data", "encoding", "all_variations", "strict"]),
    (ludex.xword.Position.moves, ["self", "rack", "lexicon", "sort", "top"]),
])
def test_c_methods_have_signatures(fn, params):
    assert list(inspect.signature(fn).parameters) == params


def test_bound_methods_have_signatures_without_self():
    game = ludex.new_game("hex", 5)
    sig = inspect.signature(game.legal_moves)
    assert list(sig.parameters) == ["player", "dice"]
    assert sig.parameters["dice"].kind is inspect.Parameter.KEYWORD_ONLY


def test_node_move_is_colour_and_point_as_sgfmill_gives_it():
    moves = [n.move for n in hex_tree().main_line()]
    assert moves[0] == (None, None)  # the root has no move
    assert moves[1:4] == [("B", (5, 5)), ("W", (6, 4)), ("B", (3, 6))]
    # row 0 is the top row, the planes' [row, col]
    game = hex_tree().replay()
    colour, (row, col) = game.step()[0], hex_tree().node(1).move[1]
    assert game.planes()[0, row, col] == 1 and colour == "B"


def test_node_move_of_special_moves_long_moves_and_backgammon():
    hex_swap = ludex.loads("(;GM[11]SZ[5];B[c3];W[swap-pieces])")[0]
    assert hex_swap.node(2).move == ("W", "swap-pieces")
    twixt = ludex.read(repo_path("examples", "twixt-long-move.sgf"))[0]
    assert twixt.node(3).move == ("W", (13, 12))
    assert twixt.node(1).move == ("W", (11, 11))  # l12: column l, row 12, both from 1
    assert twixt.node(6).move == ("B", (9, 9))    # B[-d'5][j10]: the long move's peg
    assert twixt.node(8).move == ("B", "resign")
    bg = ludex.read(repo_path("examples", "backgammon-match.sgf"))[0]
    assert [n.move for n in bg.main_line()][1] == ("W", "31hefe")
    go = ludex.loads("(;FF[4]GM[1];B[aa])")[0]
    assert go.node(1).move == ("B", "aa")  # no rules here: the value as written


def test_a_move_the_game_cannot_read_raises_illegal_move():
    tree = ludex.loads("(;GM[11]SZ[5];B[z9])")[0]
    with pytest.raises(ValueError) as e:
        tree.node(1).move
    assert isinstance(e.value, ludex.IllegalMove) and e.value.code.startswith("HEX_")
