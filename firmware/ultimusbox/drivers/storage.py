"""Files on the Pico's flash (LittleFS): read line by line, append, replace atomically."""

import os


class Storage:
    def read_lines(self, name):
        """Each line of the file (with its newline; the last may lack one), never the whole file at once."""
        try:
            f = open(name, "rb")
        except OSError:
            return
        try:
            while True:
                line = f.readline()
                if not line:
                    return
                yield line
        finally:
            f.close()

    def append(self, name, data):
        with open(name, "ab") as f:  # closing commits the write to LittleFS
            f.write(data)

    def replace_lines(self, name, lines):
        tmp = name + ".tmp"
        with open(tmp, "wb") as f:
            for line in lines:
                f.write(line)
        os.rename(tmp, name)  # LittleFS renames atomically over the old file

    def replace(self, name, data):
        self.replace_lines(name, (data,))

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
