"""The evening's figures for `make bench` (docs/bench-phones.md "An evening"): the evening of
tests/browser/test_phone_evening_page.py (host_tools/dev/phone_evening/night.py), played once on the
simulator with six headless Chromium phones at 390x844, every step checked as in the test: the views
delivered to the phones and how long the last phone took to show each change."""
import os
import shutil
import tempfile
import time

from host_tools.dev.web import cdp


def measure():
    """(figures, seconds, None) of one evening, or (None, None, why not)."""
    if not cdp.chromium():
        return None, None, "Chromium is not installed (Debian: apt-get install chromium)"
    from host_tools.dev.phone_evening import night
    from host_tools.dev.phone_evening.browser import pb
    browser = cdp.Browser(width=pb.WIDTH, height=pb.HEIGHT)
    folder = tempfile.mkdtemp(prefix="bench-evening-")
    t0 = time.time()
    try:
        ev, _ = night.run(browser, os.path.join(folder, "table"))
        return ev.figures.summary(), time.time() - t0, None
    except (Exception, pb.pytest.fail.Exception) as e:     # a check that failed: said, not measured
        return None, None, "the evening failed: %s" % str(e).splitlines()[0]
    finally:
        browser.close()
        shutil.rmtree(folder, ignore_errors=True)


def section():
    """The Markdown lines of docs/bench-phones.md's "An evening"."""
    lines = ["## An evening (simulator, six Chromium phones)", "",
             "The evening of tests/browser/test_phone_evening_page.py (host_tools/dev/phone_evening/night.py): five games",
             "of all four kinds, kept and ended, a power cut, a kept game resumed, six phones at 390×844 joining",
             "and leaving, every step checked. A change's time runs to the moment the last phone showed it (the",
             "page's own clock, read back); the simulator sends the phones' streams before it answers a step.", ""]
    f, took, why = measure()
    if f is None:
        return lines + ["not measured: " + why]
    return lines + [
        "| figure | |", "|---|---:|",
        "| views delivered to the phones | %s |" % "{:,}".format(f["delivered"]),
        "| the panel's steps, each checked on every phone | %d |" % f["steps"],
        "| steps that changed the view | %d |" % f["changes"],
        "| a step's answer to every phone showing its view: median | %.0f ms |" % f["answer_median_ms"],
        "| ... worst | %.0f ms (%s) |" % (f["answer_worst_ms"], f["answer_worst_at"]),
        "| the press (the step sent) to every phone: median | %.0f ms |" % f["press_median_ms"],
        "| ... 90th percentile | %.0f ms |" % f["press_p90_ms"],
        "| ... worst | %.0f ms (%s) |" % (f["press_worst_ms"], f["press_worst_at"]),
        "| the whole evening, checks included (this PC) | %.0f s |" % took]
