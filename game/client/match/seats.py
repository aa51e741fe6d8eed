"""Seats at the table (defined with the save format in :mod:`game.storage.seats`)."""

from game.storage.seats import CONTROLLERS, HUMAN, Seat, seats_from_texts

__all__ = ["CONTROLLERS", "HUMAN", "Seat", "seats_from_texts"]
