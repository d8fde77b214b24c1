"""Benchmarks: what a game night costs the Pi. Run with ``uv run python -m bench``."""
