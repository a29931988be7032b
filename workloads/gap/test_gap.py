"""Tests of the gap workload: GAP's results for the seeded script pass
sp-gap-check; a changed result of any kind (group order, orbits, element
order, matrix digest, rank, big integer, quotient and remainder, sorted
list), a missing, extra or malformed line, another seed, round count or
workspace fail it; a GAP error ends the run with a nonzero status.
(test_contract.py holds what every workload's tests share.)"""
import functools
import re
import sys

import pytest

from testkit import (TINY_ARGS, assert_check_fails, manifest, read_text, run,
                     run_on_text)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["gap"]


@pytest.fixture(scope="module")
def computed(tiny):
    """The manifest's prepare and run commands on TINY (shared); GAP's
    results."""
    return read_text(tiny.folders(MANIFEST)["out"], "result.txt")


def check(tmp_path, text, args=TINY, seed="7"):
    return run_on_text("sp-gap-check", tmp_path / "result.txt", text, *args,
                       "-s", seed)


assert_fails = functools.partial(assert_check_fails, "sp-gap-check")


def as_int(digits):
    """int(digits), past Python's default limit of 4300 digits."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(digits)
    finally:
        sys.set_int_max_str_digits(old)


def as_str(n):
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return str(n)
    finally:
        sys.set_int_max_str_digits(old)


def plus(k):
    """A change of a decimal value: k added."""
    return lambda v: as_str(as_int(v) + k)


def replace_value(text, key, change, round_no=1):
    """text with change(value) for the value of key in round round_no."""
    start = text.index(f"\nround {round_no}\n")
    m = re.compile(rf"^{key} (.*)$", re.M).search(text, start)
    return text[:m.start(1)] + change(m.group(1)) + text[m.end(1):]


def value(text, key, round_no=1):
    start = text.index(f"\nround {round_no}\n")
    return re.compile(rf"^{key} (.*)$", re.M).search(text, start).group(1)


def test_real_output_in_detail(computed, tiny):
    proc = tiny.check(MANIFEST)
    assert proc.stdout == "ok 2 rounds of seed 7\n"
    assert computed.startswith("workspace 192m\nrounds 2\nround 1\n")
    assert computed.endswith("\nend 2\n")
    # GAP wrote whole numbers, with no line breaks inside them
    assert len(value(computed, "big-factorial")) > 70000


KEYS = ["perm-order", "perm-derived", "perm-centre", "perm-element",
        "gl-order", "gl-derived", "gl-element",
        "mat-product", "mat-rank", "mat-det", "mat-power",
        "big-factorial", "big-fibonacci", "big-binomial", "big-gcd",
        "big-product", "big-sum",
        "sort-ints", "sort-pairs", "sort-distinct"]


@pytest.mark.parametrize("key,round_no",
                         [(k, 1 + i % 2) for i, k in enumerate(KEYS)])
def test_changed_result_fails(computed, tmp_path, key, round_no):
    changed = replace_value(computed, key, plus(1), round_no)
    assert_fails(check(tmp_path, changed), f"round {round_no}: {key}")


def test_changed_digit_of_a_big_integer_fails(computed, tmp_path):
    def middle_digit(v):
        i = len(v) // 2
        return v[:i] + str((int(v[i]) + 5) % 10) + v[i + 1:]
    for key in ("big-factorial", "big-product"):
        assert_fails(check(tmp_path, replace_value(computed, key,
                                                   middle_digit)), key)


def test_changed_orbits_fail(computed, tmp_path):
    changed = replace_value(computed, "perm-orbits",
                            lambda v: " ".join(reversed(v.split())))
    assert_fails(check(tmp_path, changed), "perm-orbits are")


def test_quotient_or_remainder_changed_fails(computed, tmp_path):
    changed = replace_value(computed, "big-quotient",
                            plus(-1))
    assert_fails(check(tmp_path, changed), "do not make f!")
    changed = replace_value(computed, "big-remainder",
                            plus(1))
    assert_fails(check(tmp_path, changed), "do not make f!")


def test_remainder_not_below_divisor_fails(computed, tmp_path):
    """q - 1 and r + divisor still make f!, but r is no remainder then."""
    divisor = as_int(value(computed, "big-fibonacci"))
    changed = replace_value(computed, "big-quotient",
                            plus(-1))
    changed = replace_value(changed, "big-remainder",
                            plus(divisor))
    assert_fails(check(tmp_path, changed), "not below the divisor")


def test_malformed_values_fail(computed, tmp_path):
    assert_fails(check(tmp_path, replace_value(computed, "big-gcd",
                                               lambda v: "0" + v)),
                 "big-gcd is not a number")
    assert_fails(check(tmp_path, replace_value(computed, "mat-rank",
                                               lambda v: v + "x")),
                 "mat-rank is not a number")


def test_missing_extra_or_truncated_lines_fail(computed, tmp_path):
    line = "gl-derived " + value(computed, "gl-derived") + "\n"
    assert_fails(check(tmp_path, computed.replace(line, "", 1)),
                 "expected 'gl-derived'")
    assert_fails(check(tmp_path, computed + "more 1\n"), "after the end")
    cut = computed.index("\nround 2\n")
    assert_fails(check(tmp_path, computed[:cut + 1]), "truncated")
    assert_fails(check(tmp_path, computed[:-1]), "truncated")
    assert_fails(check(tmp_path, ""), "truncated")


def test_other_arguments_fail(computed, tmp_path):
    assert_fails(check(tmp_path, computed, seed="8"), "round 1")
    assert_fails(check(tmp_path, computed, args=["-m", "192", "-n", "3"]),
                 "rounds is 2, expected 3")
    assert_fails(check(tmp_path, computed, args=["-m", "128", "-n", "2"]),
                 "another workspace")


def test_script_is_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-gap-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "gap.g").read_text()
    b = (tmp_path / "2" / "gap.g").read_text()
    assert a != b
    assert a.count("rec(perm := ") == 2
    assert "QUIT_GAP(0);" in a and a.index("SpRounds :=") < a.index("SpPut")


def test_gap_error_ends_the_run(tmp_path):
    """--quitonbreak: an error exits nonzero instead of waiting at a prompt."""
    script = tmp_path / "bad.g"
    script.write_text("SpRounds := [];\nError(\"no such task\");\n")
    proc = run("sp-gap-run", "-m", "64", "-n", "1", "-i", str(script), "-o",
               str(tmp_path / "result.txt"))
    assert proc.returncode != 0
    assert "no such task" in proc.stderr + proc.stdout


def test_run_refuses_a_path_gap_cannot_quote(tmp_path):
    proc = run("sp-gap-run", *TINY, "-i", "x", "-o", str(tmp_path / 'a"b'))
    assert proc.returncode == 2 and "quote" in proc.stderr


def test_manifest_sizes():
    for size in ("test", "paper"):
        args = MANIFEST["sizes"][size]["args"]
        assert args[args.index("-m") + 1] == "192"     # SPEC's -m 192M
