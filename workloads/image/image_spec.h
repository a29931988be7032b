/* image_spec.h - what sp-image-gen and sp-image-check agree on: the command
 * line (image size) and the seeded formula of every input pixel. */
#ifndef SP_IMAGE_SPEC_H
#define SP_IMAGE_SPEC_H

#include <stdint.h>

#include "rng.h"

struct image_args {
	long width, height;	/* of the input; the output is height x width */
	uint64_t seed;
	const char *path;	/* -o DIR for the generator, FILE for the check */
};

/* Parses argv; on bad input prints one line and exits 2.  gen: the
 * generator's form (-o DIR); otherwise the check's (one positional FILE). */
void image_parse_args(int argc, char **argv, int gen, struct image_args *a);

/* The three 8-bit samples (R, G, B) of input pixel (x, y), packed in the
 * low 24 bits: a smooth gradient with seeded noise, so that both a wrong
 * position and a wrong value show. */
static inline uint32_t image_pixel(uint64_t seed, long x, long y)
{
	uint64_t h = rng_hash(seed ^ ((uint64_t)y << 32) ^ (uint64_t)x);
	uint32_t r = (uint32_t)((x * 7 + (long)(h & 0x3f)) & 0xff);
	uint32_t g = (uint32_t)((y * 5 + (long)((h >> 8) & 0x3f)) & 0xff);
	uint32_t b = (uint32_t)((h >> 16) & 0xff);

	return r << 16 | g << 8 | b;
}

#endif
