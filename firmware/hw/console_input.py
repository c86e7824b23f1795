# Whether a character waits on the USB console, asked at every turn of the idle loop (100 a second) without allocating.


def waiting_input(stream):
    """A function telling whether `stream` (sys.stdin) has a character to read, allocating nothing
    after its first call where the interpreter can: MicroPython's ipoll hands back the one tuple it
    made at its first call, where poll() makes a list at each call (100 a second of the idle loop's
    garbage: a collection then fell on a press or not as the time idled before it said). The
    console's other reads are the caller's."""
    import select
    poller = select.poll()
    poller.register(stream, select.POLLIN)
    ipoll = getattr(poller, "ipoll", None)
    if ipoll is None:                 # CPython (a Raspberry Pi, the tests): poll()
        return lambda: bool(poller.poll(0))

    def waiting():
        for _ in ipoll(0):
            return True
        return False
    return waiting
