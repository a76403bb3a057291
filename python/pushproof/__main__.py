"""The `pushproof` console command: runs the binary the wheel carries, which finds the vectors the
wheel carries too (`pushproof/vectors`, beside `pushproof/bin`)."""

import os
import stat
import sys
from pathlib import Path


def binary() -> Path:
    return Path(__file__).resolve().parent / "bin" / "pushproof"


def main() -> None:
    path = binary()
    if not path.is_file():
        sys.exit(f"pushproof: the binary is missing from this installation ({path}); reinstall the wheel")
    mode = path.stat().st_mode
    if not mode & stat.S_IXUSR:
        try:
            path.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError as error:
            sys.exit(f"pushproof: {path} is not executable and cannot be made so ({error.strerror})")
    try:
        os.execv(path, [str(path), *sys.argv[1:]])
    except OSError as error:
        sys.exit(f"pushproof: cannot start {path} ({error.strerror})")


if __name__ == "__main__":
    main()
