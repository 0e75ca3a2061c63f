"""The contract between the engine and a game, its box screen and the host's players, for pyright only.

Type-only: MicroPython never imports this file (tools/compile_firmware.py compiles .py files alone).
Rules is what referee.engine.define returns (a game's RULES); Screen is what ultimusbox.shell and the
box's display ask of a game's screen (ultimusbox.screens); Chooser is a seat or the referee in the
host's game loop (ultimus_host.loop.run_game). tests/test_contract.py holds every game of the registry
to them at run time (its RULES, its screen's methods, its bots' choose); tests/contract_check.py holds the
engine's Rules and the host's generic choosers under pyright.
"""

from typing import Any, Callable, Protocol

from referee.flow import Flow

State = dict[str, Any]  # plain data: dicts, lists, ints, text
Action = dict[str, Any]  # {"a": name, "p": seat, ...its fields}
Event = dict[str, Any]  # {"e": name, ...; "hidden": {...} for its own seat}

class Listing(Protocol):
    """A game's legal module (define(legal="games.X.legal")), imported on first use."""

    def legal_actions(self, s: State, seat: int) -> list[Action]: ...

class Rules(Protocol):
    """A game as the engine runs it: referee.engine.define(...)."""

    NAME: str
    FORMAT: int
    FLOW: Flow
    # define(players=...); every game of the registry declares it (tests/test_contract.py)
    PLAYERS: tuple[int, int] | None
    SAVED_DEFAULTS: dict[str, Any] | None
    SECRET_SETUP: tuple[str, ...]
    HIDDEN_FIELDS: dict[str, tuple[str, ...]] | None
    trades: bool
    prechecks: str | None
    check_setup: Callable[[Any], dict[str, Any]]
    new_state: Callable[[dict[str, Any]], State]
    public_view: Callable[[State], dict[str, Any]]
    seat_view: Callable[[State, int], dict[str, Any]]
    variant: Callable[[State], str]
    digest_for: Callable[[State, int], str]
    legal: Callable[[], Any]

class Screen(Protocol):
    """A game's box screen (ultimusbox.screens.<game>.screen.Screen(shell))."""

    @property
    def NAME(self) -> str: ...
    entry: Any
    def option_press(self, button: int) -> Any: ...
    def render_options(self, frame: Any, k: int, blink: Any) -> Any: ...
    def seat_setup(self, players: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]: ...
    def start(self) -> None: ...
    def secret(self, button: int) -> Any: ...
    def press(self, button: int, t_us: int) -> Any: ...
    def tick(self, now_us: int) -> Any: ...
    def on_events(self, events: list[Event]) -> Any: ...
    def render(self, frame: Any, now_ms: int, blink: Any) -> Any: ...
    def describe(self) -> Any: ...

class Chooser(Protocol):
    """A seat (a bot, a person at the keyboard) or the referee in the host's game loop."""

    def choose(self, view: dict[str, Any], options: list[Action]) -> Action: ...
