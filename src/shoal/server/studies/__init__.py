"""Studies (issue 44): shared, annotated analysis in chapters, edited live.

``routes`` (the API, the live socket, the pages), ``service`` (permissions, edits of a
chapter's move tree, imports and exports, the live hub), ``store`` (the rows), ``models``
(plain data and limits), ``tables``. docs/studies.md tells the rules.
"""
