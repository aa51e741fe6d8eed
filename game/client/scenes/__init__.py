"""Scenes: the title menu, settings, credits, dialogs and the placeholders for what comes next."""
