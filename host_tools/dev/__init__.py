# What a developer runs: the simulator, the web page, the emulated Pico, the bench, the press counter, the makers.
