/* equake_assemble.c - sp-equake's assembly: the stiffness K, 3 x 3 blocks
 * in compressed rows over the input's structure, the lumped mass M and
 * damping C, and the point source's nodal forces F. */
#include <stdlib.h>

#include "equake_element.h"
#include "equake_run.h"

static _Noreturn void die(const char *what, long at)
{
	fprintf(stderr, "sp-equake: %s (element %ld)\n", what, at);
	exit(1);
}

static void *get(size_t size)
{
	void *p = malloc(size);

	if (!p)
		die("out of memory", -1);
	return p;
}

double **eq_vectors(long n)
{
	double **v = get((size_t)n * sizeof(*v));

	for (long i = 0; i < n; i++) {
		v[i] = get(3 * sizeof(double));
		v[i][0] = v[i][1] = v[i][2] = 0.0;
	}
	return v;
}

/* The block of row i, column j (i <= j), found along row i. */
static long block(const struct quake *q, int i, int j, long e)
{
	for (long b = q->index[i]; b < q->index[i + 1]; b++)
		if (q->col[b] == j)
			return b;
	die("an element's edge is not in K's structure", e);
}

static void add_element(struct quake *q, long e)
{
	const int *v = q->vertex[e];
	const double *p[4] = { q->coord[v[0]], q->coord[v[1]],
			       q->coord[v[2]], q->coord[v[3]] };
	double g[4][3], k[4][4][3][3], c[3], vol;
	struct eq_material mat;

	vol = eq_tet_gradients(p, g);
	if (!(vol > 0))
		die("an element is not positively oriented", e);
	for (int i = 0; i < 3; i++)
		c[i] = 0.25 * (p[0][i] + p[1][i] + p[2][i] + p[3][i]);
	eq_material(c, &mat);
	eq_tet_stiffness(g, vol, mat.lambda, mat.mu, k);
	for (int a = 0; a < 4; a++) {
		for (int d = 0; d < 3; d++) {
			q->M[v[a]][d] += mat.rho * vol / 4;
			q->C[v[a]][d] += mat.alpha * mat.rho * vol / 4;
		}
		for (int b = 0; b < 4; b++) {
			double **kb;

			if (v[a] > v[b])
				continue;	/* stored as (v[b], v[a]) */
			kb = q->K[block(q, v[a], v[b], e)];
			for (int r = 0; r < 3; r++)
				for (int s = 0; s < 3; s++)
					kb[r][s] += k[a][b][r][s];
		}
	}
}

/* The moment tensor's equivalent forces on the source element's
 * corners: -M g_a for corner a. */
static void source(struct quake *q)
{
	const int *v = q->vertex[q->h.src];
	const double *p[4] = { q->coord[v[0]], q->coord[v[1]],
			       q->coord[v[2]], q->coord[v[3]] };
	const double *m = q->h.moment;
	double g[4][3];
	double t[3][3] = { { m[0], m[5], m[4] }, { m[5], m[1], m[3] },
			   { m[4], m[3], m[2] } };

	eq_tet_gradients(p, g);
	for (int a = 0; a < 4; a++)
		for (int i = 0; i < 3; i++)
			q->F[v[a]][i] -= t[i][0] * g[a][0] + t[i][1] * g[a][1] +
					 t[i][2] * g[a][2];
}

void eq_assemble(struct quake *q)
{
	long nodes = q->h.nodes;

	q->K = get((size_t)q->h.blocks * sizeof(*q->K));
	for (long b = 0; b < q->h.blocks; b++) {
		q->K[b] = get(3 * sizeof(double *));
		for (int r = 0; r < 3; r++) {
			q->K[b][r] = get(3 * sizeof(double));
			q->K[b][r][0] = q->K[b][r][1] = q->K[b][r][2] = 0.0;
		}
	}
	q->M = eq_vectors(nodes);
	q->C = eq_vectors(nodes);
	q->F = eq_vectors(nodes);
	for (int t = 0; t < 3; t++)
		q->disp[t] = eq_vectors(nodes);
	q->vel = eq_vectors(nodes);
	for (long e = 0; e < q->h.elems; e++)
		add_element(q, e);
	source(q);
}
