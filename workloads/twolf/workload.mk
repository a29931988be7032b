# workload.mk - builds sp-twolf-gen (the seeded netlist, then graywolf's
# front end on it), sp-twolf-place (execs graywolf's TimberWolfSC, the
# measured placer) and sp-twolf-check (the placement's legality and wire
# length, recomputed with code of its own).

TWOLF_DIR := workloads/twolf
TWOLF_DESIGN_OBJS := $(OBJ)/$(TWOLF_DIR)/twolf_netlist.o $(OBJ)/$(TWOLF_DIR)/twolf_files.o $(OBJ)/$(TWOLF_DIR)/twolf_args.o
BINS += $(BIN)/sp-twolf-gen $(BIN)/sp-twolf-place $(BIN)/sp-twolf-check

$(BIN)/sp-twolf-gen: $(OBJ)/$(TWOLF_DIR)/twolf_gen.o $(TWOLF_DESIGN_OBJS) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-twolf-place: $(OBJ)/$(TWOLF_DIR)/twolf_place.o $(TWOLF_DESIGN_OBJS) $(WL_SIZE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-twolf-check: $(OBJ)/$(TWOLF_DIR)/twolf_check.o $(OBJ)/$(TWOLF_DIR)/twolf_layout.o $(OBJ)/$(TWOLF_DIR)/twolf_legal.o $(OBJ)/$(TWOLF_DIR)/twolf_wire.o $(TWOLF_DESIGN_OBJS) $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^
