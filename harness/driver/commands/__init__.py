"""spbench's subcommands, one module each: NAME, add_parser(subparsers) and run(args); the
dispatcher (cli.py) lists them."""
