/* facerec_check_read.c - what sp-facerec-check reads: facerec.in (by the
 * parser the run uses), every album and probe image, the generator's
 * truth.txt (which the run never reads), and the result file, whose head
 * must name the same input and whose length must be exact. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "facerec_check.h"

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

static FILE *open_input(const char *in, const char *name, char **path)
{
	FILE *f;

	*path = facerec_beside(in, name);
	if (!*path)
		check_fail("out of memory");
	f = fopen(*path, "r");
	if (!f)
		check_fail("cannot open %s: %s", *path, strerror(errno));
	return f;
}

static unsigned char *images(const char *in, const char *name, long side,
			     long count)
{
	size_t size = (size_t)side * (size_t)side;
	unsigned char *px = alloc((size_t)count, size);
	const char *e;
	char *path;
	FILE *f = open_input(in, name, &path);

	for (long k = 0; k < count; k++)
		if ((e = facerec_read_pgm(f, side, px + (size_t)k * size)))
			check_fail("%s image %ld: %s", path, k, e);
	if (getc(f) != EOF)
		check_fail("%s: more than %ld images", path, count);
	fclose(f);
	free(path);
	return px;
}

static void truth(struct chk *c, const char *in)
{
	long k, person, n = 0;
	char *path;
	FILE *f = open_input(in, FACEREC_TRUTH, &path);
	int got;

	c->truth = alloc((size_t)c->p.probes, sizeof(long));
	while ((got = fscanf(f, "probe %ld person %ld\n", &k, &person)) == 2) {
		if (k != n || n >= c->p.probes || person < 0 ||
		    person >= c->p.persons)
			check_fail("%s: bad line %ld", path, n + 1);
		c->truth[n++] = person;
	}
	if (got != EOF || n != c->p.probes)
		check_fail("%s: %ld probes, not %ld", path, n, c->p.probes);
	fclose(f);
	free(path);
}

void chk_read_input(struct chk *c, const struct facerec_args *a)
{
	FILE *f = fopen(a->input, "r");
	const char *e;

	if (!f)
		check_fail("cannot open %s: %s", a->input, strerror(errno));
	if ((e = facerec_read_params(f, &c->p)))
		check_fail("%s: %s", a->input, e);
	fclose(f);
	if (c->p.side != a->side || (uint64_t)c->p.persons != a->persons ||
	    (uint64_t)c->p.probes != a->probes || c->p.seed != a->seed)
		check_fail("%s is an input of other arguments", a->input);
	c->album = images(a->input, c->p.album, c->p.side, c->p.persons);
	c->probe = images(a->input, c->p.probe, c->p.side, c->p.probes);
	truth(c, a->input);
}

static void get(void *to, size_t size, size_t n, FILE *f)
{
	if (fread(to, size, n, f) != n)
		check_fail("truncated");
}

void chk_read_result(struct chk *c, const char *path)
{
	const struct facerec_params *p = &c->p;
	size_t persons = (size_t)p->persons, probes = (size_t)p->probes;
	FILE *f = fopen(path, "rb");

	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	if (fread(&c->h, sizeof(c->h), 1, f) != 1 ||
	    memcmp(c->h.magic, FACEREC_MAGIC, sizeof(c->h.magic)))
		check_fail("not an sp-facerec result");
	if (c->h.side != (uint64_t)p->side || c->h.persons != persons ||
	    c->h.probes != probes || c->h.seed != p->seed)
		check_fail("a result of other arguments");
	if (c->h.nodes != FACEREC_NODES || c->h.features != FACEREC_FEATURES ||
	    c->h.lambda != p->lambda)
		check_fail("a run of another facerec.in");
	c->album_pos = alloc(persons, sizeof(*c->album_pos));
	c->album_jets = alloc(persons, sizeof(*c->album_jets));
	c->probes = alloc(probes, sizeof(*c->probes));
	for (size_t k = 0; k < persons; k++) {
		get(c->album_pos[k], sizeof(c->album_pos[k]), 1, f);
		get(c->album_jets[k], sizeof(c->album_jets[k]), 1, f);
	}
	for (size_t k = 0; k < probes; k++) {
		struct chk_probe *q = &c->probes[k];

		q->scores = alloc(persons, sizeof(double));
		get(&q->m, sizeof(q->m), 1, f);
		get(q->scores, sizeof(double), persons, f);
		get(q->pos, sizeof(q->pos), 1, f);
		get(q->jets, sizeof(q->jets), 1, f);
	}
	if (fgetc(f) != EOF)
		check_fail("bytes after the last probe");
	fclose(f);
}
