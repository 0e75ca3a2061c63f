"""The host package: command line, bots and simulations around the rules core (`ultimus`).

Importing it sets the PC's watch over the games it runs (ultimus_host.watch): a handler's phase change
its flow does not declare is reported in one line, never raised."""

from ultimus_host import watch as _watch

_watch.install()
