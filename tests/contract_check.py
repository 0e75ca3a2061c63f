"""The engine's contract checked by pyright (make lint), not run: the engine's own Rules against
referee.contract.Rules, and the host's generic choosers (loop.PlayOn, bots.RandomBot) against Chooser.

Every game of the registry is held to the contract by tests/test_contract.py at run time (its RULES,
its screen's methods, its bots' choose(view, options)): a list of games here would leave out the next
one. Nothing imports this module.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from referee import engine
    from referee.contract import Chooser, Rules  # pyright: ignore[reportMissingModuleSource]
    from ultimus_host import bots, loop

    RULES: "type[Rules]" = engine.Rules
    CHOOSERS: "tuple[type[Chooser], ...]" = (loop.PlayOn, bots.RandomBot)
