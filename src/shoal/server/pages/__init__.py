"""The web client's pages, pictures and plots (``routes``)."""
