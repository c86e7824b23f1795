"""An evening at the table with phones, played on the emulated Pico W and checked step by step against the simulator (docs/phones.md, "Across games")."""
