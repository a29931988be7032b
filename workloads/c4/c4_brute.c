/* c4_brute.c - plain array minimax for connect-4 (see c4_brute.h).  It shares
 * nothing with the bitboard solver: a move wins when the stone just placed
 * starts or extends a line of four, found by walking the board. */
#include <string.h>

#include "c4_brute.h"

#define W 7
#define H 6

struct board {
	signed char cell[W][H];	/* 0 empty, 1 first player, 2 second */
	int height[W];
	int played;
	long long budget;
};

static int makes_four(const struct board *b, int c, int r, int who)
{
	static const int d[4][2] = { {1, 0}, {0, 1}, {1, 1}, {1, -1} };

	for (int k = 0; k < 4; k++) {
		int run = 1;

		for (int sgn = -1; sgn <= 1; sgn += 2) {
			int x = c + sgn * d[k][0], y = r + sgn * d[k][1];

			while (x >= 0 && x < W && y >= 0 && y < H &&
			       b->cell[x][y] == who) {
				run++;
				x += sgn * d[k][0];
				y += sgn * d[k][1];
			}
		}
		if (run >= 4)
			return 1;
	}
	return 0;
}

static int search(struct board *b, int alpha, int beta)
{
	int who = 1 + (b->played & 1), best = -2;

	if (--b->budget < 0)
		return 0;
	if (b->played == W * H)
		return 0;
	for (int c = 0; c < W; c++)
		if (b->height[c] < H && makes_four(b, c, b->height[c], who))
			return 1;
	for (int c = 0; c < W; c++) {
		int v;

		if (b->height[c] == H)
			continue;
		b->cell[c][b->height[c]++] = (signed char)who;
		b->played++;
		v = -search(b, -beta, -alpha);
		b->played--;
		b->cell[c][--b->height[c]] = 0;
		if (v > best)
			best = v;
		if (v > alpha)
			alpha = v;
		if (alpha >= beta)
			break;
	}
	return best;
}

int c4_brute_solve(const char *moves, int child[7], long long budget)
{
	struct board b;
	int best = -2;

	memset(&b, 0, sizeof(b));
	b.budget = budget;
	for (const char *m = moves; *m; m++) {
		int c = *m - '1';

		b.cell[c][b.height[c]++] = (signed char)(1 + (b.played & 1));
		b.played++;
	}
	for (int c = 0; c < W; c++) {
		int who = 1 + (b.played & 1);

		if (b.height[c] == H) {
			child[c] = 2;
			continue;
		}
		if (makes_four(&b, c, b.height[c], who)) {
			child[c] = 1;
		} else {
			b.cell[c][b.height[c]++] = (signed char)who;
			b.played++;
			child[c] = -search(&b, -1, 1);
			b.played--;
			b.cell[c][--b.height[c]] = 0;
		}
		if (child[c] > best)
			best = child[c];
	}
	return b.budget < 0 ? -2 : best;
}
