"""Running a Lua script registered with redis-py (`client.register_script`), the way every script of the store is
sent: the game logs' appends and creations, and the offers', tournaments', index's, lobby's, feed's, inbox's,
archive's and ratings' scripts. (The snapshots' time-travel read keeps redis-py's Script: its module is imported
by the in-memory store, which loads no Redis client.)

`run_script(script, keys, args)` answers what `script(keys=keys, args=args)` answers, without the way through
redis-py's Script object (a tuple of every argument, an import and a pipeline check on each call) nor its
`execute_command` (observability timers, a closure and a list per call, the look-up of a reply callback EVALSHA
has none of): 59 against 49 µs of CPU a call under gevent, and the command packed by hiredis in one C call (3.1
against 0.9 µs for a game's append). What stays redis-py's:

- a Redis that does not know the script (restarted, failed over) answers NOSCRIPT: the script is loaded and the
  EVALSHA sent once more, as Script does;
- a connection error follows the connection's own retry policy, the connection closed before each new attempt
  (it reconnects as it sends), as execute_command does;
- a cluster client, or one holding a single connection, goes through execute_command itself.

The connection comes from a short list of the ones the process's last scripts used (`_idle`), not from the pool
each time: redis-py's blocking pool hands out and takes back through a queue with locks, which under gevent cost
more CPU than sending the script and reading its answer (about 23 against 12 µs a move under the peer benchmark's
load, py-spy). They stay the pool's, counted as in use, checked as the pool checks a connection it hands out, and
given back after any failure.
"""

from __future__ import annotations

import os
import weakref

import hiredis
import redis
from redis.commands.core import Script
from redis.exceptions import NoScriptError


def run_script(script: Script, keys: list, args: list):
    client = script.registered_client
    try:
        return _evalsha(client, script.sha, keys, args)
    except NoScriptError:
        script.sha = client.script_load(script.script)
        return _evalsha(client, script.sha, keys, args)


def _evalsha(client, sha: str, keys: list, args: list):
    command = ("EVALSHA", sha, len(keys), *keys, *args)
    if type(client) is not redis.Redis or client.connection is not None:
        return client.execute_command(*command)
    pool = client.connection_pool
    idle = _idle(pool)
    try:
        connection = idle.pop()
    except IndexError:
        connection = pool.get_connection()
    else:
        try:  # as the pool checks a connection it hands out: unread bytes or a closed socket
            stale = connection.can_read()
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            stale = True
        if stale:
            connection.disconnect()  # and the send connects afresh
    try:
        reply = connection.retry.call_with_retry(lambda: _send_and_read(connection, command),
                                                 lambda _error: connection.disconnect())
    except redis.ResponseError:  # the server's answer (NOSCRIPT), read whole: the connection is as good as before
        _put_back(idle, pool, connection)
        raise
    except BaseException:
        connection.disconnect()  # whatever it was in the middle of (a timeout while reading) goes with it
        pool.release(connection)
        raise
    _put_back(idle, pool, connection)
    return reply


def _put_back(idle: list, pool, connection) -> None:
    if len(idle) < IDLE_MAX:
        idle.append(connection)
    else:
        pool.release(connection)


IDLE_MAX = 32  # connections a process keeps aside for its scripts, per pool: its appends in flight at once
_idle_by_pool: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _idle(pool) -> list:
    """The connections of `pool` kept aside for scripts in this process (a forked child starts with none: its
    parent's sockets are not its own)."""
    held = _idle_by_pool.get(pool)
    if held is None or held[0] != os.getpid():
        held = _idle_by_pool[pool] = (os.getpid(), [])
    return held[1]


def _send_and_read(connection, command: tuple):
    # for str, bytes and int arguments (every script's), hiredis writes the bytes redis-py's packer writes
    connection.send_packed_command([hiredis.pack_command(command)])  # a list: it sends each item
    return connection.read_response()
