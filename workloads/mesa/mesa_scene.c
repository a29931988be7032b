/* mesa_scene.c - what sp-mesa asks of OpenGL: the height field as vertex
 * and normal arrays, the fixed-function state of the scene (mesa_spec.h's
 * view, two lights, material and contour texture), and each frame as
 * GRID - 1 triangle strips in immediate mode, as SPEC's 177.mesa drew its
 * object through Mesa's own pipeline. */
#include <GL/gl.h>
#include <math.h>
#include <stdlib.h>

#include "mesa_run.h"

static float coord(long i, long grid)
{
	return (float)(-1.0 + 2.0 * (double)i / (double)(grid - 1));
}

/* dh along one grid direction at k of 0..grid-1, step apart in h. */
static float slope(const float *h, long k, long grid, long step)
{
	long lo = k > 0 ? k - 1 : k, hi = k < grid - 1 ? k + 1 : k;

	return (h[hi * step] - h[lo * step]) /
	       (coord(hi, grid) - coord(lo, grid));
}

int mesa_scene_build(struct mesa_scene *s, const struct mesa_mesh *m)
{
	long g = m->grid;

	s->grid = g;
	s->h = m->h;
	s->v = malloc((size_t)(g * g) * sizeof(*s->v));
	s->n = malloc((size_t)(g * g) * sizeof(*s->n));
	if (!s->v || !s->n)
		return -1;
	for (long j = 0; j < g; j++)
		for (long i = 0; i < g; i++) {
			long k = j * g + i;
			float dx = slope(m->h + j * g, i, g, 1);
			float dy = slope(m->h + i, j, g, g);
			float len = sqrtf(dx * dx + dy * dy + 1.0f);

			s->v[k][0] = coord(i, g);
			s->v[k][1] = coord(j, g);
			s->v[k][2] = m->h[k];
			s->n[k][0] = -dx / len;
			s->n[k][1] = -dy / len;
			s->n[k][2] = 1.0f / len;
		}
	return 0;
}

static void light(GLenum which, float x, float y, float z, float diffuse)
{
	const GLfloat dir[4] = { x, y, z, 0 };
	const GLfloat dif[4] = { diffuse, diffuse, diffuse, 1 };
	const GLfloat none[4] = { 0, 0, 0, 1 };

	glLightfv(which, GL_POSITION, dir);
	glLightfv(which, GL_AMBIENT, none);
	glLightfv(which, GL_DIFFUSE, dif);
	glLightfv(which, GL_SPECULAR, none);
	glEnable(which);
}

/* The contour texture: grey lines on white. */
static void contours(void)
{
	static GLubyte tex[MESA_TEXELS][3];
	const GLfloat plane[4] = { 0, 0, (GLfloat)MESA_CONTOUR, 0.5f };

	for (int k = 0; k < MESA_TEXELS; k++)
		for (int c = 0; c < 3; c++)
			tex[k][c] = k < MESA_LINE_TEXELS ? MESA_LINE : 255;
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexImage1D(GL_TEXTURE_1D, 0, GL_RGB, MESA_TEXELS, 0, GL_RGB,
		     GL_UNSIGNED_BYTE, tex);
	glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_REPEAT);
	glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
	glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
	glTexGenfv(GL_S, GL_OBJECT_PLANE, plane);
	glEnable(GL_TEXTURE_GEN_S);
	glEnable(GL_TEXTURE_1D);
}

void mesa_scene_state(long side)
{
	const GLfloat ambient[4] = { MESA_AMBIENT, MESA_AMBIENT, MESA_AMBIENT,
				     1 };
	const GLfloat mat[4] = { MESA_MAT_R, MESA_MAT_G, MESA_MAT_B, 1 };
	const GLfloat none[4] = { 0, 0, 0, 1 };

	glViewport(0, 0, (GLsizei)side, (GLsizei)side);
	glMatrixMode(GL_PROJECTION);
	glLoadIdentity();
	glFrustum(-MESA_FRUSTUM, MESA_FRUSTUM, -MESA_FRUSTUM, MESA_FRUSTUM,
		  MESA_NEAR, MESA_FAR);
	glMatrixMode(GL_MODELVIEW);
	glLoadIdentity();	/* light directions are in eye coordinates */
	glLightModelfv(GL_LIGHT_MODEL_AMBIENT, ambient);
	light(GL_LIGHT0, MESA_L0_X, MESA_L0_Y, MESA_L0_Z, MESA_L0_DIFFUSE);
	light(GL_LIGHT1, MESA_L1_X, MESA_L1_Y, MESA_L1_Z, MESA_L1_DIFFUSE);
	glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE, mat);
	glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, none);
	glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, none);
	glEnable(GL_LIGHTING);
	contours();
	glShadeModel(GL_SMOOTH);
	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_LESS);
	glClearColor(0, 0, 0, 1);
	glClearDepth(1.0);
}

void mesa_scene_frame(const struct mesa_scene *s, uint64_t f)
{
	long g = s->grid;

	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glLoadIdentity();
	glTranslatef(0, 0, (GLfloat)-MESA_DIST);
	glRotatef((GLfloat)fmod((double)f * MESA_STEP, 360.0),
		  (GLfloat)MESA_AXIS_X, (GLfloat)MESA_AXIS_Y,
		  (GLfloat)MESA_AXIS_Z);
	for (long j = 0; j < g - 1; j++) {
		const float (*v)[3] = (const float (*)[3])s->v + j * g;
		const float (*n)[3] = (const float (*)[3])s->n + j * g;

		glBegin(GL_TRIANGLE_STRIP);
		for (long i = 0; i < g; i++) {
			glNormal3fv(n[i]);
			glVertex3fv(v[i]);
			glNormal3fv(n[i + g]);
			glVertex3fv(v[i + g]);
		}
		glEnd();
	}
}
