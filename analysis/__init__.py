"""spbench's analysis package: reads result folders (meta.json + runs.jsonl) and prints run
tables, the paper comparison and diffs."""
