"""Scenes: the title menu, the new-match menu, settings, credits and dialogs."""
