"""Tests of the twolf workload: TimberWolfSC's placement of the seeded
netlist passes sp-twolf-check; a misplaced, resized, overlapping, flipped,
missing, doubled or unknown cell, a pad inside the rows, a wire length
other than the one reported, and a legal but random placement fail it;
sp-twolf-place becomes the placer. (test_contract.py holds what every
workload's tests share.)"""
import functools
import os
import random
import re
import subprocess
import time

import pytest

from testkit import (TINY_ARGS, assert_check_fails, expand, manifest,
                     read_text, run)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["twolf"]
PLACER = "/usr/lib/graywolf/bin/TimberWolfSC"


@pytest.fixture(scope="module")
def placed(tiny):
    """The manifest's prepare and run commands on TINY, seed 7 (shared)."""
    return tiny.folders(MANIFEST)


def lines(made):
    return read_text(made["out"], "design.pl1").splitlines(keepends=True)


def check(made, tmp_path, pl1=None, out=None, args=TINY, seed="7"):
    """sp-twolf-check on a folder holding pl1 (lines) and out (text), the
    real ones where not given."""
    (tmp_path / "design.pl1").write_text("".join(pl1 if pl1 is not None
                                                 else lines(made)))
    (tmp_path / "design.out").write_text(
        out if out is not None else read_text(made["out"], "design.out"))
    return run("sp-twolf-check", *args, "-s", seed, "-i", made["input"],
               str(tmp_path))


assert_fails = functools.partial(assert_check_fails, "sp-twolf-check")


def fields(line):
    name, *nums = line.split()
    return name, [int(v) for v in nums]


def render(name, nums):
    x1, y1, x2, y2, orient, row = nums
    return f"{name} {x1} {y1}  {x2} {y2}  {orient} {row}\n"


def cells(made):
    """(index, name, numbers) of the cells' lines, in file order."""
    return [(i, *fields(line)) for i, line in enumerate(lines(made))
            if fields(line)[1][5] > 0]


def first_in_row(made):
    """A cell at the start of its row, and so with a neighbour to its
    right."""
    rows = {}
    for i, name, v in cells(made):
        if v[5] not in rows or v[0] < rows[v[5]][2][0]:
            rows[v[5]] = (i, name, v)
    return rows[min(rows)]


def changed(made, i, nums):
    """The placement with line i given the numbers nums."""
    text = lines(made)
    text[i] = render(fields(text[i])[0], nums)
    return text


