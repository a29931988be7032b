/* sixtrack.c - sp-sixtrack: the sixtrack workload's measured program.
 * Parses the command line, hands sixtrack.in to the Fortran run
 * (sixtrack_run.f90: SixTrack's structure table and thin6d tracking) and
 * writes what it returns, the one-turn matrix, the probe's turns and
 * every particle's end, for sp-sixtrack-check. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "atomic_file.h"
#include "sixtrack_spec.h"

int sixtrack_run(const char *path, long cells, long turns, long particles,
		 int64_t seed, int linear, double *probe, long *nprobe,
		 double *final, long *lost, double mat[36], long *entries);

static const char *const why[] = {
	[1] = "cannot open",
	[2] = "is not a sixtrack.in",
	[3] = "was made for other arguments",
	[5] = "asks for more memory than there is",
};

static void coords(FILE *f, const double *c)
{
	for (int k = 0; k < 6; k++)
		fprintf(f, " %.17g", c[k]);
	fputc('\n', f);
}

int main(int argc, char **argv)
{
	struct sixtrack_args a;
	struct atomic_file af;
	double *probe, *final, mat[36];
	long *lost, nprobe, entries;
	FILE *f;
	int rc;

	sixtrack_parse_args(argc, argv, 2, &a);
	probe = malloc((size_t)(a.turns + 1) * 6 * sizeof(*probe));
	final = malloc((size_t)a.particles * 6 * sizeof(*final));
	lost = malloc((size_t)a.particles * sizeof(*lost));
	if (!probe || !final || !lost) {
		fprintf(stderr, "sp-sixtrack: out of memory\n");
		return 1;
	}
	rc = sixtrack_run(a.input, a.cells, a.turns, a.particles,
			  (int64_t)a.seed, a.linear, probe, &nprobe, final,
			  lost, mat, &entries);
	if (rc) {
		fprintf(stderr, "sp-sixtrack: %s %s\n", a.input,
			rc > 0 && rc <= 5 && why[rc] ? why[rc] : "failed");
		return 1;
	}
	f = atomic_file_open(&af, "sp-sixtrack", a.path);
	if (!f)
		return 1;
	fprintf(f, "cells %ld\nturns %ld\nparticles %ld\nseed %" PRIu64
		"\nlattice %s\nentries %ld\n", a.cells, a.turns, a.particles,
		a.seed, a.linear ? "linear" : "full", entries);
	fprintf(f, "# one-turn matrix at the closed orbit, by rows\n");
	for (int i = 0; i < 6; i++) {
		double row[6];

		for (int k = 0; k < 6; k++)
			row[k] = mat[6 * k + i];	/* Fortran's mat(i, k) */
		fprintf(f, "matrix %d", i + 1);
		coords(f, row);
	}
	fprintf(f, "# turn x px y py sigma delta\n");
	for (long k = 0; k < nprobe; k++) {
		fprintf(f, "probe %ld", k);
		coords(f, probe + 6 * k);
	}
	fprintf(f, "# particle lost_turn x px y py sigma delta\n");
	for (long j = 0; j < a.particles; j++) {
		if (lost[j]) {
			fprintf(f, "particle %ld %ld\n", j + 1, lost[j]);
			continue;
		}
		fprintf(f, "particle %ld 0", j + 1);
		coords(f, final + 6 * j);
	}
	free(probe);
	free(final);
	free(lost);
	return atomic_file_commit(&af) ? 1 : 0;
}
