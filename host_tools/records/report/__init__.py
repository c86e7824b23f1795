# The report of game nights: CSV and HTML from logs (run.py), each game's part found through parts.py.
