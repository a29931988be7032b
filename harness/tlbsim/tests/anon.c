/*
 * anon.c - maps MB megabytes of anonymous memory (argv[1]; 0: none) with
 * one mmap, touches each 4 KB page of it once, in order, and prints where
 * the mapping is.  test_align_anon.py counts the superpages that form in it
 * with and without sptlb's aligned layout.  Mapped read, write and execute
 * so that no mapping below it has its protection and Linux (or Valgrind)
 * merges none into it: the object is the mapping alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

int main(int argc, char **argv)
{
	unsigned long len = (argc > 1 ? strtoul(argv[1], NULL, 0) : 0) << 20;
	volatile char *p;

	if (!len)
		return printf("0\n") < 0;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE | PROT_EXEC,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (unsigned long off = 0; off < len; off += 4096)
		p[off] = 1;
	printf("%lu\n", (unsigned long)p);
	return 0;
}
