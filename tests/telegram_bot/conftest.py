"""End-to-end fixtures live in tests/conftest.py (shared with the Mini App tests)."""
