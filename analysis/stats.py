"""Statistics for small samples of run times: the tables need a mean with its 95% CI, the
ratio of two means with its CI, a significance mark and geometric means.

The mean, median, standard deviation and geometric mean come from the statistics module.
It has no Student's t distribution, so the t quantile (a table, then the Cornish-Fisher
expansion), its tail probability (the incomplete beta function), Fieller's interval and
Welch's test are here."""

import math
import statistics
from dataclasses import dataclass

# Two-sided 95% quantile of Student's t, t(0.975, df), for df = 1..30.
_T975 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)
_Z975 = 1.959963984540054


def t975(df):
    """t(0.975, df).  From the table for df <= 30; a non-integer df (Welch's) is solved for
    between its two neighbouring rows.  Above 30 the normal quantile with the Cornish-Fisher
    correction, good to 1e-5."""
    if df is None or math.isnan(df) or df <= 0:
        raise ValueError("degrees of freedom must be positive")
    if df <= 1:
        return _T975[0]
    if df <= 30:
        row = math.floor(df)
        if row == df:
            return _T975[row - 1]
        return _solve_t975(df, _T975[row], _T975[row - 1])
    z = _Z975
    return (z + (z ** 3 + z) / (4 * df)
            + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def _solve_t975(df, lo, hi):
    """Bisect t_two_sided_p(t, df) = 0.05 for t in [lo, hi]."""
    for _ in range(60):
        mid = (lo + hi) / 2
        if t_two_sided_p(mid, df) > 0.05:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _betacf(a, b, x):
    """Continued fraction of the incomplete beta function (modified Lentz evaluation)."""
    tiny = 1e-300
    c = 1.0
    d = 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        even = m * (b - m) * x / ((a - 1 + m2) * (a + m2))
        odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2))
        for aa in (even, odd):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            step = c * d
            h *= step
        if abs(step - 1.0) < 1e-14:
            break
    return h


