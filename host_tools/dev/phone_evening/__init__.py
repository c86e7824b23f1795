# An evening at the table with six Chromium phones on the simulator (docs/phones.md, "Across games"): night.py, for make test and make bench.
