# What talks to a board: deploy, the firmware's build and flash, export, names, Wi-Fi, the board folders.
