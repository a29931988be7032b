/* test_dirac.c - the two Wilson matrices of the wupwise workload, the
 * solver's (Fortran, through wupwise_dhop) and the check's own
 * (wupwise_wilson.c), are each gamma-5 hermitian, <y, M x> = <g5 M g5 y, x>
 * on random vectors, and give the same M x on small lattices; and the
 * seeded links and the gamma table are what they should be (unitary links
 * of determinant 1; hermitian gammas that anticommute). */
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "rng.h"
#include "tap.h"
#include "wupwise_field.h"
#include "wupwise_layout.h"
#include "wupwise_solve.h"
#include "wupwise_spec.h"
#include "wupwise_wilson.h"

static double complex g5[4][4];

static void random_field(wil_spinor *x, long n, uint64_t seed)
{
	for (long s = 0; s < n; s++)
		for (int sp = 0; sp < 4; sp++)
			for (int c = 0; c < 3; c++)
				x[s][sp][c] = rng_uniform(&seed) - 0.5 +
					      I * (rng_uniform(&seed) - 0.5);
}

static double complex dot(const wil_spinor *y, const wil_spinor *x, long n)
{
	double complex d = 0;

	for (long s = 0; s < n; s++)
		for (int sp = 0; sp < 4; sp++)
			for (int c = 0; c < 3; c++)
				d += conj(y[s][sp][c]) * x[s][sp][c];
	return d;
}

static void gamma5(const wil_spinor *x, wil_spinor *y, long n)
{
	for (long s = 0; s < n; s++)
		for (int sp = 0; sp < 4; sp++)
			for (int c = 0; c < 3; c++) {
				y[s][sp][c] = 0;
				for (int t = 0; t < 4; t++)
					y[s][sp][c] += g5[sp][t] * x[s][t][c];
			}
}

/* y = M x, the check's matrix. */
static void check_m(const struct wilson *w, const wil_spinor *x,
		    wil_spinor *y)
{
	for (long s = 0; s < w->sites; s++)
		wil_apply_site(w, x, s, y[s]);
}

/* y = M x = x - kappa D x, D the solver's (each parity's half from the
 * other's), its fields moved to its parity halves and back. */
static const double complex *solver_u;

static void solver_m(const struct wilson *w, const wil_spinor *x,
		     wil_spinor *y)
{
	long n = w->sites, nh = n / 2;
	wil_spinor *xh = calloc(n, sizeof(*xh)), *dh = calloc(n, sizeof(*dh));
	int par;

	for (long s = 0; s < n; s++) {
		long h = wup_place(w->dims, s, &par) + nh * par;

		for (int sp = 0; sp < 4; sp++)
			for (int c = 0; c < 3; c++)
				xh[h][sp][c] = x[s][sp][c];
	}
	wupwise_dhop(w->dims, solver_u, &xh[nh][0][0], &dh[0][0][0], 0);
	wupwise_dhop(w->dims, solver_u, &xh[0][0][0], &dh[nh][0][0], 1);
	for (long s = 0; s < n; s++) {
		long h = wup_place(w->dims, s, &par) + nh * par;

		for (int sp = 0; sp < 4; sp++)
			for (int c = 0; c < 3; c++)
				y[s][sp][c] = x[s][sp][c] -
					      w->kappa * dh[h][sp][c];
	}
	free(xh);
	free(dh);
}

typedef void (*matrix)(const struct wilson *, const wil_spinor *,
		       wil_spinor *);

/* |<y, M x> - <g5 M g5 y, x>| relative to |<y, M x>|. */
static double hermiticity(const struct wilson *w, matrix m, int adjoint_only)
{
	long n = w->sites;
	wil_spinor *x = malloc(n * sizeof(*x)), *y = malloc(n * sizeof(*y));
	wil_spinor *mx = malloc(n * sizeof(*mx)), *t = malloc(n * sizeof(*t));
	wil_spinor *my = malloc(n * sizeof(*my));
	double complex lhs, rhs;

	random_field(x, n, 11);
	random_field(y, n, 12);
	m(w, x, mx);
	lhs = dot(y, mx, n);
	if (adjoint_only) {
		/* <M y, x>: what a hermitian M would give */
		m(w, y, my);
	} else {
		gamma5(y, t, n);
		m(w, t, mx);
		gamma5(mx, my, n);
	}
	rhs = dot(my, x, n);
	free(x), free(y), free(mx), free(t), free(my);
	return cabs(lhs - rhs) / cabs(lhs);
}

