/*
 * model.h - a TLB model as its model file describes it (the format is in
 * README.md): page sizes, TLBs and the policies to simulate.
 */
#ifndef TS_MODEL_H
#define TS_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "text.h"
#include "tlb.h"

#define TS_MAX_SIZES	6
#define TS_MAX_TLBS	8
#define TS_MAX_POLICIES	8
#define TS_MAX_MODELS	4	/* simulated in one run */
#define TS_NAME_MAX	32
#define TS_TEXT_MAX	160
/* Base pages in the largest page: bounds the per-region arrays. */
#define TS_MAX_REGION_PAGES 4096

enum ts_stream { TS_DATA, TS_INSTR, TS_ANY };

struct ts_tlb_spec {
	char name[TS_NAME_MAX];
	enum ts_stream stream;
	unsigned entries, ways;
	enum ts_repl repl;
	uint32_t sizes;		/* bit i: holds pages of size index i */
	/* ways pages of each size may fill (the first ones); 0: all */
	unsigned size_ways[TS_MAX_SIZES];
	int next;		/* TLB a miss goes on to, or -1 */
};

struct ts_policy_spec {
	char name[TS_NAME_MAX];
	uint32_t sizes;		/* superpage size indexes it may use */
	bool immediate;		/* thp-always: map the page at first touch */
};

struct ts_model {
	char name[TS_NAME_MAX];
	char core[TS_TEXT_MAX], source[TS_TEXT_MAX];
	unsigned nsizes;	/* index 0 is the base page */
	uint64_t size[TS_MAX_SIZES];
	unsigned shift[TS_MAX_SIZES];
	unsigned ntlbs;
	struct ts_tlb_spec tlb[TS_MAX_TLBS];
	unsigned npolicies;
	struct ts_policy_spec policy[TS_MAX_POLICIES];
	/* first TLB an access of each stream and size goes to, or -1 */
	int first[2][TS_MAX_SIZES];
};

/*
 * Parses a model file's text; on error returns false and says why in err.
 * Refuses a model whose first-level TLB both streams' lookups reach (such
 * as a first-level `any` TLB): the simulation would not be exact.
 */
bool ts_model_parse(struct ts_model *m, const char *text, struct ts_buf *err);
/* The same without that refusal: for a test that shows why it is made. */
bool ts_model_parse_text(struct ts_model *m, const char *text,
			 struct ts_buf *err);

/*
 * Keeps, of the n models, only the policies list names, in model-file
 * order: comma-separated, NAME for every model that has it, MODEL:NAME for
 * one.  Refuses (false, why in err) a name no model has and a model left
 * with none.  At most TS_MAX_MODELS models.
 */
bool ts_models_select(struct ts_model *m, unsigned n, const char *list,
		      struct ts_buf *err);

#endif
