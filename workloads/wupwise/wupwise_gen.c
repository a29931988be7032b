/* wupwise_gen.c - sp-wupwise-gen: the wupwise workload's input file, the
 * parameters of the solve (lattice extents, seed, kappa, tolerance,
 * iteration limit) that sp-wupwise reads, as SPEC's wupwise reads
 * wupwise.in; the gauge field and source are made from the seed at the
 * run's start, as SPEC's are. */
#include "atomic_file.h"
#include "wupwise_input.h"

int main(int argc, char **argv)
{
	struct wup_args a;
	struct wup_params p;
	struct atomic_file af;
	FILE *f;

	wup_parse_args(argc, argv, 1, &a);
	wup_params_of(&a, &p);
	f = atomic_file_open(&af, "sp-wupwise-gen", a.path);
	if (!f)
		return 1;
	wup_input_write(f, &p);
	return atomic_file_commit(&af) ? 1 : 0;
}
