"""The `diorama` command line: generate, edit, view, serve, batch, eval, sheet, assets and doctor."""
