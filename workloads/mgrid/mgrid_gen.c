/* mgrid_gen.c - sp-mgrid-gen: the mgrid workload's input, DIR/mgrid.in,
 * as SPEC's 172.mgrid reads its parameters from an input file: the grid,
 * the V-cycles and the seed it was made for, the coefficients of the
 * operator A and the smoother C, and the seeded charges of the
 * right-hand side (format in mgrid_spec.h). */
#include <stdio.h>

#include "atomic_file.h"
#include "mgrid_spec.h"

int main(int argc, char **argv)
{
	static const double A[4] = MGRID_A, C[4] = MGRID_C;
	long pos[MGRID_POINTS][3];
	double q[MGRID_POINTS];
	struct mgrid_args a;
	struct atomic_file af;
	FILE *f;

	mgrid_parse_args(argc, argv, 1, &a);
	f = atomic_file_open_in(&af, "sp-mgrid-gen", a.path, MGRID_INPUT_NAME);
	if (!f)
		return 1;
	fprintf(f, "%s %ld %ld %llu\n", MGRID_INPUT_MAGIC, a.n, a.cycles,
		(unsigned long long)a.seed);
	fprintf(f, "%.17g %.17g %.17g %.17g\n", A[0], A[1], A[2], A[3]);
	fprintf(f, "%.17g %.17g %.17g %.17g\n", C[0], C[1], C[2], C[3]);
	fprintf(f, "%d\n", MGRID_POINTS);
	mgrid_charges(a.seed, a.n, pos, q);
	for (int i = 0; i < MGRID_POINTS; i++)
		fprintf(f, "%ld %ld %ld %g\n", pos[i][0], pos[i][1], pos[i][2],
			q[i]);
	return atomic_file_commit(&af) ? 1 : 0;
}
