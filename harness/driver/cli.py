"""spbench's command line: a dispatcher to one module per subcommand (commands/), which
turns what goes wrong into one line and an exit status."""
import argparse
import os
import signal
import sys

from harness.driver import config
from harness.driver.commands import (command, diff, doctor, experiment, fleet, guest_job,
                                     kernel, listing, pressure, report, reproduce, restore, run,
                                     state, tlbsim)
from harness.driver.errors import UserError
from harness.driver.system import settings
from harness.records import FolderError

# in the order `spbench --help` lists them
COMMANDS = (listing, doctor, restore, run, diff, command, kernel, guest_job, state, experiment,
            tlbsim, reproduce, report, pressure, fleet)


class Terminated(BaseException):
    """SIGTERM as an exception, so that every cleanup runs (no Exception: rmtree swallows)."""


def _on_sigterm(signum, frame):
    raise Terminated()


def parser():
    p = argparse.ArgumentParser(prog="spbench", description="Measure what superpages do to "
                                "real workloads (a reproduction of Navarro et al., OSDI 2002).")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.add_parser(sub)
    return p


def main(argv):
    signal.signal(signal.SIGTERM, _on_sigterm)
    p = parser()
    args = p.parse_args(argv)
    if not args.command:
        return p.print_help() or 2
    handler = {m.NAME: m.run for m in COMMANDS}[args.command]
    try:
        if args.command != "restore":
            settings.recover_if_stale(config.state_dir())
        return handler(args)
    except (UserError, FolderError) as e:
        print(f"spbench: {e}", file=sys.stderr)
        return e.status
    except (KeyboardInterrupt, Terminated) as e:
        what = "SIGTERM" if isinstance(e, Terminated) else "interrupt"
        print(f"\nspbench: stopped by {what}; settings restored; recorded runs are kept",
              file=sys.stderr)
        return 143 if isinstance(e, Terminated) else 130
    except BrokenPipeError:     # the reader went away (spbench ... | head): nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
