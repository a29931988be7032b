/* crafty_spec.h - what sp-crafty-gen, sp-crafty-search and sp-crafty-check
 * agree on: the command line, how the engine is run, and the seeded
 * positions it searches. */
#ifndef SP_CRAFTY_SPEC_H
#define SP_CRAFTY_SPEC_H

#include <stdint.h>

#include "crafty_chess.h"

#define CRAFTY_ENGINE "/usr/games/stockfish"
/* stockfish bench's last arguments: limit by depth, classical evaluation
 * (crafty's kind: a hand-written evaluation, no neural network). */
#define CRAFTY_LIMIT "depth"
#define CRAFTY_EVAL "classical"

/* The random game before each position: CRAFTY_PLIES_MIN plies, and up to
 * CRAFTY_PLIES_SPAN more. */
#define CRAFTY_PLIES_MIN 8
#define CRAFTY_PLIES_SPAN 24

struct crafty_args {
	long hash_mb;		/* the engine's hash table: SPEC's crafty 2 MB */
	long positions, depth;
	uint64_t seed;
	const char *fens;	/* sp-crafty-search: -i, the positions file */
	const char *path;	/* -o DIR (gen), -o FILE (search), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one positional FILE), 1 the generator (-o DIR), 2 the search (-i
 * FENS -o FILE). */
void crafty_parse_args(int argc, char **argv, int form,
		       struct crafty_args *a);

/* Position i (from 0) of the seed: the board after a seeded random game
 * from the start, one with legal moves; its FEN into fen.  Returns the
 * moves in which its side to move forces mate (1 or 2) for the positions
 * chosen for that (crafty_mate_wanted), otherwise 0. */
int crafty_position(uint64_t seed, long i, struct board *b, char *fen);
/* 1 or 2 for the positions that are to be a mate in so many moves. */
int crafty_mate_wanted(long i);

#endif
