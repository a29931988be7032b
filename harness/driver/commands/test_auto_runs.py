"""Tests of the --runs auto stopping rule on simulated run times: it must stop at the n
worked out by hand, hit the cap in runs when the times never settle, and the cap in time
on a simulated clock."""
import argparse
import math

import pytest

from harness.driver.commands import auto_runs, common
from harness.driver.errors import UserError

# t(0.975, df) from a printed table of Student's t, df = 2..7
T975 = {2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706, 6: 2.4469, 7: 2.3646}


def simulated(base_of_round, thp_of_round):
    """A row whose round i appends base_of_round(i) and thp_of_round(i)."""
    times = {"base": [], "thp": []}

    def run_round(i):
        times["base"].append(base_of_round(i))
        times["thp"].append(thp_of_round(i))
    return run_round, lambda: {k: list(v) for k, v in times.items()}


def by_hand(xs):
    """Relative half-width of base/thp when thp never varies: Fieller's interval is then
    (mean_b +- t se_b) / thp, so its half-width over the ratio is t se_b / mean_b."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    return T975[n - 1] * sd / math.sqrt(n) / mean


def test_stops_at_the_n_worked_out_by_hand():
    d = 0.016
    base = [1 + d if i % 2 == 0 else 1 - d for i in range(8)]
    widths = {n: by_hand(base[:n]) for n in range(3, 9)}
    expected = min(n for n, w in widths.items() if w <= 0.02)
    assert expected == 6            # 1.150 d = 1.84% at 6; 1.360 d / 1.0032 = 2.17% at 5
    run_round, times = simulated(lambda i: base[i], lambda i: 0.5)
    out = auto_runs.run_row(auto_runs.Rule(0.02, 30), run_round, times)
    assert out["stopped"] == "concluded" and out["n"] == 6
    assert out["halfwidth"] == pytest.approx(widths[6], rel=1e-4)


def test_times_that_never_settle_hit_the_cap_in_runs():
    run_round, times = simulated(lambda i: 1.0 if i % 2 else 2.0, lambda i: 1.0 + 0.1 * i)
    out = auto_runs.run_row(auto_runs.Rule(0.02, 5), run_round, times)
    assert (out["stopped"], out["n"]) == ("max-runs", 5)
    assert out["halfwidth"] > 0.02


def test_the_cap_in_time_on_a_simulated_clock():
    now = [0.0]

    def run_round(i):
        now[0] += 10.0              # each round takes 10 s
        inner(i)
    inner, times = simulated(lambda i: 1.0 if i % 2 else 2.0, lambda i: 1.0)
    out = auto_runs.run_row(auto_runs.Rule(0.02, 30, max_time_s=25), run_round, times,
                            clock=lambda: now[0])
    assert (out["stopped"], out["n"], out["seconds"]) == ("max-time", 3, 30.0)


def test_concludes_only_from_three_runs():
    # two identical runs each: a zero-width interval, but n < 3
    run_round, times = simulated(lambda i: 1.0, lambda i: 0.5)
    out = auto_runs.run_row(auto_runs.Rule(0.02, 30), run_round, times)
    assert (out["stopped"], out["n"]) == ("concluded", 3)


def test_base_alone_stops_on_its_time_interval():
    # 1.0, 1.01, 0.99: t(2) 0.01 / sqrt(3) / 1.0 = 2.48%: not yet at 2%, so a 4th run
    run_round, times = simulated(lambda i: (1.0, 1.01, 0.99, 1.0)[i], lambda i: 0.0)
    rule = auto_runs.Rule(0.02, 4)
    out = auto_runs.run_row(rule, run_round, lambda: {"base": times()["base"]})
    assert out["n"] == 4 and out["stopped"] == "concluded"
    # 1.0 1.01 0.99 1.0: sd 0.008165, t(3) 3.1824 * sd / 2 = 1.30%
    assert out["halfwidth"] == pytest.approx(3.1824 * 0.0081650 / 2, rel=1e-4)


def test_bad_options_are_one_line():
    with pytest.raises(UserError, match="--max-runs"):
        auto_runs.Rule(0.02, 2)
    with pytest.raises(UserError, match="--target-halfwidth"):
        auto_runs.Rule(0.0, 10)
    with pytest.raises(UserError, match="--max-time"):
        auto_runs.Rule(0.02, 10, max_time_s=0)
    assert common.runs_count("auto") == "auto" and common.runs_count("7") == 7
    with pytest.raises(argparse.ArgumentTypeError):
        common.runs_count("many")
