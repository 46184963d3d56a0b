"""Reading: collections, trees, nodes, walks without recursion, diagnostics, round trips."""

import pytest

import ludex
from conftest import corpus_files, repo_path, run_tool

HEX = b"(;FF[4]GM[11]SZ[5]C[a \\] b];B[c3];W[b2]C[two\\\nlines](;B[a1])(;B[e5]LB[e5:x]))"


def test_read_bytes_gives_trees_and_nodes():
    coll = ludex.read(HEX)
    assert len(coll) == 1 and coll.ok and coll.diagnostics == [] and coll.charset == "UTF-8"
    tree = coll[0]
    assert (tree.gm, tree.game, len(tree), tree.index) == (11, "hex", 5, 0)
    root = tree.root
    assert root.keys() == ["FF", "GM", "SZ", "C"]
    assert root["C"] == ["a ] b"] and root.raw("C") == ["a \\] b"]
    assert "SZ" in root and "B" not in root and len(root) == 4
    assert root.get("XX") is None and root.get("XX", 7) == 7
    with pytest.raises(KeyError):
        root["B"]
    assert dict(root.items())["GM"] == ["11"]


def test_a_str_is_a_path_loads_reads_text(tmp_path):
    text = "(;GM[11]SZ[5]C[caf\u00e9];B[a1])"
    with pytest.raises(FileNotFoundError, match="loads"):
        ludex.read(text)  # a str is a path, as in open() and pathlib
    coll = ludex.loads(text)
    assert (coll[0].game, coll[0].root["C"], coll.charset) == ("hex", ["caf\u00e9"], "UTF-8")
    assert ludex.loads(text.encode())[0].root["C"] == ["caf\u00e9"]
    assert ludex.dumps(coll) == ludex.dumps(coll[0]) == "(;GM[11]SZ[5]C[caf\u00e9]\n;B[a1])\n"
    assert isinstance(ludex.dumps(coll), str) and ludex.loads(ludex.dumps(coll))[0].root["C"] == ["caf\u00e9"]
    with pytest.raises(TypeError):
        ludex.loads(tmp_path)
    with pytest.raises(TypeError):
        ludex.dumps(text)


def test_file_objects(tmp_path):
    p = tmp_path / "g.sgf"
    p.write_bytes(HEX)
    with open(p, "rb") as f:
        assert ludex.read(f)[0].root["SZ"] == ["5"]
    latin = tmp_path / "l.sgf"
    latin.write_bytes("(;CA[ISO-8859-1]GM[11]SZ[5]C[caf\u00e9])".encode("utf-8"))
    with open(latin, encoding="utf-8") as f:  # text mode: the characters, whatever CA says
        assert ludex.read(f)[0].root["C"] == ["caf\u00e9"]
    with open(p, "rb") as f:
        assert ludex.check(f).moves == 3
    with open(p, "rb") as f:
        assert ludex.format(f) == ludex.format(p)
    with pytest.raises(TypeError):
        ludex.read(12)


def test_check_kind_names_sgf_too():
    with pytest.raises(ValueError, match="'sgf', 'gcg' or 'cgp'"):
        ludex.check(HEX, kind="xyz")
    assert ludex.check(HEX, kind="SGF").ok


def test_version_and_game_names():
    assert ludex.__version__ == ludex.version() and ludex.__version__.count(".") == 2
    go = ludex.loads("(;FF[4]GM[1];B[aa])")[0]
    assert (go.gm, go.game, go.gm_name) == (1, None, "Go")
    with pytest.raises(ludex.LudexError) as e:
        go.replay()
    assert e.value.code == "UNSUPPORTED_GAME"


def test_read_path(tmp_path):
    p = tmp_path / "g.sgf"
    p.write_bytes(HEX)
    assert ludex.read(p)[0].root["SZ"] == ["5"]
    assert ludex.read(str(p))[0].root["SZ"] == ["5"]


def test_children_parent_and_walks():
    tree = ludex.read(HEX)[0]
    assert [n.index for n in tree.nodes()] == [0, 1, 2, 3, 4]
    assert [n.index for n in tree.main_line()] == [0, 1, 2, 3]
    two = tree.node(2)
    assert two["C"] == ["twolines"]  # a soft line break is removed
    assert [c["B"] for c in two.children] == [["a1"], ["e5"]]
    assert two.children[1].parent == two and tree.root.parent is None
    assert two.next == tree.node(3) and tree.node(4).next is None
    assert tree.node(4)["LB"] == ["e5:x"]
    assert [n.index for n in two.main_line()] == [2, 3]
    assert {tree.node(1), tree.node(1)} == {tree.root.next}


