/* lucas_check.c - sp-lucas-check: verifies sp-lucas's residues without its
 * transform.  The input must hold the full test of every odd prime up to
 * -f (found by a sieve here) and the big run the arguments name, whose
 * factor must divide 2^p - 1.  Each residue in residues.bin must be
 * reduced and match its line of the result file; a full test's final
 * residue must be 0 exactly when 2^p - 1 is a known Mersenne prime; every
 * residue after `at` iterations, and the final one of a run without a
 * factor, must equal the schoolbook recomputation (lucas_exact.c); a final
 * residue of a run with a factor must agree with the recurrence modulo
 * that factor. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "line_reader.h"
#include "lucas_exact.h"
#include "lucas_known.h"
#include "lucas_spec.h"

#define TEXT_MAX 512

_Static_assert(LUCAS_FULL_MAX <= LUCAS_KNOWN_UPTO,
	       "full tests beyond the known Mersenne primes");

struct line {
	uint64_t p, length, factor, res64_at, sum_at, res64, sum;
	long iters, at;
	double maxerr;
};

static int known_prime(uint64_t p)
{
	for (size_t i = 0; i < sizeof(lucas_known) / sizeof(*lucas_known); i++)
		if ((uint64_t)lucas_known[i] == p)
			return 1;
	return 0;
}

static int prime(uint64_t p)
{
	if (p < 2)
		return 0;
	for (uint64_t d = 2; d * d <= p; d++)
		if (p % d == 0)
			return 0;
	return 1;
}

/* The input's runs are the full tests of the odd primes up to -f, in
 * order, and the big run of the arguments. */
static void check_input(const struct lucas_args *a,
			const struct lucas_run *runs, long count)
{
	char *composite = calloc((size_t)a->full + 1, 1);
	const struct lucas_run *big = &runs[count - 1];
	long i = 0;

	if (!composite)
		check_fail("out of memory");
	for (long p = 3; p <= a->full; p += 2) {
		if (composite[p])
			continue;
		for (long m = p * p; m <= a->full; m += 2 * p)
			composite[m] = 1;
		if (i >= count - 1 || runs[i].p != (uint64_t)p ||
		    runs[i].iters != p - 2 || runs[i].factor ||
		    runs[i].at != (a->at < p - 2 ? a->at : p - 2))
			check_fail("input: run %ld is not the full test of %ld",
				   i + 1, p);
		i++;
	}
	free(composite);
	if (i != count - 1)
		check_fail("input: %ld runs, expected %ld", count, i + 1);
	if (big->iters != a->iters || big->at != a->at ||
	    lucas_length(big->p) != (uint64_t)a->length || !prime(big->p))
		check_fail("input: the last run is not the big run of the "
			   "arguments");
	if (big->factor < 2 || exact_pow2(big->p, big->factor) != 1)
		check_fail("input: %" PRIu64 " does not divide 2^%" PRIu64
			   " - 1", big->factor, big->p);
}

static void read_line(struct line_reader *rd, const char *what)
{
	if (!lr_next(rd))
		lr_fail(rd, "truncated: missing %s", what);
}

static void read_head(struct line_reader *rd, const struct lucas_args *a,
		      long count)
{
	char want[TEXT_MAX + 16], args[TEXT_MAX];

	read_line(rd, "the format line");
	snprintf(want, sizeof(want), "format %s", LUCAS_FORMAT);
	check_expect("the format line", rd->buf, want);
	read_line(rd, "the args line");
	lucas_args_line(a, args, sizeof(args));
	snprintf(want, sizeof(want), "args %s", args);
	check_expect("the args line", rd->buf, want);
	read_line(rd, "the runs line");
	snprintf(want, sizeof(want), "runs %ld", count);
	check_expect("the runs line", rd->buf, want);
}

/* The next word of the run line, which must be word. */
static void label(struct line_reader *rd, const char *word)
{
	if (!lr_is_word(rd, word))
		lr_fail(rd, "malformed run line: no '%s'", word);
}

