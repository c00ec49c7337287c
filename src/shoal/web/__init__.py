"""The static web client (HTML, CSS, JavaScript modules), served by :mod:`shoal.server`."""
