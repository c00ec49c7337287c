"""``python -m shoal.cli`` runs the ``shoal`` command."""

from shoal.cli.main import main

raise SystemExit(main())
