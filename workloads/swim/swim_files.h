/* swim_files.h - sp-swim-check's readers of the two files it judges by:
 * the input swim.in (the parameters sp-swim-gen wrote) and sp-swim's
 * result (a header, then one record per line).  Anything malformed is a
 * check_fail naming the file. */
#ifndef SP_SWIM_FILES_H
#define SP_SWIM_FILES_H

#include "swim_spec.h"

struct swim_result {
	long n1, n2, itmax, mprint;
	long nrec;
	double (*rec)[SWIM_REC];	/* the step, then the five sums */
};

void swim_read_input(const char *path, struct swim_params *sp);

/* Reads the result file check_begin named. */
void swim_read_result(const char *path, struct swim_result *res);

#endif
