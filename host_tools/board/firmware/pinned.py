"""The one place our firmware's sources are pinned: MicroPython's tag and what it builds with.

The submodule commits are the ones the tag itself records (`git ls-tree v1.28.0 lib/<name>`);
they are written out here so a tree made without git (from archives or snapshots) can be checked
against them, and so docs/firmware.md can name them.
"""
MICROPYTHON_TAG = "v1.28.0"
MICROPYTHON_VERSION = (1, 28, 0)
MICROPYTHON_COMMIT = "e0e9fbb17ed6fd06bb76e266ae554784c9c80804"

# The rp2 port's submodules: (path in the tree, repository, commit).
SUBMODULES = (
    ("lib/pico-sdk", "raspberrypi/pico-sdk", "a1438dff1d38bd9c65dbd693f0e5db4b9ae91779"),
    ("lib/tinyusb", "hathach/tinyusb", "aa0fc2e08f1c2dd6f026a431e8989357fbb4c5bf"),
    ("lib/micropython-lib", "micropython/micropython-lib", "8380c7bb8f9e5e5260e9539156742925e00366b2"),
    ("lib/cyw43-driver", "georgerobotics/cyw43-driver", "055d64274b014dd7b1c2fc94d26e8a18face7124"),
    ("lib/lwip", "lwip-tcpip/lwip", "77dcd25a72509eb83f72b033d219b1d40cd8eb95"),
    ("lib/btstack", "bluekitchen/btstack", "77e752abd6a0992334047a48038a5a3960e5c6bc"),
    ("lib/mbedtls", "Mbed-TLS/mbedtls", "107ea89daaefb9867ea9121002fbbdf926780e98"),
)

# pico-sdk 2.2.0 builds the UF2 with picotool and clones this tag when it finds none.
PICOTOOL_TAG = "2.1.1"
PICOTOOL_COMMIT = "de8ae5ac334e1126993f72a5c67949712fd1e1a4"

# Debian's ARM toolchain (arm-none-eabi-gcc 12.2.1 on bookworm).
DEBIAN_PACKAGES = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "libstdc++-arm-none-eabi-newlib")
