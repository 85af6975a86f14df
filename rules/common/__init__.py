"""What every game uses once: errors with places, seeded shuffles, rulesets, ranking."""
