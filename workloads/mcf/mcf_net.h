/* mcf_net.h - the network and the network simplex of sp-mcf, with SPEC
 * mcf's data layout: nodes and arcs are structs in two arrays, linked by
 * pointers (each node to its tree parent, first child and siblings, its
 * basic arc and its first outgoing and incoming arcs; each arc to its two
 * ends and the next arcs out of its tail and into its head), so that a
 * pivot chases pointers across the whole footprint as mcf's do. */
#ifndef SP_MCF_NET_H
#define SP_MCF_NET_H

#include <stdint.h>

enum { MCF_UP, MCF_DOWN };		/* basic arc to, or from, the parent */
enum { MCF_BASIC, MCF_AT_LOWER };	/* an arc's state */

struct mcf_arc;

struct mcf_node {
	int64_t potential;
	int orientation;
	struct mcf_node *child, *pred, *sibling, *sibling_prev;
	struct mcf_arc *basic_arc, *firstout, *firstin;
	int64_t flow;		/* supply: > 0 sends, < 0 receives */
	long depth;
	int number;
	int time;
};

struct mcf_arc {
	int64_t cost;
	struct mcf_node *tail, *head;
	int ident;
	struct mcf_arc *nextout, *nextin;
	int64_t flow;
	int64_t org_cost;
};

struct mcf_net {
	long n, m;			/* nodes and arcs, without the root's */
	struct mcf_node *nodes;		/* n + 1: the last is the root */
	struct mcf_arc *arcs;		/* m */
	struct mcf_arc *dummy_arcs;	/* n: each node's artificial arc */
	long pivots;
};

/* Allocates a network of n nodes and m arcs, all zero; 0 or -1. */
int mcf_net_alloc(struct mcf_net *net, long n, long m);
void mcf_net_free(struct mcf_net *net);

/* Sets arc k (tail, head, cost) and links it into its nodes' lists. */
void mcf_net_arc(struct mcf_net *net, long k, long tail, long head,
		 int64_t cost);

/* Solves min-cost flow for the supplies in nodes[].flow: 0 with arcs[].flow
 * optimal and nodes[].potential proving it (cost + potential(tail) -
 * potential(head) >= 0 on every arc, 0 where flow > 0); -1 if the
 * supplies cannot be met. */
int mcf_simplex(struct mcf_net *net);

/* The cost of the flow on the real arcs. */
int64_t mcf_flow_cost(const struct mcf_net *net);

#endif
