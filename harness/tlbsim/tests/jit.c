/*
 * jit.c - a program that makes its own code at run time, as a JIT does.
 * It writes a function that reads one byte at its argument into an
 * executable mapping and calls it for each 4 KB page of an aligned 4 MB
 * region, ONCE times (argv[1]); then it rewrites the function in place to
 * read the byte twice and walks TWICE times more (argv[2]).  Each call
 * costs a fixed number of data accesses (the return address pushed and
 * popped, the reads), so the sptlb tests can tell from the counts whether
 * the tool saw the rewritten code.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define MB (1024ul * 1024)

/* movzx eax, byte [rdi]; ret */
static const unsigned char read_once[] = { 0x0f, 0xb6, 0x07, 0xc3 };
/* movzx eax, byte [rdi]; movzx ecx, byte [rdi]; add eax, ecx; ret
 * (both reads used: Valgrind drops a load whose value is dead) */
static const unsigned char read_twice[] = { 0x0f, 0xb6, 0x07, 0x0f, 0xb6,
					    0x0f, 0x01, 0xc8, 0xc3 };

typedef unsigned (*reader)(volatile char *);

static unsigned walk(reader f, volatile char *p, long passes)
{
	unsigned sum = 0;

	for (long r = 0; r < passes; r++)
		for (unsigned long off = 0; off < 4 * MB; off += 4096)
			sum += f(p + off);
	return sum;
}

int main(int argc, char **argv)
{
	long once = argc > 1 ? atol(argv[1]) : 1;
	long twice = argc > 2 ? atol(argv[2]) : 0;
	char *map = mmap(NULL, 8 * MB, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE |
				   PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS,
				   -1, 0);
	volatile char *p;
	unsigned sum;

	if (map == MAP_FAILED || code == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	p = (volatile char *)(((uintptr_t)map + 4 * MB - 1) & ~(4 * MB - 1));
	memcpy(code, read_once, sizeof(read_once));
	__builtin___clear_cache((char *)code, (char *)code + 64);
	sum = walk((reader)(uintptr_t)code, p, once);
	memcpy(code, read_twice, sizeof(read_twice));
	__builtin___clear_cache((char *)code, (char *)code + 64);
	sum += walk((reader)(uintptr_t)code, p, twice);
	printf("%u\n", sum);
	return 0;
}
