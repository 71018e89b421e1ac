"""Entry point for gunicorn: `gunicorn service.operations.wsgi:app`."""

from service.operations.app import create_app

app = create_app()
