/* knees.h - finds the knees of a latency curve (time per load against the
 * number of pages touched): flat runs of points, and the clear rises
 * between them.  Kept apart from the measurement so that it is tested on
 * synthetic curves. */
#ifndef SP_KNEES_H
#define SP_KNEES_H

#define KNEES_MAX_PLATEAUS 16
#define KNEES_MAX 8

struct knee_params {
	double rel;        /* a plateau's tolerance, as a share of the scale */
	double abs_ns;     /* ... and never below this */
	double noise_k;    /* ... nor below noise_k x the curve's median noise */
	int min_points;    /* points a plateau needs */
	double max_ramp;   /* widest N ratio from a plateau's end to the next one's start */
	double merge;      /* a rise within this N ratio of the last knee is part of it */
	double scale;      /* level the relative tolerance applies to; 0: the plateau's own */
};

struct plateau {
	int first, last;   /* indices into the curve */
	double level;      /* median of its points */
};

struct knee {
	double entries;    /* the last N of the lower plateau: still all hits */
	double next;       /* the next N measured after it */
	double before, after;  /* the two plateaus' levels */
	int lower, upper;      /* ... and their indices in knee_result.plateaus */
};

struct knee_result {
	int nplateaus;
	struct plateau plateaus[KNEES_MAX_PLATEAUS];
	int nknees;
	struct knee knees[KNEES_MAX];
	int unclear;       /* rises too small, too gradual, or downward: not knees */
	double noise;      /* median of all the points' noise */
};

/* The defaults used by sptlbprobe. */
struct knee_params knees_default_params(void);

/* n[] ascending; noise[] per point (e.g. median minus best over repeats),
 * may be NULL.  Returns the number of knees. */
int knees_find(const double *n, const double *y, const double *noise, int count,
	       const struct knee_params *p, struct knee_result *r);

/* The tolerance a plateau at this level gets. */
double knees_tolerance(const struct knee_params *p, double noise, double level);

#endif
