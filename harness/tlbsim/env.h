/*
 * env.h - what the TLB model code needs from whatever runs it.  The model
 * code runs both inside the Valgrind tool (no C library there) and in the
 * native unit tests, so memory, fatal errors and the extent of an address
 * nobody announced (the stack) come through these four functions, which
 * vg_env.c (the tool) and tests/host_env.c (the unit tests) each define.
 */
#ifndef TS_ENV_H
#define TS_ENV_H

#include <stddef.h>
#include <stdint.h>

/* Zeroed memory; never returns NULL (ts_fatal instead). */
void *ts_alloc(size_t n);
void ts_free(void *p);
__attribute__((noreturn)) void ts_fatal(const char *msg);

/*
 * The mapping holding addr that no map event announced: sets [*start, *end)
 * and *dir (0 fixed, -1 grows down like a stack, +1 grows up) and returns 1,
 * or returns 0 when there is none.
 */
int ts_extent(uint64_t addr, uint64_t *start, uint64_t *end, int *dir);

/* The C library's, which Valgrind's core also provides for its tools. */
void *memset(void *s, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);

#endif
