"""The browser table: an authoritative FastAPI server and a page that draws any game.

An optional extra (``pip install 'cardtable[web]'``): ``import cardtable`` and the rules cores
never import this package. ``create_app`` builds the ASGI app; ``cardtable serve`` runs it.
"""
