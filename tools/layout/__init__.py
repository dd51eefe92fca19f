"""The constraint solver that places objects, with one module per relation kind."""
