/* bzip2_spec.h - what sp-bzip2-gen, sp-bzip2 and sp-bzip2-check agree on:
 * the command line, the block size, and how --mb sizes the input. */
#ifndef SP_BZIP2_SPEC_H
#define SP_BZIP2_SPEC_H

#include "corpus_args.h"

/* bzip2's largest block, 900 kB, as bzip2 -9 (its default). */
#define BZIP2_BLOCK_SIZE 9

/* Peak RSS over input size, measured with libbz2 1.0.8 on the corpus: the
 * input, the compressed copy and the decompressed copy. */
#define BZIP2_FOOTPRINT_PER_BYTE 2.52

/* The shared command line (corpus_args.h), with this workload's operand
 * and footprint. */
static inline void bzip2_parse_args(int argc, char **argv,
					enum corpus_mode mode,
					struct corpus_args *a)
{
	corpus_parse_args(argc, argv, mode, "OUT.BZ2",
			  BZIP2_FOOTPRINT_PER_BYTE, a);
}

#endif
