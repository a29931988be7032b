"""Hosts for the fleet test on one machine: a network namespace each, joined to the root
namespace by a veth pair with addresses of its own, running Debian's sshd with a config,
host keys and an authorized key made for the test in a folder of its own. The inventory
written points Ansible at those addresses. Everything made is taken down on every way out
of the with-block (an exception included): sshd and whatever runs in the namespaces, then
the namespaces and their veth pairs."""
import os
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass, field

SSHD = "/usr/sbin/sshd"
PRIVSEP_DIR = "/run/sshd"       # Debian's sshd refuses to start without it


class NetnsUnavailable(Exception):
    """This machine cannot make network namespaces (no CAP_NET_ADMIN, no netns support)."""


@dataclass
class Host:
    name: str
    namespace: str
    outside: str                # the root namespace's end of the veth pair
    address: str                # the host's address inside its namespace
    home: str                   # the host's own folder (spbench_dir lies in it)
    sshd: subprocess.Popen | None = field(default=None, repr=False)

    @property
    def spbench_dir(self):
        return os.path.join(self.home, "spbench")


def _ip(*args, namespace=None):
    cmd = (["ip", "netns", "exec", namespace] if namespace else []) + ["ip", *args]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{shlex.join(cmd)}: {p.stderr.strip()}")


