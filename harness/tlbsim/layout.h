/*
 * layout.h - the aligned layout (sptlb --align-anon): the simulation places
 * each new anonymous mapping of at least a threshold at an address aligned
 * to the largest page simulated, as an allocator that aligns its large
 * objects would, instead of where the program's mmap put it.  The program
 * runs unchanged; its accesses to such a mapping are moved with it.
 */
#ifndef TS_LAYOUT_H
#define TS_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

struct ts_layout;

/* Mappings of min bytes or more go to addresses aligned to align. */
struct ts_layout *ts_layout_new(uint64_t min, uint64_t align);
/*
 * A new anonymous mapping [start, end): returns where the simulation puts
 * it: a fresh aligned range, apart from every other, for one of min bytes
 * or more, else start.
 */
uint64_t ts_layout_place(struct ts_layout *l, uint64_t start, uint64_t end);
/* Where addr is in the simulation. */
uint64_t ts_layout_at(struct ts_layout *l, uint64_t addr);
/*
 * [start, end) is unmapped: calls gone() with each piece of it as placed
 * (moved pieces at their new addresses, the rest where they are) and
 * forgets the moved pieces.
 */
void ts_layout_unmap(struct ts_layout *l, uint64_t start, uint64_t end,
		     void (*gone)(void *ctx, uint64_t start, uint64_t end),
		     void *ctx);
/* Mappings moved so far. */
uint64_t ts_layout_moved(const struct ts_layout *l);

#endif
