/* applu_input.h - sp-applu's reader of the input file sp-applu-gen
 * writes (format in applu_spec.h). */
#ifndef SP_APPLU_INPUT_H
#define SP_APPLU_INPUT_H

#include "applu_spec.h"

struct applu_input {
	double dt, omega;
	double ce[5][APPLU_TERMS];	/* the manufactured solution's */
};

/* Reads path into in, for the problem of a: NULL, or what is wrong with
 * the file (a static string, or one in a static buffer). */
const char *applu_read_input(const char *path, const struct applu_args *a,
			     struct applu_input *in);

#endif
