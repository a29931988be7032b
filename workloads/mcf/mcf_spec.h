/* mcf_spec.h - what sp-mcf-gen, sp-mcf and sp-mcf-check agree on: the
 * command line, the timetable instance's file format and the network it
 * stands for, and the solution file.
 *
 * The network is SPEC mcf's vehicle scheduling network.  Node 0 is the
 * depot; trip t (1..T) has an arrival node t, which needs one vehicle
 * (supply -1), and a departure node T + t, which passes it on (supply +1).
 * Arcs, numbered in this order: pull-outs depot -> t (cost
 * MCF_VEHICLE_COST + the trip's pull-out cost), pull-ins T + t -> depot
 * (its pull-in cost), then the instance's deadheads T + i -> j (a vehicle
 * that ended trip i serves trip j next).  Flow on an arc is the number of
 * vehicles on it; arcs are uncapacitated.
 *
 * Instance (text): "sp-mcf/1", "T A", T lines "start end pullout pullin"
 * (seconds, costs), A lines "i j cost" (deadhead from trip i to trip j).
 * Solution (text): "format sp-mcf/1", "trips T", "arcs A", "vehicles V",
 * "objective C", "potentials" and 2T + 1 node potentials one a line,
 * "flows" and one "ARC FLOW" line per arc with flow, "end".
 */
#ifndef SP_MCF_SPEC_H
#define SP_MCF_SPEC_H

#include <stdint.h>

/* A vehicle's fixed cost: so large that the optimum uses the fewest
 * vehicles first, then the cheapest deadheads (mcf's bigM). */
#define MCF_VEHICLE_COST 10000000LL

/* Deadheads per trip, on average, that the generator offers; with mcf's
 * 64-byte arcs this sets the footprint: about 6.9 KB per trip. */
#define MCF_ARCS_PER_TRIP 100
#define MCF_BYTES_PER_TRIP 6900

struct mcf_args {
	long trips;
	uint64_t seed;
	const char *path;	/* -o for gen and run, the check's operand */
	const char *instance;	/* -i: the instance (run and check) */
};

enum mcf_mode { MCF_GEN, MCF_RUN, MCF_CHECK };

/* Parses argv; on bad input prints one line and exits 2. */
void mcf_parse_args(int argc, char **argv, enum mcf_mode mode,
		    struct mcf_args *a);

#endif
