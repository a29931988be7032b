/* probe.h - sptlbprobe's measurement (sweep.c), what it makes of the
 * curves (analyse.c) and its JSON (print.c), over one shared record. */
#ifndef SP_PROBE_H
#define SP_PROBE_H

#include <stdio.h>

#include "clock.h"
#include "knees.h"
#include "region.h"

#define PROBE_MAX_POINTS 400
#define PROBE_MAX_REPEATS 15

struct probe_config {
	long max_pages, loads;
	int repeats, per_octave, cpu;
};

/* One page size's curve: ns per load, per point and repeat. */
struct curve {
	double ns[PROBE_MAX_POINTS][PROBE_MAX_REPEATS];
	double best[PROBE_MAX_POINTS], median[PROBE_MAX_POINTS], worst[PROBE_MAX_POINTS];
	double noise[PROBE_MAX_POINTS];   /* second best - best */
	struct knee_result knees;
};

struct probe {
	struct probe_config config;
	int points;
	double pages[PROBE_MAX_POINTS];
	struct region small, huge;
	struct curve c4k, c2m, extra;     /* extra: 4 kB minus 2 MB */
	int huge_complete;
	char thp_mode[32];
	char why_no_tlb[256];             /* empty when the TLB knees could be judged */
	int walk_knee;                    /* the difference's walking knee, or -1 */
	struct core_clock clock;
	double seconds;
};

int probe_setup(struct probe *p, const struct probe_config *c);
void probe_sweep(struct probe *p);
void probe_analyse(struct probe *p);
void probe_print(const struct probe *p, FILE *out);

#endif
