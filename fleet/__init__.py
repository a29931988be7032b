"""spbench across a fleet of hosts: Ansible's playbook and roles (site.yml, roles/), an
example inventory, and the network-namespace hosts the fleet test runs them against."""