static double difference(const struct wilson *w)
{
	long n = w->sites;
	wil_spinor *x = malloc(n * sizeof(*x)), *a = malloc(n * sizeof(*a));
	wil_spinor *b = malloc(n * sizeof(*b));
	double worst = 0;

	random_field(x, n, 13);
	check_m(w, x, a);
	solver_m(w, x, b);
	for (long s = 0; s < n; s++)
		for (int sp = 0; sp < 4; sp++)
			for (int c = 0; c < 3; c++)
				worst = fmax(worst, cabs(a[s][sp][c] -
							 b[s][sp][c]));
	free(x), free(a), free(b);
	return worst;
}

static void test_links(void)
{
	double worst = 0;
	double complex u[3][3], det;

	for (long s = 0; s < 100; s++) {
		wup_link(5, s, (int)(s % 4), u);
		for (int a = 0; a < 3; a++)
			for (int b = 0; b < 3; b++) {
				double complex p = 0;

				for (int c = 0; c < 3; c++)
					p += u[a][c] * conj(u[b][c]);
				worst = fmax(worst, cabs(p - (a == b)));
			}
		det = u[0][0] * (u[1][1] * u[2][2] - u[1][2] * u[2][1]) -
		      u[0][1] * (u[1][0] * u[2][2] - u[1][2] * u[2][0]) +
		      u[0][2] * (u[1][0] * u[2][1] - u[1][1] * u[2][0]);
		worst = fmax(worst, cabs(det - 1));
	}
	TAP_CHECK(worst < 1e-13, "links are unitary of determinant 1 (%.1e)",
		  worst);
}

/* c = a b, 4x4 */
static void mul4(const double complex a[4][4], const double complex b[4][4],
		 double complex c[4][4])
{
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			c[i][j] = 0;
			for (int k = 0; k < 4; k++)
				c[i][j] += a[i][k] * b[k][j];
		}
}

static void test_gammas(void)
{
	double complex a[4][4], b[4][4];
	double worst = 0;

	for (int m = 0; m < 4; m++)
		for (int n = 0; n < 4; n++)
			for (int i = 0; i < 4; i++)
				for (int j = 0; j < 4; j++) {
					double complex ac = 0;

					for (int k = 0; k < 4; k++)
						ac += wil_gamma[m][i][k] *
							      wil_gamma[n][k][j] +
						      wil_gamma[n][i][k] *
							      wil_gamma[m][k][j];
					worst = fmax(worst, cabs(ac -
						2.0 * (m == n && i == j)));
					worst = fmax(worst, cabs(
						wil_gamma[m][i][j] -
						conj(wil_gamma[m][j][i])));
				}
	TAP_CHECK(worst == 0, "gammas are hermitian and anticommute");
	/* g5 = g1 g2 g3 g4 */
	mul4(wil_gamma[0], wil_gamma[1], a);
	mul4(a, wil_gamma[2], b);
	mul4(b, wil_gamma[3], g5);
	TAP_CHECK(cabs(g5[0][0] - g5[1][1]) == 0 &&
		  cabs(g5[0][0] + g5[2][2]) == 0 && cabs(g5[0][0]) == 1 &&
		  cabs(g5[0][1]) == 0 && cabs(g5[0][2]) == 0,
		  "gamma5 is diagonal, +-1");
}

int main(void)
{
	static const int lattices[][4] = { { 4, 4, 4, 4 }, { 6, 4, 4, 8 } };

	test_links();
	test_gammas();
	for (size_t i = 0; i < sizeof(lattices) / sizeof(lattices[0]); i++) {
		const int *d = lattices[i];
		struct wilson w;
		double complex *u;

		TAP_CHECK(wil_init(&w, d, WUP_KAPPA, 3) == 0, "%dx%dx%dx%d",
			  d[0], d[1], d[2], d[3]);
		u = malloc((size_t)w.sites * 36 * sizeof(*u));
		wup_gauge_eo(d, 3, u);
		solver_u = u;
		TAP_CHECK(hermiticity(&w, check_m, 0) < 1e-13,
			  "the check's M is gamma-5 hermitian");
		TAP_CHECK(hermiticity(&w, solver_m, 0) < 1e-13,
			  "the solver's M is gamma-5 hermitian");
		TAP_CHECK(hermiticity(&w, check_m, 1) > 1e-3 &&
			  hermiticity(&w, solver_m, 1) > 1e-3,
			  "neither is hermitian itself");
		TAP_CHECK(difference(&w) < 1e-13,
			  "the solver's M x is the check's");
		free(u);
		free(w.u);
	}
	return tap_done();
}
