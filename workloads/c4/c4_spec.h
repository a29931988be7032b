/* c4_spec.h - what sp-c4 and sp-c4-check agree on: the command line (the
 * position as a string of columns, the transposition table size), the
 * encoding of game values and the result file's layout. */
#ifndef SP_C4_SPEC_H
#define SP_C4_SPEC_H

#define C4_WIDTH 7
#define C4_HEIGHT 6
#define C4_CELLS (C4_WIDTH * C4_HEIGHT)

/* Game values, for the side to move. */
#define C4_LOSS (-1)
#define C4_DRAW 0
#define C4_WIN 1

/* The position solved when no -p is given: 12 plies, as in the paper. */
#define C4_DEFAULT_MOVES "444333555222"

struct c4_args {
	char moves[C4_CELLS + 1];	/* columns '1'..'7', the first player's first */
	unsigned long tt_entries;	/* 8-byte transposition table entries */
	const char *path;		/* -o for the program, positional for the check */
};

/* Parses argv; on bad input prints one line and exits 2.  with_output: the
 * program's form (-o FILE); otherwise the check's (one positional FILE). */
void c4_parse_args(int argc, char **argv, int with_output, struct c4_args *a);

/* "win", "draw" or "loss"; value from one of those, or 2 when unknown. */
const char *c4_value_name(int value);
int c4_value_parse(const char *name);

#endif
