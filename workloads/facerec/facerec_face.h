/* facerec_face.h - sp-facerec-gen's synthetic faces: a person as seeded
 * shape and texture parameters (head, hair, eyes, brows, nose, mouth,
 * marks: oriented gratings and blobs), a view of that person (the album's
 * frontal one, or a probe's shifted, scaled, turned and slightly
 * distorted one) and its rendering as an 8-bit image. */
#ifndef SP_FACEREC_FACE_H
#define SP_FACEREC_FACE_H

#include <stdint.h>

#define FACE_GRATINGS 6
#define FACE_BLOBS 4

/* An elongated Gaussian: centre (u, v), half-lengths a along angle t
 * and b across it, amplitude amp (grey levels). */
struct face_stroke {
	double u, v, a, b, t, amp;
};

/* A grating patch: centre, orientation t, wavelength w, envelope width s,
 * phase and amplitude. */
struct face_grating {
	double u, v, t, w, s, ph, amp;
};

/* Coordinates are in the face's frame, in units of the image side: u to
 * the right, v down, the face's centre at 0. */
struct face {
	double hu, hv;			/* the head's semi-axes */
	double skin, hair, hairline;
	struct face_stroke eye[2], white[2], brow[2], nose, nostril[2];
	struct face_stroke mouth;
	double curve;			/* the mouth's bend */
	struct face_grating grating[FACE_GRATINGS];
	struct face_stroke blob[FACE_BLOBS];
};

/* Where and how a face is seen: centre in pixels, scale, turn (radians),
 * contrast and brightness changes, pixel noise and the background. */
struct face_view {
	double cx, cy, scale, turn;
	double gain, offset, noise;
	double bg, bgx, bgy;
	uint64_t rng;			/* the noise's stream */
};

/* Person p of the album made from seed. */
void face_person(uint64_t seed, uint64_t p, struct face *f);

/* The album's view of a face in a side x side image, for image k. */
void face_album_view(uint64_t seed, uint64_t k, long side,
		     struct face_view *v);

/* Probe k's distorted copy of face f, and its view. */
void face_probe(uint64_t seed, uint64_t k, long side, const struct face *f,
		struct face *out, struct face_view *v);

/* Renders face f as seen by v into side x side grey levels. */
void face_render(const struct face *f, struct face_view *v, long side,
		 unsigned char *px);

#endif
