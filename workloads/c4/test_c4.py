"""Tests of sp-c4 and sp-c4-check: real results pass (near the end of the
game against the plain solver, the 12-ply position against the check's own
solver), and a wrong value or damaged file fails. (test_contract.py holds
what every workload's tests share.)"""
import functools
import random

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_text, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["c4"]          # the 12-ply position, to 2^22 entries


def four(cells, c, r, who):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sgn in (-1, 1):
            x, y = c + sgn * dc, r + sgn * dr
            while (x, y) in cells and cells[(x, y)] == who:
                run += 1
                x, y = x + sgn * dc, y + sgn * dr
        if run >= 4:
            return True
    return False


def random_position(seed, plies):
    """A legal unfinished game of `plies` moves, as sp-c4 spells it."""
    rng = random.Random(seed)
    while True:
        cells, heights, moves = {}, [0] * 7, ""
        for i in range(plies):
            options = [c for c in range(7) if heights[c] < 6 and
                       not four(cells, c, heights[c], i & 1)]
            if not options:
                break
            c = rng.choice(options)
            cells[(c, heights[c])] = i & 1
            heights[c] += 1
            moves += str(c + 1)
        if len(moves) == plies:
            return moves


NEAR_END = [random_position(s, 30) for s in range(4)]


def solve(path, args):
    assert run("sp-c4", *args, "-o", str(path)).returncode == 0
    return path


assert_fails = functools.partial(assert_check_fails, "sp-c4-check")


@pytest.mark.parametrize("moves", NEAR_END)
def test_near_end_matches_plain_solver(tmp_path, moves):
    args = ["-p", moves, "-t", "12"]
    path = solve(tmp_path / "r.txt", args)
    proc = run("sp-c4-check", *args, str(path))
    assert proc.returncode == 0, proc.stderr


def swap_column(path, col):
    lines = path.read_text().splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(f"column {col} "):
            old = line.split()[2]
            new = {"win": "loss", "loss": "draw", "draw": "win"}[old]
            lines[i] = f"column {col} {new}\n"
    path.write_text("".join(lines))


def test_wrong_move_value_fails_near_end(tmp_path):
    args = ["-p", NEAR_END[0], "-t", "12"]
    path = solve(tmp_path / "r.txt", args)
    col = next(line.split()[1] for line in path.read_text().splitlines()
               if line.startswith("column ") and not line.endswith("full"))
    swap_column(path, col)
    text = path.read_text()
    # keep the stated value consistent so only the plain solver can object
    vals = [line.split()[2] for line in text.splitlines()
            if line.startswith("column ") and not line.endswith("full")]
    best = max(vals, key=["loss", "draw", "win"].index)
    lines = [f"value {best}" if line.startswith("value ") else line
             for line in text.splitlines()]
    path.write_text("\n".join(lines) + "\n")
    assert_fails(run("sp-c4-check", *args, str(path)), "plain solver")


@pytest.fixture(scope="module")
def twelve_ply(tiny):
    """The manifest's run on TINY (shared): its arguments and result."""
    return TINY, read_text(tiny.folders(MANIFEST)["out"], "result.txt")


def set_column(path, col, value):
    """Gives column col the value, and the position its best move's value,
    so the file stays consistent and only an independent solver objects."""
    lines = [f"column {col} {value}" if line.startswith(f"column {col} ")
             else line for line in path.read_text().splitlines()]
    vals = [line.split()[2] for line in lines
            if line.startswith("column ") and not line.endswith("full")]
    best = max(vals, key=["loss", "draw", "win"].index)
    path.write_text("".join(f"value {best}\n" if line.startswith("value ")
                            else line + "\n" for line in lines))


def test_twelve_ply_against_check_solver(tmp_path, twelve_ply):
    args, text = twelve_ply
    path = tmp_path / "r.txt"
    path.write_text(text)
    assert run("sp-c4-check", *args, str(path)).returncode == 0
    assert "value win\n" in text and "column 3 draw\n" in text


@pytest.mark.parametrize("col,value", [(3, "win"), (1, "draw"), (2, "draw")])
def test_twelve_ply_wrong_move_value_fails(tmp_path, twelve_ply, col, value):
    """Plausible wrong results for the measured position: a move's value
    off by one step, the position's value kept consistent with it."""
    args, text = twelve_ply
    path = tmp_path / "r.txt"
    path.write_text(text)
    set_column(path, col, value)
    assert path.read_text() != text
    assert_fails(run("sp-c4-check", *args, str(path)), "check's solver")


def test_inconsistent_value_fails(tmp_path, twelve_ply):
    args, text = twelve_ply
    path = tmp_path / "r.txt"
    path.write_text(text.replace("value win", "value draw"))
    assert_fails(run("sp-c4-check", *args, str(path)), "best move")


def test_truncated_and_wrong_table_fail(tmp_path, twelve_ply):
    args, text = twelve_ply
    path = tmp_path / "r.txt"
    path.write_text(text[:text.index("column 4")])
    assert_fails(run("sp-c4-check", *args, str(path)), "truncated")
    path.write_text(text)
    assert_fails(run("sp-c4-check", "-p", "444333555222", "-t", "21",
                     str(path)), "tt_entries")


def test_other_deep_position_solved_by_check(tmp_path):
    """A 10-ply position, 32 empty cells: the check solves it itself."""
    args = ["-p", "4443335552", "-t", "16"]
    path = solve(tmp_path / "r.txt", args)
    assert run("sp-c4-check", *args, str(path)).returncode == 0
    set_column(path, 1, "win")
    assert_fails(run("sp-c4-check", *args, str(path)), "check's solver")


def test_mb_sets_table(tmp_path):
    path = solve(tmp_path / "r.txt", ["-p", NEAR_END[1], "--mb", "1"])
    assert "tt_entries 131072\n" in path.read_text()


def test_manifest_sizes():
    sizes = MANIFEST["sizes"]
    assert sizes["paper"]["args"] == ["-p", "444333555222", "-t", "19"]
    assert sizes["ref"]["args"][-2:] == ["--mb", "{ref_mb}"]
    assert 5 < sizes["ref"]["ref_ratio"] < 5.5
