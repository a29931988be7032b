/* random_game.h - random legal connect-4 games for the solver tests. */
#ifndef C4_RANDOM_GAME_H
#define C4_RANDOM_GAME_H

#include <stdint.h>

/* Seeds the generator next() draws from. */
void rg_seed(uint64_t seed);

/* The next pseudo-random number (xorshift). */
unsigned rg_next(void);

/* A random legal game of `plies` moves (columns '1'..'7', NUL-ended) in
 * which nobody has won yet; returns 0 when the random walk got stuck. */
int random_game(char *moves, int plies);

#endif
