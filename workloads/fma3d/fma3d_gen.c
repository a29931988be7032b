/* fma3d_gen.c - sp-fma3d-gen: the fma3d workload's input folder: fma3d.in
 * (the plate's size, the step count, the material and the scheme's
 * constants as "key value" lines, as SPEC's 191.fma3d reads its own from
 * an input deck), mesh.bin (the plate) and probe.bin (the small elastic
 * mesh), the meshes as fma3d_mesh.c makes them from the size and seed. */
#include <stdio.h>

#include "atomic_file.h"
#include "fma3d_files.h"

#define PROG "sp-fma3d-gen"

static int write_params(const struct fma3d_args *a,
			const struct fma3d_mesh *m)
{
	struct atomic_file af;
	FILE *f = atomic_file_open_in(&af, PROG, a->path, "fma3d.in");

	if (!f)
		return -1;
	fma3d_write_params(f, a, m);
	return atomic_file_commit(&af);
}

static int write_mesh(const struct fma3d_args *a, const char *name,
		      const struct fma3d_mesh *m)
{
	struct atomic_file af;
	FILE *f = atomic_file_open_in(&af, PROG, a->path, name);

	if (!f)
		return -1;
	fma3d_write_mesh(f, m);
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct fma3d_args a;
	struct fma3d_mesh plate, probe;
	int rc;

	fma3d_parse_args(argc, argv, 1, &a);
	if (fma3d_mesh_make(&plate, 1, a.n, a.seed) ||
	    fma3d_mesh_make(&probe, 0, 0, a.seed)) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	rc = write_params(&a, &plate) || write_mesh(&a, "mesh.bin", &plate) ||
	     write_mesh(&a, "probe.bin", &probe);
	fma3d_mesh_free(&plate);
	fma3d_mesh_free(&probe);
	return rc ? 1 : 0;
}
