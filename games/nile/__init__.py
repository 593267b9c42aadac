"""Source of the Nile: its engine, kind, partials, stylesheets, rules summaries and tests."""
