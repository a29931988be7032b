/* parser_text.c - the seeded sentences of the parser workload
 * (parser_spec.h): a small phrase-structure grammar of clauses, noun
 * phrases with adjectives, prepositional phrases and relative clauses
 * (two clauses joined by a conjunction are plain ones, so that no
 * sentence is long), over words chosen so that every sentence is
 * grammatical English for the Link Grammar dictionary (past tenses, so no
 * agreement to get wrong; nouns and adjectives that start with a
 * consonant, after "a"). */
#include <string.h>

#include "parser_spec.h"
#include "rng.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const dets[] = { "the", "a", "every", "one", "this" };
static const char *const adjs[] = {
	"big", "small", "red", "happy", "quiet", "tall", "green", "clever",
	"young", "lazy", "brave", "noisy", "careful", "strange", "gentle",
	"famous",
};
static const char *const nouns[] = {
	"dog", "cat", "man", "woman", "child", "teacher", "farmer", "student",
	"doctor", "house", "garden", "river", "book", "table", "city", "car",
	"tree", "letter", "window", "boat", "horse", "bird", "painter",
	"village", "king", "soldier", "baker", "song",
};
static const char *const names[] = {
	"John", "Mary", "Peter", "Susan", "Robert", "Linda", "David", "Karen",
};
static const char *const tverbs[] = {
	"chased", "saw", "found", "liked", "watched", "helped", "visited",
	"painted", "carried", "followed", "remembered", "noticed", "built",
	"bought", "sold", "described",
};
static const char *const iverbs[] = {
	"slept", "laughed", "arrived", "waited", "smiled", "left", "danced",
	"worked",
};
static const char *const advs[] = {
	"quickly", "slowly", "quietly", "yesterday", "again", "carefully",
};
static const char *const preps[] = {
	"in", "near", "with", "behind", "under", "across", "beside",
};
static const char *const conjs[] = { "and", "but", "because" };

struct text {
	char *buf;
	size_t len;
	uint64_t rng;
};

static void word(struct text *t, const char *w)
{
	size_t n = strlen(w);

	if (t->len && w[0] != ',')
		t->buf[t->len++] = ' ';
	memcpy(t->buf + t->len, w, n);
	t->len += n;
}

static const char *pick(struct text *t, const char *const *list, size_t n)
{
	return list[rng_below(&t->rng, n)];
}

#define PICK(t, list) pick(t, list, N(list))

static void noun_phrase(struct text *t, int depth);

static void verb_phrase(struct text *t, int depth)
{
	if (rng_below(&t->rng, 4) == 0) {
		word(t, PICK(t, iverbs));
	} else {
		word(t, PICK(t, tverbs));
		noun_phrase(t, depth + 1);
	}
	if (depth < 1 && rng_below(&t->rng, 3) == 0) {
		word(t, PICK(t, preps));
		noun_phrase(t, depth + 1);
	}
	if (rng_below(&t->rng, 4) == 0)
		word(t, PICK(t, advs));
}

static void noun_phrase(struct text *t, int depth)
{
	if (rng_below(&t->rng, 6) == 0) {
		word(t, PICK(t, names));
		return;
	}
	word(t, PICK(t, dets));
	for (int n = (int)rng_below(&t->rng, 3); n > 0; n--)
		word(t, PICK(t, adjs));
	word(t, PICK(t, nouns));
	if (depth < 1 && rng_below(&t->rng, 5) == 0) {
		word(t, "that");
		verb_phrase(t, depth + 1);
	}
}

/* A clause; a plain one (depth 1) has no relative clause or
 * prepositional phrase of its own, so that two joined stay short. */
static void clause(struct text *t, int depth)
{
	noun_phrase(t, depth);
	verb_phrase(t, depth);
}

size_t parser_sentence(uint64_t seed, long i, char *buf)
{
	struct text t = { buf, 0, rng_hash(seed ^ rng_hash((uint64_t)i)) };

	if (rng_below(&t.rng, 3) == 0) {
		const char *c = PICK(&t, conjs);

		clause(&t, 1);
		if (c[0] != 'b' || c[1] != 'e')
			word(&t, ",");
		word(&t, c);
		clause(&t, 1);
	} else {
		clause(&t, 0);
	}
	buf[t.len++] = '.';
	buf[t.len] = '\0';
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
	return t.len;
}
