/* c4.c - sp-c4: solves a connect-4 position (the paper's c4 workload, after
 * John Tromp's Fhourstones) and writes the value of the position and of
 * each move in it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "c4_solve.h"
#include "c4_spec.h"

static int write_result(const char *path, const struct c4_args *a,
			const struct c4_solver *s, int value, const int child[7])
{
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, "sp-c4", path);

	if (!f)
		return -1;
	fprintf(f, "moves %s\nply %zu\ntt_entries %lu\nvalue %s\n",
		a->moves[0] ? a->moves : "-", strlen(a->moves), a->tt_entries,
		c4_value_name(value));
	for (int c = 0; c < 7; c++)
		fprintf(f, "column %d %s\n", c + 1,
			child[c] == 2 ? "full" : c4_value_name(child[c]));
	fprintf(f, "nodes %llu\n", (unsigned long long)s->nodes);
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct c4_solver s;
	struct c4_args a;
	int child[7], value;

	c4_parse_args(argc, argv, 1, &a);
	if (c4_solver_init(&s, a.tt_entries)) {
		fprintf(stderr, "sp-c4: cannot allocate %lu table entries\n",
			a.tt_entries);
		return 1;
	}
	value = c4_solve_root(&s, a.moves, child);
	if (write_result(a.path, &a, &s, value, child))
		return 1;
	c4_solver_free(&s);
	return 0;
}
