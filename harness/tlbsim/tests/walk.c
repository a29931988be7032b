/*
 * walk.c - a program whose TLB behaviour is known: it maps 8 MB, takes the
 * 4 MB-aligned 4 MB inside, and reads one byte of each 4 KB page of it,
 * in order, PASSES times (argv[1]).  The sptlb tests run it with two pass
 * counts and check the difference in misses, which only the walk makes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#define MB (1024ul * 1024)

int main(int argc, char **argv)
{
	long passes = argc > 1 ? atol(argv[1]) : 1;
	char *map = mmap(NULL, 8 * MB, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile char *p;
	unsigned sum = 0;

	if (map == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	p = (volatile char *)(((uintptr_t)map + 4 * MB - 1) & ~(4 * MB - 1));
	for (long r = 0; r < passes; r++)
		for (unsigned long off = 0; off < 4 * MB; off += 4096)
			sum += p[off];
	printf("%u\n", sum);
	return 0;
}
