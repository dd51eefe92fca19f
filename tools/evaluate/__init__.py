"""Scoring scenes against their prompts: geometry judges, requirement checks, contact sheets."""
