"""The engine's contract checked by pyright (make lint), not run: the five games' RULES against
referee.contract.Rules, their box screens against Screen, the host's bots and referees against Chooser.

A game that leaves out a part of define(), a screen that loses a method the shell calls, or a bot
whose choose() takes other arguments fails the type check here. Nothing imports this module.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from games.morituri.rules import RULES as MORITURI
    from games.morituri_board.rules import RULES as MORITURI_BOARD
    from games.munera.rules import RULES as MUNERA
    from games.ultimatum.rules import RULES as ULTIMATUM
    from games.ultimus.rules import RULES as ULTIMUS
    from referee.contract import Chooser, Rules, Screen  # pyright: ignore[reportMissingModuleSource]
    from ultimus_host import bots, loop
    from ultimus_host.games.morituri import bots as morituri_bots
    from ultimus_host.games.morituri_board import bots as board_bots
    from ultimus_host.games.munera import bots as munera_bots
    from ultimus_host.games.ultimatum import bots as ultimatum_bots
    from ultimus_host.games.ultimus import bots as ultimus_bots
    from ultimusbox.screens.morituri import screen as morituri_screen
    from ultimusbox.screens.morituri_board import screen as board_screen
    from ultimusbox.screens.munera import screen as munera_screen
    from ultimusbox.screens.ultimatum import screen as ultimatum_screen
    from ultimusbox.screens.ultimus import screen as ultimus_screen

    RULES: "tuple[Rules, ...]" = (ULTIMUS, MORITURI, ULTIMATUM, MUNERA, MORITURI_BOARD)
    SCREENS: "tuple[type[Screen], ...]" = (
        ultimus_screen.Screen,
        morituri_screen.Screen,
        ultimatum_screen.Screen,
        munera_screen.Screen,
        board_screen.Screen,
    )
    CHOOSERS: "tuple[type[Chooser], ...]" = (
        loop.PlayOn,
        bots.RandomBot,
        ultimus_bots.RandomReferee,
        ultimus_bots.HeuristicBot,
        morituri_bots.InitiativeReferee,
        morituri_bots.SensibleBot,
        ultimatum_bots.RandomBot,
        ultimatum_bots.SensibleBot,
        munera_bots.GladiatorBot,
        munera_bots.CarefulBot,
        board_bots.Referee,
        board_bots.SensibleBot,
    )
