/* gap_run.c - sp-gap-run: starts the gap workload's GAP.  Execs Debian's
 * GAP kernel (not the /usr/bin/gap script, so that the measured process
 * is GAP) on the script with SPEC's kind of options: a workspace of -m MB,
 * quiet, no packages loaded but those GAP needs, no user root, and an
 * error ending GAP with a nonzero status instead of waiting at a prompt.
 * GAP writes its results to the result file itself (SpOut). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gap_spec.h"

int main(int argc, char **argv)
{
	char workspace[32], limit[32], *out;
	struct gap_args a;
	size_t n;
	int fd;

	gap_parse_args(argc, argv, 2, &a);
	n = strlen(a.path) + 32;
	out = malloc(n);
	if (!out)
		return 1;
	snprintf(out, n, "SpOut := \"%s\";", a.path);
	snprintf(workspace, sizeof(workspace), "%ldm", a.workspace_mb);
	/* -o: where GAP stops to warn of memory use; well past the run's */
	snprintf(limit, sizeof(limit), "%ldm", 4 * a.workspace_mb + 2048);
	fd = open("/dev/null", O_RDONLY);
	if (fd < 0 || dup2(fd, 0) < 0) {
		fprintf(stderr, "sp-gap-run: cannot open /dev/null: %s\n",
			strerror(errno));
		return 1;
	}
	close(fd);
	execl(GAP_KERNEL, GAP_KERNEL, "-l", GAP_ROOTS, "-q", "-A", "-r",
	      "--quitonbreak", "-m", workspace, "-o", limit, "-c", out,
	      a.script, (char *)NULL);
	fprintf(stderr, "sp-gap-run: cannot run %s: %s\n", GAP_KERNEL,
		strerror(errno));
	return 127;
}
