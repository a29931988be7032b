/* crafty_gen.c - sp-crafty-gen: the crafty workload's input,
 * DIR/positions.fen, the seeded positions one FEN a line, as stockfish's
 * bench command reads them. */
#include <stdio.h>

#include "atomic_file.h"
#include "crafty_spec.h"

int main(int argc, char **argv)
{
	char fen[CHESS_FEN_MAX];
	struct crafty_args a;
	struct atomic_file af;
	struct board b;
	FILE *f;

	crafty_parse_args(argc, argv, 1, &a);
	f = atomic_file_open_in(&af, "sp-crafty-gen", a.path, "positions.fen");
	if (!f)
		return 1;
	for (long i = 0; i < a.positions; i++) {
		crafty_position(a.seed, i, &b, fen);
		fprintf(f, "%s\n", fen);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}
