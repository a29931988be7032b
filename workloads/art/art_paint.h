/* art_paint.h - the thermal pictures sp-art-gen draws: a cool background
 * and the two hot objects, a helicopter and an airplane seen from above,
 * each drawn from the seed with its proportions varied a little. */
#ifndef SP_ART_PAINT_H
#define SP_ART_PAINT_H

#include <stdint.h>

/* A cool background over w x h pixels: a smooth field of 18-42 plus a
 * pixel noise of +-5, from the stream *rng. */
void art_paint_background(uint64_t *rng, unsigned char *pix, long w, long h);

/* Object kind (0 the helicopter, 1 the airplane) of the seed, side x side
 * pixels, over pix: its pixels set hot (165-255) and marked in mask (1 on
 * the object, 0 off it). */
void art_paint_object(int kind, uint64_t seed, long side, unsigned char *pix,
		      unsigned char *mask);

#endif