/* label, then 16 hexadecimal digits. */
static uint64_t hex(struct line_reader *rd, const char *word)
{
	char digits[17];

	label(rd, word);
	lr_word(rd, digits, sizeof(digits));
	if (strspn(digits, "0123456789abcdef") != 16)
		lr_fail(rd, "%s is not 16 hexadecimal digits", word);
	return strtoull(digits, NULL, 16);
}

static void parse_run(struct line_reader *rd, const struct lucas_run *r,
		      struct line *l)
{
	char what[64];

	snprintf(what, sizeof(what), "the run of p = %" PRIu64, r->p);
	read_line(rd, what);
	if (!lr_is_key(rd, "run"))
		lr_fail(rd, "malformed run line: no 'run'");
	l->p = (uint64_t)lr_long(rd);
	label(rd, "length");
	l->length = (uint64_t)lr_long(rd);
	label(rd, "iterations");
	l->iters = lr_long(rd);
	label(rd, "at");
	l->at = lr_long(rd);
	label(rd, "factor");
	l->factor = (uint64_t)lr_long(rd);
	l->res64_at = hex(rd, "res64_at");
	l->sum_at = hex(rd, "sum_at");
	l->res64 = hex(rd, "res64");
	l->sum = hex(rd, "sum");
	label(rd, "maxerr");
	l->maxerr = lr_double(rd);
	lr_end(rd);
	if (l->p != r->p || l->iters != r->iters || l->at != r->at ||
	    l->factor != r->factor)
		check_fail("run line of p = %" PRIu64 " where the input has "
			   "p = %" PRIu64, l->p, r->p);
	if (l->length != lucas_length(r->p))
		check_fail("p = %" PRIu64 ": length %" PRIu64 ", expected %"
			   PRIu64, r->p, l->length, lucas_length(r->p));
	if (!(l->maxerr >= 0 && l->maxerr <= LUCAS_MAXERR))
		check_fail("p = %" PRIu64 ": rounding error %g is over %g",
			   r->p, l->maxerr, LUCAS_MAXERR);
}

/* One residue of exponent p from the residue file into words: reduced,
 * with the low 64 bits and checksum its line gives. */
static void read_residue(FILE *f, uint64_t p, uint64_t *words, size_t nw,
			 uint64_t res64, uint64_t sum, const char *when)
{
	unsigned sh = (unsigned)(p % 64);
	uint64_t top = sh ? (1ULL << sh) - 1 : ~0ULL;
	size_t i;

	if (fread(words, sizeof(*words), nw, f) != nw)
		check_fail("%s is truncated at p = %" PRIu64, LUCAS_RESIDUES,
			   p);
	if (words[nw - 1] & ~top)
		check_fail("p = %" PRIu64 ": the residue %s has bits above p",
			   p, when);
	for (i = 0; i + 1 < nw && words[i] == ~0ULL; i++)
		;
	if (i + 1 == nw && words[nw - 1] == top)
		check_fail("p = %" PRIu64 ": the residue %s is 2^p - 1, not "
			   "reduced", p, when);
	if (words[0] != res64)
		check_fail("p = %" PRIu64 ": res64 %s is %016" PRIx64 ", the "
			   "residue file's %016" PRIx64, p, when, res64,
			   words[0]);
	if (lucas_checksum(words, nw) != sum)
		check_fail("p = %" PRIu64 ": checksum %s is %016" PRIx64
			   ", the residue file's %016" PRIx64, p, when, sum,
			   lucas_checksum(words, nw));
}

static int is_zero(const uint64_t *words, size_t nw)
{
	for (size_t i = 0; i < nw; i++)
		if (words[i])
			return 0;
	return 1;
}

/* The schoolbook residue after `at` iterations, and after all of them
 * when the run has no factor, against the file's. */
static void check_exact(const struct lucas_run *r, const uint64_t *at,
			const uint64_t *end)
{
	struct exact e;
	long i;

	if (exact_init(&e, r->p))
		check_fail("out of memory");
	for (i = 1; i <= r->at; i++)
		exact_step(&e);
	if (memcmp(e.s, at, e.nw * sizeof(*at)))
		check_fail("p = %" PRIu64 ": the residue after %ld iterations "
			   "is %016" PRIx64 "..., exactly %016" PRIx64 "...",
			   r->p, r->at, at[0], e.s[0]);
	if (!r->factor) {
		for (; i <= r->iters; i++)
			exact_step(&e);
		if (memcmp(e.s, end, e.nw * sizeof(*end)))
			check_fail("p = %" PRIu64 ": the residue after %ld "
				   "iterations is %016" PRIx64 "..., exactly "
				   "%016" PRIx64 "...", r->p, r->iters, end[0],
				   e.s[0]);
	}
	exact_free(&e);
}

