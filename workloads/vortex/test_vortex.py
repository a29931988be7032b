"""Tests of the vortex workload: sp-vortex's SQLite results pass
sp-vortex-check's replay of the log; a changed digest or count, a run of
another log, or a log of other arguments fail it. (test_contract.py holds
what every workload's tests share.)"""
import functools
import struct

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["vortex"]
HEAD = 32
REC = struct.Struct("<B3xIQ")
UPDATE = 3


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def check(base, result, args=TINY, seed="7"):
    return run("sp-vortex-check", *args, "-s", seed, "-i",
               str(base / "in" / "ops.bin"), str(result))


assert_fails = functools.partial(assert_check_fails, "sp-vortex-check")


def result_lines(base):
    return (base / "out" / "result.txt").read_text().splitlines()


def test_real_output_in_detail(done):
    values = dict(ln.split() for ln in result_lines(done))
    assert 250 < int(values["rows"]) < 350
    assert 0 < int(values["found"]) < int(values["lookups"])
    assert int(values["owner_queries"]) > 100


@pytest.mark.parametrize("key", ["table_digest", "lookup_digest",
                                 "owner_digest", "rows", "found"])
def test_changed_value_fails(done, tmp_path, key):
    lines = result_lines(done)
    for i, ln in enumerate(lines):
        k, v = ln.split()
        if k == key:
            last = "1" if v[-1] == "0" else "0"
            lines[i] = f"{k} {v[:-1]}{last}"
    (tmp_path / "r.txt").write_text("\n".join(lines) + "\n")
    assert_fails(check(done, tmp_path / "r.txt"), key)


def test_truncated_result_fails(done, tmp_path):
    lines = result_lines(done)[:-1]
    (tmp_path / "r.txt").write_text("\n".join(lines) + "\n")
    assert_fails(check(done, tmp_path / "r.txt"), "missing")


def test_run_of_a_changed_log_fails(done, tmp_path):
    # SQLite given updates of other values: the check, replaying the real
    # log, finds the table differs.
    data = bytearray((done / "in" / "ops.bin").read_bytes())
    for pos in range(HEAD, len(data), REC.size):
        if data[pos] == UPDATE:
            data[pos + 8] ^= 0x55
    (tmp_path / "ops.bin").write_bytes(bytes(data))
    proc = run("sp-vortex", *TINY, "-s", "7", "-i", str(tmp_path / "ops.bin"),
               "-o", str(tmp_path / "r.txt"))
    assert proc.returncode == 0, proc.stderr
    assert_fails(check(done, tmp_path / "r.txt"), "digest")


def test_log_of_other_arguments_fails(done, tmp_path):
    result = done / "out" / "result.txt"
    assert_fails(check(done, result, seed="8"), "other arguments")
    assert_fails(check(done, result, args=["-n", "301"]), "other arguments")
    proc = run("sp-vortex", "-n", "301", "-s", "7", "-i",
               str(done / "in" / "ops.bin"), "-o", str(tmp_path / "x.txt"))
    assert proc.returncode == 1 and "made for -n 300 -s 7" in proc.stderr


def test_truncated_log_fails(done, tmp_path):
    data = (done / "in" / "ops.bin").read_bytes()
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "ops.bin").write_bytes(data[:-REC.size])
    assert_fails(check(tmp_path, done / "out" / "result.txt"),
                 "does not hold")


def test_log_is_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-vortex-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "ops.bin").read_bytes()
    b = (tmp_path / "2" / "ops.bin").read_bytes()
    assert len(a) == len(b) == HEAD + REC.size * 300 * 9 and a != b


def test_mb_picks_objects(tmp_path):
    # 1 MiB / 640 bytes an object = 1638 objects
    assert run("sp-vortex-gen", "--mb", "1", "-o",
               str(tmp_path)).returncode == 0
    head = (tmp_path / "ops.bin").read_bytes()[:HEAD]
    assert struct.unpack("<8sQQQ", head)[1] == 1638


def test_ref_size():
    assert MANIFEST["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
