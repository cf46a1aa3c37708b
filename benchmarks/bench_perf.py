"""Every speed, idle and memory figure of issue 14 against its target.

Run: ``.venv/bin/python benchmarks/bench_perf.py`` (all parts; ``--part undo
--part idle`` for some, ``--quick`` for smaller samples). It prints one line per
figure with its target and ratio (value / target) and exits 1 when any target is
missed, 0 when all are met. The parts are the modules of ``benchmarks/perf``
(see its docstring); CI does not run this.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import perf  # noqa: E402


def parts() -> list[str]:
    """The part modules of benchmarks/perf, by name."""
    return sorted(m.name for m in pkgutil.iter_modules(perf.__path__))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", action="append", choices=parts(),
                        help="measure only this part (repeatable)")
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    args = parser.parse_args(argv)
    missed = 0
    total = 0
    for name in args.part or parts():
        start = time.perf_counter()
        module = importlib.import_module(f"perf.{name}")
        print(f"== {name}", flush=True)
        for figure in module.figures(args.quick):
            print(figure.line(), flush=True)
            total += 1
            missed += not figure.met
        print(f"   ({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"{total - missed} of {total} targets met")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
