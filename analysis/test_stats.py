"""Tests of analysis.stats against values that do not come from it: published Student-t
tables, closed forms of the t distribution, numeric integration of its density, sample
statistics worked out by hand, and Fieller's interval found by scanning its definition."""

import math

import pytest

from analysis import stats

# Two-sided 95% points of Student's t, t(0.975, df), to three decimals as printed in standard
# tables (e.g. the NIST/SEMATECH e-Handbook of Statistical Methods, 1.3.6.7.2).
PUBLISHED_T975 = {
    1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
    9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120,
    17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064,
    25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042, 40: 2.021, 50: 2.009,
    60: 2.000, 70: 1.994, 80: 1.990, 90: 1.987, 100: 1.984, 120: 1.980,
}
# Six decimals (R's qt(0.975, df)) beyond the implementation's table, where it uses the
# Cornish-Fisher expansion.
PUBLISHED_T975_6 = {40: 2.021075, 50: 2.008559, 60: 2.000298, 100: 1.983972, 120: 1.979930}
Z975 = 1.95996     # the normal quantile, the limit as df grows


def _p_series(t, df):
    """P(|T| >= |t|) for an integer df by the finite series of Abramowitz and Stegun,
    26.7.3 (odd df) and 26.7.4 (even df)."""
    theta = math.atan(abs(t) / math.sqrt(df))
    s, c = math.sin(theta), math.cos(theta)
    if df % 2 == 0:
        term = total = 1.0
        for k in range(2, df, 2):
            term *= (k - 1) / k * c * c
            total += term
        return 1 - s * total
    total = 0.0
    if df > 1:
        term = total = c
        for k in range(3, df, 2):
            term *= (k - 1) / k * c * c
            total += term
    return 1 - 2 / math.pi * (theta + s * total)


def _t_density(x, df):
    norm = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    return norm * (1 + x * x / df) ** (-(df + 1) / 2)


def _p_simpson(t, df, steps=2000):
    """P(|T| >= |t|) for any df > 0: Simpson's rule on the density of t over [0, |t|]."""
    h = abs(t) / steps
    inner = sum((4 if i % 2 else 2) * _t_density(i * h, df) for i in range(1, steps))
    return 1 - 2 * h / 3 * (_t_density(0, df) + inner + _t_density(abs(t), df))


def _t975_newton(df):
    """t(0.975, df) by Newton's method on _p_simpson, whose derivative in t is -2 * density.
    p is convex for t > 0, so steps from below the root stay below it."""
    t = 1.9
    for _ in range(100):
        step = (_p_simpson(t, df) - 0.05) / (2 * _t_density(t, df))
        t += step
        if step < 1e-10:
            return t
    raise AssertionError(f"no convergence for df {df}")


def _fieller_scan(a, va, b, vb, t, lo, hi, step):
    """The ends of the Fieller set {r : |a - r*b| <= t * sqrt(va + r*r*vb)} among the grid
    points lo, lo + step, ..., hi; the set must be one interval inside the grid."""
    n = round((hi - lo) / step)
    inside = [i for i in range(n + 1)
              if abs(a - (lo + i * step) * b) <= t * math.sqrt(va + (lo + i * step) ** 2 * vb)]
    assert inside and inside == list(range(inside[0], inside[-1] + 1))
    assert 0 < inside[0] and inside[-1] < n
    return lo + inside[0] * step, lo + inside[-1] * step


def test_reference_values_agree_with_each_other():
    # the series against its closed special cases, Cauchy (df 1) and df 2, and integration
    for t in (0.3, 1.0, 2.5, 12.706):
        assert _p_series(t, 1) == pytest.approx(1 - 2 / math.pi * math.atan(t), abs=1e-15)
        assert _p_series(t, 2) == pytest.approx(1 - t / math.sqrt(2 + t * t), abs=1e-15)
        for df in (3, 4, 7, 10):
            assert _p_series(t, df) == pytest.approx(_p_simpson(t, df), abs=1e-9)
    # the typed table: a quantile rounded to 5e-4 moves p by less than 1e-4
    for df, t in PUBLISHED_T975.items():
        assert _p_series(t, df) == pytest.approx(0.05, abs=1e-4), df


