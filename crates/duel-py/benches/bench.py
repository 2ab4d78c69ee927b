"""Benchmarks of the Python package (figures for docs/python.md):

1. The overhead of a Python call on `duel.search.best` at 10,000 iterations: the call's wall
   time against the library's `best` called from Rust with the same requests (the same
   seeds, so the same searches), the two alternating; the median and the least of `repeats`
   calls each (the least is the one the machine's other load disturbed least).
2. MCTS iterations per second on OpenSpiel's `connect_four`: duel's `mcts` agent through
   `duel.openspiel.Bot` against OpenSpiel's C++ `MCTSBot` (UCT c = 2, one random rollout a
   simulation), the same number of simulations a move, on the same positions, in one run.

    python benches/bench.py [--repeats 20] [--simulations 10000]
"""

import argparse
import random
import statistics
import time

from duel import search


def overhead(repeats: int) -> None:
    from duel import _native

    print("search.best at 10,000 iterations: the Python call vs the library's call from Rust")
    for game, position, agent in [
        ("connect:7x6:4", "44", "symp"),
        ("connect:7x6:4", "44", "mcts"),
        ("tictactoe", "", "mcts"),
        ("pearl:2:16", "", "sym"),
    ]:
        search.best(game, agent=agent, iterations=10_000, position=position)  # warm up
        # Alternate the two calls, seed by seed, so that the machine's load falls on both.
        walls, rust = [], []
        for seed in range(repeats):
            t = time.perf_counter()
            search.best(game, agent=agent, iterations=10_000, seed=seed, position=position)
            walls.append((time.perf_counter() - t) * 1000)
            rust.append(1000 * _native.bench_search_best(game, position, agent, 10_000, seed))
        for what, f in (("median", statistics.median), ("min", min)):
            w, r = f(walls), f(rust)
            print(f"  {game:14} {agent:5} {what:6} Python {w:8.3f} ms  Rust {r:8.3f} ms  "
                  f"overhead {w - r:6.3f} ms = {100 * (w - r) / r:6.2f} %")


def openspiel(simulations: int, positions: int) -> None:
    import pyspiel

    from duel.openspiel import Bot

    game = pyspiel.load_game("connect_four")
    rng = random.Random(1)
    states = []
    for _ in range(positions):
        s = game.new_initial_state()
        for _ in range(rng.randrange(0, 8)):
            s.apply_action(rng.choice(s.legal_actions()))
        states.append(s)
    theirs = pyspiel.MCTSBot(
        game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, simulations, 10_000, False, 1, False
    )
    bots = [("OpenSpiel MCTSBot (C++, UCT c=2)", theirs)] + [
        (f"duel {agent} via duel.openspiel.Bot", Bot(agent=agent, iterations=simulations, seed=1))
        for agent in ("uct:c=2", "mcts")
    ]
    for name, bot in bots:
        bot.step(states[0].clone())  # warm up
        t = time.perf_counter()
        for s in states:
            bot.step(s.clone())
        secs = time.perf_counter() - t
        rate = simulations * len(states) / secs
        if bot is theirs:
            base = rate
        print(f"  {name:38} {rate:12,.0f} iterations/s ({len(states)} moves of "
              f"{simulations}), {rate / base:5.1f}x OpenSpiel's")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--repeats", type=int, default=20)
    p.add_argument("--simulations", type=int, default=10_000)
    p.add_argument("--positions", type=int, default=10)
    args = p.parse_args()
    overhead(args.repeats)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: no comparison with MCTSBot")
        return
    print(f"MCTS on connect_four, {args.simulations} simulations a move:")
    openspiel(args.simulations, args.positions)


if __name__ == "__main__":
    main()
