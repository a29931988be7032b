/* wupwise_check.c - sp-wupwise-check: reads the solution sp-wupwise wrote,
 * remakes the gauge field and source from the seed, and recomputes the
 * residual ||b - M x|| / ||b|| over the whole lattice with its own Wilson
 * matrix (wupwise_wilson.c, not the solver's); the solution passes when
 * that is below the tolerance and agrees with the residual the run
 * reported. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "wupwise_field.h"
#include "wupwise_spec.h"
#include "wupwise_wilson.h"

/* How far the run's residual and ours may differ, relative: two sums of
 * the same terms in other orders, of a residual ~1e-10 of terms ~1. */
#define AGREE 1e-3

static void read_head(FILE *f, const struct wup_params *p, struct wup_head *h)
{
	if (fread(h, sizeof(*h), 1, f) != 1 ||
	    memcmp(h->magic, WUP_MAGIC, sizeof(h->magic)))
		check_fail("not a wupwise solution");
	for (int mu = 0; mu < 4; mu++)
		if (h->dims[mu] != p->dims[mu])
			check_fail("of other arguments: a %dx%dx%dx%d lattice, "
				   "expected %dx%dx%dx%d", h->dims[0],
				   h->dims[1], h->dims[2], h->dims[3],
				   p->dims[0], p->dims[1], p->dims[2],
				   p->dims[3]);
	if (h->seed != p->seed)
		check_fail("of other arguments: seed %" PRIu64 ", expected %"
			   PRIu64, h->seed, p->seed);
	if (h->kappa != p->kappa || h->tol != p->tol)
		check_fail("of other parameters: kappa %g, tolerance %g",
			   h->kappa, h->tol);
	if (h->iterations < 1 || h->iterations > p->maxiter)
		check_fail("iterations %" PRId64 " outside 1..%d",
			   h->iterations, p->maxiter);
}

/* The solution in lexicographic order, from the file's parity halves. */
static wil_spinor *read_solution(FILE *f, const int dims[4], long sites)
{
	wil_spinor *x = malloc((size_t)sites * sizeof(*x));
	double complex v[12];
	long nh = sites / 2;

	if (!x)
		check_fail("out of memory");
	for (int par = 0; par < 2; par++)
		for (long h = 0; h < nh; h++) {
			long lex = 2 * h, r = lex;
			int sum = 0;

			for (int mu = 0; mu < 4; mu++) {
				sum += (int)(r % dims[mu]);
				r /= dims[mu];
			}
			/* of the pair 2h, 2h + 1 (one x apart), the one of par */
			if (sum % 2 != par)
				lex++;
			if (fread(v, sizeof(v), 1, f) != 1)
				check_fail("does not hold the whole solution");
			for (int s = 0; s < 4; s++)
				for (int c = 0; c < 3; c++) {
					if (!isfinite(creal(v[3 * s + c])) ||
					    !isfinite(cimag(v[3 * s + c])))
						check_fail("site %ld holds a "
							   "non-finite value",
							   lex);
					x[lex][s][c] = v[3 * s + c];
				}
		}
	if (fgetc(f) != EOF)
		check_fail("has data after the solution");
	return x;
}

int main(int argc, char **argv)
{
	struct wup_args a;
	struct wup_params p;
	struct wup_head h;
	struct wilson w;
	wil_spinor *x, mx, b;
	double rr = 0, bb = 0, res;
	FILE *f;

	wup_parse_args(argc, argv, 0, &a);
	wup_params_of(&a, &p);
	check_begin("sp-wupwise-check", a.path);
	f = fopen(a.path, "rb");
	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	read_head(f, &p, &h);
	x = read_solution(f, p.dims, wup_sites(p.dims));
	fclose(f);
	if (wil_init(&w, p.dims, p.kappa, p.seed))
		check_fail("out of memory");
	for (long s = 0; s < w.sites; s++) {
		wil_apply_site(&w, x, s, mx);
		wup_source(p.seed, s, b);
		for (int sp = 0; sp < 4; sp++)
			for (int c = 0; c < 3; c++) {
				double complex d = b[sp][c] - mx[sp][c];

				rr += creal(d * conj(d));
				bb += creal(b[sp][c] * conj(b[sp][c]));
			}
	}
	res = sqrt(rr / bb);
	if (!(res < p.tol))
		check_fail("residual ||b - M x|| / ||b|| is %.3e, not below "
			   "the tolerance %.1e", res, p.tol);
	if (!(fabs(res - h.residual) <= AGREE * res))
		check_fail("reported residual %.6e, recomputed %.6e",
			   h.residual, res);
	printf("residual %.6e iterations %" PRId64 "\n", res, h.iterations);
	return 0;
}
