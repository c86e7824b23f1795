# Screens and drawing: hardware-free; everything here draws on a Canvas (draw/canvas.py).
