/* test_rng.c - rng.h is splitmix64: the stream from seed 1234567 gives the
 * outputs published with the algorithm's reference code, the hash of a
 * state is the output that follows it, and the derived numbers (a bounded
 * one, a double in [0, 1)) come from those outputs as documented. */
#include <stdint.h>

#include "rng.h"
#include "tap.h"

#define SEED 1234567ULL

static const uint64_t reference[5] = {
	6457827717110365317ULL, 3203168211198807973ULL,
	9817491932198370423ULL, 4593380528125082431ULL,
	16408922859458223821ULL,
};

static void stream(void)
{
	uint64_t state = SEED;
	int same = 1;

	for (int i = 0; i < 5; i++)
		same &= rng_next(&state) == reference[i];
	TAP_CHECK(same, "seed 1234567 gives splitmix64's reference outputs");
	TAP_CHECK(state == SEED + 5 * 0x9e3779b97f4a7c15ULL,
		  "the state advances by the golden gamma each draw");
}

static void hash(void)
{
	TAP_CHECK(rng_hash(SEED) == reference[0] &&
		  rng_hash(SEED + 2 * RNG_GAMMA) == reference[2],
		  "the hash of a state is the output that follows it");
	TAP_CHECK(rng_mix(SEED + RNG_GAMMA) == reference[0],
		  "rng_mix is the output function alone");
	TAP_CHECK(rng_mix(0) == 0, "rng_mix keeps 0 (it is a bijection)");
}

static void below(void)
{
	static const uint64_t mod1000[5] = { 317, 973, 423, 431, 821 };
	static const uint64_t mod7[5] = { 1, 2, 3, 3, 6 };
	uint64_t a = SEED, b = SEED;
	int same = 1;

	for (int i = 0; i < 5; i++) {
		same &= rng_below(&a, 1000) == mod1000[i];
		same &= rng_below(&b, 7) == mod7[i];
	}
	TAP_CHECK(same, "rng_below is the output's remainder");
	a = SEED;
	TAP_CHECK(rng_below(&a, 1) == 0, "below 1 is always 0");
}

static void unit(void)
{
	uint64_t state = SEED;

	TAP_CHECK(rng_unit(0) == 0.0 && rng_unit(0x7ff) == 0.0,
		  "the low 11 bits do not count");
	TAP_CHECK(rng_unit(0x800) == 0x1p-53, "the 53rd bit is 2^-53");
	TAP_CHECK(rng_unit(1ULL << 63) == 0.5, "the top bit is one half");
	TAP_CHECK(rng_unit(UINT64_MAX) == 1.0 - 0x1p-53,
		  "the largest is just below 1");
	TAP_CHECK(rng_uniform(&state) == 0.3500795420214081 &&
		  rng_uniform(&state) == 0.17364409667091263,
		  "rng_uniform is the stream's outputs scaled to [0, 1)");
}

int main(void)
{
	stream();
	hash();
	below();
	unit();
	return tap_done();
}
