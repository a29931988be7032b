/* clock.c - measures the core's clock by timing dependent instruction
 * chains, since in a virtual machine neither /proc/cpuinfo's MHz nor the
 * TSC rate need be the clock the loads run at.  Many short chains, the
 * fastest of each kind, the two kinds alternated so that both see the same
 * clock. */
#include <time.h>

#include "clock.h"

#define CHAIN_ITERS 2000L

double clock_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* ns per cycle, from 100 dependent register adds per iteration */
static double add_chain(void)
{
	unsigned long x = 0, one = 1;
	double t0 = clock_now_ns();

	for (long i = 0; i < CHAIN_ITERS; i++)
		__asm__ volatile(".rept 100\n\tadd %1, %0\n\t.endr" : "+r"(x) : "r"(one));
	return (clock_now_ns() - t0) / (CHAIN_ITERS * 100.0);
}

/* ns per cycle, from 100 dependent multiplies (3 cycles each) per iteration */
static double mul_chain(void)
{
	unsigned long x = 3, three = 3;
	double t0 = clock_now_ns();

	for (long i = 0; i < CHAIN_ITERS; i++)
		__asm__ volatile(".rept 100\n\timul %1, %0\n\t.endr" : "+r"(x) : "r"(three));
	return (clock_now_ns() - t0) / (CHAIN_ITERS * 300.0);
}

void clock_measure(struct core_clock *c, int repeats)
{
	double add = 1e9, mul = 1e9;

	for (int i = 0; i < repeats; i++) {
		double a = add_chain(), m = mul_chain();

		add = a < add ? a : add;
		mul = m < mul ? m : mul;
	}
	c->add_mhz = 1e3 / add;
	c->mul_mhz = 1e3 / mul;
	c->known = c->add_mhz > 0.9 * c->mul_mhz && c->add_mhz < 1.1 * c->mul_mhz;
	c->mhz = c->known ? (c->add_mhz + c->mul_mhz) / 2 : 0;
}
