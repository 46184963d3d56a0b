#!/usr/bin/python3
"""hex_sgf_moves.py - Hex game records (SGF, GM[11]) as move lines for bench/hex_patterns.

  bench/hex_sgf_moves.py FILE.sgf ... > games.txt

Prints "hex SIZE m1 m2 ..." (the format of bench/htp_match.py's --moves-log) for
each square record's main line, Black first.  A swap-pieces (the second player
takes the first stone, which becomes his at the mirrored cell, Black to move)
is written as the same game seen in the mirror, which swaps the colours: the
first move kept, every later move mirrored (col and row exchanged), so that
the line stays a plain alternation from Black.  A swap followed by another
move of its colour is the old HexGui's swap-sides (the stone stays; `ludex
check` says so): left out.  Records with setup stones, passes or moves out of
turn are skipped (named on stderr).
"""
import re
import sys

MOVE = re.compile(r";\s*([BW])\[([^\]]*)\]")


def cell(text, size):
    m = re.fullmatch(r"([a-z])([0-9]+)", text)
    if not m:
        return None
    col, row = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    return (col, row) if 0 <= col < size and 0 <= row < size else None


def name(c):
    return f"{chr(ord('a') + c[0])}{c[1] + 1}"


def moves_of(text):
    size = re.search(r"SZ\[(\d+)\]", text)
    if not size or re.search(r"\bA[BWE]\[", text):
        return None
    size = int(size.group(1))
    start = text.find("(;")
    if start < 0:
        return None
    main = re.split(r"[()]", text[start + 2:], maxsplit=1)[0]  # up to the first variation
    moves = MOVE.findall(main)
    out, mirrored, turn = [], False, "B"
    for i, (colour, value) in enumerate(moves):
        if value in ("resign", ""):
            break
        if value.lower() in ("swap-pieces", "swap"):
            if len(out) != 1 or colour != turn:
                return None
            if i + 1 < len(moves) and moves[i + 1][0] == colour:
                continue  # swap-sides: the stone stays, the same colour moves again
            mirrored = True
            turn = "B"
            continue
        if colour != turn:
            return None
        turn = "W" if turn == "B" else "B"
        c = cell(value, size)
        if c is None:
            return None
        out.append(name((c[1], c[0]) if mirrored else c))
    return size, out


def main():
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8", errors="replace") as f:
            got = moves_of(f.read())
        if not got or len(got[1]) < 2:
            print(f"hex_sgf_moves: {path}: skipped", file=sys.stderr)
            continue
        print(f"hex {got[0]} {' '.join(got[1])}")


if __name__ == "__main__":
    main()
