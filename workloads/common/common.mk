# common.mk - the helpers every workload's programs link: command lines
# (workloads/common/cli.c) and, for the output checks, verdicts and result
# files (workloads/common/check.c); workload objects see their headers.

WL_CLI := $(OBJ)/workloads/common/cli.o
WL_CHECK := $(OBJ)/workloads/common/check.o

$(OBJ)/workloads/%.o: CFLAGS += -Iworkloads/common
