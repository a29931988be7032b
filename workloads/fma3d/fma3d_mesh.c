/* fma3d_mesh.c - makes the fma3d workload's meshes (fma3d_mesh.h): nodes
 * on a grid, i fastest; each grid cell a brick element whose nodes run
 * counter-clockwise round its bottom face, then its top; the elements
 * stored in a seeded random order, so that an element loop gathers its
 * nodes from scattered places as it would in a real mesh; the velocity of
 * each node the plate's drift plus the impacts' cos^2 profiles. */
#include <math.h>
#include <stdlib.h>

#include "fma3d_spec.h"
#include "fma3d_mesh.h"
#include "rng.h"

#define PI 3.141592653589793

static long node_of(const struct fma3d_mesh *m, long i, long j, long k)
{
	return 1 + i + (m->nx + 1) * (j + (m->ny + 1) * k);
}

static void impacts(struct fma3d_mesh *m, int plate, uint64_t *s)
{
	double lx = (double)m->nx * FMA3D_H, ly = (double)m->ny * FMA3D_H;
	double side = lx < ly ? lx : ly;

	m->drift[0] = FMA3D_DRIFT * (2 * rng_uniform(s) - 1);
	m->drift[1] = FMA3D_DRIFT * (2 * rng_uniform(s) - 1);
	m->nimpact = FMA3D_IMPACTS;
	for (int k = 0; k < m->nimpact; k++) {
		struct fma3d_impact *p = &m->impact[k];

		p->cx = lx * (0.25 + 0.5 * rng_uniform(s));
		p->cy = ly * (0.25 + 0.5 * rng_uniform(s));
		p->r = FMA3D_H * (FMA3D_R_MIN + (FMA3D_R_MAX - FMA3D_R_MIN) *
				  rng_uniform(s));
		if (p->r > side / 4)
			p->r = side / 4;
		p->vz = -(FMA3D_V_MIN + (FMA3D_V_MAX - FMA3D_V_MIN) *
			  rng_uniform(s));
	}
	if (!plate) {
		/* the probe: the same shapes, scaled to its elastic speed */
		m->drift[0] *= FMA3D_PROBE_V / FMA3D_V_MAX;
		m->drift[1] *= FMA3D_PROBE_V / FMA3D_V_MAX;
		for (int k = 0; k < m->nimpact; k++) {
			m->impact[k].vz *= FMA3D_PROBE_V / FMA3D_V_MAX;
			m->impact[k].r = side / 2;
		}
	}
}

static void nodes(struct fma3d_mesh *m)
{
	for (long k = 0; k <= m->nz; k++)
		for (long j = 0; j <= m->ny; j++)
			for (long i = 0; i <= m->nx; i++) {
				long n = node_of(m, i, j, k) - 1;
				double *x = m->x + 3 * n, *v = m->v0 + 3 * n;

				x[0] = (double)i * FMA3D_H;
				x[1] = (double)j * FMA3D_H;
				x[2] = (double)k * FMA3D_H;
				v[0] = m->drift[0];
				v[1] = m->drift[1];
				v[2] = 0;
				for (int p = 0; p < m->nimpact; p++) {
					const struct fma3d_impact *q = &m->impact[p];
					double d = hypot(x[0] - q->cx, x[1] - q->cy);
					double c = cos(PI * d / (2 * q->r));

					if (d < q->r)
						v[2] += q->vz * c * c;
				}
			}
}

/* Grid cell c (i fastest) into element slot e. */
static void element(struct fma3d_mesh *m, long e, long c)
{
	long i = c % m->nx, j = c / m->nx % m->ny, k = c / (m->nx * m->ny);
	int32_t *ix = m->ix + 8 * e;

	for (int top = 0; top < 2; top++) {
		ix[4 * top + 0] = (int32_t)node_of(m, i, j, k + top);
		ix[4 * top + 1] = (int32_t)node_of(m, i + 1, j, k + top);
		ix[4 * top + 2] = (int32_t)node_of(m, i + 1, j + 1, k + top);
		ix[4 * top + 3] = (int32_t)node_of(m, i, j + 1, k + top);
	}
}

int fma3d_mesh_make(struct fma3d_mesh *m, int plate, long n, uint64_t seed)
{
	uint64_t s = rng_hash(seed ^ (plate ? 0x706c617465ULL : 0x70726f6265ULL));
	long *perm;

	m->nx = plate ? n : FMA3D_PROBE_NX;
	m->ny = plate ? n : FMA3D_PROBE_NY;
	m->nz = plate ? FMA3D_NZ : FMA3D_PROBE_NZ;
	m->nnode = (m->nx + 1) * (m->ny + 1) * (m->nz + 1);
	m->nelem = m->nx * m->ny * m->nz;
	m->x = malloc(3 * (size_t)m->nnode * sizeof(*m->x));
	m->v0 = malloc(3 * (size_t)m->nnode * sizeof(*m->v0));
	m->ix = malloc(8 * (size_t)m->nelem * sizeof(*m->ix));
	perm = malloc((size_t)m->nelem * sizeof(*perm));
	if (!m->x || !m->v0 || !m->ix || !perm) {
		free(perm);
		fma3d_mesh_free(m);
		return -1;
	}
	impacts(m, plate, &s);
	nodes(m);
	/* Fisher-Yates: slot e holds grid cell perm[e] */
	for (long e = 0; e < m->nelem; e++)
		perm[e] = e;
	for (long e = m->nelem - 1; e > 0; e--) {
		long r = (long)rng_below(&s, (uint64_t)e + 1), t = perm[e];

		perm[e] = perm[r];
		perm[r] = t;
	}
	for (long e = 0; e < m->nelem; e++)
		element(m, e, perm[e]);
	free(perm);
	return 0;
}

void fma3d_mesh_free(struct fma3d_mesh *m)
{
	free(m->x);
	free(m->v0);
	free(m->ix);
	m->x = m->v0 = NULL;
	m->ix = NULL;
}
