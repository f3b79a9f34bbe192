"""The optional compiled build: which path runs, and loading its modules when it is fresh.

Why a separate folder and an import hook instead of ``.so`` files beside the ``.py`` files:
Python's import system prefers an extension module over a source file in the same folder, so
an in-place build would keep running after its source was edited (a stale build shadowing the
rules). Here the compiled modules live in ``cardtable/_compiled/`` with a manifest of the
SHA-256 of the source each was built from; a module is loaded from there only while its
``.py`` still has that hash, otherwise the ``.py`` runs and a warning says to rebuild.

The ``.py`` files stay the only source: the build (``python -m cardtable.accel_build``, or
``make compiled``) runs Cython on them unchanged, in Python semantics (annotations are not C
types), so both paths play byte-identical games; ``tests/test_compiled.py`` checks that.

Choosing the path: with a build present the compiled modules run; ``CARDTABLE_PURE=1`` keeps
every module on its ``.py`` source. ``CARDTABLE_REQUIRE_COMPILED=1`` makes a missing or stale
build an error instead of a fallback (CI uses it so the compiled tests cannot pass on pure).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import re
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

#: the ``cardtable`` package's folder
PACKAGE_DIR = Path(__file__).resolve().parent
#: where the build puts the extension modules and its manifest
COMPILED_DIR = PACKAGE_DIR / "_compiled"
MANIFEST = COMPILED_DIR / "manifest.json"
PURE_ENV = "CARDTABLE_PURE"
REQUIRE_ENV = "CARDTABLE_REQUIRE_COMPILED"


class StaleBuildError(ImportError):
    """The compiled path was required but the build is missing or older than its source."""


def _truthy(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


#: a ``.pxd`` line that takes C declarations from this package: ``from cardtable.X cimport
#: a, b`` (names of module X, or modules a and b of package X)
_CIMPORT = re.compile(rb"^from[ \t]+cardtable\.([\w.]+)[ \t]+cimport[ \t]+([\w \t,]+)",
                      re.MULTILINE)


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file, as the build records it: with its ``.pxd`` (the C types
    the compiled build reads beside it), when it has one, so editing either makes it stale;
    and with the ``.pxd`` files that one cimports from this package (their struct layouts
    are compiled into this module too), so editing those makes it stale as well; and with
    the ``.py`` of each module it cimports, since a module whose build is stale runs as a
    plain ``.py`` without the C types this one was built against, and both must then run
    from source together."""
    data = path.read_bytes()
    own = path.with_suffix(".pxd")
    pending, seen = [own], set()
    while pending:
        pxd = pending.pop(0)
        if pxd in seen or not pxd.is_file():
            continue
        seen.add(pxd)
        text = pxd.read_bytes()
        data += b"\0" + text
        source = pxd.with_suffix(".py")
        if pxd != own and source.is_file():
            data += b"\0" + source.read_bytes()
        for source, names in _CIMPORT.findall(text):
            base = PACKAGE_DIR.joinpath(*source.decode().split("."))
            pending.append(base.with_suffix(".pxd"))
            pending.extend(base / f"{name.split()[0].decode()}.pxd"
                           for name in names.split(b",") if name.strip())
    return hashlib.sha256(data).hexdigest()


def read_manifest(path: Path | None = None) -> dict[str, Any] | None:
    """The build's manifest (or the one at ``path``), or None when there is no usable build
    for this Python."""
    try:
        data = json.loads((path or MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    if data.get("suffix") != suffix or not isinstance(data.get("modules"), dict):
        return None
    return data


class _CompiledLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a built module with its source's ``__file__``: the ``.py`` stays the module's
    file for everything that finds data beside it (a game's ``Path(__file__).parent``)."""

    def __init__(self, fullname: str, binary: str, source: str) -> None:
        super().__init__(fullname, binary)
        self.source = source

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = super().create_module(spec)
        module.__file__ = self.source
        return module


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the built modules of the manifest whose source is unchanged since the build."""

    def __init__(self, manifest: dict[str, Any]) -> None:
        self.modules: dict[str, dict[str, str]] = manifest["modules"]
        self.loaded: list[str] = []
        self.stale: list[str] = []

    def find_spec(self, fullname: str, path: Any = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        entry = self.modules.get(fullname)
        if entry is None:
            return None
        source = self._source(fullname, path)
        binary = COMPILED_DIR / entry["file"]
        if source is None or not binary.is_file() or source_hash(source) != entry["sha256"]:
            self.stale.append(fullname)
            message = (f"cardtable: the compiled {fullname} is older than its source; running "
                       f"the .py (rebuild with `make compiled`)")
            if _truthy(REQUIRE_ENV):
                raise StaleBuildError(message)
            warnings.warn(message, RuntimeWarning, stacklevel=2)
            return None
        loader = _CompiledLoader(fullname, str(binary), str(source))
        spec = importlib.util.spec_from_file_location(fullname, str(binary), loader=loader)
        if spec is not None:
            self.loaded.append(fullname)
        return spec

    @staticmethod
    def _source(fullname: str, path: Any) -> Path | None:
        """The ``.py`` the normal import would run for ``fullname``."""
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not spec.origin or not spec.origin.endswith(".py"):
            return None
        return Path(spec.origin)


_finder: _CompiledFinder | None = None


def install() -> None:
    """Put the compiled modules first on the import path, unless ``CARDTABLE_PURE`` is set or
    there is no build. Called once by ``import cardtable``."""
    global _finder
    if _finder is not None or _truthy(PURE_ENV):
        return
    manifest = read_manifest()
    if manifest is None:
        if _truthy(REQUIRE_ENV):
            raise StaleBuildError(
                f"{REQUIRE_ENV} is set but there is no compiled build for this Python in "
                f"{COMPILED_DIR} (build it with `make compiled`)")
        return
    _finder = _CompiledFinder(manifest)
    sys.meta_path.insert(0, _finder)


def status() -> dict[str, Any]:
    """Which path runs: ``compiled`` is true when at least one module was loaded compiled;
    ``compiled_modules`` lists those loaded so far, ``stale_modules`` those skipped."""
    if _finder is None:
        return {"compiled": False, "compiled_modules": [], "stale_modules": []}
    return {"compiled": bool(_finder.loaded), "compiled_modules": sorted(_finder.loaded),
            "stale_modules": sorted(set(_finder.stale))}
