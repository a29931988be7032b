/* apsi_result.h - sp-apsi-check's reader of sp-apsi's result: the header,
 * the records, the probe's level and the three planes of temperature and
 * pressure.  Anything malformed is a check_fail. */
#ifndef SP_APSI_RESULT_H
#define SP_APSI_RESULT_H

#include "apsi_spec.h"

struct apsi_result {
	long nx, ny, nz, steps, mprint, nprobe;
	long nrec;
	double (*rec)[APSI_REC];	/* the step, then sum, min, max ... */
	long probe_level;
	double *probe;			/* nx x ny, i fastest */
	long level[APSI_PLANES];
	double *theta[APSI_PLANES], *p[APSI_PLANES];
};

/* Reads the result file check_begin named. */
void apsi_read_result(const char *path, struct apsi_result *res);

#endif
