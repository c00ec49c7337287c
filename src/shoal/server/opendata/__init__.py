"""The open data (issue 63): ``shoal db export`` and the ``/database`` page.

:mod:`.store` reads what may be published, :mod:`.service` writes the export (docs/data.md)
and reads a published folder, :mod:`.routes` lists and serves its files.
"""
