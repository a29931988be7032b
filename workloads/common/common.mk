# common.mk - the command-line helpers every workload's programs link
# (workloads/common/cli.c); workload objects see cli.h.

WL_CLI := $(OBJ)/workloads/common/cli.o

$(OBJ)/workloads/%.o: CFLAGS += -Iworkloads/common
