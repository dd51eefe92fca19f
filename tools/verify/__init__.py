"""Verification in headless Chromium: load, render, checks of what the pictures show."""
