"""No leak: 100,000 reads (and checks, walks, replays) leave the resident size where it was."""
import gc
import os

import ludex

PAGE = os.sysconf("SC_PAGE_SIZE")
RECORD = b"(;FF[4]GM[11]SZ[7]PB[x]C[a \\] comment];B[d4](;W[swap-pieces])(;W[c5];B[e3]))"


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def churn(n):
    for _ in range(n):
        coll = ludex.read(RECORD)
        tree = coll[0]
        for node in tree.nodes():
            node.items()
        game = tree.replay()
        for _ in game:
            pass
        game.legal_moves()


def test_no_leak_over_100000_reads():
    churn(2000)  # warm up: allocator pools, interned strings
    gc.collect()
    before = rss()
    churn(100_000)
    gc.collect()
    grown = rss() - before
    # a leak of one tree (several hundred bytes) a read would be tens of MB
    assert grown < 4 * 1024 * 1024, f"RSS grew by {grown} bytes over 100,000 reads"


def test_no_leak_in_check_and_errors():
    def work(n):
        for _ in range(n):
            ludex.check(RECORD + b"(;GM[11]SZ[3];B[a1];W[a1])")
            try:
                ludex.new_game("hex", 5).play("zz99")
            except ludex.IllegalMove:
                pass
    work(2000)
    gc.collect()
    before = rss()
    work(30_000)
    gc.collect()
    assert rss() - before < 4 * 1024 * 1024
