# An evening at the table with six Chromium phones on the simulator (issue 47 §6): night.py, for make test and make bench.
