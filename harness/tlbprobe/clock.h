/* clock.h - the core clock, measured: a chain of dependent register adds
 * (one cycle each) and one of dependent multiplies (three cycles each on
 * the x86 cores this runs on); where the two agree the clock is known. */
#ifndef SP_CLOCK_H
#define SP_CLOCK_H

struct core_clock {
	double add_mhz, mul_mhz;
	int known;         /* the two within 10% of each other */
	double mhz;        /* their mean when known */
};

double clock_now_ns(void);
void clock_measure(struct core_clock *c, int repeats);

#endif
