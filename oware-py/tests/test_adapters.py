"""The adapters pass their frameworks' own checkers: Gymnasium's check_env,
PettingZoo's api_test and OpenSpiel's random simulation test. Each part is
skipped when its framework is not installed."""

from __future__ import annotations

import doctest
import pickle
import warnings
from typing import Any

import pytest

import oware
from oware import Board, Side

RULESETS = ["abapa", "openspiel", "kalah", "congkak"]


def _run_module_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


def assert_renders_nothing(env: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """After a reset and a move, *env* (render_mode=None) renders nothing and prints nothing."""
    env.reset(seed=0)
    env.step(2)
    assert env.render() is None and capsys.readouterr().out == ""


def test_side_view() -> None:
    from oware._views import side_view

    board = Board("1,2,3,4,5,6/7,8,9,1,1,0 n 1 0")
    assert side_view(board, Side.NORTH) == board.observation()
    assert side_view(board, Side.SOUTH) == board.observation(absolute=True)
    south = Board("1,2,3,4,5,6/7,8,9,1,1,0 s 1 0")
    assert side_view(south, Side.SOUTH) == south.observation()


class TestGymnasium:
    @pytest.fixture(autouse=True)
    def _needs_gymnasium(self) -> None:
        pytest.importorskip("gymnasium")

    @pytest.mark.parametrize("ruleset", RULESETS)
    @pytest.mark.parametrize("side", [Side.SOUTH, Side.NORTH], ids=["south", "north"])
    def test_check_env(self, ruleset: str, side: Side) -> None:
        import gymnasium
        from gymnasium.utils.env_checker import check_env

        import oware.gym_env

        env = gymnasium.make(oware.gym_env.ENV_ID, ruleset=ruleset, opponent_level=2, agent_side=side)
        check_env(env.unwrapped)  # and each render mode, through gymnasium.make

    @pytest.mark.parametrize("ruleset", RULESETS)
    def test_check_env_renders_rgb_array(self, ruleset: str) -> None:
        import numpy as np

        import gymnasium
        from gymnasium.utils.env_checker import check_env

        import oware.gym_env

        env = gymnasium.make(oware.gym_env.ENV_ID, ruleset=ruleset, render_mode="rgb_array")
        check_env(env.unwrapped)
        env.reset(seed=0)
        frame = env.render()
        assert isinstance(frame, np.ndarray)
        assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
        h = oware.Ruleset(ruleset).houses_per_side
        assert frame.shape[1] == 48 * (h + 2)

    def test_render_none_does_nothing(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Issue 16: with render_mode=None, render() drew the board anyway."""
        from oware.gym_env import OwareEnv

        assert_renders_nothing(OwareEnv(), capsys)
        human = OwareEnv(render_mode="human")
        human.reset(seed=0)
        assert human.render() is None and "South to move" in capsys.readouterr().out

    def test_action_masks_are_the_legal_moves(self) -> None:
        """``action_masks()`` (for sb3-contrib's MaskablePPO) over random games, both sides."""
        import numpy as np

        from oware.gym_env import OwareEnv

        rng = np.random.default_rng(5)
        steps = 0
        for ruleset, side in [("abapa", Side.SOUTH), ("kalah", Side.NORTH), ("congkak", Side.SOUTH)]:
            env = OwareEnv(ruleset=ruleset, agent_side=side, opponent_level=1)
            for episode in range(5):
                _, info = env.reset(seed=episode)
                terminated = False
                while not terminated:
                    mask = env.action_masks()
                    legal = [m.house for m in env.board.legal_moves]
                    assert mask.dtype == np.bool_ and mask.shape == (env.ruleset.houses_per_side,)
                    assert np.flatnonzero(mask).tolist() == legal and env.board.turn == side
                    assert (info["action_mask"] == mask).all()
                    _, _, terminated, _, info = env.step(int(rng.choice(legal)))
                    steps += 1
                assert not env.action_masks().any()
        assert steps > 200

    def test_episode(self) -> None:
        import numpy as np

        from oware.gym_env import OwareEnv

        env = OwareEnv(ruleset="kalah", opponent_level=3)
        obs, info = env.reset(seed=3)
        assert obs.dtype == np.float32 and obs.shape == (15,)
        rng = np.random.default_rng(0)
        total = 0.0
        for _ in range(500):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            assert env.observation_space.contains(obs)
            if terminated:
                break
        assert terminated and not truncated and total in (-1.0, 0.0, 1.0)
        assert total == env.board.returns()[0]
        with pytest.raises(RuntimeError, match="reset"):
            env.step(0)

    def test_illegal_action_ends_the_episode(self) -> None:
        from oware.gym_env import OwareEnv

        env = OwareEnv(illegal_reward=-5.0)
        _, info = env.reset(seed=0)
        while info["action_mask"].all():  # play until some house is empty
            _, _, terminated, _, info = env.step(int(info["action_mask"].argmax()))
            assert not terminated
        illegal = int(info["action_mask"].argmin())
        _, reward, terminated, _, info = env.step(illegal)
        assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)
        env.reset()
        _, reward, terminated, _, info = env.step(6)  # out of range
        assert terminated and info["illegal_action"] and reward == -5.0

    def test_seeded_opponent(self) -> None:
        from oware.gym_env import OwareEnv

        def first_reply(seed: int) -> list[oware.Move]:
            env = OwareEnv(opponent_level=1, agent_side=Side.NORTH)
            env.reset(seed=seed)
            return env.board.move_stack

        assert first_reply(1) == first_reply(1)
        assert len({str(first_reply(s)) for s in range(20)}) > 1

    def test_render_and_arguments(self) -> None:
        from oware.gym_env import OwareEnv

        env = OwareEnv(render_mode="ansi")
        env.reset()
        assert "South to move" in str(env.render())
        assert OwareEnv.metadata["render_modes"] == ["ansi", "human", "rgb_array"]
        with pytest.raises(ValueError, match="render_mode must be None or one of"):
            OwareEnv(render_mode="rgb")
        with pytest.raises(ValueError, match="level"):
            OwareEnv(opponent_level=7)
        with pytest.raises(oware.InvalidRulesetError):
            OwareEnv(ruleset="chess")

    def test_doctests(self) -> None:
        import oware.gym_env

        _run_module_doctests(oware.gym_env)


class TestPettingZoo:
    @pytest.fixture(autouse=True)
    def _needs_pettingzoo(self) -> None:
        pytest.importorskip("pettingzoo")

    @pytest.mark.parametrize("ruleset", RULESETS)
    def test_api_test(self, ruleset: str) -> None:
        from pettingzoo.test import api_test

        from oware.pettingzoo_env import env

        with warnings.catch_warnings():
            # Advice api_test gives every env whose observations are dicts
            # with an action mask, as PettingZoo's own classic games are.
            warnings.filterwarnings("ignore", "Observation space for each agent probably", UserWarning)
            warnings.filterwarnings("ignore", "Observation is not a NumPy array", UserWarning)
            api_test(env(ruleset=ruleset), num_cycles=1000, verbose_progress=False)

    @pytest.mark.parametrize("ruleset", ["abapa", "congkak"])
    def test_render_test(self, ruleset: str, capsys: pytest.CaptureFixture[str]) -> None:
        from pettingzoo.test import render_test

        from oware.pettingzoo_env import env

        render_test(lambda render_mode: env(ruleset=ruleset, render_mode=render_mode))
        assert "to move" in capsys.readouterr().out  # human mode printed

    def test_render_modes(self, capsys: pytest.CaptureFixture[str]) -> None:
        import numpy as np

        from oware.pettingzoo_env import OwareAECEnv, env

        assert OwareAECEnv.metadata["render_modes"] == ["ansi", "human", "rgb_array"]
        assert_renders_nothing(env(), capsys)
        frames = env(render_mode="rgb_array")
        frames.reset(seed=0)
        frame = frames.render()
        assert isinstance(frame, np.ndarray) and frame.shape == (166, 384, 3) and frame.dtype == np.uint8
        with pytest.raises(ValueError, match="render_mode"):
            env(render_mode="rgb")

    def test_a_game(self) -> None:
        import numpy as np

        from oware.pettingzoo_env import env

        e = env(ruleset="openspiel")
        e.reset(seed=1)
        rng = np.random.default_rng(1)
        final: dict[str, float] = {}
        for agent in e.agent_iter(max_iter=5000):
            obs, reward, termination, truncation, _ = e.last()
            if termination or truncation:
                final[agent] = float(reward)
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        board = e.unwrapped.board
        assert board.is_game_over()
        south, north = board.returns()
        assert final == {"player_0": south, "player_1": north}

    def test_illegal_move_terminates(self) -> None:
        from oware.pettingzoo_env import env

        e = env()
        e.reset()
        e.step(0)
        e.step(0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the wrapper warns about the illegal move
            e.step(0)  # South's A is empty
        assert e.unwrapped.rewards["player_0"] == -1 or e.terminations["player_0"]

    def test_doctests(self) -> None:
        import oware.pettingzoo_env

        _run_module_doctests(oware.pettingzoo_env)


class TestOpenSpiel:
    @pytest.fixture(autouse=True)
    def _needs_pyspiel(self) -> None:
        pytest.importorskip("pyspiel")

    @pytest.mark.parametrize("ruleset", RULESETS + ["kalah-irving", "awale"])
    def test_random_sim_test(self, ruleset: str) -> None:
        import pyspiel

        import oware.openspiel_game

        game = pyspiel.load_game(f"{oware.openspiel_game.SHORT_NAME}(ruleset={ruleset})")
        pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)

    def test_custom_ruleset(self) -> None:
        import pyspiel

        from oware.openspiel_game import OwareGame

        game = OwareGame({"ruleset": "kalah(4,3)"})
        assert game.num_distinct_actions() == 4
        pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

    def test_state(self) -> None:
        import pyspiel

        import oware.openspiel_game

        game = pyspiel.load_game("python_oware")
        state = game.new_initial_state()
        assert state.legal_actions() == list(range(6))
        state.apply_action(2)
        assert state.current_player() == 1 and str(state) == "4,4,0,5,5,5/5,4,4,4,4,4 n 0 0"
        assert state.action_to_string(1, 5) == "f"
        assert state.observation_tensor(1) == Board(str(state)).observation()
        clone = state.clone()
        clone.apply_action(5)
        assert str(state) == "4,4,0,5,5,5/5,4,4,4,4,4 n 0 0"
        assert pickle.loads(pickle.dumps(state.board)) == state.board
        assert oware.openspiel_game.OwareGame().get_parameters() == {"ruleset": "abapa"}

    def test_an_openspiel_algorithm_runs(self) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        import oware.openspiel_game  # noqa: F401

        game = pyspiel.load_game("python_oware(ruleset=kalah)")
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
        bot = mcts.MCTSBot(game, 2.0, 40, evaluator, random_state=np.random.RandomState(1))
        state = game.new_initial_state()
        for _ in range(6):
            if state.is_terminal():
                break
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)

    def test_doctests(self) -> None:
        import oware.openspiel_game

        _run_module_doctests(oware.openspiel_game)
