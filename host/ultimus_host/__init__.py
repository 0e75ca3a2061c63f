"""The host package: command line, bots and simulations around the rules core (`ultimus`)."""
