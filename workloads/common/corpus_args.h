/* corpus_args.h - the command line the compression workloads (gzip, bzip2)
 * share: their generator, run and check take the same options and size
 * the corpus (corpus.h) the same way; only the name of the check's
 * operand and the footprint per input byte differ. */
#ifndef SP_WORKLOAD_CORPUS_ARGS_H
#define SP_WORKLOAD_CORPUS_ARGS_H

#include <stdint.h>

enum corpus_mode { CORPUS_GEN, CORPUS_RUN, CORPUS_CHECK };

struct corpus_args {
	uint64_t bytes;		/* input size */
	uint64_t seed;
	const char *input;	/* -i: the prepared corpus (run only) */
	const char *path;	/* -o for gen and run, the check's operand */
};

/* Parses argv for mode: {-n KB | --mb M}, where M MiB of footprint is
 * M / footprint_per_byte of input, -s SEED, -i CORPUS for the run, and
 * -o PATH, or the operand named operand for the check.  On bad input
 * prints one line and exits 2. */
void corpus_parse_args(int argc, char **argv, enum corpus_mode mode,
		       const char *operand, double footprint_per_byte,
		       struct corpus_args *a);

#endif
