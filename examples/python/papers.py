# %% [markdown]
# # duel from Python: one result of each paper
#
# Cells in the `# %%` notebook format (Jupyter, VS Code); also a plain script:
# `python examples/python/papers.py [--plot DIR]` (plots need matplotlib).
# Each cell computes with duel's library and checks the value the paper states.

# %%
import argparse
import sys
from fractions import Fraction

from duel import arena, bidding, guess_who, liar, search

plot_dir = None
if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--plot", help="write the figures as PNG files into this folder")
    plot_dir = p.parse_args().plot

# %% [markdown]
# ## Nica, Guess Who beyond binary search: Figure 1, p*(n, m) under the race rules
# The table of exact values; the figure plots p*(n, m) for 1 ≤ n, m ≤ 32.

# %%
t = guess_who.table(32, rules="race")
print(t, "P(24, 24) =", t.p(24, 24), f"≈ {float(t.p(24, 24)):.4f}")
if plot_dir:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    im = ax.imshow(t.p_float, origin="lower", extent=(0.5, 32.5, 0.5, 32.5))
    ax.set_xlabel("m (opponent's candidates)")
    ax.set_ylabel("n (candidates of the player to move)")
    fig.colorbar(im, label="p*(n, m)")
    fig.savefig(f"{plot_dir}/guess_who_race.png", dpi=120)

# %% [markdown]
# ## Cushing et al., "Optimal play in Guess Who": Theorem 1.1, P(24, 24) = 5/9 (official rules)

# %%
v = guess_who.value(24, 24, rules="official")
assert v["p"] == Fraction(5, 9)
print("official rules: P(24, 24) =", v["p"], "optimal first questions:", v["best"])

# %% [markdown]
# ## Develin & Payne, "Discrete bidding games": Theorem 6.1, Richman value of tic-tac-toe 133/256

# %%
r = bidding.richman("tictactoe")
assert r["value"] == Fraction(133, 256)
th = bidding.threshold("tictactoe", chips=10)
print("Richman value:", r["value"], "| with 10 chips Alice needs", th["threshold"])

# %% [markdown]
# ## Ellis, Ponomarenko & Yan, the one-lie Rényi–Ulam game: questions to find one of n objects

# %%
for n in (10, 100, 1000, 10**6):
    m = liar.min_questions(n)
    print(f"n = {n:>7}: {m['questions']} questions (certified: {m['certified']})")

# %% [markdown]
# ## Delattre & Fournier, MCTS and Bayesian search: Sym against MCTS at a small budget
# (section 8.3's matches; duel's README: Sym scores about 0.76 at 30 iterations on 100 games).

# %%
s = arena.run("connect:7x6:4", a="sym", b="mcts:a=1.5,b=1.5", games=20, iterations=30, seed=1)
print(f"Sym vs MCTS on Connect Four, {s['games']} games: A's score {s['a_score']:.2f} "
      f"(95% CI {s['a_score_ci95'][0]:.2f} to {s['a_score_ci95'][1]:.2f})")
print("SymP's move from the start:", search.best("connect:7x6:4", agent="symp", iterations=20000, seed=1)["move"])
