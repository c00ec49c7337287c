"""Learn: each game's course, one step at a time (``routes``)."""
