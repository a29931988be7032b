/* applu_gen.c - sp-applu-gen: the applu workload's input, DIR/applu.in,
 * as SPEC's 173.applu reads its parameters from an input file: the grid,
 * the iterations and the seed it was made for, the pseudo-time step and
 * relaxation factor, and the seeded coefficients of the manufactured
 * solution (format in applu_spec.h). */
#include <stdio.h>

#include "applu_spec.h"
#include "atomic_file.h"

int main(int argc, char **argv)
{
	double ce[5][APPLU_TERMS];
	struct applu_args a;
	struct atomic_file af;
	FILE *f;

	applu_parse_args(argc, argv, 1, &a);
	f = atomic_file_open_in(&af, "sp-applu-gen", a.path, APPLU_INPUT_NAME);
	if (!f)
		return 1;
	fprintf(f, "%s %ld %ld %llu\n", APPLU_INPUT_MAGIC, a.n, a.iters,
		(unsigned long long)a.seed);
	fprintf(f, "%.17g %.17g\n", APPLU_DT, APPLU_OMEGA);
	applu_coefficients(a.seed, ce);
	for (int m = 0; m < 5; m++)
		for (int t = 0; t < APPLU_TERMS; t++)
			fprintf(f, "%.17g%c", ce[m][t],
				t == APPLU_TERMS - 1 ? '\n' : ' ');
	return atomic_file_commit(&af) ? 1 : 0;
}
