# tlbprobe.mk - builds sptlbprobe, the TLB latency probe (doctor, ref
# sizing), and one test binary per harness/tlbprobe/tests/test_*.c.

TLBPROBE_SRCS  := $(filter-out harness/tlbprobe/sptlbprobe.c,$(wildcard harness/tlbprobe/*.c))
TLBPROBE_OBJS  := $(TLBPROBE_SRCS:%.c=$(OBJ)/%.o)
TLBPROBE_TESTS := $(patsubst harness/tlbprobe/tests/%.c,$(TESTBIN)/tlbprobe_%,\
		  $(wildcard harness/tlbprobe/tests/test_*.c))

BINS   += $(BIN)/sptlbprobe
CTESTS += $(TLBPROBE_TESTS)

$(OBJ)/harness/tlbprobe/%.o: CFLAGS += -Iharness/tlbprobe -Iharness/testing

$(BIN)/sptlbprobe: $(OBJ)/harness/tlbprobe/sptlbprobe.o $(TLBPROBE_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(TESTBIN)/tlbprobe_%: $(OBJ)/harness/tlbprobe/tests/%.o $(TLBPROBE_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
