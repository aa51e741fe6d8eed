"""User files: atomic writes, settings, saves (no pygame here)."""
