# workload.mk - builds sp-fma3d-gen (fma3d.in and the seeded meshes),
# sp-fma3d (the measured program: a C main around the Fortran explicit
# finite-element simulation) and sp-fma3d-check (energy and momentum
# recomputed from the state, and the probe run again in C).

FMA3D_DIR := workloads/fma3d
FMA3D_OBJ := $(OBJ)/$(FMA3D_DIR)
$(FMA3D_OBJ)/%.o: ROW_FFLAGS := -std=f2008
FMA3D_FORTRAN := $(patsubst %,$(FMA3D_OBJ)/fma3d_%.o,types input hexah solve)
FMA3D_MESH := $(FMA3D_OBJ)/fma3d_mesh.o $(FMA3D_OBJ)/fma3d_files.o $(FMA3D_OBJ)/fma3d_args.o $(WL_SIZE)
BINS += $(BIN)/sp-fma3d-gen $(BIN)/sp-fma3d $(BIN)/sp-fma3d-check

# each module uses the ones before it
$(FMA3D_OBJ)/fma3d_input.o $(FMA3D_OBJ)/fma3d_hexah.o: $(FMA3D_OBJ)/fma3d_types.o
$(FMA3D_OBJ)/fma3d_solve.o: $(FMA3D_OBJ)/fma3d_input.o $(FMA3D_OBJ)/fma3d_hexah.o

$(BIN)/sp-fma3d-gen: $(FMA3D_OBJ)/fma3d_gen.o $(FMA3D_MESH) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-fma3d: $(FMA3D_OBJ)/fma3d.o $(FMA3D_OBJ)/fma3d_args.o $(FMA3D_FORTRAN) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(FC) $(FFLAGS) -o $@ $^ -lm

$(BIN)/sp-fma3d-check: $(FMA3D_OBJ)/fma3d_check.o $(FMA3D_OBJ)/fma3d_state.o $(FMA3D_OBJ)/fma3d_ref.o $(FMA3D_MESH) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
