"""The files a command writes at its end (charts, figures, tables), tried before it starts its work: a path
that cannot be written is refused at once, not after minutes of games."""

import os

import click


def check_new_file(path, option, extensions=None):
    """Refuse at once a file that could not be written later: no name, a folder, a wrong extension, a missing folder,
    or one that refuses the write whatever the permission bits say (a read-only disk, root's os.access).
    The file is opened for appending, as it will be written, and removed again if it was not there."""
    if not path:
        raise click.BadParameter("give the name of a file", param_hint=option)
    if os.path.isdir(path):
        raise click.BadParameter("%s is a folder: give a file name" % path, param_hint=option)
    if extensions and os.path.splitext(path)[1].lower() not in extensions:
        raise click.BadParameter(
            "%s must end in %s" % (path, ", ".join(extensions[:-1]) + " or " + extensions[-1]), param_hint=option
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.BadParameter("there is no folder %s" % folder, param_hint=option)
    existed = os.path.exists(path)
    try:
        with open(path, "a"):
            pass
    except OSError as exc:
        raise click.BadParameter("%s cannot be written: %s" % (path, exc.strerror or exc), param_hint=option) from None
    if not existed:
        os.remove(path)


def write_output(path, option, text):
    """Write a command's text output to path; what went wrong as one line naming the option."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise click.ClickException("could not write %s %s: %s" % (option, path, exc.strerror or exc)) from None