class NetnsHosts:
    """with NetnsHosts(2, folder) as hosts: hosts.hosts, hosts.write_inventory(path),
    hosts.stop_sshd(host)."""

    def __init__(self, count, folder, subnet_byte=None):
        self.folder = os.path.abspath(folder)
        tag = os.getpid() % 100000
        third = subnet_byte if subnet_byte is not None else 16 + os.getpid() % 200
        self.hosts = [Host(f"host{chr(ord('a') + i)}", f"spfleet{tag}-{i}", f"spf{tag}h{i}",
                           f"10.213.{third}.{4 * i + 2}",
                           os.path.join(self.folder, f"host{chr(ord('a') + i)}"))
                      for i in range(count)]
        self._gateways = [f"10.213.{third}.{4 * i + 1}" for i in range(count)]
        self._made_namespaces = []
        self._made_privsep = False
        self.key = os.path.join(self.folder, "id_ed25519")
        self.known_hosts = os.path.join(self.folder, "known_hosts")

    def __enter__(self):
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _start(self):
        os.makedirs(self.folder, exist_ok=True)
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "spbench-fleet-test",
                        "-f", self.key], check=True)
        with open(self.key + ".pub") as f, \
                open(os.path.join(self.folder, "authorized_keys"), "w") as out:
            out.write(f.read())
        if not os.path.isdir(PRIVSEP_DIR):
            os.makedirs(PRIVSEP_DIR, mode=0o755)
            self._made_privsep = True
        known = []
        for host, gateway in zip(self.hosts, self._gateways):
            self._namespace(host, gateway)
            known.append(self._start_sshd(host))
        with open(self.known_hosts, "w") as f:
            f.write("".join(known))
        for host in self.hosts:
            self._wait_for_port(host)

    def _namespace(self, host, gateway):
        p = subprocess.run(["ip", "netns", "add", host.namespace], capture_output=True,
                           text=True)
        if p.returncode != 0:
            raise NetnsUnavailable(f"ip netns add: {p.stderr.strip()}")
        self._made_namespaces.append(host.namespace)
        inside = host.outside[:-2] + "n" + host.outside[-1]
        _ip("link", "add", host.outside, "type", "veth", "peer", "name", inside)
        _ip("link", "set", inside, "netns", host.namespace)
        _ip("addr", "add", f"{gateway}/30", "dev", host.outside)
        _ip("link", "set", host.outside, "up")
        _ip("addr", "add", f"{host.address}/30", "dev", inside, namespace=host.namespace)
        _ip("link", "set", inside, "up", namespace=host.namespace)
        _ip("link", "set", "lo", "up", namespace=host.namespace)

    def _start_sshd(self, host):
        """sshd in the host's namespace, in the foreground (-D) so that its process is ours
        to stop; returns the host's known_hosts line."""
        d = os.path.join(self.folder, "sshd-" + host.name)
        os.makedirs(d, exist_ok=True)
        os.makedirs(host.home, exist_ok=True)
        hostkey = os.path.join(d, "ssh_host_ed25519_key")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostkey], check=True)
        config = os.path.join(d, "sshd_config")
        with open(config, "w") as f:
            f.write(f"ListenAddress {host.address}\nPort 22\nHostKey {hostkey}\n"
                    f"PidFile {d}/sshd.pid\n"
                    f"AuthorizedKeysFile {self.folder}/authorized_keys\n"
                    "PermitRootLogin prohibit-password\nPasswordAuthentication no\n"
                    "KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\n"
                    "Subsystem sftp internal-sftp\n")
        log = open(os.path.join(d, "sshd.log"), "w")
        host.sshd = subprocess.Popen(["ip", "netns", "exec", host.namespace, SSHD, "-D", "-e",
                                      "-f", config], stdout=log, stderr=log)
        with open(hostkey + ".pub") as f:
            return f"{host.address} {' '.join(f.read().split()[:2])}\n"

    def _wait_for_port(self, host, timeout=10.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if host.sshd.poll() is not None:
                raise RuntimeError(f"sshd for {host.name} exited {host.sshd.returncode}")
            p = subprocess.run(["ip", "netns", "exec", host.namespace, "ss", "-Htln",
                                "sport = :22"], capture_output=True, text=True)
            if host.address in p.stdout:
                return
            time.sleep(0.1)
        raise RuntimeError(f"sshd for {host.name} does not listen on {host.address}:22")

    def stop_sshd(self, host):
        """The host's sshd stopped, and its sessions with it: the host is unreachable. What
        runs there detached from a session (an Ansible async job) goes on."""
        if host.sshd is not None and host.sshd.poll() is None:
            host.sshd.terminate()
            host.sshd.wait(timeout=10)
        for pid in self._pids_in(host.namespace):
            if self._comm(pid) == "sshd":
                self._kill(pid, signal.SIGKILL)

    def write_inventory(self, path, **group_vars):
        lines = ["[fleet]"]
        for h in self.hosts:
            lines.append(f"{h.name} ansible_host={h.address} spbench_dir={h.spbench_dir}")
        common = {"ansible_user": "root", "ansible_python_interpreter": "/usr/bin/python3",
                  "ansible_ssh_private_key_file": self.key,
                  "ansible_ssh_common_args": f"'-o UserKnownHostsFile={self.known_hosts} "
                                             "-o StrictHostKeyChecking=yes'",
                  **group_vars}
        lines += ["", "[all:vars]"] + [f"{k}={v}" for k, v in common.items()]
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return path

    @staticmethod
    def _pids_in(namespace):
        p = subprocess.run(["ip", "netns", "pids", namespace], capture_output=True, text=True)
        return [int(x) for x in p.stdout.split()] if p.returncode == 0 else []

    @staticmethod
    def _comm(pid):
        try:
            with open(f"/proc/{pid}/comm") as f:
                return f.read().strip()
        except OSError:
            return None

    @staticmethod
    def _kill(pid, sig):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass

    def _end_processes_in(self, namespace, grace=20.0):
        """SIGTERM first, so that an spbench run left there puts back what it changed."""
        for pid in self._pids_in(namespace):
            self._kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while self._pids_in(namespace) and time.monotonic() < deadline:
            time.sleep(0.2)
        for pid in self._pids_in(namespace):
            self._kill(pid, signal.SIGKILL)

    def close(self):
        for host in self.hosts:
            if host.sshd is not None and host.sshd.poll() is None:
                host.sshd.terminate()
                try:
                    host.sshd.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    host.sshd.kill()
                    host.sshd.wait()
        for ns in self._made_namespaces:
            self._end_processes_in(ns)      # async jobs Ansible left running there
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        self._made_namespaces = []
        if self._made_privsep:
            os.rmdir(PRIVSEP_DIR)
            self._made_privsep = False
