/* image_args.c - command line of sp-image-gen and sp-image-check, parsed the
 * same way by both so that a manifest's {args} mean one image to each. */
#include <math.h>

#include "cli_size.h"
#include "image_spec.h"

#define MAX_SIDE 65535L
/* convert's resident size: about this much besides the two pixel caches of
 * 8 bytes a pixel (Q16 RGBA), measured with /usr/bin/time -v. */
#define BASE_MB 10
#define CACHE_BYTES_PER_PIXEL 16

void image_parse_args(int argc, char **argv, int gen, struct image_args *a)
{
	unsigned long long w = 0, h = 0;
	struct cli_size s = {
		.usage = "{-w W -h H | --mb M} [-s SEED]",
		.output = "-o DIR",
		.what = "image file",
		.mb_min = BASE_MB + 1,
		.seed_max = 1ULL << 62,
		.more = { { 'w', NULL, "width", 1, MAX_SIDE, &w },
			  { 'h', NULL, "height", 1, MAX_SIDE, &h } },
	};

	cli_size_parse(&s, argc, argv, gen);
	a->width = (long)w;
	a->height = (long)h;
	a->seed = s.seed;
	a->path = s.path;
	if (s.mb && (a->width || a->height))
		cli_fail(&s.cli, "give -w and -h, or --mb, not both");
	if (s.mb) {
		/* A 4:3 image whose two caches fill what convert's base leaves. */
		double px = (double)(s.mb - BASE_MB) * 1048576.0 /
			    CACHE_BYTES_PER_PIXEL;
		long k = (long)sqrt(px / 12.0);

		if (k < 1 || 4 * k > MAX_SIDE)
			cli_fail(&s.cli, "--mb gives no usable image size");
		a->width = 4 * k;
		a->height = 3 * k;
	} else if (!a->width || !a->height) {
		cli_fail(&s.cli, "give -w and -h, or --mb");
	}
}
