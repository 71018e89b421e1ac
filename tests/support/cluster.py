"""A Redis Cluster of three masters on loopback ports, started by the tests (no replicas: the suite tests that
the service's keys and scripts fit a cluster, not Redis's failover)."""

from __future__ import annotations

import random
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import redis

from service.operations import embedded_redis
from tests.support.ports import bindable

MASTERS = 3
BUS_OFFSET = 10000  # a node's cluster bus listens on its port + 10000


def free_ports(count: int) -> list[int]:
    """Ports whose bus port (+10000) is free too, both below the ephemeral range (32768 and up) every other
    server of the suite binds in, so that this pass can run beside the main run (make test)."""
    ports: list[int] = []
    while len(ports) < count:
        port = random.randint(10000, 19999)
        if port not in ports and bindable(port) and bindable(port + BUS_OFFSET):
            ports.append(port)
    return ports


@contextmanager
def redis_cluster(data_dir: Path, masters: int = MASTERS):
    """Start the nodes, assign every slot with `redis-cli --cluster create`, wait until the cluster is ok;
    yields the `redis+cluster://` URL naming every node."""
    ports = free_ports(masters)
    processes = []
    try:
        for port in ports:
            node_dir = data_dir / f"node-{port}"
            processes.append(embedded_redis.start(port, node_dir, persistent=False, extra=(
                "--cluster-enabled", "yes", "--cluster-config-file", str(node_dir / "nodes.conf"),
                "--cluster-node-timeout", "5000")))
        cli = str(Path(embedded_redis.binary()).with_name("redis-cli"))
        subprocess.run([cli, "--cluster", "create", *(f"127.0.0.1:{p}" for p in ports), "--cluster-replicas", "0",
                        "--cluster-yes"], check=True, capture_output=True, timeout=60)
        deadline = time.monotonic() + 30
        while not all(redis.Redis(port=p).cluster("info").get("cluster_state") == "ok" for p in ports):
            if time.monotonic() > deadline:
                raise RuntimeError("the test cluster did not reach cluster_state:ok")
            time.sleep(0.1)
        yield "redis+cluster://" + ",".join(f"127.0.0.1:{p}" for p in ports)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=10)
