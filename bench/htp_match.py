#!/usr/bin/python3
"""htp_match.py - a Hex or Twixt match between two engines that speak HTP (the Go
Text Protocol as HexGui and MoHex speak it), with `ludex engine GAME` as the referee.

  bench/htp_match.py --ludex BUILD/ludex [--game hex|twixt] --size 9 --games 12 --parallel 1
                     --a 'CMD ...' [--a-init 'HTP;HTP'] --b 'CMD ...' [--b-init ...]
                     [--name-a A] [--name-b B] [--equal-time | --equal-mean | --equal-search]
                     [--moves-log FILE]

Paired openings: game 2k and 2k+1 start from the same first move (the first
player's: Black's in Hex, White's in Twixt, from a fixed list spread over the
board), A playing the first player in the first and the second in the other;
from there the engines play it out without the swap (the referee's rules are
"noswap", Twixt's "std,noswap"; a Twixt game that fills up unconnected - the
engine to move says the game is over, no hole being left for it - is a draw,
half a point).  A swap, an illegal or unreadable move,
a dead engine, "resign", or no answer in 30 times the time a move (at least
30 s: MoHex's searches run past their time with its VC work, about 3 s at
1 s on a loaded machine) loses for that side.  The referee (a `ludex engine
hex --rules noswap` process that only replays) says when a side has joined
its edges.  Prints one line per game and a summary with A's score and its
95% Wilson interval, and each engine's time a move: wall seconds (from the
genmove sent to its answer read) and CPU seconds (user + system of the
engine's process from /proc/PID/stat, read before and after each genmove:
its search and any work it does outside its own time limit, all threads),
mean and max over every genmove of the match.

--equal-time: A's command holds "{seconds}", replaced for each game by the
mean wall seconds a move B took in the games finished before it started (the
first games: --seconds), so that A gets the time B really takes.
--equal-mean: as --equal-time, but A's {seconds} is B's mean divided by k, A's
mean wall seconds a move over the {seconds} it was given (each move weighed by
its game's), both over the games finished before it started: so that A's mean
time a move, its quick moves (a proved position, a resignation) counted, meets
B's, whose mean counts its own quick moves - equal time a game rather than
equal time for each of A's searches.
--equal-search: A's {seconds} makes A's mean wall seconds a search meet B's.  A
search is a move that took at least SEARCH_SHARE (0.9) of the time its engine
was told (B: --seconds; A: its game's {seconds}); the quicker moves, a proved
position played or resigned at once, are left out on both sides, so that each
side's searches get the same time: B's mean over its searches, divided by A's
wall over given on its own searches (an engine may run past its time).
The summary gives each engine's mean wall seconds a search in every mode.
--dead-draw (Twixt, engines that only place pegs, as ludex's): a game is drawn as soon
as neither colour could still connect without removing a link (bench/twixt_dead.py),
checked every DEAD_EVERY pegs from DEAD_FROM on, instead of played on to the last hole.
--moves-log FILE: each game's moves (the opening first) appended as a line.  Each engine is started once per game and given
`boardsize N N` and `clear_board` (two minutes allowed for the first answer:
MoHex reads its pattern files), then the --a-init / --b-init commands
(';'-separated).
"""
import argparse
import math
import os
import statistics
import shlex
import subprocess
import sys
import tempfile
import threading
import time

from twixt_dead import PegsOnly

OPENINGS = {
    9: ["a1", "e5", "b2", "c7", "i1", "d3", "a9", "f2", "c5", "g7", "b8", "h4", "e2", "d8", "i5", "a4",
        "g3", "c9", "f6", "h8"],
    11: ["a1", "f6", "b2", "c9", "k1", "d3", "a11", "g2", "c6", "h9", "b10", "j4", "e2", "d10", "k6",
         "a5", "h3", "c11", "g7", "j10"],
}
# Twixt 24x24: White's first pegs, none in Black's border columns (a, x)
TWIXT_OPENINGS = {
    24: ["l12", "d4", "s20", "f17", "q6", "j9", "o15", "c12", "v12", "l3", "m22", "h20", "r4", "e9",
         "t15", "k16", "n8", "b20", "w5", "i5"],
}
SEARCH_SHARE = 0.9  # --equal-search: a move at least this share of its time told was a search

