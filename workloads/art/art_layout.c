/* art_layout.c - where the seed puts the scan regions on the scene and the
 * object planted in each: the truth the generator paints and the check
 * holds the network's answers to, derived from the arguments alone. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "art_spec.h"

void art_layout(const struct art_args *a, struct art_layout *l)
{
	/* the pixels a region's windows cover, and a margin round them */
	long cover_w = ART_SPAN_X - ART_STRIDE + a->side;
	long cover_h = ART_SPAN_Y - ART_STRIDE + a->side;
	long need_w = cover_w + 2 * ART_MARGIN, need_h = cover_h + 2 * ART_MARGIN;
	long cols = (long)ceil(sqrt((double)a->regions));
	long rows = (a->regions + cols - 1) / cols;
	long tile_w, tile_h;
	uint64_t rng = rng_hash(a->seed ^ 0x6c61796f7574ULL);

	l->width = cols * need_w > ART_SCENE_MIN_W ? cols * need_w :
		   ART_SCENE_MIN_W;
	l->height = rows * need_h > ART_SCENE_MIN_H ? rows * need_h :
		    ART_SCENE_MIN_H;
	tile_w = l->width / cols;
	tile_h = l->height / rows;
	l->nregions = a->regions;
	l->region = calloc((size_t)a->regions, sizeof(*l->region));
	if (!l->region) {
		fprintf(stderr, "art: out of memory\n");
		exit(1);
	}
	for (long i = 0; i < a->regions; i++) {
		struct art_region *r = &l->region[i];

		r->startx = (i % cols) * tile_w + ART_MARGIN +
			    (long)rng_below(&rng, (uint64_t)(tile_w - need_w + 1));
		r->starty = (i / cols) * tile_h + ART_MARGIN +
			    (long)rng_below(&rng, (uint64_t)(tile_h - need_h + 1));
		r->endx = r->startx + ART_SPAN_X;
		r->endy = r->starty + ART_SPAN_Y;
		r->object = (int)(i % ART_TRAINED);
		r->x = r->startx + ART_STRIDE *
		       (long)rng_below(&rng, ART_SPAN_X / ART_STRIDE);
		r->y = r->starty + ART_STRIDE *
		       (long)rng_below(&rng, ART_SPAN_Y / ART_STRIDE);
	}
}
