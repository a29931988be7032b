/* c4_solve.h - the connect-4 solver of sp-c4: bitboard negamax with
 * alpha-beta pruning over win/draw/loss and a transposition table. */
#ifndef SP_C4_SOLVE_H
#define SP_C4_SOLVE_H

#include <stdint.h>

struct c4_solver {
	uint64_t *tt;		/* entries: key << 4 | lower bound | upper bound */
	unsigned long entries;
	uint64_t nodes;		/* positions searched */
};

/* Allocates and zeroes (so touches) a table of the given entry count;
 * returns -1 when memory is short. */
int c4_solver_init(struct c4_solver *s, unsigned long entries);
void c4_solver_free(struct c4_solver *s);

/* The value (C4_WIN, C4_DRAW, C4_LOSS) for the side to move after the moves
 * (columns '1'..'7') of a legal, unfinished game, and in child[c] the value
 * for the same player of playing column c (2 where the column is full). */
int c4_solve_root(struct c4_solver *s, const char *moves, int child[7]);

#endif
