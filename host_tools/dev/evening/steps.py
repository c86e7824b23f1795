"""The evening's steps (story.py) read into (op, args, text): the panel's button steps and the phones' own.

    phone NAME LANG                  a phone that joins at boot (its page's stream, in its language)
    click NAME | long NAME | ...     a button step (host_tools/dev/sim/script.py's syntax)
    claim PHONE SEAT                 the phone asks for the seat (POST /claim); the panel then asks
                                     the table, whose OK is the next step's press
    refused PHONE SEAT               the same claim, refused (409) with the simulator's reason
    act PHONE {EVENT}                the phone sends an event (POST /act) with its seat's token
    powercut                         the board loses power and boots again on the same flash
    check NAME                       every phone's view against the panel's state (run.py)
    export                           `python -m host_tools export --url` of the board's games
"""
import json

BUTTON_OPS = ("click", "long", "repeat", "hold", "wait")
PHONE_OPS = ("claim", "refused", "act")
OPS = BUTTON_OPS + PHONE_OPS + ("phone", "powercut", "check", "export")


class Step:
    def __init__(self, op, args, text, line):
        self.op, self.args, self.text, self.line = op, args, text, line

    @property
    def phone(self):
        return self.args[0] if self.op in PHONE_OPS else None

    def seat(self):
        return int(self.args[1])

    def event(self):
        return json.loads(" ".join(self.args[1:]))

    def __repr__(self):
        return "line %d: %s" % (self.line, self.text)


def parse(lines):
    """[Step] of the evening's lines; ValueError names a line that is not one."""
    out = []
    for n, raw in enumerate(lines, 1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        words = text.split()
        op, args = words[0], words[1:]
        if op not in OPS:
            raise ValueError("line %d: unknown step %r" % (n, op))
        step = Step(op, args, text, n)
        if op == "act":
            step.event()          # its JSON read now: a typo fails before the board boots
        out.append(step)
    return out


def load(path=None):
    """The evening's steps: story.py's, or a file of such lines (a shorter evening, by hand)."""
    if path is None:
        from host_tools.dev.evening import story
        return parse(story.lines())
    with open(path, encoding="utf-8") as f:
        return parse(f.read().splitlines())


def phones(steps):
    """[(name, lang)] of the evening's phones, as declared."""
    return [(s.args[0], s.args[1]) for s in steps if s.op == "phone"]


def cid(phone):
    """The client id a phone's page keeps (8 to 32 characters)."""
    return "evening-phone-" + phone


def phone_of(client):
    return client[len("evening-phone-"):] if client.startswith("evening-phone-") else None
