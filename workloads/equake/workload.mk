# workload.mk - builds sp-equake-gen (the seeded basin mesh), sp-equake
# (the measured program: SPEC's 183.equake computation on it) and
# sp-equake-check (K's rigid motions and symmetry, an assembly and a
# replay of its own, and the replay's energy balance).

EQUAKE_DIR := workloads/equake
EQUAKE_ARGS := $(OBJ)/$(EQUAKE_DIR)/equake_args.o $(WL_SIZE)
EQUAKE_INPUT := $(OBJ)/$(EQUAKE_DIR)/equake_input.o
BINS += $(BIN)/sp-equake-gen $(BIN)/sp-equake $(BIN)/sp-equake-check

$(BIN)/sp-equake-gen: $(OBJ)/$(EQUAKE_DIR)/equake_gen.o $(OBJ)/$(EQUAKE_DIR)/equake_element.o $(EQUAKE_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-equake: $(OBJ)/$(EQUAKE_DIR)/equake.o $(OBJ)/$(EQUAKE_DIR)/equake_assemble.o $(OBJ)/$(EQUAKE_DIR)/equake_element.o $(EQUAKE_INPUT) $(EQUAKE_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-equake-check: $(OBJ)/$(EQUAKE_DIR)/equake_check.o $(OBJ)/$(EQUAKE_DIR)/equake_check_fem.o $(OBJ)/$(EQUAKE_DIR)/equake_check_matrix.o $(EQUAKE_INPUT) $(EQUAKE_ARGS) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
