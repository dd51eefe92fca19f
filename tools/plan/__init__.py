"""From sentence to ScenePlan: parsing, grounding and the rule-based planner."""
