"""Tests of sp-bzip2-gen, sp-bzip2 and sp-bzip2-check: a real run passes its
check (Debian's bzip2 gives back the corpus), a damaged, truncated or
foreign output fails it, and a wrong input is refused by the run.
(test_contract.py holds what every workload's tests share.)"""
import bz2
import functools
import os

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_bytes, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["bzip2"]


@pytest.fixture(scope="module")
def made(tiny):
    """The manifest's prepare and run for TINY, seed 7 (shared)."""
    return tiny.folders(MANIFEST)


def check(path, args=TINY, seed="7"):
    return run("sp-bzip2-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-bzip2-check")


def out_bytes(made):
    return read_bytes(made["out"], "out.bz2")


def corpus(made):
    return read_bytes(made["input"], "corpus.dat")


def test_real_output_in_detail(made):
    assert len(corpus(made)) == 300 * 1024
    data = out_bytes(made)
    assert data[:4] == b"BZh9"          # block size 9
    assert bz2.decompress(data) == corpus(made)
    assert os.listdir(made["out"]) == ["out.bz2"]


def test_same_corpus_as_gzip(made, tmp_path):
    path = tmp_path / "c"
    assert run("sp-gzip-gen", *TINY, "-s", "7", "-o", str(path)).returncode == 0
    assert path.read_bytes() == corpus(made)


def test_changed_byte_fails(made, tmp_path):
    data = bytearray(out_bytes(made))
    data[len(data) // 2] ^= 0x40
    bad = tmp_path / "bad.bz2"
    bad.write_bytes(bytes(data))
    assert_fails(check(bad))


def test_wrong_content_fails(made, tmp_path):
    # A valid .bz2 of other data: bzip2 succeeds, the comparison does not.
    data = bytearray(corpus(made))
    data[1000] ^= 1
    bad = tmp_path / "other.bz2"
    bad.write_bytes(bz2.compress(bytes(data), 9))
    assert_fails(check(bad), "differs from the input at byte 1000")
    bad.write_bytes(bz2.compress(corpus(made)[:-10], 9))
    assert_fails(check(bad), "ends after")


def test_truncated_fails(made, tmp_path):
    bad = tmp_path / "cut.bz2"
    bad.write_bytes(out_bytes(made)[:5000])
    assert_fails(check(bad))


def test_other_seed_or_size_fails(made):
    path = os.path.join(made["out"], "out.bz2")
    assert_fails(check(path, seed="8"), "differs")
    assert_fails(check(path, ["-n", "301"]), "ends after")


def test_missing_file_fails(tmp_path):
    assert_fails(check(tmp_path / "absent.bz2"))


def test_run_refuses_wrong_input(made, tmp_path):
    proc = run("sp-bzip2", "-n", "301", "-i",
               os.path.join(made["input"], "corpus.dat"), "-o",
               str(tmp_path / "o.bz2"))
    assert proc.returncode == 1 and "does not hold" in proc.stderr
    assert not (tmp_path / "o.bz2").exists()


def test_mb_sets_the_input(tmp_path):
    # 10 MiB footprint / 2.52 per input byte = 4063 KB
    path = tmp_path / "c"
    assert run("sp-bzip2-gen", "--mb", "10", "-o", str(path)).returncode == 0
    assert path.stat().st_size == 4063 * 1024


def test_manifest_sizes():
    sizes = MANIFEST["sizes"]
    assert sizes["ref"]["args"] == ["--mb", "{ref_mb}"]
    assert 185 < sizes["ref"]["ref_ratio"] < 186
    assert 139 <= sizes["paper"]["footprint_mb"] <= 231
