# `python -m host_tools.bench`: the benchmark page (host_tools/bench/run.py).
import sys

from host_tools.bench.run import main

sys.exit(main())
