/* mcf.c - sp-mcf: SPEC mcf's computation.  Reads a timetable instance
 * (mcf_spec.h), builds the vehicle scheduling network in mcf's pointer-
 * linked layout, solves it with the network simplex (mcf_simplex.c) and
 * writes the vehicles, the cost, the node potentials that prove the
 * optimum and the arcs that carry flow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "mcf_net.h"
#include "mcf_spec.h"

#define PROG "sp-mcf"

/* The next decimal number of f (a leading '-' allowed), skipping blanks. */
static int read_num(FILE *f, int64_t *v)
{
	int c, neg = 0;
	int64_t x = 0;

	do
		c = getc_unlocked(f);
	while (c == ' ' || c == '\n' || c == '\t' || c == '\r');
	if (c == '-') {
		neg = 1;
		c = getc_unlocked(f);
	}
	if (c < '0' || c > '9')
		return -1;
	while (c >= '0' && c <= '9') {
		x = x * 10 + (c - '0');
		c = getc_unlocked(f);
	}
	*v = neg ? -x : x;
	return 0;
}

static int bad(const char *path, const char *what)
{
	fprintf(stderr, PROG ": %s: %s (prepare it again)\n", path, what);
	return -1;
}

static int read_instance(const struct mcf_args *a, struct mcf_net *net)
{
	FILE *f = fopen(a->instance, "r");
	char magic[16];
	int64_t t, arcs, v[4];
	long k;

	if (!f)
		return bad(a->instance, "cannot open");
	if (!fgets(magic, sizeof(magic), f) ||
	    strcmp(magic, "sp-mcf/1\n") || read_num(f, &t) ||
	    read_num(f, &arcs) || arcs < 0) {
		fclose(f);
		return bad(a->instance, "not an sp-mcf/1 instance");
	}
	if (t != a->trips) {
		fclose(f);
		return bad(a->instance, "holds another trip count");
	}
	if (mcf_net_alloc(net, 2 * t + 1, 2 * t + arcs)) {
		fclose(f);
		fprintf(stderr, PROG ": cannot allocate the network\n");
		return -1;
	}
	for (long i = 1; i <= t; i++) {
		if (read_num(f, &v[0]) || read_num(f, &v[1]) ||
		    read_num(f, &v[2]) || read_num(f, &v[3]))
			goto truncated;
		net->nodes[i].flow = -1;
		net->nodes[i].time = (int)v[0];
		net->nodes[t + i].flow = 1;
		net->nodes[t + i].time = (int)v[1];
		mcf_net_arc(net, i - 1, 0, i, MCF_VEHICLE_COST + v[2]);
		mcf_net_arc(net, t + i - 1, t + i, 0, v[3]);
	}
	for (k = 0; k < arcs; k++) {
		if (read_num(f, &v[0]) || read_num(f, &v[1]) ||
		    read_num(f, &v[2]))
			goto truncated;
		if (v[0] < 1 || v[0] > t || v[1] < 1 || v[1] > t) {
			fclose(f);
			return bad(a->instance, "an arc names no trip");
		}
		mcf_net_arc(net, 2 * t + k, t + v[0], v[1], v[2]);
	}
	fclose(f);
	return 0;
truncated:
	fclose(f);
	return bad(a->instance, "truncated");
}

static int write_solution(const struct mcf_args *a, const struct mcf_net *net)
{
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, PROG, a->path);
	long t = a->trips, vehicles = 0;

	if (!f)
		return -1;
	for (struct mcf_arc *e = net->nodes[0].firstout; e; e = e->nextout)
		vehicles += (long)e->flow;
	fprintf(f, "format sp-mcf/1\ntrips %ld\narcs %ld\nvehicles %ld\n"
		"objective %lld\npotentials\n", t, net->m - 2 * t, vehicles,
		(long long)mcf_flow_cost(net));
	for (long i = 0; i < net->n; i++)
		fprintf(f, "%lld\n", (long long)net->nodes[i].potential);
	fprintf(f, "flows\n");
	for (long k = 0; k < net->m; k++)
		if (net->arcs[k].flow)
			fprintf(f, "%ld %lld\n", k,
				(long long)net->arcs[k].flow);
	fprintf(f, "end\n");
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct mcf_args a;
	struct mcf_net net;

	mcf_parse_args(argc, argv, MCF_RUN, &a);
	if (read_instance(&a, &net))
		return 1;
	if (mcf_simplex(&net)) {
		fprintf(stderr, PROG ": the instance has no feasible flow\n");
		return 1;
	}
	printf("trips %ld arcs %ld pivots %ld cost %lld\n", a.trips,
	       net.m, net.pivots, (long long)mcf_flow_cost(&net));
	if (write_solution(&a, &net))
		return 1;
	mcf_net_free(&net);
	return 0;
}
