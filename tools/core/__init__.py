"""Shared ground: settings, errors, schema, geometry, colours, glTF and report types."""
