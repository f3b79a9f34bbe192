"""Agents by name, with ``name:key=value,key=value`` specs (``mcts:iters=2000``)."""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.agents.base import Agent
from cardtable.core.diagnostics import did_you_mean
from cardtable.core.errors import CardtableError
from cardtable.core.options import typed_value

AGENTS: dict[str, str] = {
    "random": "cardtable.agents.random_agent:RandomAgent",
    "greedy": "cardtable.agents.greedy:GreedyAgent",
    "mcts": "cardtable.agents.mcts:MCTSAgent",
    # the search with the learned value and prior (agents/learned_search.py)
    "mcts-learned": "cardtable.agents.learned_search:LearnedSearchAgent",
    "learned-policy": "cardtable.agents.learned_search:LearnedPolicyAgent",
    "soft-greedy": "cardtable.agents.levels:SoftGreedyAgent",
    # greedy's few best moves judged by greedy-played continuations (agents/rollout.py)
    "rollout": "cardtable.agents.rollout:PolicyRolloutAgent",
    # the five levels a player climbs (agents/levels.py)
    "beginner": "cardtable.agents.levels:BeginnerAgent",
    "easy": "cardtable.agents.levels:EasyAgent",
    "normal": "cardtable.agents.levels:NormalAgent",
    "hard": "cardtable.agents.levels:HardAgent",
    "expert": "cardtable.agents.levels:ExpertAgent",
}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq:
            raise CardtableError(f"agent option '{part}' must be key=value (in '{spec}')")
        options[key.strip()] = typed_value(value.strip())
    return name.strip(), options


def make_agent(spec: str) -> Agent:
    name, options = parse_spec(spec)
    target = AGENTS.get(name)
    if target is None:
        raise CardtableError(
            f"no agent '{name}'{did_you_mean(name, AGENTS)}; agents: {', '.join(AGENTS)}")
    module, _, cls = target.partition(":")
    agent_cls = getattr(importlib.import_module(module), cls)
    try:
        return agent_cls(**options)
    except (TypeError, ValueError) as exc:
        raise CardtableError(f"agent '{name}': {exc}") from exc
