"""Human statistics of a game (issue 47): who wins between people on this site, by rating band
and speed, against the AI's figures (``routes``, ``service``, ``store``, ``models``)."""
