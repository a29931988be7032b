/* galgel_gen.c - sp-galgel-gen: the galgel workload's input, DIR/galgel.in
 * (SPEC's 178.galgel reads its parameters from galgel.in too): the basis
 * sizes, the GAMM problem's Prandtl number and aspect ratio, Newton's
 * tolerance, and the seeded Grashof sweep. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "galgel_input.h"

int main(int argc, char **argv)
{
	static char path[PATH_MAX];
	struct galgel_params p;
	struct galgel_args a;
	struct atomic_file af;
	FILE *f;

	galgel_parse_args(argc, argv, 1, &a);
	if (mkdir(a.path, 0777) && errno != EEXIST) {
		fprintf(stderr, "sp-galgel-gen: cannot create %s: %s\n", a.path,
			strerror(errno));
		return 1;
	}
	if (galgel_params(a.nx, a.steps, a.seed, &p)) {
		fprintf(stderr, "sp-galgel-gen: out of memory\n");
		return 1;
	}
	snprintf(path, sizeof(path), "%s/galgel.in", a.path);
	f = atomic_file_open(&af, "sp-galgel-gen", path);
	if (!f)
		return 1;
	galgel_input_write(f, &p);
	return atomic_file_commit(&af) ? 1 : 0;
}
