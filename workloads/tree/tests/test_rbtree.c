/* test_rbtree.c - drives the red-black tree with random inserts and deletes
 * against a plain presence array, validating the invariants after each step,
 * and checks that rb_validate notices a damaged tree. */
#include <stdint.h>
#include <stdlib.h>

#include "rbtree.h"
#include "tap.h"

#define KEYS 512
#define STEPS 20000

static uint64_t rng = 7;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void clear(struct rb_tree *t)
{
	struct rb_node *n;

	while ((n = rb_first(t)))
		rb_delete(t, n);
}

static void random_ops(void)
{
	static char present[KEYS];
	const char *why = NULL;
	struct rb_tree t;
	long step, count = 0, bad_step = -1;
	int existed;

	rb_init(&t, NULL);
	for (step = 0; step < STEPS && bad_step < 0; step++) {
		uint64_t key = next() % KEYS;
		struct rb_node *n;

		if (next() % 2) {
			n = rb_insert(&t, key, &existed);
			if (!n == !existed || !!n == present[key])
				bad_step = step;
			if (n && !present[key]) {
				present[key] = 1;
				count++;
			}
		} else {
			n = rb_find(&t, key);
			if (!!n != present[key])
				bad_step = step;
			if (n) {
				rb_delete(&t, n);
				present[key] = 0;
				count--;
			}
		}
		why = rb_validate(&t);
		if (why || t.count != count)
			bad_step = step;
	}
	TAP_CHECK(bad_step < 0, "%d random inserts/deletes keep the invariants "
		  "(first bad step %ld: %s)", STEPS, bad_step, why ? why : "-");

	{
		struct rb_node *n = rb_first(&t);
		long k, walked = 0, mismatch = 0;

		for (k = 0; k < KEYS; k++) {
			if (!present[k])
				continue;
			if (!n || n->key != (uint64_t)k)
				mismatch++;
			else
				n = rb_next(&t, n);
			walked++;
		}
		TAP_CHECK(!mismatch && !n && walked == t.count,
			  "in-order walk visits the %ld present keys in order",
			  walked);
	}
	clear(&t);
	TAP_CHECK(t.count == 0 && !rb_first(&t) && !rb_validate(&t),
		  "deleting every node leaves an empty valid tree");
}

static void damage_detected(void)
{
	struct rb_tree t;
	struct rb_node *n;
	uint64_t k;
	int existed;

	rb_init(&t, NULL);
	for (k = 0; k < 100; k++)
		rb_insert(&t, k, &existed);
	TAP_CHECK(!rb_validate(&t), "a tree of 100 ascending keys is valid");

	t.root->red = 1;
	TAP_CHECK(rb_validate(&t) != NULL, "a red root is caught");
	t.root->red = 0;

	n = rb_first(&t);
	n->key = 1000;
	TAP_CHECK(rb_validate(&t) != NULL, "a key out of order is caught");
	n->key = 0;

	n = t.root->left;
	n->red = !n->red;
	TAP_CHECK(rb_validate(&t) != NULL, "a recoloured node is caught");
	n->red = !n->red;
	TAP_CHECK(!rb_validate(&t), "the repaired tree is valid again");
	for (n = rb_first(&t); n; n = rb_next(&t, n))
		n->rec = malloc(16);
	rb_destroy(&t, free);
	TAP_CHECK(t.count == 0 && !rb_first(&t), "rb_destroy empties the tree");
}

struct counted {
	long taken, given;
};

static void *counted_take(void *ctx)
{
	((struct counted *)ctx)->taken++;
	return malloc(sizeof(struct rb_node));
}

static void counted_give(void *ctx, void *node)
{
	((struct counted *)ctx)->given++;
	free(node);
}

static void no_record(void *rec)
{
	(void)rec;
}

/* Every node comes from and goes back to the tree's allocator, and
 * rb_destroy leaves the allocator in place. */
static void allocator_used(void)
{
	struct counted c = { 0, 0 };
	const struct rb_alloc alloc = { counted_take, counted_give, &c };
	struct rb_tree t;
	uint64_t k;
	int existed;

	rb_init(&t, &alloc);
	for (k = 0; k < 100; k++)
		rb_insert(&t, k, &existed);
	rb_insert(&t, 5, &existed);
	TAP_CHECK(c.taken == 100 && existed, "a duplicate key takes no node");
	for (k = 0; k < 30; k++)
		rb_delete(&t, rb_find(&t, k * 3));
	TAP_CHECK(c.given == 30, "rb_delete gives its node back (%ld)",
		  c.given);
	rb_destroy(&t, no_record);
	TAP_CHECK(c.given == 100, "rb_destroy gives back every node (%ld)",
		  c.given);
	rb_insert(&t, 1, &existed);
	TAP_CHECK(c.taken == 101, "the allocator outlives rb_destroy");
	rb_destroy(&t, no_record);
}

int main(void)
{
	random_ops();
	allocator_used();
	damage_detected();
	return tap_done();
}
