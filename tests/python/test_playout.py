"""Hex random playouts in bulk: deterministic by seed, consistent, and run without the GIL."""
import threading

import numpy as np

import ludex


def test_playouts_are_deterministic_and_consistent():
    a = ludex.hex_playouts(7, 500, seed=42)
    b = ludex.hex_playouts(7, 500, seed=42)
    assert a["black_wins"] + a["white_wins"] == 500
    assert np.array_equal(a["winners"], b["winners"]) and a["winners"].dtype == np.uint8
    assert int((a["winners"] == 0).sum()) == a["black_wins"]
    assert not np.array_equal(a["winners"], ludex.hex_playouts(7, 500, seed=43)["winners"])


def test_stepwise_lengths_and_ownership():
    r = ludex.hex_playouts((5, 4), 300, seed=1, stepwise=True, ownership=True)
    assert r["lengths"].shape == (300,) and r["lengths"].min() >= 4 and r["lengths"].max() <= 20
    assert r["black_cells"].shape == (4, 5) and r["black_cells"].max() <= 300
    assert 0 < r["black_wins"] < 300


def test_gil_is_released_during_playouts():
    started, ticks = threading.Event(), [0]

    def work():
        started.set()
        ludex.hex_playouts(13, 200_000, seed=3)

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    while t.is_alive():
        ticks[0] += 1
    t.join()
    # holding the GIL, the C loop would leave this thread no turn until it ended
    assert ticks[0] > 10_000
