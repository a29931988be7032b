/* apsi_gen.c - sp-apsi-gen: the apsi workload's input, DIR/apsi.in, the
 * model's parameters as "key value..." lines (SPEC's 301.apsi reads its
 * own from an input file too): the grid, the step count and time step,
 * the diffusivities and mean wind, the seeded stream function modes and
 * roll of the wind, the warm bubbles, each species' puff and source, and
 * the diffusion probe's mode. */
#include "apsi_input.h"
#include "atomic_file.h"

int main(int argc, char **argv)
{
	struct apsi_params p;
	struct apsi_args a;
	struct atomic_file af;
	FILE *f;

	apsi_parse_args(argc, argv, 1, &a);
	apsi_problem(a.n, a.steps, a.seed, &p);
	f = atomic_file_open_in(&af, "sp-apsi-gen", a.path, "apsi.in");
	if (!f)
		return 1;
	apsi_write_input(f, &p);
	return atomic_file_commit(&af) ? 1 : 0;
}
