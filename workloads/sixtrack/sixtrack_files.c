/* sixtrack_files.c - sp-sixtrack-check's readers of sixtrack.in and of
 * sp-sixtrack's result (sixtrack_files.h), strict about keys, order and
 * numbers. */
#include "sixtrack_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "line_reader.h"

static long key_long(struct line_reader *rd, const char *key, long min,
		     long max)
{
	long x = lr_key(rd, key, lr_long);

	if (x < min || x > max)
		lr_fail(rd, "%s out of range", key);
	return x;
}

static int key_lattice(struct line_reader *rd)
{
	lr_expect(rd, "lattice");
	if (!strcmp(rd->pos, " full"))
		return 0;
	if (!strcmp(rd->pos, " linear"))
		return 1;
	lr_fail(rd, "the lattice is neither full nor linear");
}

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

static int find(const struct sixtrack_input *in, const char *name, int n)
{
	for (int e = 0; e < n; e++)
		if (!strcmp(in->ele[e].name, name))
			return e;
	return -1;
}

static void read_elements(struct line_reader *rd, struct sixtrack_input *in)
{
	char name[SIXTRACK_NAME_MAX + 1], kind[8];
	long nsets;

	in->nele = (int)key_long(rd, "elements", 1, SIXTRACK_ELEMENTS_MAX);
	for (int e = 0; e < in->nele; e++) {
		struct sixtrack_element *el = &in->ele[e];

		lr_expect(rd, "element");
		lr_word(rd, name, sizeof(name));
		if (find(in, name, e) >= 0)
			lr_fail(rd, "element %s named twice", name);
		strcpy(el->name, name);
		lr_word(rd, kind, sizeof(kind));
		if (!strcmp(kind, "bend")) {
			el->bend = 1;
			el->coef = lr_double(rd);
			el->h = lr_double(rd);
		} else if (!strcmp(kind, "mult")) {
			el->order = (int)lr_long(rd);
			if (el->order < 1 || el->order > SIXTRACK_MMUL)
				lr_fail(rd, "the order is out of range");
			el->coef = lr_double(rd);
		} else {
			lr_fail(rd, "an element is a bend or a mult");
		}
		lr_end(rd);
	}
	nsets = key_long(rd, "errorsets", 0, 2 * SIXTRACK_ELEMENTS_MAX);
	for (long k = 0; k < nsets; k++) {
		double *u;
		int e;

		lr_expect(rd, "errors");
		e = find(in, lr_word(rd, name, sizeof(name)), in->nele);
		if (e < 0)
			lr_fail(rd, "no element %s", name);
		lr_word(rd, kind, sizeof(kind));
		if (!strcmp(kind, "b"))
			u = in->ele[e].erb;
		else if (!strcmp(kind, "a"))
			u = in->ele[e].era;
		else
			lr_fail(rd, "errors are b or a");
		in->ele[e].has_err = 1;
		for (int n = 0; n < SIXTRACK_MMUL; n++)
			u[n] = lr_double(rd);
		lr_end(rd);
	}
}