def test_t975_matches_published_tables():
    for df, t in PUBLISHED_T975.items():
        assert stats.t975(df) == pytest.approx(t, abs=6e-4), df
    for df, t in PUBLISHED_T975_6.items():
        assert stats.t975(df) == pytest.approx(t, abs=1e-5), df
    assert stats.t975(1e9) == pytest.approx(Z975, abs=1e-5)


def test_t975_closed_forms():
    # df 1 is Cauchy: t = tan(0.475 pi); df 2: t / sqrt(2 + t^2) = 0.95, t^2 = 1.805 / 0.0975
    assert stats.t975(1) == pytest.approx(math.tan(0.475 * math.pi), abs=1e-4)
    assert stats.t975(2) == pytest.approx(math.sqrt(1.805 / 0.0975), abs=1e-4)


def test_t975_between_table_rows_by_integration():
    # Welch's degrees of freedom are not integers; those are solved for, not interpolated
    for df in (1.5, 2.5, 4.79, 7.3, 12.5, 29.5):
        assert stats.t975(df) == pytest.approx(_t975_newton(df), abs=1e-6), df
    assert stats.t975(4) > stats.t975(4.5) > stats.t975(5)
    # and just above the table, where the expansion is at its weakest
    for df in (30.5, 31, 35):
        assert stats.t975(df) == pytest.approx(_t975_newton(df), abs=1e-5), df


def test_t975_rejects_bad_df():
    for df in (0, -1, float("nan"), None):
        with pytest.raises(ValueError):
            stats.t975(df)


def test_t_two_sided_p_against_closed_forms():
    for df in (1, 2, 3, 4, 5, 6, 10, 25, 40):
        for t in (0.0, 0.5, 1.0, 2.0, 3.5, 8.0):
            assert stats.t_two_sided_p(t, df) == pytest.approx(_p_series(t, df),
                                                               abs=1e-10), (t, df)
    # published: two-sided p of t = 2 with 10 df is 0.0734; t = 1 with 1 df is exactly 0.5
    assert stats.t_two_sided_p(2.0, 10) == pytest.approx(0.0734, abs=1e-4)
    assert stats.t_two_sided_p(1.0, 1) == pytest.approx(0.5, abs=1e-12)
    assert stats.t_two_sided_p(-2.0, 10) == stats.t_two_sided_p(2.0, 10)


def test_t_two_sided_p_non_integer_df_by_integration():
    for df in (1.5, 2.5, 7.3, 45.5):
        for t in (0.5, 2.0, 4.0):
            assert stats.t_two_sided_p(t, df) == pytest.approx(_p_simpson(t, df),
                                                               abs=1e-9), (t, df)


def test_summary_by_hand_n3():
    s = stats.summarize([1.0, 2.0, 3.0])
    assert (s.n, s.mean, s.median) == (3, 2.0, 2.0)
    # deviations -1, 0, 1: s^2 = 2 / 2 = 1
    assert s.sd == pytest.approx(1.0, abs=1e-15)
    assert s.var_of_mean == pytest.approx(1 / 3)
    # t(0.975, 2) = 4.303 (to 5e-4, scaled by 1 / sqrt(3)): 4.303 * 1 / sqrt(3) = 2.4843
    assert s.half == pytest.approx(2.4843, abs=3e-4)
    assert (s.lo, s.hi) == pytest.approx((2 - 2.4843, 2 + 2.4843), abs=3e-4)


def test_summary_by_hand_n4():
    s = stats.summarize([16, 10, 14, 12])
    # mean 13, deviations -3, -1, 1, 3: s^2 = (9 + 1 + 1 + 9) / 3 = 20 / 3
    assert s.mean == 13.0 and s.median == 13.0
    assert s.sd == pytest.approx(2.5819889, abs=1e-7)
    # t(0.975, 3) = 3.182 (to 5e-4, scaled by s / sqrt(n) = 1.29): 3.182 * 2.5819889 / 2
    assert s.half == pytest.approx(4.1079, abs=7e-4)


