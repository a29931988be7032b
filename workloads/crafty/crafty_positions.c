/* crafty_positions.c - the crafty workload's seeded positions
 * (crafty_spec.h): each the end of a random game of legal moves from the
 * starting position, so that the searches see varied, legal middlegames
 * and endgames that no engine chose. */
#include "crafty_spec.h"
#include "rng.h"

void crafty_position(uint64_t seed, long i, struct board *b, char *fen)
{
	uint64_t rng = rng_hash(seed ^ rng_hash((uint64_t)i));
	long plies = CRAFTY_PLIES_MIN + (long)rng_below(&rng,
							CRAFTY_PLIES_SPAN + 1);
	struct move m[CHESS_MAX_MOVES];
	struct board next;

	chess_from_fen(b, CHESS_START);
	for (long p = 0; p < plies; p++) {
		int n = chess_legal(b, m);

		next = *b;
		chess_make(&next, &m[rng_below(&rng, (uint64_t)n)]);
		/* Stop before a position with no move (mate or stalemate). */
		if (!chess_legal(&next, m))
			break;
		*b = next;
	}
	chess_to_fen(b, fen);
}
