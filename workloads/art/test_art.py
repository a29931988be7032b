"""Tests of the art workload: sp-art's scan of the seeded scene passes
sp-art-check; a moved, missing or invented object, a changed confidence,
a wrong window count, a truncated result, a run on a scene whose object
was erased, and a result of another seed fail it; the inputs are seeded
and laid out as the check derives them. (test_contract.py holds what
every workload's tests share.)"""
import functools
import os
import re

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_text, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["art"]
FOUND = re.compile(r"region (\d+) object (\d) x (\d+) y (\d+) "
                   r"confidence ([0-9.]+) matches (\d+)")


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared): the
    folders."""
    return tiny.folders(MANIFEST)


@pytest.fixture(scope="module")
def result(done):
    return read_text(done["out"], "result.txt")


def check(done, tmp_path, text, args=TINY, seed="7"):
    path = tmp_path / "result.txt"
    path.write_text(text)
    return run("sp-art-check", *args, "-s", seed, "-i", done["input"],
               str(path))


assert_fails = functools.partial(assert_check_fails, "sp-art-check")


def found_lines(text):
    return [m for m in map(FOUND.fullmatch, text.splitlines()) if m]


def regions(done):
    """The scan.par regions: (startx, starty, endx, endy) each."""
    par = read_text(done["input"], "scan.par")
    return [tuple(map(int, ln.split()[1:])) for ln in par.splitlines()
            if ln.startswith("region ")]


def test_real_output_in_detail(tiny, result):
    proc = tiny.check(MANIFEST)
    assert proc.stdout == ("ok 2 regions, 1000 windows, every object where "
                           "it was planted\n")
    lines = result.splitlines()
    assert lines[0] == "windows 1000" and len(lines) == 5
    # region 0 holds the helicopter (object 0), region 1 the airplane
    found = found_lines(result)
    assert [(m[1], m[2]) for m in found] == [("0", "0"), ("1", "1")]
    assert lines[2] == "region 0 object 1 none"
    assert lines[3] == "region 1 object 0 none"
    for m in found:
        assert 0.9 < float(m[5]) <= 1.0 and int(m[6]) >= 1


def test_objects_planted_on_the_scan_grid(done, result):
    for m, (sx, sy, ex, ey) in zip(found_lines(result), regions(done)):
        x, y = int(m[3]), int(m[4])
        assert ex - sx == 50 and ey - sy == 40
        assert sx <= x < ex and sy <= y < ey
        assert (x - sx) % 2 == 0 and (y - sy) % 2 == 0


@pytest.mark.parametrize("dx,dy", [(2, 0), (0, -2), (4, 4)])
def test_moved_object_fails(done, tmp_path, result, dx, dy):
    m = found_lines(result)[0]
    line = m[0].replace(f"x {m[3]} y {m[4]}",
                        f"x {int(m[3]) + dx} y {int(m[4]) + dy}")
    assert_fails(check(done, tmp_path, result.replace(m[0], line)),
                 "planted at")


def test_missing_object_fails(done, tmp_path, result):
    m = found_lines(result)[1]
    assert_fails(check(done, tmp_path, result.replace(
        m[0], "region 1 object 1 none")), "not found")


def test_invented_object_fails(done, tmp_path, result):
    changed = result.replace("region 0 object 1 none",
                             "region 0 object 1 x 60 y 60 confidence "
                             "0.950000000000 matches 1")
    assert_fails(check(done, tmp_path, changed), "none was planted")


@pytest.mark.parametrize("delta", [-1e-3, -1e-6, 1e-7])
def test_changed_confidence_fails(done, tmp_path, result, delta):
    m = found_lines(result)[0]
    conf = f"{float(m[5]) + delta:.12f}"
    changed = result.replace(m[0], m[0].replace(m[5], conf))
    assert_fails(check(done, tmp_path, changed), "recomputed")


def test_confidence_below_vigilance_fails(done, tmp_path, result):
    m = found_lines(result)[0]
    changed = result.replace(m[0], m[0].replace(m[5], "0.650000000000"))
    assert_fails(check(done, tmp_path, changed), "is not a match")


def test_zero_matches_fails(done, tmp_path, result):
    m = found_lines(result)[1]
    changed = result.replace(m[0], m[0][:m.start(6)] + "0")
    assert_fails(check(done, tmp_path, changed), "matched 0 windows")


def test_wrong_window_count_fails(done, tmp_path, result):
    assert_fails(check(done, tmp_path, result.replace("windows 1000",
                                                      "windows 998")),
                 "998 windows scanned")


def test_truncated_or_garbled_result_fails(done, tmp_path, result):
    lines = result.splitlines(keepends=True)
    assert_fails(check(done, tmp_path, "".join(lines[:-1])), "missing")
    moved = lines[:3] + lines[4:] + lines[3:4]
    assert_fails(check(done, tmp_path, "".join(moved)), "expected the line")
    assert_fails(check(done, tmp_path, result + "extra\n"), "unexpected")
    assert_fails(check(done, tmp_path, result.replace(" matches ",
                                                      " matched ")),
                 "malformed")


def test_other_seed_fails(done, tmp_path, result):
    # a result checked against another seed's layout: another scene size
    # or other planted positions
    proc = check(done, tmp_path, result, seed="8")
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1


@pytest.mark.parametrize("flat", [False, True])
def test_run_on_an_erased_object_fails(done, tmp_path, flat):
    # the planted helicopter painted over with a cool texture (or one flat
    # value, which correlates with nothing) in a copy of the inputs: sp-art
    # finds nothing there, and the check, holding the seed's truth, says so
    data = bytearray((open(os.path.join(done["input"], "scene.pgm"), "rb")
                      .read()))
    head = data.index(b"\n255\n") + 5
    width = int(data[3:head].split()[0])
    sx, sy, ex, ey = regions(done)[0]
    for y in range(sy, ey + 20):
        row = head + y * width
        data[row + sx:row + ex + 20] = bytes(
            30 if flat else 25 + (x * 7 + y * 13) % 11
            for x in range(sx, ex + 20))
    bad = tmp_path / "in"
    bad.mkdir()
    for name in os.listdir(done["input"]):
        src = os.path.join(done["input"], name)
        (bad / name).write_bytes(bytes(data) if name == "scene.pgm" else
                                 open(src, "rb").read())
    proc = run("sp-art", *TINY, "-s", "7", "-i", str(bad), "-o",
               str(tmp_path / "r.txt"))
    assert proc.returncode == 0, proc.stderr
    assert "region 0 object 0 none" in (tmp_path / "r.txt").read_text()
    proc = run("sp-art-check", *TINY, "-s", "7", "-i", str(bad),
               str(tmp_path / "r.txt"))
    assert_fails(proc, "not found")


def test_inputs_of_other_arguments_are_refused(done, tmp_path):
    proc = run("sp-art", "-n", "20", "-r", "2", "-s", "8", "-i",
               done["input"], "-o", str(tmp_path / "r.txt"))
    assert proc.returncode == 1 and "made for -n 20 -r 2 -s 7" in proc.stderr
    proc = run("sp-art-check", "-n", "24", "-r", "2", "-s", "7", "-i",
               done["input"], os.path.join(done["out"], "result.txt"))
    assert_fails(proc, "training images are not 24 x 24")


def test_inputs_are_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-art-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    for name in ("scene.pgm", "helicopter.pgm", "airplane.pgm", "scan.par"):
        a = (tmp_path / "1" / name).read_bytes()
        b = (tmp_path / "2" / name).read_bytes()
        assert a != b, name
    assert (tmp_path / "1" / "helicopter.pgm").read_bytes().startswith(
        b"P5\n20 20\n255\n")
    assert (tmp_path / "1" / "scene.pgm").read_bytes().startswith(
        b"P5\n640 480\n255\n")


def test_many_regions_tile_a_larger_scene(tmp_path):
    assert run("sp-art-gen", "-n", "100", "-r", "9", "-o",
               str(tmp_path)).returncode == 0
    par = (tmp_path / "scan.par").read_text()
    assert "objects 10\nstride 2\n" in par
    boxes = [tuple(map(int, ln.split()[1:])) for ln in par.splitlines()
             if ln.startswith("region ")]
    assert len(boxes) == 9
    # each region's windows (up to 148 x 138 pixels) inside the scene
    head = (tmp_path / "scene.pgm").read_bytes()[:20].split()
    w, h = int(head[1]), int(head[2])
    for sx, sy, ex, ey in boxes:
        assert ex - 2 + 100 <= w and ey - 2 + 100 <= h


def test_mb_picks_the_side(tmp_path):
    # sqrt(5 MiB / 536 bytes an F1 neuron) = 98
    assert run("sp-art-gen", "--mb", "5", "-r", "1", "-o",
               str(tmp_path)).returncode == 0
    assert "side 98\n" in (tmp_path / "scan.par").read_text()
