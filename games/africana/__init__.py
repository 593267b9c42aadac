"""Michael Schacht's Africana: its engine, kind, partials, stylesheet, rules summaries and tests."""
