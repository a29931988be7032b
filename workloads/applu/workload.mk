# workload.mk - builds sp-applu-gen (the input file: time step,
# relaxation and the seeded manufactured solution), sp-applu (the
# measured program: a C main around the Fortran SSOR solver) and
# sp-applu-check (the field's error and residual, recomputed in C).

APPLU_DIR := workloads/applu
BINS += $(BIN)/sp-applu-gen $(BIN)/sp-applu $(BIN)/sp-applu-check

APPLU_COMMON := $(OBJ)/$(APPLU_DIR)/applu_args.o $(OBJ)/$(APPLU_DIR)/applu_problem.o $(WL_SIZE)
APPLU_SOLVER := $(patsubst %,$(OBJ)/$(APPLU_DIR)/applu_%.o,setup rhs xi eta zeta \
	jacdiag jacld jacu solve5 blts buts norms ssor)

$(APPLU_SOLVER): $(APPLU_DIR)/applu.inc

$(BIN)/sp-applu-gen: $(OBJ)/$(APPLU_DIR)/applu_gen.o $(APPLU_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-applu: $(OBJ)/$(APPLU_DIR)/applu_main.o $(OBJ)/$(APPLU_DIR)/applu_input.o $(APPLU_SOLVER) $(APPLU_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lgfortran -lm

$(BIN)/sp-applu-check: $(OBJ)/$(APPLU_DIR)/applu_check.o $(OBJ)/$(APPLU_DIR)/applu_ref.o $(OBJ)/$(APPLU_DIR)/applu_ref_ssor.o $(APPLU_COMMON) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
