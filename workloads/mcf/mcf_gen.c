/* mcf_gen.c - sp-mcf-gen: a seeded timetable for the vehicle scheduling
 * problem SPEC mcf solves.  Trips run between stations on a 100 x 100
 * grid, one starting every 30 s on average, 10 to 90 minutes long; a bus
 * takes 30 s per grid unit.  A vehicle may serve trip j after trip i when
 * it can drive from i's last stop to j's first in time and would wait at
 * most MCF_WAIT seconds, which offers each trip about MCF_ARCS_PER_TRIP
 * deadheads; a deadhead costs its driving time plus a tenth of its waiting
 * time; pull-outs and pull-ins cost the drive from and to the depot. */
#include <stdio.h>
#include <stdlib.h>

#include "atomic_file.h"
#include "mcf_spec.h"
#include "rng.h"

#define STATIONS 64
#define GRID 100
#define SECS_PER_UNIT 30
#define MEAN_GAP 30
#define MCF_WAIT (MCF_ARCS_PER_TRIP * MEAN_GAP)
#define MAX_DRIVE (2 * GRID * SECS_PER_UNIT)

struct trip {
	long start, end;
	int from, to;
};

static int sx[STATIONS], sy[STATIONS];

static long drive(int a, int b)
{
	return (long)(abs(sx[a] - sx[b]) + abs(sy[a] - sy[b])) * SECS_PER_UNIT;
}

static long depot_drive(int a)
{
	return (long)(abs(sx[a] - GRID / 2) + abs(sy[a] - GRID / 2)) *
	       SECS_PER_UNIT;
}

int main(int argc, char **argv)
{
	struct atomic_file af;
	struct mcf_args a;
	struct trip *t;
	uint64_t st;
	long now = 0, arcs = 0;
	FILE *f = NULL;

	mcf_parse_args(argc, argv, MCF_GEN, &a);
	st = rng_hash(a.seed ^ 0x6d6366ULL);
	t = malloc((size_t)a.trips * sizeof(*t));
	if (!t) {
		fprintf(stderr, "sp-mcf-gen: out of memory\n");
		return 1;
	}
	for (int s = 0; s < STATIONS; s++) {
		sx[s] = (int)rng_below(&st, GRID + 1);
		sy[s] = (int)rng_below(&st, GRID + 1);
	}
	for (long i = 0; i < a.trips; i++) {
		now += (long)rng_below(&st, 2 * MEAN_GAP + 1);
		t[i].start = now;
		t[i].end = now + 600 + (long)rng_below(&st, 4801);
		t[i].from = (int)rng_below(&st, STATIONS);
		t[i].to = (int)rng_below(&st, STATIONS);
	}
	/* Counted first: the header gives the arc count. */
	for (int pass = 0; pass < 2; pass++) {
		if (pass) {
			f = atomic_file_open(&af, "sp-mcf-gen", a.path);
			if (!f)
				return 1;
			fprintf(f, "sp-mcf/1\n%ld %ld\n", a.trips, arcs);
			for (long i = 0; i < a.trips; i++)
				fprintf(f, "%ld %ld %ld %ld\n", t[i].start,
					t[i].end, depot_drive(t[i].from),
					depot_drive(t[i].to));
		}
		for (long i = 0; i < a.trips; i++) {
			long lo = t[i].end, hi = t[i].end + MAX_DRIVE + MCF_WAIT;
			long j = i + 1;

			while (j < a.trips && t[j].start < lo)
				j++;
			for (; j < a.trips && t[j].start <= hi; j++) {
				long d = drive(t[i].to, t[j].from);
				long wait = t[j].start - t[i].end - d;

				if (wait < 0 || wait > MCF_WAIT)
					continue;
				if (!pass)
					arcs++;
				else
					fprintf(f, "%ld %ld %ld\n", i + 1, j + 1,
						d + wait / 10);
			}
		}
	}
	free(t);
	return atomic_file_commit(&af) ? 1 : 0;
}
