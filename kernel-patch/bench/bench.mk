# bench.mk - builds the reservation benchmark run inside the patched guest.
KBENCH := $(BUILD)/kernel-bench/resv_bench

all: $(KBENCH)

$(KBENCH): $(OBJ)/kernel-patch/bench/resv_bench.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^
