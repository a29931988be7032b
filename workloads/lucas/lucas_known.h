/* lucas_known.h - the exponents p of the Mersenne primes 2^p - 1 up to
 * sp-lucas's full-test bound (LUCAS_FULL_MAX), as the number theory
 * literature lists them (Lucas, Lehmer, Robinson 1952, Riesel, Hurwitz,
 * Gillies, Tuckerman, Noll and Nickel): sp-lucas-check holds a full test's
 * residue to 0 exactly for these, and to nonzero for every other odd
 * prime. */
#ifndef SP_LUCAS_KNOWN_H
#define SP_LUCAS_KNOWN_H

static const long lucas_known[] = {
	2, 3, 5, 7, 13, 17, 19, 31, 61, 89, 107, 127, 521, 607, 1279,
	2203, 2281, 3217, 4253, 4423, 9689, 9941, 11213, 19937,
};

/* Where the list is complete: the next Mersenne prime is 2^21701 - 1. */
#define LUCAS_KNOWN_UPTO 21700L

#endif
