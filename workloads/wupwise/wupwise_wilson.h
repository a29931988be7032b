/* wupwise_wilson.h - sp-wupwise-check's own Wilson matrix, written apart
 * from the solver's: fields in lexicographic site order, spinors as
 * [spin][colour], links as [mu][row][column], neighbours found from a
 * site's coordinates, and the (1 -+ gamma_mu) factors as dense 4x4
 * matrices from a table. */
#ifndef SP_WUPWISE_WILSON_H
#define SP_WUPWISE_WILSON_H

#include <complex.h>
#include <stdint.h>

typedef double complex wil_spinor[4][3];
typedef double complex wil_links[4][3][3];

struct wilson {
	int dims[4];
	long sites;
	double kappa;
	wil_links *u;		/* the links of each site */
};

/* The dense gamma matrices, gamma[mu][row][column], mu 0..3 (x, y, z, t). */
extern const double complex wil_gamma[4][4][4];

/* Makes w's gauge field from the seed (wupwise_field.h): 0, or -1 when
 * memory runs out. */
int wil_init(struct wilson *w, const int dims[4], double kappa,
	     uint64_t seed);

/* (M x)(site) = x(site) - kappa (D x)(site) into out. */
void wil_apply_site(const struct wilson *w, const wil_spinor *x, long site,
		    wil_spinor out);

#endif
