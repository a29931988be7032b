/* twolf_layout.c - reading a placement for sp-twolf-check
 * (twolf_layout.h): the rows genrows wrote to the .blk file, the boxes
 * TimberWolfSC wrote to the .pl1 file, and the totals of its .out file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "twolf_layout.h"

#define LINE_MAX 512

static FILE *open_or_fail(const char *path)
{
	FILE *f;

	check_begin("sp-twolf-check", path);
	f = fopen(path, "r");
	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	return f;
}

static void *alloc_or_fail(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

void twolf_read_rows(const char *path, struct twolf_layout *l)
{
	char line[LINE_MAX], word[16], extra[2];
	FILE *f = open_or_fail(path);
	int n = 0;

	if (!fgets(line, sizeof(line), f) ||
	    sscanf(line, "rows %d %1s", &l->nrows, extra) != 1 ||
	    l->nrows < 1 || l->nrows > 100000)
		check_fail("no row count on its first line");
	l->rows = alloc_or_fail((size_t)l->nrows, sizeof(*l->rows));
	while (n < l->nrows && fgets(line, sizeof(line), f)) {
		struct twolf_row *r = &l->rows[n];
		int k;

		word[0] = '\0';
		k = sscanf(line, "row %ld %ld %ld %ld %15s %1s", &r->x1,
			   &r->y1, &r->x2, &r->y2, word, extra);
		if ((k != 4 && k != 5) || (k == 5 && strcmp(word, "mirror")))
			check_fail("row %d is malformed", n + 1);
		if (r->x2 <= r->x1 || r->y2 <= r->y1)
			check_fail("row %d is empty", n + 1);
		r->mirror = k == 5;
		n++;
	}
	if (n < l->nrows)
		check_fail("%d of %d rows", n, l->nrows);
	fclose(f);
}

/* The box of the cell or pad named name, or a check_fail. */
static struct twolf_box *find(const struct twolf_design *d,
			      struct twolf_layout *l, const char *name)
{
	const char *u = strrchr(name, '_');
	char want[64], *end;
	long i;

	if (!strncmp(name, "io", 2)) {
		i = strtol(name + 2, &end, 10);
		twolf_pad_name(i, want, sizeof(want));
		if (!*end && i >= 0 && i < d->npads && !strcmp(want, name))
			return &l->pads[i];
	} else if (u) {
		i = strtol(u + 1, &end, 10);
		if (!*end && i >= 0 && i < d->ncells) {
			twolf_cell_name(d, i, want, sizeof(want));
			if (!strcmp(want, name))
				return &l->cells[i];
		}
	}
	check_fail("unknown cell %.64s", name);
}

void twolf_read_placement(const char *path, const struct twolf_design *d,
			  struct twolf_layout *l)
{
	char line[LINE_MAX], name[LINE_MAX], extra[2];
	FILE *f = open_or_fail(path);
	struct twolf_box b, *to;

	l->cells = alloc_or_fail((size_t)d->ncells, sizeof(*l->cells));
	l->pads = alloc_or_fail((size_t)d->npads, sizeof(*l->pads));
	while (fgets(line, sizeof(line), f)) {
		if (!strchr(line, '\n'))
			check_fail("a line is too long or unterminated");
		*strchr(line, '\n') = '\0';
		if (sscanf(line, "%s %ld %ld %ld %ld %d %d %1s", name, &b.x1,
			   &b.y1, &b.x2, &b.y2, &b.orient, &b.row, extra) != 7)
			check_fail("malformed line: %.64s", line);
		to = find(d, l, name);
		if (to->seen)
			check_fail("%s is placed twice", name);
		*to = b;
		to->seen = 1;
	}
	fclose(f);
	for (long i = 0; i < d->ncells; i++)
		if (!l->cells[i].seen) {
			twolf_cell_name(d, i, name, sizeof(name));
			check_fail("cell %s is not placed", name);
		}
	for (long k = 0; k < d->npads; k++)
		if (!l->pads[k].seen) {
			twolf_pad_name(k, name, sizeof(name));
			check_fail("pad %s is not placed", name);
		}
}

long long twolf_reported_length(const char *path)
{
	static const char key[] = "FINAL TOTAL INTERCONNECT LENGTH: ";
	char line[LINE_MAX], extra[2];
	FILE *f = open_or_fail(path);
	long long len = -1;
	int normal = 0;

	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, key, sizeof(key) - 1) &&
		    sscanf(line + sizeof(key) - 1, "%lld %1s", &len,
			   extra) != 1)
			check_fail("malformed total: %.64s", line);
		if (strstr(line, "TimberWolfSC terminated normally"))
			normal = 1;
	}
	fclose(f);
	if (len < 0)
		check_fail("no final interconnect length");
	if (!normal)
		check_fail("TimberWolfSC did not finish normally");
	return len;
}
