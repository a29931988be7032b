/* galgel_input.h - the input file sp-galgel reads its parameters from, as
 * SPEC's galgel reads galgel.in: "key value" lines for the basis sizes,
 * the step count, the Prandtl number, the aspect ratio, Newton's tolerance
 * and step limit, the eigenvectors to write and the seed, then one "gr"
 * line per step of the Grashof sweep. */
#ifndef SP_GALGEL_INPUT_H
#define SP_GALGEL_INPUT_H

#include <stdio.h>

#include "galgel_spec.h"

void galgel_input_write(FILE *f, const struct galgel_params *p);

/* Reads f into p (p->gr malloc'd): 0, or -1 with *what naming the first
 * line missing or wrong. */
int galgel_input_read(FILE *f, struct galgel_params *p, const char **what);

/* 1 when a and b state the same problem and sweep. */
int galgel_params_equal(const struct galgel_params *a,
			const struct galgel_params *b);

#endif
