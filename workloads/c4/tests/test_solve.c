/* test_solve.c - the bitboard solver against the plain array solver on
 * random positions near the end of the game, where the plain one is fast. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "c4_brute.h"
#include "c4_solve.h"
#include "c4_spec.h"
#include "random_game.h"
#include "tap.h"

int main(void)
{
	struct c4_solver s;
	char moves[C4_CELLS + 1];
	int a[7], b[7], va, vb, games = 0, agree = 0, kinds[3] = { 0 };

	rg_seed(12345);
	TAP_CHECK(c4_solver_init(&s, 1UL << 12) == 0, "table allocated");
	while (games < 400) {
		int plies = 26 + (int)(rg_next() % 14);

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
