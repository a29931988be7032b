/* mcf_simplex.c - the primal network simplex of sp-mcf (mcf_net.h).
 *
 * The basis is a spanning tree hung from an artificial root, started from
 * one artificial arc per node (cost larger than any path), kept strongly
 * feasible (every node can send flow to the root) so that the degenerate
 * pivots this 0/1 problem is full of cannot cycle: the leaving arc is the
 * last blocking arc met going round the cycle from its apex.  Entering
 * arcs are priced in blocks of about sqrt(m) arcs, the most negative
 * reduced cost of a block winning, as in LEMON's block search and close
 * to mcf's partial pricing.  The tree is kept as mcf keeps it: parent,
 * first child and doubly linked siblings, depth and the basic arc's
 * orientation; a pivot re-hangs the cut subtree from the entering arc and
 * walks it once to update depths and potentials. */
#include "mcf_net.h"

#include <math.h>
#include <stdlib.h>

int mcf_net_alloc(struct mcf_net *net, long n, long m)
{
	net->n = n;
	net->m = m;
	net->pivots = 0;
	net->nodes = calloc((size_t)n + 1, sizeof(*net->nodes));
	net->arcs = calloc(m ? (size_t)m : 1, sizeof(*net->arcs));
	net->dummy_arcs = calloc((size_t)n, sizeof(*net->dummy_arcs));
	if (!net->nodes || !net->arcs || !net->dummy_arcs) {
		mcf_net_free(net);
		return -1;
	}
	for (long i = 0; i <= n; i++)
		net->nodes[i].number = (int)i;
	return 0;
}

void mcf_net_free(struct mcf_net *net)
{
	free(net->nodes);
	free(net->arcs);
	free(net->dummy_arcs);
	net->nodes = NULL;
	net->arcs = net->dummy_arcs = NULL;
}

void mcf_net_arc(struct mcf_net *net, long k, long tail, long head,
		 int64_t cost)
{
	struct mcf_arc *a = &net->arcs[k];

	a->tail = &net->nodes[tail];
	a->head = &net->nodes[head];
	a->cost = a->org_cost = cost;
	a->ident = MCF_AT_LOWER;
	a->flow = 0;
	a->nextout = a->tail->firstout;
	a->tail->firstout = a;
	a->nextin = a->head->firstin;
	a->head->firstin = a;
}

int64_t mcf_flow_cost(const struct mcf_net *net)
{
	int64_t c = 0;

	for (long k = 0; k < net->m; k++)
		c += net->arcs[k].flow * net->arcs[k].org_cost;
	return c;
}

static void unlink_child(struct mcf_node *x)
{
	if (x->sibling_prev)
		x->sibling_prev->sibling = x->sibling;
	else
		x->pred->child = x->sibling;
	if (x->sibling)
		x->sibling->sibling_prev = x->sibling_prev;
}

static void link_child(struct mcf_node *x, struct mcf_node *parent)
{
	x->pred = parent;
	x->sibling_prev = NULL;
	x->sibling = parent->child;
	if (parent->child)
		parent->child->sibling_prev = x;
	parent->child = x;
}

static int64_t reduced_cost(const struct mcf_arc *a)
{
	return a->cost + a->tail->potential - a->head->potential;
}

/* The initial basis: every node hangs from the root by its artificial
 * arc, pointing so that its flow (the supply) is not negative. */
static void initial_tree(struct mcf_net *net)
{
	struct mcf_node *root = &net->nodes[net->n];
	int64_t maxc = 0, art;

	for (long k = 0; k < net->m; k++)
		if (llabs(net->arcs[k].cost) > maxc)
			maxc = llabs(net->arcs[k].cost);
	art = (maxc + 1) * (int64_t)(net->n + 1);
	root->pred = root->child = root->sibling = root->sibling_prev = NULL;
	root->basic_arc = NULL;
	root->depth = 0;
	root->potential = 0;
	for (long i = 0; i < net->n; i++) {
		struct mcf_node *x = &net->nodes[i];
		struct mcf_arc *d = &net->dummy_arcs[i];

		d->cost = d->org_cost = art;
		d->ident = MCF_BASIC;
		if (x->flow >= 0) {
			d->tail = x;
			d->head = root;
			d->flow = x->flow;
			x->orientation = MCF_UP;
			x->potential = -art;
		} else {
			d->tail = root;
			d->head = x;
			d->flow = -x->flow;
			x->orientation = MCF_DOWN;
			x->potential = art;
		}
		x->basic_arc = d;
		x->depth = 1;
		x->child = NULL;
		link_child(x, root);
	}
}

