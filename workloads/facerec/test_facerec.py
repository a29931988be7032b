"""Tests of the facerec workload: sp-facerec's matches pass
sp-facerec-check; changed or scaled jets, moved nodes, a changed score,
best person or placement, an album graph off its grid, a truncated or
mislabelled result, and a run whose album was reordered (every identity
wrong) fail it; the input is seeded. (test_contract.py holds what every
workload's tests share.)"""
import functools
import re
import struct

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["facerec"]
SIDE, PERSONS, PROBES = (int(v) for v in TINY[1::2])
NODES, FEATURES = 100, 40
HEAD = struct.Struct("<8s6Qd")
MATCH = struct.Struct("<Qqqd")
POS = struct.Struct("<%di" % (2 * NODES))
JETS = struct.Struct("<%dd" % (NODES * FEATURES))
ALBUM = POS.size + JETS.size
PROBE = MATCH.size + 8 * PERSONS + POS.size + JETS.size
PGM_HEAD = b"P5\n64 64\n255\n"


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def result_bytes(base):
    return bytearray((base / "out" / "result.bin").read_bytes())


def check(base, result, args=TINY, seed="7", facerec_in=None):
    facerec_in = facerec_in or base / "in" / "facerec.in"
    return run("sp-facerec-check", *args, "-s", seed, "-i", str(facerec_in),
               str(result))


def check_bytes(base, tmp_path, data):
    (tmp_path / "r.bin").write_bytes(bytes(data))
    return check(base, tmp_path / "r.bin")


assert_fails = functools.partial(assert_check_fails, "sp-facerec-check")


def album_at(k):
    return HEAD.size + ALBUM * k


def probe_at(k):
    return album_at(PERSONS) + PROBE * k


def probe_pos_at(k):
    return probe_at(k) + MATCH.size + 8 * PERSONS


def probe_jets_at(k):
    return probe_pos_at(k) + POS.size


def match(data, k):
    return MATCH.unpack_from(data, probe_at(k))


def truth(base):
    lines = (base / "in" / "truth.txt").read_text().splitlines()
    return [int(ln.split()[3]) for ln in lines]


def change(data, offset, fmt, fn):
    (v,) = struct.unpack_from(fmt, data, offset)
    struct.pack_into(fmt, data, offset, fn(v))


def test_real_output_in_detail(done, tiny):
    proc = tiny.check(MANIFEST)
    assert re.fullmatch(r"ok 8 probes against 8 persons: 8 matched the "
                        r"person they show, 32 jets match direct "
                        r"convolution\n", proc.stdout)
    data = result_bytes(done)
    head = HEAD.unpack_from(data, 0)
    assert head[:7] == (b"SPFACE01", SIDE, PERSONS, PROBES, NODES, FEATURES, 7)
    assert len(data) == probe_at(PROBES)
    assert [match(data, k)[0] for k in range(PROBES)] == truth(done)


def rigid(data, k, n):
    """Where node n of probe k's graph lies before its local moves."""
    _, ox, oy, _ = match(data, k)
    return ox + n % 10 * 4, oy + n // 10 * 4


def nodes(data, k):
    pos = POS.unpack_from(data, probe_pos_at(k))
    return [pos[2 * n:2 * n + 2] for n in range(NODES)]


def test_graphs_are_placed_and_moved(done):
    # the probes are shifted by up to 7% of the side, the album is not
    data = result_bytes(done)
    origins = {match(data, k)[1:3] for k in range(PROBES)}
    assert len(origins) > 1
    moved = [sum(nodes(data, k)[n] != rigid(data, k, n) for n in range(NODES))
             for k in range(PROBES)]
    assert sum(moved) > 0 and max(moved) < NODES


def test_probe_jet_changed_fails(done, tmp_path):
    data = result_bytes(done)
    change(data, probe_jets_at(3) + 8 * (FEATURES * 17 + 5), "<d",
           lambda v: v * 1.5)
    assert_fails(check_bytes(done, tmp_path, data), "probe 3's score is")


def test_album_jet_of_a_best_person_changed_fails(done, tmp_path):
    data = result_bytes(done)
    best = match(data, 0)[0]
    change(data, album_at(best) + POS.size + 8 * (FEATURES * 40 + 2), "<d",
           lambda v: v * 1.5)
    assert_fails(check_bytes(done, tmp_path, data), "'s score is")


@pytest.mark.parametrize("where", ["album", "probe"])
def test_scaled_jets_fail_direct_convolution(done, tmp_path, where):
    # jets scaled all alike keep every similarity and score
    data = result_bytes(done)
    at = album_at(5) + POS.size if where == "album" else probe_jets_at(5)
    jets = JETS.unpack_from(data, at)
    JETS.pack_into(data, at, *(v * 1.01 for v in jets))
    assert_fails(check_bytes(done, tmp_path, data),
                 "direct convolution gives")