void sixtrack_read_input(const char *path, struct sixtrack_input *in)
{
	char what[300], name[SIXTRACK_NAME_MAX + 1];
	struct line_reader rd;

	memset(in, 0, sizeof(*in));
	snprintf(what, sizeof(what), "the input %s", path);
	lr_open(&rd, path, what);
	in->cells = key_long(&rd, "cells", 1, SIXTRACK_CELLS_MAX);
	in->turns = key_long(&rd, "turns", 1, SIXTRACK_TURNS_MAX);
	in->particles = key_long(&rd, "particles", SIXTRACK_PARTICLES_MIN,
				 SIXTRACK_PARTICLES_MAX);
	in->seed = lr_key_u64(&rd, "seed");
	in->linear = key_lattice(&rd);
	key_long(&rd, "mmul", SIXTRACK_MMUL, SIXTRACK_MMUL);
	in->r0 = lr_key(&rd, "r0", lr_double);
	if (!(in->r0 > 0))
		lr_fail(&rd, "r0 is not positive");
	lr_expect(&rd, "aperture");
	in->aperx = lr_double(&rd);
	in->apery = lr_double(&rd);
	lr_end(&rd);
	lr_expect(&rd, "rf");
	in->rfv = lr_double(&rd);
	in->rfk = lr_double(&rd);
	lr_end(&rd);
	read_elements(&rd, in);
	in->ncel = key_long(&rd, "cell", 1, 100000);
	in->icel = alloc((size_t)in->ncel, sizeof(*in->icel));
	in->dcel = alloc((size_t)in->ncel, sizeof(*in->dcel));
	for (long k = 0; k < in->ncel; k++) {
		lr_expect(&rd, "entry");
		in->icel[k] = find(in, lr_word(&rd, name, sizeof(name)),
				   in->nele);
		if (in->icel[k] < 0)
			lr_fail(&rd, "no element %s", name);
		in->dcel[k] = lr_double(&rd);
		lr_end(&rd);
		if (!(in->dcel[k] >= 0))
			lr_fail(&rd, "a drift is negative");
	}
	in->coord = alloc((size_t)in->particles, sizeof(*in->coord));
	for (long j = 0; j < in->particles; j++) {
		lr_expect(&rd, "particle");
		if (lr_long(&rd) != j + 1)
			lr_fail(&rd, "particles out of order");
		for (int k = 0; k < 6; k++)
			in->coord[j][k] = lr_double(&rd);
		lr_end(&rd);
	}
	if (lr_next(&rd))
		lr_fail(&rd, "more than the input holds");
	lr_close(&rd);
}

void sixtrack_read_result(const char *path, struct sixtrack_result *res)
{
	struct line_reader rd;

	memset(res, 0, sizeof(*res));
	lr_open(&rd, path, "");
	res->cells = key_long(&rd, "cells", 1, SIXTRACK_CELLS_MAX);
	res->turns = key_long(&rd, "turns", 1, SIXTRACK_TURNS_MAX);
	res->particles = key_long(&rd, "particles", SIXTRACK_PARTICLES_MIN,
				  SIXTRACK_PARTICLES_MAX);
	res->seed = lr_key_u64(&rd, "seed");
	res->linear = key_lattice(&rd);
	res->entries = key_long(&rd, "entries", 1, 2000000000L);
	lr_expect(&rd, "#");
	for (long i = 0; i < 6; i++) {
		lr_expect(&rd, "matrix");
		if (lr_long(&rd) != i + 1)
			lr_fail(&rd, "matrix rows out of order");
		for (int k = 0; k < 6; k++)
			res->matrix[i][k] = lr_double(&rd);
		lr_end(&rd);
	}
	lr_expect(&rd, "#");
	res->probe = alloc((size_t)res->turns + 1, sizeof(*res->probe));
	res->lost = alloc((size_t)res->particles, sizeof(*res->lost));
	res->final = alloc((size_t)res->particles, sizeof(*res->final));
	for (;;) {
		if (!lr_next(&rd))
			lr_fail(&rd, "missing the particles");
		if (lr_is_key(&rd, "#"))
			break;
		if (!lr_is_key(&rd, "probe"))
			lr_fail(&rd, "expected 'probe'");
		if (res->nprobe > res->turns)
			lr_fail(&rd, "more probe records than turns");
		if (lr_long(&rd) != res->nprobe)
			lr_fail(&rd, "probe records out of order");
		for (int k = 0; k < 6; k++)
			res->probe[res->nprobe][k] = lr_double(&rd);
		lr_end(&rd);
		res->nprobe++;
	}
	for (long j = 0; j < res->particles; j++) {
		lr_expect(&rd, "particle");
		if (lr_long(&rd) != j + 1)
			lr_fail(&rd, "particles out of order");
		res->lost[j] = lr_long(&rd);
		if (res->lost[j] < 0 || res->lost[j] > res->turns)
			lr_fail(&rd, "a lost turn out of range");
		if (!res->lost[j])
			for (int k = 0; k < 6; k++)
				res->final[j][k] = lr_double(&rd);
		lr_end(&rd);
	}
	if (lr_next(&rd))
		lr_fail(&rd, "more particles than the run had");
	lr_close(&rd);
}
