/* galgel_cheb.h - sp-galgel-check's one-dimensional Galerkin pieces done
 * exactly in Chebyshev coefficients, a second way to what sp-galgel
 * computes by Gauss-Legendre quadrature (galgel_basis.f90): the four
 * kinds of basis function (T_i plus the next two or four Chebyshev
 * polynomials, meeting their boundary conditions), derivatives by the
 * coefficient recurrence, products by T_a T_b = (T_(a+b) + T_|a-b|) / 2,
 * integrals over [-1, 1] term by term. */
#ifndef SP_GALGEL_CHEB_H
#define SP_GALGEL_CHEB_H

/* The kinds: clamped at both ends (f = f' = 0), clamped at -1 and free at
 * 1 (f = f' = 0 at -1, f = f'' = 0 at 1), Dirichlet (f = 0), Neumann
 * (f' = 0). */
enum { CHEB_CC, CHEB_CF, CHEB_DD, CHEB_NN };

/* n functions, f_i = sum_k c[i * len + k] T_k, len = n + nb. */
struct cheb_family {
	long n, nb, len;
	double *c;
};

/* 0, or -1 when a boundary system is singular or memory runs out. */
int cheb_family_make(struct cheb_family *f, int kind, long n);
void cheb_family_free(struct cheb_family *f);

/* out[0..len-1] = the d-th derivative of the series c[0..len-1]. */
void cheb_deriv(const double *c, long len, int d, double *out);

/* The integral over [-1, 1] of the product of two series. */
double cheb_inner(const double *a, long la, const double *b, long lb);

/* g[k * b->n + i] = int a_k^(da) b_i^(db) */
int cheb_gram(const struct cheb_family *a, int da,
	      const struct cheb_family *b, int db, double *g);

/* t[(k * b->n + i) * c->n + m] = int a_k b_i^(db) c_m^(dc) */
int cheb_triple(const struct cheb_family *a, const struct cheb_family *b,
		int db, const struct cheb_family *c, int dc, double *t);

/* v[k] = int a_k */
void cheb_moment(const struct cheb_family *a, double *v);

#endif
