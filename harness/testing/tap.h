/*
 * tap.h - the TAP output of every C test of the tree, in one place so that
 * each kind of test prints what its runner parses and the two kinds number
 * and count their results the same way.
 *
 * The unit tests (harness/core/tests, harness/frag/tests and the tests of
 * each workload) use TAP_CHECK(), which prints "ok N - what" or
 * "not ok N - what" (and where a failed check is), and tap_done(), which
 * prints the "N passed, N failed" line and gives the exit status;
 * harness/testing/run-c-tests.sh counts their ok and not ok lines.
 *
 * The in-guest reservation tests (kernel-patch/tests) print TAP 13 the way
 * the kernel's kselftest.h does, which kernel-patch/tests/run-in-guest.sh
 * counts: tap_plan() prints "TAP version 13" and "1..N", tap_result() a
 * numbered result with a printf-style message, tap_skip() "ok N # SKIP why",
 * tap_diag() a "# " line, and tap_finish() a failed result if the plan was
 * not met, then "# Totals: pass:N fail:N skip:N", and gives the exit status.
 *
 * The counters are static, one set per source file: a program's plan,
 * results and finish must all come from one file; other files of the
 * program may print diagnostics.
 */
#ifndef SP_TAP_H
#define SP_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int tap_passed, tap_failed, tap_skipped, tap_planned;

/* Counts a result and starts its line: "ok N - " or "not ok N - ". */
static inline bool tap_begin(bool ok)
{
	if (ok)
		tap_passed++;
	else
		tap_failed++;
	printf("%s %d - ", ok ? "ok" : "not ok",
	       tap_passed + tap_failed + tap_skipped);
	return ok;
}

#define TAP_CHECK(cond, ...) do {					\
	bool tap_ok_ = tap_begin(!!(cond));				\
	printf(__VA_ARGS__);						\
	printf("\n");							\
	if (!tap_ok_)							\
		printf("#   failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
} while (0)

static inline int tap_done(void)
{
	printf("%d passed, %d failed\n", tap_passed, tap_failed);
	return tap_failed ? 1 : 0;
}

/* The rest of a line: a printf-style message and the newline. */
static inline void tap_vline(const char *fmt, va_list ap)
{
	vprintf(fmt, ap);
	printf("\n");
}

static inline void tap_plan(int n)
{
	tap_planned = n;
	printf("TAP version 13\n1..%d\n", n);
}

static inline __attribute__((format(printf, 2, 3)))
bool tap_result(bool ok, const char *fmt, ...)
{
	va_list ap;

	tap_begin(ok);
	va_start(ap, fmt);
	tap_vline(fmt, ap);
	va_end(ap);
	return ok;
}

static inline __attribute__((format(printf, 1, 2)))
void tap_skip(const char *fmt, ...)
{
	va_list ap;

	tap_skipped++;
	printf("ok %d # SKIP ", tap_passed + tap_failed + tap_skipped);
	va_start(ap, fmt);
	tap_vline(fmt, ap);
	va_end(ap);
}

static inline __attribute__((format(printf, 1, 2)))
void tap_diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	tap_vline(fmt, ap);
	va_end(ap);
}

static inline int tap_finish(void)
{
	int ran = tap_passed + tap_failed + tap_skipped;

	if (ran != tap_planned) {
		printf("not ok %d - planned %d tests, ran %d\n", ran + 1,
		       tap_planned, ran);
		tap_failed++;
	}
	printf("# Totals: pass:%d fail:%d skip:%d\n", tap_passed, tap_failed,
	       tap_skipped);
	fflush(stdout);
	return tap_failed ? 1 : 0;
}

#endif
