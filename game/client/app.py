"""The client shell: one resizable window, the scene stack and the canonical loop.

``run(options)`` opens the window and paints a first frame before anything heavy loads
(audio, icons, scenes), then loops: events -> update(dt) -> draw -> flip, with
``dt = clock.tick(60) / 1000``. Scenes draw straight onto the window at its own pixels and lay
themselves out from :attr:`App.frame` (see game/client/layout.py); a resize, F11 or an Interface
size change makes a new frame and lays every scene out once.
"""

from __future__ import annotations

import logging
import math
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import diagnostics
from game.client import decor, theme
from game.client.assets import Assets, asset_path
from game.client.audio import Audio
from game.client.input import InputQueue, Intent, Key, KeyIntent, Quit, Resize
from game.client.layout import DEFAULT_WINDOW, MIN_WINDOW, Frame
from game.client.options import ClientOptions
from game.client.scenes.base import Scene, SceneStack
from game.client.scenes.screens import ScreenFactory, register_screen
from game.client.tween import Tween, Tweener, ease_in_out_quad
from game.paths import logs_dir, saves_dir, settings_dir
from game.storage.settings import Settings, load_settings, save_settings, settings_path
from game.storage.userfiles import backup_path, clean_orphan_temps

if TYPE_CHECKING:
    from game.client.scenes.menus import StartupNotice

WINDOW_TITLE = "MageStone"
ANIMATION_SPEED = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": math.inf}
FADE_SECONDS = 0.22

log = logging.getLogger(__name__)


