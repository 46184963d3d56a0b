"""Build the ludex Python package: the C extension ludex._ludex over libludex.

The package's metadata and build backend are in pyproject.toml; this file says
how the extension is compiled.  libludex is linked in statically, so the module
needs no installed libludex.  It comes from one of two places (LUDEX_LIB):

  make     (the default inside the repository) `make BUILD/libludex-pic.a` with
           the repository's Makefile, then link that archive: fast and
           incremental.  LUDEX_BUILD names the build directory (default: build).
  sources  compile libludex's C sources here with setuptools (build_clib), no make
           and no other library: what an sdist does (its sources are copied in
           under libludex/ when it is made: see Sdist) and what cibuildwheel's
           manylinux containers do.  The default outside the repository.

    pip install ./python                         (from the repository; needs network for
                                                  setuptools unless --no-build-isolation)
    pip wheel --no-build-isolation -w dist ./python
    python3 setup.py sdist                       (from python/: a self-contained sdist)
"""
import glob
import os
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
IN_REPO = os.path.exists(os.path.join(REPO, "Makefile")) and os.path.exists(os.path.join(REPO, "include", "ludex"))
# Where libludex's include/, src/ and data/ are: the repository, or the copy an sdist carries.
LIB_ROOT = REPO if IN_REPO else os.path.join(HERE, "libludex")
LIB_MODE = os.environ.get("LUDEX_LIB", "make" if IN_REPO else "sources")
BUILD = os.path.abspath(os.environ.get("LUDEX_BUILD", os.path.join(REPO, "build")))
PIC_LIB = os.path.join(BUILD, "libludex-pic.a")
# The library's layers, as LAYERS in the Makefile (no server, store or CLI).
LAYERS = ("base", "sgf", "game", "twixt", "hex", "bgammon", "xword", "engine", "modules")
XWORD_DATA = ("distributions", "boards")


def version():
    with open(os.path.join(LIB_ROOT, "include", "ludex", "version.h")) as f:
        for line in f:
            if line.startswith("#define LX_VERSION_STRING"):
                return line.split('"')[1]
    raise RuntimeError("no LX_VERSION_STRING in include/ludex/version.h")


def lib_sources(root):
    """libludex's C files below root, relative to this directory (setuptools wants relative paths)."""
    files = sorted(f for layer in LAYERS for f in glob.glob(os.path.join(root, "src", layer, "*.c")))
    return [os.path.relpath(f, HERE) for f in files]


class BuildExtWithLibrary(build_ext):
    """With LUDEX_LIB=make: make libludex-pic.a with the repository's Makefile before compiling."""

    def run(self):
        if LIB_MODE == "make":
            subprocess.check_call(["make", "-C", REPO, "--no-print-directory", "BUILD=" + BUILD, PIC_LIB])
        super().run()


class BuildPyWithData(build_py):
    """Ship the crossword data (letter distributions, board layouts) inside the package."""

    def run(self):
        super().run()
        for sub in XWORD_DATA:
            src = os.path.join(LIB_ROOT, "data", "xword", sub)
            dst = os.path.join(self.build_lib, "ludex", "xword_data", sub)
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(src, dst)
        kwg = os.path.join(BUILD, "data", "xword", "lexica", "wamerican.kwg")
        if os.path.exists(kwg):  # made by `make` from Debian's wamerican word list
            os.makedirs(os.path.join(self.build_lib, "ludex", "xword_data", "lexica"), exist_ok=True)
            shutil.copy(kwg, os.path.join(self.build_lib, "ludex", "xword_data", "lexica"))


class Sdist(sdist):
    """An sdist that builds on its own: libludex's headers, C sources and crossword data are
    copied in under libludex/ (a MANIFEST.in cannot reach above python/)."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        if not IN_REPO:
            return  # an sdist made from an sdist already carries libludex/
        dst = os.path.join(base_dir, "libludex")
        shutil.copytree(os.path.join(REPO, "include", "ludex"), os.path.join(dst, "include", "ludex"))
        for layer in LAYERS:
            os.makedirs(os.path.join(dst, "src", layer))
            for f in glob.glob(os.path.join(REPO, "src", layer, "*.[ch]")):
                shutil.copy(f, os.path.join(dst, "src", layer))
        for sub in XWORD_DATA:
            shutil.copytree(os.path.join(REPO, "data", "xword", sub), os.path.join(dst, "data", "xword", sub))


SOURCES = sorted(os.path.join("src", f) for f in os.listdir(os.path.join(HERE, "src")) if f.endswith(".c"))
WARN = ["-std=c11", "-Wall", "-Wextra", "-Wshadow", "-Wmissing-prototypes", "-Wvla",
        "-Wno-missing-field-initializers", "-Wno-cast-function-type", "-fvisibility=hidden"]
if IN_REPO:
    WARN.append("-Werror")  # the repository's own builds; other compilers may warn of other things
INCLUDES = [os.path.join(LIB_ROOT, "include"), os.path.join(HERE, "src")]

if LIB_MODE == "make":
    LIBRARIES = []
    LINK = dict(depends=[os.path.join("src", "pyludex.h"), PIC_LIB], extra_objects=[PIC_LIB])
else:
    LIBRARIES = [("ludex", {
        "sources": lib_sources(LIB_ROOT),
        "include_dirs": [os.path.join(LIB_ROOT, "include"), os.path.join(LIB_ROOT, "src")],
        "macros": [("_POSIX_C_SOURCE", "200809L"), ("_DEFAULT_SOURCE", None)],
        "cflags": ["-std=c11", "-O2", "-fPIC", "-fvisibility=hidden"],
    })]
    LINK = dict(depends=[os.path.join("src", "pyludex.h")], libraries=["pthread"])

OPTIONS = {}
if IN_REPO and LIB_MODE == "make":  # keep the repository's python/ free of build output
    os.makedirs(os.path.join(BUILD, "python"), exist_ok=True)
    OPTIONS = {"build": {"build_base": os.path.join(BUILD, "python", "setuptools")},
               "egg_info": {"egg_base": os.path.join(BUILD, "python")}}

setup(
    version=version(),
    packages=["ludex"],
    package_data={"ludex": ["py.typed", "*.pyi"]},
    libraries=LIBRARIES,
    ext_modules=[Extension(
        "ludex._ludex",
        sources=SOURCES,
        include_dirs=INCLUDES,
        extra_compile_args=WARN,
        extra_link_args=["-Wl,--exclude-libs,ALL"],
        **LINK,
    )],
    cmdclass={"build_ext": BuildExtWithLibrary, "build_py": BuildPyWithData, "sdist": Sdist},
    options=OPTIONS,
    zip_safe=False,
)
