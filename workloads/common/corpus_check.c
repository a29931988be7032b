/* corpus_check.c - the compression workloads' checks: a decompressor run
 * as a separate program must give back the seeded corpus (corpus.h),
 * compared piece by piece as it streams out. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "corpus.h"

void corpus_expect_output(char *const argv[], uint64_t n, int copies,
			  uint64_t seed)
{
	unsigned char *want = malloc(CORPUS_BLOCK), *got = malloc(CORPUS_BLOCK);
	uint64_t total = n * (uint64_t)copies, pos = 0;
	int status;
	FILE *f;
	pid_t pid;

	if (!want || !got)
		check_fail("out of memory");
	f = fdopen(check_spawn(argv, &pid), "rb");
	if (!f)
		check_fail("cannot read from %s", argv[0]);
	while (pos < total) {
		uint64_t off = pos % n;
		size_t len = n - off < CORPUS_BLOCK ? n - off : CORPUS_BLOCK;
		size_t r;

		corpus_fill(want, off, len, seed);
		r = fread(got, 1, len, f);
		if (r != len || memcmp(got, want, len)) {
			size_t i = 0;

			while (i < r && got[i] == want[i])
				i++;
			kill(pid, SIGTERM);
			waitpid(pid, &status, 0);
			if (i < r)
				check_fail("%s's output differs from the input "
					   "at byte %llu of copy %llu", argv[0],
					   (unsigned long long)(off + i),
					   (unsigned long long)(pos / n + 1));
			check_fail("%s's output ends after %llu of %llu bytes",
				   argv[0], (unsigned long long)(pos + r),
				   (unsigned long long)total);
		}
		pos += len;
	}
	if (fgetc(f) != EOF) {
		kill(pid, SIGTERM);
		waitpid(pid, &status, 0);
		check_fail("%s's output is longer than %d copies of the input",
			   argv[0], copies);
	}
	fclose(f);
	if (waitpid(pid, &status, 0) < 0)
		check_fail("cannot wait for %s", argv[0]);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		check_fail("%s failed (status %d)", argv[0], status);
	free(want);
	free(got);
}
