"""A small Via Romana board file shared by the rules tests and the app's resume test."""

from __future__ import annotations

SMALL_BOARD = """
name = "Test board"
symbols = ["eagle", "helmet"]
base_value = 1
signposts = 5

[[province]]
name = "North"
colour = "blue"
[[province]]
name = "Middle"
colour = "grey"
[[province]]
name = "South"
colour = "green"
[[province]]
name = "East"
colour = "violet"

[[city]]
name = "Aquae"
colour = "blue"
symbol = "eagle"
markers = [4, 3, 2]
[[city]]
name = "Burgus"
colour = "grey"
symbol = "helmet"
markers = [3, 2]
[[city]]
name = "Castra"
colour = "green"
symbol = "eagle"
markers = [2]
[[city]]
name = "Durum"
colour = "violet"
symbol = "helmet"
markers = []
[[city]]
name = "Emporium"
colour = "blue"
symbol = "helmet"
markers = [4]

[[road]]
cities = ["Aquae", "Burgus"]
spaces = 2
[[road]]
cities = ["Burgus", "Castra"]
spaces = 1
[[road]]
cities = ["Aquae", "Castra"]
spaces = 3
closed_for = [2]
[[road]]
cities = ["Castra", "Durum"]
spaces = 1
[[road]]
cities = ["Durum", "Emporium"]
spaces = 2
closed_for = [2, 3]
colours = ["grey", "violet"]
"""
