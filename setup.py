"""Builds the optional native parts when Cython and a C compiler are present: the segmentation
walk (maintext/html/_walk.pyx, its text measures in _text.pyx), text scans (_scan.pyx),
metadata tree scans (_nodes.pyx), the Block-List blocks (_blocks.pyx), the pre-parse raw-text
passes (_raw.pyx), the HTML5 tree builder (_lexbor.pyx: lexbor's DOM, lexbor being found at
run time in selectolax's extension module, copied into libxml2 nodes), loops of the metadata
pass (maintext/metadata/_native.pyx), the page-type classifier's sums over the segmentation
(maintext/pagetype/_totals.pyx) and auto's container scoring loops
(maintext/methods/auto/_score.pyx); _xmlnode.pxd holds the
libxml2 node tests _walk and _nodes share, _slots.pxd the direct slot access (one Layout of
offsets per class) of _walk, _blocks, _totals and _score, _blockregion.pxd the Block-List region
selection _totals runs, _dl.pxd the dynamic loader's calls _lexbor and _nodes find libxml2's and
lexbor's functions with. Without them (or when the build fails) maintext installs as pure
Python and uses the Python walk. ``MAINTEXT_NO_NATIVE=1`` skips the build."""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """A failed compile is a warning, not an install failure."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler, no headers...
            print(f"maintext: native walk not built ({exc}); the pure-Python walk is used", file=sys.stderr)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            print(f"maintext: native walk not built ({exc}); the pure-Python walk is used", file=sys.stderr)


def extensions():
    if os.environ.get("MAINTEXT_NO_NATIVE"):
        return []
    try:
        from Cython.Build import cythonize
        import lxml
    except ImportError:
        print("maintext: Cython or lxml missing at build time; the pure-Python walk is used", file=sys.stderr)
        return []
    from setuptools import Extension

    exts = [Extension("maintext.html._text", ["maintext/html/_text.pyx"], include_dirs=lxml.get_include()),
            Extension("maintext.html._walk", ["maintext/html/_walk.pyx"], include_dirs=lxml.get_include()),
            Extension("maintext.html._scan", ["maintext/html/_scan.pyx"], include_dirs=lxml.get_include()),
            # (_nodes_strip.pxi finds libxml2's node functions in lxml's module: dlopen/dlsym)
            Extension("maintext.html._nodes", ["maintext/html/_nodes.pyx"], include_dirs=lxml.get_include(),
                      libraries=["dl"] if sys.platform.startswith("linux") else []),
            Extension("maintext.html._blocks", ["maintext/html/_blocks.pyx"]),
            Extension("maintext.html._raw", ["maintext/html/_raw.pyx"]),
            # lexbor and libxml2 are found at run time in selectolax's and lxml's modules
            # (dlopen/dlsym): no lexbor headers, nothing to link but libdl
            Extension("maintext.html._lexbor", ["maintext/html/_lexbor.pyx"], include_dirs=lxml.get_include(),
                      libraries=["dl"] if sys.platform.startswith("linux") else []),
            # the page-type classifier's sums: its doubles must be the Python loops' (no contraction)
            Extension("maintext.pagetype._totals", ["maintext/pagetype/_totals.pyx"],
                      extra_compile_args=["-ffp-contract=off"]),
            # auto's container scoring loops: their doubles must be the Python loops' (no contraction)
            Extension("maintext.methods.auto._score", ["maintext/methods/auto/_score.pyx"],
                      extra_compile_args=["-ffp-contract=off"]),
            Extension("maintext.metadata._native", ["maintext/metadata/_native.pyx"],
                      include_dirs=lxml.get_include())]
    try:
        return cythonize(exts, compiler_directives={"language_level": 3}, quiet=True)
    except Exception as exc:  # noqa: BLE001
        print(f"maintext: cannot cythonize the native walk ({exc})", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
