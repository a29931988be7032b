/* bzip2_spec.h - what sp-bzip2-gen, sp-bzip2 and sp-bzip2-check agree on:
 * the command line, the block size, and how --mb sizes the input. */
#ifndef SP_BZIP2_SPEC_H
#define SP_BZIP2_SPEC_H

#include <stdint.h>

/* bzip2's largest block, 900 kB, as bzip2 -9 (its default). */
#define BZIP2_BLOCK_SIZE 9

/* Peak RSS over input size, measured with libbz2 1.0.8 on the corpus: the
 * input, the compressed copy and the decompressed copy. */
#define BZIP2_FOOTPRINT_PER_BYTE 2.52

enum bzip2_mode { BZIP2_GEN, BZIP2_RUN, BZIP2_CHECK };

struct bzip2_args {
	uint64_t bytes;		/* input size */
	uint64_t seed;
	const char *input;	/* -i: the prepared corpus (run only) */
	const char *path;	/* -o for gen and run, the check's operand */
};

/* Parses argv; on bad input prints one line and exits 2. */
void bzip2_parse_args(int argc, char **argv, enum bzip2_mode mode,
		      struct bzip2_args *a);

#endif
