"""A workload's inputs and placeholder values: the values a manifest's
commands are expanded with (workloads/FORMAT.md), and its prepare step,
run once per size and seed and cached in build/inputs."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from typing import TYPE_CHECKING, Optional

from harness.records import lines as atomic
from harness.driver import paths
from harness.driver.errors import UserError

if TYPE_CHECKING:
    from harness.driver.manifest import Workload


def workload_values(w: Workload, size: str, outdir: str, seed: int,
                    ref_mb: Optional[int]) -> dict[str, str]:
    """The placeholder values of workloads/FORMAT.md for one run."""
    v = {"input": os.path.join(paths.INPUTS, w.name, f"{size}-seed{seed}"), "out": outdir,
         "seed": str(seed)}
    if size == "ref":
        v["ref_mb"] = str(ref_mb)
        v["input"] += f"-{ref_mb}mb"
    return v


def _program_digest(path: str) -> Optional[str]:
    """A rebuilt generator must not reuse what an older build made."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError:
        return None
    return h.hexdigest()[:16]


def prepare_inputs(w: Workload, size: str, values: dict[str, str]) -> None:
    """Runs the workload's prepare step once per size; the result is cached in
    build/inputs and keyed by the expanded command and the program it runs."""
    folder = values["input"]
    os.makedirs(folder, exist_ok=True)
    if not w.prepare:
        return
    cmd = w.expand(w.prepare, size, **values)
    stamp = os.path.join(folder, ".prepared")
    key = json.dumps({"command": cmd, "program": _program_digest(cmd[0])})
    if os.path.exists(stamp):
        with open(stamp) as f:
            if f.read() == key:
                return
    print(f"spbench: preparing {w.name} inputs ({size})", file=sys.stderr)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise UserError(f"{w.name}: preparing inputs failed (exit {p.returncode}): "
                        f"{(p.stderr.strip().splitlines() or [''])[-1]}", status=1)
    atomic.write_text(stamp, key)
