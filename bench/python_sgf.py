"""python_sgf.py - a pure-Python SGF reader for the `python` benchmark, the way sgfmill-style
readers work: a regular-expression tokeniser over the whole text, game trees built from the
tokens with an explicit stack (a sequence of nodes, each a dict of property ID -> list of
raw values, and a list of child variations), values unescaped when asked for.  It is the
baseline ludex's Python binding is measured against (bench/python_bench.py), not a
reader for use: it checks nothing beyond the bracket structure."""
import re

_TOKEN = re.compile(rb"\s*(?:(\()|(\))|(;)|([A-Za-z]+)\s*((?:\[(?:[^\\\]]|\\.)*\]\s*)+))", re.S)
_VALUE = re.compile(rb"\[((?:[^\\\]]|\\.)*)\]", re.S)
_ESCAPE = re.compile(rb"\\(\r\n|\n\r|\n|\r|.)", re.S)


class GameTree:
    __slots__ = ("sequence", "children")

    def __init__(self):
        self.sequence = []  # nodes: dict id -> [raw values]
        self.children = []  # GameTree variations

    def main_line(self):
        """Every node of the main line: the sequence, then the first variation's, and so on."""
        tree = self
        while tree is not None:
            yield from tree.sequence
            tree = tree.children[0] if tree.children else None


def text(raw):
    """A raw value as Text: soft line breaks removed, escapes resolved."""
    return _ESCAPE.sub(lambda m: b"" if m.group(1) in (b"\n", b"\r", b"\r\n", b"\n\r") else m.group(1), raw)


def parse(data):
    """The game trees of an SGF collection (bytes); raises ValueError on bad structure."""
    trees, stack, node, pos, n = [], [], None, 0, len(data)
    while True:
        start = data.find(b"(", pos) if not stack else pos
        if start < 0:
            return trees
        m = _TOKEN.match(data, start)
        if not m:
            if data[start:].strip() == b"":
                return trees
            raise ValueError(f"SGF syntax error at byte {start}")
        pos = m.end()
        if m.group(1):
            tree = GameTree()
            (stack[-1].children if stack else trees).append(tree)
            stack.append(tree)
            node = None
        elif m.group(2):
            if not stack:
                raise ValueError(f"unexpected ')' at byte {start}")
            stack.pop()
        elif m.group(3):
            node = {}
            stack[-1].sequence.append(node)
        else:
            if node is None:
                raise ValueError(f"property outside a node at byte {start}")
            node.setdefault(m.group(4).decode("ascii").upper(), []).extend(_VALUE.findall(m.group(5)))
        if pos >= n and stack:
            raise ValueError("unclosed game tree")


def hex_cell(value):
    """'e5' -> (col, row), 0-based; None for another move (swap, resign, pass)."""
    m = re.fullmatch(rb"([a-z]+)(\d+)", value.strip().lower())
    if not m:
        return None
    col = 0
    for ch in m.group(1):
        col = col * 26 + (ch - 96)
    return col - 1, int(m.group(2)) - 1


def replay_hex(tree):
    """Play the main line on a dict board: each stone on an empty cell (no win detection).
    Returns the moves played; raises ValueError at an occupied cell."""
    board, moves = {}, 0
    for node in tree.main_line():
        for colour in ("B", "W"):
            for value in node.get(colour, ()):
                cell = hex_cell(value)
                if cell is not None:
                    if cell in board:
                        raise ValueError(f"{value!r} is taken")
                    board[cell] = colour
                elif value.strip().lower() == b"swap-pieces" and len(board) == 1:
                    ((c, r), _), = board.items()
                    board = {(r, c): colour}
                moves += 1
    return moves
