/* wupwise_input.h - the input file sp-wupwise reads its parameters from,
 * as SPEC's wupwise reads wupwise.in: one line each for the lattice
 * extents, the seed, kappa, the tolerance and the iteration limit, every
 * line its values and then words naming them. */
#ifndef SP_WUPWISE_INPUT_H
#define SP_WUPWISE_INPUT_H

#include <stdio.h>

#include "wupwise_spec.h"

void wup_input_write(FILE *f, const struct wup_params *p);

/* Reads f into p: 0, or -1 with *what saying what is wrong. */
int wup_input_read(FILE *f, struct wup_params *p, const char **what);

#endif
