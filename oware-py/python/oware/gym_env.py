"""A Gymnasium environment: one side against an engine level.

Needs ``gymnasium`` and ``numpy`` (``pip install oware[gymnasium]``).

>>> import gymnasium
>>> import oware.gym_env  # registers "oware/Oware-v0"
>>> env = gymnasium.make("oware/Oware-v0", ruleset="openspiel", opponent_level=2)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].tolist()
((15,), [1, 1, 1, 1, 1, 1])
>>> obs, reward, terminated, truncated, info = env.step(2)
>>> env.unwrapped.board.ply
2
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from oware._oware import Board, Player, Ruleset, Side, Variant
from oware._render import RENDER_MODES, check_render_mode, render
from oware._views import side_view

__all__ = ["ENV_ID", "OwareEnv"]

ENV_ID = "oware/Oware-v0"
"""The id this module registers: ``gymnasium.make("oware/Oware-v0", ruleset="kalah")``."""


class OwareEnv(gym.Env[np.ndarray, np.int64]):
    """The agent plays *agent_side* against :class:`oware.Player` of *opponent_level*.

    - **Observation**: float32 ``(2h + 3,)``, the layout of
      :meth:`oware.Board.observation` from the agent's view: the agent's
      houses, the opponent's houses, the agent's store, the opponent's store,
      the side to move (0 South, 1 North). Seed counts are raw.
    - **Action**: ``Discrete(h)``, a house of the agent's row (0 = ``A``/``a``).
      ``info["action_mask"]`` (int8) marks the legal ones, and
      :meth:`action_masks` gives them as bools for sb3-contrib's ``MaskablePPO``.
    - **Reward**: at the end of the game, +1 for a win, -1 for a loss, 0 for a
      draw; 0 before. An illegal action ends the episode with
      *illegal_reward* (and ``info["illegal_action"] = True``).
    - The opponent replies inside :meth:`step` (several times after its
      extra turns); the agent may move again at once after its own extra
      turn (Kalah, Congkak). With ``agent_side=Side.NORTH`` the opponent
      opens inside :meth:`reset`.
    - :meth:`reset`'s *seed* seeds the opponent's random choices.
    - **Rendering** (*render_mode*): ``None`` (the default: :meth:`render` does
      nothing and returns None), ``"ansi"`` (the board as text), ``"human"``
      (that text printed after each reset and step) or ``"rgb_array"`` (a
      uint8 (height, width, 3) frame: houses, stores, counts, the last move,
      the threatened houses and the side to move; the SVG picture is
      :func:`oware.svg.board`).
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(
        self,
        ruleset: Ruleset | Variant | str | None = None,
        opponent_level: int = 1,
        agent_side: Side = Side.SOUTH,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        check_render_mode(render_mode, RENDER_MODES)
        self.ruleset = Ruleset(ruleset)
        self.opponent_level = opponent_level
        Player(opponent_level)  # checks the level now
        self.agent_side = agent_side
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        h = self.ruleset.houses_per_side
        self.observation_space = spaces.Box(
            low=0.0, high=float(self.ruleset.total_seeds), shape=(2 * h + 3,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(h)
        self.board = Board(ruleset=self.ruleset)
        self._opponent = Player(opponent_level, 0)

    def _obs(self) -> np.ndarray:
        return np.asarray(side_view(self.board, self.agent_side), dtype=np.float32)

    def action_masks(self) -> np.ndarray:
        """A bool per action, True where that house is a legal move for the agent
        now (all False once the episode is over): the method sb3-contrib's
        ``MaskablePPO`` calls (``ActionMasker`` is not needed)."""
        mask = np.zeros(self.ruleset.houses_per_side, dtype=bool)
        if self.board.turn == self.agent_side and not self.board.is_game_over():
            mask[self.board.legal_actions()] = True
        return mask

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), "ply": self.board.ply}

    def _opponent_moves(self) -> None:
        while not self.board.is_game_over() and self.board.turn != self.agent_side:
            move = self._opponent.choose(self.board)
            if move is None:
                break
            self.board.push(move)

    def _reward(self) -> float:
        south, north = self.board.returns()
        return south if self.agent_side == Side.SOUTH else north

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.board = Board(ruleset=self.ruleset)
        self._opponent = Player(self.opponent_level, int(self.np_random.integers(0, 2**63)))
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.board.is_game_over():
            raise RuntimeError("step() after the end of the episode: call reset()")
        a = int(action)
        if not 0 <= a < self.ruleset.houses_per_side or a not in self.board.legal_actions():
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), self.illegal_reward, True, False, info
        self.board.push_action(a)
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        terminated = self.board.is_game_over()
        reward = self._reward() if terminated else 0.0
        return self._obs(), reward, terminated, False, self._info()

    def render(self) -> str | np.ndarray | None:
        """The board in :attr:`render_mode` (see the class): text for ``"ansi"``, a
        frame for ``"rgb_array"``, None for ``"human"`` (printed) and for None."""
        return render(self.board, self.render_mode)


if ENV_ID not in gym.registry:
    gym.register(id=ENV_ID, entry_point="oware.gym_env:OwareEnv")
