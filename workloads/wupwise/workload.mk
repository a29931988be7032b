# workload.mk - builds sp-wupwise-gen (the input file), sp-wupwise (the
# measured program: a C main around the Fortran BiCGStab solver on
# Debian's reference BLAS), sp-wupwise-check (the residual recomputed by
# its own Wilson matrix) and the test of the two Dirac operators.  Fortran
# is compiled with gfortran, its modules kept beside its objects.

WUPWISE_DIR := workloads/wupwise
WUPWISE_OBJ := $(OBJ)/$(WUPWISE_DIR)
# breakdown tests compare with exact zero
$(WUPWISE_OBJ)/%.o: ROW_FFLAGS := -fimplicit-none -std=f2018 -Wno-compare-reals

BINS   += $(BIN)/sp-wupwise-gen $(BIN)/sp-wupwise $(BIN)/sp-wupwise-check
CTESTS += $(TESTBIN)/wupwise_test_dirac

# Fortran modules: an object after those whose modules it uses.
$(WUPWISE_OBJ)/wupwise_su3.o: $(WUPWISE_OBJ)/wupwise_blas.o
$(WUPWISE_OBJ)/wupwise_hop.o: $(WUPWISE_OBJ)/wupwise_blas.o $(WUPWISE_OBJ)/wupwise_lattice.o $(WUPWISE_OBJ)/wupwise_su3.o
$(WUPWISE_OBJ)/wupwise_bicgstab.o: $(WUPWISE_OBJ)/wupwise_hop.o
$(WUPWISE_OBJ)/wupwise.o: $(WUPWISE_OBJ)/wupwise_bicgstab.o
$(WUPWISE_OBJ)/wupwise_hop_c.o: $(WUPWISE_OBJ)/wupwise_hop.o

WUPWISE_HOP := $(patsubst %,$(WUPWISE_OBJ)/wupwise_%.o,blas lattice su3 hop)
WUPWISE_FIELDS := $(WUPWISE_OBJ)/wupwise_field.o $(WUPWISE_OBJ)/wupwise_layout.o
WUPWISE_ARGS := $(WUPWISE_OBJ)/wupwise_args.o $(WUPWISE_OBJ)/wupwise_input.o $(WL_SIZE)

$(BIN)/sp-wupwise-gen: $(WUPWISE_OBJ)/wupwise_gen.o $(WUPWISE_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-wupwise: $(WUPWISE_OBJ)/wupwise_run.o $(WUPWISE_OBJ)/wupwise.o $(WUPWISE_OBJ)/wupwise_bicgstab.o \
		$(WUPWISE_HOP) $(WUPWISE_FIELDS) $(WUPWISE_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lgfortran -lblas -lm

$(BIN)/sp-wupwise-check: $(WUPWISE_OBJ)/wupwise_check.o $(WUPWISE_OBJ)/wupwise_wilson.o \
		$(WUPWISE_OBJ)/wupwise_field.o $(WUPWISE_ARGS) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(TESTBIN)/wupwise_test_dirac: $(WUPWISE_OBJ)/tests/test_dirac.o $(WUPWISE_OBJ)/wupwise_wilson.o \
		$(WUPWISE_OBJ)/wupwise_hop_c.o $(WUPWISE_HOP) $(WUPWISE_FIELDS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lgfortran -lblas -lm

$(WUPWISE_OBJ)/tests/%.o: CFLAGS += -I$(WUPWISE_DIR) -Iharness/testing
