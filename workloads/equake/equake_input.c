/* equake_input.c - the reader of the equake input's text (equake_spec.h)
 * that sp-equake and sp-equake-check share: the header, then each section
 * read value by value into wherever the caller keeps it. */
#include <string.h>

#include "equake_spec.h"

#define WHY 128

static int bad(char *why, const char *what)
{
	snprintf(why, WHY, "%s", what);
	return -1;
}

/* Reads "key" and n longs after it. */
static int longs(FILE *f, const char *key, long *v, int n, char *why)
{
	char word[32];

	if (fscanf(f, "%31s", word) != 1 || strcmp(word, key)) {
		snprintf(why, WHY, "no '%s' line in the header", key);
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (fscanf(f, "%ld", &v[i]) != 1) {
			snprintf(why, WHY, "bad '%s' line", key);
			return -1;
		}
	return 0;
}

int equake_read_head(FILE *f, struct equake_head *h, char *why)
{
	char line[64];
	unsigned long long seed;
	long v[EQ_PROBES];

	if (!fgets(line, sizeof(line), f) ||
	    strcmp(line, EQ_INPUT_MAGIC "\n"))
		return bad(why, "not an equake input");
	if (fscanf(f, " seed %llu", &seed) != 1)
		return bad(why, "no 'seed' line in the header");
	h->seed = seed;
	if (longs(f, "request", &h->request, 1, why) ||
	    longs(f, "steps", &h->steps, 1, why) ||
	    longs(f, "cells", h->cells, 3, why) ||
	    longs(f, "nodes", &h->nodes, 1, why) ||
	    longs(f, "elems", &h->elems, 1, why) ||
	    longs(f, "blocks", &h->blocks, 1, why))
		return -1;
	if (h->nodes < 4 || h->nodes > 2 * EQ_MAX_NODES || h->elems < 1 ||
	    h->elems > 12 * EQ_MAX_NODES || h->blocks < h->nodes ||
	    h->blocks > 16 * h->nodes || h->steps < 1)
		return bad(why, "header counts out of range");
	if (fscanf(f, " dt %lf", &h->dt) != 1 || !(h->dt > 0))
		return bad(why, "bad 'dt' line");
	if (longs(f, "src", &h->src, 1, why) ||
	    equake_read_doubles(f, h->moment, 6, why))
		return bad(why, "bad 'src' line");
	if (h->src < 0 || h->src >= h->elems)
		return bad(why, "source element out of range");
	if (longs(f, "probes", v, EQ_PROBES, why))
		return -1;
	for (int p = 0; p < EQ_PROBES; p++) {
		if (v[p] < 0 || v[p] >= h->nodes)
			return bad(why, "probe node out of range");
		h->probe[p] = (int)v[p];
	}
	return 0;
}

int equake_read_word(FILE *f, const char *word, char *why)
{
	char got[32];

	if (fscanf(f, "%31s", got) != 1 || strcmp(got, word)) {
		snprintf(why, WHY, "no '%s' section", word);
		return -1;
	}
	return 0;
}

int equake_read_doubles(FILE *f, double *x, long n, char *why)
{
	for (long i = 0; i < n; i++)
		if (fscanf(f, "%lf", &x[i]) != 1)
			return bad(why, "a number is missing or malformed");
	return 0;
}

int equake_read_ints(FILE *f, int *v, long n, long bound, char *why)
{
	long x;

	for (long i = 0; i < n; i++) {
		if (fscanf(f, "%ld", &x) != 1)
			return bad(why, "a number is missing or malformed");
		if (x < 0 || x >= bound)
			return bad(why, "a number is out of range");
		v[i] = (int)x;
	}
	return 0;
}
