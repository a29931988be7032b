# workload.mk - builds sp-galgel-gen (galgel.in from the size and seed),
# sp-galgel (the measured program: a C main around the Fortran Galerkin
# computation on Debian's reference LAPACK and BLAS) and sp-galgel-check
# (the spectrum's analytic bounds, and residuals recomputed by a Galerkin
# system of its own in C).  Fortran modules are kept beside the objects.

GALGEL_DIR := workloads/galgel
GALGEL_OBJ := $(OBJ)/$(GALGEL_DIR)
# exact comparisons of reals are meant (sorting)
$(GALGEL_OBJ)/%.o: ROW_FFLAGS := -std=f2008 -Wno-compare-reals -fimplicit-none
GALGEL_FORTRAN := $(patsubst %,$(GALGEL_OBJ)/galgel%.o,_lapack _basis _galerkin \
	_newton _stability)
BINS += $(BIN)/sp-galgel-gen $(BIN)/sp-galgel $(BIN)/sp-galgel-check

# Fortran modules: an object after those whose modules it uses.
$(GALGEL_OBJ)/galgel_basis.o: $(GALGEL_OBJ)/galgel_lapack.o
$(GALGEL_OBJ)/galgel_galerkin.o: $(GALGEL_OBJ)/galgel_basis.o
$(GALGEL_OBJ)/galgel_newton.o: $(GALGEL_OBJ)/galgel_galerkin.o
$(GALGEL_OBJ)/galgel_stability.o: $(GALGEL_OBJ)/galgel_basis.o
$(GALGEL_OBJ)/galgel.o: $(GALGEL_OBJ)/galgel_newton.o $(GALGEL_OBJ)/galgel_stability.o

GALGEL_ARGS := $(GALGEL_OBJ)/galgel_args.o $(GALGEL_OBJ)/galgel_input.o $(WL_SIZE)
GALGEL_CHECK := $(patsubst %,$(GALGEL_OBJ)/galgel_%.o,check result cheb model bound)

$(BIN)/sp-galgel-gen: $(GALGEL_OBJ)/galgel_gen.o $(GALGEL_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-galgel: $(GALGEL_OBJ)/galgel_run.o $(GALGEL_OBJ)/galgel.o $(GALGEL_FORTRAN) \
		$(GALGEL_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -llapack -lblas -lgfortran -lm

$(BIN)/sp-galgel-check: $(GALGEL_CHECK) $(GALGEL_ARGS) $(WL_LINES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
