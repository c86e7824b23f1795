# 囲将会ドボン through the buttons: an option of a choice screen picked by its label (pick), a row of the call list (kakoi_list_row).


def pick(d, label):
    scr = d.app.top()
    labels = [o[0] for o in scr.opts]
    i = [k for k in range(len(labels)) if labels[k] == label or labels[k].startswith((label + "（", label + " ("))][0]
    while scr.sel != i:
        d.press("down")
    d.press("ok")


def kakoi_list_row(d, text):
    scr = d.app.top()
    i = [k for k, r in enumerate(scr.rows()) if r.startswith(text)][0]
    while scr.sel != i:
        d.press("up")
    d.press("ok")
