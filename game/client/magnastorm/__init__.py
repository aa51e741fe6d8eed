"""The Magnastorm table: the planet, the action board, the research board and the players' boards.

``geometry`` places every part of the physical table in a rect and hit-tests it, ``targets``
maps each legal action to the part of the table it is clicked on, ``view`` draws the table.
"""
