# `make bench`: the figures of docs/benchmarks.md (run.py), the phones' and the Pico W's, and their guests (mp/).
