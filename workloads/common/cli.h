/* cli.h - what the command lines of every workload's programs share: a
 * one-line usage error (exit 2), bounded decimal numbers, and where the
 * file goes (-o for a program, one operand for its check), so that each
 * workload's *_args.c says only what its options mean. */
#ifndef SP_WORKLOAD_CLI_H
#define SP_WORKLOAD_CLI_H

/* usage: the options, as "{-n N | --mb M} [-s SEED]"; file: "-o FILE" (or
 * "-o DIR") for a program, "FILE" for its check, or NULL when usage says
 * it all. */
struct cli {
	const char *prog;
	const char *usage;
	const char *file;
};

/* Prints "PROG: WHAT (usage: PROG USAGE FILE)" and exits 2. */
_Noreturn void cli_fail(const struct cli *c, const char *what);

/* getopt's ':' (no value) or '?' (unknown option), as a cli_fail. */
_Noreturn void cli_bad_option(const struct cli *c, int opt);

/* s as a decimal number from min to max, or cli_fail naming it. */
unsigned long long cli_number(const struct cli *c, const char *s,
			      unsigned long long min, unsigned long long max,
			      const char *name);

/* The file after getopt: a program's -o value (out: required, and no
 * operands), or a check's single operand (what names it in the error). */
const char *cli_file(const struct cli *c, int argc, char **argv,
		     int with_output, const char *out, const char *what);

#endif
