# workload.mk - builds sp-swim-gen (swim.in from the size and seed),
# sp-swim (the measured program: a C main around the Fortran shallow water
# model) and sp-swim-check (conservation bounds and a second, C model).

SWIM_DIR := workloads/swim
SWIM_OBJ := $(OBJ)/$(SWIM_DIR)
$(SWIM_OBJ)/%.o: ROW_FFLAGS := -std=f2008
SWIM_FORTRAN := $(SWIM_OBJ)/swim_input.o $(SWIM_OBJ)/swim_calc.o $(SWIM_OBJ)/swim_model.o
BINS += $(BIN)/sp-swim-gen $(BIN)/sp-swim $(BIN)/sp-swim-check

# swim_model.f90 uses the modules the other two make.
$(SWIM_OBJ)/swim_model.o: $(SWIM_OBJ)/swim_input.o $(SWIM_OBJ)/swim_calc.o

$(BIN)/sp-swim-gen: $(SWIM_OBJ)/swim_gen.o $(SWIM_OBJ)/swim_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-swim: $(SWIM_OBJ)/swim.o $(SWIM_OBJ)/swim_args.o $(SWIM_FORTRAN) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(FC) $(FFLAGS) -o $@ $^ -lm

$(BIN)/sp-swim-check: $(SWIM_OBJ)/swim_check.o $(SWIM_OBJ)/swim_files.o $(SWIM_OBJ)/swim_ref.o $(SWIM_OBJ)/swim_args.o $(WL_SIZE) $(WL_LINES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
