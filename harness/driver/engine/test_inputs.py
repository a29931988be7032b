"""A workload's prepared inputs are made once per command and program: a
second run reuses them, a rebuilt generator makes them again."""
import os

from harness.driver.engine import inputs
from harness.driver.manifest import Workload


def _workload(gen):
    return Workload("/nowhere", {
        "name": "w", "group": "other", "paper_row": "w", "description": "w",
        "binaries": [], "sizes": {"test": {"args": ["-n", "3"], "footprint_mb": 1}},
        "prepare": {"command": [str(gen), "{args}", "{input}"]},
        "run": {"command": ["true"]}, "check": {"command": ["true"]}})


def test_prepared_once_and_again_after_a_rebuild(tmp_path):
    gen = tmp_path / "gen"
    log = tmp_path / "log"
    script = f"#!/bin/sh\nprintf '%s\\n' \"$*\" >> {log}\n"
    gen.write_text(script)
    gen.chmod(0o755)
    values = {"input": str(tmp_path / "in"), "out": "", "seed": "1"}
    w = _workload(gen)
    inputs.prepare_inputs(w, "test", values)
    inputs.prepare_inputs(w, "test", values)
    assert log.read_text().splitlines() == [f"-n 3 {tmp_path / 'in'}"]
    gen.write_text(script + "# rebuilt\n")
    inputs.prepare_inputs(w, "test", values)
    assert len(log.read_text().splitlines()) == 2
    assert os.path.exists(tmp_path / "in" / ".prepared")
