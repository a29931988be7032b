/* parser_check.c - sp-parser-check: verifies link-parser's output for the
 * parser workload against the sentences derived here from the seed (not
 * the input file): one parse per sentence, in order, each echoing its
 * sentence, finding at least one linkage, and giving a balanced
 * constituent tree whose words are the sentence's words in order; then it
 * parses a seeded sample of the sentences again in a second link-parser,
 * alone and in reverse order, and requires the same parse for each. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "parser_spec.h"
#include "rng.h"

/* Sentences parsed again by the second run. */
#define SAMPLE 6

struct block {
	const char *start;	/* the echoed sentence */
	size_t len;		/* up to the next sentence's echo */
};

static char *slurp(FILE *f, size_t *len)
{
	size_t cap = 1 << 16, n = 0, got;
	char *buf = malloc(cap + 1);

	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			buf = realloc(buf, (cap *= 2) + 1);
	}
	if (!buf)
		check_fail("out of memory");
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* The line at p equals s followed by a newline. */
static int line_is(const char *p, const char *s)
{
	size_t n = strlen(s);

	return !strncmp(p, s, n) && p[n] == '\n';
}

static const char *next_line(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl + 1 : end;
}

/* Cuts text into one block per sentence (sent[0..n-1], in that order);
 * what comes before the first echo is link-parser's preamble, what
 * follows the last block must be its farewell alone. */
static void split(const char *text, size_t len, char **sent, long n,
		  struct block *out, const char *who)
{
	const char *p = text, *end = text + len;

	while (p < end && !line_is(p, sent[0]))
		p = next_line(p, end);
	if (p == end)
		check_fail("%s: the first sentence is not echoed", who);
	for (long i = 0; i < n; i++) {
		const char *q = next_line(p, end);

		while (q < end && !(i + 1 < n ? line_is(q, sent[i + 1]) :
				    line_is(q, "Bye.")))
			q = next_line(q, end);
		if (q == end)
			check_fail("%s: output ends in the parse of sentence "
				   "%ld of %ld", who, i + 1, n);
		out[i].start = p;
		out[i].len = (size_t)(q - p);
		p = q;
	}
	if (strcmp(p, "Bye.\n"))
		check_fail("%s: unexpected text after the last parse", who);
}

/* The next word of a sentence, its comma or period apart: copies it to w
 * and returns where to go on, or NULL at the end. */
static const char *sentence_word(const char *s, char *w)
{
	size_t n = 0;

	while (*s == ' ')
		s++;
	if (!*s)
		return NULL;
	if (*s == ',' || *s == '.') {
		w[0] = *s;
		w[1] = '\0';
		return s + 1;
	}
	while (*s && *s != ' ' && *s != ',' && *s != '.')
		w[n++] = *s++;
	w[n] = '\0';
	return s;
}