/* Pivots arc e (reduced cost < 0) into the basis; -1 if the cycle it
 * closes has no blocking arc (unbounded: a negative cycle). */
static int pivot(struct mcf_arc *e)
{
	struct mcf_node *u = e->tail, *v = e->head, *a = u, *b = v, *join;
	struct mcf_node *out = NULL, *q, *p, *x, *newpred;
	struct mcf_arc *newarc;
	int64_t delta = INT64_MAX, dpot;
	int side = 0;

	while (a != b) {
		if (a->depth > b->depth)
			a = a->pred;
		else if (b->depth > a->depth)
			b = b->pred;
		else {
			a = a->pred;
			b = b->pred;
		}
	}
	join = a;
	/* From the apex down to u, then e, then v up to the apex: the
	 * direction flow is pushed.  Ties go to the last arc met. */
	for (x = u; x != join; x = x->pred)
		if (x->orientation == MCF_UP && x->basic_arc->flow < delta) {
			delta = x->basic_arc->flow;
			out = x;
			side = 1;
		}
	for (x = v; x != join; x = x->pred)
		if (x->orientation == MCF_DOWN && x->basic_arc->flow <= delta) {
			delta = x->basic_arc->flow;
			out = x;
			side = 2;
		}
	if (!out)
		return -1;
	if (delta) {
		e->flow += delta;
		for (x = u; x != join; x = x->pred)
			x->basic_arc->flow += x->orientation == MCF_UP ?
					      -delta : delta;
		for (x = v; x != join; x = x->pred)
			x->basic_arc->flow += x->orientation == MCF_UP ?
					      delta : -delta;
	}
	out->basic_arc->ident = MCF_AT_LOWER;
	e->ident = MCF_BASIC;
	/* Re-hang the subtree cut off at out from e: the path q .. out
	 * turns round. */
	q = side == 1 ? u : v;
	p = side == 1 ? v : u;
	newpred = p;
	newarc = e;
	x = q;
	for (;;) {
		struct mcf_node *oldpred = x->pred;
		struct mcf_arc *oldarc = x->basic_arc;

		unlink_child(x);
		x->basic_arc = newarc;
		x->orientation = newarc->tail == x ? MCF_UP : MCF_DOWN;
		link_child(x, newpred);
		if (x == out)
			break;
		newpred = x;
		newarc = oldarc;
		x = oldpred;
	}
	/* e is basic now: its reduced cost is 0. */
	dpot = q == v ? u->potential + e->cost - v->potential :
			v->potential - e->cost - u->potential;
	x = q;
	for (;;) {
		x->potential += dpot;
		x->depth = x->pred->depth + 1;
		if (x->child) {
			x = x->child;
			continue;
		}
		while (x != q && !x->sibling)
			x = x->pred;
		if (x == q)
			break;
		x = x->sibling;
	}
	return 0;
}

int mcf_simplex(struct mcf_net *net)
{
	long m = net->m, block, pos = 0;

	initial_tree(net);
	block = (long)sqrt((double)m);
	if (block < 10)
		block = 10;
	for (;;) {
		struct mcf_arc *best = NULL;
		int64_t min = 0;
		long scanned = 0;

		while (scanned < m) {
			struct mcf_arc *a = &net->arcs[pos];

			if (a->ident == MCF_AT_LOWER) {
				int64_t rc = reduced_cost(a);

				if (rc < min) {
					min = rc;
					best = a;
				}
			}
			if (++pos == m)
				pos = 0;
			if (++scanned % block == 0 && best)
				break;
		}
		if (!best)
			break;
		if (pivot(best))
			return -1;
		net->pivots++;
	}
	for (long i = 0; i < net->n; i++)
		if (net->dummy_arcs[i].flow)
			return -1;
	return 0;
}
