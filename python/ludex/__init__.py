"""ludex for Python: read, check, replay and draw game records.

Hex, Twixt and Backgammon records in SGF FF[4], crossword games in CGP and
GCG, with libludex's speed and its diagnostics.  The work is done by the C
library (linked into ludex._ludex); this module takes paths as well as bytes
and gathers a file's trees into a Collection.

    import ludex
    coll = ludex.read("games.sgf")          # a path, or the bytes of a file
    for tree in coll:
        game = tree.replay()
        for player, values in game:         # the main line, move by move
            ...
        print(game.result, game.winner)
    print(ludex.check("games.sgf").ok)
"""
from __future__ import annotations

import collections.abc
import os
from typing import BinaryIO, Iterator, List, NamedTuple, Optional, Sequence, TextIO, Tuple, Union, overload

from . import _ludex, xword
from ._ludex import (CheckResult, Diagnostic, GameTree, IllegalMove, LudexError, Node, Replay)

__all__ = [
    "xword", "read", "loads", "dumps", "check", "format", "convert", "Converted", "new_game", "main_line_planes", "hex_playouts",
    "version", "__version__",
    "Collection", "GameTree", "Node", "Replay", "Diagnostic", "CheckResult", "LudexError", "IllegalMove",
]

# A Node is a read-only mapping of property IDs to values (isinstance(node, Mapping) is True);
# its keys(), values() and items() give lists, in the order the properties were written.
collections.abc.Mapping.register(Node)

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, BinaryIO, TextIO]


def _error(code: str, message: str) -> LudexError:
    """A LudexError as the extension raises them: .code, .message, and both in str()."""
    e = LudexError(f"{message} [{code}]")
    e.code, e.message = code, message
    return e


def _text_bytes(text: str) -> bytes:
    # surrogateescape: text read with errors="surrogateescape" keeps its bytes
    return text.encode("utf-8", "surrogateescape")


def _load(source: Source, encoding: Optional[str]) -> Tuple[bytes, Optional[str]]:
    """The bytes of a source and the charset to read them as.

    A str or os.PathLike is a path (pathlib's habit; ludex.loads takes SGF text),
    bytes-like objects are a file's bytes, and an object with read() is an open
    file: binary, or text (then its characters are the text, as loads reads them)."""
    if isinstance(source, bytes):
        return source, encoding
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source), encoding
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if isinstance(path, str) and path.lstrip().startswith("(;") and not os.path.exists(path):
            raise FileNotFoundError(2, "No such file (a str is a path: ludex.loads reads SGF text)", path)
        with open(path, "rb") as f:
            return f.read(), encoding
    if hasattr(source, "read"):
        data = source.read()
        if isinstance(data, str):
            return _text_bytes(data), encoding or "UTF-8"
        if isinstance(data, (bytes, bytearray, memoryview)):
            return bytes(data), encoding
        raise TypeError(f"{type(source).__name__}.read() gave {type(data).__name__}, not bytes or str")
    raise TypeError(f"expected a path, bytes or a file object, not {type(source).__name__}")


def _bytes(source: Source) -> bytes:
    """The bytes of a file given by path, by file object, or the bytes given."""
    return _load(source, None)[0]


class Collection(Sequence[GameTree]):
    """The game trees of one SGF file, in file order, with the problems met reading it.

    A sequence of GameTree; ``diagnostics`` holds the reading problems (syntax,
    charset), ``charset`` what the bytes were read as.  The rules are checked by
    ``ludex.check``, or move by move by ``GameTree.replay``."""

    __slots__ = ("_trees", "diagnostics", "charset")

    def __init__(self, trees: List[GameTree], diagnostics: List[Diagnostic], charset: str) -> None:
        self._trees = trees
        self.diagnostics = diagnostics
        self.charset = charset

    @overload
    def __getitem__(self, i: int) -> GameTree: ...
    @overload
    def __getitem__(self, i: slice) -> List[GameTree]: ...

    def __getitem__(self, i):
        return self._trees[i]

    def __len__(self) -> int:
        return len(self._trees)

    def __iter__(self) -> Iterator[GameTree]:
        return iter(self._trees)

    @property
    def ok(self) -> bool:
        """True when reading met no error (warnings allowed)."""
        return not any(d.severity != "warning" for d in self.diagnostics)

    def to_sgf(self, *, drop_unknown: bool = False) -> bytes:
        """Every tree in canonical SGF (UTF-8), one after the other."""
        return b"".join(t.to_sgf(drop_unknown=drop_unknown) for t in self._trees)

    def __repr__(self) -> str:
        return f"<ludex.Collection: {len(self._trees)} game trees, {len(self.diagnostics)} diagnostics>"


