/* rbtree.c - insertion, deletion, lookup, in-order walk and an invariant
 * check for the red-black tree of rbtree.h. */
#include <stdlib.h>

#include "rbtree.h"

static void *malloc_node(void *ctx)
{
	(void)ctx;
	return malloc(sizeof(struct rb_node));
}

static void free_node(void *ctx, void *node)
{
	(void)ctx;
	free(node);
}

void rb_init(struct rb_tree *t, const struct rb_alloc *alloc)
{
	static const struct rb_alloc from_malloc = { malloc_node, free_node,
						     NULL };

	t->alloc = alloc ? *alloc : from_malloc;
	t->nil.left = t->nil.right = t->nil.parent = &t->nil;
	t->nil.red = 0;
	t->nil.rec = NULL;
	t->nil.key = 0;
	t->root = &t->nil;
	t->count = 0;
}

struct rb_node *rb_find(const struct rb_tree *t, uint64_t key)
{
	struct rb_node *n = t->root;

	while (n != &t->nil) {
		if (key == n->key)
			return n;
		n = key < n->key ? n->left : n->right;
	}
	return NULL;
}

static void rotate_left(struct rb_tree *t, struct rb_node *x)
{
	struct rb_node *y = x->right;

	x->right = y->left;
	if (y->left != &t->nil)
		y->left->parent = x;
	y->parent = x->parent;
	if (x->parent == &t->nil)
		t->root = y;
	else if (x == x->parent->left)
		x->parent->left = y;
	else
		x->parent->right = y;
	y->left = x;
	x->parent = y;
}

static void rotate_right(struct rb_tree *t, struct rb_node *x)
{
	struct rb_node *y = x->left;

	x->left = y->right;
	if (y->right != &t->nil)
		y->right->parent = x;
	y->parent = x->parent;
	if (x->parent == &t->nil)
		t->root = y;
	else if (x == x->parent->right)
		x->parent->right = y;
	else
		x->parent->left = y;
	y->right = x;
	x->parent = y;
}

static void insert_fixup(struct rb_tree *t, struct rb_node *z)
{
	while (z->parent->red) {
		struct rb_node *g = z->parent->parent;

		if (z->parent == g->left) {
			struct rb_node *u = g->right;

			if (u->red) {
				z->parent->red = 0;
				u->red = 0;
				g->red = 1;
				z = g;
				continue;
			}
			if (z == z->parent->right) {
				z = z->parent;
				rotate_left(t, z);
			}
			z->parent->red = 0;
			g->red = 1;
			rotate_right(t, g);
		} else {
			struct rb_node *u = g->left;

			if (u->red) {
				z->parent->red = 0;
				u->red = 0;
				g->red = 1;
				z = g;
				continue;
			}
			if (z == z->parent->left) {
				z = z->parent;
				rotate_right(t, z);
			}
			z->parent->red = 0;
			g->red = 1;
			rotate_left(t, g);
		}
	}
	t->root->red = 0;
}

struct rb_node *rb_insert(struct rb_tree *t, uint64_t key, int *existed)
{
	struct rb_node *p = &t->nil, *n = t->root, *z;

	while (n != &t->nil) {
		if (key == n->key) {
			*existed = 1;
			return NULL;
		}
		p = n;
		n = key < n->key ? n->left : n->right;
	}
	*existed = 0;
	z = t->alloc.take(t->alloc.ctx);
	if (!z)
		return NULL;
	z->key = key;
	z->rec = NULL;
	z->red = 1;
	z->left = z->right = &t->nil;
	z->parent = p;
	if (p == &t->nil)
		t->root = z;
	else if (key < p->key)
		p->left = z;
	else
		p->right = z;
	insert_fixup(t, z);
	t->count++;
	return z;
}

/* Puts v where u was, as the child of u's parent. */
static void transplant(struct rb_tree *t, struct rb_node *u, struct rb_node *v)
{
	if (u->parent == &t->nil)
		t->root = v;
	else if (u == u->parent->left)
		u->parent->left = v;
	else
		u->parent->right = v;
	v->parent = u->parent;
}

static struct rb_node *subtree_min(const struct rb_tree *t, struct rb_node *n)
{
	while (n->left != &t->nil)
		n = n->left;
	return n;
}

