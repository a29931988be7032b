/* mcf_check.c - sp-mcf-check: proves sp-mcf's solution optimal from the
 * instance alone, by linear programming duality, without the simplex.
 * Read back: the flow must be a feasible vehicle schedule (non-negative
 * integer flow on known arcs, every trip's arrival node fed one vehicle
 * and its departure node passing one on, the depot balanced), the stated
 * vehicles and cost must be the flow's, and the potentials must price
 * every arc at a reduced cost >= 0, and at 0 every arc that carries flow
 * (complementary slackness): then no cheaper flow exists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mcf_spec.h"

struct arc {
	long tail, head;
	long long cost, flow;
};

static long read_long(FILE *f, const char *what)
{
	long v;

	if (fscanf(f, "%ld", &v) != 1)
		check_fail("cannot read %s", what);
	return v;
}

static void read_word(FILE *f, const char *want)
{
	char w[32];

	if (fscanf(f, "%31s", w) != 1 || strcmp(w, want))
		check_fail("expected '%s'", want);
}

static long long read_keyed(FILE *f, const char *key)
{
	long long v;

	read_word(f, key);
	if (fscanf(f, "%lld", &v) != 1)
		check_fail("no value for '%s'", key);
	return v;
}

int main(int argc, char **argv)
{
	long long vehicles = 0, cost = 0, *pot, *bal;
	struct mcf_args a;
	struct arc *arcs;
	long t, m, n, k;
	char w[32];
	FILE *f;

	mcf_parse_args(argc, argv, MCF_CHECK, &a);
	check_begin("sp-mcf-check", a.instance);
	f = fopen(a.instance, "r");
	if (!f || fscanf(f, "%31s", w) != 1 || strcmp(w, "sp-mcf/1"))
		check_fail("not an sp-mcf/1 instance");
	t = read_long(f, "the trip count");
	m = read_long(f, "the arc count");
	if (t != a.trips || m < 0)
		check_fail("holds %ld trips, not %ld", t, a.trips);
	n = 2 * t + 1;
	arcs = malloc((size_t)(2 * t + m) * sizeof(*arcs));
	pot = malloc((size_t)n * sizeof(*pot));
	bal = calloc((size_t)n, sizeof(*bal));
	if (!arcs || !pot || !bal)
		check_fail("out of memory");
	for (long i = 1; i <= t; i++) {
		long start = read_long(f, "a trip"), end = read_long(f, "a trip");
		long out = read_long(f, "a trip"), in = read_long(f, "a trip");

		if (end < start)
			check_fail("trip %ld ends before it starts", i);
		arcs[i - 1] = (struct arc){ 0, i, MCF_VEHICLE_COST + out, 0 };
		arcs[t + i - 1] = (struct arc){ t + i, 0, in, 0 };
	}
	for (k = 2 * t; k < 2 * t + m; k++) {
		long i = read_long(f, "an arc"), j = read_long(f, "an arc");

		if (i < 1 || i > t || j < 1 || j > t)
			check_fail("arc %ld names no trip", k);
		arcs[k] = (struct arc){ t + i, j, read_long(f, "an arc"), 0 };
	}
	fclose(f);
	m += 2 * t;

	check_begin("sp-mcf-check", a.path);
	f = fopen(a.path, "r");
	if (!f)
		check_fail("cannot open");
	read_word(f, "format");
	read_word(f, "sp-mcf/1");
	if (read_keyed(f, "trips") != t || read_keyed(f, "arcs") != m - 2 * t)
		check_fail("is for another instance");
	long long said_vehicles = read_keyed(f, "vehicles");
	long long said_cost = read_keyed(f, "objective");

	read_word(f, "potentials");
	for (long i = 0; i < n; i++)
		if (fscanf(f, "%lld", &pot[i]) != 1)
			check_fail("truncated: %ld of %ld potentials", i, n);
	read_word(f, "flows");
	for (;;) {
		long long x;

		if (fscanf(f, "%31s", w) != 1)
			check_fail("truncated: no 'end'");
		if (!strcmp(w, "end"))
			break;
		k = strtol(w, NULL, 10);
		if (k < 0 || k >= m || fscanf(f, "%lld", &x) != 1 || x <= 0)
			check_fail("bad flow line at arc '%s'", w);
		if (arcs[k].flow)
			check_fail("arc %ld listed twice", k);
		arcs[k].flow = x;
	}
	if (fscanf(f, "%31s", w) == 1)
		check_fail("unexpected text after 'end'");
	fclose(f);

	for (k = 0; k < m; k++) {
		long long rc = arcs[k].cost + pot[arcs[k].tail] -
			       pot[arcs[k].head];

		bal[arcs[k].tail] += arcs[k].flow;
		bal[arcs[k].head] -= arcs[k].flow;
		cost += arcs[k].cost * arcs[k].flow;
		if (k < t)
			vehicles += arcs[k].flow;
		if (rc < 0)
			check_fail("arc %ld has reduced cost %lld < 0: the "
				   "potentials prove nothing", k, rc);
		if (arcs[k].flow && rc)
			check_fail("arc %ld carries flow at reduced cost %lld: "
				   "not optimal", k, rc);
	}
	if (bal[0])
		check_fail("the depot is not balanced (%lld)", bal[0]);
	for (long i = 1; i <= t; i++)
		if (bal[i] != -1 || bal[t + i] != 1)
			check_fail("trip %ld is not served by one vehicle", i);
	if (said_vehicles != vehicles)
		check_fail("says %lld vehicles, the flow has %lld",
			   said_vehicles, vehicles);
	if (said_cost != cost)
		check_fail("says cost %lld, the flow costs %lld", said_cost,
			   cost);
	printf("sp-mcf-check: ok (%ld trips, %lld vehicles, cost %lld: "
	       "optimal)\n", t, vehicles, cost);
	free(arcs);
	free(pot);
	free(bal);
	return 0;
}
