"""Tests of the vortex workload: sp-vortex's SQLite results pass
sp-vortex-check's replay of the log; a changed digest or count, a run of
another log, or a log of other arguments fail it; bad arguments are
refused; and the manifest's commands work end to end."""
import functools
import struct

import pytest

from testkit import (assert_check_fails, assert_manifest_basics,
                     assert_section_passes, manifest,
                     prepare_and_run, run)

MANIFEST = manifest(__file__)
TINY = ["-n", "300"]
HEAD = 32
REC = struct.Struct("<B3xIQ")
UPDATE = 3


@pytest.fixture(scope="module")
def done(tmp_path_factory):
    """The manifest's prepare and run commands on TINY."""
    base = tmp_path_factory.mktemp("vortex")
    prepare_and_run(MANIFEST, TINY, base)
    return base


def check(base, result, args=TINY, seed="7"):
    return run("sp-vortex-check", *args, "-s", seed, "-i",
               str(base / "in" / "ops.bin"), str(result))


assert_fails = functools.partial(assert_check_fails, "sp-vortex-check")


def result_lines(base):
    return (base / "out" / "result.txt").read_text().splitlines()


def test_real_output_passes(done):
    assert_section_passes(MANIFEST, "check", TINY, input=str(done / "in"),
                          out=str(done / "out"))
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


def test_log_of_other_arguments_fails(done):
    result = done / "out" / "result.txt"
    assert_fails(check(done, result, seed="8"), "other arguments")
    assert_fails(check(done, result, args=["-n", "301"]), "other arguments")
    proc = run("sp-vortex", "-n", "301", "-s", "7", "-i",
               str(done / "in" / "ops.bin"), "-o", str(done / "x.txt"))
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


@pytest.mark.parametrize("args", [
    [], ["-n", "0"], ["-n", "x"], ["-n", "2", "--mb", "1"],
    ["-n", "2", "-s"], ["-n", "2", "-q"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    for prog, more in (("sp-vortex-gen", ["-o", str(tmp_path)]),
                       ("sp-vortex", ["-i", "x", "-o", str(tmp_path / "r")]),
                       ("sp-vortex-check", ["-i", "x", str(tmp_path / "r")])):
        proc = run(prog, *args, *more)
        assert proc.returncode == 2, prog
        assert proc.stderr.count("\n") == 1


def test_run_and_check_need_the_log(tmp_path):
    assert run("sp-vortex", *TINY, "-o", str(tmp_path / "r")).returncode == 2
    assert run("sp-vortex-check", *TINY, str(tmp_path / "r")).returncode == 2


def test_mb_picks_objects(tmp_path):
    # 1 MiB / 640 bytes an object = 1638 objects
    assert run("sp-vortex-gen", "--mb", "1", "-o",
               str(tmp_path)).returncode == 0
    head = (tmp_path / "ops.bin").read_bytes()[:HEAD]
    assert struct.unpack("<8sQQQ", head)[1] == 1638


def test_manifest_keys():
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    assert m["paper_row"] == m["name"] and m["group"] == "CINT2000"
    assert m["run"]["command"][0] == "{bin}/sp-vortex"
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
    for section in ("prepare", "run", "check"):
        assert "{seed}" in m[section]["command"]
