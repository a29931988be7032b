"""spbench's analysis package: reads result folders (through harness/records) and prints run
tables, the paper comparison and diffs."""
