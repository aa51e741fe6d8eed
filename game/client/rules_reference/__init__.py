"""The in-game rules reference: both games' rules in our own words, by topic, with drawn diagrams."""
