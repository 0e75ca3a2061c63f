"""How the `ultimus` command starts: a Ctrl-C while its modules still load ends it quietly.

Loading the command line takes a good part of a second (click, the rules of five games); Python
would meet a Ctrl-C in that time as a KeyboardInterrupt in the middle of an import and print its
traceback. Nothing has happened yet then, so the command simply ends (exit status 130, as a shell
reports an interrupted program); once it has loaded, Ctrl-C is the commands' own to handle.
"""

import os
import signal


def _leave(signum, frame):
    os._exit(130)


def main():
    signal.signal(signal.SIGINT, _leave)
    from ultimus_host.cli import main as command_line

    signal.signal(signal.SIGINT, signal.default_int_handler)
    return command_line()
