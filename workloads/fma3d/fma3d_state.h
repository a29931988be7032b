/* fma3d_state.h - sp-fma3d-check's reader of the state file sp-fma3d
 * writes (fma3d_spec.h): its header and the plate's and the probe's
 * doubles.  Anything malformed is a check_fail naming the file. */
#ifndef SP_FMA3D_STATE_H
#define SP_FMA3D_STATE_H

struct fma3d_part {
	long steps, nnode, nelem;
	double time;
	double *node;		/* FMA3D_NODE_STATE per node */
	double *elem;		/* FMA3D_ELEM_STATE per element */
};

struct fma3d_state {
	long nx, ny, nz;
	unsigned long long seed;
	struct fma3d_part plate, probe;
};

/* Reads the state file check_begin named. */
void fma3d_read_state(const char *path, struct fma3d_state *st);

#endif
