"""The language model: client, prompts, model planner, repair and editor, LangChain tools."""
