/* art_par.c - reads scan.par for sp-art (art_par.h): "key value" lines,
 * "#" comments, one "region STARTX STARTY ENDX ENDY" line per scan. */
#include "art_par.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAR_LINE 512

static int region(struct art_par *p, const char *rest)
{
	struct art_region *r;

	if (p->nregions >= p->regions)
		return -1;
	r = &p->region[p->nregions++];
	return sscanf(rest, "%ld %ld %ld %ld", &r->startx, &r->starty,
		      &r->endx, &r->endy) == 4 ? 0 : -1;
}

static int line(struct art_par *p, char *key, char *rest)
{
	char extra[2];

	if (!strcmp(key, "region"))
		return p->region ? region(p, rest) : -1;
	if (!strcmp(key, "side"))
		return sscanf(rest, "%ld %1s", &p->side, extra) == 1 ? 0 : -1;
	if (!strcmp(key, "seed"))
		return sscanf(rest, "%llu %1s", &p->seed, extra) == 1 ? 0 : -1;
	if (!strcmp(key, "objects"))
		return sscanf(rest, "%d %1s", &p->objects, extra) == 1 ? 0 : -1;
	if (!strcmp(key, "stride"))
		return sscanf(rest, "%d %1s", &p->stride, extra) == 1 ? 0 : -1;
	if (!strcmp(key, "scanfile"))
		return sscanf(rest, "%255s %1s", p->scanfile, extra) == 1 ? 0 : -1;
	if (!strcmp(key, "trainfile1"))
		return sscanf(rest, "%255s %1s", p->trainfile[0], extra) == 1 ?
		       0 : -1;
	if (!strcmp(key, "trainfile2"))
		return sscanf(rest, "%255s %1s", p->trainfile[1], extra) == 1 ?
		       0 : -1;
	if (!strcmp(key, "regions")) {
		if (p->region || sscanf(rest, "%ld %1s", &p->regions,
					extra) != 1 ||
		    p->regions < 1 || p->regions > ART_REGIONS_MAX)
			return -1;
		p->region = calloc((size_t)p->regions, sizeof(*p->region));
		return p->region ? 0 : -1;
	}
	return -1;
}

int art_par_read(const char *path, struct art_par *p, char *err,
		 size_t errlen)
{
	char buf[PAR_LINE], key[32];
	FILE *f = fopen(path, "r");
	int n, at;

	memset(p, 0, sizeof(*p));
	if (!f) {
		snprintf(err, errlen, "cannot open %s: %s", path,
			 strerror(errno));
		return -1;
	}
	for (n = 1; fgets(buf, sizeof(buf), f); n++) {
		if (buf[0] == '#' || buf[0] == '\n')
			continue;
		if (sscanf(buf, "%31s %n", key, &at) != 1 ||
		    line(p, key, buf + at)) {
			snprintf(err, errlen, "%s: line %d is not understood",
				 path, n);
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	if (!p->side || !p->regions || p->nregions != p->regions ||
	    !p->scanfile[0] || !p->trainfile[0][0] || !p->trainfile[1][0] ||
	    p->objects < ART_TRAINED || p->objects > 64 || p->stride < 1) {
		snprintf(err, errlen, "%s: parameters are missing", path);
		return -1;
	}
	return 0;
}
