"""The README's command summary is real: every spbench line in its code
blocks parses with spbench's own argument parser, and a run there names
only workloads and policies that exist."""
import os
import shlex

import pytest

from harness.driver import cli, manifest, paths, policies


def _examples():
    found, inside = [], False
    with open(os.path.join(paths.REPO, "README.md")) as f:
        for line in f:
            if line.startswith("```"):
                inside = not inside
            elif inside and line.startswith("harness/spbench "):
                found.append(line.split("#", 1)[0].strip())
    return found


EXAMPLES = _examples()


def test_readme_shows_the_commands():
    commands = {shlex.split(line)[1] for line in EXAMPLES}
    assert {"list", "doctor", "run", "diff", "restore"} <= commands


@pytest.mark.parametrize("line", EXAMPLES)
def test_example_is_a_valid_command(line):
    args = cli.parser().parse_args(shlex.split(line)[1:])
    if args.command in ("run", "reproduce"):
        for name in getattr(args, "workloads", []):
            manifest.find(name)
        for name in args.policy.split(","):
            # by name only: which mTHP sizes exist is the host's business
            policies.for_guest(name, patched=True)
