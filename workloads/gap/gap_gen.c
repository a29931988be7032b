/* gap_gen.c - sp-gap-gen: the gap workload's input, DIR/gap.g, the GAP
 * script of these arguments: the seeded rounds as the record list
 * SpRounds, then the program (gap_program.g) that computes them. */
#include <stdio.h>

#include "atomic_file.h"
#include "gap_spec.h"

extern const char gap_program[];

static void write_round(FILE *f, const struct gap_round *g)
{
	fprintf(f, "rec(perm := rec(a := %d, b := %d, c := %d, m := %d, "
		"relabel := [", g->perm.a, g->perm.b, g->perm.c, g->perm.m);
	for (int i = 0; i < g->perm.degree; i++)
		fprintf(f, "%s%d", i ? ", " : "", g->perm.relabel[i]);
	fprintf(f, "]),\n    gl := rec(n := %d, q := %d, w := %d, conj := [",
		g->gl.n, g->gl.q, g->gl.w);
	for (int i = 0; i < g->gl.n; i++) {
		fprintf(f, "%s[", i ? ", " : "");
		for (int j = 0; j < g->gl.n; j++)
			fprintf(f, "%s%d", j ? ", " : "", g->gl.conj[i][j]);
		fputc(']', f);
	}
	fprintf(f, "]),\n    mat := rec(p := %d, k := %d, e := %d, x := %u),\n",
		g->mat.p, g->mat.k, g->mat.e, g->mat.x);
	fprintf(f, "    big := rec(f := %ld, fib := %ld, c := %ld, len := %ld, "
		"steps := %ld, x := %u),\n", g->big.f, g->big.fib, g->big.c,
		g->big.len, g->big.steps, g->big.x);
	fprintf(f, "    sort := rec(n := %ld, modulus := %ld, x := %u))",
		g->sort.n, g->sort.modulus, g->sort.x);
}

int main(int argc, char **argv)
{
	struct gap_round g;
	struct gap_args a;
	struct atomic_file af;
	FILE *f;

	gap_parse_args(argc, argv, 1, &a);
	f = atomic_file_open_in(&af, "sp-gap-gen", a.path, "gap.g");
	if (!f)
		return 1;
	fprintf(f, "# gap.g - made by sp-gap-gen: %ld rounds of seed %llu\n",
		a.rounds, (unsigned long long)a.seed);
	fputs("SpRounds := [\n", f);
	for (long r = 0; r < a.rounds; r++) {
		gap_round(a.seed, r, &g);
		fputs(r ? ",\n  " : "  ", f);
		write_round(f, &g);
	}
	fputs("\n];\n", f);
	fputs(gap_program, f);
	return atomic_file_commit(&af) ? 1 : 0;
}
