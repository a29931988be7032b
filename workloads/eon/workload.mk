# workload.mk - builds sp-eon-gen (the seeded scene), sp-eon (the measured
# program: a C++ path tracer, compiled and linked with $(CXX)) and
# sp-eon-check (a C renderer of its own re-rendering sampled pixels).
# Both renderers are built without floating-point contraction, so that
# each computes every step with the roundings eon_spec.h gives.

EON_DIR := workloads/eon
CXX ?= g++
EON_FP := -ffp-contract=off
EON_CXXFLAGS = $(filter-out -std=%,$(CFLAGS)) -std=gnu++17
EON_ARGS := $(OBJ)/$(EON_DIR)/eon_args.o $(WL_SIZE)
EON_RUN := $(patsubst $(EON_DIR)/%.cc,$(OBJ)/$(EON_DIR)/%.o,$(wildcard $(EON_DIR)/*.cc))
EON_CHECK := $(patsubst %.c,$(OBJ)/%.o,$(wildcard $(EON_DIR)/eon_check*.c))
BINS += $(BIN)/sp-eon-gen $(BIN)/sp-eon $(BIN)/sp-eon-check

$(OBJ)/$(EON_DIR)/%.o: CFLAGS += $(EON_FP) -I$(EON_DIR)

$(OBJ)/$(EON_DIR)/%.o: $(EON_DIR)/%.cc | deps-ok
	@mkdir -p $(dir $@)
	$(CXX) $(EON_CXXFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BIN)/sp-eon-gen: $(OBJ)/$(EON_DIR)/eon_gen.o $(EON_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-eon: $(EON_RUN) $(EON_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CXX) $(EON_CXXFLAGS) -o $@ $^

$(BIN)/sp-eon-check: $(EON_CHECK) $(EON_ARGS) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
