"""The driver's kernel modules."""
