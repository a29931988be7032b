/* test_check_solver.c - the check's own solver on positions whose values
 * are known by construction (a win in one, a double threat made or faced),
 * against the plain array solver near the end of the game, and against
 * sp-c4's solver in the middle game, where the plain one is too slow. */
#include <stdint.h>
#include <string.h>

#include "c4_brute.h"
#include "c4_check_solver.h"
#include "c4_solve.h"
#include "random_game.h"
#include "tap.h"

#define BUDGET 100000000ULL

static void by_construction(void)
{
	int child[7];

	/* first player stacks three in column 1: column 1 wins now */
	TAP_CHECK(c4_check_solve("121314", child, 12, BUDGET, NULL) == 1 &&
		  child[0] == 1, "three stacked: the fourth wins");
	/* first player has columns 3-5 on the floor, both ends open: every
	 * move of the second player loses */
	TAP_CHECK(c4_check_solve("33445", child, 16, BUDGET, NULL) == -1,
		  "facing an open three: a loss");
	for (int c = 0; c < 7; c++)
		TAP_CHECK(child[c] == -1, "open three: column %d loses", c + 1);
	/* first player has columns 1, 3 and 4 on the floor: every move of the
	 * second player but column 2 lets column 2 make four */
	c4_check_solve("33441", child, 16, BUDGET, NULL);
	for (int c = 0; c < 7; c++)
		TAP_CHECK(c == 1 || child[c] == -1, "gap at 2: column %d loses",
			  c + 1);
	TAP_CHECK(c4_check_solve("", child, 12, 1000, NULL) == -3,
		  "the empty board exceeds a small budget");
}

static void against(const char *what, int lo, int span, int games,
		    struct c4_solver *fast)
{
	char moves[43];
	int a[7], b[7], agree = 0, kinds[3] = { 0 }, played = 0;

	while (played < games) {
		int va, vb;

		if (!random_game(moves, lo + (int)(rg_next() % span)))
			continue;
		played++;
		va = c4_check_solve(moves, a, 16, BUDGET, NULL);
		vb = fast ? c4_solve_root(fast, moves, b)
			  : c4_brute_solve(moves, b, 1LL << 40);
		if (va == vb && !memcmp(a, b, sizeof(a)))
			agree++;
		else
			TAP_CHECK(0, "%s: %s gives %d, the other %d", what,
				  moves, va, vb);
		if (vb >= -1 && vb <= 1)
			kinds[vb + 1]++;
	}
	TAP_CHECK(agree == games, "%s: %d of %d positions agree", what, agree,
		  games);
	TAP_CHECK(kinds[0] && kinds[1] && kinds[2],
		  "%s: losses %d, draws %d, wins %d all occur", what, kinds[0],
		  kinds[1], kinds[2]);
}

int main(void)
{
	struct c4_solver fast;

	rg_seed(987654321);
	by_construction();
	against("near the end, plain solver", 28, 10, 300, NULL);
	TAP_CHECK(c4_solver_init(&fast, 1UL << 20) == 0, "table allocated");
	against("middle game, sp-c4's solver", 14, 8, 40, &fast);
	c4_solver_free(&fast);
	return tap_done();
}
