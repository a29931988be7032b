# bench.mk - builds the reservation benchmarks run inside the patched guest:
# resv_bench (the figures mm maintainers asked for) and resv_adversary (the
# paper's overhead adversaries, sections 6.6-6.7), with knob.c for the sysfs
# knobs both set.
KBENCH := $(BUILD)/kernel-bench/resv_bench
KADVERSARY := $(BUILD)/kernel-bench/resv_adversary

all: $(KBENCH) $(KADVERSARY)

$(KBENCH): $(OBJ)/kernel-patch/bench/resv_bench.o $(OBJ)/kernel-patch/bench/knob.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -pthread
$(OBJ)/kernel-patch/bench/resv_bench.o: CFLAGS += -pthread

$(KADVERSARY): $(OBJ)/kernel-patch/bench/resv_adversary.o $(OBJ)/kernel-patch/bench/knob.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
