"""``python -m markup5``: the command line."""

from .cli import main

raise SystemExit(main())
