/* pagetype.c - parses /proc/pagetypeinfo's free-block table (pagetype.h). */
#include "pagetype.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static struct pagetype_free *type_slot(struct pagetypeinfo *p,
				       const char *name)
{
	for (int i = 0; i < p->ntypes; i++)
		if (!strcmp(p->types[i].name, name))
			return &p->types[i];
	if (p->ntypes == PAGETYPE_MAX_TYPES)
		return NULL;
	snprintf(p->types[p->ntypes].name, sizeof(p->types[0].name), "%s",
		 name);
	return &p->types[p->ntypes++];
}

/* "Node    0, zone   Normal, type    Movable  c0 c1 ..." */
static int parse_line(struct pagetypeinfo *p, const char *line)
{
	char zone[32], type[24], *end;
	const char *s;
	int node, used = 0, n = 0;
	uint64_t counts[PAGETYPE_MAX_ORDERS];
	struct pagetype_free *t;

	if (sscanf(line, "Node %d, zone %31[^,], type %23s %n", &node, zone,
		   type, &used) != 3 || used == 0)
		return -1;
	for (s = line + used; *s && *s != '\n';) {
		if (*s == ' ' || *s == '\t') {
			s++;
			continue;
		}
		/* the kernel stops counting a list at 100000: ">100000" */
		if (*s == '>') {
			p->saturated = 1;
			s++;
		}
		if (*s < '0' || *s > '9' || n == PAGETYPE_MAX_ORDERS)
			return -1;
		counts[n++] = strtoull(s, &end, 10);
		s = end;
	}
	if (n == 0 || (p->norders && n != p->norders))
		return -1;
	p->norders = n;
	t = type_slot(p, type);
	if (!t)
		return -1;
	for (int k = 0; k < n; k++)
		t->blocks[k] += counts[k];
	return 0;
}

int pagetypeinfo_parse(FILE *f, struct pagetypeinfo *out)
{
	char *line = NULL;
	size_t cap = 0;
	int in_table = 0, rc = 0, seen = 0;

	memset(out, 0, sizeof(*out));
	out->pageblock_order = -1;
	while (getline(&line, &cap, f) > 0) {
		if (sscanf(line, "Page block order: %d", &out->pageblock_order)
		    == 1)
			continue;
		if (!strncmp(line, "Free pages count per migrate type", 33)) {
			in_table = 1;
			continue;
		}
		if (!in_table)
			continue;
		if (line[0] == '\n' || strncmp(line, "Node", 4)) {
			in_table = 0;
			continue;
		}
		if (parse_line(out, line) < 0) {
			rc = -1;
			break;
		}
		seen++;
	}
	free(line);
	if (rc == 0 && (ferror(f) || seen == 0))
		rc = -1;
	if (rc < 0)
		errno = EINVAL;
	return rc;
}

int pagetypeinfo_read(const char *path, struct pagetypeinfo *out)
{
	FILE *f = fopen(path ? path : "/proc/pagetypeinfo", "re");
	int rc, saved;

	if (!f)
		return -1;
	rc = pagetypeinfo_parse(f, out);
	saved = errno;
	fclose(f);
	errno = saved;
	return rc;
}

uint64_t pagetype_pages_at_least(const struct pagetype_free *t, int norders,
				 int min_order)
{
	uint64_t pages = 0;

	for (int k = min_order < 0 ? 0 : min_order; k < norders; k++)
		pages += t->blocks[k] << k;
	return pages;
}

void pagetype_json(struct json *j, const char *key,
		   const struct pagetypeinfo *p, unsigned page_kb)
{
	int order_2m = __builtin_ctz(2048 / page_kb);

	json_object_begin(j, key);
	for (int i = 0; i < p->ntypes; i++) {
		const struct pagetype_free *t = &p->types[i];

		json_object_begin(j, t->name);
		json_uint(j, "free_kb",
			  pagetype_pages_at_least(t, p->norders, 0) * page_kb);
		json_uint(j, "free_2m_blocks",
			  pagetype_pages_at_least(t, p->norders, order_2m) >>
			  order_2m);
		json_object_end(j);
	}
	json_bool(j, "saturated", p->saturated);
	json_object_end(j);
}
