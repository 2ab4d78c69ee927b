"""OpenSpiel interoperation (needs ``pip install open_spiel``).

- :class:`Bot`: a duel agent as a ``pyspiel.Bot``. It plays OpenSpiel's ``connect_four`` and
  ``tic_tac_toe`` (and the games registered here) by replaying the state's history as a duel
  position; each step is one ``duel.search.best`` call (the agent's tree is not kept
  between steps).
- The game ``duel`` (``pyspiel.load_game("duel", {"spec": "connect:5x4:4"})``): duel's
  ``connect:WxH:K``, ``connect-misere:WxH:K``, ``tictactoe`` and Pearl's ``pearl:D:K``
  games as OpenSpiel Python games, so that OpenSpiel's algorithms and ``evaluate_bots`` run
  on them. Action ``a`` is duel's move ``a + 1`` (a column, a cell, a child).
- The game ``duel_guess_who`` (``{"n": 24, "m": 24}``): Guess Who under Nica's race rules
  with yes/no questions, a game of chance.

>>> import pyspiel, duel.openspiel
>>> game = pyspiel.load_game("connect_four")
>>> bot = duel.openspiel.Bot(agent="symp", iterations=20000)  # doctest: +SKIP
"""

from typing import Any, Dict, List, Optional

import pyspiel

from duel import search
from duel.errors import InputError
from duel.games import State

# OpenSpiel's games that duel plays, by OpenSpiel's short name.
SPIEL_GAMES = {
    "connect_four": "connect:7x6:4",
    "tic_tac_toe": "tictactoe",
    "python_tic_tac_toe": "tictactoe",
}


def duel_spec(game: "pyspiel.Game") -> str:
    """duel's name of an OpenSpiel game; :class:`~duel.InputError` for a game duel does
    not play."""
    name = game.get_type().short_name
    if name == "duel":
        return str(game.get_parameters()["spec"])
    if name in SPIEL_GAMES:
        return SPIEL_GAMES[name]
    raise InputError(
        f"duel does not play OpenSpiel's {name!r}: it plays "
        f"{', '.join(sorted(SPIEL_GAMES))} and the game 'duel'"
    )


def action_to_move(action: int) -> str:
    """duel's move for an OpenSpiel action: a column or cell numbered from 1."""
    return str(int(action) + 1)


def move_to_action(move: str) -> int:
    """The OpenSpiel action of duel's move."""
    return int(move) - 1


def to_duel(state: "pyspiel.State") -> State:
    """The duel position of an OpenSpiel state, by replaying its history."""
    s = State(duel_spec(state.get_game()))
    for action in state.history():
        s.play(action_to_move(action))
    return s


class Bot(pyspiel.Bot):
    """A duel agent (``agent``: ``symp``, ``sym``, ``gw``, ``mcts:a=3.5,b=5``, ``solver``,
    ...) as an OpenSpiel bot; each move searches ``iterations`` iterations (or ``millis``
    milliseconds). The move at ply ``p`` uses the seed ``seed + p``, so a game is the same
    for the same seed under an iteration budget. ``last`` holds the statistics of the last
    move (``duel.search.best``'s answer); ``total_iterations`` and ``total_millis`` add them
    up."""

    def __init__(
        self,
        agent: str = "symp",
        iterations: Optional[int] = None,
        millis: Optional[int] = None,
        seed: int = 0,
    ) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = agent
        self.iterations = iterations
        self.millis = millis
        self.seed = seed
        self.last: Optional[Dict[str, Any]] = None
        self.total_iterations = 0
        self.total_millis = 0.0

    def restart_at(self, state: "pyspiel.State") -> None:
        """Nothing to do: each step reads the whole history."""

    def inform_action(self, state: "pyspiel.State", player_id: int, action: int) -> None:
        """Nothing to do: each step reads the whole history."""

    def step(self, state: "pyspiel.State") -> int:
        """The agent's action in ``state``."""
        position = to_duel(state)
        answer = search.best(
            position,
            agent=self.agent,
            iterations=self.iterations,
            millis=self.millis,
            seed=self.seed + position.plies,
        )
        self.last = answer
        self.total_iterations += answer["iterations"]
        self.total_millis += answer["millis"]
        return move_to_action(answer["move"])


def _max_length(spec: str) -> int:
    """The most moves of a game of ``spec``, which OpenSpiel's game information needs."""
    parts = spec.split(":")
    if parts[0] in ("connect", "connect-misere") and len(parts) >= 2:
        w, h = parts[1].lower().split("x")
        return int(w) * int(h)
    if parts[0] == "pearl" and len(parts) >= 3:
        return int(parts[2])
    if parts[0] == "tictactoe":
        return 9
    raise InputError(
        f"the OpenSpiel game 'duel' takes connect:WxH:K, connect-misere:WxH:K, tictactoe "
        f"or pearl:D:K, got {spec!r}"
    )


