"""Builds, with one make before the first workload test, the programs of
every workload this session tests (the binaries their workload.toml files
list; all of them for a test beside none, the contract test), and shares
each workload's tiny run among its tests (testkit.Tiny); this folder is
where the tests import testkit from."""
import os
import subprocess

import pytest

import testkit


def tested_workloads(items):
    """The names of the workloads whose programs the test items run."""
    names = set()
    for item in items:
        folder = os.path.dirname(str(item.path))
        if folder == testkit.WORKLOADS:
            return testkit.workload_names()
        if (os.path.dirname(folder) == testkit.WORKLOADS and
                os.path.isfile(os.path.join(folder, "workload.toml"))):
            names.add(os.path.basename(folder))
    return sorted(names)


@pytest.fixture(scope="session", autouse=True)
def built(request):
    targets = ["build/bin/" + b for name in tested_workloads(request.session.items)
               for b in testkit.load(name)["binaries"]]
    if targets:
        subprocess.run(["make", "-s", "-C", testkit.REPO] + targets, check=True,
                       stdout=subprocess.DEVNULL)


@pytest.fixture(scope="session")
def tiny(tmp_path_factory):
    """Each workload's prepare, run and check at its tiny size, once."""
    return testkit.Tiny(tmp_path_factory)
