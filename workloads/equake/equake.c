/* equake.c - sp-equake: the equake workload's measured program, SPEC's
 * 183.equake's computation on a generated basin.  Reads the mesh and K's
 * block structure from the input into SPEC's arrays of pointers, assembles
 * K, M, C and the source's forces F (equake_assemble.c), then steps
 *     M u'' + C u' + K u = F phi0(t)
 * by central differences, each step one sparse product of K's 3 x 3
 * blocks (half of them stored) with the displacement, then passes over the
 * node arrays; the probes' displacement is recorded every EQ_SAMPLE steps.
 * Writes the record, the last displacement and velocity, K, and a summary
 * for sp-equake-check. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "equake_run.h"

#define PROG "sp-equake"

static _Noreturn void die(const char *file, const char *what)
{
	fprintf(stderr, PROG ": %s: %s\n", file, what);
	exit(1);
}

void eq_smvp(long nodes, double ***K, const int *col, const int *index,
	     double **v, double **w)
{
	for (long i = 0; i < nodes; i++) {
		int b = index[i], end = index[i + 1];
		double *vi = v[i], **a = K[b];
		double s0 = a[0][0] * vi[0] + a[0][1] * vi[1] + a[0][2] * vi[2];
		double s1 = a[1][0] * vi[0] + a[1][1] * vi[1] + a[1][2] * vi[2];
		double s2 = a[2][0] * vi[0] + a[2][1] * vi[1] + a[2][2] * vi[2];

		for (b++; b < end; b++) {
			double *vj = v[col[b]], *wj = w[col[b]];

			a = K[b];
			s0 += a[0][0] * vj[0] + a[0][1] * vj[1] +
			      a[0][2] * vj[2];
			s1 += a[1][0] * vj[0] + a[1][1] * vj[1] +
			      a[1][2] * vj[2];
			s2 += a[2][0] * vj[0] + a[2][1] * vj[1] +
			      a[2][2] * vj[2];
			wj[0] += a[0][0] * vi[0] + a[1][0] * vi[1] +
				 a[2][0] * vi[2];
			wj[1] += a[0][1] * vi[0] + a[1][1] * vi[1] +
				 a[2][1] * vi[2];
			wj[2] += a[0][2] * vi[0] + a[1][2] * vi[1] +
				 a[2][2] * vi[2];
		}
		w[i][0] += s0;
		w[i][1] += s1;
		w[i][2] += s2;
	}
}

static void read_input(struct quake *q, const struct equake_args *a)
{
	struct equake_head *h = &q->h;
	char why[128];
	FILE *f = fopen(a->input, "r");

	if (!f)
		die(a->input, strerror(errno));
	if (equake_read_head(f, h, why))
		die(a->input, why);
	if (h->request != a->nodes || h->steps != a->steps ||
	    h->seed != a->seed) {
		fprintf(stderr, PROG ": %s was made for -n %ld -t %ld "
			"-s %llu\n", a->input, h->request, h->steps,
			(unsigned long long)h->seed);
		exit(1);
	}
	q->coord = malloc((size_t)h->nodes * sizeof(*q->coord));
	q->vertex = malloc((size_t)h->elems * sizeof(*q->vertex));
	q->index = malloc(((size_t)h->nodes + 1) * sizeof(int));
	q->col = malloc((size_t)h->blocks * sizeof(int));
	if (!q->coord || !q->vertex || !q->index || !q->col)
		die(a->input, "out of memory");
	if (equake_read_word(f, "coords", why))
		die(a->input, why);
	for (long i = 0; i < h->nodes; i++) {
		q->coord[i] = malloc(3 * sizeof(double));
		if (!q->coord[i] || equake_read_doubles(f, q->coord[i], 3, why))
			die(a->input, q->coord[i] ? why : "out of memory");
	}
	if (equake_read_word(f, "elements", why))
		die(a->input, why);
	for (long e = 0; e < h->elems; e++) {
		q->vertex[e] = malloc(4 * sizeof(int));
		if (!q->vertex[e] ||
		    equake_read_ints(f, q->vertex[e], 4, h->nodes, why))
			die(a->input, q->vertex[e] ? why : "out of memory");
	}
	if (equake_read_word(f, "rows", why) ||
	    equake_read_ints(f, q->index, h->nodes + 1, h->blocks + 1, why) ||
	    equake_read_word(f, "cols", why) ||
	    equake_read_ints(f, q->col, h->blocks, h->nodes, why))
		die(a->input, why);
	fclose(f);
	if (q->index[0] != 0 || q->index[h->nodes] != h->blocks)
		die(a->input, "the rows do not cover the blocks");
	for (long i = 0; i < h->nodes; i++)
		if (q->index[i + 1] <= q->index[i] ||
		    q->col[q->index[i]] != i)
			die(a->input, "a row does not start at its diagonal");
}

/* One line of the record: the step and the probes' displacement. */
static void record(const struct quake *q, double **u, long step, FILE *f,
		   double *peak)
{
	fprintf(f, "%ld", step);
	for (int p = 0; p < EQ_PROBES; p++)
		for (int d = 0; d < 3; d++) {
			double x = u[q->h.probe[p]][d];

			fprintf(f, " %.12e", x);
			if (fabs(x) > *peak)
				*peak = fabs(x);
		}
	fputc('\n', f);
}

