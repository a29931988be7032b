/* gzip_spec.h - what sp-gzip-gen, sp-gzip and sp-gzip-check agree on: the
 * command line, the compression levels, and how --mb sizes the input. */
#ifndef SP_GZIP_SPEC_H
#define SP_GZIP_SPEC_H

#include "corpus_args.h"

/* SPEC's 164.gzip compresses its buffer at the odd levels 1 to 9 and
 * decompresses each result; so do we, and the output holds one gzip
 * member per level. */
static const int gzip_levels[] = { 1, 3, 5, 7, 9 };
#define GZIP_NLEVELS 5

/* Peak RSS over input size, measured with zlib 1.2.13 on the corpus: the
 * input, the compressed copy (about 45%) and the decompressed copy. */
#define GZIP_FOOTPRINT_PER_BYTE 2.55

/* The shared command line (corpus_args.h), with this workload's operand
 * and footprint. */
static inline void gzip_parse_args(int argc, char **argv,
					enum corpus_mode mode,
					struct corpus_args *a)
{
	corpus_parse_args(argc, argv, mode, "OUT.GZ",
			  GZIP_FOOTPRINT_PER_BYTE, a);
}

#endif
