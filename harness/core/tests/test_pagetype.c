/* test_pagetype.c - checks the /proc/pagetypeinfo parser on a real sample
 * and on malformed input. */
#include <string.h>

#include "pagetype.h"
#include "tap.h"

#define FX(name) FIXTURES "/" name

static const struct pagetype_free *find(const struct pagetypeinfo *p,
					const char *name)
{
	for (int i = 0; i < p->ntypes; i++)
		if (!strcmp(p->types[i].name, name))
			return &p->types[i];
	return NULL;
}

int main(void)
{
	struct pagetypeinfo p;
	const struct pagetype_free *mov, *unmov;
	char buf[4096];
	FILE *f;

	TAP_CHECK(pagetypeinfo_read(FX("pagetypeinfo_real.txt"), &p) == 0,
		  "real pagetypeinfo parses");
	TAP_CHECK(p.ntypes == 5 && p.norders == 11 && p.pageblock_order == 9,
		  "5 types, 11 orders, pageblock order 9 (%d, %d, %d)",
		  p.ntypes, p.norders, p.pageblock_order);
	mov = find(&p, "Movable");
	unmov = find(&p, "Unmovable");
	TAP_CHECK(mov && unmov, "Movable and Unmovable found");
	if (!mov || !unmov)
		return tap_done();
	TAP_CHECK(mov->blocks[10] == 3 + 751 + 2448,
		  "order 10 Movable summed over 3 zones (%llu)",
		  (unsigned long long)mov->blocks[10]);
	TAP_CHECK(unmov->blocks[0] == 864, "order 0 Unmovable (%llu)",
		  (unsigned long long)unmov->blocks[0]);
	TAP_CHECK(pagetype_pages_at_least(mov, p.norders, 9) ==
		  (1 + 2 + 1237) * 512ull + 3202 * 1024ull,
		  "Movable pages in blocks of 2 MB and more");
	TAP_CHECK(pagetype_pages_at_least(unmov, p.norders, 9) == 512,
		  "Unmovable: one free 2 MB block");

	f = fmemopen(buf, sizeof(buf), "w");
	if (f) {
		struct json j;

		json_init(&j, f, false);
		pagetype_json(&j, NULL, &p, 4);
		json_finish(&j);
		fclose(f);
		TAP_CHECK(strstr(buf, "\"Movable\":{\"free_kb\":") &&
			  strstr(buf, "\"free_2m_blocks\":7644"),
			  "JSON carries per-type free kB and 2 MB blocks");
	}

	TAP_CHECK(!p.saturated, "no saturated count in the real sample");
	TAP_CHECK(pagetypeinfo_read(FX("pagetypeinfo_saturated.txt"), &p) == 0 &&
		  p.saturated && find(&p, "Unmovable")->blocks[0] == 100001,
		  "\">100000\" read as a floor and flagged");
	TAP_CHECK(pagetypeinfo_read(FX("pagetypeinfo_bad.txt"), &p) == -1,
		  "non-numeric count rejected");
	TAP_CHECK(pagetypeinfo_read(FX("buddyinfo_real.txt"), &p) == -1,
		  "buddyinfo is not pagetypeinfo");
	TAP_CHECK(pagetypeinfo_read(FX("no_such_file"), &p) == -1,
		  "missing file fails");
	return tap_done();
}
