/* mgrid_input.h - sp-mgrid's reader of the input file sp-mgrid-gen writes
 * (format in mgrid_spec.h). */
#ifndef SP_MGRID_INPUT_H
#define SP_MGRID_INPUT_H

#include "mgrid_spec.h"

#define MGRID_INPUT_CHARGES_MAX 100000

struct mgrid_input {
	double a[4], c[4];	/* the operator's and the smoother's */
	int nq;			/* charges */
	int (*iq)[3];		/* their interior points, from 0 */
	double *q;
};

/* Reads path into in, for the problem of a: NULL, or what is wrong with
 * the file (a static string, or one in a static buffer). */
const char *mgrid_read_input(const char *path, const struct mgrid_args *a,
			     struct mgrid_input *in);

#endif
