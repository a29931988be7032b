/* vortex_check.c - sp-vortex-check: replays the vortex workload's
 * operation log into a plain hash map of objects and per-owner totals,
 * without SQLite, and compares the counts and digests it gets (lookups,
 * owner queries, and the final table in id order) with the result file
 * sp-vortex wrote from what SQLite returned. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vortex_spec.h"

/* One object: the value it was made with, and its last update's. */
struct slot {
	uint64_t id;		/* id + 1; 0: empty */
	uint64_t v, upd;
	int made, updated, dead;
};

static struct slot *map;
static uint64_t mask;

static struct slot *find(uint64_t id, int add)
{
	for (uint64_t i = rng_hash(id) & mask;; i = (i + 1) & mask) {
		if (map[i].id == id + 1)
			return &map[i];
		if (!map[i].id) {
			if (!add)
				return NULL;
			map[i].id = id + 1;
			return &map[i];
		}
	}
}

/* The columns of live object s into o (score and name from its update). */
static void columns(const struct slot *s, struct vortex_obj *o)
{
	struct vortex_obj u;

	vortex_content(s->v, o);
	if (s->updated) {
		vortex_content(s->upd, &u);
		o->score = u.score;
		o->name_len = u.name_len;
		memcpy(o->name, u.name, u.name_len);
	}
}

static uint64_t digest(uint64_t id, const struct slot *s)
{
	struct vortex_obj o;

	columns(s, &o);
	return vortex_row(id, o.kind, o.owner, o.score, o.name, o.name_len,
			  o.body, o.body_len);
}

int main(int argc, char **argv)
{
	static const char *const keys[] = VORTEX_KEYS;
	static int64_t count[VORTEX_OWNERS], sum[VORTEX_OWNERS];
	char got[VORTEX_NKEYS][CHECK_VALUE_MAX], want[VORTEX_NKEYS][64];
	struct vortex_args a;
	struct vortex_head h;
	struct vortex_rec r;
	struct vortex_obj o;
	struct slot *s;
	uint64_t total, size = 1, max_id = 0, n;
	uint64_t lookups = 0, found = 0, owners = 0, rows = 0;
	uint64_t dlook = 0, down = 0, dtab = 0;
	FILE *in;

	vortex_parse_args(argc, argv, 0, &a);
	check_begin("sp-vortex-check", a.path);
	in = fopen(a.ops, "rb");
	if (!in)
		check_fail("cannot open the log %s: %s", a.ops, strerror(errno));
	if (fread(&h, sizeof(h), 1, in) != 1 ||
	    memcmp(h.magic, VORTEX_MAGIC, sizeof(h.magic)))
		check_fail("%s is not an operation log", a.ops);
	if (h.objects != (uint64_t)a.objects || h.seed != a.seed)
		check_fail("the log %s is of other arguments", a.ops);
	total = h.objects + h.mixed;
	while (size < 2 * total)
		size *= 2;
	map = calloc(size, sizeof(*map));
	if (!map)
		check_fail("out of memory");
	mask = size - 1;
	for (n = 0; n < total && fread(&r, sizeof(r), 1, in) == 1; n++) {
		switch (r.op) {
		case VX_INSERT:
			s = find(r.id, 1);
			if (s->made)
				check_fail("log: id %" PRIu32 " made twice", r.id);
			s->made = 1;
			s->v = r.v;
			vortex_content(r.v, &o);
			count[o.owner]++;
			sum[o.owner] += o.score;
			if (r.id > max_id)
				max_id = r.id;
			break;
		case VX_LOOKUP:
			lookups++;
			s = find(r.id, 0);
			if (s && !s->dead) {
				found++;
				dlook = vortex_fold(dlook, digest(r.id, s));
			} else {
				dlook = vortex_fold(dlook,
						    VORTEX_MISSING ^ r.id);
			}
			break;
		case VX_UPDATE:
		case VX_DELETE:
			s = find(r.id, 0);
			if (!s || s->dead)
				check_fail("log: id %" PRIu32 " changed while "
					   "absent", r.id);
			columns(s, &o);
			sum[o.owner] -= o.score;
			if (r.op == VX_DELETE) {
				count[o.owner]--;
				s->dead = 1;
				break;
			}
			s->upd = r.v;
			s->updated = 1;
			columns(s, &o);
			sum[o.owner] += o.score;
			break;
		case VX_OWNER:
			if (r.id >= VORTEX_OWNERS)
				check_fail("log: owner %" PRIu32 " out of range",
					   r.id);
			owners++;
			down = vortex_fold(down, (uint64_t)count[r.id]);
			down = vortex_fold(down, (uint64_t)sum[r.id]);
			break;
		default:
			check_fail("log: bad operation %d", r.op);
		}
	}
	if (n != total || fgetc(in) != EOF)
		check_fail("the log %s does not hold its %" PRIu64
			   " operations", a.ops, total);
	fclose(in);
	for (uint64_t id = 0; id <= max_id; id++) {
		s = find(id, 0);
		if (s && !s->dead) {
			rows++;
			dtab = vortex_fold(dtab, digest(id, s));
		}
	}
	snprintf(want[0], 64, "%" PRIu64, rows);
	snprintf(want[1], 64, "%016" PRIx64, dtab);
	snprintf(want[2], 64, "%" PRIu64, lookups);
	snprintf(want[3], 64, "%" PRIu64, found);
	snprintf(want[4], 64, "%016" PRIx64, dlook);
	snprintf(want[5], 64, "%" PRIu64, owners);
	snprintf(want[6], 64, "%016" PRIx64, down);
	check_read_keys(keys, VORTEX_NKEYS, got);
	for (int k = 0; k < VORTEX_NKEYS; k++)
		check_expect(keys[k], got[k], want[k]);
	printf("ok %" PRIu64 " rows, %" PRIu64 " lookups, %" PRIu64
	       " owner queries\n", rows, lookups, owners);
	return 0;
}
