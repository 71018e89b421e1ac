"""Bots that play Bazaar games through the SDK, seeing only a seat's view and its legal moves (see README)."""

from bots.base import Bot
from bots.registry import BOTS, make_bot
from bots.runner import MatchResult, play_match, play_seat

__all__ = ["BOTS", "Bot", "MatchResult", "make_bot", "play_match", "play_seat"]
