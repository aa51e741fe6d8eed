"""MageStone: an offline client for mage-themed board games."""

__version__ = "0.1.0"