GAME_TYPE = pyspiel.GameType(
    short_name="duel",
    long_name="duel's games (connect:WxH:K, connect-misere:WxH:K, tictactoe, pearl:D:K)",
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
    provides_observation_tensor=False,
    parameter_specification={"spec": "connect:7x6:4"},
)


class DuelGame(pyspiel.Game):
    """One of duel's games as an OpenSpiel game (parameter ``spec``)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.spec = str(params.get("spec", GAME_TYPE.parameter_specification["spec"]))
        start = State(self.spec)
        actions = max(move_to_action(m) for m in start.legal_moves()) + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_length(self.spec),
        )
        super().__init__(GAME_TYPE, info, {"spec": self.spec})

    def new_initial_state(self) -> "DuelSpielState":
        return DuelSpielState(self, State(self.spec))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _StringObserver()


class _StringObserver:
    """Observations as strings only: the state's text (perfect information)."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: Dict[str, Any] = {}

    def set_from(self, state: "DuelSpielState", player: int) -> None:
        pass

    def string_from(self, state: "pyspiel.State", player: int) -> str:
        return str(state)


class DuelSpielState(pyspiel.State):
    """A position of a duel game as an OpenSpiel state."""

    def __init__(self, game: DuelGame, position: State) -> None:
        super().__init__(game)
        self.position = position

    def current_player(self) -> int:
        if self.position.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return 0 if self.position.to_move() == "first" else 1

    def _legal_actions(self, player: int) -> List[int]:
        return sorted(move_to_action(m) for m in self.position.legal_moves())

    def _apply_action(self, action: int) -> None:
        self.position.play(action_to_move(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return action_to_move(action)

    def is_terminal(self) -> bool:
        return self.position.is_terminal()

    def returns(self) -> List[float]:
        o = self.position.outcome()
        if o == "first":
            return [1.0, -1.0]
        if o == "second":
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def __str__(self) -> str:
        return str(self.position)


pyspiel.register_game(GAME_TYPE, DuelGame)


# Guess Who under Nica's race rules as a game of chance. A turn is a yes/no question that
# splits the mover's n candidates into b and n - b (action b - 1, 1 ≤ b ≤ n/2); chance then
# keeps b of them with probability b/n (outcome 0) or n - b (outcome 1); the player whose turn
# begins with one candidate names it and wins. Its values are Nica's p*(n, m), which the
# tests check against duel.guess_who.value.
GUESS_WHO_TYPE = pyspiel.GameType(
    short_name="duel_guess_who",
    long_name="Guess Who, race rules, yes/no questions (Nica)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"n": 24, "m": 24},
)


class GuessWhoGame(pyspiel.Game):
    """Guess Who from pools ``n`` (the first player's) and ``m`` (the second's)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.n = int(params.get("n", 24))
        self.m = int(params.get("m", 24))
        if self.n < 1 or self.m < 1 or (self.n, self.m) == (1, 1):
            raise InputError(
                f"Guess Who needs pools of at least 1 candidate, not both 1; got {self.n}, {self.m}"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=max(1, max(self.n, self.m) // 2),
            max_chance_outcomes=2,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=2 * (self.n + self.m),
        )
        super().__init__(GUESS_WHO_TYPE, info, {"n": self.n, "m": self.m})

    def new_initial_state(self) -> "GuessWhoState":
        return GuessWhoState(self, [self.n, self.m])

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _StringObserver()


class GuessWhoState(pyspiel.State):
    """The pools, the player to move, and the split asked if chance is to answer."""

    def __init__(self, game: GuessWhoGame, pools: List[int]) -> None:
        super().__init__(game)
        self.pools = list(pools)
        self.mover = 0
        self.split: Optional[int] = None

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.split is not None:
            return pyspiel.PlayerId.CHANCE
        return self.mover

    def _legal_actions(self, player: int) -> List[int]:
        return list(range(self.pools[self.mover] // 2))

    def chance_outcomes(self):
        n, b = self.pools[self.mover], self.split
        if 2 * b == n:
            return [(0, 1.0)]
        return [(0, b / n), (1, (n - b) / n)]

    def _apply_action(self, action: int) -> None:
        if self.split is None:
            self.split = action + 1
            return
        n, b = self.pools[self.mover], self.split
        self.pools[self.mover] = b if action == 0 else n - b
        self.split = None
        self.mover = 1 - self.mover

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "first part" if action == 0 else "second part"
        n = self.pools[self.mover]
        return f"split {action + 1},{n - action - 1}"

    def is_terminal(self) -> bool:
        return self.split is None and self.pools[self.mover] == 1

    def returns(self) -> List[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.mover == 0 else [-1.0, 1.0]

    def __str__(self) -> str:
        return f"pools {self.pools[0]},{self.pools[1]}; player {self.mover} " + (
            f"asked {self.split},{self.pools[self.mover] - self.split}"
            if self.split is not None
            else "to ask"
        )


pyspiel.register_game(GUESS_WHO_TYPE, GuessWhoGame)
