"""spbench restore: put back the settings an interrupted run left changed."""
import os

from harness.driver import config
from harness.driver.errors import UserError
from harness.driver.system import settings

NAME = "restore"


def add_parser(sub):
    sub.add_parser(NAME, help="put back settings an interrupted run left changed")


def run(args):
    state_dir = config.state_dir()
    record = settings.load_journal(os.path.join(state_dir, settings.JOURNAL))
    if record is None:
        print("spbench: no saved settings: nothing to restore")
        return 0
    if settings.owner_alive(record) and record.get("pid") != os.getpid():
        raise UserError(f"spbench run pid {record['pid']} is still running and owns the "
                        "settings; stop it (it restores them itself)")
    for p, v in settings.recover(state_dir, quiet=True):
        print(f"restored {p} = {v}")
    return 0
