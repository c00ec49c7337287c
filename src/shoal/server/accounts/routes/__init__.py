"""The routes of accounts: ``auth`` (signing up, in and out) and ``users`` (me, profiles)."""
