/* crafty_mate.h - forced mates in one or two moves, found by trying every
 * legal move and reply with the workload's own chess rules, so that the
 * crafty check knows the right move of some positions without the engine. */
#ifndef SP_CRAFTY_MATE_H
#define SP_CRAFTY_MATE_H

#include "crafty_chess.h"

/* The moves of b that mate in at most `moves` moves (1 or 2) whatever the
 * defence, into m (CHESS_MAX_MOVES); their count. */
int mate_moves(const struct board *b, int moves, struct move *m);

/* The fewest moves (1 or 2, at most max_moves) in which the side to move
 * of b mates whatever the defence, or 0 when it cannot. */
int mate_length(const struct board *b, int max_moves);

#endif
