"""Checks the Python package's wheel and sdist (.ci/run): both licence texts,
the PyPI metadata, and the pure-Python modules and stubs in the wheel.

Usage: python .ci/check_dist.py WHEEL SDIST
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from email.parser import Parser

LICENCES = ("LICENSE-MIT", "LICENSE-APACHE")
METADATA = {
    "License-Expression": "MIT OR Apache-2.0",
    "Author": "The oware contributors",
    "Requires-Python": ">=3.10",
}
URLS = ("Repository, https://github.com/oware-rs/oware",)
MODULES = ("oware/__init__.py", "oware/_oware.pyi", "oware/py.typed", "oware/svg.py")


def check_wheel(path: str) -> list[str]:
    """What the wheel lacks (empty when nothing)."""
    with zipfile.ZipFile(path) as wheel:
        names = set(wheel.namelist())
        dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        metadata = Parser().parsestr(wheel.read(f"{dist_info}/METADATA").decode())
        licence_texts = {name: wheel.read(f"{dist_info}/licenses/{name}") for name in LICENCES if f"{dist_info}/licenses/{name}" in names}
    missing = [f"{dist_info}/licenses/{name}" for name in LICENCES if name not in licence_texts]
    missing += [f"licence text {name} (empty)" for name, text in licence_texts.items() if not text.strip()]
    missing += [module for module in MODULES if module not in names]
    missing += [f"{field}: {value}" for field, value in METADATA.items() if metadata.get(field) != value]
    missing += [f"Project-URL: {url}" for url in URLS if url not in (metadata.get_all("Project-URL") or [])]
    for field in ("Summary", "Keywords", "Classifier"):
        if not metadata.get(field):
            missing.append(field)
    if not str(metadata.get("Description-Content-Type", "")).startswith("text/markdown") or "import oware" not in str(metadata.get_payload()):
        missing.append("the README as a Markdown description")
    return missing


def check_sdist(path: str) -> list[str]:
    """What the sdist lacks (empty when nothing)."""
    with tarfile.open(path) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    return [f"sdist: {name}" for name in LICENCES if name not in names]


def main(wheel: str, sdist: str) -> int:
    missing = check_wheel(wheel) + check_sdist(sdist)
    for item in missing:
        print(f"missing from the distributions: {item}")
    if not missing:
        print(f"distributions: licences, metadata and modules present ({wheel.rsplit('/', 1)[-1]}, {sdist.rsplit('/', 1)[-1]})")
    return 1 if missing else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