/* The constituent tree of block b, checked against its sentence. */
static void check_block(const struct block *b, const char *sentence, long i)
{
	char *text = strndup(b->start, b->len), *save = NULL, *tok, *s;
	char w[PARSER_SENTENCE_MAX];
	const char *rest = sentence;
	long linkages = -1, depth = 0, opened = 0;
	char *tree;

	if (!text)
		check_fail("out of memory");
	for (s = strtok_r(text, "\n", &save); s; s = strtok_r(NULL, "\n", &save))
		if (!strncmp(s, "Found ", 6) &&
		    sscanf(s, "Found %ld linkage", &linkages) != 1)
			check_fail("sentence %ld: malformed line '%.40s'", i + 1, s);
	free(text);
	if (linkages < 1)
		check_fail("sentence %ld: no linkage found", i + 1);
	/* The tree follows the first linkage's line, whatever its label. */
	tree = strstr(b->start, "\n\tLinkage 1,");
	if (tree && tree < b->start + b->len)
		tree = strchr(tree + 1, '\n');
	if (!tree || tree >= b->start + b->len || tree[1] != '(')
		check_fail("sentence %ld: no constituent tree", i + 1);
	text = strndup(tree, b->len - (size_t)(tree - b->start));
	for (tok = strtok_r(text, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		size_t n = strlen(tok);
		char *dot;

		if (tok[0] == '(') {
			depth++;
			opened++;
			continue;
		}
		while (n && tok[n - 1] == ')') {
			tok[--n] = '\0';
			depth--;
		}
		if (depth < 0)
			check_fail("sentence %ld: unbalanced tree", i + 1);
		if (tok[0] == '{' && n > 1 && tok[n - 1] == '}') {
			tok[--n] = '\0';
			tok++;
		}
		tok[strcspn(tok, "[")] = '\0';
		dot = strchr(tok + 1, '.');
		if (dot)
			*dot = '\0';
		rest = sentence_word(rest, w);
		if (!rest)
			check_fail("sentence %ld: tree has the extra word '%s'",
				   i + 1, tok);
		if (strcasecmp(tok, w))
			check_fail("sentence %ld: tree has '%s' where the "
				   "sentence has '%s'", i + 1, tok, w);
	}
	free(text);
	if (depth || !opened)
		check_fail("sentence %ld: unbalanced tree", i + 1);
	if (sentence_word(rest, w))
		check_fail("sentence %ld: tree lacks '%s'", i + 1, w);
}

/* link-parser run on the sentences sent[0..n-1]; its whole output. */
static char *parse_again(char **sent, long n, size_t *len)
{
	char tmpl[] = "/tmp/sp-parser-check.XXXXXX";
	int fd = mkstemp(tmpl), fds[2], status;
	FILE *in, *out;
	char *text;
	pid_t pid;

	if (fd < 0 || !(in = fdopen(fd, "w+")))
		check_fail("cannot create a file in /tmp: %s", strerror(errno));
	unlink(tmpl);
	for (long i = 0; i < n; i++)
		fprintf(in, "%s\n", sent[i]);
	if (fflush(in) || fseek(in, 0, SEEK_SET) || pipe(fds))
		check_fail("cannot write the sample: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		check_fail("cannot fork");
	if (pid == 0) {
		dup2(fileno(in), 0);
		dup2(fds[1], 1);
		close(2);
		open("/dev/null", O_WRONLY);
		close(fds[0]);
		close(fds[1]);
		execl(PARSER_LINK_PARSER, PARSER_LINK_PARSER, "en",
		      PARSER_OPTIONS, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	fclose(in);
	out = fdopen(fds[0], "r");
	if (!out)
		check_fail("cannot read from link-parser");
	text = slurp(out, len);
	fclose(out);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		check_fail("the second link-parser run failed (status %d)",
			   status);
	return text;
}

int main(int argc, char **argv)
{
	struct parser_args a;
	struct block *blocks, again[SAMPLE];
	char **sent, *sample[SAMPLE], *text, *text2;
	long pick[SAMPLE], k = 0;
	uint64_t rng;
	size_t len, len2;
	FILE *f;

	parser_parse_args(argc, argv, 0, &a);
	check_begin("sp-parser-check", a.path);
	f = fopen(a.path, "r");
	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	text = slurp(f, &len);
	fclose(f);
	sent = calloc((size_t)a.sentences, sizeof(*sent));
	blocks = calloc((size_t)a.sentences, sizeof(*blocks));
	if (!sent || !blocks)
		check_fail("out of memory");
	for (long i = 0; i < a.sentences; i++) {
		char buf[PARSER_SENTENCE_MAX];

		parser_sentence(a.seed, i, buf);
		sent[i] = strdup(buf);
		if (!sent[i])
			check_fail("out of memory");
	}
	split(text, len, sent, a.sentences, blocks, "output");
	for (long i = 0; i < a.sentences; i++)
		check_block(&blocks[i], sent[i], i);

	/* The sample, the last sentence first, then distinct seeded picks,
	 * each parsed alone of its neighbours and in another order. */
	rng = a.seed ^ 0x7061727365ULL;
	pick[k++] = a.sentences - 1;
	while (k < SAMPLE && k < a.sentences) {
		long j = (long)rng_below(&rng, (uint64_t)a.sentences), m;

		for (m = 0; m < k && pick[m] != j; m++)
			;
		if (m == k)
			pick[k++] = j;
	}
	for (long m = 0; m < k; m++)
		sample[m] = sent[pick[m]];
	text2 = parse_again(sample, k, &len2);
	split(text2, len2, sample, k, again, "second run");
	for (long m = 0; m < k; m++) {
		const struct block *b = &blocks[pick[m]];

		if (b->len != again[m].len ||
		    memcmp(b->start, again[m].start, b->len))
			check_fail("sentence %ld: its parse differs when it "
				   "is parsed again", pick[m] + 1);
	}
	printf("ok %ld sentences, %ld parsed again\n", a.sentences, k);
	return 0;
}
