"""python_bench.py FILE RUNS - the `python` section of bench/run: one Python process reads a
Hex collection with ludex (the binding, build/python/site) and with a pure-Python reader
written the way sgfmill-style readers work (bench/python_sgf.py), and replays every main line.

One line per measurement, best of RUNS (wall and CPU time of the work alone, the file's bytes
already in memory):  RESULT name=N seconds=S cpu_seconds=C trees=T moves=M
  ludex-read         ludex.read(bytes): every game tree read, kept as a Collection
  ludex-read-replay  ludex.read, then tree.replay() and a step through each main line under
                     the full rules (legality, swap, the win after every move), each move a
                     (player, values) tuple
  ludex-read-forward ludex.read, then tree.replay().forward() on each tree: the same replay
                     without a Python object per move
  ludex-check        ludex.check(bytes): reading, the FF[4] checks and the rules replay, all in C
  python-read        python_sgf.parse(bytes): the pure-Python reader
  python-read-replay python_sgf.parse, then each main line played on a dict board
                     (occupancy only: no win detection)"""
import os
import sys
import time

import ludex

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import python_sgf  # noqa: E402


def timed(fn, runs):
    best = None
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        out = fn()
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if best is None or wall < best[0]:
            best = (wall, cpu, out)
        del out
    return best


def ludex_read(data):
    return len(ludex.read(data)), 0


def ludex_read_replay(data):
    coll, moves = ludex.read(data), 0
    for tree in coll:
        game = tree.replay()
        try:
            for _ in game:
                pass
        except ludex.IllegalMove:
            pass
        moves += game.move_number
    return len(coll), moves


def ludex_read_forward(data):
    coll, moves = ludex.read(data), 0
    for tree in coll:
        game = tree.replay()
        try:
            game.forward()
        except ludex.IllegalMove:
            pass
        moves += game.move_number
    return len(coll), moves


def ludex_check(data):
    r = ludex.check(data)
    return r.games, r.moves


def python_read(data):
    return len(python_sgf.parse(data)), 0


def python_read_replay(data):
    trees = python_sgf.parse(data)
    return len(trees), sum(python_sgf.replay_hex(t) for t in trees)


def main():
    path, runs = sys.argv[1], int(sys.argv[2])
    with open(path, "rb") as f:
        data = f.read()
    for name, fn in (("ludex-read", ludex_read), ("ludex-read-replay", ludex_read_replay),
                     ("ludex-read-forward", ludex_read_forward),
                     ("ludex-check", ludex_check), ("python-read", python_read),
                     ("python-read-replay", python_read_replay)):
        try:
            wall, cpu, (trees, moves) = timed(lambda: fn(data), runs)
            print(f"RESULT name={name} seconds={wall:.4f} cpu_seconds={cpu:.4f} trees={trees} moves={moves}",
                  flush=True)
        except Exception as e:  # reported, and the section says so
            print(f"FAILED name={name} error={type(e).__name__}:{str(e).replace(' ', '_')[:200]}", flush=True)


if __name__ == "__main__":
    main()
