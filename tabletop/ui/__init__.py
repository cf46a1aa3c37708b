"""The pygame-ce client: scenes, table, drag and drop, hotseat cover."""

import os

# pygame-ce prints a banner on import; a desktop program should not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
