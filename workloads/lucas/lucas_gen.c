/* lucas_gen.c - sp-lucas-gen: the lucas workload's input, DIR/lucas.in,
 * the Lucas-Lehmer runs its arguments and seed make (lucas_plan), one a
 * line, as SPEC's lucas reads its exponent and iterations from a file. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "lucas_spec.h"

int main(int argc, char **argv)
{
	static char path[PATH_MAX];
	struct lucas_args a;
	struct atomic_file af;
	struct lucas_run *runs;
	long count;
	FILE *f;

	lucas_parse_args(argc, argv, 1, &a);
	runs = lucas_plan(&a, &count);
	if (!runs) {
		fprintf(stderr, "sp-lucas-gen: no exponent of transform length "
			"%ld has a known factor\n", a.length);
		return 1;
	}
	if (mkdir(a.path, 0777) && errno != EEXIST) {
		fprintf(stderr, "sp-lucas-gen: cannot create %s: %s\n", a.path,
			strerror(errno));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/%s", a.path, LUCAS_INPUT);
	f = atomic_file_open(&af, "sp-lucas-gen", path);
	if (!f)
		return 1;
	lucas_input_write(f, &a, runs, count);
	free(runs);
	return atomic_file_commit(&af) ? 1 : 0;
}
