/* fma3d_files.c - writes fma3d.in and the mesh files (fma3d_files.h) in
 * the layouts fma3d_spec.h states. */
#include <inttypes.h>

#include "fma3d_files.h"

void fma3d_write_params(FILE *f, const struct fma3d_args *a,
			const struct fma3d_mesh *m)
{
	fprintf(f, "nx %ld\nny %ld\nnz %d\nsteps %ld\nseed %" PRIu64 "\n",
		a->n, a->n, FMA3D_NZ, a->steps, a->seed);
	fprintf(f, "density %.17g\nyoung %.17g\npoisson %.17g\n"
		"yield %.17g\nhardening %.17g\nhourglass %.17g\ncfl %.17g\n",
		FMA3D_RHO, FMA3D_YOUNG, FMA3D_POISSON, FMA3D_YIELD,
		FMA3D_HARDEN, FMA3D_HOURGLASS, FMA3D_CFL);
	fprintf(f, "probe %d %d %d\nprobe_steps %d\n", FMA3D_PROBE_NX,
		FMA3D_PROBE_NY, FMA3D_PROBE_NZ, FMA3D_PROBE_STEPS);
	/* what mesh.bin's velocities are made of, for the reader */
	fprintf(f, "drift %.17g %.17g\n", m->drift[0], m->drift[1]);
	for (int k = 0; k < m->nimpact; k++)
		fprintf(f, "impact %.17g %.17g %.17g %.17g\n", m->impact[k].cx,
			m->impact[k].cy, m->impact[k].r, m->impact[k].vz);
}

void fma3d_write_mesh(FILE *f, const struct fma3d_mesh *m)
{
	int64_t counts[2] = { m->nnode, m->nelem };

	fwrite(FMA3D_MESH_MAGIC, 8, 1, f);
	fwrite(counts, sizeof(counts), 1, f);
	for (long n = 0; n < m->nnode; n++) {
		fwrite(m->x + 3 * n, sizeof(double), 3, f);
		fwrite(m->v0 + 3 * n, sizeof(double), 3, f);
	}
	fwrite(m->ix, sizeof(int32_t), 8 * (size_t)m->nelem, f);
}
