"""Zstandard's contexts must not be used by two threads at once: one context shared by the worker's job, bot and
sweep threads crashed the process (a segmentation fault, seen when this test shared one). The layout takes a
context from a free list for each use. Run in a process of its own, so that a crash is this test's failure."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

SCRIPT = """
import threading
from events.layout import _compress, _decompress
entries = [b'{"t":"good_taken","v":1,"p":{"n":%d,"pad":"%s"}}' % (n, b"x" * (n % 300)) for n in range(2000)]
wrong = []
def work():
    for entry in entries:
        if _decompress(_compress(entry)) != entry:
            wrong.append(entry)
threads = [threading.Thread(target=work) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(len(wrong))
"""


def test_eight_threads_compress_and_decompress_entries_at_once_and_each_gets_its_own_back():
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "0"
