/*
 * repl.c - a program whose data-TLB misses tell the replacement rule of a
 * 128-entry fully associative TLB of 8 KB pages (test_exactness.py works
 * them out).  Each round reads HOT pages (1 or 2, argv[1]) then 128 - HOT
 * pages of a 4 MB scan taken in turn, one byte a page; ROUNDS (argv[2]).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#define PAGE 8192ul
#define SCAN_PAGES 512ul

int main(int argc, char **argv)
{
	long hot = argc > 1 ? atol(argv[1]) : 1;
	long rounds = argc > 2 ? atol(argv[2]) : 1;
	char *map = mmap(NULL, (SCAN_PAGES + 2) * PAGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile char *scan, *h1, *h2;
	unsigned long next = 0, per_round = 128 - (unsigned long)hot;
	unsigned sum = 0;

	if (map == MAP_FAILED || hot < 1 || hot > 2) {
		fprintf(stderr, "usage: repl 1|2 ROUNDS\n");
		return 1;
	}
	h1 = (volatile char *)map;
	h2 = h1 + PAGE;
	scan = h2 + PAGE;
	for (long r = 0; r < rounds; r++) {
		sum += h1[0];
		if (hot == 2)
			sum += h2[0];
		for (unsigned long i = 0; i < per_round; i++) {
			sum += scan[next * PAGE];
			next = next + 1 == SCAN_PAGES ? 0 : next + 1;
		}
	}
	printf("%u\n", sum);
	return 0;
}
