"""Tests of sp-gzip-gen, sp-gzip and sp-gzip-check: a real run passes its
check (Debian's gzip gives back the corpus once per level), a damaged,
truncated or foreign output fails it, and a wrong input is refused by the
run. (test_contract.py holds what every workload's tests share.)"""
import functools
import gzip
import os

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_bytes, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["gzip"]


@pytest.fixture(scope="module")
def made(tiny):
    """The manifest's prepare and run for TINY, seed 7 (shared)."""
    return tiny.folders(MANIFEST)


def check(path, args=TINY, seed="7"):
    return run("sp-gzip-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-gzip-check")


def out_bytes(made):
    return read_bytes(made["out"], "out.gz")


def corpus(made):
    return read_bytes(made["input"], "corpus.dat")


def test_real_output_in_detail(made):
    assert len(corpus(made)) == 200 * 1024
    # Python's own gzip reader agrees: five members, each the corpus.
    assert gzip.decompress(out_bytes(made)) == corpus(made) * 5
    assert os.listdir(made["out"]) == ["out.gz"]


def test_corpus_is_compressible_and_seeded(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    assert run("sp-gzip-gen", *TINY, "-s", "1", "-o", str(a)).returncode == 0
    assert run("sp-gzip-gen", *TINY, "-s", "2", "-o", str(b)).returncode == 0
    da, db = a.read_bytes(), b.read_bytes()
    assert da != db
    assert 1.6 < len(da) / len(gzip.compress(da, 9)) < 4


def test_changed_byte_fails(made, tmp_path):
    data = bytearray(out_bytes(made))
    data[len(data) // 2] ^= 0x40
    bad = tmp_path / "bad.gz"
    bad.write_bytes(bytes(data))
    assert_fails(check(bad))


def test_missing_member_fails(made, tmp_path):
    # Only the first level's member: the output ends early.
    data = out_bytes(made)
    one = gzip.compress(corpus(made), 1)
    bad = tmp_path / "short.gz"
    bad.write_bytes(one)
    assert_fails(check(bad), "ends after")
    bad.write_bytes(data + one)
    assert_fails(check(bad), "longer")


def test_truncated_fails(made, tmp_path):
    bad = tmp_path / "cut.gz"
    bad.write_bytes(out_bytes(made)[:5000])
    assert_fails(check(bad))


def test_other_seed_or_size_fails(made):
    path = os.path.join(made["out"], "out.gz")
    assert_fails(check(path, seed="8"), "differs")
    assert_fails(check(path, ["-n", "199"]))


def test_missing_file_fails(tmp_path):
    assert_fails(check(tmp_path / "absent.gz"))


def test_run_refuses_wrong_input(made, tmp_path):
    corpus = os.path.join(made["input"], "corpus.dat")
    proc = run("sp-gzip", "-n", "100", "-i", corpus, "-o",
               str(tmp_path / "o.gz"))
    assert proc.returncode == 1 and "does not hold" in proc.stderr
    assert not (tmp_path / "o.gz").exists()


def test_input_option_only_for_run(tmp_path):
    proc = run("sp-gzip-gen", "-n", "4", "-i", "x", "-o", str(tmp_path / "o"))
    assert proc.returncode == 2 and "-i" in proc.stderr


def test_mb_sets_the_input(tmp_path):
    # 10 MiB footprint / 2.55 per input byte = 4015 KB
    path = tmp_path / "c"
    assert run("sp-gzip-gen", "--mb", "10", "-o", str(path)).returncode == 0
    assert path.stat().st_size == 4015 * 1024


def test_manifest_sizes():
    sizes = MANIFEST["sizes"]
    assert sizes["ref"]["args"] == ["--mb", "{ref_mb}"]
    assert 181 < sizes["ref"]["ref_ratio"] < 182
    # paper: SPEC's 180 MB within 25%
    assert 135 <= sizes["paper"]["footprint_mb"] <= 225
