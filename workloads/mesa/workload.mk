# workload.mk - builds sp-mesa-gen (the seeded height field, mesa.in),
# sp-mesa (the measured program: Debian's libOSMesa rendering it frame
# after frame) and sp-mesa-check (coverage by its own projection, colours
# by the lighting equation).

MESA_DIR := workloads/mesa
MESA_COMMON := $(OBJ)/$(MESA_DIR)/mesa_args.o $(OBJ)/$(MESA_DIR)/mesa_mesh.o
BINS += $(BIN)/sp-mesa-gen $(BIN)/sp-mesa $(BIN)/sp-mesa-check

$(BIN)/sp-mesa-gen: $(OBJ)/$(MESA_DIR)/mesa_gen.o $(OBJ)/$(MESA_DIR)/mesa_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-mesa: $(OBJ)/$(MESA_DIR)/mesa.o $(OBJ)/$(MESA_DIR)/mesa_scene.o $(MESA_COMMON) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lOSMesa -lm

$(BIN)/sp-mesa-check: $(OBJ)/$(MESA_DIR)/mesa_check.o $(OBJ)/$(MESA_DIR)/mesa_check_cover.o \
		      $(OBJ)/$(MESA_DIR)/mesa_check_ppm.o $(MESA_COMMON) $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
