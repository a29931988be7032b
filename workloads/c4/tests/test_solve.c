/* test_solve.c - the bitboard solver against the plain array solver on
 * random positions near the end of the game, where the plain one is fast. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "c4_brute.h"
#include "c4_solve.h"
#include "c4_spec.h"
#include "tap.h"

static uint64_t rng = 12345;

static unsigned next(void)
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

/* A random legal game of `plies` moves in which nobody has won yet;
 * returns 0 when the random walk got stuck. */
static int random_game(char *moves, int plies)
{
	int cell[7][6] = { { 0 } }, h[7] = { 0 };

	for (int i = 0; i < plies; i++) {
		int tries = 0, c;

		for (;;) {
			c = (int)(next() % 7);
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

int main(void)
{
	struct c4_solver s;
	char moves[C4_CELLS + 1];
	int a[7], b[7], va, vb, games = 0, agree = 0, kinds[3] = { 0 };

	TAP_CHECK(c4_solver_init(&s, 1UL << 12) == 0, "table allocated");
	while (games < 400) {
		int plies = 26 + (int)(next() % 14);

		if (!random_game(moves, plies))
			continue;
		games++;
		va = c4_solve_root(&s, moves, a);
		vb = c4_brute_solve(moves, b, 1LL << 40);
		if (va == vb && !memcmp(a, b, sizeof(a)))
			agree++;
		else
			TAP_CHECK(0, "position %s: %d vs plain %d", moves, va, vb);
		kinds[vb + 1]++;
	}
	TAP_CHECK(agree == games, "%d of %d random positions agree", agree,
		  games);
	TAP_CHECK(kinds[0] && kinds[1] && kinds[2],
		  "losses %d, draws %d, wins %d all occur", kinds[0], kinds[1],
		  kinds[2]);

	c4_solver_free(&s);
	return tap_done();
}
