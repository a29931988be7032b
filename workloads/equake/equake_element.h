/* equake_element.h - the linear tetrahedron of sp-equake (and of its
 * generator's time step): shape functions' gradients from edge cross
 * products, and the element stiffness as 4 x 4 blocks of 3 x 3. */
#ifndef SP_EQUAKE_ELEMENT_H
#define SP_EQUAKE_ELEMENT_H

/* The signed volume of the tetrahedron with corners p[0..3] and the
 * gradients g[a] of its four shape functions (constant over it). */
double eq_tet_gradients(const double *const p[4], double g[4][3]);

/* k[a][b]: the 3 x 3 block coupling corner a's force to corner b's
 * displacement, vol (lambda g_a g_b' + mu g_b g_a' + mu g_a.g_b I). */
void eq_tet_stiffness(const double g[4][3], double vol, double lambda,
		      double mu, double k[4][4][3][3]);

#endif
