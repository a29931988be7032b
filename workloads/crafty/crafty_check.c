/* crafty_check.c - sp-crafty-check: verifies stockfish's bench output for
 * the crafty workload with rules of its own (crafty_chess.c), not the
 * engine's: every position searched, in order, is the one derived here
 * from the seed; each search reached the depth asked; its best move is
 * the first of its principal variation, the ponder move the second, and
 * that whole variation is a sequence of legal moves; in the positions
 * chosen to have a forced mate in one or two moves, the best move is one
 * that forces it, as this check's own exhaustive search finds
 * (crafty_mate.c), and the score the engine gives is that mate; and the
 * engine's total of nodes is the sum of the positions' final node counts. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "crafty_mate.h"
#include "crafty_spec.h"

#define LINE_MAX 8192

/* The value after " key " in an info line, or -1. */
static long long info_value(const char *line, const char *key)
{
	char pat[32];
	const char *p;

	snprintf(pat, sizeof(pat), " %s ", key);
	p = strstr(line, pat);
	return p ? strtoll(p + strlen(pat), NULL, 10) : -1;
}

/* Plays the principal variation of info line pv on b; the first two
 * moves into best and ponder ("" when absent); returns its length. */
static int play_pv(struct board b, const char *line, long pos,
		    char *best, char *ponder)
{
	char *copy = strdup(strstr(line, " pv ") + 4), *save = NULL, *m;
	int k = 0;

	best[0] = ponder[0] = '\0';
	for (m = strtok_r(copy, " \n", &save); m;
	     m = strtok_r(NULL, " \n", &save), k++) {
		if (strlen(m) > 5 || chess_play_uci(&b, m))
			check_fail("position %ld: move %d of the variation, "
				   "%.8s, is not legal there", pos, k + 1, m);
		if (k < 2)
			strcpy(k ? ponder : best, m);
	}
	free(copy);
	if (!k)
		check_fail("position %ld: empty variation", pos);
	return k;
}

/* In a position where the side to move mates in `mate` moves, the best
 * move must be one of the moves that do, and the score that mate. */
static void require_mate(const struct board *b, int mate, const char *line,
			 const char *best, long pos)
{
	struct move m[CHESS_MAX_MOVES];
	char uci[8], score[32];
	int n = mate_moves(b, mate, m);

	for (int i = 0; i < n; i++) {
		chess_uci(&m[i], uci);
		if (!strcmp(uci, best))
			break;
		if (i == n - 1)
			check_fail("position %ld: best move %s does not mate in "
				   "%d; %d move(s) do, e.g. %s", pos, best,
				   mate, n, uci);
	}
	snprintf(score, sizeof(score), " score mate %d ", mate);
	if (!strstr(line, score))
		check_fail("position %ld: the score is not mate in %d", pos,
			   mate);
}

int main(int argc, char **argv)
{
	static char line[LINE_MAX], last[LINE_MAX];
	char fen[CHESS_FEN_MAX], want[CHESS_FEN_MAX + 40];
	char best[8], ponder[8], got_best[8], got_ponder[8];
	struct crafty_args a;
	struct board b;
	long pos = 0, n;
	unsigned long long sum = 0, total;
	int in_search = 0, fields, mate = 0, mates = 0;
	FILE *f;

	crafty_parse_args(argc, argv, 0, &a);
	check_begin("sp-crafty-check", a.path);
	f = fopen(a.path, "r");
	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Position: ", 10)) {
			if (in_search)
				check_fail("position %ld: no best move", pos);
			mate = crafty_position(a.seed, pos, &b, fen);
			snprintf(want, sizeof(want), "Position: %ld/%ld (%s)\n",
				 pos + 1, a.positions, fen);
			if (strcmp(line, want))
				check_fail("position %ld is not the one of "
					   "these arguments", pos + 1);
			pos++;
			in_search = 1;
			last[0] = '\0';
		} else if (in_search && !strncmp(line, "info depth ", 11) &&
			   strstr(line, " nodes ") && strstr(line, " pv ")) {
			strcpy(last, line);
		} else if (in_search && !strncmp(line, "bestmove ", 9)) {
			if (!last[0])
				check_fail("position %ld: no search line", pos);
			if (info_value(last, "depth") != a.depth)
				check_fail("position %ld: searched to depth "
					   "%lld, not %ld", pos,
					   info_value(last, "depth"), a.depth);
			/* With a one-move variation the engine plays the
			 * best move once more to look for a ponder move in its
			 * hash, and counts that as a node searched. */
			sum += play_pv(b, last, pos, best, ponder) == 1;
			got_ponder[0] = '\0';
			fields = sscanf(line, "bestmove %7s ponder %7s",
					got_best, got_ponder);
			if (fields < 1 || strcmp(got_best, best))
				check_fail("position %ld: best move is not the "
					   "variation's first", pos);
			if (strcmp(got_ponder, ponder) && got_ponder[0])
				check_fail("position %ld: ponder move is not "
					   "the variation's second", pos);
			if (mate) {
				require_mate(&b, mate, last, got_best, pos);
				mates++;
			}
			sum += (unsigned long long)info_value(last, "nodes");
			in_search = 0;
		} else if (!strncmp(line, "Nodes searched  : ", 18)) {
			break;
		}
	}
	if (in_search || pos != a.positions)
		check_fail("%ld of %ld positions searched", pos - in_search,
			   a.positions);
	if (sscanf(line, "Nodes searched  : %llu", &total) != 1)
		check_fail("no total of nodes searched");
	if (total != sum)
		check_fail("total nodes %llu, but the positions' sum to %llu",
			   total, sum);
	n = 0;
	while (fgets(line, sizeof(line), f))
		n++;
	if (n != 1 || strncmp(line, "Nodes/second", 12))
		check_fail("unexpected text after the total");
	fclose(f);
	printf("ok %ld positions to depth %ld, %llu nodes, %d forced mates "
	       "found\n", a.positions, a.depth, total, mates);
	return 0;
}
