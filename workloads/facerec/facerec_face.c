/* facerec_face.c - the synthetic faces of sp-facerec-gen (facerec_face.h):
 * every person drawn from its own seeded stream, every probe a copy of a
 * person moved, scaled, turned and with each feature nudged, rendered as
 * a sum of soft shapes, strokes and gratings with pixel noise. */
#include <math.h>
#include <string.h>

#include "facerec_face.h"
#include "rng.h"

#define TAG_PERSON 0x706572736f6eULL
#define TAG_ALBUM 0x616c62756dULL
#define TAG_PROBE 0x70726f6265ULL
#define EXP_CUT 30.0		/* exp(-30): nothing at 8 bits */

static double uni(uint64_t *rng, double lo, double hi)
{
	return lo + (hi - lo) * rng_uniform(rng);
}

static double gauss(uint64_t *rng)
{
	double r = sqrt(-2.0 * log(1.0 - rng_uniform(rng)));

	return r * cos(2.0 * M_PI * rng_uniform(rng));
}

static uint64_t stream(uint64_t seed, uint64_t tag, uint64_t k)
{
	return rng_hash(rng_hash(seed ^ tag) + k);
}

/* An elongated Gaussian from r, its fields drawn in order: u, v and the
 * half-lengths from their ranges, b as a share of a when bshare, turn t,
 * and amp's size with its sign. */
static struct face_stroke stroke(uint64_t *r, const double lo[6],
				 const double hi[6], int bshare, double sign)
{
	double x[6];

	for (int i = 0; i < 6; i++)
		x[i] = uni(r, lo[i], hi[i]);
	if (bshare)
		x[3] *= x[2];
	return (struct face_stroke){ x[0], x[1], x[2], x[3], x[4],
				     sign * x[5] };
}

/* A feature and its mirror image across the face's vertical axis. */
static void pair(struct face_stroke s[2], struct face_stroke one)
{
	s[0] = one;
	s[1] = one;
	s[0].u = -one.u;
	s[1].t = -one.t;
}

void face_person(uint64_t seed, uint64_t p, struct face *f)
{
	uint64_t r = stream(seed, TAG_PERSON, p);
	double eu, ev, nv, d;

	memset(f, 0, sizeof(*f));
	f->hu = uni(&r, 0.24, 0.30);
	f->hv = uni(&r, 0.32, 0.38);
	f->skin = uni(&r, 150, 200);
	f->hair = uni(&r, 25, 90);
	f->hairline = uni(&r, -0.22, -0.14);
	eu = uni(&r, 0.085, 0.115);
	ev = uni(&r, -0.08, -0.04);
	pair(f->eye, stroke(&r, (double[]){ eu, ev, 0.018, 0.7, 0, 70 },
			    (double[]){ eu, ev, 0.028, 1.0, 0, 110 }, 1, -1));
	pair(f->white, stroke(&r, (double[]){ eu, ev, 0.04, 0.015, 0, 20 },
			      (double[]){ eu, ev, 0.05, 0.02, 0, 40 }, 0, 1));
	d = uni(&r, 0.04, 0.06);
	pair(f->brow, stroke(&r, (double[]){ eu, ev - d, 0.04, 0.008, -0.3,
					     40 },
			     (double[]){ eu, ev - d, 0.06, 0.014, 0.3, 90 },
			     0, -1));
	nv = uni(&r, 0.06, 0.10);
	f->nose = stroke(&r, (double[]){ 0, (ev + nv) / 2, (nv - ev) / 2,
					 0.012, M_PI / 2, 10 },
			 (double[]){ 0, (ev + nv) / 2, (nv - ev) / 2, 0.02,
				     M_PI / 2, 25 }, 0, -1);
	pair(f->nostril, stroke(&r, (double[]){ 0.02, nv, 0.01, 1, 0, 40 },
				(double[]){ 0.03, nv, 0.014, 1, 0, 70 }, 1,
				-1));
	f->mouth = stroke(&r, (double[]){ 0, 0.15, 0.045, 0.01, 0, 50 },
			  (double[]){ 0, 0.19, 0.075, 0.016, 0, 90 }, 0, -1);
	f->curve = uni(&r, -3, 3);
	for (int i = 0; i < FACE_GRATINGS; i++) {
		struct face_grating *g = &f->grating[i];

		g->u = uni(&r, -0.17, 0.17);
		g->v = uni(&r, -0.2, 0.22);
		g->t = uni(&r, 0, M_PI);
		g->w = uni(&r, 0.03, 0.08);
		g->s = uni(&r, 0.025, 0.05);
		g->ph = uni(&r, 0, 2 * M_PI);
		g->amp = uni(&r, 20, 40);
	}
	for (int i = 0; i < FACE_BLOBS; i++) {
		double sign = rng_next(&r) & 1 ? 1 : -1;

		f->blob[i] = stroke(&r, (double[]){ -0.2, -0.25, 0.01, 0.5,
						    0, 20 },
				    (double[]){ 0.2, 0.25, 0.035, 1.0, M_PI,
						50 }, 1, sign);
	}
}

static void background(uint64_t *r, struct face_view *v)
{
	v->bg = uni(r, 70, 110);
	v->bgx = uni(r, -20, 20);
	v->bgy = uni(r, -20, 20);
}

