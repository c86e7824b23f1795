# The games, a folder each (rules, texts, screens, phone view): core/registry.py is the one list of them.
