# The season's charts: each player's average place night by night, an inline SVG.
from host_tools.records.report.chart import chart_rc, setup_matplotlib, svg_of
from host_tools.records.season.words import w

CHART_NIGHTS = 50      # points per line at most: a longer season is drawn in groups of nights


def group_of(nights):
    """How many nights one point of a chart stands for (1 up to CHART_NIGHTS nights)."""
    return max(1, -(-len(nights) // CHART_NIGHTS))


def chart_caption(nights, lang):
    k = group_of(nights)
    return w("chart", lang) if k == 1 else w("chart_grouped", lang, n=k)


def chart_svg(lines, nights, lang):
    """An inline SVG of average places: lines = [(label, {night: [places]})], one point per night,
    or per group of group_of(nights) nights (labelled with the group's first night)."""
    plt = setup_matplotlib()
    import matplotlib
    from matplotlib.ticker import FuncFormatter, MaxNLocator
    k = group_of(nights)
    index = dict((n, i // k + 1) for i, n in enumerate(nights))
    firsts = nights[::k]
    grouped = []
    for label, per in lines:
        sums = {}
        for n, places in per.items():
            if n in index:
                c = sums.setdefault(index[n], [0, 0])
                c[0] += sum(places)
                c[1] += len(places)
        grouped.append((label, dict((x, c[0] / float(c[1])) for x, c in sums.items())))
    with matplotlib.rc_context(chart_rc()):
        fig, ax = plt.subplots(figsize=(7, 3.6))
        try:
            fig.subplots_adjust(left=0.1, right=0.98, top=0.97, bottom=0.16)
            drawn = []
            for label, per in grouped:
                xs = sorted(per)
                drawn.append(ax.plot(xs, [per[x] for x in xs], marker="o", markersize=3)[0])
            ax.set_xlabel(w("x_night", lang))
            ax.set_ylabel(w("y_place", lang))
            ax.invert_yaxis()
            ax.xaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
            ax.xaxis.set_major_formatter(FuncFormatter(
                lambda x, pos: firsts[int(x) - 1] if x == int(x) and 1 <= int(x) <= len(firsts) else ""))
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.grid(True, alpha=0.3)
            ax.legend(drawn, [lb for lb, _ in grouped], loc="best", fontsize="small")  # "_" names shown
            svg = svg_of(fig)
        finally:
            plt.close(fig)
    return svg
