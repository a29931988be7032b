/* image_spec.h - what sp-image-gen and sp-image-check agree on: the command
 * line (image size) and the seeded formula of every input pixel. */
#ifndef SP_IMAGE_SPEC_H
#define SP_IMAGE_SPEC_H

#include <stdint.h>

#include "rng.h"

/* The most quarter turns one run may make (-r). */
#define IMAGE_MAX_TURNS 100000

struct image_args {
	long width, height;	/* of the input */
	long turns;		/* -r: quarter turns clockwise, one at a time */
	uint64_t seed;
	const char *path;	/* -o DIR for the generator, -o FILE for the
				 * run, the check's operand FILE */
	const char *input;	/* -i DIR: the run's input folder */
};

/* Which program's command line: the check's (one operand, FILE), the
 * generator's (-o DIR) or the run's (-i DIR -o FILE, no seed). */
enum image_form { IMAGE_CHECK, IMAGE_GEN, IMAGE_RUN };

/* Parses argv for form; on bad input prints one line and exits 2. */
void image_parse_args(int argc, char **argv, enum image_form form,
		      struct image_args *a);

/* The input pixel (x, y) that pixel (X, Y) of the input turned clockwise
 * a quarter turn `turns` times shows; the output is height x width for an
 * odd number of turns, width x height for an even one. */
static inline void image_turned_from(const struct image_args *a, long X,
				     long Y, long *x, long *y)
{
	switch (a->turns % 4) {
	case 0:
		*x = X;
		*y = Y;
		break;
	case 1:
		*x = Y;
		*y = a->height - 1 - X;
		break;
	case 2:
		*x = a->width - 1 - X;
		*y = a->height - 1 - Y;
		break;
	default:
		*x = a->width - 1 - Y;
		*y = X;
		break;
	}
}

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
