"""Tests of the crafty workload: stockfish's searches of the seeded
positions pass sp-crafty-check; an illegal or changed move, a legal move
that misses a forced mate, a shallower search, a wrong node total, a
missing or other position fail it.
(test_contract.py holds what every workload's tests share.)"""
import functools
import re
import subprocess

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
    assert re.fullmatch(r"ok 3 positions to depth 6, \d+ nodes, "
                        r"1 forced mates found\n", proc.stdout)
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


ENGINE = "/usr/games/stockfish"


def engine_search(fen, move, depth):
    """stockfish's own search of fen to depth, restricted to move, as bench
    prints it (classical evaluation): its info lines and bestmove line."""
    proc = subprocess.Popen([ENGINE], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    proc.stdin.write("setoption name Hash value 2\n"
                     "setoption name Use NNUE value false\n"
                     f"position fen {fen}\ngo depth {depth} searchmoves {move}\n")
    proc.stdin.flush()
    lines = []
    for line in proc.stdout:
        if line.startswith(("info depth", "bestmove")):
            lines.append(line)
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return "".join(lines)


def legal_moves(fen):
    proc = subprocess.run([ENGINE], input=f"position fen {fen}\ngo perft 1\n",
                          capture_output=True, text=True)
    return re.findall(r"^([a-h][1-8][a-h][1-8][qrbn]?): 1$", proc.stdout, re.M)


def nodes_of(search):
    """What one position's search adds to bench's total: the final line's
    nodes, and one more when its variation has one move."""
    last = [line for line in search.splitlines() if line.startswith("info")][-1]
    return int(re.search(r" nodes (\d+)", last).group(1)) + \
        (len(last.split(" pv ")[1].split()) == 1)


def with_wrong_move(text, n, depth):
    """text with position n's search replaced by the engine's real search
    of a legal move that does not mate, the node total kept consistent: a
    plausible output of a wrong search."""
    head = re.search(rf"Position: {n}/\d+ \((.*)\)\n", text)
    start = text.index("info depth", head.end())
    end = text.index("\n", text.index("bestmove", start)) + 1
    old, best = text[start:end], text[start:end].split("bestmove ")[1].split()[0]
    for move in legal_moves(head.group(1)):
        new = engine_search(head.group(1), move, depth)
        if move != best and " score mate " not in new.splitlines()[-2]:
            break
    total = re.search(r"Nodes searched  : (\d+)", text)
    changed = text[:start] + new + text[end:]
    return changed.replace(total.group(0), "Nodes searched  : " + str(
        int(total.group(1)) - nodes_of(old) + nodes_of(new)))


def test_move_missing_mate_in_one_fails(searched, tmp_path):
    """Position 2 of seed 7 mates in one."""
    assert " score mate 1 " in searched
    assert_fails(check(tmp_path, with_wrong_move(searched, 2, 6)),
                 "does not mate in 1")


def test_move_missing_mate_in_two_fails(tmp_path):
    """Position 5 of seed 7 mates in two: the real search passes, a legal
    move that does not mate fails."""
    args = ["-m", "2", "-p", "5", "-d", "6"]
    assert run("sp-crafty-gen", *args, "-s", "7", "-o",
               str(tmp_path)).returncode == 0
    out = tmp_path / "search.txt"
    assert run("sp-crafty-search", *args, "-s", "7", "-i",
               str(tmp_path / "positions.fen"), "-o", str(out)).returncode == 0
    text = out.read_text()
    proc = check(tmp_path, text, args=args)
    assert proc.returncode == 0 and "2 forced mates" in proc.stdout
    assert_fails(check(tmp_path, with_wrong_move(text, 5, 6), args=args),
                 "does not mate in 2")


def test_mate_scored_as_other_fails(searched, tmp_path):
    start, end = final_info(searched, 1)
    line = searched[start:end].replace(" score mate 1 ", " score cp 950 ")
    assert_fails(check(tmp_path, searched[:start] + line + searched[end:]),
                 "not mate in 1")
