/* lucas.c - sp-lucas: the lucas workload's measured program.  For each run
 * of its input file, the Lucas-Lehmer iteration s = s^2 - 2 modulo 2^p - 1
 * from s = 4, squaring by the weighted transform of lucas_dwt.c at the
 * length lucas_length(p) gives; it writes each run's residue after `at`
 * iterations and at the end, whole into residues.bin and as their low 64
 * bits and checksum into the result file, with the largest rounding
 * error seen, for sp-lucas-check. */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "atomic_file.h"
#include "lucas_dwt.h"
#include "lucas_spec.h"

static struct atomic_file result, residues;

/* Says what went wrong (fmt NULL: it was said), leaves no partial output
 * and exits 1. */
static _Noreturn __attribute__((format(printf, 1, 2)))
void die(const char *fmt, ...)
{
	va_list ap;

	if (fmt) {
		fprintf(stderr, "sp-lucas: ");
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	if (result.tmp)
		unlink(result.tmp);
	if (residues.tmp)
		unlink(residues.tmp);
	exit(1);
}

/* The residue of d into words, written to residues.bin; its low 64 bits
 * and checksum into *res64 and *sum. */
static void report(const struct lucas_dwt *d, uint64_t *words,
		   uint64_t *res64, uint64_t *sum)
{
	size_t nw = lucas_words(d->p);

	lucas_dwt_residue(d, words);
	*res64 = words[0];
	*sum = lucas_checksum(words, nw);
	if (fwrite(words, sizeof(*words), nw, residues.f) != nw)
		die("cannot write the residue of p = %" PRIu64, d->p);
}

static void run(const struct lucas_run *r)
{
	uint64_t n = lucas_length(r->p), res64_at = 0, sum_at = 0, res64, sum;
	struct lucas_dwt d;
	uint64_t *words;

	if (n > (uint64_t)LUCAS_LENGTH_MAX || lucas_dwt_init(&d, r->p, n))
		die("cannot set up a transform of length %" PRIu64
		    " for p = %" PRIu64, n, r->p);
	words = malloc(lucas_words(r->p) * sizeof(*words));
	if (!words)
		die("out of memory for p = %" PRIu64, r->p);
	for (long i = 1; i <= r->iters; i++) {
		lucas_dwt_step(&d);
		if (!(d.maxerr <= LUCAS_MAXERR))
			die("p = %" PRIu64 ": rounding error too large at "
			    "iteration %ld", r->p, i);
		if (i == r->at)
			report(&d, words, &res64_at, &sum_at);
	}
	report(&d, words, &res64, &sum);
	fprintf(result.f, "run %" PRIu64 " length %" PRIu64 " iterations %ld "
		"at %ld factor %" PRIu64 " res64_at %016" PRIx64 " sum_at %016"
		PRIx64 " res64 %016" PRIx64 " sum %016" PRIx64 " maxerr %.6f\n",
		r->p, n, r->iters, r->at, r->factor, res64_at, sum_at, res64,
		sum, d.maxerr);
	free(words);
	lucas_dwt_free(&d);
}

int main(int argc, char **argv)
{
	static char path[PATH_MAX];
	char why[160], line[160];
	struct lucas_run *runs;
	struct lucas_args a;
	long count;

	lucas_parse_args(argc, argv, 2, &a);
	runs = lucas_input_read(a.input, &a, &count, why, sizeof(why));
	if (!runs) {
		fprintf(stderr, "sp-lucas: %s: %s\n", a.input, why);
		return 1;
	}
	lucas_residues_path(a.path, path, sizeof(path));
	if (!atomic_file_open(&residues, "sp-lucas", path) ||
	    !atomic_file_open(&result, "sp-lucas", a.path))
		die(NULL);
	lucas_args_line(&a, line, sizeof(line));
	fprintf(result.f, "format %s\nargs %s\nruns %ld\n", LUCAS_FORMAT,
		line, count);
	fwrite(LUCAS_MAGIC, 1, 8, residues.f);
	for (long i = 0; i < count; i++)
		run(&runs[i]);
	free(runs);
	if (atomic_file_commit(&residues)) {
		unlink(result.tmp);
		return 1;
	}
	return atomic_file_commit(&result) ? 1 : 0;
}
