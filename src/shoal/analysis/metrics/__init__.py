"""Game metrics for designers: Ludii's suite with intervals, sequential stopping, skill
curves, compensation search and human data (issue 47; definitions in docs/metrics.md).

* :mod:`.intervals`: Wilson and seeded bootstrap intervals, SPRT, ``--until`` targets.
* :mod:`.trace`: what a report keeps of one self-play game, and playing games for it.
* :mod:`.suite`: the metrics from traces.
* :mod:`.sequential`: play until a rate is known to a precision or a budget ends.
* :mod:`.skill`: first-player and draw rates per level pair, plotted.
* :mod:`.compensation`: the value of a compensating option that balances a level.
* :mod:`.humans`: the same rates from a server's finished games (read-only).
* :mod:`.report`: JSON, text and HTML.
"""
