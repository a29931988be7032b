"""Tests of the image workload: Debian's convert turning a generated image
passes sp-image-check, a damaged or unturned image fails it, and the
manifest runs convert as the paper did. (test_contract.py holds what every
workload's tests share.)"""
import functools
import os
import subprocess

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_bytes, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["image"]
CONVERT = "/usr/bin/convert"


@pytest.fixture
def rotated(tiny, tmp_path):
    """The manifest's prepare and run commands' image on TINY (shared),
    copied here for a test to change."""
    path = tmp_path / "rotated.ppm"
    path.write_bytes(read_bytes(tiny.folders(MANIFEST)["out"], "rotated.ppm"))
    return path


def check(path, args=TINY, seed="7"):
    return run("sp-image-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-image-check")


def test_real_output_in_detail(tiny):
    assert tiny.check(MANIFEST).stdout.startswith("ok 23x37 ")
    assert os.listdir(tiny.folders(MANIFEST)["out"]) == ["rotated.ppm"]


def test_changed_pixel_fails(rotated):
    data = bytearray(rotated.read_bytes())
    data[-5] ^= 0x01
    rotated.write_bytes(bytes(data))
    assert_fails(check(rotated), "pixel (")


def test_other_seed_fails(rotated):
    assert_fails(check(rotated, seed="8"), "pixel (0,0)")


def test_unturned_image_fails(tmp_path):
    run("sp-image-gen", *TINY, "-s", "7", "-o", str(tmp_path))
    assert_fails(check(tmp_path / "image.ppm"), "size is 37x23")


def test_turned_the_other_way_fails(tmp_path):
    run("sp-image-gen", *TINY, "-s", "7", "-o", str(tmp_path))
    subprocess.run([CONVERT, str(tmp_path / "image.ppm"), "-rotate", "-90",
                    str(tmp_path / "ccw.ppm")], check=True)
    assert_fails(check(tmp_path / "ccw.ppm"), "pixel (")


def test_truncated_fails(rotated):
    rotated.write_bytes(rotated.read_bytes()[:-3])
    assert_fails(check(rotated), "truncated")


def test_trailing_data_fails(rotated):
    rotated.write_bytes(rotated.read_bytes() + b"\0")
    assert_fails(check(rotated), "after the last pixel")


def test_not_ppm_fails(tmp_path):
    (tmp_path / "x.ppm").write_bytes(b"P5\n23 37\n255\n" + bytes(23 * 37))
    assert_fails(check(tmp_path / "x.ppm"), "not a binary PPM")


def test_missing_file_fails(tmp_path):
    assert_fails(check(tmp_path / "absent.ppm"), "cannot open")


def test_mb_picks_a_4_by_3_image(tmp_path):
    assert run("sp-image-gen", "--mb", "20", "-o", str(tmp_path)).returncode == 0
    head = (tmp_path / "image.ppm").read_bytes()[:20].split(b"\n")
    w, h = map(int, head[1].split())
    assert 3 * w == 4 * h and 16 * w * h <= 10 * 2**20
    assert 16 * w * h > 9.9 * 2**20


def test_policy_keeps_cache_in_memory_one_thread(tmp_path):
    run("sp-image-gen", *TINY, "-o", str(tmp_path))
    env = dict(os.environ, MAGICK_CONFIGURE_PATH=str(tmp_path / "magick"))
    text = subprocess.run([CONVERT, "-list", "resource"], env=env,
                          capture_output=True, text=True, check=True).stdout
    assert "Disk: 0B" in text and "Thread: 1" in text
    memory = [ln for ln in text.splitlines() if "Memory:" in ln][0]
    assert memory.endswith("GiB")      # Debian's cap is 256MiB


def test_manifest_sizes_and_convert():
    m = MANIFEST
    assert m["sizes"]["paper"]["args"] == ["-w", "800", "-h", "600"]
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
    run_cmd = m["run"]["command"]
    assert run_cmd[0] == "/usr/bin/env" and CONVERT in run_cmd
    assert "/usr/local/bin/convert" not in run_cmd
    assert run_cmd[run_cmd.index("thread") - 1] == "-limit"
    assert run_cmd[run_cmd.index("thread") + 1] == "1"
