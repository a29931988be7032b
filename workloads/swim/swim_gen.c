/* swim_gen.c - sp-swim-gen: the swim workload's input, DIR/swim.in, the
 * shallow water model's parameters as "key value" lines (SPEC's 171.swim
 * reads its own from swim.in too): the arrays' order, the step count, the
 * time step, grid spacing, time filter, and the initial stream function's
 * amplitude and seeded modes. */
#include <inttypes.h>
#include <stdio.h>

#include "atomic_file.h"
#include "swim_spec.h"

int main(int argc, char **argv)
{
	struct swim_params sp;
	struct swim_args a;
	struct atomic_file af;
	FILE *f;

	swim_parse_args(argc, argv, 1, &a);
	swim_params(a.n1, a.steps, a.seed, &sp);
	f = atomic_file_open_in(&af, "sp-swim-gen", a.path, "swim.in");
	if (!f)
		return 1;
	fprintf(f, "n1 %ld\nn2 %ld\nitmax %ld\nmprint %ld\n", sp.n1, sp.n2,
		sp.itmax, sp.mprint);
	fprintf(f, "dt %.17g\ndx %.17g\ndy %.17g\na %.17g\nalpha %.17g\n"
		"p0 %.17g\n", sp.dt, sp.dx, sp.dy, sp.a, sp.alpha, sp.p0);
	fprintf(f, "seed %" PRIu64 "\nmodes %ld\n", sp.seed, sp.modes);
	for (long k = 0; k < sp.modes; k++)
		fprintf(f, "mode %ld %ld %.17g %.17g %.17g\n", sp.mode[k].p,
			sp.mode[k].q, sp.mode[k].amp, sp.mode[k].phx,
			sp.mode[k].phy);
	return atomic_file_commit(&af) ? 1 : 0;
}