def test_summary_by_hand_n11_and_n41():
    s = stats.summarize(range(1, 12))
    # mean 6, s^2 = 2 * (1 + 4 + 9 + 16 + 25) / 10 = 11, so s / sqrt(n) = 1 and the
    # half-width is t(0.975, 10) = 2.228 itself
    assert (s.mean, s.median) == (6.0, 6.0)
    assert s.sd == pytest.approx(math.sqrt(11))
    assert s.half == pytest.approx(2.228, abs=6e-4)
    s = stats.summarize(range(-20, 21))
    # mean 0, s^2 = 2 * 2870 / 40 = 143.5, s^2 / n = 3.5; t(0.975, 40) = 2.021
    assert s.mean == 0.0 and s.sd == pytest.approx(math.sqrt(143.5))
    assert s.half == pytest.approx(2.021 * math.sqrt(3.5), abs=1e-3)


def test_summary_median_of_even_count():
    assert stats.summarize([4.0, 1.0, 3.0, 2.0]).median == 2.5
    assert stats.summarize([3.0, 1.0, 2.0]).median == 2.0


def test_constant_sample_has_no_spread():
    # 0.1 has no exact binary form: the mean must still be 0.1 and the deviations 0
    s = stats.summarize([0.1, 0.1, 0.1])
    assert s.mean == 0.1 and s.sd == 0.0 and s.half == 0.0


def test_single_value_has_no_ci():
    s = stats.summarize([5.0])
    assert (s.n, s.mean, s.median) == (1, 5.0, 5.0)
    assert s.sd is None and s.half is None and s.lo is None and s.hi is None
    assert s.var_of_mean is None
    assert stats.summarize([]) is None


def test_fieller_against_its_definition_integer_df():
    # num: mean 10, s^2 = (1 + 0 + 1) / 2 = 1, var of mean 1/3
    # den: mean 5, s^2 = (0.25 + 0 + 0.25) / 2 = 0.25, var of mean 1/12
    # r = 2, r^2 * 1/12 = 1/3 = va, so Welch-Satterthwaite gives
    # df = (2/3)^2 / ((1/3)^2 / 2 + (1/3)^2 / 2) = 4, and t(0.975, 4) = 2.776
    r = stats.ratio(stats.summarize([9.0, 10.0, 11.0]), stats.summarize([4.5, 5.0, 5.5]))
    assert r.value == 2.0
    step = 1e-5
    lo, hi = _fieller_scan(10.0, 1 / 3, 5.0, 1 / 12, 2.776, 1.0, 3.0, step)
    # the grid finds each end to one step; the table's 2.776 is off by < 5e-4 in t
    assert r.lo == pytest.approx(lo, abs=step + 1e-4)
    assert r.hi == pytest.approx(hi, abs=step + 1e-4)


def test_fieller_against_its_definition_non_integer_df():
    # num: mean 10, s^2 = (1 + 0.25 + 0 + 0.25 + 1) / 4 = 0.625, var of mean 0.125
    # den: mean 5, s^2 = (0.01 + 0 + 0.01) / 2 = 0.01, var of mean 0.01 / 3
    # r = 2; Welch-Satterthwaite: df = (0.125 + 4 * 0.01/3)^2 / (0.125^2 / 4 + (0.04/3)^2 / 2)
    # = 4.7899, between the table's rows
    va, vb = 0.125, 0.01 / 3
    df = (va + 4 * vb) ** 2 / (va ** 2 / 4 + (4 * vb) ** 2 / 2)
    r = stats.ratio(stats.summarize([9.0, 9.5, 10.0, 10.5, 11.0]),
                    stats.summarize([4.9, 5.0, 5.1]))
    assert r.value == 2.0
    step = 1e-5
    lo, hi = _fieller_scan(10.0, va, 5.0, vb, _t975_newton(df), 1.0, 3.0, step)
    assert r.lo == pytest.approx(lo, abs=step + 1e-7)
    assert r.hi == pytest.approx(hi, abs=step + 1e-7)
    # not symmetric about the ratio: it reaches further up than down
    assert r.hi - 2.0 > 2.0 - r.lo + 1e-3


def test_fieller_without_denominator_variance_is_the_plain_interval():
    # the CI of num.mean, divided by den.mean: (10 -+ 4.303 * sqrt(1/3)) / 5
    # = (10 -+ 2.484339) / 5
    expected = (1.503132, 2.496868)
    num = stats.summarize([9.0, 10.0, 11.0])
    for eps in (0.0, 1e-7, 1e-5):
        r = stats.ratio(num, stats.summarize([5.0 - eps, 5.0, 5.0 + eps]))
        assert (r.lo, r.hi) == pytest.approx(expected, abs=1e-4), eps