/* The time steps; the newest displacement's index into disp. */
static int run(struct quake *q, FILE *seis, double *peak)
{
	long nodes = q->h.nodes;
	double dt = q->h.dt;
	int prev = 0, cur = 1, next = 2, t;

	for (long n = 0; n < q->h.steps; n++) {
		double p0 = eq_phi0(n * dt);
		double **u0 = q->disp[prev], **u1 = q->disp[cur];
		double **u2 = q->disp[next], **M = q->M, **C = q->C;

		for (long i = 0; i < nodes; i++)
			u2[i][0] = u2[i][1] = u2[i][2] = 0.0;
		eq_smvp(nodes, q->K, q->col, q->index, u1, u2);
		for (long i = 0; i < nodes; i++)
			for (int d = 0; d < 3; d++)
				u2[i][d] *= -dt * dt;
		for (long i = 0; i < nodes; i++)
			for (int d = 0; d < 3; d++)
				u2[i][d] += 2.0 * M[i][d] * u1[i][d] -
					(M[i][d] - dt / 2.0 * C[i][d]) *
					u0[i][d] + dt * dt * p0 *
					q->F[i][d];
		for (long i = 0; i < nodes; i++)
			for (int d = 0; d < 3; d++)
				u2[i][d] /= M[i][d] + dt / 2.0 * C[i][d];
		for (long i = 0; i < nodes; i++)
			for (int d = 0; d < 3; d++)
				q->vel[i][d] = (u2[i][d] - u0[i][d]) /
					       (2.0 * dt);
		if ((n + 1) % EQ_SAMPLE == 0)
			record(q, u2, n + 1, seis, peak);
		t = prev;
		prev = cur;
		cur = next;
		next = t;
	}
	return cur;
}

static FILE *create(struct atomic_file *af, char *path, const char *dir,
		    const char *name)
{
	FILE *f;

	snprintf(path, PATH_MAX, "%s/%s", dir, name);
	f = atomic_file_open(af, PROG, path);
	if (!f)
		exit(1);
	return f;
}

static void commit(struct atomic_file *af)
{
	if (atomic_file_commit(af))
		exit(1);
}

static void write_bin_head(FILE *f, const char *magic, long nodes,
			   long count)
{
	struct equake_bin_head b = { .nodes = nodes, .count = count };

	memcpy(b.magic, magic, sizeof(b.magic));
	fwrite(&b, sizeof(b), 1, f);
}

static void write_state(const struct quake *q, double **u, FILE *f)
{
	write_bin_head(f, EQ_STATE_MAGIC, q->h.nodes, q->h.steps);
	for (long i = 0; i < q->h.nodes; i++)
		fwrite(u[i], sizeof(double), 3, f);
	for (long i = 0; i < q->h.nodes; i++)
		fwrite(q->vel[i], sizeof(double), 3, f);
}

static void write_matrix(const struct quake *q, FILE *f)
{
	write_bin_head(f, EQ_MATRIX_MAGIC, q->h.nodes, q->h.blocks);
	fwrite(q->index, sizeof(int), (size_t)q->h.nodes + 1, f);
	fwrite(q->col, sizeof(int), (size_t)q->h.blocks, f);
	for (long b = 0; b < q->h.blocks; b++)
		for (int r = 0; r < 3; r++)
			fwrite(q->K[b][r], sizeof(double), 3, f);
}

int main(int argc, char **argv)
{
	static char seis_path[PATH_MAX], state_path[PATH_MAX];
	static char matrix_path[PATH_MAX], result_path[PATH_MAX];
	struct equake_args a;
	struct quake q = { 0 };
	struct atomic_file seis, state, matrix, result;
	double peak = 0;
	FILE *f;
	int last;

	equake_parse_args(argc, argv, 2, &a);
	read_input(&q, &a);
	eq_assemble(&q);
	f = create(&seis, seis_path, a.path, EQ_SEISMO);
	fprintf(f, "%s", EQ_SEISMO_HEAD);
	for (int p = 0; p < EQ_PROBES; p++)
		fprintf(f, " %d", q.h.probe[p]);
	fputc('\n', f);
	last = run(&q, f, &peak);
	commit(&seis);
	write_state(&q, q.disp[last], create(&state, state_path, a.path,
					      EQ_STATE));
	commit(&state);
	write_matrix(&q, create(&matrix, matrix_path, a.path, EQ_MATRIX));
	commit(&matrix);
	f = create(&result, result_path, a.path, EQ_RESULT);
	fprintf(f, "nodes %ld\nelems %ld\nblocks %ld\nsteps %ld\n"
		"dt %.17g\nsamples %ld\npeak %.9e\n", q.h.nodes, q.h.elems,
		q.h.blocks, q.h.steps, q.h.dt, q.h.steps / EQ_SAMPLE, peak);
	commit(&result);
	return 0;
}
