"""Reiner Knizia's Africa: its engine, kind, partials, stylesheet, rules summaries and tests."""
