"""Tests of analysis.stats against hand-computed and tabulated values."""

import math

import pytest

from analysis import stats


def test_t_table_known_values():
	assert stats.t975(1) == pytest.approx(12.706, abs=1e-3)
	assert stats.t975(2) == pytest.approx(4.303, abs=1e-3)
	assert stats.t975(10) == pytest.approx(2.228, abs=1e-3)
	assert stats.t975(30) == pytest.approx(2.042, abs=1e-3)
	# beyond the table: Cornish-Fisher expansion of the normal quantile
	assert stats.t975(40) == pytest.approx(2.021, abs=1e-3)
	assert stats.t975(60) == pytest.approx(2.000, abs=1e-3)
	assert stats.t975(120) == pytest.approx(1.980, abs=1e-3)
	assert stats.t975(1e9) == pytest.approx(1.95996, abs=1e-4)


def test_t_table_agrees_with_t_distribution():
	for df in list(range(1, 31)) + [2.5, 7.3, 31, 45, 200]:
		p = stats.t_two_sided_p(stats.t975(df), df)
		assert p == pytest.approx(0.05, abs=2e-4), df


def test_t_interpolation_between_rows():
	assert stats.t975(4) > stats.t975(4.5) > stats.t975(5)
	with pytest.raises(ValueError):
		stats.t975(0)


def test_t_p_values():
	# two-sided p of t = 2 with 10 df is 0.0734; t = 1 with 1 df is 0.5
	assert stats.t_two_sided_p(2.0, 10) == pytest.approx(0.0734, abs=1e-4)
	assert stats.t_two_sided_p(1.0, 1) == pytest.approx(0.5, abs=1e-9)
	assert stats.t_two_sided_p(0.0, 5) == pytest.approx(1.0)


def test_mean_sd_median_ci_by_hand():
	s = stats.summarize([1.0, 2.0, 3.0])
	assert s.n == 3 and s.mean == 2.0 and s.median == 2.0
	assert s.sd == pytest.approx(1.0)
	# 4.3027 * 1 / sqrt(3)
	assert s.half == pytest.approx(2.48416, abs=1e-4)
	assert (s.lo, s.hi) == pytest.approx((2 - 2.48416, 2 + 2.48416),
					     abs=1e-4)
	s = stats.summarize([10, 12, 14, 16])
	assert s.sd == pytest.approx(math.sqrt(20 / 3))
	assert s.median == 13
	assert s.half == pytest.approx(3.1824 * math.sqrt(20 / 3) / 2,
				       abs=1e-4)


def test_single_value_has_no_ci():
	s = stats.summarize([5.0])
	assert s.sd is None and s.half is None and s.lo is None
	assert stats.summarize([]) is None


def test_ratio_fieller_by_hand():
	num = stats.summarize([9.0, 10.0, 11.0])	# mean 10, var/n 1/3
	den = stats.summarize([4.9, 5.0, 5.1])		# mean 5, var/n 0.01/3
	r = stats.ratio(num, den)
	assert r.value == pytest.approx(2.0)
	va, vb = 1 / 3, 0.01 / 3
	total = va + 4 * vb
	df = total ** 2 / (va ** 2 / 2 + (4 * vb) ** 2 / 2)
	t2 = stats.t975(df) ** 2
	root = math.sqrt(t2 * (va * 25 + vb * 100 - t2 * va * vb))
	d = 25 - t2 * vb
	assert r.lo == pytest.approx((50 - root) / d)
	assert r.hi == pytest.approx((50 + root) / d)
	assert r.lo < 2.0 < r.hi
	# Fieller's interval is not symmetric about the ratio
	assert r.hi - 2.0 != pytest.approx(2.0 - r.lo)


def test_ratio_without_spread_is_exact():
	r = stats.ratio(stats.summarize([6, 6]), stats.summarize([3, 3]))
	assert (r.value, r.lo, r.hi) == (2.0, 2.0, 2.0)


def test_ratio_na_when_denominator_ci_includes_zero():
	r = stats.ratio(stats.summarize([5, 6, 7]),
			stats.summarize([-1.0, 0.5, 2.0]))
	assert r.value is not None
	assert r.lo is None and r.hi is None
	assert "includes 0" in r.reason


def test_ratio_needs_two_values():
	r = stats.ratio(stats.summarize([5.0]), stats.summarize([2, 3]))
	assert r.value == pytest.approx(2.0) and r.lo is None
	assert r.reason == "n < 2"


def test_significance_both_ways():
	a = stats.summarize([10.0, 10.1, 9.9])
	far = stats.summarize([5.0, 5.1, 4.9])
	near = stats.summarize([9.9, 10.2, 10.0])
	assert stats.significant(a, far) is True
	assert stats.significant(far, a) is True
	assert stats.significant(a, near) is False
	assert stats.significant(a, stats.summarize([5.0])) is None


def test_welch():
	a = stats.summarize([10.0, 10.1, 9.9])
	b = stats.summarize([5.0, 5.1, 4.9])
	w = stats.welch(a, b)
	assert w.t == pytest.approx(5 / math.sqrt(0.02 / 3))
	assert w.df == pytest.approx(4.0)
	assert w.p < 1e-4
	w = stats.welch(stats.summarize([1, 2, 3]), stats.summarize([2, 3, 4]))
	# t = -1 / sqrt(2/3), df = 4
	assert w.p == pytest.approx(stats.t_two_sided_p(1 / math.sqrt(2 / 3),
							4))
	assert 0.2 < w.p < 0.5


def test_geomean():
	assert stats.geomean([2.0, 8.0]) == pytest.approx(4.0)
	assert stats.geomean([1.0, 10.0, 100.0]) == pytest.approx(10.0)
	assert stats.geomean([]) is None
	assert stats.geomean([1.0, 0.0]) is None
