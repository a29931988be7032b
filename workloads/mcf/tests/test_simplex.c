/* test_simplex.c - the network simplex of sp-mcf on networks small enough
 * to solve by hand: each optimum below is worked out in its comment, and
 * every solution's potentials must prove it (reduced costs >= 0, 0 where
 * flow runs). */
#include <stdint.h>

#include "mcf_net.h"
#include "tap.h"

struct spec_arc {
	long tail, head;
	int64_t cost;
};

static int proves_optimal(const struct mcf_net *net)
{
	for (long k = 0; k < net->m; k++) {
		const struct mcf_arc *a = &net->arcs[k];
		int64_t rc = a->cost + a->tail->potential - a->head->potential;

		if (rc < 0 || (a->flow && rc))
			return 0;
	}
	return 1;
}

static int conserves(const struct mcf_net *net, const int64_t *supply)
{
	for (long i = 0; i < net->n; i++) {
		int64_t out = 0;

		for (long k = 0; k < net->m; k++) {
			if (net->arcs[k].tail == &net->nodes[i])
				out += net->arcs[k].flow;
			if (net->arcs[k].head == &net->nodes[i])
				out -= net->arcs[k].flow;
		}
		if (out != supply[i])
			return 0;
	}
	return 1;
}

/* Solves; the cost, or -1 when the simplex reports no feasible flow. */
static int64_t solve(struct mcf_net *net, long n, const int64_t *supply,
		     const struct spec_arc *arcs, long m, int *ok)
{
	if (mcf_net_alloc(net, n, m))
		return -2;
	for (long i = 0; i < n; i++)
		net->nodes[i].flow = supply[i];
	for (long k = 0; k < m; k++)
		mcf_net_arc(net, k, arcs[k].tail, arcs[k].head, arcs[k].cost);
	if (mcf_simplex(net))
		return -1;
	*ok = proves_optimal(net) && conserves(net, supply);
	return mcf_flow_cost(net);
}

/* Two units from 0 to 3: 0-1-3 costs 1 + 1, 0-2-3 costs 2 + 2, 0-3
 * costs 5; uncapacitated, so both go by 0-1-3: cost 4. */
static void shortest_path(void)
{
	static const int64_t supply[] = { 2, 0, 0, -2 };
	static const struct spec_arc arcs[] = {
		{ 0, 1, 1 }, { 1, 3, 1 }, { 0, 2, 2 }, { 2, 3, 2 },
		{ 0, 3, 5 },
	};
	struct mcf_net net;
	int ok = 0;
	int64_t c = solve(&net, 4, supply, arcs, 5, &ok);

	TAP_CHECK(c == 4 && ok, "two units take the 2-cost path: cost 4");
	TAP_CHECK(net.arcs[0].flow == 2 && net.arcs[4].flow == 0,
		  "all flow on 0-1-3, none direct");
	mcf_net_free(&net);
}

/* Assignment: sources 0, 1 to sinks 2, 3 with costs 0->2 4, 0->3 1,
 * 1->2 2, 1->3 3.  Pairings: (0-2, 1-3) = 7, (0-3, 1-2) = 3: optimum 3. */
static void assignment(void)
{
	static const int64_t supply[] = { 1, 1, -1, -1 };
	static const struct spec_arc arcs[] = {
		{ 0, 2, 4 }, { 0, 3, 1 }, { 1, 2, 2 }, { 1, 3, 3 },
	};
	struct mcf_net net;
	int ok = 0;
	int64_t c = solve(&net, 4, supply, arcs, 4, &ok);

	TAP_CHECK(c == 3 && ok, "2x2 assignment: cost 3");
	TAP_CHECK(net.arcs[1].flow == 1 && net.arcs[2].flow == 1,
		  "pairs 0-3 and 1-2");
	mcf_net_free(&net);
}

/*
 * Vehicle scheduling, as sp-mcf builds it: depot 0, trips 1 and 2 with
 * arrival nodes 1, 2 (supply -1) and departure nodes 3, 4 (+1).  Pull-out
 * 100 + 1, pull-in 1, deadhead trip 1 -> trip 2 cost 5.  One vehicle
 * serving both: 101 + 5 + 1 = 107; two vehicles: 2 x 102 = 204.  Without
 * the deadhead, 204.
 */
static void vehicles(void)
{
	static const int64_t supply[] = { 0, -1, -1, 1, 1 };
	static const struct spec_arc arcs[] = {
		{ 0, 1, 101 }, { 0, 2, 101 }, { 3, 0, 1 }, { 4, 0, 1 },
		{ 3, 2, 5 },
	};
	struct mcf_net net;
	int ok = 0;
	int64_t c = solve(&net, 5, supply, arcs, 5, &ok);

	TAP_CHECK(c == 107 && ok, "one vehicle serves both trips: cost 107");
	mcf_net_free(&net);
	c = solve(&net, 5, supply, arcs, 4, &ok);
	TAP_CHECK(c == 204 && ok, "without the deadhead two vehicles: 204");
	mcf_net_free(&net);
}

/* Degenerate ties: three equal paths, one unit; any is optimal at 3. */
static void degenerate(void)
{
	static const int64_t supply[] = { 1, 0, 0, 0, -1 };
	static const struct spec_arc arcs[] = {
		{ 0, 1, 1 }, { 0, 2, 1 }, { 0, 3, 1 },
		{ 1, 4, 2 }, { 2, 4, 2 }, { 3, 4, 2 }, { 1, 2, 0 },
		{ 2, 3, 0 }, { 3, 1, 0 },
	};
	struct mcf_net net;
	int ok = 0;
	int64_t c = solve(&net, 5, supply, arcs, 9, &ok);

	TAP_CHECK(c == 3 && ok, "ties and zero-cost cycles: cost 3");
	mcf_net_free(&net);
}

/* Supply 1 at node 0 and no arc out of it: infeasible. */
static void infeasible(void)
{
	static const int64_t supply[] = { 1, -1 };
	static const struct spec_arc arcs[] = { { 1, 0, 1 } };
	struct mcf_net net;
	int ok = 0;

	TAP_CHECK(solve(&net, 2, supply, arcs, 1, &ok) == -1,
		  "no path from supply to demand: reported infeasible");
	mcf_net_free(&net);
}

int main(void)
{
	shortest_path();
	assignment();
	vehicles();
	degenerate();
	infeasible();
	return tap_done();
}
