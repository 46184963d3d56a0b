#!/usr/bin/python3
"""hex_selfplay.py - training games for bench/hex_patterns: an HTP Hex engine
(MoHex 2.0 here) playing both colours from randomised openings, no swap.

  bench/hex_selfplay.py --engine 'CMD ...' [--init 'HTP;HTP'] --size 11 --games 100
                        [--random 2] [--seed 1] [--parallel 1] >> games.txt

Each game starts with --random moves (1 to --random, drawn per game) on cells
drawn uniformly, then the engine is asked `genmove` for the side to move until
one side joins its edges, the engine resigns, or it dies (then it is started
again for the next game; MoHex 2.0 dies so - SIGSEGV - at the end of most
games, asked to move once its fill-in finds the game decided).  Prints one line a game, "hex SIZE r1 r2 | m1 m2 ...":
the random moves, "|", then the engine's moves - bench/hex_patterns trains on
the moves after the "|" only.  The engine is one process per worker, given
`boardsize N N` and `clear_board` before each game.  Nothing of the engine is
used but its moves: the weights learned from these games are fitted by
src/hex/pattern_fit.c.
"""
import argparse
import random
import shlex
import subprocess
import sys
import tempfile
import threading

LETTERS = "abcdefghijklmnopqrs"


class Engine:
    def __init__(self, cmd, init):
        self.dir = tempfile.TemporaryDirectory(prefix="hex-selfplay.")
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=self.dir.name)
        self.init = [c.strip() for c in init.split(";") if c.strip()]

    def ask(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
            out = []
            while True:
                s = self.p.stdout.readline()
                if not s:
                    return None
                if s.strip() == "" and out:
                    break
                if s.strip():
                    out.append(s.strip())
            first = out[0]
            return first[1:].strip() if first.startswith("=") else None
        except (BrokenPipeError, OSError):
            return None

    def close(self):
        try:
            self.ask("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()
        self.dir.cleanup()


def won(board, n, colour):
    """Has colour ('b': top to bottom rows, 'w': left to right columns) joined its edges?"""
    if colour == "b":
        todo = [(c, 0) for c in range(n) if board.get((c, 0)) == "b"]
    else:
        todo = [(0, r) for r in range(n) if board.get((0, r)) == "w"]
    seen = set(todo)
    while todo:
        c, r = todo.pop()
        if (colour == "b" and r == n - 1) or (colour == "w" and c == n - 1):
            return True
        for dc, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            q = (c + dc, r + dr)
            if q not in seen and board.get(q) == colour:
                seen.add(q)
                todo.append(q)
    return False


def name(c):
    return f"{LETTERS[c[0]]}{c[1] + 1}"


def cell(text, n):
    text = text.lower()
    if len(text) < 2 or text[0] not in LETTERS[:n] or not text[1:].isdigit():
        return None
    c = (LETTERS.index(text[0]), int(text[1:]) - 1)
    return c if 0 <= c[1] < n else None


def play_game(eng, n, nrandom, rng):
    for line in [f"boardsize {n} {n}", "clear_board"] + eng.init:
        if eng.ask(line) is None:
            return None
    board, moves, colour = {}, [], "b"
    empty = [(c, r) for r in range(n) for c in range(n)]
    for _ in range(nrandom):
        c = rng.choice([e for e in empty if e not in board])
        if eng.ask(f"play {colour} {name(c)}") is None:
            return None
        board[c] = colour
        moves.append(name(c))
        colour = "w" if colour == "b" else "b"
    moves.append("|")
    while len(board) < n * n:
        ans = eng.ask(f"genmove {colour}")
        if ans is None:
            return moves, True  # died: the game so far
        if ans.lower() == "resign":
            break
        c = cell(ans, n)
        if c is None or c in board:
            break
        board[c] = colour
        moves.append(name(c))
        if won(board, n, colour):
            break
        colour = "w" if colour == "b" else "b"
    return moves, False


def worker(args, seeds, out_lock, counts):
    eng = None
    for seed in seeds:
        rng = random.Random(seed)
        if eng is None:
            eng = Engine(args.engine, args.init)
        got = play_game(eng, args.size, rng.randint(1, args.random), rng)
        dead = got is None or got[1]
        if got is not None and got[0][-1] != "|":
            with out_lock:
                print(f"hex {args.size} " + " ".join(got[0]), flush=True)
                counts[0] += 1
        if dead:
            eng.p.kill()
            eng.dir.cleanup()
            eng = None
    if eng is not None:
        eng.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--init", default="")
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--random", type=int, default=2, help="random opening moves: 1 to this many a game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--parallel", type=int, default=1)
    args = ap.parse_args()
    seeds = [args.seed * 100003 + g for g in range(args.games)]
    lock, counts = threading.Lock(), [0]
    threads = [threading.Thread(target=worker, args=(args, seeds[i::args.parallel], lock, counts))
               for i in range(args.parallel)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"hex_selfplay: {counts[0]} games of {args.games}", file=sys.stderr)


if __name__ == "__main__":
    main()
