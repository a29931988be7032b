/* test_knees.c - the knee finder on synthetic curves whose knees are known
 * by construction: clear steps, the same with noise, a short ramp, and
 * curves with no knee (flat, noisy, slowly rising, a lone spike, a drop). */
#include <math.h>
#include <stdint.h>

#include "knees.h"
#include "tap.h"

#define MAXPTS 128

static int grid(double *n)
{
	int count = 0;

	for (int i = 0; i <= 88; i++) {
		double v = round(8 * pow(2, i / 8.0));

		if (count == 0 || v > n[count - 1])
			n[count++] = v;
	}
	return count;
}

/* The largest grid N not above a true size: what a finder should report. */
static double last_below(const double *n, int count, double size)
{
	double best = 0;

	for (int i = 0; i < count; i++)
		if (n[i] <= size)
			best = n[i];
	return best;
}

static double two_steps(double pages)
{
	return pages <= 64 ? 2.0 : pages <= 1536 ? 5.0 : 20.0;
}

/* Deterministic noise in [-1, 1). */
static double jitter(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (double)(*s >> 11) / (double)(1ULL << 52) - 1.0;
}

static void test_clear_knees(void)
{
	double n[MAXPTS], y[MAXPTS];
	int count = grid(n);
	struct knee_params p = knees_default_params();
	struct knee_result r;

	for (int i = 0; i < count; i++)
		y[i] = two_steps(n[i]);
	TAP_CHECK(knees_find(n, y, NULL, count, &p, &r) == 2, "two clear steps: two knees");
	TAP_CHECK(r.knees[0].entries == last_below(n, count, 64) &&
		  r.knees[1].entries == last_below(n, count, 1536),
		  "at 64 and 1536 entries (found %.0f, %.0f)", r.knees[0].entries,
		  r.knees[1].entries);
	TAP_CHECK(fabs(r.knees[0].before - 2) < 1e-9 && fabs(r.knees[1].after - 20) < 1e-9,
		  "plateau levels 2 and 20 ns");
}

static void test_noisy_knees(void)
{
	double n[MAXPTS], y[MAXPTS], noise[MAXPTS];
	int count = grid(n);
	uint64_t s = 88172645463325252ULL;
	struct knee_params p = knees_default_params();
	struct knee_result r;

	for (int i = 0; i < count; i++) {
		y[i] = two_steps(n[i]) * (1 + 0.04 * jitter(&s));
		noise[i] = 0.05 * two_steps(n[i]);
	}
	knees_find(n, y, noise, count, &p, &r);
	TAP_CHECK(r.nknees == 2 && r.knees[0].entries == last_below(n, count, 64) &&
		  r.knees[1].entries == last_below(n, count, 1536),
		  "4%% noise: the same two knees (found %d)", r.nknees);
}

static void test_ramp_knee(void)
{
	double n[MAXPTS], y[MAXPTS];
	int count = grid(n);
	struct knee_params p = knees_default_params();
	struct knee_result r;

	/* pseudo-LRU: misses start a little before the size, over 1.4x in N */
	for (int i = 0; i < count; i++)
		y[i] = n[i] <= 1200 ? 5 : n[i] >= 1700 ? 20 : 5 + 15 * (n[i] - 1200) / 500;
	knees_find(n, y, NULL, count, &p, &r);
	TAP_CHECK(r.nknees == 1 && r.knees[0].entries <= 1200 && r.knees[0].next > 1200,
		  "a ramp from 1200 to 1700 pages: one knee, at its start (%.0f)",
		  r.nknees ? r.knees[0].entries : 0);
}

static void test_staircase_ramp(void)
{
	double n[MAXPTS], y[MAXPTS];
	int count = grid(n);
	struct knee_params p = knees_default_params();
	struct knee_result r;

	/* a ramp that pauses for three points on its way: still one knee */
	for (int i = 0; i < count; i++)
		y[i] = n[i] <= 1330 ? 5 : n[i] <= 1800 ? 9 : n[i] <= 2500 ? 14 : 20;
	knees_find(n, y, NULL, count, &p, &r);
	TAP_CHECK(r.nknees == 1 && r.knees[0].entries == last_below(n, count, 1330) &&
		  r.knees[0].after == 20, "a ramp with two pauses within 2x: one knee, 5 to 20 ns "
		  "(found %d)", r.nknees);
}

static void test_no_knees(void)
{
	double n[MAXPTS], y[MAXPTS], noise[MAXPTS];
	int count = grid(n);
	uint64_t s = 2463534242ULL;
	struct knee_params p = knees_default_params();
	struct knee_result r;

	for (int i = 0; i < count; i++)
		y[i] = 3.0;
	TAP_CHECK(knees_find(n, y, NULL, count, &p, &r) == 0 && r.nplateaus == 1,
		  "flat: no knee, one plateau");
	for (int i = 0; i < count; i++) {
		y[i] = 3.0 + 0.6 * jitter(&s);
		noise[i] = 0.3;
	}
	TAP_CHECK(knees_find(n, y, noise, count, &p, &r) == 0, "noise alone: no knee");
	for (int i = 0; i < count; i++)
		y[i] = 2.0 + 1.5 * log2(n[i] / 8);
	TAP_CHECK(knees_find(n, y, NULL, count, &p, &r) == 0,
		  "a steady rise over 11 octaves: no knee");
	for (int i = 0; i < count; i++)
		y[i] = i == 40 ? 30.0 : 3.0;
	TAP_CHECK(knees_find(n, y, NULL, count, &p, &r) == 0, "a lone spike: no knee");
	for (int i = 0; i < count; i++)
		y[i] = n[i] <= 256 ? 10.0 : 3.0;
	TAP_CHECK(knees_find(n, y, NULL, count, &p, &r) == 0 && r.unclear == 1,
		  "a drop: no knee, counted as unclear");
	for (int i = 0; i < count; i++) {
		y[i] = n[i] <= 256 ? 3.0 : 3.5;
		noise[i] = 0.3;
	}
	TAP_CHECK(knees_find(n, y, noise, count, &p, &r) == 0,
		  "a step smaller than the noise: not found");
}

int main(void)
{
	test_clear_knees();
	test_noisy_knees();
	test_ramp_knee();
	test_staircase_ramp();
	test_no_knees();
	return tap_done();
}
