/*
 * vg_heap.h - the client's heap as the kernel would give it, inside the
 * Valgrind tool: Valgrind 3.19 caps the brk heap at 8 MB, past which glibc
 * grows the heap with anonymous mmaps; vg_heap.c lifts the cap, tells which
 * new mappings the kernel would merge into the one below them, and reports
 * both in the JSON.
 */
#ifndef TS_VG_HEAP_H
#define TS_VG_HEAP_H

#include <stdbool.h>
#include <stdint.h>

#include "text.h"

/* Before the client runs: lets the brk heap grow to max bytes (0: keep
 * Valgrind's cap), within the free space after it and RLIMIT_DATA. */
void ts_heap_lift(uint64_t max);
/* A brk system call asked for asked and got got (the break after it). */
void ts_heap_brk(uint64_t asked, uint64_t got);
/* Whether the mapping just made at addr joined the anonymous mapping below
 * it, as Linux merges VMAs: same protection, both anonymous. */
bool ts_heap_continues(uint64_t addr);
/* Counts a mapping the simulation grew an object with. */
void ts_heap_merged(void);
/* The "heap" member of the report: ,"heap":{...} */
void ts_heap_report(struct ts_buf *out);

#endif
