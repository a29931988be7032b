/* art_par.h - sp-art's reading of scan.par, the scan's parameters as
 * sp-art-gen wrote them (the files, objects, stride and regions), and of
 * the arguments they were made for. */
#ifndef SP_ART_PAR_H
#define SP_ART_PAR_H

#include <stddef.h>

#include "art_spec.h"

#define ART_NAME_MAX 256

struct art_par {
	long side, regions;
	unsigned long long seed;
	char scanfile[ART_NAME_MAX];
	char trainfile[ART_TRAINED][ART_NAME_MAX];
	int objects, stride;
	long nregions;
	struct art_region *region;	/* malloc'd; the planted fields unset */
};

/* Reads path into p: 0, or -1 with what is wrong in err. */
int art_par_read(const char *path, struct art_par *p, char *err,
		 size_t errlen);

#endif
