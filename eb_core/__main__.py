"""``python -m eb_core`` -- see :mod:`eb_core.cli`."""
from .cli import main

raise SystemExit(main())
