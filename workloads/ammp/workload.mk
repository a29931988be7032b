# workload.mk - builds sp-ammp-gen (the seeded system, ammp.in), sp-ammp
# (the measured program: molecular dynamics over malloc'd, pointer-linked
# atoms) and sp-ammp-check (energy, momentum and all-pairs forces).

AMMP_DIR := workloads/ammp
AMMP_INPUT := $(OBJ)/$(AMMP_DIR)/ammp_input.o $(OBJ)/$(AMMP_DIR)/ammp_args.o
AMMP_RUN := $(OBJ)/$(AMMP_DIR)/ammp.o $(OBJ)/$(AMMP_DIR)/ammp_load.o \
	    $(OBJ)/$(AMMP_DIR)/ammp_nonbon.o $(OBJ)/$(AMMP_DIR)/ammp_bonded.o
AMMP_CHECK := $(OBJ)/$(AMMP_DIR)/ammp_check.o $(OBJ)/$(AMMP_DIR)/ammp_check_read.o \
	      $(OBJ)/$(AMMP_DIR)/ammp_check_pot.o
BINS += $(BIN)/sp-ammp-gen $(BIN)/sp-ammp $(BIN)/sp-ammp-check

$(BIN)/sp-ammp-gen: $(OBJ)/$(AMMP_DIR)/ammp_gen.o $(OBJ)/$(AMMP_DIR)/ammp_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-ammp: $(AMMP_RUN) $(AMMP_INPUT) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-ammp-check: $(AMMP_CHECK) $(AMMP_INPUT) $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
