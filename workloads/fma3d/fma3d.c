/* fma3d.c - sp-fma3d: the fma3d workload's measured program.  Parses the
 * command line, hands fma3d.in and the meshes beside it to the Fortran
 * simulation (fma3d_solve.f90) and writes the final state it hands back
 * for sp-fma3d-check: a "key value" header, then the doubles. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "fma3d_spec.h"

#define PROG "sp-fma3d"

int fma3d_run(const char *path, const char *mesh, const char *pmesh, long n,
	      long steps, int64_t seed, double *time, double *ptime,
	      long *nnode, long *nelem, long *pnnode, long *pnelem,
	      long *psteps);
void fma3d_emit(void);
void fma3d_put(const double *buf, long n);

static const char *const why[] = {
	[1] = "cannot open",
	[2] = "is not an fma3d.in",
	[3] = "was made for other arguments",
	[4] = "names a mesh that is missing or malformed",
	[5] = "asks for more memory than there is",
	[6] = "made a simulation that broke down",
};

static FILE *state;

/* Called back by fma3d_emit. */
void fma3d_put(const double *buf, long n)
{
	fwrite(buf, sizeof(*buf), (size_t)n, state);
}

/* The file name in the folder of path, in a buffer of the caller's. */
static char *beside(const char *path, const char *name)
{
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
	char *s = malloc(dir + strlen(name) + 1);

	if (s) {
		memcpy(s, path, dir);
		strcpy(s + dir, name);
	}
	return s;
}

int main(int argc, char **argv)
{
	struct fma3d_args a;
	struct atomic_file af;
	double time, ptime;
	long nnode, nelem, pnnode, pnelem, psteps;
	char *mesh, *pmesh;
	int rc;

	fma3d_parse_args(argc, argv, 2, &a);
	mesh = beside(a.input, "mesh.bin");
	pmesh = beside(a.input, "probe.bin");
	if (!mesh || !pmesh) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	rc = fma3d_run(a.input, mesh, pmesh, a.n, a.steps, (int64_t)a.seed,
		       &time, &ptime, &nnode, &nelem, &pnnode, &pnelem,
		       &psteps);
	free(mesh);
	free(pmesh);
	if (rc) {
		fprintf(stderr, PROG ": %s %s\n", a.input,
			rc > 0 && rc <= 6 ? why[rc] : "failed");
		return 1;
	}
	state = atomic_file_open(&af, PROG, a.path);
	if (!state)
		return 1;
	fprintf(state, "fma3d-state 1\nnx %ld\nny %ld\nnz %d\nsteps %ld\n"
		"seed %" PRIu64 "\ntime %.17g\nnodes %ld\nelements %ld\n",
		a.n, a.n, FMA3D_NZ, a.steps, a.seed, time, nnode, nelem);
	fprintf(state, "probe_steps %ld\nprobe_time %.17g\nprobe_nodes %ld\n"
		"probe_elements %ld\nend\n", psteps, ptime, pnnode, pnelem);
	fma3d_emit();
	return atomic_file_commit(&af) ? 1 : 0;
}
