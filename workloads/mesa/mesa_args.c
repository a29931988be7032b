/* mesa_args.c - command line of sp-mesa-gen, sp-mesa and sp-mesa-check,
 * parsed the same way by all three so that a manifest's {args} mean one
 * image size, one mesh and one frame count to each. */
#include <math.h>

#include "cli_size.h"
#include "mesa_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct mesa_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->mesh = arg;
}

void mesa_parse_args(int argc, char **argv, int form, struct mesa_args *a)
{
	unsigned long long frames = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n SIDE | --mb M} -f FRAMES [-s SEED] -i MESA.IN" :
			"{-n SIDE | --mb M} -f FRAMES [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "IMAGE",
		.what = "image",
		.count = { 'n', "image side", MESA_MIN_SIDE, MESA_MAX_SIDE },
		.seed_max = UINT64_MAX,
		.more = {
			{ 'f', NULL, "frame count", 1, MESA_MAX_FRAMES, &frames },
			{ form != 1 ? 'i' : 0, NULL, "mesh", 0, 0, NULL },
		},
		.option = option,
		.ctx = a,
	};

	a->mesh = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	/* --mb M: the side whose image, depth buffer and mesh make M MB */
	a->side = (long)cli_size_count(&s, (long long)sqrt((double)s.mb *
			1048576.0 / MESA_BYTES_PER_PIXEL));
	if (!frames)
		cli_fail(&s.cli, "give the frame count with -f FRAMES");
	a->frames = frames;
	a->seed = s.seed;
	a->path = s.path;
	if (form != 1 && !a->mesh)
		cli_fail(&s.cli, "give the mesh with -i MESA.IN");
}
