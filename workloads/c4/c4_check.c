/* c4_check.c - sp-c4-check: verifies sp-c4's result file.  The values must
 * be consistent (the position's value is its best move's), the full columns
 * right, and every move's value equal to an independent one: the plain
 * array solver of c4_brute.c when few cells are empty, otherwise the table
 * of known positions below. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4_brute.h"
#include "check.h"
#include "c4_spec.h"

/* Positions with at most this many empty cells are solved here again. */
#define BRUTE_EMPTY 14
#define BRUTE_BUDGET 2000000000LL

/* Values of each move (columns 1..7, for the player to move) of positions
 * too deep for the plain solver.  Established with sp-c4 using tables of
 * 2^12, 2^16, 2^19 and 2^22 entries, which search very different trees
 * (3.5e9, 3.4e8, 3.1e7 and 1.2e7 nodes) and all gave these values. */
static const struct known {
	const char *moves;
	int child[7];
} known[] = {
	{ C4_DEFAULT_MOVES, { -1, 1, 0, 1, 1, 1, 1 } },
};

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
		size_t i;

		for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
			if (!strcmp(known[i].moves, a.moves))
				break;
		if (i == sizeof(known) / sizeof(known[0]))
			check_fail("no known value for position %s "
				   "(%d empty cells)", a.moves, empty);
		memcpy(truth, known[i].child, sizeof(truth));
		for (int c = 0; c < 7; c++) {
			int h = 0;

			for (const char *m = a.moves; *m; m++)
				h += *m - '1' == c;
			if (h == C4_HEIGHT)
				truth[c] = 2;
		}
		source = "the known value";
	}
	for (int c = 0; c < 7; c++)
		if (child[c] != truth[c])
			check_fail("column %d is %s, %s says %s", c + 1,
				   name(child[c]), source, name(truth[c]));
	return 0;
}
