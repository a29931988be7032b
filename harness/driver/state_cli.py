"""spbench state and spbench experiment: memory contiguity now, and the
paper's sustained-benefit experiment."""


def add_parsers(sub):
    """Adds this module's subcommands to spbench's argument parser."""


COMMANDS = {}
