/* bzip2_check.c - sp-bzip2-check: Debian's bzip2 program decompresses the
 * run's output, which must give back the seeded input, made again here
 * from the seed. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bzip2_spec.h"
#include "check.h"
#include "corpus.h"

int main(int argc, char **argv)
{
	struct corpus_args a;
	char *bz[] = { "/usr/bin/bzip2", "-dc", "--", NULL, NULL };

	bzip2_parse_args(argc, argv, CORPUS_CHECK, &a);
	check_begin("sp-bzip2-check", a.path);
	if (access(a.path, R_OK))
		check_fail("cannot read: %s", strerror(errno));
	bz[3] = (char *)a.path;
	corpus_expect_output(bz, a.bytes, 1, a.seed);
	printf("sp-bzip2-check: ok (%llu bytes)\n",
	       (unsigned long long)a.bytes);
	return 0;
}
