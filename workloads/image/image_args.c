/* image_args.c - command line of sp-image-gen, sp-image-run and
 * sp-image-check, parsed the same way by all three so that a manifest's
 * {args} mean one image to each.  -r TURNS, how many quarter turns the run
 * makes, means nothing to the generator; the check expects the input
 * turned TURNS times. */
#include <math.h>

#include "cli_size.h"
#include "image_spec.h"

#define MAX_SIDE 65535L
/* convert's resident size: about this much besides the two pixel caches of
 * 8 bytes a pixel (Q16 RGBA), measured with /usr/bin/time -v. */
#define BASE_MB 10
#define CACHE_BYTES_PER_PIXEL 16

static void input_option(const struct cli *c, int opt, const char *arg,
			 void *ctx)
{
	(void)c;
	(void)opt;
	*(const char **)ctx = arg;
}

void image_parse_args(int argc, char **argv, enum image_form form,
		      struct image_args *a)
{
	unsigned long long w = 0, h = 0, turns = 1;
	struct cli_size s = {
		.usage = form == IMAGE_RUN ?
			 "{-w W -h H | --mb M} [-r TURNS] -i DIR" :
			 "{-w W -h H | --mb M} [-r TURNS] [-s SEED]",
		.output = form == IMAGE_RUN ? "-o FILE" : "-o DIR",
		.what = "image file",
		.mb_min = BASE_MB + 1,
		.seed_max = form == IMAGE_RUN ? 0 : 1ULL << 62,
		.more = { { 'w', NULL, "width", 1, MAX_SIDE, &w },
			  { 'h', NULL, "height", 1, MAX_SIDE, &h },
			  { 'r', NULL, "quarter turns", 1, IMAGE_MAX_TURNS,
			    &turns },
			  { form == IMAGE_RUN ? 'i' : 0, NULL, NULL, 0, 0,
			    NULL } },
		.option = input_option,
		.ctx = &a->input,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != IMAGE_CHECK);
	a->width = (long)w;
	a->height = (long)h;
	a->turns = (long)turns;
	a->seed = s.seed;
	a->path = s.path;
	if (form == IMAGE_RUN && !a->input)
		cli_fail(&s.cli, "missing -i DIR");
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
