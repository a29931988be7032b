/* swim.c - sp-swim: the swim workload's measured program.  Parses the
 * command line, hands swim.in to the Fortran model run (swim_model.f90:
 * SPEC's 171.swim's arrays and loop nests) and writes the records it
 * returns, one line each, for sp-swim-check. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "atomic_file.h"
#include "swim_spec.h"

int swim_model(const char *path, long n1, long itmax, int64_t seed,
	       double *rec, long maxrec, long *nrec, long *mprint);

static const char *const why[] = {
	[1] = "cannot open",
	[2] = "is not a swim.in",
	[3] = "was made for other arguments",
	[4] = "asks for too many records",
	[5] = "asks for more memory than there is",
};

int main(int argc, char **argv)
{
	static const char *const names[] = SWIM_REC_NAMES;
	struct swim_args a;
	struct atomic_file af;
	long maxrec, nrec, mprint;
	double *rec;
	FILE *f;
	int rc;

	swim_parse_args(argc, argv, 2, &a);
	maxrec = a.steps + 2;
	rec = malloc((size_t)maxrec * SWIM_REC * sizeof(*rec));
	if (!rec) {
		fprintf(stderr, "sp-swim: out of memory\n");
		return 1;
	}
	rc = swim_model(a.input, a.n1, a.steps, (int64_t)a.seed, rec, maxrec,
			&nrec, &mprint);
	if (rc) {
		fprintf(stderr, "sp-swim: %s %s\n", a.input,
			rc > 0 && rc <= 5 ? why[rc] : "failed");
		return 1;
	}
	f = atomic_file_open(&af, "sp-swim", a.path);
	if (!f)
		return 1;
	fprintf(f, "n1 %ld\nn2 %ld\nitmax %ld\nmprint %ld\n# record", a.n1,
		a.n1, a.steps, mprint);
	for (int k = 0; k < SWIM_REC; k++)
		fprintf(f, " %s", names[k]);
	fputc('\n', f);
	for (long r = 0; r < nrec; r++) {
		const double *x = rec + r * SWIM_REC;

		fprintf(f, "record %ld", (long)x[0]);
		for (int k = 1; k < SWIM_REC; k++)
			fprintf(f, " %.17g", x[k]);
		fputc('\n', f);
	}
	free(rec);
	return atomic_file_commit(&af) ? 1 : 0;
}
