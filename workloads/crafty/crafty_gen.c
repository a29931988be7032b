/* crafty_gen.c - sp-crafty-gen: the crafty workload's input,
 * DIR/positions.fen, the seeded positions one FEN a line, as stockfish's
 * bench command reads them. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "crafty_spec.h"

int main(int argc, char **argv)
{
	static char path[PATH_MAX];
	char fen[CHESS_FEN_MAX];
	struct crafty_args a;
	struct atomic_file af;
	struct board b;
	FILE *f;

	crafty_parse_args(argc, argv, 1, &a);
	if (mkdir(a.path, 0777) && errno != EEXIST) {
		fprintf(stderr, "sp-crafty-gen: cannot create %s: %s\n", a.path,
			strerror(errno));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/positions.fen", a.path);
	f = atomic_file_open(&af, "sp-crafty-gen", path);
	if (!f)
		return 1;
	for (long i = 0; i < a.positions; i++) {
		crafty_position(a.seed, i, &b, fen);
		fprintf(f, "%s\n", fen);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}
