"""A result folder that a crash or a full disk damaged: a run resumed on a folder whose
records end in a cut line finishes with one warning and a whole line after the cut one;
--out on a filesystem that fills up stops with one line, the records before intact."""
import json
import os
import subprocess

import pytest

from harness.driver import paths

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")
RUN = ["run", "tree", "--policy", "base", "--state", "asis", "--warmup", "0"]


def spbench(args, env=None):
    return subprocess.run([SPBENCH, *args], capture_output=True, text=True, timeout=600,
                          env=env)


def test_a_resumed_run_goes_on_after_a_cut_line(tmp_path):
    out = tmp_path / "out"
    first = spbench(RUN + ["--runs", "1", "--out", str(out)])
    assert first.returncode == 0, first.stderr
    runs = out / "runs.jsonl"
    with open(runs, "a") as f:
        f.write('{"schema": "spbench-run/1", "workload": "tr')
    again = spbench(RUN + ["--runs", "2", "--out", str(out)])
    assert again.returncode == 0, again.stderr
    warnings = [ln for ln in again.stderr.splitlines() if "warning" in ln]
    assert len(warnings) == 1, again.stderr
    assert warnings[0].startswith(f"spbench: warning: {runs} line 2: not JSON")
    assert warnings[0].endswith("; skipped")
    lines = runs.read_text().splitlines()
    assert len(lines) == 3 and lines[1].startswith('{"schema": "spbench-run/1", "workload": "tr')
    assert [json.loads(lines[i])["rep"] for i in (0, 2)] == [0, 1]


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
def test_out_on_a_full_filesystem_is_one_line_and_keeps_the_records(tmp_path):
    mnt = tmp_path / "small"
    mnt.mkdir()
    # meta.json (2 kB) and two or three 8 kB records fit, not six
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=32k", "tmpfs", str(mnt)], check=True)
    try:
        p = spbench(RUN + ["--runs", "6", "--out", str(mnt / "out")])
        assert p.returncode == 1, p.stderr
        said = [ln for ln in p.stderr.splitlines() if ln.startswith("spbench: cannot")]
        assert len(said) == 1 and "the disk is full" in said[0], p.stderr
        assert "Traceback" not in p.stderr
        recs = [json.loads(ln) for ln in (mnt / "out" / "runs.jsonl").read_text().splitlines()]
        assert 1 <= len(recs) < 6
        assert [r["rep"] for r in recs] == list(range(len(recs)))
    finally:
        subprocess.run(["umount", str(mnt)], check=True)
