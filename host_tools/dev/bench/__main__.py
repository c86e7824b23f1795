# `python -m host_tools.dev.bench`: the benchmark page (host_tools/dev/bench/run.py).
import sys

from host_tools.cli_io import run_command
from host_tools.dev.bench.run import main

sys.exit(run_command(main))
