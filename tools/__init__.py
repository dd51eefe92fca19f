"""What the agent calls, usable without the graph, as packages by concern."""
