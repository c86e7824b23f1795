"""`python -m host_tools wifi SSID PASSWORD` / `wifi --off`: the table's Wi-Fi for a Pico W or Pico 2 W.

With /wifi.json on the board it joins that network at power-up (and shows the address DHCP gave on
the panel's 「スマホで見る」); without it, or when the network does not answer within 20 s, the board
opens its own access point (docs/phones.md). The file is written through a temporary name and a
rename, as the names are, so a pulled cable leaves the old file or the new one.
"""
import argparse
import json
import sys

from host_tools.board.files import DeviceError, device_put, mpremote_runner


def check(ssid, password):
    """The credentials as the board's firmware reads them; ValueError names what is wrong."""
    if not ssid or len(ssid.encode("utf-8")) > 32:
        raise ValueError("the network's name (SSID) must be 1 to 32 bytes")
    if password and not 8 <= len(password) <= 63:
        raise ValueError("a WPA password has 8 to 63 characters (none for an open network)")
    if any(ord(ch) < 32 for ch in ssid + password):
        raise ValueError("the name and the password cannot hold control characters")
    return {"ssid": ssid, "password": password}


def push(creds, run):
    if creds is None:
        run(["exec", "import os\ntry:\n os.remove('wifi.json')\nexcept OSError:\n pass"])
        return None
    device_put(run, json.dumps(creds, ensure_ascii=False).encode("utf-8"), "wifi.json")
    return creds


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools wifi", description=__doc__.split("\n")[0])
    ap.add_argument("--port", help="the Pico's serial port (default: the one mpremote finds)")
    ap.add_argument("--off", action="store_true", help="remove /wifi.json: the board opens its own access point")
    ap.add_argument("ssid", nargs="?", help="the table's Wi-Fi network name")
    ap.add_argument("password", nargs="?", default="", help="its WPA password (none for an open network)")
    args = ap.parse_args(argv)
    try:
        if args.off:
            creds = None
        elif not args.ssid:
            ap.error("give the network's name and password, or --off")
        else:
            creds = check(args.ssid, args.password)
        push(creds, mpremote_runner(args.port, again="python -m host_tools wifi --port /dev/ttyACM0 SSID PASSWORD"))
    except ValueError as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    except DeviceError as e:
        sys.stderr.write("device: %s\n" % e)
        return 3
    print("wifi.json removed: the board opens its own access point" if creds is None else
          "wifi.json written: the board joins %s at the next power-up" % creds["ssid"])
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
