"""The README's Python examples run as written (from the top of the repository)."""
import contextlib
import io
import os
import re

from conftest import ROOT


def python_blocks():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_readme_examples_run(monkeypatch):
    blocks = python_blocks()
    assert blocks
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for code in blocks:
            exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert "HEX_CELL_OCCUPIED" in lines and "W 26" in lines
    assert "[(None, None), ('B', (5, 5)), ('W', (6, 4))]" in lines  # node.move
    assert "(;FF[4]GM[11]SZ[13]EV[hex.mc.2010.oct.1.11]PB[Bob]PW[Alice]SO[https://www.littlegolem.net]" in lines