def test_ratio_without_spread_is_exact():
    r = stats.ratio(stats.summarize([6, 6]), stats.summarize([3, 3]))
    assert (r.value, r.lo, r.hi, r.reason) == (2.0, 2.0, 2.0, "")


def test_ratio_unbounded_when_denominator_ci_includes_zero():
    num = stats.summarize([5.0, 6.0, 7.0])
    den = stats.summarize([-1.0, 0.5, 2.0])
    # den: mean 0.5, s^2 = (2.25 + 0 + 2.25) / 2 = 2.25, var of mean 0.75; num: mean 6,
    # var of mean 1/3.  |6 - 0.5 r| <= t * sqrt(1/3 + 0.75 r^2) holds for every large |r|
    # once t^2 * 0.75 >= 0.5^2, for any t >= 0.58: the Fieller set is unbounded
    r = stats.ratio(num, den)
    assert r.value == 12.0
    assert r.lo is None and r.hi is None
    assert r.reason == "denominator CI includes 0"
    # the same at a tenth of the scale: whether the interval exists does not depend on units
    r = stats.ratio(stats.summarize([0.5, 0.6, 0.7]), stats.summarize([-0.1, 0.05, 0.2]))
    assert r.value == pytest.approx(12.0)
    assert (r.lo, r.hi, r.reason) == (None, None, "denominator CI includes 0")


def test_ratio_cases_without_an_interval():
    two = stats.summarize([2.0, 3.0])
    r = stats.ratio(stats.summarize([5.0]), two)
    assert (r.value, r.lo, r.hi, r.reason) == (2.0, None, None, "n < 2")
    r = stats.ratio(two, stats.summarize([0.0, 0.0]))
    assert (r.value, r.lo, r.reason) == (None, None, "denominator is 0")
    assert stats.ratio(None, two).reason == "no data"
    assert stats.ratio(two, None).reason == "no data"


def test_significance_both_ways():
    # a: mean 10, sd 0.1, half 4.303 * 0.1 / sqrt(3) = 0.2484: CI [9.752, 10.248]
    a = stats.summarize([10.0, 10.1, 9.9])
    # far: CI [4.752, 5.248]; near: mean 10.033, CI reaching below 10
    far = stats.summarize([5.0, 5.1, 4.9])
    near = stats.summarize([9.9, 10.2, 10.0])
    assert (a.lo, a.hi) == pytest.approx((9.7516, 10.2484), abs=1e-4)
    assert stats.significant(a, far) is True
    assert stats.significant(far, a) is True
    assert stats.significant(a, near) is False
    assert stats.significant(a, stats.summarize([5.0])) is None
    assert stats.significant(None, a) is None
    # CIs that only touch overlap: two identical spread-free samples do not differ
    one = stats.summarize([1.0, 1.0])
    assert (one.lo, one.hi) == (1.0, 1.0)
    assert stats.significant(one, stats.summarize([1.0, 1.0, 1.0])) is False
    # a large ratio of means is no mark while the CIs overlap: wide [10, 30] reaches
    # 20 -+ 12.706 * 14.142 / 1.414 = 20 -+ 127.06, over all of [1, 2]'s
    wide = stats.summarize([10.0, 30.0])
    assert wide.half == pytest.approx(127.06, abs=6e-3)
    assert stats.significant(wide, stats.summarize([1.0, 2.0])) is False


