"""One screen per game: its input controller (button -> core action) and its lights (state -> frame).

A game's screen module offers `Screen(shell)` with:

  NAME                        the game's name in the registry (ultimusbox.games)
  PLAYERS                     (fewest, most) stations that may join
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
for the link's new_game. The shell gives the screen: game, settings,
act(action), refuse(code, message), note(event), flash(key, ms),
flashing(key, now_ms), seat_of_station(k), station_of_seat(seat), clock.
"""


def phase_handler(screen, phase):
    """The screen's _press_PHASE method, or None. Looked up once per phase and kept in the screen's
    `handlers` dict: a press then makes no new name string and no new bound method."""
    handlers = screen.handlers
    if phase not in handlers:
        handlers[phase] = getattr(screen, "_press_" + phase, None)
    return handlers[phase]
