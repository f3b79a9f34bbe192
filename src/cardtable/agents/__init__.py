"""Agents: players that see only ``view(player)`` and the legal action codes."""

from cardtable.agents.base import Agent
from cardtable.agents.registry import AGENTS, make_agent, parse_spec

__all__ = ["AGENTS", "Agent", "make_agent", "parse_spec"]
