/* crafty_positions.c - the crafty workload's seeded positions
 * (crafty_spec.h): each the end of a random game of legal moves from the
 * starting position, so that the searches see varied, legal middlegames
 * and endgames that no engine chose.  Two in ten are the first position of
 * such games where the side to move can force mate in one or in two
 * moves, so that the check knows their right moves without the engine. */
#include "crafty_mate.h"
#include "crafty_spec.h"
#include "rng.h"

/* Random games tried for a mate position before giving up (one in a few
 * hundred positions of these games has one). */
#define MATE_GAMES 100000
#define MATE_GAME_PLIES 60

int crafty_mate_wanted(long i)
{
	return i % 10 == 1 ? 1 : i % 10 == 4 ? 2 : 0;
}

static void random_game(uint64_t *rng, long plies, struct board *b)
{
	struct move m[CHESS_MAX_MOVES];
	struct board next;

	chess_from_fen(b, CHESS_START);
	for (long p = 0; p < plies; p++) {
		int n = chess_legal(b, m);

		next = *b;
		chess_make(&next, &m[rng_below(rng, (uint64_t)n)]);
		/* Stop before a position with no move (mate or stalemate). */
		if (!chess_legal(&next, m))
			break;
		*b = next;
	}
}

/* Plays random games until one reaches, after at least the usual fewest
 * plies, a position with a mate in exactly `wanted` moves; 0 when none
 * did within MATE_GAMES games. */
static int mate_game(uint64_t *rng, int wanted, struct board *b)
{
	struct move m[CHESS_MAX_MOVES];

	for (long g = 0; g < MATE_GAMES; g++) {
		chess_from_fen(b, CHESS_START);
		for (long p = 0; p < MATE_GAME_PLIES; p++) {
			int n = chess_legal(b, m);

			if (!n)
				break;
			if (p >= CRAFTY_PLIES_MIN &&
			    mate_length(b, wanted) == wanted)
				return wanted;
			chess_make(b, &m[rng_below(rng, (uint64_t)n)]);
		}
	}
	return 0;
}

int crafty_position(uint64_t seed, long i, struct board *b, char *fen)
{
	uint64_t rng = rng_hash(seed ^ rng_hash((uint64_t)i));
	int mate = 0;

	if (crafty_mate_wanted(i))
		mate = mate_game(&rng, crafty_mate_wanted(i), b);
	if (!mate)
		random_game(&rng, CRAFTY_PLIES_MIN +
			    (long)rng_below(&rng, CRAFTY_PLIES_SPAN + 1), b);
	chess_to_fen(b, fen);
	return mate;
}
