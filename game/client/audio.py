"""Sound effects at the effects volume. Without an audio device the game simply stays silent."""

from __future__ import annotations

import logging

import pygame

from game.client.assets import SOUND_NAMES, AssetError, asset_path

log = logging.getLogger(__name__)


class Audio:
    """Plays named effects; every mixer failure is logged once and then ignored."""

    def __init__(self) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.effects_volume = 0.8
        self.music_volume = 0.6
        self.available = False

    def start(self) -> None:
        """Open the audio device and load the effects (quietly does nothing when that fails)."""
        try:
            pygame.mixer.pre_init(44_100, -16, 2, 512)
            pygame.mixer.init()
            for name in SOUND_NAMES:
                self._sounds[name] = pygame.mixer.Sound(asset_path("sounds", f"{name}.wav"))
            self.available = True
        except (pygame.error, AssetError, OSError) as error:
            log.warning("audio disabled: %s", error)
            self._sounds.clear()
            self.available = False

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect at ``volume`` times the effects volume."""
        sound = self._sounds.get(name)
        if sound is None or self.effects_volume <= 0:
            return
        try:
            sound.set_volume(max(0.0, min(1.0, volume * self.effects_volume)))
            sound.play()
        except pygame.error as error:
            log.warning("audio failed, disabling it: %s", error)
            self._sounds.clear()
            self.available = False
