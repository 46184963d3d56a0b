"""Build the ludex Python package: the C extension ludex._ludex over libludex.

The extension links build/libludex-pic.a (libludex's position-independent
objects, made by `make` in the repository), so the module needs no installed
libludex.  Build offline with Debian's python3-setuptools:

    pip install --no-build-isolation ./python      (from the repository)
    pip wheel --no-build-isolation -w dist ./python

LUDEX_BUILD names another build directory of the repository (default: build).
"""
import os
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
BUILD = os.path.abspath(os.environ.get("LUDEX_BUILD", os.path.join(REPO, "build")))
PIC_LIB = os.path.join(BUILD, "libludex-pic.a")


def version():
    with open(os.path.join(REPO, "include", "ludex", "version.h")) as f:
        for line in f:
            if line.startswith("#define LX_VERSION_STRING"):
                return line.split('"')[1]
    raise RuntimeError("no LX_VERSION_STRING in include/ludex/version.h")


class BuildExtWithLibrary(build_ext):
    """Make libludex-pic.a with the repository's Makefile before compiling."""

    def run(self):
        subprocess.check_call(["make", "-C", REPO, "--no-print-directory", "BUILD=" + BUILD, PIC_LIB])
        super().run()


class BuildPyWithData(build_py):
    """Ship the crossword data (letter distributions, board layouts) inside the package."""

    def run(self):
        super().run()
        for sub in ("distributions", "boards"):
            src = os.path.join(REPO, "data", "xword", sub)
            dst = os.path.join(self.build_lib, "ludex", "xword_data", sub)
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(src, dst)
        kwg = os.path.join(BUILD, "data", "xword", "lexica", "wamerican.kwg")
        if os.path.exists(kwg):  # made by `make` from Debian's wamerican word list
            os.makedirs(os.path.join(self.build_lib, "ludex", "xword_data", "lexica"), exist_ok=True)
            shutil.copy(kwg, os.path.join(self.build_lib, "ludex", "xword_data", "lexica"))


os.makedirs(os.path.join(BUILD, "python"), exist_ok=True)
SOURCES = sorted(os.path.join("src", f) for f in os.listdir(os.path.join(HERE, "src")) if f.endswith(".c"))
WARN = ["-std=c11", "-Wall", "-Wextra", "-Wshadow", "-Wmissing-prototypes", "-Wvla", "-Werror",
        "-Wno-missing-field-initializers", "-Wno-cast-function-type", "-fvisibility=hidden"]

setup(
    name="ludex",
    version=version(),
    description="libludex for Python: read, check, replay and draw Hex, Twixt, Backgammon and crossword records",
    packages=["ludex"],
    py_modules=[],
    package_data={"ludex": ["py.typed", "*.pyi"]},
    ext_modules=[Extension(
        "ludex._ludex",
        sources=SOURCES,
        include_dirs=[os.path.join(REPO, "include"), os.path.join(HERE, "src")],
        depends=[os.path.join("src", "pyludex.h"), PIC_LIB],
        extra_objects=[PIC_LIB],
        extra_compile_args=WARN,
        extra_link_args=["-Wl,--exclude-libs,ALL"],
    )],
    cmdclass={"build_ext": BuildExtWithLibrary, "build_py": BuildPyWithData},
    options={
        "build": {"build_base": os.path.join(BUILD, "python", "setuptools")},
        "egg_info": {"egg_base": os.path.join(BUILD, "python")},
    },
    python_requires=">=3.9",
    zip_safe=False,
)
