/* c4_args.c - command line of sp-c4 and sp-c4-check, parsed the same way by
 * both so that a manifest's {args} mean one position and table to each. */
#include <stdio.h>
#include <string.h>

#include "cli_size.h"
#include "c4_spec.h"

#define MAX_LOG2 34
#define MAX_MB (1ULL << 17)

/* A legal move sequence: columns 1..7, none overfilled, and nobody has
 * four in a row before its last move (the game would have ended). */
static const char *bad_moves(const char *s)
{
	int height[C4_WIDTH] = { 0 };
	int cell[C4_WIDTH][C4_HEIGHT];
	size_t n = strlen(s);

	if (n > C4_CELLS)
		return "too many moves";
	for (size_t i = 0; i < n; i++) {
		int c = s[i] - '1', r, who = (int)(i & 1);
		static const int dirs[4][2] = { {1, 0}, {0, 1}, {1, 1}, {1, -1} };

		if (c < 0 || c >= C4_WIDTH)
			return "columns are digits 1..7";
		if (height[c] == C4_HEIGHT)
			return "a column is played more than 6 times";
		r = height[c]++;
		cell[c][r] = who;
		for (int d = 0; d < 4; d++) {
			int run = 1;

			for (int sgn = -1; sgn <= 1; sgn += 2) {
				int x = c + sgn * dirs[d][0];
				int y = r + sgn * dirs[d][1];

				while (x >= 0 && x < C4_WIDTH && y >= 0 &&
				       y < height[x] && cell[x][y] == who) {
					run++;
					x += sgn * dirs[d][0];
					y += sgn * dirs[d][1];
				}
			}
			if (run >= 4)
				return "the game is already won";
		}
	}
	return NULL;
}

/* -p MOVES */
static void moves_option(const struct cli *c, int opt, const char *arg,
			 void *ctx)
{
	struct c4_args *a = ctx;

	(void)opt;
	if (strlen(arg) > C4_CELLS)
		cli_fail(c, "too many moves");
	strcpy(a->moves, arg);
}

void c4_parse_args(int argc, char **argv, int with_output, struct c4_args *a)
{
	struct cli_size s = {
		.usage = "[-p MOVES] {-t LOG2 | --mb M}",
		.count = { 't', "table log2 size", 4, MAX_LOG2 },
		.mb_max = MAX_MB,
		.more = { { .opt = 'p' } },
		.option = moves_option,
		.ctx = a,
	};
	const char *why;

	strcpy(a->moves, C4_DEFAULT_MOVES);
	cli_size_parse(&s, argc, argv, with_output);
	a->path = s.path;
	cli_size_one(&s);
	why = bad_moves(a->moves);
	if (why) {
		char msg[160];

		snprintf(msg, sizeof(msg), "bad position '%s': %s", a->moves,
			 why);
		cli_fail(&s.cli, msg);
	}
	if (strlen(a->moves) == C4_CELLS)
		cli_fail(&s.cli, "the board is full");
	a->tt_entries = s.n ? 1UL << s.n : (unsigned long)s.mb * 1048576UL / 8;
}

const char *c4_value_name(int value)
{
	return value > 0 ? "win" : value < 0 ? "loss" : "draw";
}

int c4_value_parse(const char *name)
{
	if (!strcmp(name, "win"))
		return C4_WIN;
	if (!strcmp(name, "loss"))
		return C4_LOSS;
	if (!strcmp(name, "draw"))
		return C4_DRAW;
	return 2;
}
