# core.mk - builds libspcore (every harness/core/*.c but the spstat main),
# spstat itself, and one test binary per harness/core/tests/test_*.c.

CORE_LIB_SRCS := $(filter-out harness/core/spstat.c,$(wildcard harness/core/*.c))
CORE_LIB_OBJS := $(CORE_LIB_SRCS:%.c=$(OBJ)/%.o)
CORE_LIB      := $(BUILD)/lib/libspcore.a
CORE_LDLIBS   := -ldl -lm
CORE_TESTS    := $(patsubst harness/core/tests/%.c,$(TESTBIN)/core_%,$(wildcard harness/core/tests/test_*.c))

BINS   += $(BIN)/spstat
CTESTS += $(CORE_TESTS)

$(CORE_LIB): $(CORE_LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(BIN)/spstat: $(OBJ)/harness/core/spstat.o $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(CORE_LDLIBS)

$(TESTBIN)/core_%: $(OBJ)/harness/core/tests/%.o $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(CORE_LDLIBS)

$(OBJ)/harness/core/tests/%.o: CFLAGS += -Iharness/core -Iharness/testing -DFIXTURES=\"$(CURDIR)/harness/core/tests/fixtures\"
