"""One package per game, each the host's side of one game of the box: ultimus_host.games.<name>.

Each package's __init__ declares GAME = ultimus_host.registry.HostGame(...); the registry
(ultimus_host.registry) finds it by the box registry's name. Nothing here imports a game.
"""
