# common.mk - the helpers every workload's programs link: command lines
# (workloads/common/cli.c, and cli_size.c for the size, seed and file
# options), files written whole (atomic_file.c) and, for the output checks,
# verdicts and result files (workloads/common/check.c) and a strict reader
# of keyed lines (line_reader.c); workload objects see their headers
# (rng.h, the seeded numbers, is all inline).  The unit tests of
# workloads/common/tests/ are built and run with the others.

COMMON_DIR := workloads/common
WL_CLI := $(OBJ)/$(COMMON_DIR)/cli.o
WL_SIZE := $(OBJ)/$(COMMON_DIR)/cli_size.o $(WL_CLI)
WL_ATOMIC := $(OBJ)/$(COMMON_DIR)/atomic_file.o
WL_CHECK := $(OBJ)/$(COMMON_DIR)/check.o
WL_LINES := $(OBJ)/$(COMMON_DIR)/line_reader.o $(WL_CHECK)

COMMON_TESTS := $(patsubst $(COMMON_DIR)/tests/test_%.c,$(TESTBIN)/common_test_%,$(wildcard $(COMMON_DIR)/tests/test_*.c))
CTESTS += $(COMMON_TESTS)

$(OBJ)/workloads/%.o: CFLAGS += -I$(COMMON_DIR)
$(OBJ)/$(COMMON_DIR)/tests/%.o: CFLAGS += -Iharness/testing

$(TESTBIN)/common_test_%: $(OBJ)/$(COMMON_DIR)/tests/test_%.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/common_test_cli_size: $(WL_SIZE)
$(TESTBIN)/common_test_atomic_file: $(WL_ATOMIC)
$(TESTBIN)/common_test_line_reader: $(WL_LINES)

# The compression workloads' (gzip, bzip2) seeded corpus, their command
# line, and its check.
WL_CORPUS := $(OBJ)/$(COMMON_DIR)/corpus.o
WL_CORPUS_ARGS := $(OBJ)/$(COMMON_DIR)/corpus_args.o
WL_CORPUS_CHECK := $(OBJ)/$(COMMON_DIR)/corpus_check.o
