"""Tests of the vpr workload: nextpnr's routed bitstream of the seeded
design passes sp-vpr-check; a bitstream with a logic tile's LUTs or its
routing switches cleared, an output pin's IO tile cleared, cut short, of
another seed, size or device, or no bitstream at all fails it; --mb picks
the part and the cells. (test_contract.py holds what every workload's
tests share.)"""
import functools
import os
import re

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_text, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["vpr"]


@pytest.fixture(scope="module")
def made(tiny):
    """The manifest's prepare and run (nextpnr) for TINY, seed 7 (shared)."""
    return tiny.folders(MANIFEST)


def check(path, args=TINY, seed="7"):
    return run("sp-vpr-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-vpr-check")


def asc(made):
    return read_text(made["out"], "design.asc")


def tiles(text):
    """The .asc as [header, [kind line, row, row, ...], ...]."""
    blocks = [[]]
    for line in text.splitlines():
        if line.startswith("."):
            blocks.append([line])
        else:
            blocks[-1].append(line)
    return blocks


def untiles(blocks):
    return "\n".join(line for b in blocks for line in b) + "\n"


def clear_columns(text, kind, first, last):
    """text with bits first..last of every row of the first tile of kind
    (".logic_tile", or ".io_tile X Y") that has a bit set there cleared."""
    blocks = tiles(text)
    for b in blocks:
        if b and b[0].startswith(kind) and \
                any("1" in row[first:last + 1] for row in b[1:]):
            b[1:] = [row[:first] + "0" * (last + 1 - first) + row[last + 1:]
                     if row else row for row in b[1:]]
            return untiles(blocks)
    raise AssertionError("no such tile in use")


def write(tmp_path, text):
    path = tmp_path / "design.asc"
    path.write_text(text)
    return path


def test_real_output_in_detail(made, tiny):
    proc = tiny.check(MANIFEST)
    assert proc.stdout == "sp-vpr-check: ok (4 cells on the lp384, " \
        "64 cycles)\n"
    assert asc(made).startswith(".comment from next-pnr\n.device 384\n")
    src = read_text(made["input"], "design.v")
    assert len(re.findall(r"^reg \[7:0\] r\d+;$", src, re.M)) == 4
    assert "set_io clk D2" in read_text(made["input"], "design.pcf")
    assert os.path.getsize(os.path.join(made["input"], "design.json")) > 0
    log = read_text(made["out"], "nextpnr.log")
    assert "simulated annealing" in log and "Routing" in log


def test_cleared_lut_bits_fail(made, tmp_path):
    # a logic tile's LUT and flip-flop bits (columns 36-45) cleared
    bad = clear_columns(asc(made), ".logic_tile", 36, 45)
    assert_fails(check(write(tmp_path, bad)), "cycle")


def test_cleared_routing_fails(made, tmp_path):
    # a logic tile's switches and local tracks (columns 0-35) cleared
    bad = clear_columns(asc(made), ".logic_tile", 0, 35)
    assert_fails(check(write(tmp_path, bad)), "cycle")


def test_cleared_output_pin_fails(made, tmp_path):
    # o0 and o7 are pins A1 and B1, both in the IO tile at (0, 7)
    bad = clear_columns(asc(made), ".io_tile 0 7", 0, 17)
    assert_fails(check(write(tmp_path, bad)), "cycle 0")


def test_truncated_bitstream_fails(made, tmp_path):
    text = asc(made)
    cut = text.index("\n.logic_tile", len(text) // 2)
    assert_fails(check(write(tmp_path, text[:cut + 1])))


def test_other_seed_or_size_fails(made):
    path = os.path.join(made["out"], "design.asc")
    assert_fails(check(path, seed="8"), "the design")
    assert_fails(check(path, ["-n", "5"]), "the design")


def test_other_device_fails(made):
    path = os.path.join(made["out"], "design.asc")
    assert_fails(check(path, ["-n", "20"]), "device 384, not the hx1k")


def test_not_a_bitstream_fails(made, tmp_path):
    assert_fails(check(write(tmp_path, read_text(made["input"],
                                                 "design.v"))),
                 "no .device line")
    assert_fails(check(tmp_path / "absent.asc"), "cannot open")


def test_design_is_seeded(tmp_path):
    texts = []
    for seed in ("1", "2", "1"):
        out = tmp_path / seed
        if not out.exists():
            assert run("sp-vpr-gen", *TINY, "-s", seed, "-o",
                       str(out)).returncode == 0
        texts.append((out / "design.v").read_text())
    assert texts[0] != texts[1] and texts[0] == texts[2]


@pytest.mark.parametrize("mb,cells,device", [(27, 13, "lp384"),
                                             (50, 38, "hx1k")])
def test_mb_picks_device_and_cells(tmp_path, mb, cells, device):
    assert run("sp-vpr-gen", "--mb", str(mb), "-o",
               str(tmp_path)).returncode == 0
    assert f": {cells} cells, seed 42\n" in (tmp_path / "design.v").read_text()
    assert f"on the {device} " in (tmp_path / "design.pcf").read_text()


def test_ref_size():
    assert MANIFEST["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
