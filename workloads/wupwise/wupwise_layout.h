/* wupwise_layout.h - the seeded gauge field and source (wupwise_field.h)
 * placed in the Fortran solver's layout: parity halves, colour fastest
 * (wupwise_solve.h). */
#ifndef SP_WUPWISE_LAYOUT_H
#define SP_WUPWISE_LAYOUT_H

#include <complex.h>
#include <stdint.h>

/* The place (from 0) of site lex in the half of its parity, the parity
 * into *parity. */
long wup_place(const int dims[4], long lex, int *parity);

/* u: 36 complex numbers a site, the even half then the odd. */
void wup_gauge_eo(const int dims[4], uint64_t seed, double complex *u);

/* be, bo: 12 complex numbers a site of their parity. */
void wup_source_eo(const int dims[4], uint64_t seed, double complex *be,
		   double complex *bo);

#endif
