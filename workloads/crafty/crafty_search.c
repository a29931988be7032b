/* crafty_search.c - sp-crafty-search: starts the crafty workload's search.
 * Sends stockfish's output (standard output and error, where its bench
 * prints each position's search and the totals) to the result file and
 * execs "stockfish bench HASH 1 DEPTH FENS depth classical": one thread,
 * a hash of HASH MB.  It execs, so the measured process is the engine. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "crafty_spec.h"

int main(int argc, char **argv)
{
	char hash[24], depth[24];
	struct crafty_args a;
	int fd;

	crafty_parse_args(argc, argv, 2, &a);
	fd = open(a.path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0) {
		fprintf(stderr, "sp-crafty-search: cannot write %s: %s\n",
			a.path, strerror(errno));
		return 1;
	}
	close(fd);
	snprintf(hash, sizeof(hash), "%ld", a.hash_mb);
	snprintf(depth, sizeof(depth), "%ld", a.depth);
	execl(CRAFTY_ENGINE, CRAFTY_ENGINE, "bench", hash, "1", depth, a.fens,
	      CRAFTY_LIMIT, CRAFTY_EVAL, (char *)NULL);
	/* stderr is the result file now: say it there and on the exit */
	fprintf(stderr, "sp-crafty-search: cannot run %s: %s\n",
		CRAFTY_ENGINE, strerror(errno));
	return 127;
}