def read(source: Source, encoding: Optional[str] = None) -> Collection:
    """Read an SGF file (a path, an open file, or its bytes) into a Collection of game trees.

    A str is a path, as in open() and pathlib; ludex.loads reads SGF text.  A file
    opened in text mode gives its characters, read as they are, whatever CA says.
    encoding: read the bytes as this charset (any name iconv knows), ignoring CA
    and detection.  Reading never stops at a problem and never recurses: a file
    of a million nested variations reads like any other."""
    data, charset = _load(source, encoding)
    trees, diagnostics, charset = _ludex.read(data, charset)
    return Collection(trees, diagnostics, charset)


def loads(text: Union[str, bytes, bytearray, memoryview], encoding: Optional[str] = None) -> Collection:
    """Read SGF text (a str, or the bytes of a file) into a Collection, as json.loads reads JSON.

    A str is read as the text it is, whatever its CA says; bytes as ludex.read reads them."""
    if isinstance(text, str):
        trees, diagnostics, charset = _ludex.read(_text_bytes(text), encoding or "UTF-8")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        trees, diagnostics, charset = _ludex.read(bytes(text), encoding)
    else:
        raise TypeError(f"loads takes str or bytes, not {type(text).__name__} (read takes paths and files)")
    return Collection(trees, diagnostics, charset)


def dumps(obj: Union[Collection, GameTree], *, drop_unknown: bool = False) -> str:
    """A Collection or GameTree as canonical SGF text (what `ludex fmt` writes), a str."""
    if not isinstance(obj, (Collection, GameTree)):
        raise TypeError(f"dumps takes a Collection or a GameTree, not {type(obj).__name__}")
    return obj.to_sgf(drop_unknown=drop_unknown).decode("utf-8")


KINDS = ("sgf", "gcg", "cgp")


def _kind(source: Source, kind: Optional[str]) -> str:
    if kind:
        if kind.lower() not in KINDS:
            raise ValueError(f"kind is 'sgf', 'gcg' or 'cgp', not {kind!r}")
        return kind.lower()
    name = source if isinstance(source, (str, os.PathLike)) else getattr(source, "name", None)
    if isinstance(name, (str, os.PathLike)):  # a path, or an open file's name
        ext = os.path.splitext(os.fspath(name))[1].lower()
        if ext in (".gcg", ".cgp"):
            return ext[1:]
    return "sgf"


def check(source: Source, encoding: Optional[str] = None, *, all_variations: bool = False,
          strict: bool = False, kind: Optional[str] = None) -> CheckResult:
    """`ludex check` on one file: read it, run the generic checks, replay every game under its rules.

    source: a path, an open file, or the bytes of a file.
    kind: 'sgf', 'gcg' or 'cgp' (default: by the path's or file's extension, else 'sgf').
    Returns a CheckResult(ok, games, nodes, moves, unchecked, diagnostics)."""
    k = _kind(source, kind)
    data, encoding = _load(source, encoding)
    if k == "sgf":
        return _ludex.check(data, encoding, all_variations=all_variations, strict=strict)
    return xword._check(data, k, encoding=encoding, strict=strict)


def format(source: Source, encoding: Optional[str] = None, *, drop_unknown: bool = False) -> bytes:
    """`ludex fmt`: the file in canonical SGF form (UTF-8).  Raises LudexError when
    nothing can be written (no game tree, or a fatal problem)."""
    data, encoding = _load(source, encoding)
    return _ludex.format(data, encoding, drop_unknown=drop_unknown)


