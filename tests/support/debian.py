"""Debian packages the suite needs and a fresh machine lacks (a browser, a TLS terminator): installed with
apt-get by the session that needs them, so the project's own files install everything CI uses."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path


def install(packages: tuple[str, ...], binaries: tuple[str, ...]) -> str | None:
    """None when every binary is there (installing the packages if needed), else why not."""
    if all(Path(b).exists() for b in binaries):
        return None
    if shutil.which("apt-get") is None:
        return f"no {' and '.join(binaries)} and no apt-get to install {' and '.join(packages)}"
    # the lock timeout lets the suite's parallel workers install one after the other instead of failing
    command = ["apt-get", "-o", "DPkg::Lock::Timeout=300", "install", "-y", "--no-install-recommends", *packages]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    if run.returncode != 0:  # a fresh machine may have no package lists yet
        subprocess.run(["apt-get", "-o", "DPkg::Lock::Timeout=300", "update"], capture_output=True, env=env,
                       timeout=600)
        run = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    if run.returncode != 0 or not all(Path(b).exists() for b in binaries):
        return f"could not install {' and '.join(packages)} with apt-get: {(run.stderr or run.stdout)[-500:]}"
    return None
