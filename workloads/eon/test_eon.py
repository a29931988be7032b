"""Tests of the eon workload: sp-eon's image passes sp-eon-check's own
re-rendering; a changed pixel or row, a bad value, a cut or padded file, a
bad header, an image of another seed or sample count, and a scene of other
arguments fail it; a scene lit only by its light renders to the radiance
integrated here. (test_contract.py holds what every workload's tests
share.)"""
import functools
import math
import struct

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["eon"]
RES = 24
HEADER = b"PF\n24 24\n-1.0\n"


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def image(base):
    return (base / "out" / "image.pfm").read_bytes()


def check(base, img, args=TINY, seed="7", scene=None):
    return run("sp-eon-check", *args, "-s", seed, "-i",
               str(scene or base / "in" / "scene.txt"), str(img))


assert_fails = functools.partial(assert_check_fails, "sp-eon-check")


def offset(x, y):
    """Where pixel (x, y) (y = 0 the top row) starts in a TINY image."""
    return len(HEADER) + ((RES - 1 - y) * RES + x) * 12


def changed(tmp_path, data):
    (tmp_path / "image.pfm").write_bytes(data)
    return tmp_path / "image.pfm"


def test_real_output_in_detail(done, tiny):
    proc = tiny.check(MANIFEST)
    assert proc.stdout.startswith("ok 24 x 24 at 4 samples a pixel, ")
    data = image(done)
    assert data.startswith(HEADER) and len(data) == len(HEADER) + RES * RES * 12
    px = struct.unpack(f"<{RES * RES * 3}f", data[len(HEADER):])
    assert min(px) >= 0 and 0.01 < sum(px) / len(px) < 2


def test_render_is_deterministic(done, tmp_path):
    proc = run("sp-eon", *TINY, "-s", "7", "-i", str(done / "in" / "scene.txt"),
               "-o", str(tmp_path / "again.pfm"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "again.pfm").read_bytes() == image(done)


def test_changed_centre_pixel_fails(done, tmp_path):
    # the centre pixel is always rendered again; a change of 1% is seen
    data = bytearray(image(done))
    at = offset(RES // 2, RES // 2) + 4
    (g,) = struct.unpack_from("<f", data, at)
    struct.pack_into("<f", data, at, g * 1.01 + 1e-3)
    assert_fails(check(done, changed(tmp_path, bytes(data))),
                 "pixel (12, 12) green is")


def test_zeroed_row_fails(done, tmp_path):
    data = bytearray(image(done))
    start = offset(0, 5)
    data[start:start + RES * 12] = bytes(RES * 12)
    assert_fails(check(done, changed(tmp_path, bytes(data))), "rendered again")


def test_flipped_image_fails(done, tmp_path):
    # rows written top first instead of bottom first
    data = image(done)
    rows = [data[len(HEADER) + i * RES * 12:len(HEADER) + (i + 1) * RES * 12]
            for i in range(RES)]
    flipped = HEADER + b"".join(reversed(rows))
    assert_fails(check(done, changed(tmp_path, flipped)), "rendered again")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -0.5])
def test_bad_value_fails(done, tmp_path, value):
    data = bytearray(image(done))
    struct.pack_into("<f", data, offset(3, 4), value)
    assert_fails(check(done, changed(tmp_path, bytes(data))),
                 "not a finite non-negative number")


def test_truncated_image_fails(done, tmp_path):
    assert_fails(check(done, changed(tmp_path, image(done)[:-12])), "truncated")


def test_padded_image_fails(done, tmp_path):
    assert_fails(check(done, changed(tmp_path, image(done) + b"\0")),
                 "bytes after the image")


@pytest.mark.parametrize("header,what", [
    (b"Pf\n24 24\n-1.0\n", "not a PFM colour image"),
    (b"PF\n24 23\n-1.0\n", "is 24 23 pixels, expected 24 24"),
    (b"PF\n24 24\n1.0\n", "scale is 1.0"),
    (b"PF 24 24 -1.0 ", "bad header"),
])
def test_bad_header_fails(done, tmp_path, header, what):
    data = header + image(done)[len(HEADER):]
    assert_fails(check(done, changed(tmp_path, data)), what)


def render(tmp_path, args, seed):
    """sp-eon-gen and sp-eon with args and seed in tmp_path/seed-..."""
    d = tmp_path / f"s{seed}-{'-'.join(args)}"
    assert run("sp-eon-gen", *args, "-s", seed, "-o", str(d)).returncode == 0
    proc = run("sp-eon", *args, "-s", seed, "-i", str(d / "scene.txt"), "-o",
               str(d / "image.pfm"))
    assert proc.returncode == 0, proc.stderr
    return d / "image.pfm"


