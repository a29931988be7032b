# workload.mk - builds sp-vpr-gen (the seeded design, synthesized by
# yosys), sp-vpr-route (execs nextpnr-ice40 on it) and sp-vpr-check (reads
# the routed bitstream back with icestorm, simulates it with yosys and
# compares its outputs with the design's own model).

VPR_DIR := workloads/vpr
VPR_ARGS := $(OBJ)/$(VPR_DIR)/vpr_args.o $(OBJ)/$(VPR_DIR)/vpr_device.o $(WL_SIZE)
BINS += $(BIN)/sp-vpr-gen $(BIN)/sp-vpr-route $(BIN)/sp-vpr-check

$(BIN)/sp-vpr-gen: $(OBJ)/$(VPR_DIR)/vpr_gen.o $(VPR_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-vpr-route: $(OBJ)/$(VPR_DIR)/vpr_route.o $(VPR_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-vpr-check: $(OBJ)/$(VPR_DIR)/vpr_check.o $(OBJ)/$(VPR_DIR)/vpr_vcd.o $(VPR_ARGS) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^
