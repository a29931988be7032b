# tests.mk - builds the in-guest reservation tests into build/kernel-tests/,
# where kernel-patch/tests/run-in-guest.sh finds them ('spbench kernel test').
KTESTDIR := $(BUILD)/kernel-tests
KTEST_NAMES := resv_knobs resv_sparse resv_inplace resv_integrity \
	       resv_pressure resv_threshold resv_swap resv_race resv_mremap \
	       resv_nohuge resv_heap resv_arena resv_collapse resv_wrprotect \
	       resv_unused resv_memcg resv_stack resv_hwpoison resv_mlock \
	       resv_ksm resv_uffd resv_promote_race resv_shrink_race
KTESTS := $(addprefix $(KTESTDIR)/,$(KTEST_NAMES))

all: $(KTESTS)

$(KTESTDIR)/%: $(OBJ)/kernel-patch/tests/%.o \
	       $(OBJ)/kernel-patch/tests/resv_common.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

KTEST_THREADED := resv_race resv_arena resv_uffd resv_promote_race \
		  resv_shrink_race
$(addprefix $(KTESTDIR)/,$(KTEST_THREADED)): LDLIBS += -pthread
$(patsubst %,$(OBJ)/kernel-patch/tests/%.o,$(KTEST_THREADED)): CFLAGS += -pthread

# tap.h, the TAP output the tests share with the unit tests of the tree.
$(OBJ)/kernel-patch/tests/%.o: CFLAGS += -Iharness/testing
