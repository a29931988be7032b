"""Tests of the crafty workload: stockfish's searches of the seeded
positions pass sp-crafty-check; an illegal or changed move, a shallower
search, a wrong node total, a missing or other position fail it.
(test_contract.py holds what every workload's tests share.)"""
import functools
import re

import pytest

from testkit import (TINY_ARGS, assert_check_fails, manifest, read_text, run,
                     run_on_text)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["crafty"]


@pytest.fixture(scope="module")
def searched(tiny):
    """The manifest's prepare and run commands on TINY (shared); the
    output."""
    return read_text(tiny.folders(MANIFEST)["out"], "search.txt")


def check(tmp_path, text, args=TINY, seed="7"):
    return run_on_text("sp-crafty-check", tmp_path / "search.txt", text, *args,
                       "-s", seed)


assert_fails = functools.partial(assert_check_fails, "sp-crafty-check")


def final_info(text, n):
    """Where the n-th position's last search line starts and ends."""
    lines = list(re.finditer(r"info depth \d+ [^\n]* pv [^\n]*\nbestmove",
                             text))
    return lines[n].start(), lines[n].end() - len("\nbestmove")


def test_real_output_in_detail(searched, tiny):
    proc = tiny.check(MANIFEST)
    assert re.fullmatch(r"ok 3 positions to depth 6, \d+ nodes\n", proc.stdout)
    assert searched.count("bestmove ") == 3


def test_illegal_move_in_variation_fails(searched, tmp_path):
    start, end = final_info(searched, 1)
    line = searched[start:end] + " a1a1"
    assert_fails(check(tmp_path, searched[:start] + line + searched[end:]),
                 "is not legal")


def test_other_best_move_fails(searched, tmp_path):
    start = searched.index("bestmove ")
    best = searched[start + 9:start + 13]
    other = best[2:] + best[:2]
    changed = searched[:start + 9] + other + searched[start + 13:]
    assert_fails(check(tmp_path, changed), "best move")


def test_shallower_search_fails(searched, tmp_path):
    start, end = final_info(searched, 2)
    line = searched[start:end].replace("info depth 6 ", "info depth 5 ", 1)
    assert_fails(check(tmp_path, searched[:start] + line + searched[end:]),
                 "depth 5")


def test_wrong_node_total_fails(searched, tmp_path):
    total = re.search(r"Nodes searched  : (\d+)", searched)
    changed = searched.replace(total.group(0), "Nodes searched  : " +
                               str(int(total.group(1)) + 1))
    assert_fails(check(tmp_path, changed), "total nodes")


def test_missing_position_fails(searched, tmp_path):
    cut = searched.index("\nPosition: 3/3")
    end = searched.index("\n=====")
    assert_fails(check(tmp_path, searched[:cut] + searched[end:]),
                 "2 of 3 positions")


def test_truncated_output_fails(searched, tmp_path):
    assert_fails(check(tmp_path, searched[:searched.index("Nodes searched")]),
                 "no total")


def test_other_seed_or_depth_fails(searched, tmp_path):
    assert_fails(check(tmp_path, searched, seed="8"), "position 1 is not")
    deeper = ["-m", "2", "-p", "3", "-d", "7"]
    assert_fails(check(tmp_path, searched, args=deeper), "depth 6, not 7")


def test_positions_are_seeded_and_legal(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-crafty-gen", "-m", "2", "-p", "20", "-d", "3", "-s",
                   seed, "-o", str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "positions.fen").read_text().splitlines()
    b = (tmp_path / "2" / "positions.fen").read_text().splitlines()
    assert len(a) == 20 and a != b
    assert all(re.fullmatch(r"[1-8pnbrqkPNBRQK/]+ [wb] [KQkq-]+ (-|[a-h][36])"
                            r" \d+ \d+", f) for f in a)


def test_manifest_sizes():
    for size in ("test", "paper"):
        args = MANIFEST["sizes"][size]["args"]
        assert args[args.index("-m") + 1] == "2"     # SPEC's 2 MB hash
