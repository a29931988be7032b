/* wupwise_field.h - the seeded input of the wupwise workload: the gauge
 * field (a random SU(3) matrix on every link, as SPEC's random start) and
 * the source vector, each a function of the seed and the site's
 * lexicographic index alone, so that sp-wupwise and its check make the
 * same ones, each in its own order and layout. */
#ifndef SP_WUPWISE_FIELD_H
#define SP_WUPWISE_FIELD_H

#include <complex.h>
#include <stdint.h>

/* The link from site to its neighbour in direction mu (0..3: x, y, z, t),
 * u[a][b] its row a and column b: unitary, determinant 1. */
void wup_link(uint64_t seed, long site, int mu, double complex u[3][3]);

/* The source at site, s[spin][colour]: Gaussian, variance 1 a part. */
void wup_source(uint64_t seed, long site, double complex s[4][3]);

#endif