def test_welch_by_hand():
    a = stats.summarize([10.0, 10.1, 9.9])
    b = stats.summarize([5.0, 5.1, 4.9])
    w = stats.welch(a, b)
    # var of each mean 0.01 / 3: t = 5 / sqrt(0.02 / 3) = 61.24, df = 2 * (3 - 1) = 4
    assert w.t == pytest.approx(61.2372, abs=1e-4)
    assert w.df == pytest.approx(4.0)
    assert w.p == pytest.approx(_p_series(61.2372, 4), rel=1e-3)
    assert w.p < 1e-5
    w = stats.welch(stats.summarize([1, 2, 3]), stats.summarize([2, 3, 4]))
    # s^2 = 1 on both sides: t = -1 / sqrt(2/3) = -1.2247, df = 4
    assert w.t == pytest.approx(-1.2247449, abs=1e-7)
    assert w.df == pytest.approx(4.0)
    assert w.p == pytest.approx(_p_series(1.2247449, 4), abs=1e-7)
    assert w.p == pytest.approx(0.2879, abs=1e-4)
    # unequal n and variances: y has mean 5.5, s^2 = (0.25 + 0.0625 + 0 + 0.0625 + 0.25) / 4
    # = 0.15625, var of mean 0.03125; t = 4.5 / sqrt(1/3 + 0.03125) = 7.4527,
    # df = (1/3 + 0.03125)^2 / ((1/3)^2 / 2 + 0.03125^2 / 4) = 2.3821
    w = stats.welch(stats.summarize([9.0, 10.0, 11.0]),
                    stats.summarize([5.0, 5.25, 5.5, 5.75, 6.0]))
    assert w.t == pytest.approx(7.4527, abs=1e-4)
    assert w.df == pytest.approx(2.3821, abs=1e-4)
    assert w.p == pytest.approx(_p_simpson(7.4527, 2.3821), abs=1e-5)


def test_welch_undefined_without_spread():
    assert stats.welch(stats.summarize([0.1] * 3), stats.summarize([0.1] * 4)) is None
    assert stats.welch(stats.summarize([1.0]), stats.summarize([1.0, 2.0])) is None


def test_geomean():
    assert stats.geomean([2.0, 8.0]) == pytest.approx(4.0)
    assert stats.geomean([1.0, 10.0, 100.0]) == pytest.approx(10.0)
    assert stats.geomean([0.5, 2.0]) == pytest.approx(1.0)
    assert stats.geomean([]) is None
    assert stats.geomean([1.0, 0.0]) is None
    assert stats.geomean([1.0, -4.0]) is None
    assert stats.geomean([1.0, None]) is None


def test_geomean_interval_is_students_interval_of_the_logs():
    # logs ln 2 and ln 8: mean ln 4, standard error ln 2, t(0.975, 1) = 12.7062
    r = stats.geomean_interval([2.0, 8.0])
    assert math.isclose(r.value, 4.0)
    assert math.isclose(r.lo, 4.0 * 2 ** -12.7062, rel_tol=1e-6)
    assert math.isclose(r.hi, 4.0 * 2 ** 12.7062, rel_tol=1e-6)
    one = stats.geomean_interval([3.0])
    assert math.isclose(one.value, 3.0) and (one.lo, one.reason) == (None, "n < 2")
    assert stats.geomean_interval([]).reason == "no data"
    assert stats.geomean_interval([1.0, 0.0]).value is None


def test_geomean_ratio_is_welchs_interval_of_the_log_difference():
    # logs 1 and 3 against 0 and 0: difference 2, variance of the mean 1 + 0, df 1
    r = stats.geomean_ratio([math.e, math.e ** 3], [1.0, 1.0])
    assert math.isclose(r.value, math.e ** 2)
    assert math.isclose(r.lo, math.exp(2 - 12.7062), rel_tol=1e-6)
    assert math.isclose(r.hi, math.exp(2 + 12.7062), rel_tol=1e-6)
    same = stats.geomean_ratio([4.0, 4.0], [2.0, 2.0])
    assert (same.value, same.lo, same.hi) == (2.0, 2.0, 2.0)
    assert stats.geomean_ratio([2.0], [1.0, 1.0]).reason == "n < 2"


def test_ratio_of_positive_times_is_cut_at_zero():
    """[1, 100] over [10, 10.5, 11]: Fieller's lower end, by hand, is (a b - root) / denom
    with a = 50.5, b = 10.5, t(1 df) = 12.706: about (530 - 6190) / 96.8 = -58.5, below any
    ratio of two positive times; the interval starts at 0 and keeps its upper end (~69.4)."""
    r = stats.ratio(stats.summarize([1.0, 100.0]), stats.summarize([10.0, 10.5, 11.0]))
    assert r.lo == 0.0
    assert 68 < r.hi < 71
    assert abs(r.value - 50.5 / 10.5) < 1e-12
