/* c4_check.c - sp-c4-check: verifies sp-c4's result file.  The values must
 * be consistent (the position's value is its best move's), the full columns
 * right, and every move's value equal to one found by code that shares
 * nothing with sp-c4: the plain array solver of c4_brute.c when few cells
 * are empty, otherwise the check's own solver (c4_check_solver.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4_brute.h"
#include "c4_check_solver.h"
#include "check.h"
#include "c4_spec.h"

/* Positions with at most this many empty cells are solved by the plain
 * solver; deeper ones by the check's solver, with a 4 MB table (the
 * 12-ply position: 2.9e6 positions, ~0.2 s) and a budget that fails a
 * position it could not solve within ~30 s. */
#define BRUTE_EMPTY 14
#define BRUTE_BUDGET 2000000000LL
#define SOLVER_TABLE_LOG2 18
#define SOLVER_BUDGET 200000000ULL

/* The next line of f, which must start with key; returns what follows. */
static const char *next(FILE *f, const char *key)
{
	static char line[256];
	size_t n = strlen(key);

	if (!fgets(line, sizeof(line), f))
		check_fail("result file truncated before '%s'", key);
	line[strcspn(line, "\n")] = 0;
	if (strncmp(line, key, n) || line[n] != ' ')
		check_fail("expected a '%s' line, got '%.40s'", key, line);
	return line + n + 1;
}

static unsigned long number(const char *s, const char *key)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (end == s || *end)
		check_fail("bad %s '%s'", key, s);
	return v;
}

static const char *name(int v)
{
	return v == 2 ? "full" : c4_value_name(v);
}

int main(int argc, char **argv)
{
	struct c4_args a;
	int child[7], truth[7], value, best = C4_LOSS - 1, empty;
	const char *s, *source;
	char expect[16];
	FILE *f;

	check_begin("sp-c4-check", NULL);
	c4_parse_args(argc, argv, 0, &a);
	f = fopen(a.path, "r");
	if (!f)
		check_fail("cannot read %s", a.path);
	s = next(f, "moves");
	if (strcmp(s, a.moves[0] ? a.moves : "-"))
		check_fail("moves are %s, should be %s", s, a.moves);
	if (number(next(f, "ply"), "ply") != strlen(a.moves))
		check_fail("ply should be %zu", strlen(a.moves));
	if (number(next(f, "tt_entries"), "tt_entries") != a.tt_entries)
		check_fail("tt_entries should be %lu", a.tt_entries);
	s = next(f, "value");
	value = c4_value_parse(s);
	if (value == 2)
		check_fail("bad value '%s'", s);
	for (int c = 0; c < 7; c++) {
		snprintf(expect, sizeof(expect), "column %d", c + 1);
		s = next(f, expect);
		child[c] = strcmp(s, "full") ? c4_value_parse(s) : 2;
		if (child[c] == 2 && strcmp(s, "full"))
			check_fail("bad value '%s' for column %d", s, c + 1);
		if (child[c] != 2 && child[c] > best)
			best = child[c];
	}
	if (number(next(f, "nodes"), "nodes") == 0)
		check_fail("no positions searched");
	fclose(f);
	if (value != best)
		check_fail("value %s is not the best move's value %s",
			   name(value), name(best));

	empty = C4_CELLS - (int)strlen(a.moves);
	if (empty <= BRUTE_EMPTY) {
		if (c4_brute_solve(a.moves, truth, BRUTE_BUDGET) == -2)
			check_fail("plain solver ran out of its node budget");
		source = "the plain solver";
	} else {
		int r = c4_check_solve(a.moves, truth, SOLVER_TABLE_LOG2,
					SOLVER_BUDGET, NULL);

		if (r == -2)
			check_fail("cannot allocate the check solver's table");
		if (r == -3)
			check_fail("the check's solver ran out of its budget on "
				   "%s (%d empty cells)", a.moves, empty);
		source = "the check's solver";
	}
	for (int c = 0; c < 7; c++)
		if (child[c] != truth[c])
			check_fail("column %d is %s, %s says %s", c + 1,
				   name(child[c]), source, name(truth[c]));
	return 0;
}
