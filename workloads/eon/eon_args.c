/* eon_args.c - command line of sp-eon-gen, sp-eon and sp-eon-check, parsed
 * the same way by all three (sp-eon is C++ and calls it as C) so that a
 * manifest's {args} mean one scene, image size and sample count to each. */
#include "cli_size.h"
#include "eon_spec.h"

#define MAX_OBJECTS 50000000L
#define MAX_RES 8192
#define MAX_SPP 65536

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct eon_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->scene = arg;
}

void eon_parse_args(int argc, char **argv, int form, struct eon_args *a)
{
	unsigned long long res = 0, spp = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n OBJECTS | --mb M} -r RES -p SPP [-s SEED] -i SCENE" :
			"{-n OBJECTS | --mb M} -r RES -p SPP [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "IMAGE",
		.what = "image",
		.count = { 'n', "object count", 1, MAX_OBJECTS },
		.seed_max = UINT64_MAX,
		.more = {
			{ 'r', NULL, "resolution", 1, MAX_RES, &res },
			{ 'p', NULL, "samples per pixel", 1, MAX_SPP, &spp },
			{ form != 1 ? 'i' : 0, NULL, "scene", 0, 0, NULL },
		},
		.option = option,
		.ctx = a,
	};

	a->scene = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->objects = (long)cli_size_count(&s, (long long)((double)s.mb *
			1048576.0 / EON_BYTES_PER_OBJECT));
	a->seed = s.seed;
	a->res = (long)res;
	a->spp = (long)spp;
	a->path = s.path;
	if (!res)
		cli_fail(&s.cli, "give the image size with -r RES");
	if (!spp)
		cli_fail(&s.cli, "give the samples per pixel with -p SPP");
	if (form != 1 && !a->scene)
		cli_fail(&s.cli, "give the scene with -i SCENE");
}
