/* perlbmk_mail.c - the perlbmk workload's seeded mailbox (perlbmk_spec.h):
 * messages from PERLBMK_SENDERS senders whose bodies mix fresh lines with
 * lines each sender repeats, so that comparing a sender's consecutive
 * messages (what diffmail does) finds both kinds; words drawn with a
 * Zipf-like skew from a vocabulary of syllables. */
#include <math.h>
#include <string.h>

#include "perlbmk_spec.h"
#include "rng.h"

static const char syll[20][3] = {
	"ba", "ko", "mi", "tu", "re", "sa", "lo", "ne", "di", "ga",
	"pu", "ve", "ho", "ji", "ra", "te", "no", "si", "wa", "ze",
};

size_t perlbmk_word(int w, char *buf)
{
	size_t n = 0;

	/* w + 20 in base 20, most significant syllable first: distinct
	 * words of two syllables or more */
	for (unsigned v = (unsigned)w + 20; v; v /= 20) {
		memmove(buf + 2, buf, n);
		memcpy(buf, syll[v % 20], 2);
		n += 2;
	}
	buf[n] = '\0';
	return n;
}

/* A word index, log-uniform: rank r about as likely as 1/r. */
static int zipf(uint64_t *rng)
{
	return (int)floor(exp(rng_uniform(rng) * log(PERLBMK_WORDS))) - 1;
}

/* Line text from its own seed: words, a quote mark, punctuation. */
static void make_line(uint64_t s, char *out, int *nw, int *ids)
{
	int words = 3 + (int)rng_below(&s, 12);
	size_t n = 0;

	if (rng_below(&s, 6) == 0) {
		memcpy(out, "> ", 2);
		n = 2;
	}
	for (int k = 0; k < words; k++) {
		int w = zipf(&s);

		if (k)
			out[n++] = ' ';
		n += perlbmk_word(w, out + n);
		ids[k] = w;
		if (rng_below(&s, 10) == 0)
			out[n++] = k + 1 == words ? '.' : ',';
	}
	out[n] = '\0';
	*nw = words;
}

void perlbmk_message(uint64_t seed, long i, struct perlbmk_msg *m)
{
	uint64_t s = rng_hash(seed ^ rng_hash((uint64_t)i));
	int ids[24], nw;

	m->sender = (int)rng_below(&s, PERLBMK_SENDERS);
	m->nlines = 3 + (int)rng_below(&s, PERLBMK_LINES_MAX - 2);
	for (int k = 0; k < m->nlines; k++) {
		uint64_t ls;

		if (rng_below(&s, 2))
			ls = rng_hash(seed ^ (uint64_t)m->sender << 20 ^
				      rng_below(&s, PERLBMK_SENDER_LINES));
		else
			ls = rng_next(&s);
		make_line(ls, m->line[k], &m->words[k], m->word_ids[k]);
	}
	make_line(rng_next(&s), m->subject, &nw, ids);
}
