/* equake_check.h - what the parts of sp-equake-check share: the mesh as
 * the input gives it, the check's own model (K in full compressed rows,
 * both triangles, from its own element formulation; the lumped mass,
 * damping and source forces), and K as the run wrote it. */
#ifndef SP_EQUAKE_CHECK_H
#define SP_EQUAKE_CHECK_H

#include "equake_spec.h"

struct eqc_mesh {
	struct equake_head h;
	double (*x)[3];
	int (*v)[4];
	int *rows, *cols;		/* the structure the input gave */
};

struct eqc_model {
	long n;
	int *ptr, *col;		/* all blocks of each row, sorted */
	double (*k)[3][3];
	double *mass, *damp;		/* per node */
	double (*force)[3];		/* the source's, at full moment */
};

struct eqc_matrix {
	long nodes, blocks;
	int *rows, *cols;
	double (*k)[3][3];
};

/* calloc, or a check_fail. */
void *eqc_alloc(size_t n, size_t size);

/* Assembles the check's model of the mesh; a mesh with a degenerate or
 * inverted element, or whose given structure is not its edges', fails. */
void eqc_assemble(const struct eqc_mesh *m, struct eqc_model *own);

/* The block (i, j) of own, or NULL. */
const double (*eqc_block(const struct eqc_model *own, int i, int j))[3];

/* check_fail unless the input's time step is within the stability limit
 * of the check's own K and M. */
void eqc_check_stable(const struct eqc_mesh *m, const struct eqc_model *own);

/* Reads DIR/matrix.bin, the run's K, and judges it: its structure the
 * input's, its diagonal blocks symmetric, the six rigid motions in its
 * null space, every block the check's own.  check_fail otherwise. */
void eqc_check_matrix(const char *dir, const struct eqc_mesh *m,
		      const struct eqc_model *own);

#endif
