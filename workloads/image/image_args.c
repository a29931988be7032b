/* image_args.c - command line of sp-image-gen and sp-image-check, parsed the
 * same way by both so that a manifest's {args} mean one image to each. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "image_spec.h"

#define MAX_SIDE 65535L
#define MAX_MB (1L << 20)
/* convert's resident size: about this much besides the two pixel caches of
 * 8 bytes a pixel (Q16 RGBA), measured with /usr/bin/time -v. */
#define BASE_MB 10
#define CACHE_BYTES_PER_PIXEL 16

static void usage_fail(const char *prog, int gen, const char *what)
{
	fprintf(stderr, "%s: %s (usage: %s {-w W -h H | --mb M} [-s SEED] %s)\n",
		prog, what, prog, gen ? "-o DIR" : "FILE");
	exit(2);
}

static long parse_num(const char *prog, int gen, const char *s, long min,
		      long max, const char *name)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max) {
		char msg[128];

		snprintf(msg, sizeof(msg), "bad %s '%.40s' (%ld..%ld)", name, s,
			 min, max);
		usage_fail(prog, gen, msg);
	}
	return v;
}

void image_parse_args(int argc, char **argv, int gen, struct image_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prog = argv[0];
	long mb = 0;
	int c;

	a->width = a->height = 0;
	a->seed = 42;
	a->path = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv, gen ? ":w:h:s:o:" : ":w:h:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'w':
			a->width = parse_num(prog, gen, optarg, 1, MAX_SIDE,
					     "width");
			break;
		case 'h':
			a->height = parse_num(prog, gen, optarg, 1, MAX_SIDE,
					      "height");
			break;
		case 'm':
			mb = parse_num(prog, gen, optarg, BASE_MB + 1, MAX_MB,
				       "MB");
			break;
		case 's':
			a->seed = (uint64_t)parse_num(prog, gen, optarg, 0,
						      1L << 62, "seed");
			break;
		case 'o':
			a->path = optarg;
			break;
		case ':':
			usage_fail(prog, gen, "option needs a value");
			break;
		default:
			usage_fail(prog, gen, "unknown option");
		}
	}
	if (!gen) {
		if (optind != argc - 1)
			usage_fail(prog, gen, "need one image file");
		a->path = argv[optind];
	} else if (optind != argc) {
		usage_fail(prog, gen, "unexpected argument");
	} else if (!a->path) {
		usage_fail(prog, gen, "missing -o DIR");
	}
	if (mb && (a->width || a->height))
		usage_fail(prog, gen, "give -w and -h, or --mb, not both");
	if (mb) {
		/* A 4:3 image whose two caches fill what convert's base leaves. */
		double px = (double)(mb - BASE_MB) * 1048576.0 /
			    CACHE_BYTES_PER_PIXEL;
		long k = (long)sqrt(px / 12.0);

		if (k < 1 || 4 * k > MAX_SIDE)
			usage_fail(prog, gen, "--mb gives no usable image size");
		a->width = 4 * k;
		a->height = 3 * k;
	} else if (!a->width || !a->height) {
		usage_fail(prog, gen, "give -w and -h, or --mb");
	}
}
