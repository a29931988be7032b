/* equake_run.h - sp-equake's state, laid out as SPEC's 183.equake lays
 * it out: every node's 3-vector and every row of every 3 x 3 block of K a
 * separate malloc'd array reached through arrays of pointers. */
#ifndef SP_EQUAKE_RUN_H
#define SP_EQUAKE_RUN_H

#include "equake_spec.h"

struct quake {
	struct equake_head h;
	double **coord;			/* nodes x 3 */
	int **vertex;			/* elems x 4 */
	int *index, *col;		/* K's row starts and columns */
	double ***K;			/* blocks x 3 x 3 */
	double **M, **C;		/* lumped mass, damping: nodes x 3 */
	double **F;			/* the source forces, full moment */
	double **disp[3], **vel;	/* nodes x 3 each */
};

/* n pointers to 3 doubles each, every one of them malloc'd: 0. */
double **eq_vectors(long n);

/* w += K v over K's stored half: each block (i, j) above the diagonal
 * also acts, transposed, as block (j, i). */
void eq_smvp(long nodes, double ***K, const int *col, const int *index,
	     double **v, double **w);

/* Allocates K, M, C, F and the displacement and velocity, and
 * assembles K, M, C and F from the mesh and the model. */
void eq_assemble(struct quake *q);

#endif
