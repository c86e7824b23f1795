# PC-side tools of the table scoreboard: simulator, calculators, deploy, export, reports, bench.
