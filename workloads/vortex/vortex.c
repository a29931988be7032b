/* vortex.c - sp-vortex: the vortex workload's measured program, an object
 * database in memory.  Replays the operation log sp-vortex-gen wrote into
 * an in-memory SQLite database (Debian's libsqlite3): a table of objects
 * with an index by owner, inserts, lookups by id, updates, deletes and
 * queries by owner, VORTEX_TXN operations to a transaction; then writes
 * the counts and digests of what SQLite returned, and of the final table
 * read back in id order, for sp-vortex-check to recompute. */
#include <errno.h>
#include <inttypes.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "vortex_spec.h"

#define BATCH 4096

static sqlite3 *db;

static _Noreturn void die(const char *what)
{
	fprintf(stderr, "sp-vortex: %s: %s\n", what,
		db ? sqlite3_errmsg(db) : strerror(errno));
	exit(1);
}

static void exec(const char *sql)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
		die(sql);
}

static sqlite3_stmt *prepare(const char *sql)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		die(sql);
	return st;
}

/* Steps st to its end (a statement that returns no row). */
static void done(sqlite3_stmt *st)
{
	if (sqlite3_step(st) != SQLITE_DONE)
		die("statement");
	sqlite3_reset(st);
}

/* The digest of the row st stands on (id, kind, owner, score, name, body). */
static uint64_t row_digest(sqlite3_stmt *st)
{
	const void *name = sqlite3_column_text(st, 4);
	size_t name_len = (size_t)sqlite3_column_bytes(st, 4);
	const void *body = sqlite3_column_blob(st, 5);
	size_t body_len = (size_t)sqlite3_column_bytes(st, 5);

	return vortex_row((uint64_t)sqlite3_column_int64(st, 0),
			  sqlite3_column_int64(st, 1),
			  sqlite3_column_int64(st, 2),
			  sqlite3_column_int64(st, 3), name, name_len, body,
			  body_len);
}

int main(int argc, char **argv)
{
	static struct vortex_rec recs[BATCH];
	struct vortex_args a;
	struct vortex_head h;
	struct vortex_obj o;
	struct atomic_file af;
	sqlite3_stmt *ins, *get, *upd, *del, *own, *all;
	uint64_t n = 0, total, lookups = 0, found = 0, owners = 0, rows = 0;
	uint64_t dlook = 0, down = 0, dtab = 0;
	size_t got;
	FILE *in, *out;

	vortex_parse_args(argc, argv, 2, &a);
	in = fopen(a.ops, "rb");
	if (!in)
		die(a.ops);
	if (fread(&h, sizeof(h), 1, in) != 1 ||
	    memcmp(h.magic, VORTEX_MAGIC, sizeof(h.magic)))
		die("not an operation log");
	if (h.objects != (uint64_t)a.objects || h.seed != a.seed) {
		fprintf(stderr, "sp-vortex: %s was made for -n %" PRIu64
			" -s %" PRIu64 "\n", a.ops, h.objects, h.seed);
		return 1;
	}
	total = h.objects + h.mixed;
	if (sqlite3_open(":memory:", &db) != SQLITE_OK)
		die("cannot open an in-memory database");
	exec("PRAGMA cache_size = -4000000");
	exec("CREATE TABLE obj (id INTEGER PRIMARY KEY, kind INTEGER NOT NULL,"
	     " owner INTEGER NOT NULL, score INTEGER NOT NULL,"
	     " name TEXT NOT NULL, body BLOB NOT NULL)");
	exec("CREATE INDEX obj_owner ON obj (owner)");
	ins = prepare("INSERT INTO obj VALUES (?, ?, ?, ?, ?, ?)");
	get = prepare("SELECT id, kind, owner, score, name, body FROM obj"
		      " WHERE id = ?");
	upd = prepare("UPDATE obj SET score = ?, name = ? WHERE id = ?");
	del = prepare("DELETE FROM obj WHERE id = ?");
	own = prepare("SELECT count(*), coalesce(sum(score), 0) FROM obj"
		      " WHERE owner = ?");
	exec("BEGIN");
	while ((got = fread(recs, sizeof(recs[0]), BATCH, in)) > 0) {
		for (size_t i = 0; i < got; i++, n++) {
			const struct vortex_rec *r = &recs[i];
			int rc;

			if (n && n % VORTEX_TXN == 0)
				exec("COMMIT; BEGIN");
			switch (r->op) {
			case VX_INSERT:
				vortex_content(r->v, &o);
				sqlite3_bind_int64(ins, 1, r->id);
				sqlite3_bind_int64(ins, 2, o.kind);
				sqlite3_bind_int64(ins, 3, o.owner);
				sqlite3_bind_int64(ins, 4, o.score);
				sqlite3_bind_text(ins, 5, o.name,
						  (int)o.name_len,
						  SQLITE_STATIC);
				sqlite3_bind_blob(ins, 6, o.body,
						  (int)o.body_len,
						  SQLITE_STATIC);
				done(ins);
				break;
			case VX_LOOKUP:
				lookups++;
				sqlite3_bind_int64(get, 1, r->id);
				rc = sqlite3_step(get);
				if (rc == SQLITE_ROW) {
					found++;
					dlook = vortex_fold(dlook,
							    row_digest(get));
					rc = sqlite3_step(get);
				} else {
					dlook = vortex_fold(dlook,
						VORTEX_MISSING ^ r->id);
				}
				if (rc != SQLITE_DONE)
					die("lookup");
				sqlite3_reset(get);
				break;
			case VX_UPDATE:
				vortex_content(r->v, &o);
				sqlite3_bind_int64(upd, 1, o.score);
				sqlite3_bind_text(upd, 2, o.name,
						  (int)o.name_len,
						  SQLITE_STATIC);
				sqlite3_bind_int64(upd, 3, r->id);
				done(upd);
				break;
			case VX_DELETE:
				sqlite3_bind_int64(del, 1, r->id);
				done(del);
				break;
			case VX_OWNER:
				owners++;
				sqlite3_bind_int64(own, 1, r->id);
				if (sqlite3_step(own) != SQLITE_ROW)
					die("owner query");
				down = vortex_fold(down, (uint64_t)
					sqlite3_column_int64(own, 0));
				down = vortex_fold(down, (uint64_t)
					sqlite3_column_int64(own, 1));
				sqlite3_reset(own);
				break;
			default:
				fprintf(stderr, "sp-vortex: %s: bad operation "
					"%d at %" PRIu64 "\n", a.ops, r->op, n);
				return 1;
			}
		}
	}
	exec("COMMIT");
	if (ferror(in) || n != total) {
		fprintf(stderr, "sp-vortex: %s: %" PRIu64 " operations, "
			"expected %" PRIu64 "\n", a.ops, n, total);
		return 1;
	}
	fclose(in);
	all = prepare("SELECT id, kind, owner, score, name, body FROM obj"
		      " ORDER BY id");
	while (sqlite3_step(all) == SQLITE_ROW) {
		rows++;
		dtab = vortex_fold(dtab, row_digest(all));
	}
	sqlite3_finalize(all);
	out = atomic_file_open(&af, "sp-vortex", a.path);
	if (!out)
		return 1;
	fprintf(out, "rows %" PRIu64 "\ntable_digest %016" PRIx64 "\n"
		"lookups %" PRIu64 "\nfound %" PRIu64 "\n"
		"lookup_digest %016" PRIx64 "\nowner_queries %" PRIu64 "\n"
		"owner_digest %016" PRIx64 "\n", rows, dtab, lookups, found,
		dlook, owners, down);
	return atomic_file_commit(&af) ? 1 : 0;
}
