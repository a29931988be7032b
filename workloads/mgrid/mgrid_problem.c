/* mgrid_problem.c - the problem every mgrid program derives from its
 * arguments: the level sizes of the grid hierarchy, its memory, and the
 * seeded charges (mgrid_spec.h). */
#include "mgrid_spec.h"
#include "rng.h"

int mgrid_levels(long n, long sizes[MGRID_LEVELS_MAX])
{
	long top[MGRID_LEVELS_MAX];
	int k = 0;

	top[k++] = n;
	while (n % 2 == 0 && n >= 4 && k < MGRID_LEVELS_MAX)
		top[k++] = n /= 2;
	for (int i = 0; i < k; i++)
		sizes[i] = top[k - 1 - i];
	return k;
}

double mgrid_array_bytes(long n)
{
	long sizes[MGRID_LEVELS_MAX];
	int levels = mgrid_levels(n, sizes);
	double all = 0, m = (double)(n + 2);

	for (int k = 0; k < levels; k++)
		all += (double)(sizes[k] + 2) * (double)(sizes[k] + 2) *
		       (double)(sizes[k] + 2);
	return 8.0 * (2.0 * all + m * m * m);
}

void mgrid_charges(uint64_t seed, long n, long pos[MGRID_POINTS][3],
		   double q[MGRID_POINTS])
{
	uint64_t s = rng_hash(seed ^ 0x6d67726964ULL);	/* "mgrid" */
	int i = 0;

	while (i < MGRID_POINTS) {
		int d, j;

		for (d = 0; d < 3; d++)
			pos[i][d] = (long)rng_below(&s, (uint64_t)n);
		for (j = 0; j < i; j++)
			if (pos[j][0] == pos[i][0] && pos[j][1] == pos[i][1] &&
			    pos[j][2] == pos[i][2])
				break;
		if (j < i)
			continue;
		q[i] = i < MGRID_CHARGES ? 1.0 : -1.0;
		i++;
	}
}
