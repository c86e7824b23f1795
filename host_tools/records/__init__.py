# What turns game logs into records: the log reader, seal, the ledger, the report, the season, the calculators.
