/* gzip_check.c - sp-gzip-check: Debian's gzip program decompresses the
 * run's output, which must give back the seeded input once per level,
 * made again here from the seed. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "corpus.h"
#include "gzip_spec.h"

int main(int argc, char **argv)
{
	struct corpus_args a;
	char *gz[] = { "/usr/bin/gzip", "-dc", "--", NULL, NULL };

	gzip_parse_args(argc, argv, CORPUS_CHECK, &a);
	check_begin("sp-gzip-check", a.path);
	if (access(a.path, R_OK))
		check_fail("cannot read: %s", strerror(errno));
	gz[3] = (char *)a.path;
	corpus_expect_output(gz, a.bytes, GZIP_NLEVELS, a.seed);
	printf("sp-gzip-check: ok (%llu bytes x %d levels)\n",
	       (unsigned long long)a.bytes, GZIP_NLEVELS);
	return 0;
}
