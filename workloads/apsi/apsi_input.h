/* apsi_input.h - the input file apsi.in, "key value..." lines in a fixed
 * order: written by sp-apsi-gen, read by sp-apsi and sp-apsi-check. */
#ifndef SP_APSI_INPUT_H
#define SP_APSI_INPUT_H

#include <stdio.h>

#include "apsi_spec.h"

/* Writes p as apsi.in's lines, doubles to the last bit. */
void apsi_write_input(FILE *f, const struct apsi_params *p);

/* Reads path into p: NULL, or what is wrong with the file (a string in a
 * static buffer). */
const char *apsi_read_input(const char *path, struct apsi_params *p);

/* Whether two parameter sets are the same, bit for bit. */
int apsi_same_params(const struct apsi_params *a,
		     const struct apsi_params *b);

#endif
