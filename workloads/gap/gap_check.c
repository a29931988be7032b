/* gap_check.c - sp-gap-check: verifies the results GAP wrote for the gap
 * workload, each against a value derived here without GAP: group orders
 * from their formulas, element orders and matrices by arithmetic of its
 * own, big integers by their residues, sorted lists by C's qsort.  The
 * file must be exactly the lines of these arguments' rounds, in order. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gap_check.h"

static FILE *result;
static char *line;
static size_t line_size;
static long round_no;		/* the round being read, from 1; 0 outside */

void gap_fail(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (round_no)
		check_fail("round %ld: %s", round_no, msg);
	check_fail("%s", msg);
}

const char *gap_value(const char *key)
{
	ssize_t n = getline(&line, &line_size, result);
	size_t k = strlen(key);

	if (n < 0)
		gap_fail("truncated: no '%s' line", key);
	if (line[n - 1] != '\n')
		gap_fail("truncated in the '%s' line", key);
	line[n - 1] = '\0';
	if (strncmp(line, key, k) || line[k] != ' ')
		gap_fail("expected '%s', found '%.40s'", key, line);
	return line + k + 1;
}

void gap_expect_u64(const char *key, uint64_t want)
{
	const char *s = gap_value(key);
	uint64_t got;
	char *end;

	errno = 0;
	got = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s < '0' || *s > '9' ||
	    (s[0] == '0' && s[1]))
		gap_fail("%s is not a number: '%.40s'", key, s);
	if (got != want)
		gap_fail("%s is %" PRIu64 ", expected %" PRIu64, key, got,
			 want);
}

void gap_expect_res(const char *key, const struct gap_res *want,
		    const char *what)
{
	struct gap_res got;

	if (res_of_decimal(gap_value(key), &got))
		gap_fail("%s is not a number", key);
	if (!res_equal(&got, want))
		gap_fail("%s is not %s", key, what);
}

int main(int argc, char **argv)
{
	char workspace[32];
	struct gap_round g;
	struct gap_args a;

	gap_parse_args(argc, argv, 0, &a);
	check_begin("sp-gap-check", a.path);
	result = fopen(a.path, "r");
	if (!result)
		check_fail("cannot open: %s", strerror(errno));
	snprintf(workspace, sizeof(workspace), "%ldm", a.workspace_mb);
	if (strcmp(gap_value("workspace"), workspace))
		check_fail("GAP ran with another workspace than %s",
			   workspace);
	gap_expect_u64("rounds", (uint64_t)a.rounds);
	for (long r = 0; r < a.rounds; r++) {
		gap_expect_u64("round", (uint64_t)r + 1);
		round_no = r + 1;
		gap_round(a.seed, r, &g);
		gap_check_perm(&g);
		gap_check_gl(&g);
		gap_check_mat(&g);
		gap_check_big(&g);
		gap_check_sort(&g);
		round_no = 0;
	}
	gap_expect_u64("end", (uint64_t)a.rounds);
	if (getline(&line, &line_size, result) >= 0)
		check_fail("unexpected text after the end");
	fclose(result);
	printf("ok %ld rounds of seed %" PRIu64 "\n", a.rounds, a.seed);
	return 0;
}
