"""The web application: HTTP + WebSocket API, sessions, storage. Authoritative."""
