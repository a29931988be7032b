/* perlbmk_spec.h - what sp-perlbmk-gen and sp-perlbmk-check agree on: the
 * command line and the seeded mailbox, message by message, so that the
 * check derives every message itself rather than reading the script's
 * input. */
#ifndef SP_PERLBMK_SPEC_H
#define SP_PERLBMK_SPEC_H

#include <stddef.h>
#include <stdint.h>

/* Senders, and words of the vocabulary (made of two-letter syllables). */
#define PERLBMK_SENDERS 500
#define PERLBMK_WORDS 6000
/* Lines a sender repeats from message to message (quotes, signatures). */
#define PERLBMK_SENDER_LINES 40
#define PERLBMK_LINES_MAX 60
#define PERLBMK_LINE_MAX 256
/* perl's peak memory per message of the mailbox, measured with perl
 * 5.36 running sp-perlbmk.pl; --mb divides by it. */
#define PERLBMK_BYTES_PER_MESSAGE 9900

struct perlbmk_args {
	long messages;
	uint64_t seed;
	const char *path;	/* -o DIR (gen) or the report (check) */
};

/* Parses argv; on bad input prints one line and exits 2.  gen: the
 * generator's form (-o DIR); otherwise the check's (one positional FILE). */
void perlbmk_parse_args(int argc, char **argv, int gen,
			struct perlbmk_args *a);

/* Message i (from 0): its sender and body lines.  Each line is at most
 * PERLBMK_LINE_MAX bytes with its terminating zero, lowercase words and
 * spaces, maybe "> " first and a comma or period after a word; none is
 * empty.  word_ids[k][0..words[k]-1] are the vocabulary indices of line
 * k's words, in order. */
struct perlbmk_msg {
	int sender;
	int nlines;
	char line[PERLBMK_LINES_MAX][PERLBMK_LINE_MAX];
	int words[PERLBMK_LINES_MAX];
	int word_ids[PERLBMK_LINES_MAX][24];
	char subject[PERLBMK_LINE_MAX];
};

void perlbmk_message(uint64_t seed, long i, struct perlbmk_msg *m);

/* Word w of the vocabulary into buf (at least 16 bytes); its length. */
size_t perlbmk_word(int w, char *buf);

#endif
