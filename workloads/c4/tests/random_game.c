/* random_game.c - random legal connect-4 games for the solver tests
 * (random_game.h), shared so that each test states only its seed. */
#include "random_game.h"

static uint64_t rng = 1;

void rg_seed(uint64_t seed)
{
	rng = seed ? seed : 1;
}

unsigned rg_next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng >> 11);
}

static int four_at(int cell[7][6], int c, int r, int who)
{
	static const int d[4][2] = { {1, 0}, {0, 1}, {1, 1}, {1, -1} };

	for (int k = 0; k < 4; k++) {
		int run = 0;

		for (int i = -3; i <= 3; i++) {
			int x = c + i * d[k][0], y = r + i * d[k][1];

			run = (x >= 0 && x < 7 && y >= 0 && y < 6 &&
			       cell[x][y] == who) ? run + 1 : 0;
			if (run == 4)
				return 1;
		}
	}
	return 0;
}

int random_game(char *moves, int plies)
{
	int cell[7][6] = { { 0 } }, h[7] = { 0 };

	for (int i = 0; i < plies; i++) {
		int tries = 0, c;

		for (;;) {
			c = (int)(rg_next() % 7);
			if (h[c] < 6) {
				cell[c][h[c]] = 1 + (i & 1);
				if (!four_at(cell, c, h[c], 1 + (i & 1)))
					break;
				cell[c][h[c]] = 0;
			}
			if (++tries > 100)
				return 0;
		}
		h[c]++;
		moves[i] = (char)('1' + c);
	}
	moves[plies] = 0;
	return 1;
}
