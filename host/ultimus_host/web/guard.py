"""Who may reach `ultimus serve` at all, and the referee's key (docs/serve.md, "Trust").

The Guard is the outermost layer of the web app: every HTTP request and every WebSocket handshake names a
`Host` this server answers to (its address, localhost, 127.0.0.1, [::1], with its port) and, when it carries
an `Origin` (a browser always does on a WebSocket and a form's POST), one of those hosts: a page of another
site open in a browser on the table's Wi-Fi (cross-site WebSocket hijacking) and a name that a rebinding DNS
points at this machine both get `403 forbidden` before anything is accepted or read. The referee's key is
drawn from os.urandom, kept in a 0600 file of a 0700 folder so that the referee's URL survives a restart,
and compared in constant time.
"""

import hmac
import os
from urllib.parse import urlsplit

from ultimus_host.pcdrivers import secret_folder, write_secret

FORBIDDEN = b"forbidden"  # a refusal's whole answer: no hint of what was wrong
KEY_FILE = "referee.key"
KEY_BYTES = 16  # 128 bits: 32 hex digits in the referee's URL
LOOPBACK = ("localhost", "127.0.0.1", "[::1]")


def referee_key(folder, renew=False):
    """The referee's key kept in `folder` (drawn the first time, or again when renew)."""
    secret_folder(folder)
    path = os.path.join(folder, KEY_FILE)
    if not renew:
        try:
            with open(path) as f:
                key = f.read().strip()
            if len(key) == 2 * KEY_BYTES and all(c in "0123456789abcdef" for c in key):
                os.chmod(path, 0o600)
                return key
        except OSError:
            pass
    key = os.urandom(KEY_BYTES).hex()
    write_secret(path, key + "\n")
    return key


def same_secret(given, secret):
    """Whether a key or token given by a page is the secret, in a time that says nothing of how close it was."""
    if not isinstance(given, str) or not isinstance(secret, str) or not secret:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode())


def allowed_hosts(host, port, also=()):
    """The `Host` values this server answers to: its own address, the loopback names and `also` (the machine's
    address on its network when it listens on every address), with its port."""
    names = set(LOOPBACK)
    for name in (host,) + tuple(also):
        names.add(("[%s]" % name if ":" in name and not name.startswith("[") else name).lower())
    return frozenset("%s:%d" % (n, port) for n in names) | (frozenset(names) if port == 80 else frozenset())


def _header(scope, name):
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return None


def refusal(scope, hosts):
    """Why a request or a handshake is refused (None: it may go on)."""
    host = _header(scope, b"host")
    if host is None or host.lower() not in hosts:
        return "host"  # DNS rebinding: a foreign name that resolves here
    origin = _header(scope, b"origin")
    if origin is None:
        return None  # not a browser's cross-site request (a browser names the origin of a socket and a POST)
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or (parts.netloc or "").lower() not in hosts:
        return "origin"  # another site's page, or "null" (a sandboxed frame, a file)
    return None


# Every page's answer: never inside another site's frame (a click on "take a seat" tricked through it), no
# address of ours (a key, a token) in a Referer, no content type guessed.
HARDENING = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


def send_hardened(send):
    """`send` with HARDENING added to the start of every HTTP response."""

    async def hardened(message):
        if message["type"] == "http.response.start":
            message = dict(message, headers=list(message.get("headers") or []) + HARDENING)
        await send(message)

    return hardened


class Guard:
    """ASGI middleware: refuses, before the app sees it, whatever fails refusal(); counts what it refused."""

    def __init__(self, app, hosts):
        self.app, self.hosts = app, hosts
        self.refused = {"host": 0, "origin": 0}

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        why = refusal(scope, self.hosts) if kind in ("http", "websocket") else None
        if why is None:
            await self.app(scope, receive, send_hardened(send) if kind == "http" else send)
            return
        self.refused[why] += 1
        if kind == "websocket":
            await receive()  # the handshake's connect; closing before accept answers it with 403
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = [(b"content-type", b"text/plain"), (b"content-length", str(len(FORBIDDEN)).encode())]
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": FORBIDDEN})
