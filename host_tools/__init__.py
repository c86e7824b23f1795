# PC-side tools of the table scoreboard, by their three jobs: board/ (what talks to a board), records/
# (what turns game logs into records), dev/ (what a developer runs); kinds/ (what the PC knows of each game).
