/* povray_args.c - command line of sp-povray-gen and sp-povray-check, parsed
 * the same way by both so that a manifest's {args} mean one scene to each. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "povray_spec.h"

#define MAX_SPHERES 100000000L
#define MAX_SIDE 16384L
#define MAX_MB (1L << 20)
/* povray's resident size, measured with /usr/bin/time -v: about BASE_KB
 * plus SPHERE_BYTES for each sphere of this scene (parsed object, texture,
 * bounding hierarchy), plus 20 bytes a pixel of image buffer. */
#define BASE_KB 15700L
#define SPHERE_BYTES 1024L

static void usage_fail(const char *prog, int gen, const char *what)
{
	fprintf(stderr, "%s: %s (usage: %s {-n SPHERES | --mb M} -w W -h H "
		"[-s SEED] %s)\n", prog, what, prog, gen ? "-o DIR" : "FILE");
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

void povray_parse_args(int argc, char **argv, int gen, struct povray_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prog = argv[0];
	long mb = 0;
	int c;

	a->spheres = a->width = a->height = 0;
	a->seed = 42;
	a->path = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv, gen ? ":n:w:h:s:o:" : ":n:w:h:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->spheres = parse_num(prog, gen, optarg, 16,
					       MAX_SPHERES, "sphere count");
			break;
		case 'w':
			a->width = parse_num(prog, gen, optarg, 8, MAX_SIDE,
					     "width");
			break;
		case 'h':
			a->height = parse_num(prog, gen, optarg, 8, MAX_SIDE,
					      "height");
			break;
		case 'm':
			mb = parse_num(prog, gen, optarg, 1, MAX_MB, "MB");
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
	if (!a->width || !a->height)
		usage_fail(prog, gen, "give -w and -h");
	if (!!a->spheres == !!mb)
		usage_fail(prog, gen, "give exactly one of -n and --mb");
	if (mb) {
		long kb = mb * 1024 - BASE_KB - a->width * a->height * 20 / 1024;

		a->spheres = kb * 1024 / SPHERE_BYTES;
		if (a->spheres < 16 || a->spheres > MAX_SPHERES)
			usage_fail(prog, gen, "--mb gives no usable sphere count");
	}
}
