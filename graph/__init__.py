"""The LangGraph agent: state, one module per node, and the wiring between them."""
