"""The `bazaar` command group: shared options (`--url`/BAZAAR_URL, `--token`/BAZAAR_TOKEN, `--json`), output, and
the exit codes scripts branch on:

| exit | meaning |
| --- | --- |
| 0 | done |
| 1 | `verify`: the export does not hold |
| 2 | usage: bad arguments or notation, no such game, a missing or wrong token (HTTP 400, 401, 404) |
| 3 | the game refused the move: not your turn, against the rules, stale version (HTTP 403, 409, 422) |
| 4 | the server failed (5xx) or could not be reached |
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, is_dataclass

import click
from rich.console import Console

from bazaar_client.sdk import BazaarError, Client

OK, INVALID, USAGE, RULE_VIOLATION, SERVER_FAULT = 0, 1, 2, 3, 4


def exit_code(error: BazaarError) -> int:
    if error.is_server_fault:
        return SERVER_FAULT
    if error.is_rule_violation:
        return RULE_VIOLATION
    return USAGE


@dataclass
class Session:
    client: Client
    json: bool
    console: Console

    def emit(self, data, human=None) -> None:
        """`data` as one JSON document with --json, else `human` (a rich renderable or text; `data` if None)."""
        if self.json:
            click.echo(json.dumps(to_json(data), indent=None, sort_keys=True))
        else:
            self.console.print(data if human is None else human)


def to_json(value):
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


class BazaarGroup(click.Group):
    """Takes its own options (`--json`, `--url`, `--token`) wherever they are typed, before or after the
    subcommand (`bazaar show GAME --json` as `bazaar --json show GAME`), and turns the SDK's one error type into
    an exit code and a one-line message (a JSON problem with --json)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, self.hoisted(args))

    def hoisted(self, args: list[str]) -> list[str]:
        """`args` with this group's options moved to the front (a valued one with its value); everything after
        `--` stays where it is."""
        flags, valued = set(), set()
        for param in self.params:
            if isinstance(param, click.Option):
                (flags if param.is_flag else valued).update(param.opts)
        front, rest = [], []
        i = 0
        while i < len(args):
            word = args[i]
            if word == "--":
                rest += args[i:]
                break
            if word in flags or ("=" in word and word.partition("=")[0] in valued):
                front.append(word)
            elif word in valued and i + 1 < len(args):
                front += args[i:i + 2]
                i += 1
            else:
                rest.append(word)
            i += 1
        return front + rest

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BazaarError as error:
            session = ctx.obj if isinstance(ctx.obj, Session) else None
            if session and session.json:
                click.echo(json.dumps({"code": error.code, "status": error.status, "detail": error.detail}))
            else:
                click.echo(f"error: {error.code}" + (f" ({error.status})" if error.status else "")
                           + (f": {error.detail}" if error.detail else ""), err=True)
            ctx.exit(exit_code(error))


@click.group(cls=BazaarGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--url", envvar="BAZAAR_URL", default="http://127.0.0.1:8000", show_default=True,
              help="The service (env BAZAAR_URL).")
@click.option("--token", envvar="BAZAAR_TOKEN", default=None, help="A seat token (env BAZAAR_TOKEN); none: spectator.")
@click.option("--json", "as_json", is_flag=True, help="Machine output: one JSON document (a line per event for watch).")
@click.pass_context
def main(ctx: click.Context, url: str, token: str | None, as_json: bool) -> None:
    """Play and watch the games a Bazaar service hosts (`bazaar catalogue` lists them) from the terminal."""
    ctx.obj = Session(Client(url, token), as_json, Console(file=sys.stdout, soft_wrap=False))
