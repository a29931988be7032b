/* chain.h - the pointer chain sptlbprobe chases: one slot per 4 kB page,
 * each at its own cache line, linked in one random cycle. */
#ifndef SP_CHAIN_H
#define SP_CHAIN_H

#include <stddef.h>
#include <stdint.h>

#define CHAIN_PAGE 4096
#define CHAIN_LINE 64

/* The cache line within its page that page i's slot uses. */
unsigned chain_line(size_t page);

/* Links pages 0..pages-1 of base into one cycle in a random order drawn
 * from *seed (scratch: pages entries); returns the first slot. */
void **chain_build(char *base, size_t pages, uint64_t *seed, size_t *scratch);

/* Follows the chain for loads steps from start; returns where it ended. */
void **chain_chase(void **start, long loads);

#endif
