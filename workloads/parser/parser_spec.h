/* parser_spec.h - what sp-parser-gen and sp-parser-check agree on: the
 * command line, the link-parser options of the measured run, and the
 * seeded English sentences (a small grammar over words the English
 * dictionary knows), so that the check derives each sentence itself. */
#ifndef SP_PARSER_SPEC_H
#define SP_PARSER_SPEC_H

#include <stddef.h>
#include <stdint.h>

#define PARSER_LINK_PARSER "/usr/bin/link-parser"
/* The options after the language, the same in the run and the check's
 * second run: no graphics, the input echoed before its parse, the first
 * linkage as a constituent tree, no time limit (a limit would make the
 * result depend on the machine's speed), no spelling guesses (every word
 * is in the dictionary). */
#define PARSER_OPTIONS "-graphics=0", "-echo=1", "-constituents=1", \
		       "-timeout=100000", "-spell=0"
/* link-parser's peak resident memory hardly depends on the text's length:
 * about 28 MB of dictionary, plus the tables of the longest sentence
 * parsed so far, 38-41 MB on these sentences whether there are 100 or
 * 3000.  --mb M therefore sets the run's length at the paper size's
 * proportion (3000 sentences for its ~37 MB), not the footprint. */
#define PARSER_SENTENCES_PER_MB 80
/* The longest sentence the grammar makes, with its terminating zero. */
#define PARSER_SENTENCE_MAX 2048

struct parser_args {
	long sentences;
	uint64_t seed;
	const char *path;	/* -o DIR (gen) or the parse output (check) */
};

/* Parses argv; on bad input prints one line and exits 2.  gen: the
 * generator's form (-o DIR); otherwise the check's (one positional FILE). */
void parser_parse_args(int argc, char **argv, int gen, struct parser_args *a);

/* Writes sentence i (from 0) of the text for seed into buf (at least
 * PARSER_SENTENCE_MAX bytes): words separated by one space, a comma
 * attached to the word before it, a final period, no newline.  Returns
 * its length. */
size_t parser_sentence(uint64_t seed, long i, char *buf);

#endif
