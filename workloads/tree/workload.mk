# workload.mk - builds sp-tree (the red-black tree workload), sp-tree-check
# and the unit tests of the red-black tree and the entry pool.

TREE_DIR := workloads/tree
BINS   += $(BIN)/sp-tree $(BIN)/sp-tree-check
CTESTS += $(TESTBIN)/tree_test_rbtree $(TESTBIN)/tree_test_entry_pool

$(BIN)/sp-tree: $(OBJ)/$(TREE_DIR)/tree.o $(OBJ)/$(TREE_DIR)/rbtree.o $(OBJ)/$(TREE_DIR)/entry_pool.o $(OBJ)/$(TREE_DIR)/tree_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-tree-check: $(OBJ)/$(TREE_DIR)/tree_check.o $(OBJ)/$(TREE_DIR)/tree_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/tree_test_rbtree: $(OBJ)/$(TREE_DIR)/tests/test_rbtree.o $(OBJ)/$(TREE_DIR)/rbtree.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/tree_test_entry_pool: $(OBJ)/$(TREE_DIR)/tests/test_entry_pool.o $(OBJ)/$(TREE_DIR)/entry_pool.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(OBJ)/$(TREE_DIR)/tests/%.o: CFLAGS += -I$(TREE_DIR) -Iharness/testing
