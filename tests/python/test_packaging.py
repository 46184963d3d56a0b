"""Packaging (issue 35, item 5): the wheel `make python` built installs offline into a fresh venv
(Debian's python3-venv, no system site packages, no network: pip --no-index) and works there
without NumPy; the sdist carries libludex's sources and finds them on its own; pyproject.toml
declares the build backend."""
import glob
import os
import re
import subprocess
import tarfile

import pytest

from conftest import repo_path

WHEEL_DIR = os.environ.get("LUDEX_WHEEL_DIR")
SYSTEM_PYTHON = "/usr/bin/python3"

# What the fresh interpreter runs: read a file by path, text by loads, check, replay, the version.
PROBE = r"""
import json, sys, ludex
coll = ludex.read(sys.argv[1])
tree = coll[0]
game = tree.replay()
moves = game.forward()
r = ludex.check(sys.argv[1])
try:
    import numpy
    has_numpy = True
except ImportError:
    has_numpy = False
print(json.dumps({"version": ludex.__version__, "prefix": sys.prefix, "file": ludex.__file__,
                  "game": tree.game, "moves": moves, "check": [r.ok, r.games, r.moves],
                  "loads": ludex.loads("(;GM[11]SZ[5];B[c3])")[0].node(1).move, "numpy": has_numpy}))
"""


def lib_version():
    with open(repo_path("include", "ludex", "version.h")) as f:
        return re.search(r'LX_VERSION_STRING "([^"]+)"', f.read()).group(1)


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    if not WHEEL_DIR:
        pytest.skip("LUDEX_WHEEL_DIR names the wheel's directory (make check-python sets it)")
    wheels = glob.glob(os.path.join(WHEEL_DIR, "ludex-*.whl"))
    assert len(wheels) == 1, wheels
    d = tmp_path_factory.mktemp("venv")
    subprocess.run([SYSTEM_PYTHON, "-m", "venv", str(d)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_INDEX_URL", "PIP_FIND_LINKS")}
    subprocess.run([str(d / "bin" / "pip"), "install", "-q", "--no-index", "--no-build-isolation",
                    "--disable-pip-version-check", wheels[0]], check=True, env=env)
    return d, env


def test_the_wheel_installs_offline_into_a_fresh_venv_and_works(venv):
    d, env = venv
    out = subprocess.run([str(d / "bin" / "python"), "-c", PROBE, repo_path("examples", "hex-game.sgf")],
                         check=True, capture_output=True, text=True, env=env, cwd=str(d)).stdout
    import json
    got = json.loads(out)
    assert got["prefix"] == str(d) and got["file"].startswith(str(d))  # the venv's copy, not the build's
    assert got["version"] == lib_version()
    assert (got["game"], got["moves"], got["check"]) == ("hex", 18, [True, 1, 18])
    assert got["loads"] == ["B", [2, 2]]
    assert got["numpy"] is False  # no run-time dependency: NumPy is only for planes


def test_the_venv_says_numpy_is_needed_only_for_planes(venv):
    d, env = venv
    r = subprocess.run([str(d / "bin" / "python"), "-c",
                        "import ludex; ludex.new_game('hex', 5).planes()"], capture_output=True, text=True, env=env)
    assert r.returncode == 1 and "ModuleNotFoundError: No module named 'numpy'" in r.stderr


def test_pyproject_declares_the_build_backend_and_no_dependencies():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later (Debian bookworm's)
    with open(repo_path("python", "pyproject.toml"), "rb") as f:
        p = tomllib.load(f)
    assert p["build-system"]["build-backend"] == "setuptools.build_meta"
    assert any(r.startswith("setuptools") for r in p["build-system"]["requires"])
    assert p["project"]["name"] == "ludex" and p["project"]["dependencies"] == []
    assert p["project"]["dynamic"] == ["version"]
    assert p["tool"]["cibuildwheel"]["environment"] == {"LUDEX_LIB": "sources"}


def test_the_sdist_carries_libludex_and_builds_from_it(tmp_path):
    subprocess.run([SYSTEM_PYTHON, "setup.py", "-q", "sdist", "-d", str(tmp_path)], cwd=repo_path("python"),
                   check=True, capture_output=True, env=dict(os.environ, LUDEX_BUILD=str(tmp_path / "build")))
    (sdist,) = glob.glob(str(tmp_path / "ludex-*.tar.gz"))
    with tarfile.open(sdist) as t:
        names = set(t.getnames())
        t.extractall(tmp_path)
    top = os.path.join(str(tmp_path), f"ludex-{lib_version()}")
    layers = re.search(r"^LAYERS\s*:=\s*(.*)$", open(repo_path("Makefile")).read(), re.M).group(1).split()
    want = {os.path.relpath(f, repo_path()) for layer in layers for f in glob.glob(repo_path("src", layer, "*.[ch]"))}
    want |= {os.path.relpath(f, repo_path()) for f in glob.glob(repo_path("include", "ludex", "*.h"))}
    have = {n[len(f"ludex-{lib_version()}/libludex/"):] for n in names if "/libludex/" in n}
    assert want <= have, sorted(want - have)[:5]
    assert f"ludex-{lib_version()}/src/pyludex.h" in names and f"ludex-{lib_version()}/pyproject.toml" in names
    # Unpacked away from the repository, setup.py takes libludex from the sdist: version, sources.
    probe = ("import sys; sys.argv = ['setup.py', '--version']; import runpy; "
             "g = runpy.run_path('setup.py'); print(g['LIB_MODE'], g['LIB_ROOT'], len(g['lib_sources'](g['LIB_ROOT'])))")
    out = subprocess.run([SYSTEM_PYTHON, "-c", probe], cwd=top, capture_output=True, text=True, check=True).stdout
    assert out.split()[:4] == [lib_version(), "sources", os.path.join(top, "libludex"),
                               str(len([w for w in want if w.endswith(".c")]))]
