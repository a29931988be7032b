"""Tests of the mesa workload: Mesa's rendering of the seeded height field
passes sp-mesa-check; a flat mesh comes out the lighting equation's one
shade; the image is the same on a second run and was drawn by one thread;
a hole, a stray pixel, a wrong shade or colour, a flipped or another
frame, Mesa's rendering with the normals turned inward or without the
depth test, a wrong thread count, a truncated, padded or resized image and
a mesh of another seed fail the check. (test_contract.py holds what every
workload's tests share.)"""
import functools
import math
import os
import re
import subprocess
import time

import pytest

from testkit import BIN, REPO, TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["mesa"]
SIDE = 160

assert_fails = functools.partial(assert_check_fails, "sp-mesa-check")


class Image:
    """A PPM as sp-mesa writes it: its comment line and its pixels, rows
    top first."""

    def __init__(self, data):
        lines = data.split(b"\n", 4)
        assert lines[0] == b"P6" and lines[3] == b"255"
        self.comment = lines[1].decode()
        self.side = int(lines[2].split()[0])
        self.px = bytearray(lines[4])

    def bytes(self, comment=None):
        return (b"P6\n" + (comment or self.comment).encode() +
                b"\n%d %d\n255\n" % (self.side, self.side) + bytes(self.px))

    def at(self, x, y):
        k = 3 * (y * self.side + x)
        return tuple(self.px[k:k + 3])

    def put(self, x, y, rgb):
        k = 3 * (y * self.side + x)
        self.px[k:k + 3] = bytes(rgb)

    def drawn(self, x, y):
        return any(self.at(x, y))

    def inside(self):
        """A drawn pixel whose 7x7 block is all drawn."""
        for y in range(3, self.side - 3):
            for x in range(3, self.side - 3):
                if all(self.drawn(x + dx, y + dy) for dx in range(-3, 4)
                       for dy in range(-3, 4)):
                    return x, y
        raise AssertionError("no inner pixel")


def flat_mesh(path, grid=60, seed=7):
    """mesa.in of a flat field at height 0."""
    rows = "\n".join(" ".join(["0.000000"] * grid) for _ in range(grid))
    path.write_text("sp-mesa meshfile\ngrid %d\nseed %d\nheights\n%s\nend\n"
                    % (grid, seed, rows))
    return path


@pytest.fixture(scope="module")
def rendered(tiny):
    """The manifest's prepare and run commands on TINY (shared): the
    folders."""
    return tiny.folders(MANIFEST)


def mesh_of(made):
    return os.path.join(made["input"], "mesa.in")


def image_of(made):
    with open(os.path.join(made["out"], "mesa.ppm"), "rb") as f:
        return Image(f.read())


def check(made, tmp_path, data, args=TINY, seed="7", mesh=None):
    path = tmp_path / "image.ppm"
    path.write_bytes(data)
    return run("sp-mesa-check", *args, "-s", seed, "-i",
               str(mesh or mesh_of(made)), str(path))


