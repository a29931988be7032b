/* facerec_match.c - elastic graph matching as SPEC's 187.facerec does it
 * (Lades et al. 1993): the global move slides the album graph, rigid,
 * over the whole image to the placement whose jets are most like its own;
 * the local move then visits every node in a random order and moves it
 * within a small subgrid to where its jet similarity less the graph's
 * distortion is highest.  A jet similarity is the normalised dot product
 * of magnitudes, read across the 40 planes at the node's pixel. */
#include "facerec.h"
#include "rng.h"

/* Similarity of a unit album jet to the image's jet at (x, y). */
static inline double similarity(const struct gabor *g, const double *unit,
				long x, long y)
{
	size_t n2 = (size_t)g->n * (size_t)g->n, m = (size_t)(y * g->n + x);
	const double *a = g->mag + m;
	double dot = 0.0;

	for (int j = 0; j < FACEREC_FEATURES; j++)
		dot += unit[j] * a[(size_t)j * n2];
	return dot * g->inv[m];
}

/* The rigid graph's mean similarity at origin (ox, oy). */
static double rigid(const struct gabor *g, const struct facerec_params *p,
		    facerec_unit_jets unit, long ox, long oy)
{
	double s = 0.0;
	long x, y;

	for (long n = 0; n < FACEREC_NODES; n++) {
		facerec_grid(p, n, ox, oy, &x, &y);
		s += similarity(g, unit[n], x, y);
	}
	return s / FACEREC_NODES;
}

/* The global move: every origin at p->step over the image (the graph
 * with room for its local moves), then the 3 x 3 pixels around the best. */
static void global_move(const struct gabor *g, const struct facerec_params *p,
			facerec_unit_jets unit, long *bx, long *by)
{
	long reach = p->radius * p->sweeps, n = g->n;
	long xmax = n - 1 - (p->cols - 1) * p->spacing - reach;
	long ymax = n - 1 - (p->rows - 1) * p->spacing - reach;
	double best = -2.0, s;
	long cx, cy;

	for (long oy = reach; oy <= ymax; oy += p->step)
		for (long ox = reach; ox <= xmax; ox += p->step)
			if ((s = rigid(g, p, unit, ox, oy)) > best) {
				best = s;
				*bx = ox;
				*by = oy;
			}
	cx = *bx;
	cy = *by;
	for (long oy = cy - 1; oy <= cy + 1; oy++)
		for (long ox = cx - 1; ox <= cx + 1; ox++)
			if (ox >= reach && ox <= xmax && oy >= reach &&
			    oy <= ymax && (ox != cx || oy != cy) &&
			    (s = rigid(g, p, unit, ox, oy)) > best) {
				best = s;
				*bx = ox;
				*by = oy;
			}
}

static long edges(const struct facerec_params *p)
{
	return p->rows * (p->cols - 1) + p->cols * (p->rows - 1);
}

/* The squared change of the edge from node a to node b, by b - a and
 * its length in the grid, with a at (ax, ay) and b at (bx, by). */
static double stretch(const struct facerec_params *p, long a, long b,
		      long ax, long ay, long bx, long by)
{
	long dx = bx - ax - (b % p->cols - a % p->cols) * p->spacing;
	long dy = by - ay - (b / p->cols - a / p->cols) * p->spacing;

	return (double)(dx * dx + dy * dy);
}

/* The distortion node n at (x, y) gives its edges. */
static double node_distortion(const struct facerec_params *p,
			      const struct graph *gr, long n, long x, long y)
{
	long c = n % p->cols, r = n / p->cols;
	const struct facerec_pos *q = gr->pos;
	double d = 0.0;

	if (c > 0)
		d += stretch(p, n - 1, n, q[n - 1].x, q[n - 1].y, x, y);
	if (c < p->cols - 1)
		d += stretch(p, n, n + 1, x, y, q[n + 1].x, q[n + 1].y);
	if (r > 0)
		d += stretch(p, n - p->cols, n, q[n - p->cols].x,
			     q[n - p->cols].y, x, y);
	if (r < p->rows - 1)
		d += stretch(p, n, n + p->cols, x, y, q[n + p->cols].x,
			     q[n + p->cols].y);
	return d;
}

/* The graph's score: its mean similarity less lambda times its
 * distortion, the mean squared change of its edges over spacing^2. */
static double score(const struct gabor *g, const struct facerec_params *p,
		    facerec_unit_jets unit, const struct graph *gr)
{
	double s = 0.0, d = 0.0;

	for (long n = 0; n < FACEREC_NODES; n++) {
		s += similarity(g, unit[n], gr->pos[n].x, gr->pos[n].y);
		if (n % p->cols < p->cols - 1)
			d += stretch(p, n, n + 1, gr->pos[n].x, gr->pos[n].y,
				     gr->pos[n + 1].x, gr->pos[n + 1].y);
		if (n / p->cols < p->rows - 1)
			d += stretch(p, n, n + p->cols, gr->pos[n].x,
				     gr->pos[n].y, gr->pos[n + p->cols].x,
				     gr->pos[n + p->cols].y);
	}
	return s / FACEREC_NODES - p->lambda * d /
	       ((double)edges(p) * (double)(p->spacing * p->spacing));
}

/* One sweep of local moves, nodes in a random order. */
static void local_move(const struct gabor *g, const struct facerec_params *p,
		       facerec_unit_jets unit, struct graph *gr,
		       uint64_t *rng)
{
	double w = p->lambda * FACEREC_NODES /
		   ((double)edges(p) * (double)(p->spacing * p->spacing));
	long order[FACEREC_NODES], r = p->radius, n = g->n;

	for (long i = 0; i < FACEREC_NODES; i++)
		order[i] = i;
	for (long i = FACEREC_NODES - 1; i > 0; i--) {
		long k = (long)rng_below(rng, (uint64_t)i + 1), t = order[i];

		order[i] = order[k];
		order[k] = t;
	}
	for (long i = 0; i < FACEREC_NODES; i++) {
		long v = order[i], x0 = gr->pos[v].x, y0 = gr->pos[v].y;
		long bx = x0, by = y0;
		double best = similarity(g, unit[v], x0, y0) -
			      w * node_distortion(p, gr, v, x0, y0);

		for (long y = y0 - r; y <= y0 + r; y++)
			for (long x = x0 - r; x <= x0 + r; x++) {
				double s;

				if (x < 0 || y < 0 || x >= n || y >= n ||
				    (x == x0 && y == y0))
					continue;
				s = similarity(g, unit[v], x, y) -
				    w * node_distortion(p, gr, v, x, y);
				if (s > best) {
					best = s;
					bx = x;
					by = y;
				}
			}
		gr->pos[v].x = (int32_t)bx;
		gr->pos[v].y = (int32_t)by;
	}
}

double facerec_match(const struct gabor *g, const struct facerec_params *p,
		     facerec_unit_jets unit, uint64_t rng,
		     struct graph *out, long *ox, long *oy)
{
	long x, y;

	global_move(g, p, unit, ox, oy);
	for (long n = 0; n < FACEREC_NODES; n++) {
		facerec_grid(p, n, *ox, *oy, &x, &y);
		out->pos[n].x = (int32_t)x;
		out->pos[n].y = (int32_t)y;
	}
	for (long s = 0; s < p->sweeps; s++)
		local_move(g, p, unit, out, &rng);
	return score(g, p, unit, out);
}
