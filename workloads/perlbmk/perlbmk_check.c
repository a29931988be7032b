/* perlbmk_check.c - sp-perlbmk-check: recomputes, from the messages
 * derived here from the seed and without perl, every line of the report
 * sp-perlbmk.pl wrote: each message's sender, line and word counts, byte
 * sum of its body and its line differences from the sender's previous
 * message (lines new, lines gone, and their longest common subsequence); each sender's folder; the twenty most frequent words; and the
 * message count. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "perlbmk_spec.h"
#include "rng.h"

#define TOP 20

struct sender {
	long messages, lines;
	int nprev;
	uint64_t prev[PERLBMK_LINES_MAX];	/* hashes of the last body */
};

static struct sender senders[PERLBMK_SENDERS];
static long freq[PERLBMK_WORDS];
static char words[PERLBMK_WORDS][16];

static uint64_t line_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static int in(const uint64_t *set, int n, uint64_t h)
{
	for (int i = 0; i < n; i++)
		if (set[i] == h)
			return 1;
	return 0;
}

/* The length of the longest common subsequence of x[0..nx-1] and
 * y[0..ny-1]. */
static int lcs(const uint64_t *x, int nx, const uint64_t *y, int ny)
{
	int t[PERLBMK_LINES_MAX + 1][PERLBMK_LINES_MAX + 1];

	for (int i = 0; i <= nx; i++)
		for (int j = 0; j <= ny; j++) {
			if (!i || !j)
				t[i][j] = 0;
			else if (x[i - 1] == y[j - 1])
				t[i][j] = t[i - 1][j - 1] + 1;
			else
				t[i][j] = t[i - 1][j] > t[i][j - 1] ?
					  t[i - 1][j] : t[i][j - 1];
		}
	return t[nx][ny];
}

static FILE *report;
static long line_no;

/* The report's next line is want. */
static void expect(const char *want)
{
	char got[512];

	line_no++;
	if (!fgets(got, sizeof(got), report))
		check_fail("ends at line %ld, expected '%.60s'", line_no, want);
	got[strcspn(got, "\n")] = '\0';
	if (strcmp(got, want))
		check_fail("line %ld is '%.80s', expected '%.80s'", line_no,
			   got, want);
}

static int by_count(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	if (freq[a] != freq[b])
		return freq[a] < freq[b] ? 1 : -1;
	return strcmp(words[a], words[b]);
}

static int by_address(const void *x, const void *y)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "user%d@example.org", *(const int *)x);
	snprintf(b, sizeof(b), "user%d@example.org", *(const int *)y);
	return strcmp(a, b);
}

int main(int argc, char **argv)
{
	static struct perlbmk_msg m;
	static int order[PERLBMK_WORDS > PERLBMK_SENDERS ? PERLBMK_WORDS :
			 PERLBMK_SENDERS];
	struct perlbmk_args a;
	char want[512];
	int n;

	perlbmk_parse_args(argc, argv, 0, &a);
	check_begin("sp-perlbmk-check", a.path);
	report = fopen(a.path, "r");
	if (!report)
		check_fail("cannot open: %s", strerror(errno));
	for (int w = 0; w < PERLBMK_WORDS; w++)
		perlbmk_word(w, words[w]);
	for (long i = 0; i < a.messages; i++) {
		struct sender *s;
		uint64_t now[PERLBMK_LINES_MAX];
		long nwords = 0, added = 0, removed = 0, common;
		uint32_t sum = '\n';

		perlbmk_message(a.seed, i, &m);
		s = &senders[m.sender];
		for (int k = 0; k < m.nlines; k++) {
			now[k] = line_hash(m.line[k]);
			nwords += m.words[k];
			for (int w = 0; w < m.words[k]; w++)
				freq[m.word_ids[k][w]]++;
			for (const char *c = m.line[k]; *c; c++)
				sum += (unsigned char)*c;
			if (k)
				sum += '\n';
		}
		for (int k = 0; k < m.nlines; k++)
			added += !in(s->prev, s->nprev, now[k]);
		for (int k = 0; k < s->nprev; k++)
			removed += !in(now, m.nlines, s->prev[k]);
		common = lcs(s->prev, s->nprev, now, m.nlines);
		memcpy(s->prev, now, sizeof(now));
		s->nprev = m.nlines;
		s->messages++;
		s->lines += m.nlines;
		snprintf(want, sizeof(want), "message %ld user%d@example.org "
			 "lines %d words %ld sum %u added %ld removed %ld "
			 "common %ld", i + 1, m.sender, m.nlines, nwords, sum,
			 added, removed, common);
		expect(want);
	}
	n = 0;
	for (int s = 0; s < PERLBMK_SENDERS; s++)
		if (senders[s].messages)
			order[n++] = s;
	qsort(order, (size_t)n, sizeof(order[0]), by_address);
	for (int k = 0; k < n; k++) {
		snprintf(want, sizeof(want), "sender user%d@example.org "
			 "messages %ld lines %ld", order[k],
			 senders[order[k]].messages, senders[order[k]].lines);
		expect(want);
	}
	n = 0;
	for (int w = 0; w < PERLBMK_WORDS; w++)
		if (freq[w])
			order[n++] = w;
	qsort(order, (size_t)n, sizeof(order[0]), by_count);
	for (int k = 0; k < TOP && k < n; k++) {
		snprintf(want, sizeof(want), "word %s %ld", words[order[k]],
			 freq[order[k]]);
		expect(want);
	}
	snprintf(want, sizeof(want), "messages %ld", a.messages);
	expect(want);
	if (fgetc(report) != EOF)
		check_fail("text after line %ld", line_no);
	fclose(report);
	printf("ok %ld messages\n", a.messages);
	return 0;
}
