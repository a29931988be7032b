# frag.mk - builds spfrag (memory fragmenter and contiguity reporter) on
# libspcore, and one test binary per harness/frag/tests/test_*.c.

FRAG_SRCS  := $(filter-out harness/frag/spfrag.c,$(wildcard harness/frag/*.c))
FRAG_OBJS  := $(FRAG_SRCS:%.c=$(OBJ)/%.o)
FRAG_TESTS := $(patsubst harness/frag/tests/%.c,$(TESTBIN)/frag_%,$(wildcard harness/frag/tests/test_*.c))

BINS   += $(BIN)/spfrag
CTESTS += $(FRAG_TESTS)

$(OBJ)/harness/frag/%.o: CFLAGS += -Iharness/core -Iharness/frag -Iharness/testing

$(BIN)/spfrag: $(OBJ)/harness/frag/spfrag.o $(FRAG_OBJS) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(CORE_LDLIBS)

$(TESTBIN)/frag_%: $(OBJ)/harness/frag/tests/%.o $(FRAG_OBJS) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(CORE_LDLIBS)
