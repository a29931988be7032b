"""The spbench driver: plans, runs and records workload measurements."""
