/* rbtree.h - a red-black tree of unique 64-bit keys, each node carrying a
 * pointer to its record (after Cormen et al., with a sentinel leaf). */
#ifndef SP_RBTREE_H
#define SP_RBTREE_H

#include <stdint.h>

struct rb_node {
	struct rb_node *left, *right, *parent;
	uint64_t key;
	void *rec;
	int red;
};

/* Where nodes come from: take returns a block of at least
 * sizeof(struct rb_node) bytes or NULL, give takes one back. */
struct rb_alloc {
	void *(*take)(void *ctx);
	void (*give)(void *ctx, void *node);
	void *ctx;
};

struct rb_tree {
	struct rb_node *root;
	struct rb_node nil;	/* every leaf; black */
	long count;
	struct rb_alloc alloc;
};

/* alloc NULL: nodes come from malloc. */
void rb_init(struct rb_tree *t, const struct rb_alloc *alloc);
struct rb_node *rb_find(const struct rb_tree *t, uint64_t key);
/* Adds key with rec = NULL and returns its new node; returns NULL with
 * *existed = 1 when the key is already there, NULL with *existed = 0 when
 * out of memory. */
struct rb_node *rb_insert(struct rb_tree *t, uint64_t key, int *existed);
/* Unlinks n and frees it (not its record). */
void rb_delete(struct rb_tree *t, struct rb_node *n);
/* Frees every node, and each record with free_rec; leaves an empty tree
 * with the same allocator. */
void rb_destroy(struct rb_tree *t, void (*free_rec)(void *));
/* In-order walk: first node, next node; NULL past the end. */
struct rb_node *rb_first(const struct rb_tree *t);
struct rb_node *rb_next(const struct rb_tree *t, const struct rb_node *n);
/* NULL when every red-black and search-tree invariant holds, else what is
 * broken. */
const char *rb_validate(const struct rb_tree *t);

#endif