/* Both residues modulo the run's factor against the recurrence's. */
static void check_factor(const struct lucas_run *r, const uint64_t *at,
			 const uint64_t *end, size_t nw)
{
	const struct {
		const uint64_t *words;
		long iters;
	} res[2] = { { at, r->at }, { end, r->iters } };

	for (int k = 0; k < 2; k++) {
		uint64_t got = exact_mod(res[k].words, nw, r->factor);
		uint64_t want = exact_lucas_mod(r->factor, res[k].iters);

		if (got != want)
			check_fail("p = %" PRIu64 ": the residue after %ld "
				   "iterations is %" PRIu64 " modulo %" PRIu64
				   ", the recurrence gives %" PRIu64, r->p,
				   res[k].iters, got, r->factor, want);
	}
}

int main(int argc, char **argv)
{
	static char path[PATH_MAX];
	char why[160], magic[8], when[64];
	struct line_reader res;
	struct lucas_run *runs;
	struct lucas_args a;
	struct line l;
	long count, primes = 0;
	FILE *resid;

	lucas_parse_args(argc, argv, 0, &a);
	check_begin("sp-lucas-check", a.path);
	runs = lucas_input_read(a.input, &a, &count, why, sizeof(why));
	if (!runs)
		check_fail("input %s: %s", a.input, why);
	check_input(&a, runs, count);
	lr_open(&res, a.path, "");
	lucas_residues_path(a.path, path, sizeof(path));
	resid = fopen(path, "rb");
	if (!resid)
		check_fail("cannot open %s: %s", path, strerror(errno));
	read_head(&res, &a, count);
	if (fread(magic, 1, 8, resid) != 8 || memcmp(magic, LUCAS_MAGIC, 8))
		check_fail("%s is not a residue file", LUCAS_RESIDUES);
	for (long i = 0; i < count; i++) {
		const struct lucas_run *r = &runs[i];
		size_t nw = (size_t)((r->p + 63) / 64);
		uint64_t *at = malloc(nw * sizeof(*at));
		uint64_t *end = malloc(nw * sizeof(*end));

		if (!at || !end)
			check_fail("out of memory");
		parse_run(&res, r, &l);
		snprintf(when, sizeof(when), "after %ld iterations", r->at);
		read_residue(resid, r->p, at, nw, l.res64_at, l.sum_at, when);
		snprintf(when, sizeof(when), "at the end (%ld iterations)",
			 r->iters);
		read_residue(resid, r->p, end, nw, l.res64, l.sum, when);
		if (i < count - 1) {	/* a full test */
			int zero = is_zero(end, nw);

			if (known_prime(r->p) && !zero)
				check_fail("2^%" PRIu64 " - 1 is prime but its "
					   "residue is not 0", r->p);
			if (!known_prime(r->p) && zero)
				check_fail("2^%" PRIu64 " - 1 is composite but "
					   "its residue is 0", r->p);
			primes += zero;
		}
		check_exact(r, at, end);
		if (r->factor)
			check_factor(r, at, end, nw);
		free(at);
		free(end);
	}
	if (lr_next(&res))
		lr_fail(&res, "unexpected extra line: %.40s", res.buf);
	if (fgetc(resid) != EOF)
		check_fail("%s is longer than its residues", LUCAS_RESIDUES);
	lr_close(&res);
	fclose(resid);
	printf("ok %ld full tests (%ld Mersenne primes), p = %" PRIu64
	       " exact to iteration %ld and modulo %" PRIu64
	       " to iteration %ld\n", count - 1, primes, runs[count - 1].p,
	       runs[count - 1].at, runs[count - 1].factor,
	       runs[count - 1].iters);
	free(runs);
	return 0;
}
