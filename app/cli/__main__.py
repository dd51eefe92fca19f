"""``python -m app.cli``: the same entry point as the ``diorama`` script."""

from app.cli.main import main

raise SystemExit(main())
