/* fma3d_files.h - the input folder's files as sp-fma3d-gen writes them,
 * written by one function each so that sp-fma3d-check can make them again
 * and hold the folder to them. */
#ifndef SP_FMA3D_FILES_H
#define SP_FMA3D_FILES_H

#include <stdio.h>

#include "fma3d_spec.h"
#include "fma3d_mesh.h"

/* fma3d.in for a and the plate m. */
void fma3d_write_params(FILE *f, const struct fma3d_args *a,
			const struct fma3d_mesh *m);

/* A mesh file: magic, counts, nodes, elements. */
void fma3d_write_mesh(FILE *f, const struct fma3d_mesh *m);

#endif
