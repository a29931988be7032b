/*
 * heap.c - a program that grows its heap with small mallocs and walks it,
 * and logs where the heap's bytes went, so that the sptlb tests can replay
 * its object stream through a model of their own and compare promotions.
 *
 *     heap MB LOG
 *
 * Allocates blocks of 16 to 1024 bytes (a fixed pseudo-random sequence),
 * writing each whole, until MB megabytes are asked for; links them and
 * reads them all back twice.  Nothing else touches the heap: no stdio, the
 * log is built in a static buffer and written with write(2).
 *
 * The log, one line each, numbers in hex:
 *     base B            the program break before the first malloc
 *     run LO HI BRK     bytes [LO, HI) written, in order, while the break
 *                       was BRK: consecutive blocks whose chunks follow each
 *                       other, from the first block's chunk header (LO,
 *                       8 bytes below it; B for the first run, as glibc's
 *                       own first chunk lies below the first block) to the
 *                       header glibc writes after the last one (HI, 8
 *                       bytes past its usable end)
 *     blocks N          how many blocks
 */
#include <fcntl.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LOG_MAX (256 * 1024)

static char log_buf[LOG_MAX];
static size_t log_len;

static void put(const char *s)
{
	size_t n = strlen(s);

	if (log_len + n < LOG_MAX) {
		memcpy(log_buf + log_len, s, n);
		log_len += n;
	}
}

static void put_hex(uintptr_t v)
{
	char d[20];
	int i = sizeof(d);

	d[--i] = 0;
	do {
		d[--i] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	put(" ");
	put(d + i);
}

static void run_line(uintptr_t lo, uintptr_t hi, uintptr_t brk)
{
	put("run");
	put_hex(lo);
	put_hex(hi);
	put_hex(brk);
	put("\n");
}

int main(int argc, char **argv)
{
	size_t want = argc > 1 ? (size_t)atol(argv[1]) << 20 : 0, got = 0;
	uintptr_t base = (uintptr_t)sbrk(0), lo = 0, hi = 0, brk = 0;
	uintptr_t blocks = 0;
	unsigned x = 12345, sum = 0;
	void **head = NULL, **tail = NULL;
	int fd;

	if (argc < 3)
		return 2;
	/* every page of the log, whatever its length: the same in every run */
	memset(log_buf, ' ', sizeof(log_buf));
	put("base");
	put_hex(base);
	put("\n");
	while (got < want) {
		size_t n, usable;
		void **p;
		uintptr_t now;

		x = x * 1103515245u + 12345u;
		n = 16 + (x >> 16) % 1009;
		p = malloc(n);
		if (!p)
			return 1;
		memset(p, (int)n, n);
		*p = NULL;
		if (tail)
			*tail = p;
		else
			head = p;
		tail = p;
		got += n;
		blocks++;
		usable = malloc_usable_size(p);
		now = (uintptr_t)sbrk(0);
		if (hi && ((uintptr_t)p != hi || now != brk)) {
			run_line(lo, hi, brk);
			hi = 0;
		}
		if (!hi)
			lo = blocks == 1 ? base : (uintptr_t)p - 8;
		hi = (uintptr_t)p + usable + 8;
		brk = now;
	}
	if (hi)
		run_line(lo, hi, brk);
	put("blocks");
	put_hex(blocks);
	put("\n");
	for (int pass = 0; pass < 2; pass++)
		for (void **p = head; p; p = *p)
			sum += ((unsigned char *)p)[8];
	fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, log_buf, log_len) != (ssize_t)log_len)
		return 1;
	close(fd);
	return sum == 0xffffffff;
}
