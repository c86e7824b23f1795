# The season's charts: each player's average place night by night, an inline SVG; every point
# visible (a place two players share, a player's only night) and the legend under the plot.
from host_tools.records.report.chart import chart_rc, layered, setup_matplotlib, svg_of
from host_tools.records.season.words import w

CHART_NIGHTS = 50      # points per line at most: a longer season is drawn in groups of nights
HEIGHT = 3.6           # inches: the plot with its axes' labels, the legend's rows added under it
TOP, BOTTOM = 0.11, 0.58   # inches above the plot, and under it for the nights and their label
LEGEND_ROW = 0.24      # inches a row of the legend takes under a chart
LEGEND_COLUMNS = 4


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
        fig, ax = plt.subplots(figsize=(7, HEIGHT))
        try:
            drawn = []
            for i, (label, per) in enumerate(grouped):
                xs = sorted(per)
                drawn.append(ax.plot(xs, [per[x] for x in xs], **layered(i, len(grouped)))[0])
            rows = legend_below(fig, drawn, [lb for lb, _ in grouped])
            tall = HEIGHT + LEGEND_ROW * rows
            # the plot keeps its own height; the legend's rows are added under the night labels
            fig.subplots_adjust(left=0.1, right=0.98, top=1 - TOP / tall, bottom=(BOTTOM + LEGEND_ROW * rows) / tall)
            ax.set_xlabel(w("x_night", lang))
            ax.set_ylabel(w("y_place", lang))
            ax.invert_yaxis()
            ax.xaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
            ax.xaxis.set_major_formatter(FuncFormatter(
                lambda x, pos: firsts[int(x) - 1] if x == int(x) and 1 <= int(x) <= len(firsts) else ""))
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.grid(True, alpha=0.3)
            svg = svg_of(fig)
        finally:
            plt.close(fig)
    return svg


def legend_below(fig, handles, labels):
    """The legend under the plot, never over a point: LEGEND_COLUMNS names a row, the figure made
    taller by its rows. Returns the rows."""
    rows = -(-len(labels) // LEGEND_COLUMNS) if labels else 0
    fig.set_size_inches(fig.get_size_inches()[0], HEIGHT + LEGEND_ROW * rows)
    # explicit labels: matplotlib hides legend labels that start with "_"
    fig.legend(handles, labels, loc="lower center", bbox_to_anchor=(0.5, 0.0),
               ncol=min(LEGEND_COLUMNS, len(labels) or 1), fontsize="small")
    return rows
