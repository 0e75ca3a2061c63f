"""`ultimus serve`: the table's phones as private seat controllers (issue 26).

A small web server on the host, the link's one client with the referee's eye:
pages.py makes what each page may see (the table's public view, each seat's own
view) out of the game, bridge.py owns the link (one thread: events, the local
replica, the seats' actions each sent with its seat's token), app.py serves the
pages and their WebSockets, serve.py starts it all (a virtual box in a folder,
or a box on USB). The pages are plain files in static/: no build step, nothing
from the internet (the table's Wi-Fi may have none).
"""
