"""Challenges (issue 22): one account challenges another by name; accepted, declined, expired.

* ``routes``: the challenges' API and the challenge page.
"""
