# The hands entered on phones, for each game's test_phone_hands_*.py: the panel's list, and the
# phone page's hand forms driven in headless Chromium.
import json


def tap_plus(phone, label, times):
    """The + of the hand form's field `label`, `times` times, each seen on the page."""
    for k in range(times):
        where = phone.js("""(() => { const f = [...document.querySelectorAll('.form[data-form=hand] .field')]
            .find(f => f.querySelector('.l') && f.querySelector('.l').textContent === %s);
            if (!f) return null; const b = f.querySelectorAll('.step button')[1];
            b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; })()""" % json.dumps(label))
        assert where, "no field %r on the %s phone" % (label, phone.lang)
        for kind in ("mousePressed", "mouseReleased"):
            phone.call("Input.dispatchMouseEvent", type=kind, x=where[0], y=where[1], button="left",
                       buttons=1 if kind == "mousePressed" else 0, clickCount=1)
        phone.wait(lambda p, n=k + 1: phone.js(
            """[...document.querySelectorAll('.form[data-form=hand] .field')].find(f => f.querySelector('.l')
               && f.querySelector('.l').textContent === %s).querySelector('.n').textContent""" % json.dumps(label))
            == str(n), "%s at %d" % (label, k + 1))


def heads(view):
    return [s.get("head") for s in view["sections"]]

def on_hands(app):
    """The panel shows 手札の入力 (by name: choosing a game unloads ui.hands, so another test's
    import of its class may not be the one the App loaded since)."""
    return type(app.top()).__name__ == "HandsScreen"