def test_jets_of_another_place_fail(done, tmp_path):
    # every probe-5 jet moved to the next node: a score that no longer
    # matches, and the jets of other pixels
    data = result_bytes(done)
    jets = JETS.unpack_from(data, probe_jets_at(5))
    JETS.pack_into(data, probe_jets_at(5),
                   *(jets[FEATURES:] + jets[:FEATURES]))
    assert_fails(check_bytes(done, tmp_path, data), "probe 5's score is")


def test_not_finite_jet_fails(done, tmp_path):
    data = result_bytes(done)
    struct.pack_into("<d", data, album_at(2) + POS.size + 8, float("nan"))
    assert_fails(check_bytes(done, tmp_path, data), "not finite")


def stretch(pos, n, move):
    """The squared changes of node n's edges with n moved by move."""
    x, y = pos[n][0] + move[0], pos[n][1] + move[1]
    total = 0
    for m, ex, ey in ((n - 1, -4, 0), (n + 1, 4, 0), (n - 10, 0, -4),
                      (n + 10, 0, 4)):
        total += (pos[m][0] - x - ex) ** 2 + (pos[m][1] - y - ey) ** 2
    return total


def test_moved_node_fails(done, tmp_path):
    # node 44 one pixel away, within the local moves' reach, where its
    # edges change: the written score no longer holds
    data = result_bytes(done)
    pos, (rx, ry) = nodes(data, 4), rigid(data, 4, 44)
    move = next(m for m in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if abs(pos[44][0] + m[0] - rx) <= 4 and
                abs(pos[44][1] + m[1] - ry) <= 4 and
                stretch(pos, 44, m) != stretch(pos, 44, (0, 0)))
    struct.pack_into("<2i", data, probe_pos_at(4) + 8 * 44,
                     pos[44][0] + move[0], pos[44][1] + move[1])
    assert_fails(check_bytes(done, tmp_path, data), "probe 4's score is")


def test_node_beyond_local_moves_fails(done, tmp_path):
    data = result_bytes(done)
    change(data, probe_pos_at(4) + 8 * 44, "<i", lambda v: v + 9)
    assert_fails(check_bytes(done, tmp_path, data), "beyond local moves")


def test_album_node_off_the_grid_fails(done, tmp_path):
    data = result_bytes(done)
    change(data, album_at(1) + 8 * 7 + 4, "<i", lambda v: v + 1)
    assert_fails(check_bytes(done, tmp_path, data), "not the grid's")


def test_changed_score_fails(done, tmp_path):
    data = result_bytes(done)
    best = match(data, 2)[0]
    for at in (probe_at(2) + 24, probe_at(2) + MATCH.size + 8 * best):
        change(data, at, "<d", lambda v: v + 0.01)
    assert_fails(check_bytes(done, tmp_path, data), "probe 2's score is")


def test_higher_score_elsewhere_fails(done, tmp_path):
    data = result_bytes(done)
    other = (match(data, 6)[0] + 1) % PERSONS
    change(data, probe_at(6) + MATCH.size + 8 * other, "<d", lambda v: 0.999)
    assert_fails(check_bytes(done, tmp_path, data), "its scores make it")


@pytest.mark.parametrize("value", [1.5, float("inf")])
def test_impossible_score_fails(done, tmp_path, value):
    data = result_bytes(done)
    change(data, probe_at(3) + MATCH.size + 8 * 2, "<d", lambda v: value)
    assert_fails(check_bytes(done, tmp_path, data), "probe 3 scores")


def test_other_best_person_fails(done, tmp_path):
    data = result_bytes(done)
    change(data, probe_at(1), "<Q", lambda v: (v + 1) % PERSONS)
    assert_fails(check_bytes(done, tmp_path, data), "probe 1's best is")


def test_placement_out_of_range_fails(done, tmp_path):
    data = result_bytes(done)
    change(data, probe_at(0) + 8, "<q", lambda v: 60)
    assert_fails(check_bytes(done, tmp_path, data), "outside the global")


def test_run_on_a_reordered_album_fails(done, tmp_path):
    # the album's images in reverse order: the run's graphs and jets are
    # right for the images it was given, every identity is wrong
    src = done / "in"
    (tmp_path / "in").mkdir()
    for name in ("facerec.in", "probe.pgm", "truth.txt"):
        (tmp_path / "in" / name).write_bytes((src / name).read_bytes())
    album = (src / "album.pgm").read_bytes()
    size = len(PGM_HEAD) + SIDE * SIDE
    images = [album[k * size:(k + 1) * size] for k in range(PERSONS)]
    assert all(im.startswith(PGM_HEAD) for im in images)
    (tmp_path / "in" / "album.pgm").write_bytes(b"".join(images[::-1]))
    proc = run("sp-facerec", *TINY, "-s", "7", "-i",
               str(tmp_path / "in" / "facerec.in"), "-o",
               str(tmp_path / "r.bin"))
    assert proc.returncode == 0, proc.stderr
    assert_fails(check(tmp_path, tmp_path / "r.bin"),
                 "0 of 8 probes matched the person they show, fewer than 8")


