"""Bot players. Each bot takes a player id and a seeded ``random.Random`` (rulebook play, no peeking)."""
