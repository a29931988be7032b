# workload.mk - builds sp-tree (the red-black tree workload), sp-tree-check
# and the red-black tree's unit test.

TREE_DIR := workloads/tree
BINS   += $(BIN)/sp-tree $(BIN)/sp-tree-check
CTESTS += $(TESTBIN)/tree_test_rbtree

$(BIN)/sp-tree: $(OBJ)/$(TREE_DIR)/tree.o $(OBJ)/$(TREE_DIR)/rbtree.o $(OBJ)/$(TREE_DIR)/tree_args.o $(WL_CLI)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-tree-check: $(OBJ)/$(TREE_DIR)/tree_check.o $(OBJ)/$(TREE_DIR)/tree_args.o $(WL_CLI) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/tree_test_rbtree: $(OBJ)/$(TREE_DIR)/tests/test_rbtree.o $(OBJ)/$(TREE_DIR)/rbtree.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(OBJ)/$(TREE_DIR)/tests/%.o: CFLAGS += -I$(TREE_DIR) -Iharness/testing
