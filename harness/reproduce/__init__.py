"""spbench reproduce: the paper's evaluation as registered stages."""
