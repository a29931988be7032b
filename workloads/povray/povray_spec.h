/* povray_spec.h - what sp-povray-gen and sp-povray-check agree on: the
 * command line (sphere count and image size) and the scene's background. */
#ifndef SP_POVRAY_SPEC_H
#define SP_POVRAY_SPEC_H

#include <stdint.h>

struct povray_args {
	long spheres;		/* random spheres on the ground */
	long width, height;	/* of the rendered image */
	uint64_t seed;
	const char *path;	/* -o DIR for the generator, FILE for the check */
};

/* The sky colour, 8-bit at File_Gamma 1.0: the top rows show only it. */
#define POVRAY_SKY_R 51		/* 0.2 x 255 */
#define POVRAY_SKY_G 102	/* 0.4 x 255 */
#define POVRAY_SKY_B 204	/* 0.8 x 255 */

/* Parses argv; on bad input prints one line and exits 2.  gen: the
 * generator's form (-o DIR); otherwise the check's (one positional FILE). */
void povray_parse_args(int argc, char **argv, int gen, struct povray_args *a);

#endif
