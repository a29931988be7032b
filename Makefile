# Makefile - builds spbench's C parts into build/, installs Debian packages
# (make deps), runs the tests (make test) and the paper's experiment
# (make reproduce).  Components add themselves through their *.mk fragments.

ifeq ($(origin CC),default)
CC       := gcc
endif
BUILD    := build
BIN      := $(BUILD)/bin
OBJ      := $(BUILD)/obj
TESTBIN  := $(BUILD)/tests
PYTHON   := /usr/bin/python3
CFLAGS   ?= -O2 -g
CFLAGS   += -std=gnu11 -Wall -Wextra -Werror -D_GNU_SOURCE
DEPFLAGS  = -MMD -MP
# The CFP2000 rows' Fortran: make's built-in FC is f77, the codes are
# Fortran 90 and later.  A row sets ROW_FFLAGS for its own objects.
ifeq ($(origin FC),default)
FC := gfortran
endif
FFLAGS   ?= -O2 -g
FFLAGS   += -Wall -Wextra -Werror

# Filled in by the fragments below.
BINS   :=
CTESTS :=

.PHONY: all deps test test-c test-py test-fleet lint reproduce clean clean-kernel bench-overhead
all: deps-ok

include $(wildcard harness/*/*.mk)
include workloads/common/common.mk
include $(wildcard workloads/*/workload.mk)
include $(wildcard kernel-patch/*/*.mk)

all: $(BINS)

# Package check first: a missing package gets one line saying how to get it.
deps:
	@harness/deps.sh install
deps-ok:
	@harness/deps.sh check
.PHONY: deps-ok

$(OBJ)/%.o: %.c | deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

# Module files go beside the objects, where the objects that use them look.
$(OBJ)/%.o: %.f90 | deps-ok
	@mkdir -p $(dir $@)
	$(FC) $(FFLAGS) $(ROW_FFLAGS) -J$(dir $@) -c -o $@ $<

test: all $(CTESTS)
	@harness/testing/run-c-tests.sh $(CTESTS)
	@$(MAKE) -s lint
	@$(PYTHON) -m pytest -q -p no:cacheprovider

# flake8 over all of the Python (.flake8), mypy over the annotated packages (mypy.ini)
lint: | deps-ok
	@$(PYTHON) -m flake8 && echo "flake8: clean"
	@$(PYTHON) -m mypy --config-file mypy.ini

test-c: all $(CTESTS)
	@harness/testing/run-c-tests.sh $(CTESTS)

test-py: all
	@$(PYTHON) -m pytest -q -p no:cacheprovider

# The fleet playbook over SSH against two network-namespace hosts (root; about 2 minutes);
# make test runs it too, as part of pytest.
test-fleet: all
	@$(PYTHON) -m pytest -q -p no:cacheprovider fleet

reproduce: all
	harness/spbench reproduce

bench-overhead: all
	harness/bench/spstat-overhead.sh

# Kernel builds (build/kernel) take minutes: only 'make clean-kernel' drops them.
clean:
	rm -rf $(BIN) $(OBJ) $(BUILD)/lib $(TESTBIN) $(BUILD)/scratch $(BUILD)/inputs

clean-kernel:
	rm -rf $(BUILD)/kernel

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)
