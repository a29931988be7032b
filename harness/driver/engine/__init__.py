"""The driver's engine modules."""
