"""The routes: one blueprint per resource (service/operations/app.py registers them)."""
