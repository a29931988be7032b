# tlbsim.mk - sptlb: the TLB models (plain C, unit-tested natively), the
# Valgrind tool built against Debian's valgrind, its folder under
# build/tlbsim (the tool beside links to Debian's Valgrind files, for
# VALGRIND_LIB) and the build/bin/sptlb wrapper.

TS_MODEL_SRCS := harness/tlbsim/text.c harness/tlbsim/tlb.c \
		 harness/tlbsim/model.c harness/tlbsim/sim.c \
		 harness/tlbsim/layout.c
TS_HOST_OBJS  := $(TS_MODEL_SRCS:%.c=$(OBJ)/%.o) \
		 $(OBJ)/harness/tlbsim/tests/host_env.o
TS_TESTS      := $(patsubst harness/tlbsim/tests/test_%.c,$(TESTBIN)/tlbsim_%,\
		 $(wildcard harness/tlbsim/tests/test_*.c))
TS_DIR        := $(BUILD)/tlbsim
TS_VGLIB      := /usr/lib/x86_64-linux-gnu/valgrind
TS_VGEXEC     := /usr/libexec/valgrind
TS_TOOL       := $(TS_DIR)/sptlb-amd64-linux

# Valgrind's out-of-tree tool flags: no C library, its own start-up code.
TS_VG_CFLAGS  := -O2 -g -std=gnu11 -Wall -Wextra -Werror \
		 -isystem /usr/include/valgrind -Iharness/tlbsim \
		 -DVGA_amd64=1 -DVGO_linux=1 -DVGP_amd64_linux=1 \
		 -DVGPV_amd64_linux_vanilla=1 -fno-stack-protector \
		 -fno-builtin -fno-strict-aliasing -fno-pic -fno-pie
TS_VG_LDFLAGS := -static -nodefaultlibs -nostartfiles -u _start \
		 -Wl,-Ttext-segment=0x58000000 -no-pie
TS_VG_LIBS    := $(TS_VGLIB)/libcoregrind-amd64-linux.a \
		 $(TS_VGLIB)/libvex-amd64-linux.a \
		 $(TS_VGLIB)/libgcc-sup-amd64-linux.a -lgcc
TS_VG_OBJS    := $(patsubst %.c,$(OBJ)/tlbsim-vg/%.o,$(TS_MODEL_SRCS) \
		 harness/tlbsim/vg_env.c harness/tlbsim/vg_heap.c \
		 harness/tlbsim/sp_main.c)

BINS   += $(BIN)/sptlb $(TS_DIR)/.links $(TS_TOOL) $(TS_DIR)/walk \
	  $(TS_DIR)/walk-static $(TS_DIR)/jit $(TS_DIR)/heap $(TS_DIR)/repl \
	  $(TS_DIR)/anon \
	  $(TS_DIR)/cpuid-replay $(TS_DIR)/shortcut-diff
CTESTS += $(TS_TESTS)

$(OBJ)/tlbsim-vg/%.o: %.c | deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(TS_VG_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(TS_TOOL): $(TS_VG_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(TS_VG_LDFLAGS) -o $@ $^ $(TS_VG_LIBS)

# Valgrind's launcher finds the tool and its preload library, suppressions
# and gdb XML files in VALGRIND_LIB: all Debian's, but for the tool.
$(TS_DIR)/.links: | deps-ok
	@mkdir -p $(TS_DIR)
	for f in $(TS_VGEXEC)/*; do ln -sfn "$$f" $(TS_DIR)/; done
	@touch $@

$(BIN)/sptlb: harness/tlbsim/sptlb.py
	@mkdir -p $(dir $@)
	cp $< $@
	chmod +x $@

$(TESTBIN)/tlbsim_%: $(OBJ)/harness/tlbsim/tests/test_%.o $(TS_HOST_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

# The known-pattern programs the tool's own tests run (not unit tests).
$(TS_DIR)/walk $(TS_DIR)/jit $(TS_DIR)/heap $(TS_DIR)/repl $(TS_DIR)/anon: $(TS_DIR)/%: \
		harness/tlbsim/tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O2 -o $@ $<

# Recorded CPUID dumps (tests/cpuid/) through spstat's decoder.
$(TS_DIR)/cpuid-replay: harness/tlbsim/tests/cpuid_replay.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iharness/core -o $@ $^ $(CORE_LDLIBS)

# The simulator with and without its same-page shortcut (test_exactness.py).
$(TS_DIR)/shortcut-diff: $(OBJ)/harness/tlbsim/tests/shortcut_diff.o \
			 $(TS_HOST_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TS_DIR)/walk-static: harness/tlbsim/tests/walk.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O2 -static -o $@ $<

$(OBJ)/harness/tlbsim/tests/%.o: CFLAGS += -Iharness/tlbsim \
	-Iharness/tlbsim/tests -Iharness/testing \
	-DMODELS=\"$(CURDIR)/harness/tlbsim/models\"
