"""Keep the compiled files of what a benchmark imports, even where PYTHONDONTWRITEBYTECODE
is set (some machines set it for everyone).

Every benchmark imports this module before the app (it calls :func:`keep_compiled_files`),
however it is run (``.venv/bin/python benchmarks/web.py``): as ``scripts/test`` and
``scripts/serve`` do, the compiled files go to the virtual environment's ``pycache`` folder,
away from the sources, and the processes the benchmark starts (servers, fresh processes
timed cold) inherit the setting. Otherwise each run, and each process it starts, compiles
the whole package again (about 0.5 s of CPU), and a start-up time measures the compiler.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def keep_compiled_files() -> None:
    """Write and read compiled files in the virtual environment's ``pycache`` folder (or
    the folder PYTHONPYCACHEPREFIX already names), here and in every process started from
    here. Outside a virtual environment nothing changes: there is no folder of ours to use."""
    prefix = os.environ.get("PYTHONPYCACHEPREFIX")
    if not prefix:
        if sys.prefix == sys.base_prefix:
            return
        prefix = str(Path(sys.prefix) / "pycache")
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = prefix  # read at each import from now on
    sys.dont_write_bytecode = False


keep_compiled_files()
