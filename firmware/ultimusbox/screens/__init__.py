"""One screen per game: its input controller (button -> core action) and its lights (state -> frame).

A game's screen module offers `Screen(shell)` with:

  NAME                        the game's name in the registry (ultimusbox.games)
  entry                       the input state: the entry in progress, which the
                              controller changes and the lights read (nothing else does)
  option_press(button)        seat selection: +/- and MODE set the game's options
  render_options(frame, k, blink)  ... and show them on wheel k, the game's menu wheel
  seat_setup(players, seed)   (core set-up, box settings) that CONFIRM starts
  start()                     a game began or resumed: a fresh entry
  secret(button)              True if pressing it now must not be published (a hidden choice)
  press(button, t_us)         the controller: core actions through shell.act()
  tick(now_us)                the game's timers (a countdown)
  on_events(events)           the core's events of an accepted action, before anyone else sees them
  render(frame, now_ms, blink)  the game's frame; allocates nothing
  describe()                  the entry in words, for the virtual box's screen

and a module function `link_setup(request)` -> (core set-up, box settings)
for the link's new_game. How many stations may join is the game's rules' range
(RULES.PLAYERS, define(players=...)), which the seat selection reads.

The shell gives the screen this surface, and a screen uses nothing else of it
(tests/test_screen_surface.py reads the names below):

  shell.game                  the core Game (referee.engine): its
    game.state, game.setup      state and set-up, and its
    game.rules                  rules, of which
      rules.variant(s)          the flow's variant for a state, and
      rules.FLOW                the flow's answers for a box, allocation-free but for a Who's seats(s):
        FLOW.seat_now(variant, s)        who acts now (the seat whose turn it is, else the first seat
                                         the phase's actions name; -1: the box, or any seat)
        FLOW.allows(variant, s, seat, name)  whether the phase has that action and its Who lets the seat
  shell.settings              the box settings of the game
  shell.act(action)           hand an action to the core (None: refused, and shown)
  shell.refuse(code, message) show a refusal
  shell.note(event)           an event of the box's own (a table die, a sound)
  shell.flash(key, ms), shell.flashing(key, now_ms)  a notice's blink
  shell.seat_of_station(k), shell.station_of_seat(seat)
  shell.seats                 the seat selection (its joined stations, in the order they joined)
  shell.end_game()            back to the seat selection
  shell.clock                 ms(), diff(a, b), add(t, us): the box's clock

The pre-checks (referee.acting, games/<game>/prechecks.py) are not on it: a box loads them only when
it resumes a game, and a screen's own copy where the heap forces one says what it measured.
"""


def phase_handler(screen, phase):
    """The screen's _press_PHASE method, or None. Looked up once per phase and kept in the screen's
    `handlers` dict: a press then makes no new name string and no new bound method."""
    handlers = screen.handlers
    if phase not in handlers:
        handlers[phase] = getattr(screen, "_press_" + phase, None)
    return handlers[phase]
