/* povray_args.c - command line of sp-povray-gen and sp-povray-check, parsed
 * the same way by both so that a manifest's {args} mean one scene to each. */
#include <getopt.h>
#include <stddef.h>

#include "cli.h"
#include "povray_spec.h"

#define MAX_SPHERES 100000000L
#define MAX_SIDE 16384L
#define MAX_MB (1L << 20)
/* povray's resident size, measured with /usr/bin/time -v: about BASE_KB
 * plus SPHERE_BYTES for each sphere of this scene (parsed object, texture,
 * bounding hierarchy), plus 20 bytes a pixel of image buffer. */
#define BASE_KB 15700L
#define SPHERE_BYTES 1024L

void povray_parse_args(int argc, char **argv, int gen, struct povray_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli cli = { argv[0],
				 "{-n SPHERES | --mb M} -w W -h H [-s SEED]",
				 gen ? "-o DIR" : "FILE" };
	const char *out = NULL;
	long mb = 0;
	int c;

	a->spheres = a->width = a->height = 0;
	a->seed = 42;
	opterr = 0;
	while ((c = getopt_long(argc, argv, gen ? ":n:w:h:s:o:" : ":n:w:h:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->spheres = (long)cli_number(&cli, optarg, 16,
						      MAX_SPHERES,
						      "sphere count");
			break;
		case 'w':
			a->width = (long)cli_number(&cli, optarg, 8, MAX_SIDE,
						    "width");
			break;
		case 'h':
			a->height = (long)cli_number(&cli, optarg, 8, MAX_SIDE,
						     "height");
			break;
		case 'm':
			mb = (long)cli_number(&cli, optarg, 1, MAX_MB, "MB");
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
	if (!a->width || !a->height)
		cli_fail(&cli, "give -w and -h");
	if (!!a->spheres == !!mb)
		cli_fail(&cli, "give exactly one of -n and --mb");
	if (mb) {
		long kb = mb * 1024 - BASE_KB - a->width * a->height * 20 / 1024;

		a->spheres = kb * 1024 / SPHERE_BYTES;
		if (a->spheres < 16 || a->spheres > MAX_SPHERES)
			cli_fail(&cli, "--mb gives no usable sphere count");
	}
}
