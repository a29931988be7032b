/* equake_element.c - the linear tetrahedron of sp-equake: gradients of
 * its shape functions and its stiffness blocks (equake_element.h). */
#include "equake_element.h"

static void cross(const double a[3], const double b[3], double c[3])
{
	c[0] = a[1] * b[2] - a[2] * b[1];
	c[1] = a[2] * b[0] - a[0] * b[2];
	c[2] = a[0] * b[1] - a[1] * b[0];
}

double eq_tet_gradients(const double *const p[4], double g[4][3])
{
	double e[3][3], six;

	for (int a = 0; a < 3; a++)
		for (int i = 0; i < 3; i++)
			e[a][i] = p[a + 1][i] - p[0][i];
	/* g[a] for a = 1..3 is the cross product of the other two edges
	 * over six times the volume, so that g[a] . e[b] = [a == b]. */
	cross(e[1], e[2], g[1]);
	cross(e[2], e[0], g[2]);
	cross(e[0], e[1], g[3]);
	six = e[0][0] * g[1][0] + e[0][1] * g[1][1] + e[0][2] * g[1][2];
	for (int i = 0; i < 3; i++) {
		g[1][i] /= six;
		g[2][i] /= six;
		g[3][i] /= six;
		g[0][i] = -(g[1][i] + g[2][i] + g[3][i]);
	}
	return six / 6.0;
}

void eq_tet_stiffness(const double g[4][3], double vol, double lambda,
		      double mu, double k[4][4][3][3])
{
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++) {
			double dot = g[a][0] * g[b][0] + g[a][1] * g[b][1] +
				     g[a][2] * g[b][2];

			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 3; j++)
					k[a][b][i][j] = vol *
						(lambda * g[a][i] * g[b][j] +
						 mu * g[a][j] * g[b][i] +
						 (i == j ? mu * dot : 0.0));
		}
}
