# Score calculators for the PC: one JSON case on stdin, one JSON result on stdout.
