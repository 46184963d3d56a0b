#!/usr/bin/python3
"""bench/tournament_bench.py LUDEXD DB [PLAYERS] - a round robin whose games all start together
(-rounds=together), made by a real ludexd (issue 32).

PLAYERS (default 100) sign up over the line protocol, one creates `tournament new Hundred hex
roundrobin -size=5 -players=N-N -rounds=together`, and all join; the last join fills it and starts
it, and every round is claimed and every game written in one transaction on the store thread
(store_tournament_pair_rounds).  The time measured runs from the last join's sending until
`tournament show` says every round is paired (its round field at N-1), polled every 20 ms; the
server's own log line for the pairing gives the count of games.  The sweep is made hourly
(--tournament-sweep 3600) so the start alone pairs.  DB is a SQLite path or a PostgreSQL URL.
Prints one line: `players N games G rounds R made_ms T`; exits 1 when the games never came."""
import os, signal, socket, subprocess, sys, tempfile, time

if len(sys.argv) < 3:
    sys.stderr.write("usage: tournament_bench.py LUDEXD DB [PLAYERS]\n")
    sys.exit(2)
LUDEXD, DB = sys.argv[1], sys.argv[2]
N = int(sys.argv[3]) if len(sys.argv) > 3 else 100


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


class Client:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port))
        self.f = self.s.makefile("rwb")

    def cmd(self, line):
        self.f.write((line + "\n").encode())
        self.f.flush()
        status = self.f.readline().decode().rstrip("\r\n")
        while status.startswith("* "):
            status = self.f.readline().decode().rstrip("\r\n")
        body = []
        while True:
            l = self.f.readline().decode()
            if not l:
                raise EOFError("connection closed")
            l = l.rstrip("\r\n")
            if l == ".":
                return status, body
            body.append(l)


def main():
    tmp = tempfile.mkdtemp(prefix="tournament-bench.")
    log = os.path.join(tmp, "ludexd.log")
    port = free_port()
    p = subprocess.Popen([LUDEXD, "--db", DB, "--listen", "127.0.0.1:%d" % port, "--http", "off", "--pwhash-cost", "min",
                          "--min-password", "1", "--signup-limit", "0", "--challenge-limit", "0", "--max-per-address", "0",
                          "--default-challenges", "open", "--tournament-sweep", "3600", "--log", log])
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                time.sleep(0.05)
        users = ["u%03d" % i for i in range(N)]
        cl = []
        for u in users:
            c = Client(port)
            c.cmd("signup %s pw" % u)
            st, _ = c.cmd("login %s pw" % u)
            if not st.startswith("OK"):
                raise RuntimeError("login %s: %s" % (u, st))
            cl.append(c)
        st, _ = cl[0].cmd("tournament new Hundred hex roundrobin -size=5 -players=%d-%d -rounds=together" % (N, N))
        tid = st.split()[1]
        for c in cl[:-1]:
            c.cmd("tournament join %s" % tid)
        t0 = time.time()
        st, _ = cl[-1].cmd("tournament join %s" % tid)
        if not st.startswith("OK"):
            raise RuntimeError("the last join: %s" % st)
        rounds = N - 1 if N % 2 == 0 else N
        while True:
            st, body = cl[0].cmd("tournament show %s" % tid)
            head = body[0].split() if body else []
            if len(head) > 4 and head[4] == str(rounds):
                break
            if time.time() - t0 > 300:
                raise RuntimeError("not paired after 300 s: %s" % head)
            time.sleep(0.02)
        made = (time.time() - t0) * 1000
        games = sum(1 for l in body if len(l.split()) >= 6 and l.split()[4] == "*")
        print("players %d games %d rounds %d made_ms %.0f" % (N, games, rounds, made))
        with open(log) as f:
            paired = [l.strip() for l in f if "paired (" in l]
        print("ludexd: %s" % (paired[-1] if paired else "no pairing logged"))
        return 0 if games == N * (N - 1) // 2 else 1
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(30)
        except subprocess.TimeoutExpired:
            p.kill()


sys.exit(main())
