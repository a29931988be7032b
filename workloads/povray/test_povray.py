"""Tests of the povray workload: Debian's povray rendering a generated scene
passes sp-povray-check against the recorded checksum, a changed pixel, a
different povray version or a broken file fails it, and the manifest runs
povray on one thread. (test_contract.py holds what every workload's tests
share.)"""
import functools

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_bytes, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["povray"]      # its checksum recorded at seed 7


@pytest.fixture(scope="module")
def image_bytes(tiny):
    """The manifest's prepare and run commands' image on TINY (shared)."""
    return read_bytes(tiny.folders(MANIFEST)["out"], "image.ppm")


@pytest.fixture
def image(tmp_path, image_bytes):
    path = tmp_path / "image.ppm"
    path.write_bytes(image_bytes)
    return path


def check(path, args=TINY, seed="7"):
    return run("sp-povray-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-povray-check")


def pixels_at(data):
    """Offset of the first pixel byte: after three numbers and comments."""
    lines = data.split(b"\n")
    nums, pos = 0, 0
    for ln in lines:
        pos += len(ln) + 1
        if ln.startswith(b"#") or ln == b"P6":
            continue
        nums += len(ln.split())
        if nums == 3:
            return pos
    raise AssertionError("no header")


def test_real_output_matches_recorded_checksum(tiny):
    proc = tiny.check(MANIFEST)
    assert "as recorded for POV-Ray 3.7.0.10" in proc.stdout


def test_changed_pixel_fails(image):
    data = bytearray(image.read_bytes())
    data[-4] ^= 0x01
    image.write_bytes(bytes(data))
    assert_fails(check(image), "pixel checksum")


def test_other_version_fails_naming_both(image):
    data = image.read_bytes().replace(b"POV-Ray 3.7.0.10", b"POV-Ray 3.7.0.99")
    image.write_bytes(data)
    proc = check(image)
    assert_fails(proc, "rendered by POV-Ray 3.7.0.99")
    assert "recorded for POV-Ray 3.7.0.10" in proc.stderr


def test_unrecorded_scene_checks_sky(image):
    proc = check(image, seed="8")
    assert proc.returncode == 0 and "no recorded checksum" in proc.stdout
    data = bytearray(image.read_bytes())
    data[pixels_at(bytes(data)) + 1] ^= 0x40
    image.write_bytes(bytes(data))
    assert_fails(check(image, seed="8"), "top row pixel 0")


def test_all_sky_image_fails(image):
    data = image.read_bytes()
    start = pixels_at(data)
    image.write_bytes(data[:start] + data[start:start + 3] * (32 * 24))
    assert_fails(check(image, seed="8"), "bottom row is all sky")


def test_wrong_size_fails(image):
    assert_fails(check(image, ["-n", "16", "-w", "33", "-h", "24"]),
                 "size is 32x24")


def test_truncated_fails(image):
    image.write_bytes(image.read_bytes()[:-3])
    assert_fails(check(image), "truncated")


def test_trailing_data_fails(image):
    image.write_bytes(image.read_bytes() + b"\n")
    assert_fails(check(image), "after the last pixel")


def test_missing_file_fails(tmp_path):
    assert_fails(check(tmp_path / "absent.ppm"), "cannot open")


def test_mb_picks_sphere_count(tmp_path):
    assert run("sp-povray-gen", "--mb", "100", "-w", "640", "-h", "480",
               "-o", str(tmp_path)).returncode == 0
    scene = (tmp_path / "scene.pov").read_text()
    spheres = scene.count("\nsphere {")
    assert scene.startswith(f"// {spheres} spheres, seed 42\n")
    assert 80000 < spheres < 90000   # (100 MB - 15.3 MB - 6 MB) / 1 KB
    ini = (tmp_path / "scene.ini").read_text()
    assert "Width=640\nHeight=480\n" in ini and "Work_Threads=1\n" in ini


def test_generation_is_seeded(tmp_path):
    texts = []
    for seed in ("1", "1", "2"):
        d = tmp_path / ("s" + str(len(texts)))
        d.mkdir()
        run("sp-povray-gen", *TINY, "-s", seed, "-o", str(d))
        texts.append((d / "scene.pov").read_text())
    assert texts[0] == texts[1] != texts[2]


def test_relative_output_folder_exit_2():
    assert run("sp-povray-gen", *TINY, "-o", "rel").returncode == 2


def test_manifest_runs_povray_on_one_thread():
    m = MANIFEST
    assert m["run"]["command"][0] == "/usr/bin/povray"
    assert "+WT1" in m["run"]["command"]
