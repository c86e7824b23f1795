# 掛け引きほーるでむ on the PC: its random player and bench settings, its report, season figures and calculator.