def test_deep_tree_is_walked_without_recursion():
    depth = 100_000
    data = b"(;GM[11]SZ[3]" + b"(;C[x]" * depth + b")" * depth + b")"
    coll = ludex.read(data)
    assert coll.ok, coll.diagnostics[:3]
    tree = coll[0]
    assert len(tree) == depth + 1
    assert sum(1 for _ in tree.nodes()) == depth + 1
    assert sum(1 for _ in tree.main_line()) == depth + 1
    last = tree.node(depth)
    assert last.parent.index == depth - 1 and last.children == []
    assert tree.to_sgf().count(b"C[x]") == depth
    del coll, tree, last  # freeing a deep tree must not recurse either


def test_collection_of_several_trees():
    coll = ludex.read(b"(;GM[11]SZ[3];B[a1])\n(;GM[11]SZ[4];B[b2])")
    assert [t.root["SZ"] for t in coll] == [["3"], ["4"]]
    assert [t.index for t in coll] == [0, 1] and len(coll[0:1]) == 1


def test_reading_problems_are_diagnostics():
    coll = ludex.read(b"(;GM[11]SZ[3];B[a1]")
    codes = [d.code for d in coll.diagnostics]
    assert codes and not coll.ok and len(coll) == 1
    d = coll.diagnostics[0]
    assert d.severity in ("error", "fatal") and d.line == 1 and d.column >= 1 and d.message
    empty = ludex.read(b"no game here")
    assert len(empty) == 0 and "NO_GAME_TREE" in [d.code for d in empty.diagnostics]


def test_encoding_is_detected_or_given():
    latin = "(;GM[11]SZ[3]CA[ISO-8859-1]PB[Jörg])".encode("latin-1")
    coll = ludex.read(latin)
    assert coll.charset == "ISO-8859-1" and coll[0].root["PB"] == ["Jörg"]
    forced = ludex.read("(;GM[11]SZ[3]PB[Jörg])".encode("latin-1"), encoding="latin1")
    assert forced[0].root["PB"] == ["Jörg"]


def test_trees_outlive_their_collection():
    tree = ludex.read(HEX)[0]
    node = tree.node(4)
    del tree
    assert node["B"] == ["e5"] and node.tree.root["SZ"] == ["5"]


@pytest.mark.parametrize("path", corpus_files(".sgf", ".tsgf"))
def test_corpus_round_trip(path):
    data = open(path, "rb").read()
    coll = ludex.read(data)
    assert len(coll) >= 1
    once = ludex.format(data)
    assert ludex.format(once) == once  # canonical form is a fixed point
    again = ludex.read(once)
    assert [len(t) for t in again] == [len(t) for t in coll]
    assert [[n.keys() for n in t.nodes()] for t in again][:1] != [[]]


@pytest.mark.parametrize("path", corpus_files(".sgf")[:60] + [repo_path("examples", "hex-game.sgf"),
                                                                repo_path("examples", "twixt-long-move.sgf")])
def test_format_is_ludex_fmt(tool, path):
    out = run_tool(tool, "fmt", path)
    if not out.stdout:
        pytest.skip("ludex fmt wrote nothing")
    assert ludex.format(path) == out.stdout


def test_format_refuses_what_fmt_refuses():
    with pytest.raises(ludex.LudexError) as e:
        ludex.format(b"nothing")
    assert "no SGF game tree" in str(e.value)


def test_unknown_encoding_is_a_fatal_diagnostic():
    coll = ludex.read(b"(;GM[11]SZ[3])", encoding="no-such-charset")
    assert len(coll) == 0 and [(d.code, d.severity) for d in coll.diagnostics] == [("UNKNOWN_ENCODING", "fatal")]
    assert not ludex.check(b"(;GM[11]SZ[3])", encoding="no-such-charset").ok


def test_corpus_reads():
    """Every real record of the repository's corpus (tests/corpus: 375 Hex records by HexGui and
    Benzene, Little Golem's Twixt records) reads, by path, into at least one non-empty tree."""
    files = corpus_files(".sgf", ".tsgf")
    assert len(files) >= 375, "tests/corpus is incomplete: %d record files" % len(files)
    for path in files:
        coll = ludex.read(path)
        assert len(coll) >= 1 and all(len(t) >= 1 for t in coll), path