def test_image_of_another_seed_fails(done, tmp_path):
    assert_fails(check(done, render(tmp_path, TINY, "8")), "rendered again")


def test_image_of_fewer_samples_fails(done, tmp_path):
    # the first two samples of each pixel, as a render at -p 2 draws them
    img = render(tmp_path, ["-n", "50", "-r", "24", "-p", "2"], "7")
    assert_fails(check(done, img), "rendered again")


def test_scene_of_other_arguments_fails(done, tmp_path):
    img = done / "out" / "image.pfm"
    assert_fails(check(done, img, seed="8"), "made for other arguments")
    assert_fails(check(done, img, args=["-n", "51", "-r", "24", "-p", "4"]),
                 "made for other arguments")
    proc = run("sp-eon", "-n", "51", "-r", "24", "-p", "4", "-s", "7", "-i",
               str(done / "in" / "scene.txt"), "-o", str(tmp_path / "x.pfm"))
    assert proc.returncode == 1 and "made for other arguments (-n 50" in proc.stderr


def test_cut_scene_is_refused(done, tmp_path):
    text = (done / "in" / "scene.txt").read_text()
    (tmp_path / "scene.txt").write_text(text[:len(text) // 2])
    assert_fails(check(done, done / "out" / "image.pfm",
                       scene=tmp_path / "scene.txt"), "truncated")
    proc = run("sp-eon", *TINY, "-s", "7", "-i", str(tmp_path / "scene.txt"),
               "-o", str(tmp_path / "x.pfm"))
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1


def test_scene_is_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-eon-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "scene.txt").read_text().splitlines()
    b = (tmp_path / "2" / "scene.txt").read_text().splitlines()
    assert len(a) == len(b) == 4 + 17 + 1 + 56 + 1 and a != b
    assert sum(ln.startswith(("sphere ", "box ")) for ln in a) == 50


# A scene of the back wall and the light alone, seen by a camera so narrow
# that its one pixel sees the point p = (0.5, 0.5, 0) of the wall: its
# radiance is the light reflected once, (albedo / pi) Le times the
# integral over the light of cos cos' / r^2 (nothing else lights the wall).
ALBEDO, LE, LIGHT_Y, LO, HI = 0.5, 10.0, 0.998, 0.38, 0.62
LIT = f"""eon-scene 1
args 1 7 1 20000
camera 0.5 0.5 2.4 1e-9
materials 2
0 {ALBEDO} {ALBEDO} {ALBEDO}
2 {LE} {LE} {LE}
prims 2
rect 0 2 0 0 1 0 1
rect 1 1 {LIGHT_Y} {LO} {HI} {LO} {HI}
end
"""


def lit_radiance(steps=400):
    h, w, total = LIGHT_Y - 0.5, (HI - LO) / steps, 0.0
    for i in range(steps):
        x = LO + (i + 0.5) * w - 0.5
        for j in range(steps):
            z = LO + (j + 0.5) * w
            r2 = x * x + h * h + z * z
            total += z * h / (r2 * r2)
    return ALBEDO / math.pi * LE * total * w * w


def test_lit_wall_matches_the_integral(tmp_path):
    (tmp_path / "scene.txt").write_text(LIT)
    args = ["-n", "1", "-r", "1", "-p", "20000", "-s", "7",
            "-i", str(tmp_path / "scene.txt")]
    proc = run("sp-eon", *args, "-o", str(tmp_path / "image.pfm"))
    assert proc.returncode == 0, proc.stderr
    assert run("sp-eon-check", *args, str(tmp_path / "image.pfm")).returncode == 0
    data = (tmp_path / "image.pfm").read_bytes()
    got = struct.unpack("<3f", data[-12:])
    want = lit_radiance()
    # 20000 samples of the light: the estimate's error is well under 1%
    assert all(abs(g - want) < 0.01 * want for g in got), (got, want)


def test_mb_picks_objects(tmp_path):
    # 1 MiB / 200 bytes an object = 5242 objects
    assert run("sp-eon-gen", "--mb", "1", "-r", "8", "-p", "1", "-o",
               str(tmp_path)).returncode == 0
    assert (tmp_path / "scene.txt").read_text().splitlines()[1] == \
        "args 5242 42 8 1"


def test_manifest_sizes():
    # ref scales the objects alone: the paper's resolution and samples
    sizes = MANIFEST["sizes"]
    assert sizes["ref"]["args"][2:] == sizes["paper"]["args"][2:]
