"""The pygame-ce client: window, scenes, widgets, assets. Nothing here is imported by the rules."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
