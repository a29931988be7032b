/* crafty_mate.c - exhaustive mate search of crafty_mate.h: a move mates
 * when the other side is then in check with no legal move; a move mates in
 * two when the other side has a legal move and each of them allows a mate. */
#include "crafty_mate.h"

static int is_mate(const struct board *b)
{
	struct move m[CHESS_MAX_MOVES];

	return chess_in_check(b) && chess_legal(b, m) == 0;
}

static int has_mate_in_one(const struct board *b)
{
	struct move m[CHESS_MAX_MOVES];
	int n = chess_legal(b, m);

	for (int i = 0; i < n; i++) {
		struct board t = *b;

		chess_make(&t, &m[i]);
		if (is_mate(&t))
			return 1;
	}
	return 0;
}

/* Whether every reply of the side to move of b allows a mate in one, and
 * there is a reply. */
static int every_reply_mated(const struct board *b)
{
	struct move r[CHESS_MAX_MOVES];
	int n = chess_legal(b, r);

	for (int i = 0; i < n; i++) {
		struct board t = *b;

		chess_make(&t, &r[i]);
		if (!has_mate_in_one(&t))
			return 0;
	}
	return n > 0;
}

int mate_moves(const struct board *b, int moves, struct move *m)
{
	struct move all[CHESS_MAX_MOVES];
	int n = chess_legal(b, all), k = 0;

	for (int i = 0; i < n; i++) {
		struct board t = *b;

		chess_make(&t, &all[i]);
		if (is_mate(&t) || (moves > 1 && every_reply_mated(&t)))
			m[k++] = all[i];
	}
	return k;
}

int mate_length(const struct board *b, int max_moves)
{
	struct move m[CHESS_MAX_MOVES];

	for (int n = 1; n <= max_moves; n++)
		if (mate_moves(b, n, m))
			return n;
	return 0;
}
