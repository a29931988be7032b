/* c4_args.c - command line of sp-c4 and sp-c4-check, parsed the same way by
 * both so that a manifest's {args} mean one position and table to each. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4_spec.h"

#define MAX_LOG2 34
#define MAX_MB (1L << 17)

static void usage_fail(const char *prog, int with_output, const char *what)
{
	fprintf(stderr,
		"%s: %s (usage: %s [-p MOVES] {-t LOG2 | --mb M} %s)\n",
		prog, what, prog, with_output ? "-o FILE" : "FILE");
	exit(2);
}

static long parse_num(const char *prog, int with_output, const char *s,
		      long min, long max, const char *name)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max) {
		char msg[128];

		snprintf(msg, sizeof(msg), "bad %s '%s' (%ld..%ld)", name, s,
			 min, max);
		usage_fail(prog, with_output, msg);
	}
	return v;
}

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

void c4_parse_args(int argc, char **argv, int with_output, struct c4_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prog = argv[0], *why;
	long log2 = 0, mb = 0;
	int c;

	strcpy(a->moves, C4_DEFAULT_MOVES);
	a->path = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv, with_output ? ":p:t:o:" : ":p:t:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (strlen(optarg) > C4_CELLS)
				usage_fail(prog, with_output, "too many moves");
			strcpy(a->moves, optarg);
			break;
		case 't':
			log2 = parse_num(prog, with_output, optarg, 4, MAX_LOG2,
					 "table log2 size");
			break;
		case 'm':
			mb = parse_num(prog, with_output, optarg, 1, MAX_MB,
				       "MB");
			break;
		case 'o':
			a->path = optarg;
			break;
		case ':':
			usage_fail(prog, with_output, "option needs a value");
			break;
		default:
			usage_fail(prog, with_output, "unknown option");
		}
	}
	if (!with_output) {
		if (optind != argc - 1)
			usage_fail(prog, with_output, "need one result file");
		a->path = argv[optind];
	} else if (optind != argc) {
		usage_fail(prog, with_output, "unexpected argument");
	} else if (!a->path) {
		usage_fail(prog, with_output, "missing -o FILE");
	}
	if (!!log2 == !!mb)
		usage_fail(prog, with_output, "give exactly one of -t and --mb");
	why = bad_moves(a->moves);
	if (why) {
		char msg[160];

		snprintf(msg, sizeof(msg), "bad position '%s': %s", a->moves,
			 why);
		usage_fail(prog, with_output, msg);
	}
	if (strlen(a->moves) == C4_CELLS)
		usage_fail(prog, with_output, "the board is full");
	a->tt_entries = log2 ? 1UL << log2 : (unsigned long)mb * 1048576UL / 8;
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
