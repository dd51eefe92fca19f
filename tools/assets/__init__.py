"""Procedural GLB generators, one module per family of kinds, and the registry that names them."""