def display_window() -> pygame.Window:
    """The ``pygame.Window`` behind the display surface (to resize it or set its minimum size)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pygame-ce deprecates this bridge to the display module
        return pygame.Window.from_display_module()


class App:
    """The running client: window, frame, input, scenes, settings, audio, assets."""

    def __init__(self, options: ClientOptions) -> None:
        self.options = options
        self.settings_file = settings_path()
        self.settings, self._settings_notice = load_settings(self.settings_file)
        self.assets = Assets()
        self.audio = Audio()
        self.tweens = Tweener(ANIMATION_SPEED[self.settings.animation_speed])
        self.stack = SceneStack()
        self.motes = decor.Motes()
        self.input = InputQueue()
        self.frame = Frame(*DEFAULT_WINDOW, self.settings.ui_scale)
        self.window: pygame.Surface | None = None
        self.running = False
        self.frames = 0
        self._fade: Tween | None = None
        self._seen_changes = 0
        self._windowed_size = DEFAULT_WINDOW
        self._fullscreen = False
        self._veil: pygame.Surface | None = None

    # -- window -------------------------------------------------------------------------------
    def open_window(self) -> None:
        """Create the window (fullscreen when asked by the options or the settings)."""
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(WINDOW_TITLE)
        try:
            pygame.display.set_icon(self._window_icon())
        except (pygame.error, OSError) as error:
            log.warning("window icon not set: %s", error)
        self._set_mode(self.options.fullscreen or self.settings.fullscreen)
        self._milestone("window")

    def _window_icon(self) -> pygame.Surface:
        """A gold MageStone crystal on a dark rounded tile."""
        icon = pygame.Surface((64, 64), pygame.SRCALPHA)
        pygame.draw.rect(icon, (*theme.PANEL, 255), icon.get_rect(), border_radius=14)
        pygame.draw.rect(icon, theme.GOLD, icon.get_rect(), width=2, border_radius=14)
        crystal = pygame.image.load_sized_svg(asset_path("icons", "magestone.svg"), (48, 48))
        crystal.fill((*theme.GOLD_BRIGHT, 255), special_flags=pygame.BLEND_RGBA_MULT)
        icon.blit(crystal, (8, 8))
        return icon

    def _set_mode(self, fullscreen: bool) -> None:
        """Open the display at the window's own size: the desktop resolution when fullscreen,
        else the last windowed size (resizable, never below :data:`MIN_WINDOW`)."""
        self._fullscreen = fullscreen
        if fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
            try:
                display_window().minimum_size = MIN_WINDOW
            except (pygame.error, AttributeError) as error:  # not every video driver has a window
                log.info("minimum window size not set: %s", error)
        self._sync_frame()

    def _sync_frame(self) -> bool:
        """Follow the display surface's size and the Interface size; relayout the scenes when
        either changed. Returns True when they did."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        size = surface.get_size() if surface is not None else self.frame.size
        frame = Frame(size[0], size[1], self.settings.ui_scale)
        if frame == self.frame:
            return False
        self.frame = frame
        if not self._fullscreen:
            self._windowed_size = frame.size
        self.stack.layout()
        return True

    @property
    def canvas(self) -> pygame.Surface:
        """What the scenes draw on: the window surface (an off-screen surface before it opens)."""
        if self.window is None:
            self.window = pygame.Surface(self.frame.size)
        return self.window

    @property
    def fullscreen(self) -> bool:
        """True while the window covers the screen."""
        return self.window is not None and self._fullscreen

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Switch between windowed (the size it had) and fullscreen at the desktop resolution."""
        if self.window is None or fullscreen == self.fullscreen:
            return
        self._set_mode(fullscreen)

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` pixels (leaving fullscreen); smoke runs and benchmarks use it."""
        self.set_fullscreen(False)
        self._windowed_size = (max(1, size[0]), max(1, size[1]))
        self.window = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self._sync_frame()

    def _milestone(self, name: str) -> None:
        if self.options.on_milestone is not None:
            self.options.on_milestone(name)

    def splash(self) -> None:
        """Paint the first frame at once: the backdrop and the title, before anything heavy loads."""
        canvas, frame = self.canvas, self.frame
        canvas.blit(decor.background(frame.size), (0, 0))
        decor.text(
            canvas,
            self.assets,
            "title",
            frame.font(96),
            "MageStone",
            theme.GOLD,
            (frame.width // 2, frame.height * 5 // 12),
            "midtop",
            shadow=True,
        )
        self.present()
        self._milestone("first_frame")

    # -- lifecycle ----------------------------------------------------------------------------
    def start(self) -> None:
        """Open the window, show the first frame, then load audio and the first scenes."""
        self.open_window()
        self.splash()
        self.audio.start()
        self._apply_volumes()
        pygame.key.set_repeat(380, 45)
        register_screens()
        from game.client.scenes.menus import initial_scenes

        for scene in initial_scenes(self, self._startup_notices()):
            self.stack.push(scene)
        self._seen_changes = self.stack.changes
        self.running = True

    def _startup_notices(self) -> list[StartupNotice]:
        from game.client.bundled_data import bundled_data_problems
        from game.client.scenes.menus import StartupNotice
        from game.client.tutorial.progress import Progress
        from game.storage.profiles import load_profiles

        for folder in (settings_dir(), saves_dir()):
            clean_orphan_temps(folder)
        texts = [self._settings_notice or "", Progress.load().notice, load_profiles()[1] or ""]
        problems = bundled_data_problems()
        if problems:
            texts.append("Some of the game's data files are damaged; what does not depend on them works:\n"
                         + "\n".join(problems[:6]))
        notices = [StartupNotice(text) for text in texts if text]
        crash = diagnostics.pending_crash_report(logs_dir())
        if crash is not None:
            notices.append(self._crash_notice(crash))
        return notices

    def _crash_notice(self, report: Path) -> StartupNotice:
        """Where last time's crash report is, and (when it holds the match) an offer to continue it."""
        from game.client.match.loading import open_entry
        from game.client.scenes.menus import StartupNotice

        message = ("MageStone closed unexpectedly last time. A crash report was saved here:\n"
                   f"{report}\nPlease attach it if you report the problem.")
        if not diagnostics.report_holds_match(report):
            return StartupNotice(message)
        return StartupNotice(message + "\nThe match in play was kept in the report: continue it from there?",
                             ("Continue", lambda: open_entry(self, report)))

    def quit(self) -> None:
        """Close at the end of this frame."""
        self.running = False

    def autosave_exists(self) -> bool:
        """True when an autosave is there to continue."""
        autosave = saves_dir() / "autosave.json"
        return autosave.is_file() or backup_path(autosave).is_file()

    def change_settings(self, settings: Settings) -> None:
        """Apply new settings immediately and save them."""
        old, self.settings = self.settings, settings
        if settings.fullscreen != old.fullscreen:
            self.set_fullscreen(settings.fullscreen)
        self._apply_volumes()
        if settings.animation_speed != old.animation_speed:
            self.tweens.speed = ANIMATION_SPEED[settings.animation_speed]
        if settings.ui_scale != old.ui_scale:
            self._sync_frame()
        save_settings(settings, self.settings_file)

    def _apply_volumes(self) -> None:
        self.audio.effects_volume = self.settings.effects_volume
        self.audio.music_volume = self.settings.music_volume

    def push(self, scene: Scene) -> None:
        """Push a scene (shorthand for scenes and tests)."""
        self.stack.push(scene)

    # -- frame --------------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: intents -> update(dt) -> draw -> present."""
        for intent in self.input.pump():
            self._dispatch(intent)
        self.motes.update(dt)
        self.tweens.update(dt)
        self.stack.update(dt)
        if self.stack.changes != self._seen_changes:
            self._seen_changes = self.stack.changes
            self._fade = self.tweens.tween(1.0, 0.0, FADE_SECONDS, ease_in_out_quad)
        if self.stack.top is None:
            self.running = False
            return
        self.draw()
        self.present()
        if self.frames == 0:
            self._milestone("menu")
        self.frames += 1

    def _dispatch(self, intent: Intent) -> None:
        if isinstance(intent, Quit):
            self.running = False
        elif isinstance(intent, Resize):
            self._sync_frame()
        elif isinstance(intent, KeyIntent) and intent.key is Key.TOGGLE_FULLSCREEN:
            self.change_settings(self.settings.with_changes(fullscreen=not self.fullscreen))
        elif isinstance(intent, KeyIntent) and intent.key is Key.HELP:
            self.open_rules()
        else:
            self.stack.handle(intent)

    def open_rules(self) -> None:
        """F1: the rules reference over whatever is open (a match opens its own game's rules, at the
        topic of the contextual tip on screen, if any)."""
        from game.client.rules_reference.scene import RulesReferenceScene

        top = self.stack.top
        if top is None or isinstance(top, RulesReferenceScene):
            return
        controller = getattr(top, "controller", None)
        tip = getattr(getattr(top, "tips", None), "current", None)
        self.stack.push(
            RulesReferenceScene(
                self, getattr(controller, "game_id", "magestone"), getattr(tip, "topic", None)
            )
        )

    def draw(self) -> None:
        """Draw the scenes and the fade overlay onto the window."""
        canvas = self.canvas
        self.stack.draw(canvas)
        if self._fade is not None and not self._fade.done:
            if self._veil is None or self._veil.get_size() != canvas.get_size():
                self._veil = pygame.Surface(canvas.get_size())
                self._veil.fill(theme.INK)
            self._veil.set_alpha(int(200 * self._fade.value))
            canvas.blit(self._veil, (0, 0))

    def present(self) -> None:
        """Show the frame (scenes drew at the window's own pixels: nothing is scaled)."""
        if self.window is not None and pygame.display.get_surface() is not None:
            pygame.display.flip()

    def loop(self) -> None:
        """Run frames until the player quits (or ``max_frames`` is reached)."""
        clock = pygame.time.Clock()
        clock.tick(60)
        while self.running:
            dt = min(clock.tick(60) / 1000, 0.1)
            self.step(dt)
            if self.options.max_frames is not None and self.frames >= self.options.max_frames:
                break

    def shutdown(self) -> None:
        """Leave every scene and close the window."""
        self.stack.clear()
        pygame.quit()


def register_screens() -> None:
    """Fill the screen registry: the one place that knows which scene each screen name opens."""
    from game.client.match.loading import continue_scene
    from game.client.match.replay import replay_screen
    from game.client.match.scenes import GameOverScene, MatchMenuScene, SaveSlotsScene
    from game.client.rules_reference.scene import RulesReferenceScene
    from game.client.scenes.credits import CreditsScene
    from game.client.scenes.new_match import NewMatchScene
    from game.client.scenes.profiles import ProfilesScene
    from game.client.scenes.settings import SettingsScene
    from game.client.tutorial.menu import tutorial_screen

    screens: dict[str, ScreenFactory] = {
        "new_match": NewMatchScene,
        "continue": continue_scene,
        "load": SaveSlotsScene,
        "rules": RulesReferenceScene,
        "tutorial": tutorial_screen,
        "settings": SettingsScene,
        "profiles": ProfilesScene,
        "credits": CreditsScene,
        "match_menu": MatchMenuScene,
        "game_over": GameOverScene,
        "replay": replay_screen,
    }
    for name, factory in screens.items():
        register_screen(name, factory)


def run(options: ClientOptions) -> int:
    """Open the game window and run until the player quits; returns the exit code."""
    diagnostics.install(logs_dir())
    app = App(options)
    try:
        app.start()
        app.loop()
    finally:
        app.shutdown()
    return 0