class Converted(NamedTuple):
    """What ludex.convert gives: the converted record (text), whether the input had no error,
    and the problems met (Diagnostic, placed in the input)."""
    text: str
    ok: bool
    diagnostics: List[Diagnostic]


# File name extensions that name a format by themselves (.sgf may be a Little Golem dialect: sniffed).
_CONVERT_EXTENSIONS = {".tsgf": "littlegolem-twixt", ".t1": "t1"}


def _convert_from(source: Source, data: bytes, encoding: Optional[str]) -> str:
    name = source if isinstance(source, (str, os.PathLike)) else getattr(source, "name", None)
    if isinstance(name, (str, os.PathLike)):
        ext = os.path.splitext(os.fspath(name))[1].lower()
        if ext in _CONVERT_EXTENSIONS:
            return _CONVERT_EXTENSIONS[ext]
    return _ludex.sniff(data, encoding)


def convert(source: Source, to: str = "sgf", *, from_format: Optional[str] = None,
            encoding: Optional[str] = None) -> Converted:
    """`ludex convert`: another program's record to standard SGF, or SGF to another format.

    source: a path, an open file, or the bytes of a file.  Formats: 'littlegolem-hex',
    'littlegolem-twixt', 't1' and 'twixt-server' to 'sgf'; 'sgf' to 't1' and 'twixt-server'.
    from_format: default by the file name's extension (.tsgf, .t1), else by the content
    (a Little Golem Hex or Twixt record is SGF too).  Problems in the input do not raise:
    Converted(text, ok, diagnostics) says what they were (text is then a best effort); a
    conversion that does not exist raises LudexError NO_SUCH_CONVERSION."""
    data, encoding = _load(source, encoding)
    frm = from_format or _convert_from(source, data, encoding)
    text, diagnostics = _ludex.convert(data, frm, to, encoding)
    return Converted(text, not any(d.severity != "warning" for d in diagnostics), diagnostics)


def new_game(game: str, size: Optional[Union[int, Sequence[int]]] = None, **root: str) -> Replay:
    """A new game at its start, to play moves on: new_game('hex', 11), new_game('twixt', 24),
    new_game('backgammon').  Extra keyword arguments are root properties (RU='Crawford')."""
    gm = {"hex": 11, "twixt": 21, "backgammon": 6}.get(game.lower())
    if gm is None:
        raise ValueError(f"no such game: {game!r} (hex, twixt, backgammon)")
    props = f"FF[4]GM[{gm}]"
    if size is not None:
        props += f"SZ[{size}]" if isinstance(size, int) else f"SZ[{size[0]}:{size[1]}]"
    for key, value in root.items():
        props += f"{key.upper()}[{value}]"
    coll = read(f"(;{props})".encode())
    if not coll.ok:
        first = next(d for d in coll.diagnostics if d.severity != "warning")
        raise _error(first.code, first.message)
    return coll[0].replay()


def main_line_planes(tree: GameTree):
    """The planes (see Replay.planes) of every position of the main line, stacked: an
    ndarray of shape (moves + 1, *planes): before the first move, then after each."""
    import numpy as np
    game = tree.replay()
    stack = [game.planes()]
    for _ in game:
        stack.append(game.planes())
    return np.stack(stack)


def hex_playouts(size: Union[int, Sequence[int]], n: int, seed: int = 0, *, stepwise: bool = False,
                 ownership: bool = False) -> dict:
    """n random Hex games from the empty board, in C with the GIL released.

    size: n for an n x n board, or (cols, rows).  Returns a dict: black_wins,
    white_wins, winners (uint8 ndarray: 0 Black, 1 White), lengths (with
    stepwise: moves of each game), black_cells (with ownership: (rows, cols)
    counts of the games in which each cell ended Black).  Without stepwise the
    board is filled at random and judged once (the same distribution of winners
    as alternate random moves, faster)."""
    cols, rows = (size, size) if isinstance(size, int) else (size[0], size[1])
    return _ludex.hex_playouts(cols, rows, n, seed & 0xFFFFFFFFFFFFFFFF, stepwise=stepwise, ownership=ownership)


def version() -> str:
    """The version of the libludex linked into this module."""
    return _ludex.version()


__version__: str = _ludex.version()
