"""Crossword games: CGP positions and GCG records (ludex.xword).

    from ludex import xword
    pos = xword.read_cgp("15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex wamerican;")
    pos.score("9C AGILE")         # {'score': ..., 'words': [...], 'bingo': False}
    game = xword.read_gcg("game.gcg")
    summary, diagnostics = game.replay()

Letter distributions, board layouts and lexicons come from a Data: by default
$LUDEX_XWORD_DATA, else the data shipped in this package (the distributions and
boards of the repository's data/xword, and the default lexicon built from
Debian's wamerican word list when it was there at build time; without it the
default lexicon is built from /usr/share/dict/american-english on first use).
"""
from __future__ import annotations

import os
from typing import Optional, Union

from . import _ludex
from ._ludex import CheckResult
from ._ludex import XwordData as Data
from ._ludex import XwordGcg as Gcg
from ._ludex import XwordPosition as Position

__all__ = ["Data", "Position", "Gcg", "default_data", "read_cgp", "read_gcg"]

_default: Optional[Data] = None


def default_data() -> Data:
    """The Data used when none is given (made once, then shared: loaded data is cached in it)."""
    global _default
    if _default is None:
        path = os.environ.get("LUDEX_XWORD_DATA") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "xword_data")
        _default = Data(path)
    return _default


def read_cgp(text: Union[str, bytes], data: Optional[Data] = None) -> Position:
    """One CGP record (one line) as a Position.  Raises LudexError when nothing usable can be read;
    the problems of what was read are in Position.diagnostics (validate() checks the rest)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return (data or default_data()).read_cgp(text)


def read_gcg(source: Union[str, "os.PathLike[str]", bytes], encoding: Optional[str] = None,
             data: Optional[Data] = None) -> Gcg:
    """A GCG record (a path, or its bytes) as a Gcg."""
    if not isinstance(source, bytes):
        with open(os.fspath(source), "rb") as f:
            source = f.read()
    return (data or default_data()).read_gcg(source, encoding)


def _check(data: bytes, kind: str, encoding: Optional[str] = None, strict: bool = False) -> CheckResult:
    return default_data().check(data, kind, encoding, strict=strict)
