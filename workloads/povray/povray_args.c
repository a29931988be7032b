/* povray_args.c - command line of sp-povray-gen and sp-povray-check, parsed
 * the same way by both so that a manifest's {args} mean one scene to each. */
#include "cli_size.h"
#include "povray_spec.h"

#define MAX_SPHERES 100000000L
#define MAX_SIDE 16384L
/* povray's resident size, measured with /usr/bin/time -v: about BASE_KB
 * plus SPHERE_BYTES for each sphere of this scene (parsed object, texture,
 * bounding hierarchy), plus 20 bytes a pixel of image buffer. */
#define BASE_KB 15700L
#define SPHERE_BYTES 1024L

void povray_parse_args(int argc, char **argv, int gen, struct povray_args *a)
{
	unsigned long long w = 0, h = 0;
	long kb;
	struct cli_size s = {
		.usage = "{-n SPHERES | --mb M} -w W -h H [-s SEED]",
		.output = "-o DIR",
		.what = "image file",
		.count = { 'n', "sphere count", 16, MAX_SPHERES },
		.seed_max = 1ULL << 62,
		.more = { { 'w', NULL, "width", 8, MAX_SIDE, &w },
			  { 'h', NULL, "height", 8, MAX_SIDE, &h } },
	};

	cli_size_parse(&s, argc, argv, gen);
	a->width = (long)w;
	a->height = (long)h;
	if (!a->width || !a->height)
		cli_fail(&s.cli, "give -w and -h");
	kb = (long)s.mb * 1024 - BASE_KB - a->width * a->height * 20 / 1024;
	a->spheres = (long)cli_size_count(&s, kb * 1024 / SPHERE_BYTES);
	a->seed = s.seed;
	a->path = s.path;
}
