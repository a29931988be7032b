/* tap.h - minimal TAP-style assertions for the C unit tests: each check
 * prints "ok N - what" or "not ok N - what"; tap_done() prints the
 * "N passed, N failed" line and gives the exit status. */
#ifndef SPBENCH_TAP_H
#define SPBENCH_TAP_H

#include <stdio.h>

static int tap_passed, tap_failed;

#define TAP_CHECK(cond, ...) do {					\
	int tap_ok_ = !!(cond);						\
	printf("%s %d - ", tap_ok_ ? "ok" : "not ok",			\
	       tap_passed + tap_failed + 1);				\
	printf(__VA_ARGS__);						\
	printf("\n");							\
	if (tap_ok_)							\
		tap_passed++;						\
	else {								\
		tap_failed++;						\
		printf("#   failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	}								\
} while (0)

static inline int tap_done(void)
{
	printf("%d passed, %d failed\n", tap_passed, tap_failed);
	return tap_failed ? 1 : 0;
}

#endif
