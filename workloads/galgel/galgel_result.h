/* galgel_result.h - sp-galgel-check's reader of sp-galgel's result file
 * (its layout is galgel_spec.h's): the header, then the steps one at a
 * time, then the critical line.  Anything malformed is a check_fail
 * naming the line. */
#ifndef SP_GALGEL_RESULT_H
#define SP_GALGEL_RESULT_H

#include <stdio.h>

struct galgel_head {
	long nx, ny, order, steps, vectors;
};

/* One step; the arrays hold order (x, lre, lim) and vectors x order
 * (vre, vim) values. */
struct galgel_step {
	long k, newton, nvec;
	double gr, res;
	double *x, *lre, *lim;
	long *vidx;
	double *vre, *vim;
};

struct galgel_reader;

/* Opens the file check_begin named and reads its header. */
struct galgel_reader *galgel_result_open(const char *path,
					 struct galgel_head *h);

/* Reads the next step into st (its arrays allocated here once): 1, or 0
 * at the critical line, whose values go to *found, *gr and *freq (found 0
 * for "critical none"); after it the file must end. */
int galgel_result_step(struct galgel_reader *rd, struct galgel_step *st,
		       int *found, double *gr, double *freq);

void galgel_result_close(struct galgel_reader *rd, struct galgel_step *st);

#endif