def test_result_on_other_images_fails(done, tmp_path):
    # the right result judged against an input whose album was reordered
    (tmp_path / "in").mkdir()
    for name in ("facerec.in", "probe.pgm", "truth.txt"):
        (tmp_path / "in" / name).write_bytes((done / "in" / name).read_bytes())
    album = (done / "in" / "album.pgm").read_bytes()
    size = len(PGM_HEAD) + SIDE * SIDE
    (tmp_path / "in" / "album.pgm").write_bytes(album[size:] + album[:size])
    proc = check(tmp_path, done / "out" / "result.bin")
    assert_fails(proc, "direct convolution gives")


@pytest.mark.parametrize("cut,what", [(1, "truncated"),
                                      (-1, "bytes after")])
def test_result_length_fails(done, tmp_path, cut, what):
    data = result_bytes(done)
    data = data[:-8] if cut > 0 else data + b"\0"
    assert_fails(check_bytes(done, tmp_path, data), what)


@pytest.mark.parametrize("field,value,what", [
    (0, b"SPFACE00", "not an sp-facerec result"),
    (3, 9, "other arguments"),
    (6, 8, "other arguments"),
    (4, 99, "another facerec.in"),
    (7, 0.25, "another facerec.in"),
])
def test_changed_head_fails(done, tmp_path, field, value, what):
    data = result_bytes(done)
    head = list(HEAD.unpack_from(data, 0))
    head[field] = value
    HEAD.pack_into(data, 0, *head)
    assert_fails(check_bytes(done, tmp_path, data), what)


def test_input_of_other_arguments_fails(done, tmp_path):
    result = done / "out" / "result.bin"
    assert_fails(check(done, result, seed="8"), "other arguments")
    assert_fails(check(done, result, args=["-n", "64", "-g", "8", "-p", "9"]),
                 "other arguments")
    proc = run("sp-facerec", "-n", "64", "-g", "9", "-p", "8", "-s", "7",
               "-i", str(done / "in" / "facerec.in"), "-o",
               str(tmp_path / "x.bin"))
    assert proc.returncode == 1
    assert "made for -n 64 -g 8 -p 8 -s 7" in proc.stderr


def test_truncated_input_fails(done, tmp_path):
    (tmp_path / "in").mkdir()
    for name in ("album.pgm", "truth.txt"):
        (tmp_path / "in" / name).write_bytes((done / "in" / name).read_bytes())
    text = (done / "in" / "facerec.in").read_text()
    (tmp_path / "in" / "facerec.in").write_text(text[:text.index("probe ")])
    probe = (done / "in" / "probe.pgm").read_bytes()
    (tmp_path / "in" / "probe.pgm").write_bytes(probe[:-1])
    assert_fails(check(tmp_path, done / "out" / "result.bin"), "truncated")
    proc = run("sp-facerec", *TINY, "-s", "7", "-i",
               str(tmp_path / "in" / "facerec.in"), "-o", str(tmp_path / "r"))
    assert proc.returncode == 1 and "truncated" in proc.stderr
    # facerec.in whole again: the probe images are one byte short
    (tmp_path / "in" / "facerec.in").write_text(text)
    proc = run("sp-facerec", *TINY, "-s", "7", "-i",
               str(tmp_path / "in" / "facerec.in"), "-o", str(tmp_path / "r"))
    assert proc.returncode == 1 and "truncated image" in proc.stderr
    assert list(tmp_path.iterdir()) == [tmp_path / "in"]


def test_input_is_seeded(tmp_path):
    for seed in ("1", "2", "2b"):
        assert run("sp-facerec-gen", *TINY, "-s", seed[0], "-o",
                   str(tmp_path / seed)).returncode == 0
    for name in ("album.pgm", "probe.pgm", "truth.txt"):
        a, b, c = ((tmp_path / s / name).read_bytes()
                   for s in ("1", "2", "2b"))
        assert a != b and b == c, name
    size = len(PGM_HEAD) + SIDE * SIDE
    assert len((tmp_path / "1" / "album.pgm").read_bytes()) == PERSONS * size
    assert len((tmp_path / "1" / "probe.pgm").read_bytes()) == PROBES * size
    text = (tmp_path / "1" / "facerec.in").read_text()
    assert "\nside 64\npersons 8\nprobes 8\nseed 1\n" in text
    assert "\nspacing 4\noriginx 14\noriginy 14\n" in text


def test_mb_picks_the_side(tmp_path):
    # (9 MiB - 4.7 MB - 32 persons' graphs) / 680 bytes a pixel: 73^2
    assert run("sp-facerec-gen", "--mb", "9", "-g", "32", "-p", "2", "-o",
               str(tmp_path)).returncode == 0
    assert "\nside 72\n" in (tmp_path / "facerec.in").read_text()
    proc = run("sp-facerec-gen", "--mb", "6", "-g", "32", "-p", "2", "-o",
               str(tmp_path))
    assert proc.returncode == 2 and "no usable image side" in proc.stderr
