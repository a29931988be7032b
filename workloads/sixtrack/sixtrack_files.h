/* sixtrack_files.h - sp-sixtrack-check's readers of the two files it
 * judges by: the input sixtrack.in (the ring and the particles that
 * sp-sixtrack-gen wrote) and sp-sixtrack's result (a header, the one-turn
 * matrix, the probe's turns, every particle's end).  Anything malformed is a check_fail
 * naming the file. */
#ifndef SP_SIXTRACK_FILES_H
#define SP_SIXTRACK_FILES_H

#include "sixtrack_spec.h"

struct sixtrack_element {
	char name[SIXTRACK_NAME_MAX + 1];
	int bend;		/* 1: bend THETA H; 0: mult ORDER COEF */
	int order;
	double coef, h;		/* a bend's slice angle and curvature */
	int has_err;
	double erb[SIXTRACK_MMUL], era[SIXTRACK_MMUL];
};

struct sixtrack_input {
	long cells, turns, particles;
	uint64_t seed;
	int linear;
	double r0, aperx, apery, rfv, rfk;
	int nele;
	struct sixtrack_element ele[SIXTRACK_ELEMENTS_MAX];
	long ncel;
	int *icel;		/* the cell's entries: element, drift after */
	double *dcel;
	double (*coord)[6];	/* particle j + 1's start */
};

struct sixtrack_result {
	long cells, turns, particles, entries;
	uint64_t seed;
	int linear;
	double matrix[6][6];	/* the one-turn matrix, [row][column] */
	long nprobe;
	double (*probe)[6];	/* particle 1 after 0, 1, ... turns */
	long *lost;		/* the turn particle j + 1 was lost at, or 0 */
	double (*final)[6];	/* a survivor's end */
};

void sixtrack_read_input(const char *path, struct sixtrack_input *in);

/* Reads the result file check_begin named. */
void sixtrack_read_result(const char *path, struct sixtrack_result *res);

#endif
