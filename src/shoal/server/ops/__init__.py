"""Running the server in public: health, metrics and logs (issue 57; docs/operations.md).

* ``routes``: ``GET /healthz``, ``GET /readyz`` (:mod:`.health`), ``GET /metrics``
  (:mod:`.metrics`, behind the operator's token or addresses).
* ``http``: the middleware in front of every route: request ids, access lines, HTTP metrics,
  open sockets.
* ``hooks``: moves, new games and statements counted from the manager's hooks and
  SQLAlchemy's events; ``sampler``: the event loop's lag, the games in memory, the pool, the
  relay's lag, sampled by a task of each process.
* ``logs``: the log's format (JSON or text, one line per event, secrets blanked).
* ``startup``: ``shoal serve`` waits for its database before it gives up.

:class:`.service.Ops` is built by the assembly like every domain's service (the routes
receive it by type); ``create_app`` adds :class:`.http.Observe` and the app's tasks run
:meth:`.service.Ops.sample`. This package's ``__init__`` imports nothing: the metrics are
counted from the database layer and the domains (``from shoal.server.ops.metrics import
...``) without loading the rest.
"""
