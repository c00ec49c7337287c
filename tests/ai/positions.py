"""Connect Four positions for the search tests (x is seat 0, o seat 1)."""

# x to move wins at once with d (a-b-c-d on the bottom row).
WIN_IN_ONE = "......./......./......./......./......./xxx.ooo x"
# o to move must block d, or x wins at d.
AVOID_LOSS = "......./......./......./......./......./xxx.oo. o"
# x to move: d makes two threats (a and e on the bottom row): a win in 3 actions.
FORCED_WIN = "......./......./......./......./.oo..../.xx.... x"
