"""Companion: the bookkeeping beside a physical board game night."""

__version__ = "0.1.0"
