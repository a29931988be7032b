"""Builds, once per test file, the programs of the workload the file tests
(the binaries its workload.toml lists); this folder is where the tests
import testkit from."""
import os
import subprocess

import pytest

import testkit


@pytest.fixture(scope="module", autouse=True)
def built(request):
    here = os.path.dirname(str(request.path))
    if not os.path.isfile(os.path.join(here, "workload.toml")):
        return
    targets = ["build/bin/" + b for b in testkit.manifest(str(request.path))["binaries"]]
    subprocess.run(["make", "-s", "-C", testkit.REPO] + targets, check=True,
                   stdout=subprocess.DEVNULL)
