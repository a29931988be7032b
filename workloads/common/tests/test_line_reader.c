/* test_line_reader.c - line_reader.h gives back the keys, words and
 * numbers of well-formed keyed lines, and turns each kind of malformed
 * line into one check_fail line naming the line, exit status 1. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "line_reader.h"
#include "tap.h"

static char path[64];

static void put(const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		TAP_CHECK(0, "cannot set up %s", path);
}

static void well_formed(void)
{
	struct line_reader rd;
	char name[8];
	double a, b;
	long n, k;
	uint64_t seed;

	put("n 42\nx -2.5 1e-3 7\n# any words\nname QF 3\n"
	    "seed 18446744073709551615\nrecord 1\nrecord 2\n");
	lr_open(&rd, path, "");
	TAP_CHECK(lr_key(&rd, "n", lr_long) == 42, "a key and a whole number");
	lr_expect(&rd, "x");
	a = lr_double(&rd);
	b = lr_double(&rd);
	n = lr_long(&rd);
	lr_end(&rd);
	TAP_CHECK(a == -2.5 && b == 0.001 && n == 7,
		  "numbers in a row: %g %g %ld", a, b, n);
	lr_expect(&rd, "#");
	lr_expect(&rd, "name");
	lr_word(&rd, name, sizeof(name));
	n = lr_long(&rd);
	lr_end(&rd);
	TAP_CHECK(!strcmp(name, "QF") && n == 3, "a word, then a number");
	seed = lr_key_u64(&rd, "seed");
	TAP_CHECK(seed == UINT64_MAX, "the largest seed");
	TAP_CHECK(lr_next(&rd) && !lr_is_key(&rd, "rec") &&
		  !lr_is_key(&rd, "other"), "a key is a whole word");
	lr_unread(&rd);
	lr_expect(&rd, "record");
	k = lr_long(&rd);
	TAP_CHECK(k == 1 && rd.line == 6, "a line held is read again");
	TAP_CHECK(lr_next(&rd) && lr_is_key(&rd, "record") &&
		  lr_long(&rd) == 2, "the last line");
	TAP_CHECK(!lr_next(&rd) && !lr_next(&rd) && rd.line == 8,
		  "then the end, counted once");
	lr_close(&rd);
}

static void labelled_words(void)
{
	struct line_reader rd;
	long x = 0, y = 0;

	put("p x 3 y 4\nq none\nr\n");
	lr_open(&rd, path, "");
	lr_expect(&rd, "p");
	TAP_CHECK(!lr_is_word(&rd, "y") && !lr_is_word(&rd, "") &&
		  lr_is_word(&rd, "x") && !lr_is_word(&rd, "x"),
		  "a word is matched once, in its place");
	x = lr_long(&rd);
	TAP_CHECK(!lr_is_word(&rd, "yy") && lr_is_word(&rd, "y"),
		  "a word is matched whole");
	y = lr_long(&rd);
	lr_end(&rd);
	TAP_CHECK(x == 3 && y == 4, "numbers after words: %ld %ld", x, y);
	lr_expect(&rd, "q");
	TAP_CHECK(!lr_is_word(&rd, "non") && lr_is_word(&rd, "none") &&
		  !*rd.pos, "the last word of a line");
	TAP_CHECK(lr_next(&rd) && !lr_is_word(&rd, "r") &&
		  !lr_is_word(&rd, ""), "a key is not a word after it");
	lr_close(&rd);
}

/* What a child reads of the file before its check_fail. */
enum reading { A_LONG, A_DOUBLE, A_THEN_B, SEED, A_WORD, A_TO_END, A_X };

static void read_as(struct line_reader *rd, enum reading how)
{
	char word[4];

	switch (how) {
	case A_LONG:
		(void)lr_key(rd, "a", lr_long);
		break;
	case A_DOUBLE:
		(void)lr_key(rd, "a", lr_double);
		break;
	case A_THEN_B:
		(void)lr_key(rd, "a", lr_long);
		(void)lr_key(rd, "b", lr_long);
		break;
	case SEED:
		lr_key_u64(rd, "seed");
		break;
	case A_WORD:
		lr_expect(rd, "a");
		lr_word(rd, word, sizeof(word));
		lr_end(rd);
		break;
	case A_TO_END:
		(void)lr_key(rd, "a", lr_long);
		if (lr_next(rd))
			lr_fail(rd, "more than the file holds");
		break;
	case A_X:
		lr_expect(rd, "a");
		if (!lr_is_word(rd, "x"))
			lr_fail(rd, "no x");
		(void)lr_long(rd);
		lr_end(rd);
		break;
	}
}

/* Reads text (NULL: no file) as how, labelled what, in a child: its exit
 * status, and its stderr in err. */
