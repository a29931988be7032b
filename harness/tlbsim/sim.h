/*
 * sim.h - replays an address stream through every model's TLBs under every
 * policy of the model at once.  Page sizes follow the paper's rule: at the
 * first touch of a base page outside any reservation, reserve the largest
 * aligned page of the policy's sizes that fits the object holding it and
 * overlaps no touched or reserved page; promote a page size once every base
 * page of it has been touched, smaller sizes first.  thp-always maps the
 * largest size at the first touch of an aligned range inside its mapping.
 * Objects come from map, unmap and brk events, and grow events: a mapping
 * that the kernel merges into the one below it.
 */
#ifndef TS_SIM_H
#define TS_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "text.h"

struct ts_sim;

struct ts_sim *ts_sim_new(const struct ts_model *models, unsigned n);
void ts_sim_free(struct ts_sim *s);
/* For tests: every access a lookup, none taken by the same-page shortcut. */
void ts_sim_every_access(struct ts_sim *s);

/* count fetches or accesses, all in the base page holding addr */
void ts_sim_access(struct ts_sim *s, uint64_t addr, bool instr,
		   uint64_t count);
/* New memory: [start, end) is a fresh object (dir: 0, or -1 for a stack). */
void ts_sim_map(struct ts_sim *s, uint64_t start, uint64_t end, int dir);
void ts_sim_unmap(struct ts_sim *s, uint64_t start, uint64_t end);
/* The heap grew by [start, end). */
void ts_sim_brk(struct ts_sim *s, uint64_t start, uint64_t end);
/*
 * New memory [start, end) that the kernel merges into the mapping ending at
 * start (an anonymous mapping of the same protection, as Linux merges VMAs):
 * the object ending there grows, and is from then on a growing object like
 * the brk heap.  Returns false, and maps a fresh object, where no object
 * that may grow up ends at start.
 */
bool ts_sim_grow(struct ts_sim *s, uint64_t start, uint64_t end);

/* The run's counts as one JSON object. */
void ts_sim_report(struct ts_sim *s, struct ts_buf *out);

/* For tests: the size index policy p of model m maps addr with, or -1. */
int ts_sim_mapped(struct ts_sim *s, unsigned m, unsigned p, uint64_t addr);
uint64_t ts_sim_walks(struct ts_sim *s, unsigned m, unsigned p, bool instr);
uint64_t ts_sim_promotions(struct ts_sim *s, unsigned m, unsigned p,
			   unsigned size);
uint64_t ts_sim_demotions(struct ts_sim *s, unsigned m, unsigned p,
			  unsigned size);
const struct ts_tlb *ts_sim_tlb(struct ts_sim *s, unsigned m, unsigned p,
				unsigned t);

#endif
