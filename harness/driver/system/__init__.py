"""The driver's system modules."""
