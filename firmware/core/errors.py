# Refusals: the one way game logic says "no", carrying a message id the screen can translate.


class Refusal(Exception):
    """An input the rules do not allow. The state it was offered to is left untouched.

    `msg_id` is a key of the message tables (core.messages and the per-game tables);
    `info` holds the values the message text interpolates, e.g. {"max": 9}.
    """

    def __init__(self, msg_id, info=None):
        super().__init__(msg_id)
        self.msg_id = msg_id
        self.info = info or {}

    def __str__(self):
        if self.info:
            return "%s %s" % (self.msg_id, self.info)
        return self.msg_id


def fill(text, info):
    """A message text with its {placeholders} filled from `info` (the one way: the device's
    App.t and core.messages.text both use it)."""
    if info:
        for k in info:
            text = text.replace("{" + k + "}", str(info[k]))
    return text