def betainc(a, b, x):
    """Regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lfront = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
              + a * math.log(x) + b * math.log1p(-x))
    front = math.exp(max(lfront, -745.0))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1 - x) / b


def t_two_sided_p(t, df):
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    return betainc(df / 2.0, 0.5, df / (df + t * t))


@dataclass(frozen=True)
class Summary:
    """A sample: n, mean, sd, median and the 95% CI of the mean (sd and half are None when
    n < 2)."""
    n: int
    mean: float
    sd: float | None
    median: float
    half: float | None

    @property
    def var_of_mean(self):
        return None if self.sd is None else self.sd ** 2 / self.n

    @property
    def lo(self):
        return None if self.half is None else self.mean - self.half

    @property
    def hi(self):
        return None if self.half is None else self.mean + self.half


def summarize(xs):
    """The Summary of the values xs; None when there are none."""
    xs = [float(x) for x in xs]
    if not xs:
        return None
    n = len(xs)
    sd = half = None
    if n >= 2:
        sd = statistics.stdev(xs)
        half = t975(n - 1) * sd / math.sqrt(n)
    return Summary(n, statistics.mean(xs), sd, statistics.median(xs), half)


@dataclass(frozen=True)
class Ratio:
    """num.mean / den.mean with a 95% CI; lo and hi are None, and reason says why, when no
    interval can be given."""
    value: float | None
    lo: float | None = None
    hi: float | None = None
    reason: str = ""


def ratio(num, den):
    """Ratio of the means of two independent samples, 95% CI by Fieller's theorem
    (covariance 0).  The t quantile uses the Welch-Satterthwaite degrees of freedom of the
    linearised quantity num - R * den.  When the denominator's own CI at that t includes 0
    there is no finite interval: the CI is n/a. For positive means the interval is cut at 0
    from below."""
    if num is None or den is None:
        return Ratio(None, reason="no data")
    if den.mean == 0:
        return Ratio(None, reason="denominator is 0")
    r = num.mean / den.mean
    if num.sd is None or den.sd is None:
        return Ratio(r, reason="n < 2")
    va, vb = num.var_of_mean, den.var_of_mean
    a, b = num.mean, den.mean
    total = va + r * r * vb
    if total == 0:
        return Ratio(r, r, r)
    df = total ** 2 / (va ** 2 / (num.n - 1) + (r * r * vb) ** 2 / (den.n - 1))
    t2 = t975(df) ** 2
    denom = b * b - t2 * vb
    if denom <= 0:
        return Ratio(r, reason="denominator CI includes 0")
    disc = t2 * (va * b * b + vb * a * a - t2 * va * vb)
    root = math.sqrt(max(disc, 0.0))
    lo, hi = (a * b - root) / denom, (a * b + root) / denom
    if a > 0 and b > 0:
        # a ratio of positive quantities (times) is not negative: a lower end below 0
        # only says the samples cannot bound it away from 0, so the interval is cut there
        lo = max(lo, 0.0)
    return Ratio(r, lo, hi)


def significant(x, y):
    """The significance rule, after mmtests' compare-kernels: two means differ significantly
    only when their 95% CIs do not overlap.  None when either CI is unknown (n < 2)."""
    if x is None or y is None or x.half is None or y.half is None:
        return None
    return x.hi < y.lo or y.hi < x.lo


@dataclass(frozen=True)
class Welch:
    t: float
    df: float
    p: float


def welch(x, y):
    """Welch's unequal-variance t-test of x.mean against y.mean; None when either sample has
    n < 2 or both have zero variance."""
    if x is None or y is None or x.sd is None or y.sd is None:
        return None
    vx, vy = x.var_of_mean, y.var_of_mean
    if vx + vy == 0:
        return None
    t = (x.mean - y.mean) / math.sqrt(vx + vy)
    df = (vx + vy) ** 2 / (vx ** 2 / (x.n - 1) + vy ** 2 / (y.n - 1))
    return Welch(t, df, t_two_sided_p(t, df))


def geomean(xs):
    """Geometric mean of positive values; None for none, or for any that is None or <= 0."""
    xs = list(xs)
    if not xs or any(x is None or x <= 0 for x in xs):
        return None
    return statistics.geometric_mean(xs)


def _logs(xs):
    xs = list(xs)
    if not xs or any(x is None or x <= 0 for x in xs):
        return None
    return [math.log(x) for x in xs]


def geomean_interval(xs):
    """The geometric mean of positive values with its 95% CI: Student's t interval of the
    mean of their logs, taken back, the values being a sample (one per workload, or one per
    run). No interval for n < 2; Ratio(None) for none or a value that is 0 or None."""
    xs = list(xs)
    logs = _logs(xs)
    if logs is None:
        return Ratio(None, reason="a value is 0 or n/a" if xs else "no data")
    s = summarize(logs)
    if s.half is None:
        return Ratio(math.exp(s.mean), reason="n < 2")
    return Ratio(math.exp(s.mean), math.exp(s.lo), math.exp(s.hi))


def geomean_ratio(xs, ys):
    """geomean(xs) / geomean(ys) of two independent samples of positive values with its 95%
    CI: Welch's interval of the difference of the mean logs (Welch-Satterthwaite degrees of
    freedom), taken back. No interval where either sample has n < 2."""
    lx, ly = _logs(xs), _logs(ys)
    if lx is None or ly is None:
        return Ratio(None, reason="no data")
    sx, sy = summarize(lx), summarize(ly)
    d = sx.mean - sy.mean
    if sx.sd is None or sy.sd is None:
        return Ratio(math.exp(d), reason="n < 2")
    vx, vy = sx.var_of_mean, sy.var_of_mean
    if vx + vy == 0:
        return Ratio(math.exp(d), math.exp(d), math.exp(d))
    df = (vx + vy) ** 2 / (vx ** 2 / (sx.n - 1) + vy ** 2 / (sy.n - 1))
    half = t975(df) * math.sqrt(vx + vy)
    return Ratio(math.exp(d), math.exp(d - half), math.exp(d + half))


# Iglewicz and Hoaglin's cut for the modified z-score: a run whose score is above it is an
# outlier. hyperfine computes the same score (without the 0.6745) and warns at 10 sigma.
OUTLIER_Z = 3.5
_MAD_TO_SD = 0.6745         # the normal's 3rd quartile: MAD / 0.6745 estimates sigma
_MEANAD_TO_SD = 0.7979      # sqrt(2 / pi): the mean absolute deviation / sigma


def modified_zscores(xs):
    """0.6745 (x - median) / MAD for each x (Iglewicz and Hoaglin, 1993). Where more than
    half the values are equal the MAD is 0, and the mean absolute deviation stands in for
    it (x - median) / (1.2533 meanAD), as IBM's and others' versions do. None for n < 3
    (the median of two is their mean: neither can stand out) or when every value is
    equal."""
    xs = [float(x) for x in xs]
    if len(xs) < 3:
        return None
    med = statistics.median(xs)
    dev = [abs(x - med) for x in xs]
    mad = statistics.median(dev)
    if mad > 0:
        return [_MAD_TO_SD * (x - med) / mad for x in xs]
    mean_ad = statistics.mean(dev)
    if mean_ad == 0:
        return None
    return [_MEANAD_TO_SD * (x - med) / mean_ad for x in xs]


def outlier_flags(xs, cut=OUTLIER_Z):
    """[bool] per value: its modified z-score's magnitude is above cut; all False where no
    score can be had."""
    xs = list(xs)
    z = modified_zscores(xs)
    return [False] * len(xs) if z is None else [abs(v) > cut for v in z]


def relative_halfwidth(r):
    """Half the width of a ratio's 95% interval over the ratio, (hi - lo) / 2 / value: the
    measure --runs auto stops on. None where the ratio has no interval."""
    if r is None or r.value is None or r.lo is None or r.hi is None or r.value == 0:
        return None
    return (r.hi - r.lo) / 2 / abs(r.value)
