# One random button press for the fuzz tests: a hypothesis strategy (press) over the gestures (KINDS) and buttons (NAMES).
from hypothesis import strategies as st

NAMES = ("up", "down", "left", "right", "ok", "back")
KINDS = ("click", "click", "click", "repeat", "long", "press")
press = st.tuples(st.sampled_from(KINDS), st.sampled_from(NAMES))
