/* check.h - what every workload's output check shares: a one-line verdict
 * when the output is wrong ("PROG: FILE: what is wrong", exit 1) and the
 * reader of result files made of "key value" lines. */
#ifndef SP_WORKLOAD_CHECK_H
#define SP_WORKLOAD_CHECK_H

#include <sys/types.h>

#define CHECK_VALUE_MAX 64

/* Names the check and the file it judges (NULL: messages name no file). */
void check_begin(const char *prog, const char *file);

_Noreturn void check_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Reads the file as exactly the lines "KEY VALUE" for keys[0..n-1], in
 * that order, into values[]; anything else is a check_fail. */
void check_read_keys(const char *const keys[], int n,
		     char values[][CHECK_VALUE_MAX]);

/* check_fail unless got is want: "WHAT is GOT, expected WANT". */
void check_expect(const char *what, const char *got, const char *want);

/* Starts argv[0] with argv, its standard output into a pipe and its
 * standard error to /dev/null (its complaints would be a second line: the
 * verdict says it). The pipe's read end; the child's id in *pid. A pipe or
 * fork that fails is a check_fail. */
int check_spawn(char *const argv[], pid_t *pid);

#endif
