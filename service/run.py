"""`make run`: a private Redis (unless REDIS_URL is set), the RQ worker and the HTTP service, together.

Ctrl-C stops all three.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    # SIGTERM (a supervisor, `kill`) stops the children too, as Ctrl-C does
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    port = int(os.environ.get("PORT", "8000"))
    children: list[subprocess.Popen] = []
    env = dict(os.environ)
    if not env.get("REDIS_URL"):
        from service import embedded_redis

        redis_port = int(os.environ.get("BAZAAR_REDIS_PORT", "0")) or embedded_redis.free_port()
        children.append(embedded_redis.start(redis_port, ROOT / "var" / "redis"))
        env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
        print(f"embedded Redis on {env['REDIS_URL']} (data and append-only file in var/redis)", flush=True)
    bin_dir = Path(sys.executable).parent
    from service.reactions import reconcile_index
    from service import create_app

    app = create_app({"REDIS_URL": env["REDIS_URL"]})
    seen, unreadable = reconcile_index(app.extensions["bazaar.games"])
    print(f"index reconciled over {seen} games", flush=True)
    if unreadable:
        print(f"WARNING: {len(unreadable)} unreadable games left out: {', '.join(unreadable[:10])}", flush=True)
    children.append(subprocess.Popen(
        [sys.executable, "-m", "service.worker"],
        env=env, cwd=ROOT))
    children.append(subprocess.Popen(
        [str(bin_dir / "gunicorn"), "--bind", f"127.0.0.1:{port}", "--workers", "2", "--worker-class", "gthread",
         "--threads", "8", "--graceful-timeout", "5", "--access-logfile", "-", "service.wsgi:app"], env=env, cwd=ROOT))
    print(f"Bazaar listens on http://127.0.0.1:{port} (API description: /openapi.yaml)", flush=True)
    try:
        while all(c.poll() is None for c in children):
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        for child in reversed(children):
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        for child in reversed(children):
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
