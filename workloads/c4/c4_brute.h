/* c4_brute.h - an independent, deliberately plain connect-4 solver for
 * sp-c4-check and the tests: a 7x6 array, full minimax with alpha-beta
 * and no table, so it is only used near the end of the game. */
#ifndef SP_C4_BRUTE_H
#define SP_C4_BRUTE_H

/* Value (1 win, 0 draw, -1 loss) for the player to move after the moves of
 * a legal unfinished game; in child[c] the value of playing column c
 * (2 when full).  Returns -2 when the node budget runs out. */
int c4_brute_solve(const char *moves, int child[7], long long budget);

#endif
