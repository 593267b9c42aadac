"""The live play page's streams: the site publishes each new version of a game
(``live.publish``), and the live process (``live.asgi``) tells the open pages of the game."""
