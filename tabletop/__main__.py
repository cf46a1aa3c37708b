"""``python -m tabletop``: the same as the ``tabletop`` command (see :mod:`tabletop.cli`)."""

from tabletop.cli import main

raise SystemExit(main())
