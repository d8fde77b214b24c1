"""The app's screens: home, new game, table, endgame entry, scoreboard, history, settings."""
