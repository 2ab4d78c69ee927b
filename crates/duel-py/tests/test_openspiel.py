import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel failed or was not run)"
)

import duel
import duel.openspiel as dos
from duel import search
from open_spiel.python.algorithms import evaluate_bots, minimax


@pytest.mark.parametrize("name", ["connect_four", "tic_tac_toe"])
def test_openspiel_states_map_onto_duel_positions(name):
    # Random games in OpenSpiel's implementation, mirrored move by move in duel's: the same
    # legal actions, the same end, the same returns.
    game = pyspiel.load_game(name)
    rng = random.Random(4)
    for _ in range(30):
        state = game.new_initial_state()
        while True:
            mirror = dos.to_duel(state)
            assert mirror.is_terminal() == state.is_terminal()
            if state.is_terminal():
                want = {1.0: "first", -1.0: "second", 0.0: "draw"}[state.returns()[0]]
                assert mirror.outcome() == want
                break
            assert sorted(dos.move_to_action(m) for m in mirror.legal_moves()) == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))


def test_symp_plays_openspiel_mcts_on_connect_four_in_openspiel_loop():
    game = pyspiel.load_game("connect_four")
    mcts = pyspiel.MCTSBot(
        game, pyspiel.RandomRolloutEvaluator(1, 3), 2.0, 1000, 1000, False, 7, False
    )
    results = []
    for first in (0, 1):
        ours = dos.Bot(agent="symp", iterations=20000, seed=first)
        bots = [ours, mcts] if first == 0 else [mcts, ours]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, None)
        assert sum(returns) == 0 and returns[0] in (-1.0, 0.0, 1.0)
        assert ours.last is not None and ours.total_iterations >= 20000
        results.append(returns[first])
    # Two games are too few to claim a strength; a score is recorded either way.
    assert len(results) == 2


def test_the_bot_answers_as_search_best_and_refuses_other_games():
    game = pyspiel.load_game("tic_tac_toe")
    state = game.new_initial_state()
    for a in (0, 3, 1, 4):
        state.apply_action(a)
    bot = dos.Bot(agent="solver", iterations=100000)
    # X has cells 1 and 2: the solver completes the top row at cell 3, action 2.
    assert bot.step(state) == 2
    assert bot.last["move"] == search.best("tictactoe", agent="solver", iterations=100000,
                                           position="1425", seed=4)["move"]
    with pytest.raises(duel.InputError):
        dos.Bot().step(pyspiel.load_game("kuhn_poker").new_initial_state())


def test_duel_games_registered_in_openspiel_run_its_algorithms():
    game = pyspiel.load_game("duel", {"spec": "tictactoe"})
    assert game.num_distinct_actions() == 9 and game.max_game_length() == 9
    # OpenSpiel's alpha-beta on duel's tic-tac-toe: a draw (value 0), as duel's own search says.
    value, _ = minimax.alpha_beta_search(game)
    assert value == 0 and search.value("tictactoe")["value"] == "draw"
    # connect:4x4:3 — compare OpenSpiel's alpha-beta with duel's exact value.
    small = pyspiel.load_game("duel", {"spec": "connect:4x4:3"})
    v, _ = minimax.alpha_beta_search(small)
    want = {"win": 1.0, "draw": 0.0, "loss": -1.0}[search.value("connect:4x4:3")["value"]]
    assert v == want
    # evaluate_bots between duel's agent and OpenSpiel's random bot on Pearl's game.
    pearl = pyspiel.load_game("duel", {"spec": "pearl:2:6"})
    from open_spiel.python.bots.uniform_random import UniformRandomBot
    import numpy as np

    bots = [dos.Bot(agent="sym", iterations=500), UniformRandomBot(1, np.random.RandomState(0))]
    returns = evaluate_bots.evaluate_bots(pearl.new_initial_state(), bots, np.random)
    assert sum(returns) == 0


def expectimax(state):
    """The first player's expected return under optimal play, through OpenSpiel's interface
    only (exact, in fractions)."""
    from fractions import Fraction

    if state.is_terminal():
        return Fraction(state.returns()[0]).limit_denominator()
    if state.is_chance_node():
        total = Fraction(0)
        for action, p in state.chance_outcomes():
            child = state.child(action)
            total += Fraction(p).limit_denominator(10**6) * expectimax(child)
        return total
    values = [expectimax(state.child(a)) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


@pytest.mark.parametrize("n, m", [(2, 2), (3, 3), (5, 4), (7, 6), (9, 8)])
def test_guess_who_as_a_game_of_chance_has_nicas_values(n, m):
    from fractions import Fraction

    from duel import guess_who

    game = pyspiel.load_game("duel_guess_who", {"n": n, "m": m})
    # Returns are ±1: the first player's win probability is (1 + value) / 2.
    p = (1 + expectimax(game.new_initial_state())) / 2
    assert p == guess_who.value(n, m, rules="race")["p"]
    assert isinstance(p, Fraction)
