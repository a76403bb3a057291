"""Writes the starter adapters and the adapter kits out of the wheel, in the release tarball's
layout:

    python -m pushproof.starter DIR

DIR/starters/ gets starter.py and starter.js (adapters that offer no operation yet) and
example_token_id.py and example_token_id.js (registration.tokenId, complete); DIR/kits/ gets the
kits they use, found by their path beside starters/: kits/python/pushproof/ (this package's
pushproof.adapter) and kits/js/pushproof-adapter.js (Node, no npm packages). Then:

    pushproof run --allow-empty --impl "python3 DIR/starters/starter.py"
    pushproof run --impl "node DIR/starters/example_token_id.js" --file registration_client

Nothing is overwritten: a file already there stops it before it writes anything.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import List, Optional, Tuple

PACKAGE = Path(__file__).resolve().parent


def sources() -> List[Tuple[Path, str]]:
    """(file to copy, its path under DIR), from the wheel or, in a checkout, from adapters/."""
    starters = PACKAGE / "starters"
    js_kit = PACKAGE / "kits" / "js"
    if not starters.is_dir():  # a checkout (PYTHONPATH=python, or `pip install ./python`)
        checkout = PACKAGE.parent.parent / "adapters"
        starters, js_kit = checkout / "starters", checkout / "kits" / "js"
    files = [(path, f"starters/{path.name}") for path in sorted(starters.glob("*")) if path.suffix in (".py", ".js")]
    files.append((js_kit / "pushproof-adapter.js", "kits/js/pushproof-adapter.js"))
    for name in ("__init__.py", "adapter.py"):
        files.append((PACKAGE / name, f"kits/python/pushproof/{name}"))
    return files


def write(target: Path) -> List[Path]:
    files = sources()
    missing = [str(source) for source, _ in files if not source.is_file()]
    if missing or not any(name.startswith("starters/") for _, name in files):
        raise SystemExit(f"pushproof.starter: this installation has no starters ({', '.join(missing) or 'none found'}); "
                         "they come with the release wheel and tarball")
    present = [target / name for _, name in files if (target / name).exists()]
    if present:
        raise SystemExit(f"pushproof.starter: not overwriting {', '.join(str(p) for p in present)}")
    written = []
    for source, name in files:
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
        if name.startswith("starters/"):
            destination.chmod(0o755)
        written.append(destination)
    return written


def main(argv: Optional[List[str]] = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        raise SystemExit("usage: python -m pushproof.starter DIR   (writes DIR/starters/ and DIR/kits/)")
    target = Path(args[0])
    for path in write(target):
        print(path)
    starters = target / "starters"
    print(f"""
Run them (`pushproof` is this wheel's command; a starter declares nothing yet, so every vector
is skipped, which --allow-empty accepts):
  pushproof run --allow-empty --impl "python3 {starters / 'starter.py'}"
  pushproof run --allow-empty --impl "node {starters / 'starter.js'}"
  pushproof run --impl "python3 {starters / 'example_token_id.py'}" --file registration_client""")


if __name__ == "__main__":
    main()