REFEREE_RULES = {"hex": "noswap", "twixt": "std,noswap"}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
FIRST = {"hex": "b", "twixt": "w"}
DEAD_FROM, DEAD_EVERY = 80, 4  # --dead-draw: pegs on the board before the first check, and between checks


class Engine:
    def __init__(self, cmd, timeout):
        # in a directory of its own: MoHex writes its log (default.log) where it runs
        self.dir = tempfile.TemporaryDirectory(prefix="htp-engine.")
        args = shlex.split(cmd)
        if "/" in args[0]:
            args[0] = os.path.abspath(args[0])
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=self.dir.name)
        self.timeout = timeout
        self.why = ""  # why the last answer was None

    def ask(self, line):
        """The answer's text, or None for an error ('?'), a dead engine or no answer in time."""
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            self.why = "dead"
            return None
        result = {}

        def read():
            lines = []
            while True:
                s = self.p.stdout.readline()
                if not s:
                    result["dead"] = True
                    return
                s = s.rstrip("\r\n")
                if s == "" and lines:
                    break
                if s or lines:
                    lines.append(s)
            result["lines"] = lines

        t = threading.Thread(target=read, daemon=True)
        t.start()
        t.join(self.timeout)
        if t.is_alive() or "lines" not in result:
            self.why = f"no answer in {self.timeout:.0f} s" if t.is_alive() else f"dead (exit {self.p.poll()})"
            return None
        first = result["lines"][0]
        if not first.startswith("="):
            self.why = first
            return None
        text = "\n".join([first[1:].lstrip("0123456789").strip()] + result["lines"][1:])
        return text.strip()

    def cpu_seconds(self):
        """User + system CPU seconds of the engine's process so far (all its threads), or None."""
        try:
            with open(f"/proc/{self.p.pid}/stat") as f:
                stat = f.read()
        except OSError:
            return None
        fields = stat[stat.rindex(")") + 2:].split()  # from field 3 (state) on: utime is 14, stime 15
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def genmove(self, colour, times):
        """ask('genmove COLOUR'), its wall and CPU seconds appended to times."""
        cpu0, t0 = self.cpu_seconds(), time.monotonic()
        answer = self.ask(f"genmove {colour}")
        wall, cpu1 = time.monotonic() - t0, self.cpu_seconds()
        times.append((wall, cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None))
        return answer

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()


def start(cmd, init, size, timeout):
    """An engine set up for a game; its first answer may take a while (MoHex reads its
    pattern files at start: seconds on a loaded machine)."""
    e = Engine(cmd, max(timeout, 120))
    for c in [f"boardsize {size} {size}", "clear_board"] + [c.strip() for c in init.split(";") if c.strip()]:
        if e.ask(c) is None and c.startswith(("boardsize", "clear_board")):
            e.close()
            raise RuntimeError(f"{cmd}: refused {c!r} (or no answer)")
    e.timeout = timeout
    return e


def play_game(args, opening, a_black, a_seconds, times):
    """(A's score 0/1, moves, how, the moves played) for one game; each genmove's (wall, CPU)
    seconds appended to times["a"] or times["b"]."""
    timeout = max(30.0, 30 * max(args.seconds, a_seconds))
    ref = Engine(f"{args.ludex} engine {args.game} --size {args.size} --rules {REFEREE_RULES[args.game]} --playouts 1", 10)
    ref.ask(f"boardsize {args.size} {args.size}")
    a = start(args.a.replace("{seconds}", f"{max(a_seconds, 0.01):.3f}"), args.a_init, args.size, timeout)
    b = start(args.b, args.b_init, args.size, timeout)
    first = FIRST[args.game]
    second = "w" if first == "b" else "b"
    black, white = (a, b) if a_black == (first == "b") else (b, a)
    played = [opening]
    pegs = PegsOnly(args.size) if args.dead_draw else None
    if pegs:
        pegs.place(first, opening)
    try:
        for e in (ref, black, white):
            if e.ask(f"play {first} {opening}") is None:
                raise RuntimeError(f"opening {opening} refused")
        colour, moves, winner, how = second, 1, None, ""
        while winner is None:
            mover, other = (black, white) if colour == "b" else (white, black)
            mv = mover.genmove(colour, times["a"] if mover is a else times["b"])
            moves += 1
            loser = colour
            if mv is None and args.game == "twixt" and "game is over" in mover.why:
                return 0.5, moves, f"drawn: no hole left for {colour} after {len(played)} pegs", played
            if mv is None:
                how = f"{mover.why} to genmove {colour} after {' '.join(played)}"
            elif mv.lower() == "resign":
                how = "resigned"
            elif ref.ask(f"play {colour} {mv}") is None:
                how = f"illegal move {mv}"
            elif other.ask(f"play {colour} {mv}") is None:
                loser, how = ("w" if colour == "b" else "b"), f"refused {mv}"
            else:
                played.append(mv)
                res = ref.ask("final_score")
                if res and res[0] in "BW":
                    winner, how = res[0].lower(), "connected"
                elif res is not None:
                    return 0.5, moves, f"drawn ({res})", played
                if pegs:
                    pegs.place(colour, mv)
                    if len(played) >= DEAD_FROM and len(played) % DEAD_EVERY == 0 and pegs.dead():
                        return 0.5, moves, f"drawn: neither can connect without removing a link, after {len(played)} pegs", played
                colour = "w" if colour == "b" else "b"
                continue
            winner = "w" if loser == "b" else "b"
        a_won = (winner == first) == a_black
        return (1 if a_won else 0), moves, how, played
    finally:
        for e in (ref, a, b):
            e.close()


