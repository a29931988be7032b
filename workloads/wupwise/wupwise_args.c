/* wupwise_args.c - command line of sp-wupwise-gen, sp-wupwise and
 * sp-wupwise-check, parsed the same way by all three so that a manifest's
 * {args} mean one lattice to each: -n L is an L^4 lattice (L^3 x T with -t
 * T), --mb M the lattice whose run takes about M MB. */
#include "cli_size.h"
#include "wupwise_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct wup_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

/* The even extent L of an L^3 x T lattice of about mb MB (largest with
 * L^4 within it), and its T (rounded to even) into *t. */
static long by_mb(unsigned long long mb, long *t)
{
	double sites = ((double)mb - WUP_FIXED_MB) * 1048576.0 /
		       WUP_BYTES_PER_SITE;
	long l = WUP_EXTENT_MIN;

	while (l + 2 <= WUP_EXTENT_MAX &&
	       (double)(l + 2) * (l + 2) * (l + 2) * (l + 2) <= sites)
		l += 2;
	*t = 2 * (long)(sites / ((double)l * l * l) / 2 + 0.5);
	if (*t < WUP_EXTENT_MIN)
		*t = WUP_EXTENT_MIN;
	if (*t > WUP_TIME_MAX)
		*t = WUP_TIME_MAX;
	return l;
}

void wup_parse_args(int argc, char **argv, int form, struct wup_args *a)
{
	unsigned long long t = 0;
	long l, tm = 0;
	struct cli_size s = {
		.usage = form == 2 ?
			"{-n L [-t T] | --mb M} [-s SEED] -i INPUT" :
			"{-n L [-t T] | --mb M} [-s SEED]",
		.operand = "SOLUTION",
		.what = form ? "output file" : "solution file",
		.count = { 'n', "extent", WUP_EXTENT_MIN, WUP_EXTENT_MAX },
		.mb_max = 1 << 20,
		.seed_max = UINT64_MAX,
		.more = { { 't', NULL, "time extent", WUP_EXTENT_MIN,
			    WUP_TIME_MAX, &t },
			  { form == 2 ? 'i' : 0, NULL, "input", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	cli_size_one(&s);
	if (s.mb && t)
		cli_fail(&s.cli, "give -t only with -n");
	l = s.mb ? by_mb(s.mb, &tm) : (long)s.n;
	l = (long)cli_size_count(&s, l);
	if (!s.mb)
		tm = t ? (long)t : l;
	if (l % 2 || tm % 2)
		cli_fail(&s.cli, "the extents must be even");
	a->dims[0] = a->dims[1] = a->dims[2] = (int)l;
	a->dims[3] = (int)tm;
	if (wup_sites(a->dims) > WUP_SITES_MAX)
		cli_fail(&s.cli, "the lattice is too large");
	a->seed = s.seed;
	a->path = s.path;
	if (form == 2 && !a->input)
		cli_fail(&s.cli, "give the input file with -i INPUT");
}

void wup_params_of(const struct wup_args *a, struct wup_params *p)
{
	for (int mu = 0; mu < 4; mu++)
		p->dims[mu] = a->dims[mu];
	p->seed = a->seed;
	p->kappa = WUP_KAPPA;
	p->tol = WUP_TOL;
	p->maxiter = WUP_MAXITER;
}
