"""The command line (typer + rich); the only layer that draws or reads a terminal."""
