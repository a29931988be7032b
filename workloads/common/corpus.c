/* corpus.c - the compression workloads' seeded input stream (corpus.h).
 * Each 64 KB block is one kind: 65% English-like text over a seeded
 * vocabulary drawn with a skewed (Zipf-like) frequency, 30% program-like
 * binary (repeated 32-bit words, small integers, runs of zeros), 5%
 * random bytes.  The mix compresses about 2.3:1 with zlib at level 9. */

#include "corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "rng.h"

#define VOCAB 4096

struct word {
	char s[12];
	int len;
};

/* The vocabulary of a seed: VOCAB words of 2-10 lowercase letters, the
 * vowels more frequent, made once per seed. */
static const struct word *vocabulary(uint64_t seed)
{
	static struct word words[VOCAB];
	static uint64_t made_for;
	static int made;
	static const char letters[] = "etaoinshrdlucmfwypvbgkjqxz";
	uint64_t st = rng_hash(seed ^ 0x766f636162ULL);

	if (made && made_for == seed)
		return words;
	for (int i = 0; i < VOCAB; i++) {
		int len = 2 + (int)rng_below(&st, 9);

		for (int j = 0; j < len; j++) {
			double u = rng_uniform(&st);

			words[i].s[j] = letters[(int)(u * u * 26)];
		}
		words[i].len = len;
	}
	made_for = seed;
	made = 1;
	return words;
}

static void text_block(unsigned char *p, size_t n, uint64_t *st,
		       const struct word *words)
{
	static const char punct[] = ",.;:";
	size_t i = 0;
	int in_line = 0;

	while (i < n) {
		double u = rng_uniform(st);
		const struct word *w = &words[(int)(u * u * u * u * VOCAB)];

		for (int j = 0; j < w->len && i < n; j++)
			p[i++] = (unsigned char)w->s[j];
		if (i < n && rng_below(st, 8) == 0)
			p[i++] = (unsigned char)punct[rng_below(st, 4)];
		if (i < n)
			p[i++] = (++in_line % 11 == 0) ? '\n' : ' ';
	}
}

static void binary_block(unsigned char *p, size_t n, uint64_t *st)
{
	uint32_t table[64];
	size_t i = 0;

	for (int k = 0; k < 64; k++)
		table[k] = (uint32_t)rng_next(st);
	while (i < n) {
		uint64_t r = rng_next(st);
		uint32_t v;

		switch (r & 7) {
		case 0:
		case 1:
		case 2:		/* an instruction-like word from a small set */
			v = table[(r >> 8) % 64];
			break;
		case 3:
		case 4:		/* a small integer */
			v = (uint32_t)((r >> 8) % 256);
			break;
		case 5:
		case 6:		/* zeros */
			v = 0;
			break;
		default:	/* anything */
			v = (uint32_t)(r >> 32);
			break;
		}
		for (int b = 0; b < 4 && i < n; b++)
			p[i++] = (unsigned char)(v >> (8 * b));
	}
}

static void random_block(unsigned char *p, size_t n, uint64_t *st)
{
	for (size_t i = 0; i < n; i += 8) {
		uint64_t r = rng_next(st);

		memcpy(p + i, &r, n - i < 8 ? n - i : 8);
	}
}

void corpus_fill(unsigned char *buf, uint64_t off, size_t n, uint64_t seed)
{
	const struct word *words = vocabulary(seed);
	uint64_t k = off / CORPUS_BLOCK;

	for (size_t done = 0; done < n; k++) {
		size_t len = n - done < CORPUS_BLOCK ? n - done : CORPUS_BLOCK;
		uint64_t st = rng_hash(seed ^ rng_hash(k));
		uint64_t kind = rng_below(&st, 20);

		if (kind < 13)
			text_block(buf + done, len, &st, words);
		else if (kind < 19)
			binary_block(buf + done, len, &st);
		else
			random_block(buf + done, len, &st);
		done += len;
	}
}

int corpus_write(const char *prog, const char *path, uint64_t n,
		 uint64_t seed)
{
	unsigned char *buf = malloc(CORPUS_BLOCK);
	struct atomic_file af;
	FILE *f;

	if (!buf) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return -1;
	}
	f = atomic_file_open(&af, prog, path);
	if (!f) {
		free(buf);
		return -1;
	}
	for (uint64_t off = 0; off < n; off += CORPUS_BLOCK) {
		size_t len = n - off < CORPUS_BLOCK ? n - off : CORPUS_BLOCK;

		corpus_fill(buf, off, len, seed);
		fwrite(buf, 1, len, f);
	}
	free(buf);
	return atomic_file_commit(&af);
}

unsigned char *corpus_read(const char *prog, const char *path, uint64_t n)
{
	unsigned char *buf;
	FILE *f = fopen(path, "rb");
	size_t got;
	int extra;

	if (!f) {
		fprintf(stderr, "%s: cannot open %s (run the prepare step)\n",
			prog, path);
		return NULL;
	}
	buf = malloc(n ? n : 1);
	if (!buf) {
		fprintf(stderr, "%s: cannot allocate %llu bytes\n", prog,
			(unsigned long long)n);
		fclose(f);
		return NULL;
	}
	got = fread(buf, 1, n, f);
	extra = fgetc(f);
	fclose(f);
	if (got != n || extra != EOF) {
		fprintf(stderr, "%s: %s does not hold %llu bytes (prepare it "
			"again for these arguments)\n", prog, path,
			(unsigned long long)n);
		free(buf);
		return NULL;
	}
	return buf;
}
