"""Files on the Pico's flash (LittleFS): append for the journal, replace atomically."""

import os


class Storage:
    def read(self, name):
        try:
            with open(name, "rb") as f:
                return f.read()
        except OSError:
            return None

    def append(self, name, data):
        with open(name, "ab") as f:  # closing commits the write to LittleFS
            f.write(data)

    def replace(self, name, data):
        tmp = name + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.rename(tmp, name)  # LittleFS renames atomically over the old file

    def remove(self, name):
        try:
            os.remove(name)
        except OSError:
            pass

    def exists(self, name):
        try:
            os.stat(name)
            return True
        except OSError:
            return False
