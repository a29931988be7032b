/* swim_files.c - sp-swim-check's readers of swim.in and of sp-swim's
 * result (swim_files.h), strict about keys, order and numbers. */
#include "swim_files.h"

#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "line_reader.h"

void swim_read_input(const char *path, struct swim_params *sp)
{
	char what[300];
	struct line_reader rd;

	snprintf(what, sizeof(what), "the input %s", path);
	lr_open(&rd, path, what);
	sp->n1 = lr_key(&rd, "n1", lr_long);
	sp->n2 = lr_key(&rd, "n2", lr_long);
	sp->itmax = lr_key(&rd, "itmax", lr_long);
	sp->mprint = lr_key(&rd, "mprint", lr_long);
	sp->dt = lr_key(&rd, "dt", lr_double);
	sp->dx = lr_key(&rd, "dx", lr_double);
	sp->dy = lr_key(&rd, "dy", lr_double);
	sp->a = lr_key(&rd, "a", lr_double);
	sp->alpha = lr_key(&rd, "alpha", lr_double);
	sp->p0 = lr_key(&rd, "p0", lr_double);
	sp->seed = lr_key_u64(&rd, "seed");
	sp->modes = lr_key(&rd, "modes", lr_long);
	if (sp->modes != SWIM_MODES)
		lr_fail(&rd, "not the modes sp-swim-gen writes");
	for (long k = 0; k < sp->modes; k++) {
		struct swim_mode *md = &sp->mode[k];

		lr_expect(&rd, "mode");
		md->p = lr_long(&rd);
		md->q = lr_long(&rd);
		md->amp = lr_double(&rd);
		md->phx = lr_double(&rd);
		md->phy = lr_double(&rd);
		lr_end(&rd);
	}
	if (lr_next(&rd))
		lr_fail(&rd, "more than the input holds");
	lr_close(&rd);
}

void swim_read_result(const char *path, struct swim_result *res)
{
	struct line_reader rd;
	long cap;

	lr_open(&rd, path, "");
	res->n1 = lr_key(&rd, "n1", lr_long);
	res->n2 = lr_key(&rd, "n2", lr_long);
	res->itmax = lr_key(&rd, "itmax", lr_long);
	res->mprint = lr_key(&rd, "mprint", lr_long);
	lr_expect(&rd, "#");
	if (res->itmax < 1 || res->itmax > SWIM_STEPS_MAX || res->mprint < 1)
		check_fail("itmax %ld or mprint %ld out of range", res->itmax,
			   res->mprint);
	cap = res->itmax / res->mprint + 2;
	res->rec = malloc((size_t)cap * sizeof(*res->rec));
	if (!res->rec)
		check_fail("out of memory");
	res->nrec = 0;
	while (lr_next(&rd)) {
		double *x;

		if (!lr_is_key(&rd, "record"))
			lr_fail(&rd, "expected 'record'");
		if (res->nrec == cap)
			lr_fail(&rd, "more records than steps");
		x = res->rec[res->nrec++];
		x[0] = (double)lr_long(&rd);
		for (int k = 1; k < SWIM_REC; k++)
			x[k] = lr_double(&rd);
		lr_end(&rd);
	}
	lr_close(&rd);
}
