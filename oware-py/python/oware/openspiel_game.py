"""An OpenSpiel game (``pyspiel``) that wraps :class:`oware.Board`, for every ruleset.

Importing this module registers the game as ``python_oware`` with one
parameter, ``ruleset`` (a preset name; default ``abapa``), so OpenSpiel's
algorithms run on every variant. Needs ``open_spiel`` and ``numpy``
(``pip install oware[openspiel]``). A custom ruleset whose text has
parentheses, which a game string cannot hold, is passed to the class:
``OwareGame({"ruleset": "kalah(6,5)"})``.

>>> import pyspiel
>>> import oware.openspiel_game
>>> game = pyspiel.load_game("python_oware(ruleset=kalah)")
>>> state = game.new_initial_state()
>>> state.legal_actions()
[0, 1, 2, 3, 4, 5]
>>> state.apply_action(2)  # C: the last seed falls in South's store
>>> state.current_player()
0

Actions are the houses of the player to move, 0 to h - 1 (as in pyspiel's
``oware``); player 0 is South. Observation tensors are the layout of
:meth:`oware.Board.observation` from the observing player's view; the
observation string is the position string. ``max_game_length`` is a bound
OpenSpiel needs, 10 000 plies, which no game of a preset comes near; the
game itself ends only by its rules.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from oware._oware import Board, Move, Ruleset, Side
from oware._views import side_view

__all__ = ["SHORT_NAME", "OwareGame", "OwareObserver", "OwareState"]

SHORT_NAME = "python_oware"
MAX_GAME_LENGTH = 10_000

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Oware, Kalah and Congkak (the oware package)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"ruleset": "abapa"},
)


def _side(player: int) -> Side:
    return Side.SOUTH if player == 0 else Side.NORTH


class OwareGame(pyspiel.Game):
    """The game of a ruleset (parameter ``ruleset``, default ``abapa``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.ruleset = Ruleset(str(params.get("ruleset", "abapa")))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ruleset.houses_per_side,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, {"ruleset": str(self.ruleset)})

    def new_initial_state(self) -> OwareState:
        return OwareState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return OwareObserver(self, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class OwareState(pyspiel.State):
    """A state: an :class:`oware.Board` (attribute ``board``)."""

    def __init__(self, game: OwareGame) -> None:
        super().__init__(game)
        self.board = Board(ruleset=game.ruleset)

    def current_player(self) -> int:
        if self.board.is_game_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.board.turn)

    def _legal_actions(self, player: int) -> list[int]:
        return self.board.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.board.push_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(Move(_side(player), int(action)))

    def is_terminal(self) -> bool:
        return self.board.is_game_over()

    def returns(self) -> list[float]:
        return list(self.board.returns())

    def __str__(self) -> str:
        return self.board.position_string()


class OwareObserver:
    """Observation tensor and string of a state from a player's view."""

    def __init__(self, game: OwareGame, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(2 * game.ruleset.houses_per_side + 3, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: OwareState, player: int) -> None:
        self.tensor[:] = side_view(state.board, _side(player))

    def string_from(self, state: OwareState, player: int) -> str:
        return state.board.position_string()


if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(_GAME_TYPE, OwareGame)
