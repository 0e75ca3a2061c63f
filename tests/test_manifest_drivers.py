"""firmware/manifest.py, run the way MicroPython's tools/makemanifest.py runs it.

makemanifest executes a manifest from the manifest's own folder with the
functions include/package/module/require/freeze in its globals; stand-ins
record the calls. The image built from it must hold every package of
firmware/ (and so a package added later, such as referee, is caught here),
main.py, and the stock board manifest (_boot.py mounts the file system,
asyncio runs the box).
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


def run_manifest(monkeypatch):
    calls = []

    def recorder(kind):
        return lambda *args, **kwargs: calls.append((kind,) + args + tuple(sorted(kwargs.items())))

    names = ("include", "package", "module", "require", "freeze", "metadata", "options")
    manifest_globals = {name: recorder(name) for name in names}
    monkeypatch.chdir(FIRMWARE)
    with open(os.path.join(FIRMWARE, "manifest.py")) as f:
        exec(f.read(), manifest_globals)
    return calls


def test_the_manifest_freezes_every_firmware_package_and_main(monkeypatch):
    calls = run_manifest(monkeypatch)
    packages = sorted(
        name for name in os.listdir(FIRMWARE) if os.path.isfile(os.path.join(FIRMWARE, name, "__init__.py"))
    )
    assert "games" in packages and "ultimusbox" in packages
    assert sorted(c[1] for c in calls if c[0] == "package") == packages
    assert ("module", "main.py") in calls
    assert calls[0] == ("include", "$(PORT_DIR)/boards/manifest.py")  # _boot.py, asyncio, neopixel
    loose = sorted(name for name in os.listdir(FIRMWARE) if name.endswith(".py"))
    assert loose == ["main.py", "manifest.py"]  # nothing else at the top that the image would miss


def test_every_frozen_path_exists(monkeypatch):
    for call in run_manifest(monkeypatch):
        if call[0] == "package":
            assert os.path.isdir(os.path.join(FIRMWARE, call[1]))
        elif call[0] == "module":
            assert os.path.isfile(os.path.join(FIRMWARE, call[1]))