static int read_in_child(const char *text, enum reading how,
			 const char *what, char *err, size_t len)
{
	int fds[2], status;
	size_t got;
	ssize_t n;
	pid_t pid;

	if (text)
		put(text);
	fflush(stdout);
	if (pipe(fds) || (pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		struct line_reader rd;

		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		check_begin("prog", NULL);
		lr_open(&rd, path, what);
		read_as(&rd, how);
		_exit(0);
	}
	close(fds[1]);
	/* check_fail writes its line in pieces */
	for (got = 0; got < len - 1; got += n)
		if ((n = read(fds[0], err + got, len - 1 - got)) <= 0)
			break;
	err[got] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Each malformed file, how it is read, and the one line that says so
 * (NULL: it is read through). */
static const struct {
	const char *text;
	enum reading how;
	const char *want, *why;
} cases[] = {
	{ "", A_LONG, "line 1: missing 'a'", "an empty file" },
	{ "a 1\n", A_THEN_B, "line 2: missing 'b'", "a key after the end" },
	{ "a 1\nc 2\n", A_THEN_B, "line 2: expected 'b'", "another key" },
	{ "ab 1\n", A_LONG, "line 1: expected 'a'", "a longer key" },
	{ "a\n", A_LONG, "line 1: expected 'a'", "a key alone" },
	{ "a \n", A_LONG, "line 1: a number is missing", "no number" },
	{ "a  1\n", A_LONG, "line 1: a number is missing", "two spaces" },
	{ "a 1x\n", A_LONG, "line 1: a number is not an integer", "letters" },
	{ "a 1.5\n", A_LONG, "line 1: a number is not an integer",
	  "a fraction" },
	{ "a 99999999999999999999\n", A_LONG,
	  "line 1: a number is not an integer", "a long too large" },
	{ "a nan\n", A_DOUBLE, "line 1: a number is not a finite number",
	  "nan" },
	{ "a -inf\n", A_DOUBLE, "line 1: a number is not a finite number",
	  "-inf" },
	{ "a 1e999\n", A_DOUBLE, "line 1: a number is not a finite number",
	  "a double too large" },
	{ "a 1 2\n", A_LONG, "line 1: more than expected on the line",
	  "a second number" },
	{ "a 1 \n", A_LONG, "line 1: more than expected on the line",
	  "a space after" },
	{ "a 1\n", A_TO_END, NULL, "a file read to its end" },
	{ "a 1\nb 2\n", A_TO_END, "line 2: more than the file holds",
	  "a line more" },
	{ "a 1\nb 2", A_TO_END, "line 2: too long or unterminated",
	  "unterminated" },
	{ "seed -1\n", SEED, "line 1: the seed is not a number",
	  "a negative seed" },
	{ "seed 18446744073709551616\n", SEED,
	  "line 1: the seed is not a number", "a seed too large" },
	{ "a QF 1\n", A_WORD, "line 1: more than expected on the line",
	  "a word, then more" },
	{ "a QFQF\n", A_WORD, "line 1: a word is too long",
	  "a word too long" },
	{ "a x 1\n", A_X, NULL, "a word, then its number" },
	{ "a xy 1\n", A_X, "line 1: no x", "a longer word" },
	{ "a  x 1\n", A_X, "line 1: no x", "two spaces before a word" },
	{ "a 1\n", A_X, "line 1: no x", "a number for the word" },
	{ "a x\n", A_X, "line 1: a number is missing",
	  "a word without its number" },
};

static void fails(const char *text, enum reading how, const char *want,
		  const char *why)
{
	char err[512], line[256] = "";
	int rc = read_in_child(text, how, "", err, sizeof(err));

	if (want)
		snprintf(line, sizeof(line), "prog: %s\n", want);
	TAP_CHECK(rc == !!want && !strcmp(err, line), "%s: %d %.*s", why, rc,
		  (int)strcspn(err, "\n"), err);
}

static void malformed(void)
{
	static char longer[LR_LINE_MAX + 8];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		fails(cases[i].text, cases[i].how, cases[i].want,
		      cases[i].why);
	memset(longer, '1', sizeof(longer) - 2);
	memcpy(longer, "a ", 2);
	longer[sizeof(longer) - 2] = '\n';
	fails(longer, A_LONG, "line 1: too long or unterminated",
	      "a line longer than LR_LINE_MAX");
}

static void labelled(void)
{
	char err[512];
	int rc;

	rc = read_in_child("a x\n", A_LONG, "the input F", err, sizeof(err));
	TAP_CHECK(rc == 1 && !strcmp(err, "prog: the input F, line 1: a "
				     "number is not an integer\n"),
		  "a label goes before the line: %.*s",
		  (int)strcspn(err, "\n"), err);
	unlink(path);
	rc = read_in_child(NULL, A_LONG, "", err, sizeof(err));
	TAP_CHECK(rc == 1 && !strncmp(err, "prog: cannot open ", 18) &&
		  strstr(err, ": No such file or directory\n"),
		  "a file that is not there: %.*s", (int)strcspn(err, "\n"),
		  err);
}

int main(void)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/line_reader.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0) {
		TAP_CHECK(0, "a temporary file");
		return tap_done();
	}
	close(fd);
	well_formed();
	labelled_words();
	malformed();
	labelled();
	unlink(path);
	return tap_done();
}