void face_album_view(uint64_t seed, uint64_t k, long side,
		     struct face_view *v)
{
	uint64_t r = stream(seed, TAG_ALBUM, k);

	*v = (struct face_view){ side / 2.0, side / 2.0, 1, 0, 1, 0, 3,
				 0, 0, 0, 0 };
	background(&r, v);
	v->rng = rng_next(&r);
}

static void nudge(uint64_t *r, struct face_stroke *s)
{
	s->u += uni(r, -0.006, 0.006);
	s->v += uni(r, -0.006, 0.006);
	s->amp *= uni(r, 0.9, 1.1);
}

void face_probe(uint64_t seed, uint64_t k, long side, const struct face *f,
		struct face *out, struct face_view *v)
{
	uint64_t r = stream(seed, TAG_PROBE, k);
	double d = 0.07 * (double)side;

	*out = *f;
	for (int i = 0; i < 2; i++) {
		nudge(&r, &out->eye[i]);
		nudge(&r, &out->white[i]);
		nudge(&r, &out->brow[i]);
		nudge(&r, &out->nostril[i]);
	}
	nudge(&r, &out->nose);
	nudge(&r, &out->mouth);
	out->curve += uni(&r, -0.5, 0.5);
	for (int i = 0; i < FACE_BLOBS; i++)
		nudge(&r, &out->blob[i]);
	for (int i = 0; i < FACE_GRATINGS; i++) {
		out->grating[i].u += uni(&r, -0.006, 0.006);
		out->grating[i].v += uni(&r, -0.006, 0.006);
		out->grating[i].amp *= uni(&r, 0.9, 1.1);
	}
	out->hairline += uni(&r, -0.01, 0.01);
	*v = (struct face_view){ 0 };
	v->cx = side / 2.0 + uni(&r, -d, d);
	v->cy = side / 2.0 + uni(&r, -d, d);
	v->scale = uni(&r, 0.96, 1.04);
	v->turn = uni(&r, -0.05, 0.05);
	v->gain = uni(&r, 0.9, 1.1);
	v->offset = uni(&r, -12, 12);
	v->noise = 5;
	background(&r, v);
	v->rng = rng_next(&r);
}

static double logistic(double x)
{
	return 1.0 / (1.0 + exp(-x));
}

static double stroke_at(const struct face_stroke *s, double u, double v)
{
	double du = u - s->u, dv = v - s->v, c = cos(s->t), sn = sin(s->t);
	double along = du * c + dv * sn, across = dv * c - du * sn;
	double e = along * along / (2 * s->a * s->a) +
		   across * across / (2 * s->b * s->b);

	return e < EXP_CUT ? s->amp * exp(-e) : 0.0;
}

static double grating_at(const struct face_grating *g, double u, double v)
{
	double du = u - g->u, dv = v - g->v;
	double e = (du * du + dv * dv) / (2 * g->s * g->s);

	if (e >= EXP_CUT)
		return 0.0;
	return g->amp * exp(-e) *
	       cos(2 * M_PI * (du * cos(g->t) + dv * sin(g->t)) / g->w +
		   g->ph);
}

/* The face's grey level at (u, v) over background level bg. */
static double shade(const struct face *f, double u, double v, double bg)
{
	double r = hypot(u / f->hu, v / f->hv), head, hair, x;
	struct face_stroke mouth = f->mouth;

	head = logistic((1.0 - r) / 0.04);
	hair = logistic((1.08 - r) / 0.04) *
	       logistic((f->hairline - v) / 0.015);
	x = bg * (1 - head) + f->skin * head;
	x = x * (1 - hair) + f->hair * hair;
	for (int i = 0; i < 2; i++)
		x += stroke_at(&f->white[i], u, v) +
		     stroke_at(&f->eye[i], u, v) +
		     stroke_at(&f->brow[i], u, v) +
		     stroke_at(&f->nostril[i], u, v);
	x += stroke_at(&f->nose, u, v);
	mouth.v += f->curve * (u - mouth.u) * (u - mouth.u);
	x += stroke_at(&mouth, u, v);
	for (int i = 0; i < FACE_BLOBS; i++)
		x += stroke_at(&f->blob[i], u, v);
	for (int i = 0; i < FACE_GRATINGS; i++)
		x += head * grating_at(&f->grating[i], u, v);
	return x;
}

void face_render(const struct face *f, struct face_view *v, long side,
		 unsigned char *px)
{
	double c = cos(v->turn), s = sin(v->turn), k = v->scale * side;

	for (long y = 0; y < side; y++)
		for (long x = 0; x < side; x++) {
			double dx = x - v->cx, dy = y - v->cy;
			double u = (dx * c + dy * s) / k;
			double w = (dy * c - dx * s) / k;
			double bg = v->bg + v->bgx * ((double)x / side - 0.5) +
				    v->bgy * ((double)y / side - 0.5);
			double g = v->gain * shade(f, u, w, bg) + v->offset +
				   v->noise * gauss(&v->rng);

			px[y * side + x] = (unsigned char)(g < 0 ? 0 :
							   g > 255 ? 255 :
							   lround(g));
		}
}
