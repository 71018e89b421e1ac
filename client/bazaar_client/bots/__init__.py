"""Bots that play Bazaar games through the SDK, seeing only a seat's view and its legal moves (see README).

`bazaar_client.bots.runner` (playing a seat or a match over HTTP with the SDK's client) is imported where it is used: the service
seats bots in process and needs neither it nor the HTTP client under it."""

from bazaar_client.bots.base import Bot
from bazaar_client.bots.registry import BOTS, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]