def render(mesh, out, args=TINY, seed="7", env=None):
    proc = subprocess.run([os.path.join(BIN, "sp-mesa"), *args, "-s", seed,
                           "-i", str(mesh), "-o", str(out)],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    return Image(out.read_bytes())


def test_real_output_in_detail(rendered, tiny):
    proc = tiny.check(MANIFEST)
    assert re.fullmatch(r"ok 160x160, frame 8 of 8: \d+ pixels drawn, the "
                        r"silhouette to a pixel, lit colours, the check's "
                        r"rendering to 3 levels \(100.0% at the same "
                        r"pixel\)\n", proc.stdout)
    img = image_of(rendered)
    assert img.comment == "# sp-mesa frames 8 threads 1"
    assert img.side == SIDE and len(img.px) == 3 * SIDE * SIDE
    drawn = sum(img.drawn(x, y) for y in range(SIDE) for x in range(SIDE))
    assert 0.1 * SIDE * SIDE < drawn < 0.6 * SIDE * SIDE


def test_rendering_is_deterministic(rendered, tmp_path):
    again = render(mesh_of(rendered), tmp_path / "again.ppm")
    assert again.bytes() == image_of(rendered).bytes()


def test_one_thread_whatever_the_environment(rendered, tmp_path):
    """sp-mesa sets Mesa's knobs itself: asked for eight rasterizer threads
    and softpipe, it still runs as one thread, seen from outside in
    /proc/PID/task while it renders."""
    env = dict(os.environ, LP_NUM_THREADS="8", GALLIUM_DRIVER="softpipe")
    args = ["-n", "240", "-f", "40"]
    out = tmp_path / "t.ppm"
    proc = subprocess.Popen([os.path.join(BIN, "sp-mesa"), *args, "-s", "7",
                             "-i", mesh_of(rendered), "-o", str(out)],
                            env=env, stderr=subprocess.PIPE)
    seen = []
    while proc.poll() is None:
        try:
            seen.append(len(os.listdir("/proc/%d/task" % proc.pid)))
        except FileNotFoundError:
            break
        time.sleep(0.005)
    assert proc.wait() == 0, proc.stderr.read()
    assert len(seen) > 10 and max(seen) == 1
    assert Image(out.read_bytes()).comment == "# sp-mesa frames 40 threads 1"


@pytest.mark.parametrize("frames", ["1", "5", "30"])
def test_flat_mesh_has_the_lighting_equations_shade(tmp_path, frames):
    mesh = flat_mesh(tmp_path / "flat.in")
    args = ["-n", str(SIDE), "-f", frames]
    img = render(mesh, tmp_path / "flat.ppm", args=args)
    proc = run("sp-mesa-check", *args, "-s", "7", "-i", str(mesh),
               str(tmp_path / "flat.ppm"))
    assert proc.returncode == 0, proc.stderr
    assert ", the flat shade, " in proc.stdout
    shades = {img.at(x, y) for y in range(SIDE) for x in range(SIDE)} - {(0, 0, 0)}
    assert len(shades) == 1
    if frames == "1":
        # unturned, the plane faces the camera: n = (0, 0, 1)
        k = (0.2 + 0.5 * 1.0 / math.sqrt(0.25 + 0.49 + 1.0) +
             0.3 * 0.8 / math.sqrt(0.36 + 0.04 + 0.64))
        want = [255 * m * k for m in (0.9, 0.6, 0.3)]
        (got,) = shades
        assert all(abs(g - w) <= 1 for g, w in zip(got, want)), (got, want)


def test_wrong_flat_shade_fails(tmp_path):
    mesh = flat_mesh(tmp_path / "flat.in")
    img = render(mesh, tmp_path / "flat.ppm", args=["-n", str(SIDE), "-f", "5"])
    x, y = img.inside()
    r, g, b = img.at(x, y)
    # still a shade of the material, but two steps darker
    img.put(x, y, (r - 3, g - 2, b - 1))
    assert_fails(check(None, tmp_path, img.bytes(), mesh=mesh,
                       args=["-n", str(SIDE), "-f", "5"]),
                 "the lighting gives")


def test_pixel_of_another_colour_fails(rendered, tmp_path):
    img = image_of(rendered)
    x, y = img.inside()
    r, g, b = img.at(x, y)
    img.put(x, y, (r, min(255, g + 20), b))
    assert_fails(check(rendered, tmp_path, img.bytes()),
                 "not a shade of the material's colour")


def test_pixel_too_bright_fails(rendered, tmp_path):
    img = image_of(rendered)
    x, y = img.inside()
    img.put(x, y, (250, 167, 83))
    assert_fails(check(rendered, tmp_path, img.bytes()),
                 "brighter or darker than the lighting makes")


def test_hole_in_the_object_fails(rendered, tmp_path):
    img = image_of(rendered)
    x, y = img.inside()
    img.put(x, y, (0, 0, 0))
    assert_fails(check(rendered, tmp_path, img.bytes()),
                 "pixel (%d, %d) is not drawn but lies inside" % (x, y))


def test_stray_pixel_fails(rendered, tmp_path):
    img = image_of(rendered)
    x, y = img.inside()
    shade = img.at(x, y)
    img.put(2, 2, shade)
    assert_fails(check(rendered, tmp_path, img.bytes()),
                 "pixel (2, 2) is drawn but lies outside")


def test_flipped_image_fails(rendered, tmp_path):
    img = image_of(rendered)
    row = 3 * SIDE
    rows = [img.px[k:k + row] for k in range(0, len(img.px), row)]
    img.px = bytearray(b"".join(reversed(rows)))
    assert_fails(check(rendered, tmp_path, img.bytes()), "silhouette")


def test_another_frame_fails(rendered, tmp_path):
    # frame 7 of 7, labelled as the last of 8
    other = render(mesh_of(rendered), tmp_path / "seven.ppm",
                   args=["-n", str(SIDE), "-f", "7"])
    assert_fails(check(rendered, tmp_path,
                       other.bytes("# sp-mesa frames 8 threads 1")),
                 "silhouette")
    assert_fails(check(rendered, tmp_path, other.bytes()),
                 "the last of 7 frames, not of 8")


def test_more_threads_fails(rendered, tmp_path):
    img = image_of(rendered)
    assert_fails(check(rendered, tmp_path,
                       img.bytes("# sp-mesa frames 8 threads 3")),
                 "rendered with 3 threads, not one")


def test_truncated_or_padded_or_resized_image_fails(rendered, tmp_path):
    data = image_of(rendered).bytes()
    assert_fails(check(rendered, tmp_path, data[:-100]), "truncated")
    assert_fails(check(rendered, tmp_path, data + b"\0"), "bytes after")
    assert_fails(check(rendered, tmp_path, data.replace(b"160 160", b"160 159",
                                                        1)),
                 "the image is 160x159, not 160x160")
    assert_fails(check(rendered, tmp_path, b"P3\n" + data[3:]), "not a binary PPM")
    assert_fails(check(rendered, tmp_path, data.replace(b"# sp-mesa ", b"# other ")),
                 "no sp-mesa comment")


def test_mesh_of_another_seed_is_refused(rendered, tmp_path):
    data = image_of(rendered).bytes()
    assert_fails(check(rendered, tmp_path, data, seed="8"),
                 "a mesh of seed 7, not 8")
    proc = run("sp-mesa", *TINY, "-s", "8", "-i", mesh_of(rendered), "-o",
               str(tmp_path / "x.ppm"))
    assert proc.returncode == 1 and "another seed" in proc.stderr


def test_mesh_is_seeded_and_bounded(tmp_path):
    texts = []
    for seed in ("1", "2", "1"):
        out = tmp_path / ("s" + seed + str(len(texts)))
        assert run("sp-mesa-gen", "-n", "200", "-f", "1", "-s", seed, "-o",
                   str(out)).returncode == 0
        texts.append((out / "mesa.in").read_text())
    assert texts[0] == texts[2] and texts[0] != texts[1]
    words = texts[0].split()
    assert words[:7] == ["sp-mesa", "meshfile", "grid", "75", "seed", "1",
                         "heights"] and words[-1] == "end"
    heights = [float(w) for w in words[7:-1]]
    assert len(heights) == 75 * 75
    assert max(abs(h) for h in heights) == pytest.approx(0.29, abs=1e-6)


def test_malformed_mesh_is_refused(rendered, tmp_path):
    text = open(mesh_of(rendered)).read()
    data = image_of(rendered).bytes()
    for bad, what in ((text.replace("\nend", ""), "no end"),
                      (text.replace("heights\n", "heights\n0.5 ", 1),
                       "not a number in [-0.3, 0.3]"),
                      (text[:len(text) // 2], "truncated heights")):
        mesh = tmp_path / "bad.in"
        mesh.write_text(bad)
        assert_fails(check(rendered, tmp_path, data, mesh=mesh), what)


def test_mb_sizes_image_and_mesh(tmp_path):
    # 10 MB at 15.94 bytes a pixel: a side of 811, a grid of 304
    assert run("sp-mesa-gen", "--mb", "10", "-f", "1", "-o",
               str(tmp_path)).returncode == 0
    assert "grid 304\n" in (tmp_path / "mesa.in").read_text()


WRONG_RENDER = os.path.join(REPO, "build", "tests", "mesa_wrong_render")


def wrong_render(mode, mesh, out, args):
    """Mesa's rendering with one mistake (tests/wrong_render.c)."""
    side, frames = args[args.index("-n") + 1], args[args.index("-f") + 1]
    proc = subprocess.run([WRONG_RENDER, mode, side, frames, str(mesh),
                           str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out.read_bytes()


def test_normals_turned_inward_fail(rendered, tmp_path):
    """Lit from behind, every colour is still one the lighting can make
    and the silhouette is right: only the check's rendering sees it."""
    data = wrong_render("flip-normals", mesh_of(rendered), tmp_path / "w.ppm",
                        TINY)
    assert data != image_of(rendered).bytes()
    assert_fails(check(rendered, tmp_path, data), "the check's rendering gives")


def test_no_depth_test_fails(rendered, tmp_path):
    """Frame 40 shows the surface hiding part of itself: without the depth
    test, strips drawn later cover nearer ones."""
    args = ["-n", str(SIDE), "-f", "40"]
    real = render(mesh_of(rendered), tmp_path / "real.ppm", args=args)
    assert check(rendered, tmp_path, real.bytes(), args=args).returncode == 0
    data = wrong_render("no-depth", mesh_of(rendered), tmp_path / "w.ppm",
                        args)
    assert data != real.bytes()
    assert_fails(check(rendered, tmp_path, data, args=args),
                 "the check's rendering gives")


def test_check_rendering_matches_over_many_views(rendered, tmp_path):
    """The real rendering passes at views from face on to edge on (frame
    13 is seen nearly edge on), where rounding decides many pixels."""
    for frames in ("13", "25", "62"):
        args = ["-n", str(SIDE), "-f", frames]
        img = render(mesh_of(rendered), tmp_path / "v.ppm", args=args)
        proc = check(rendered, tmp_path, img.bytes(), args=args)
        assert proc.returncode == 0, proc.stderr