def wilson(score, n, z=1.96):
    if n == 0:
        return 0.0, 1.0
    p = score / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def time_summary(name, times):
    """'NAME wall W s (max M), CPU C s (max N) a move over K moves' for (wall, CPU) pairs."""
    walls = [w for w, _ in times]
    cpus = [c for _, c in times if c is not None]
    if not walls:
        return f"{name} no moves"
    cpu = f"CPU {statistics.mean(cpus):.2f} s (max {max(cpus):.2f})" if cpus else "CPU unknown"
    return f"{name} wall {statistics.mean(walls):.2f} s (max {max(walls):.2f}), {cpu} a move over {len(walls)} moves"


def search_summary(name, walls, moves):
    """An engine's mean wall seconds over its searches, and how many of its moves they were."""
    if not walls:
        return f"{name} no search"
    return f"{name} {statistics.mean(walls):.2f} s over {len(walls)} of {moves} moves"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ludex", required=True)
    ap.add_argument("--game", choices=sorted(REFEREE_RULES), default="hex")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--parallel", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=1.0, help="the engines' time a move (for the time-out)")
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--a-init", default="")
    ap.add_argument("--b-init", default="")
    ap.add_argument("--name-a", default="A")
    ap.add_argument("--name-b", default="B")
    ap.add_argument("--openings", default="", help="comma-separated first moves (default: the size's list)")
    ap.add_argument("--equal-mean", action="store_true",
                    help="A's {seconds} makes A's mean wall seconds a move meet B's (equal time a game)")
    ap.add_argument("--equal-time", action="store_true",
                    help="A's command's {seconds} is B's mean wall seconds a move in the games finished so far")
    ap.add_argument("--equal-search", action="store_true",
                    help=f"A's {{seconds}} makes A's mean wall seconds a search meet B's (moves quicker than "
                         f"{SEARCH_SHARE} of the time told left out on both sides)")
    ap.add_argument("--moves-log", default="", help="append each game's moves to this file")
    ap.add_argument("--dead-draw", action="store_true",
                    help="Twixt: a game neither side can win without removing a link is drawn at once")
    args = ap.parse_args()
    if args.dead_draw and args.game != "twixt":
        ap.error("--dead-draw is for Twixt")
    if args.equal_time + args.equal_mean + args.equal_search > 1:
        ap.error("one of --equal-time, --equal-mean and --equal-search")
    equal = args.equal_time or args.equal_mean or args.equal_search
    if equal and "{seconds}" not in args.a:
        ap.error("--equal-time, --equal-mean and --equal-search need {seconds} in A's command")
    pace = ("equal time" if args.equal_time else "equal mean time a move" if args.equal_mean
            else "equal mean time a search")
    table = TWIXT_OPENINGS if args.game == "twixt" else OPENINGS
    openings = [o for o in args.openings.split(",") if o] or table.get(args.size) or [f"{chr(97 + i % args.size)}{1 + (3 * i) % args.size}" for i in range(40)]
    jobs = [(openings[(g // 2) % len(openings)], g % 2 == 0) for g in range(args.games)]
    results = [None] * len(jobs)
    lock = threading.Lock()
    nxt = [0]
    t0 = time.time()
    times = {"a": [], "b": []}  # every genmove's (wall, CPU) seconds, each engine
    a_given = []  # A's {seconds} in each game
    a_paced = [0.0, 0.0]  # over A's moves in the games finished: wall seconds, and the {seconds} given
    a_searches = []  # A's searches in the games finished: (wall seconds, {seconds} given)
    b_floor = SEARCH_SHARE * args.seconds  # B's moves at least this long were searches

    def worker():
        while True:
            with lock:
                i = nxt[0]
                nxt[0] += 1
            if i >= len(jobs):
                return
            opening, a_black = jobs[i]
            with lock:
                b_walls = [w for w, _ in times["b"]]  # B's moves in the games finished
                a_seconds = statistics.mean(b_walls) if equal and b_walls else args.seconds
                if args.equal_mean and b_walls and a_paced[0] > 0:
                    a_seconds *= a_paced[1] / a_paced[0]  # divided by k = A's wall / its given
                if args.equal_search:
                    b_search = [w for w in b_walls if w >= b_floor]
                    a_seconds = statistics.mean(b_search) if b_search else args.seconds
                    if a_searches:  # divided by A's searches' wall over given
                        a_seconds *= sum(g for _, g in a_searches) / sum(w for w, _ in a_searches)
                a_given.append(a_seconds)
            game_times = {"a": [], "b": []}
            try:
                r = play_game(args, opening, a_black, a_seconds, game_times)
            except Exception as ex:  # noqa: BLE001 - a failed game is reported, not fatal
                r = (None, 0, f"failed: {ex}", [])
            results[i] = r
            with lock:
                times["a"] += game_times["a"]
                a_paced[0] += sum(w for w, _ in game_times["a"])
                a_paced[1] += a_seconds * len(game_times["a"])
                a_searches.extend((w, a_seconds) for w, _ in game_times["a"] if w >= SEARCH_SHARE * a_seconds)
                times["b"] += game_times["b"]
                if args.moves_log and r[3]:
                    with open(args.moves_log, "a") as log:
                        log.write(f"{args.game} {args.size} {' '.join(r[3])}\n")
                a_mean = statistics.mean(w for w, _ in game_times["a"]) if game_times["a"] else 0
                b_mean = statistics.mean(w for w, _ in game_times["b"]) if game_times["b"] else 0
                first = "Black" if FIRST[args.game] == "b" else "White"
                second = "White" if first == "Black" else "Black"
                print(f"game {i + 1}: opening {opening}, {args.name_a} as {first if a_black else second}: "
                      f"{'won' if r[0] == 1 else 'lost' if r[0] == 0 else 'drew' if r[0] == 0.5 else 'no result'} "
                      f"in {r[1]} moves ({r[2]}); wall a move {args.name_a} {a_mean:.2f} s"
                      f"{f' (given {a_seconds:.2f})' if equal else ''}, {args.name_b} {b_mean:.2f} s",
                      flush=True)

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.parallel))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done = [r for r in results if r and r[0] is not None]
    score = sum(r[0] for r in done)
    lo, hi = wilson(score, len(done))
    as_black = sum(r[0] for (o, ab), r in zip(jobs, results) if r and r[0] is not None and ab)
    print(f"{args.game} {args.size}x{args.size}: {args.name_a} vs {args.name_b}: {args.name_a} scores {score:g}/{len(done)} = "
          f"{100.0 * score / max(1, len(done)):.1f}% (95% CI {100 * lo:.1f}..{100 * hi:.1f}%); "
          f"{as_black:g} won as the first player, {score - as_black:g} as the second; paired openings, no swap; "
          f"{len(results) - len(done)} failed; {time.time() - t0:.0f} s; time a move: "
          f"{time_summary(args.name_a, times['a'])}; {time_summary(args.name_b, times['b'])}; "
          f"wall a search: {search_summary(args.name_a, [w for w, _ in a_searches], len(times['a']))}, "
          f"{search_summary(args.name_b, [w for w, _ in times['b'] if w >= b_floor], len(times['b']))}"
          f"{f'; {args.name_a} given {statistics.mean(a_given):.2f} s a move ({pace})' if equal else ''}")
    return 0 if len(done) == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
