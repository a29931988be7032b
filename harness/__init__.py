"""The spbench harness: the driver package lives in harness.driver."""