def test_real_output_in_detail(placed, tmp_path):
    # through check(), as the tests below give it their changed placements
    proc = check(placed, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert re.fullmatch(r"ok 60 cells and 16 pads in \d+ rows, wire length "
                        r"\d+, \d+\.\d% of a random placement's\n", proc.stdout)
    assert "TimberWolfSC terminated normally" in read_text(placed["out"],
                                                           "design.out")


def test_swapped_cells_fail_on_wire_length(placed, tmp_path):
    # Same widths swapped: still legal, but the wires are longer.
    by_width = {}
    for i, name, v in cells(placed):
        by_width.setdefault(v[2] - v[0], []).append((i, name, v))
    group = max(by_width.values(), key=len)
    (i, a, va), (j, b, vb) = group[0], group[-1]
    text = lines(placed)
    text[i], text[j] = render(b, va), render(a, vb)
    assert_fails(check(placed, tmp_path, pl1=text), "but TimberWolfSC reports")


def test_overlapping_cells_fail(placed, tmp_path):
    i, name, v = first_in_row(placed)
    v = [v[0] + 80, v[1], v[2] + 80, v[3], v[4], v[5]]
    assert_fails(check(placed, tmp_path, pl1=changed(placed, i, v)), "overlap")


def test_resized_cell_fails(placed, tmp_path):
    i, name, v = cells(placed)[-1]
    v[2] += 160
    assert_fails(check(placed, tmp_path, pl1=changed(placed, i, v)),
                 f"cell {name} is {v[2] - v[0]} wide")


def test_cell_off_its_row_fails(placed, tmp_path):
    i, name, v = cells(placed)[3]
    v[1] += 2000
    v[3] += 2000
    assert_fails(check(placed, tmp_path, pl1=changed(placed, i, v)),
                 "is not inside row")
    v[5] = 99
    assert_fails(check(placed, tmp_path, pl1=changed(placed, i, v)),
                 "not one of the")


def test_cell_left_of_its_row_fails(placed, tmp_path):
    i, name, v = first_in_row(placed)
    v = [v[0] - 800, v[1], v[2] - 800, v[3], v[4], v[5]]
    assert_fails(check(placed, tmp_path, pl1=changed(placed, i, v)),
                 "is outside row")


def test_flipped_cell_fails(placed, tmp_path):
    i, name, v = cells(placed)[5]
    v[4] ^= 1
    assert_fails(check(placed, tmp_path, pl1=changed(placed, i, v)),
                 "has orientation")


def test_missing_doubled_or_unknown_cell_fails(placed, tmp_path):
    text = lines(placed)
    name = fields(text[7])[0]
    assert_fails(check(placed, tmp_path, pl1=text[:7] + text[8:]),
                 f"cell {name} is not placed")
    assert_fails(check(placed, tmp_path, pl1=text + [text[7]]),
                 f"{name} is placed twice")
    assert_fails(check(placed, tmp_path,
                       pl1=[text[7].replace(name, "NAND2X1_9999", 1)] + text),
                 "unknown cell NAND2X1_9999")


def test_malformed_line_fails(placed, tmp_path):
    text = lines(placed)
    text[2] = text[2].rsplit(" ", 1)[0] + "\n"
    assert_fails(check(placed, tmp_path, pl1=text), "malformed line")


def test_pad_inside_the_rows_fails(placed, tmp_path):
    text = lines(placed)
    i = next(k for k, line in enumerate(text) if line.startswith("io"))
    name, v = fields(text[i])
    x, y = cells(placed)[0][2][0], cells(placed)[0][2][1]
    v = [x, y, x + v[2] - v[0], y + v[3] - v[1], v[4], v[5]]
    text[i] = render(name, v)
    assert_fails(check(placed, tmp_path, pl1=text),
                 f"pad {name} overlaps the rows")


def test_other_reported_length_fails(placed, tmp_path):
    out = read_text(placed["out"], "design.out")
    m = re.search(r"FINAL TOTAL INTERCONNECT LENGTH: (\d+)", out)
    bad = out.replace(m.group(0), m.group(0)[:-len(m.group(1))]
                      + str(int(m.group(1)) - 1))
    assert_fails(check(placed, tmp_path, out=bad), "but TimberWolfSC reports")
    assert_fails(check(placed, tmp_path, out=out.replace(
        "terminated normally", "stopped")), "did not finish normally")
    assert_fails(check(placed, tmp_path, out=out.replace(m.group(0), "")),
                 "no final interconnect length")
    assert_fails(check(placed, tmp_path, out=out.replace(
        m.group(0), m.group(0) + "x")), "malformed total")


def test_random_placement_fails(placed, tmp_path):
    # Every cell moved to the box of another of its width, at random:
    # legal, and with the length it reports, but no better than random.
    rnd = random.Random(1)
    text = lines(placed)
    by_width = {}
    for i, name, v in cells(placed):
        by_width.setdefault(v[2] - v[0], []).append((i, name, v))
    for group in by_width.values():
        boxes = [v for i, name, v in group]
        rnd.shuffle(boxes)
        for (i, name, v), box in zip(group, boxes):
            text[i] = render(name, box)
    proc = check(placed, tmp_path, pl1=text)
    m = re.search(r"wire length (\d+) recomputed", proc.stderr)
    assert m, proc.stderr
    out = re.sub(r"FINAL TOTAL INTERCONNECT LENGTH: \d+",
                 "FINAL TOTAL INTERCONNECT LENGTH: " + m.group(1),
                 read_text(placed["out"], "design.out"))
    assert_fails(check(placed, tmp_path, pl1=text, out=out),
                 "is not below 60% of a random placement's")


def test_other_seed_or_size_fails(placed, tmp_path):
    assert check(placed, tmp_path, seed="8").returncode == 1
    assert_fails(check(placed, tmp_path, args=["-n", "61", "-t", "1"]),
                 "is not placed")


def test_netlist_is_seeded(tmp_path):
    def cel(seed, name):
        proc = run("sp-twolf-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / name))
        assert proc.returncode == 0, proc.stderr
        return read_text(tmp_path / name, "design.cel")
    a, b, c = cel("1", "a"), cel("1", "b"), cel("2", "c")
    assert a == b and a != c
    assert len(re.findall(r"^cell \d+ \w+_\d+$", a, re.M)) == 60
    assert len(re.findall(r"^pad \d+ name io\d+$", a, re.M)) == 16
    for ext in ("scel", "blk", "stat", "par"):
        assert os.path.getsize(tmp_path / "a" / f"design.{ext}") > 0
    assert "TWSC*do.global.route : off" in read_text(tmp_path / "a",
                                                     "design.par")


def test_the_measured_process_is_the_placer(tmp_path):
    """sp-twolf-place execs TimberWolfSC: its pid becomes the placer."""
    inp, out = tmp_path / "in", tmp_path / "out"
    assert run("sp-twolf-gen", *TINY, "-o", str(inp)).returncode == 0
    cmd = expand(MANIFEST["run"]["command"], TINY, input=str(inp),
                 out=str(out))
    os.mkdir(out)
    proc = subprocess.Popen(cmd)
    exe = None
    deadline = time.monotonic() + 30
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            exe = os.readlink(f"/proc/{proc.pid}/exe")
        except OSError:
            pass
        if exe == PLACER:
            break
        time.sleep(0.005)
    assert proc.wait() == 0
    assert exe == PLACER
    assert os.path.getsize(out / "design.pl1") > 0


def test_gen_takes_no_input_folder(tmp_path):
    proc = run("sp-twolf-gen", *TINY, "-i", "x", "-o", str(tmp_path))
    assert proc.returncode == 2