static void delete_fixup(struct rb_tree *t, struct rb_node *x)
{
	while (x != t->root && !x->red) {
		struct rb_node *w;

		if (x == x->parent->left) {
			w = x->parent->right;
			if (w->red) {
				w->red = 0;
				x->parent->red = 1;
				rotate_left(t, x->parent);
				w = x->parent->right;
			}
			if (!w->left->red && !w->right->red) {
				w->red = 1;
				x = x->parent;
				continue;
			}
			if (!w->right->red) {
				w->left->red = 0;
				w->red = 1;
				rotate_right(t, w);
				w = x->parent->right;
			}
			w->red = x->parent->red;
			x->parent->red = 0;
			w->right->red = 0;
			rotate_left(t, x->parent);
		} else {
			w = x->parent->left;
			if (w->red) {
				w->red = 0;
				x->parent->red = 1;
				rotate_right(t, x->parent);
				w = x->parent->left;
			}
			if (!w->right->red && !w->left->red) {
				w->red = 1;
				x = x->parent;
				continue;
			}
			if (!w->left->red) {
				w->right->red = 0;
				w->red = 1;
				rotate_left(t, w);
				w = x->parent->left;
			}
			w->red = x->parent->red;
			x->parent->red = 0;
			w->left->red = 0;
			rotate_right(t, x->parent);
		}
		x = t->root;
	}
	x->red = 0;
}

void rb_delete(struct rb_tree *t, struct rb_node *z)
{
	struct rb_node *y = z, *x;
	int y_was_red = y->red;

	if (z->left == &t->nil) {
		x = z->right;
		transplant(t, z, z->right);
	} else if (z->right == &t->nil) {
		x = z->left;
		transplant(t, z, z->left);
	} else {
		y = subtree_min(t, z->right);
		y_was_red = y->red;
		x = y->right;
		if (y->parent == z) {
			x->parent = y;	/* x may be the sentinel */
		} else {
			transplant(t, y, y->right);
			y->right = z->right;
			y->right->parent = y;
		}
		transplant(t, z, y);
		y->left = z->left;
		y->left->parent = y;
		y->red = z->red;
	}
	if (!y_was_red)
		delete_fixup(t, x);
	t->nil.parent = &t->nil;
	t->count--;
	t->alloc.give(t->alloc.ctx, z);
}

static void free_subtree(struct rb_tree *t, struct rb_node *n,
			 void (*free_rec)(void *))
{
	if (n == &t->nil)
		return;
	free_subtree(t, n->left, free_rec);
	free_subtree(t, n->right, free_rec);
	free_rec(n->rec);
	t->alloc.give(t->alloc.ctx, n);
}

void rb_destroy(struct rb_tree *t, void (*free_rec)(void *))
{
	struct rb_alloc alloc = t->alloc;

	free_subtree(t, t->root, free_rec);
	rb_init(t, &alloc);
}

struct rb_node *rb_first(const struct rb_tree *t)
{
	return t->root == &t->nil ? NULL : subtree_min(t, t->root);
}

struct rb_node *rb_next(const struct rb_tree *t, const struct rb_node *n)
{
	const struct rb_node *p;

	if (n->right != &t->nil)
		return subtree_min(t, n->right);
	p = n->parent;
	while (p != &t->nil && n == p->right) {
		n = p;
		p = p->parent;
	}
	return p == &t->nil ? NULL : (struct rb_node *)p;
}

/* Black height of the subtree at n, or -1 after setting *why. Keys must lie
 * in (lo, hi) where has_lo / has_hi say whether the bound exists. */
static int check_subtree(const struct rb_tree *t, const struct rb_node *n,
			 const struct rb_node *parent, uint64_t lo, int has_lo,
			 uint64_t hi, int has_hi, long *count, const char **why)
{
	int lh, rh;

	if (n == &t->nil)
		return 1;
	if (n->parent != parent) {
		*why = "a node's parent pointer is wrong";
		return -1;
	}
	if ((has_lo && n->key <= lo) || (has_hi && n->key >= hi)) {
		*why = "keys are out of search-tree order";
		return -1;
	}
	if (n->red && (n->left->red || n->right->red)) {
		*why = "a red node has a red child";
		return -1;
	}
	(*count)++;
	lh = check_subtree(t, n->left, n, lo, has_lo, n->key, 1, count, why);
	if (lh < 0)
		return -1;
	rh = check_subtree(t, n->right, n, n->key, 1, hi, has_hi, count, why);
	if (rh < 0)
		return -1;
	if (lh != rh) {
		*why = "black heights of two subtrees differ";
		return -1;
	}
	return lh + !n->red;
}

const char *rb_validate(const struct rb_tree *t)
{
	const char *why = NULL;
	long count = 0;

	if (t->nil.red)
		return "the sentinel leaf is red";
	if (t->root->red)
		return "the root is red";
	if (check_subtree(t, t->root, &t->nil, 0, 0, 0, 0, &count, &why) < 0)
		return why;
	if (count != t->count)
		return "the node count is wrong";
	return NULL;
}
