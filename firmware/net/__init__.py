# The phone server: the live table over Wi-Fi (imported only on a board with a radio, docs/phones.md).
