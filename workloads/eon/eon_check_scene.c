/* eon_check_scene.c - sp-eon-check's reader of the scene file (format in
 * eon_spec.h), written apart from sp-eon's, into plain arrays. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eon_check.h"

struct words {
	FILE *f;
	const char *err;
};

static int next(struct words *w, char *buf)
{
	if (fscanf(w->f, "%63s", buf) == 1)
		return 1;
	if (!w->err)
		w->err = "truncated";
	return 0;
}

static int fail(struct words *w, const char *why)
{
	if (!w->err)
		w->err = why;
	return 0;
}

static int word(struct words *w, const char *want)
{
	char buf[64];

	if (!next(w, buf))
		return 0;
	return strcmp(buf, want) ? fail(w, "a section is missing or misplaced") : 1;
}

static int real(struct words *w, double *v)
{
	char buf[64], *end;

	if (!next(w, buf))
		return 0;
	errno = 0;
	*v = strtod(buf, &end);
	return errno || end == buf || *end ? fail(w, "bad number") : 1;
}

static int reals(struct words *w, double *v, int n)
{
	for (int i = 0; i < n; i++)
		if (!real(w, &v[i]))
			return 0;
	return 1;
}

/* A decimal number from 0 to max. */
static int count(struct words *w, uint64_t *v, uint64_t max)
{
	char buf[64], *end;

	if (!next(w, buf))
		return 0;
	errno = 0;
	*v = strtoull(buf, &end, 10);
	if (errno || end == buf || *end || buf[0] == '-' || *v > max)
		return fail(w, "bad integer");
	return 1;
}

static int header(struct words *w, const struct eon_args *a)
{
	uint64_t version, objects, seed, res, spp;

	if (!word(w, EON_SCENE_MAGIC) || !count(w, &version, UINT64_MAX) ||
	    !word(w, "args") || !count(w, &objects, UINT64_MAX) ||
	    !count(w, &seed, UINT64_MAX) || !count(w, &res, UINT64_MAX) ||
	    !count(w, &spp, UINT64_MAX))
		return 0;
	if (version != EON_SCENE_VERSION)
		return fail(w, "another version of the format");
	if (objects != (uint64_t)a->objects || seed != a->seed ||
	    res != (uint64_t)a->res || spp != (uint64_t)a->spp)
		return fail(w, "made for other arguments");
	return 1;
}

static int prim(struct words *w, struct ck_scene *s, struct ck_prim *p)
{
	char kind[64];
	uint64_t mat, axis;

	if (!next(w, kind) || !count(w, &mat, s->nmats - 1))
		return 0;
	p->mat = (int)mat;
	p->axis = 0;
	if (!strcmp(kind, "sphere")) {
		p->type = CK_SPHERE;
		if (!reals(w, p->v, 4))
			return 0;
	} else if (!strcmp(kind, "box")) {
		p->type = CK_BOX;
		if (!reals(w, p->v, 6))
			return 0;
	} else if (!strcmp(kind, "rect")) {
		p->type = CK_RECT;
		if (!count(w, &axis, 2) || !reals(w, p->v, 5))
			return 0;
		p->axis = (int)axis;
	} else {
		return fail(w, "unknown primitive");
	}
	if (s->mats[mat].kind != EON_LIGHT)
		return 1;
	if (p->type != CK_RECT)
		return fail(w, "a light that is not a rect");
	if (s->light)
		return fail(w, "more than one light");
	if (p->axis != 1)
		return fail(w, "the light is not horizontal");
	s->light = p;
	return 1;
}

const char *ck_scene_read(const char *path, const struct eon_args *a,
			  struct ck_scene *s)
{
	struct words w = { fopen(path, "r"), NULL };
	uint64_t n, kind;
	char extra[64];
	int ok;

	memset(s, 0, sizeof(*s));
	if (!w.f)
		return "cannot open";
	ok = header(&w, a) && word(&w, "camera") && reals(&w, s->eye, 3) &&
	     real(&w, &s->tan) && word(&w, "materials") &&
	     count(&w, &n, 1 << 20) && (n || fail(&w, "no materials"));
	if (ok) {
		s->nmats = n;
		s->mats = calloc(n, sizeof(*s->mats));
		ok = s->mats || fail(&w, "out of memory");
	}
	for (size_t i = 0; ok && i < s->nmats; i++) {
		ok = count(&w, &kind, EON_LIGHT) && reals(&w, s->mats[i].c, 3);
		s->mats[i].kind = (int)kind;
	}
	ok = ok && word(&w, "prims") && count(&w, &n, INT32_MAX) &&
	     (n || fail(&w, "no primitives"));
	if (ok) {
		s->nprims = n;
		s->prims = calloc(n, sizeof(*s->prims));
		ok = s->prims || fail(&w, "out of memory");
	}
	for (size_t i = 0; ok && i < s->nprims; i++)
		ok = prim(&w, s, &s->prims[i]);
	ok = ok && word(&w, "end") && (s->light || fail(&w, "no light"));
	if (ok && fscanf(w.f, "%63s", extra) == 1)
		fail(&w, "text after 'end'");
	fclose(w.f);
	return w.err;
}
