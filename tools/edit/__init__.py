"""Edits of a finished scene: parsing the instruction, applying it to the plan and the layout."""
