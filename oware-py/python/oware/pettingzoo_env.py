"""A PettingZoo AEC environment for two agents, ``"player_0"`` (South, who
moves first) and ``"player_1"`` (North), named as PettingZoo recommends.

Needs ``pettingzoo``, ``gymnasium`` and ``numpy`` (``pip install oware[pettingzoo]``).

>>> from oware.pettingzoo_env import env
>>> e = env(ruleset="kalah")
>>> e.reset(seed=0)
>>> e.agent_selection
'player_0'
>>> e.step(2)  # C: the last seed falls in South's store, South moves again
>>> e.agent_selection
'player_0'
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from oware._oware import Board, Ruleset, Side, Variant
from oware._render import RENDER_MODES, check_render_mode, render
from oware._views import side_view

__all__ = ["OwareAECEnv", "env", "raw_env"]

AGENTS = {"player_0": Side.SOUTH, "player_1": Side.NORTH}


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers: an illegal move ends
    the game with -1 for the agent that made it, actions are range-checked, and
    the AEC call order is enforced."""
    e: AECEnv = OwareAECEnv(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def raw_env(**kwargs: Any) -> OwareAECEnv:
    """The environment without wrappers."""
    return OwareAECEnv(**kwargs)


class OwareAECEnv(AECEnv):
    """Two agents take turns; the side to move is :attr:`agent_selection`, which
    stays the same after an extra turn (Kalah, Congkak).

    - **Observation** of an agent: a dict with ``"observation"``, float32
      ``(2h + 3,)`` from that agent's view (its houses, the opponent's, its
      store, the opponent's, the side to move: 0 South, 1 North), and
      ``"action_mask"``, int8 ``(h,)``, the agent's legal houses (all zero
      when it is not to move).
    - **Action**: ``Discrete(h)``, a house of the agent's row.
    - **Rewards**: +1/-1/0 to each agent when the game ends.
    - **Rendering** (*render_mode*): ``None`` (the default: :meth:`render` does
      nothing and returns None), ``"ansi"`` (the board as text), ``"human"``
      (that text printed after each step) or ``"rgb_array"`` (a uint8
      (height, width, 3) frame of the board).
    """

    metadata = {"render_modes": RENDER_MODES, "name": "oware_v0", "is_parallelizable": False, "render_fps": 4}

    def __init__(self, ruleset: Ruleset | Variant | str | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        check_render_mode(render_mode, RENDER_MODES)
        self.ruleset = Ruleset(ruleset)
        self.render_mode = render_mode
        h = self.ruleset.houses_per_side
        self.possible_agents = list(AGENTS)
        self.agents = list(self.possible_agents)
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    0.0, float(self.ruleset.total_seeds), (2 * h + 3,), np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (h,), np.int8),
            }
        )
        self._action_space = gymnasium.spaces.Discrete(h)
        self.board = Board(ruleset=self.ruleset)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        side = AGENTS[agent]
        mask = np.zeros(self.ruleset.houses_per_side, dtype=np.int8)
        if self.board.turn == side and not self.board.is_game_over():
            mask[self.board.legal_actions()] = 1
        obs = np.asarray(side_view(self.board, side), dtype=np.float32)
        return {"observation": obs, "action_mask": mask}

    def _select(self) -> None:
        self.agent_selection = "player_0" if self.board.turn == Side.SOUTH else "player_1"

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.board = Board(ruleset=self.ruleset)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.board.push_action(int(action))  # type: ignore[arg-type]
        self.rewards = {a: 0.0 for a in self.agents}
        if self.board.is_game_over():
            south, north = self.board.returns()
            self.rewards = {"player_0": south, "player_1": north}
            self.terminations = {a: True for a in self.agents}
        self._cumulative_rewards[agent] = 0.0
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        """The board in :attr:`render_mode` (see the class): text for ``"ansi"``, a
        frame for ``"rgb_array"``, None for ``"human"`` (printed) and for None."""
        return render(self.board, self.render_mode)

    def close(self) -> None:
        pass
