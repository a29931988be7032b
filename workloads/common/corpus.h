/* corpus.h - the seeded input of the compression workloads (gzip, bzip2):
 * a byte stream mixing the kinds of data SPEC's compression inputs mixed
 * (text, program-like binary, incompressible noise), made block by block
 * so that a program can write it and a check can make it again in pieces
 * without holding it whole. */
#ifndef SP_WORKLOAD_CORPUS_H
#define SP_WORKLOAD_CORPUS_H

#include <stddef.h>
#include <stdint.h>

/* Block k of the stream depends on the seed and k only. */
#define CORPUS_BLOCK 65536

/* Fills buf with bytes [off, off + n) of the stream of seed.  off must be
 * a multiple of CORPUS_BLOCK. */
void corpus_fill(unsigned char *buf, uint64_t off, size_t n, uint64_t seed);

/* Writes the first n bytes of the stream of seed to path, atomically:
 * 0, or -1 after one line on stderr naming prog. */
int corpus_write(const char *prog, const char *path, uint64_t n,
		 uint64_t seed);

/* Reads path, which must hold exactly n bytes, into a new buffer: the
 * buffer, or NULL after one line on stderr naming prog. */
unsigned char *corpus_read(const char *prog, const char *path, uint64_t n);

/* For the checks (check.h): runs argv (a decompressor writing to its
 * standard output) and check_fails unless it exits 0 having written
 * exactly `copies` copies of the first n bytes of the stream of seed. */
void corpus_expect_output(char *const argv[], uint64_t n, int copies,
			  uint64_t seed);

#endif
