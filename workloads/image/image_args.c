/* image_args.c - command line of sp-image-gen and sp-image-check, parsed the
 * same way by both so that a manifest's {args} mean one image to each. */
#include <getopt.h>
#include <math.h>
#include <stddef.h>

#include "cli.h"
#include "image_spec.h"

#define MAX_SIDE 65535L
#define MAX_MB (1L << 20)
/* convert's resident size: about this much besides the two pixel caches of
 * 8 bytes a pixel (Q16 RGBA), measured with /usr/bin/time -v. */
#define BASE_MB 10
#define CACHE_BYTES_PER_PIXEL 16

void image_parse_args(int argc, char **argv, int gen, struct image_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli cli = { argv[0], "{-w W -h H | --mb M} [-s SEED]",
				 gen ? "-o DIR" : "FILE" };
	const char *out = NULL;
	long mb = 0;
	int c;

	a->width = a->height = 0;
	a->seed = 42;
	opterr = 0;
	while ((c = getopt_long(argc, argv, gen ? ":w:h:s:o:" : ":w:h:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'w':
			a->width = (long)cli_number(&cli, optarg, 1, MAX_SIDE,
						    "width");
			break;
		case 'h':
			a->height = (long)cli_number(&cli, optarg, 1, MAX_SIDE,
						     "height");
			break;
		case 'm':
			mb = (long)cli_number(&cli, optarg, BASE_MB + 1, MAX_MB,
					      "MB");
			break;
		case 's':
			a->seed = cli_number(&cli, optarg, 0, 1ULL << 62,
					     "seed");
			break;
		case 'o':
			out = optarg;
			break;
		default:
			cli_bad_option(&cli, c);
		}
	}
	a->path = cli_file(&cli, argc, argv, gen, out, "image file");
	if (mb && (a->width || a->height))
		cli_fail(&cli, "give -w and -h, or --mb, not both");
	if (mb) {
		/* A 4:3 image whose two caches fill what convert's base leaves. */
		double px = (double)(mb - BASE_MB) * 1048576.0 /
			    CACHE_BYTES_PER_PIXEL;
		long k = (long)sqrt(px / 12.0);

		if (k < 1 || 4 * k > MAX_SIDE)
			cli_fail(&cli, "--mb gives no usable image size");
		a->width = 4 * k;
		a->height = 3 * k;
	} else if (!a->width || !a->height) {
		cli_fail(&cli, "give -w and -h, or --mb");
	}
}
