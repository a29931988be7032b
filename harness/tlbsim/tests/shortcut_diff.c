/*
 * shortcut_diff.c - runs one random stream of mixed data and instruction
 * accesses, with mappings, unmappings and heap growth among them, through
 * the simulator twice: as sptlb does (an access to its stream's previous
 * page only counted) and with every access looked up.  Prints "identical"
 * when the counts agree, else the two reports, exit status 1.
 *
 * shortcut_diff [--unchecked] SEED ACCESSES MODEL_FILE...: each model alone;
 * --unchecked takes a model that ts_model_parse refuses as inexact, to show
 * the difference it would make.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_env.h"
#include "sim.h"

#define K 1024ull
#define M (1024ull * K)
#define CODE (64 * M)
#define HEAP (256 * M)
#define ANON (1024 * M)
#define STACK (4096 * M)

static uint64_t state;

static uint64_t rnd(uint64_t n)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state % n;
}

/* Anonymous memory, a heap that grows, a stack, code; then the stream. */
static void stream(struct ts_sim *s, uint64_t seed, uint64_t n)
{
	uint64_t heap_end = HEAP + 1 * M, data = ANON, code = CODE;

	state = seed * 2654435761u + 1;
	ts_sim_map(s, CODE, CODE + 2 * M, 0);
	ts_sim_brk(s, HEAP, heap_end);
	ts_sim_map(s, ANON, ANON + 16 * M, 0);
	ts_sim_map(s, STACK - 1 * M, STACK, -1);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t r = rnd(1000);

		if (r < 300) {
			if (rnd(2))
				code = CODE + rnd(48) * 4 * K;
			ts_sim_access(s, code + rnd(4 * K), true, 1 + rnd(6));
			continue;
		}
		if (r < 700)
			data = (data & ~(4 * K - 1)) + rnd(4 * K);
		else if (r < 900)
			data = ANON + rnd(400) * 16 * K + rnd(16 * K);
		else if (r < 960)
			data = HEAP + rnd(heap_end - HEAP);
		else if (r < 995)
			data = STACK - 1 - rnd(256 * K);
		else if (r < 998)
			data = ANON + 8 * M + rnd(8 * M);
		else if (rnd(8) == 0 && heap_end < HEAP + 64 * M) {
			ts_sim_brk(s, heap_end, heap_end + 132 * K);
			heap_end += 132 * K;
			continue;
		} else if (rnd(4) == 0) {
			uint64_t at = ANON + rnd(256) * 64 * K;

			ts_sim_unmap(s, at, at + 64 * K);
			ts_sim_map(s, at, at + 64 * K, 0);
			continue;
		}
		ts_sim_access(s, data, false, 1);
	}
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	if (fread(text, 1, (size_t)n, f) != (size_t)n)
		text[0] = 0;
	fclose(f);
	return text;
}

/* The report without "lookups", which the shortcut changes by design. */
static char *counts(const struct ts_model *m, bool every, uint64_t seed,
		    uint64_t n)
{
	struct ts_sim *s = ts_sim_new(m, 1);
	struct ts_buf b = { 0 };
	char *at, *end;

	if (every)
		ts_sim_every_access(s);
	stream(s, seed, n);
	ts_sim_report(s, &b);
	ts_sim_free(s);
	at = strstr(b.s, ",\"lookups\":{");
	end = at ? strchr(at, '}') : NULL;
	if (end)
		memmove(at, end + 1, strlen(end + 1) + 1);
	return b.s;
}

int main(int argc, char **argv)
{
	bool unchecked = argc > 1 && !strcmp(argv[1], "--unchecked");
	int a = unchecked ? 2 : 1, status = 0;
	uint64_t seed, n;

	if (argc < a + 3) {
		fprintf(stderr, "usage: shortcut_diff [--unchecked] SEED ACCESSES MODEL...\n");
		return 2;
	}
	seed = strtoull(argv[a], NULL, 0);
	n = strtoull(argv[a + 1], NULL, 0);
	for (int i = a + 2; i < argc; i++) {
		static struct ts_model m;
		struct ts_buf err = { 0 };
		char *text = slurp(argv[i]), *fast, *every;

		if (!text || !(unchecked ? ts_model_parse_text(&m, text, &err)
				: ts_model_parse(&m, text, &err))) {
			fprintf(stderr, "shortcut_diff: %s: %s\n", argv[i],
				text ? err.s : "cannot read");
			return 2;
		}
		fast = counts(&m, false, seed, n);
		every = counts(&m, true, seed, n);
		if (strcmp(fast, every)) {
			printf("%s: differ\nshortcut %severy access %s", argv[i],
			       fast, every);
			status = 1;
		} else {
			printf("%s: identical\n", argv[i]);
		}
		free(text);
	}
	return status;
}
